"""Cómo se ejecuta un cuaderno del curso: el entorno del núcleo, el límite por celda y el cliente.

Toda orden que ejecuta cuadernos arranca un núcleo de ``kernels/share`` (``spec.py``) por el proveedor
del curso (en caliente, por sockets Unix: ninguno avisa de que habla por TCP sin cifrar):
``make release``, la prueba de respuestas equivocadas y ``make progreso`` con nbclient y
``curso-caliente``; la corrección con el ``Execute`` de nbgrader (``grading/guard.py``) y
``curso-correccion``; nbval con ``curso-caliente`` por su nombre (JUPYTER_PATH, ver el Makefile).
Con nbclient, la forma es ``notebook_client``:

    client = notebook_client(nb, cwd)
    client.execute(env=kernel_env(), cleanup_kc=True)      # o with client.setup_kernel(env=..., cleanup_kc=True)

``cleanup_kc=True`` porque nbclient no apaga un núcleo cuyo gestor le dan hecho: sin él, el núcleo
vive hasta que termina el proceso y muere sin que nadie borre sus sockets ni su fichero de conexión.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..isolation.sandbox import allowed_env
from ..settings import course_settings
from .spec import KERNEL_NAME, SHARE_DIR, kernel_manager

# Un hilo de cálculo (salidas reproducibles), hash fijo y figuras en línea.
EXECUTION_ENV = {"OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "PYTHONHASHSEED": "0",
                 "MPLBACKEND": "module://matplotlib_inline.backend_inline"}
# Segundos por celda, en todo el curso: el ajuste ``cell_timeout`` de ``nbgrader_config.py``, el mismo que usa la
# corrección. Si una celda de la solución tardara más al construir release/, la corrección la cortaría igual.
CELL_TIMEOUT = course_settings().cell_timeout


def kernel_env(**overrides: str) -> dict[str, str]:
    """El entorno de un núcleo que ejecuta cuadernos: las variables permitidas de este proceso
    (``sandbox.allowed_env``: ni testigos ni contraseñas) con EXECUTION_ENV encima.

    Se pasa al núcleo al arrancarlo; el entorno de este proceso no cambia.
    """
    return {**allowed_env(os.environ), **EXECUTION_ENV, **overrides}


def notebook_client(nb, cwd, *, timeout: int = CELL_TIMEOUT, allow_errors: bool = False,
                    folder: Path = SHARE_DIR, name: str = KERNEL_NAME, **options):
    """Un ``NotebookClient`` que ejecuta ``nb`` (lo cambia: dale una copia) en la carpeta ``cwd`` con el
    núcleo caliente del curso (otro kernelspec con ``folder`` y ``name``: las pruebas); sin tiempos por
    celda en los metadatos (ficheros reproducibles). ``options`` van a ``NotebookClient``."""
    from nbclient import NotebookClient

    return NotebookClient(nb, km=kernel_manager(folder, name), timeout=timeout, allow_errors=allow_errors,
                          record_timing=False, resources={"metadata": {"path": str(cwd)}}, **options)
