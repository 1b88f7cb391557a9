"""Núcleos reales para las pruebas de los núcleos calientes: un kernelspec temporal sin límites, el de
la corrección tal como lo usa ``make grade`` (el del repositorio) y una forma corta de ejecutar celdas
con nbclient."""

from __future__ import annotations

import os
import sys

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook

from course_tools.kernels.execution import notebook_client
from course_tools.isolation.limits import MEMORY_ENV
from course_tools.kernels.spec import KERNEL_NAME, SHARE_DIR, warm_kernelspec
from course_tools.settings import course_settings

if not sys.platform.startswith("linux"):
    collect_ignore_glob = ["test_*.py"]  # fork, pidfd y /proc son de Linux

MEMORY_MB = course_settings().memory_mb  # la de nbgrader_config.py, como la pone grading/kernel.start_env
KERNEL_ENV = {**os.environ, "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", MEMORY_ENV: str(MEMORY_MB)}


@pytest.fixture(scope="session")
def warm_folder():
    with warm_kernelspec() as folder:
        yield folder


@pytest.fixture(scope="session")
def limited_folder():
    """La carpeta del kernelspec ``curso-correccion`` de la corrección (su memoria, la de KERNEL_ENV)."""
    return SHARE_DIR


def run_cells(folder, sources: list[str], env: dict | None = None, name: str = KERNEL_NAME, timeout: int = 60,
              cwd=None, shutdown_wait: float | None = None, **options):
    """Ejecuta ``sources`` en un núcleo caliente nuevo (en la carpeta ``cwd``, si se da; ``options`` van a
    ``NotebookClient``); devuelve el texto que escribió cada celda. Con ``shutdown_wait``, al acabar espera hasta
    tantos segundos a que el núcleo salga solo antes de matarlo (jupyter_client espera 5)."""
    nb = new_notebook(cells=[new_code_cell(s) for s in sources])
    client = notebook_client(nb, cwd or os.getcwd(), timeout=timeout, allow_errors=True, folder=folder, name=name,
                             **options)
    if shutdown_wait is not None:
        client.km.shutdown_wait_time = shutdown_wait
    client.execute(env=env or KERNEL_ENV, cleanup_kc=True)
    return ["".join(o.get("text", "") or o.get("ename", "") for o in cell.outputs) for cell in nb.cells]




def read_notebook(path) -> nbformat.NotebookNode:
    return nbformat.read(str(path), as_version=4)
