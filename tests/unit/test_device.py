"""Selector de dispositivo, autocast y semillas (aquí siempre en CPU)."""

import random

import numpy as np
import pytest
import torch

from rukh_helpers import device


def test_pick_device_is_cpu_here(monkeypatch):
    monkeypatch.delenv("RUKH_DEVICE", raising=False)
    assert device.pick_device() == torch.device("cpu")


def test_override_cpu(monkeypatch):
    monkeypatch.setenv("RUKH_DEVICE", " CPU ")
    assert device.pick_device() == torch.device("cpu")


def test_invalid_override_names_valid_values(monkeypatch):
    monkeypatch.setenv("RUKH_DEVICE", "tpu")
    with pytest.raises(ValueError, match="cpu, cuda, mps"):
        device.pick_device()


def test_override_to_missing_accelerators(monkeypatch):
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    monkeypatch.setattr(device, "_mps_available", lambda: False)
    monkeypatch.setenv("RUKH_DEVICE", "cuda")
    with pytest.raises(ValueError, match="no tiene GPU CUDA"):
        device.pick_device()
    monkeypatch.setenv("RUKH_DEVICE", "mps")
    with pytest.raises(ValueError, match="no tiene MPS"):
        device.pick_device()


def test_preference_order(monkeypatch):
    monkeypatch.delenv("RUKH_DEVICE", raising=False)
    monkeypatch.setattr(device, "_mps_available", lambda: True)
    assert device.pick_device() == torch.device("mps")
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    assert device.pick_device() == torch.device("cuda")
    monkeypatch.setenv("RUKH_DEVICE", "mps")
    assert device.pick_device() == torch.device("mps")
    monkeypatch.setenv("RUKH_DEVICE", "cuda")
    assert device.pick_device() == torch.device("cuda")


def test_mps_probe_is_safe():
    assert device._mps_available() in (True, False)


def test_autocast_is_noop_on_cpu():
    assert not device.supports_bf16("cpu")
    assert device.autocast_dtype("cpu") == torch.float32
    a = torch.ones(2, 2)
    with device.autocast("cpu"):
        assert (a @ a).dtype == torch.float32


def test_autocast_uses_bf16_on_capable_cuda(monkeypatch):
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "is_bf16_supported", lambda: True)
    assert device.supports_bf16("cuda")
    assert device.autocast_dtype(torch.device("cuda")) == torch.bfloat16
    context = device.autocast("cuda")
    assert isinstance(context, torch.autocast) and context.fast_dtype == torch.bfloat16
    monkeypatch.setattr(torch.cuda, "is_bf16_supported", lambda: False)
    assert device.autocast_dtype("cuda") == torch.float32  # nunca fp16


def test_describe_device(monkeypatch):
    monkeypatch.delenv("RUKH_DEVICE", raising=False)
    line = device.describe_device()
    assert line.startswith("Dispositivo: cpu · CPU (sin GPU) · cálculo en float32")
    assert torch.__version__ in line and "\n" not in line
    monkeypatch.setattr(torch.cuda, "get_device_name", lambda d: "Prueba H200")
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "is_bf16_supported", lambda: True)
    assert "GPU Prueba H200 · cálculo en bfloat16" in device.describe_device("cuda")
    assert "GPU de Apple (MPS)" in device.describe_device("mps")


def test_seed_everything_repeats():
    device.seed_everything(3)
    first = (random.random(), np.random.rand(), torch.rand(1).item())
    device.seed_everything(3)
    assert (random.random(), np.random.rand(), torch.rand(1).item()) == first
    with pytest.raises(ValueError, match="entero"):
        device.seed_everything("3")


def test_package_imports_light():
    """Importar rukh_helpers no arrastra nbgrader, Jupyter, las herramientas ni matplotlib."""
    import subprocess
    import sys

    code = (
        "import sys, rukh_helpers, rukh_helpers.checks, rukh_helpers.games, rukh_helpers.plots, rukh_helpers.draw;"
        "heavy = [m for m in sys.modules if m.split('.')[0] in "
        "('nbgrader', 'jupyter_client', 'jupyter_core', 'ipykernel', 'course_tools', 'matplotlib', 'chess')];"
        "print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[]"
