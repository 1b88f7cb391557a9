"""Trabajos de mentira para probar los ejecutores: se importan por su nombre en los procesos
locales y en los trabajadores de Dask (que arrancan con PYTHONPATH en la raíz del repositorio)."""

from __future__ import annotations

import ctypes
import os
import sys
import time
from dataclasses import dataclass

PR_GET_CHILD_SUBREAPER = 37


@dataclass(frozen=True)
class FakeJob:
    """``action``: ``"square"``, ``"raise"``, ``"exit"`` (mata su proceso), ``"subreaper"`` o ``"environ"`` (el valor
    de ``CURSO_PRUEBA_NUMERO`` en el entorno del proceso que lo corre).

    Con ``marks``, cada vez que un proceso empieza el trabajo deja en esa carpeta ``<número>-<pid>``.
    """

    number: int
    action: str = "square"
    seconds: float = 0.0
    marks: str = ""


@dataclass(frozen=True)
class FakeResult:
    number: int
    value: int
    pid: int


def is_subreaper() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    flag = ctypes.c_int(0)
    libc = ctypes.CDLL(None, use_errno=True)
    assert libc.prctl(PR_GET_CHILD_SUBREAPER, ctypes.byref(flag), 0, 0, 0) == 0
    return bool(flag.value)


def fake_job(job: FakeJob) -> FakeResult:
    if job.marks:
        open(os.path.join(job.marks, f"{job.number}-{os.getpid()}"), "w").close()
    time.sleep(job.seconds)
    if job.action == "raise":
        raise ValueError(f"entrega {job.number} rota")
    if job.action == "exit":
        os._exit(1)
    if job.action == "environ":
        return FakeResult(job.number, int(os.environ["CURSO_PRUEBA_NUMERO"]), os.getpid())
    value = int(is_subreaper()) if job.action == "subreaper" else job.number ** 2
    return FakeResult(job.number, value, os.getpid())


class DiesWhenUnpickled:
    """Un trabajo que mata al proceso al deshacer su pickle, antes de que empiece nada."""

    def __reduce__(self):
        return os._exit, (1,)
