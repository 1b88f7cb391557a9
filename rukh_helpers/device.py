"""Elegir dispositivo (CPU, CUDA, MPS), autocast en bf16 y semillas."""

from __future__ import annotations

import contextlib
import os
import random

import numpy as np
import torch

DEVICE_ENV_VAR = "RUKH_DEVICE"
VALID_DEVICES = ("cpu", "cuda", "mps")


def _mps_available() -> bool:
    backend = getattr(torch.backends, "mps", None)
    return bool(backend is not None and backend.is_available())


def pick_device() -> torch.device:
    """Dispositivo del curso: la variable ``RUKH_DEVICE`` manda; si no, CUDA, luego MPS, luego CPU."""
    wanted = os.environ.get(DEVICE_ENV_VAR, "").strip().lower()
    if wanted:
        if wanted not in VALID_DEVICES:
            valid = ", ".join(VALID_DEVICES)
            raise ValueError(f"{DEVICE_ENV_VAR}={wanted!r} no es válido; usa uno de: {valid}.")
        if wanted == "cuda" and not torch.cuda.is_available():
            raise ValueError(f"{DEVICE_ENV_VAR}=cuda, pero esta máquina no tiene GPU CUDA; usa 'cpu'.")
        if wanted == "mps" and not _mps_available():
            raise ValueError(f"{DEVICE_ENV_VAR}=mps, pero este equipo no tiene MPS (Apple); usa 'cpu'.")
        return torch.device(wanted)
    if torch.cuda.is_available():
        return torch.device("cuda")
    if _mps_available():
        return torch.device("mps")
    return torch.device("cpu")


def supports_bf16(device: torch.device | str) -> bool:
    """¿Calcula este dispositivo en bfloat16 con autocast? Solo contamos CUDA con soporte bf16."""
    device = torch.device(device)
    return device.type == "cuda" and torch.cuda.is_available() and torch.cuda.is_bf16_supported()


def autocast_dtype(device: torch.device | str) -> torch.dtype:
    """Tipo en que se harán las multiplicaciones bajo ``autocast(device)``."""
    return torch.bfloat16 if supports_bf16(device) else torch.float32


def autocast(device: torch.device | str):
    """Contexto de autocast en bf16 en una GPU que lo admite; en otro caso no hace nada.

    Nunca usa fp16: fp16 necesitaría un escalador de pérdida y bf16 no.
    """
    device = torch.device(device)
    if supports_bf16(device):
        return torch.autocast(device_type="cuda", dtype=torch.bfloat16)
    return contextlib.nullcontext()


def describe_device(device: torch.device | str | None = None) -> str:
    """Una línea en castellano con lo elegido: dispositivo, tipo de cálculo y versiones."""
    device = torch.device(device) if device is not None else pick_device()
    if device.type == "cuda":
        name = f"GPU {torch.cuda.get_device_name(device)}"
    elif device.type == "mps":
        name = "GPU de Apple (MPS)"
    else:
        name = "CPU (sin GPU)"
    dtype = str(autocast_dtype(device)).replace("torch.", "")
    return f"Dispositivo: {device.type} · {name} · cálculo en {dtype} · torch {torch.__version__} · numpy {np.__version__}"


def seed_everything(seed: int = 0) -> None:
    """Fija las semillas de ``random``, NumPy y PyTorch para que todo se repita igual."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"La semilla debe ser un entero, por ejemplo 0; recibí {seed!r}.")
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
