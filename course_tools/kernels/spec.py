"""El kernelspec de los núcleos calientes, y cómo lo encuentra quien ejecuta cuadernos.

    client = NotebookClient(nb, km=kernel_manager())        # python3, pero en caliente
    client.execute(env=..., cleanup_kc=True)

``cleanup_kc=True`` porque nbclient no apaga un núcleo cuyo gestor le dan hecho: sin él, el núcleo
vive hasta que termina el proceso y muere sin que nadie borre sus sockets ni su fichero de conexión.

``SHARE_DIR`` (en el repositorio) tiene el kernelspec ``curso-caliente``: python3 en caliente, sin
límites. ``warm_kernelspec`` escribe otro en una carpeta temporal (con límites de corrección u otro
nombre) y lo borra al salir. Quien ejecuta en este proceso lo encuentra con ``kernel_manager`` o
``kernel_spec_manager`` (sin tocar JUPYTER_PATH); a otro proceso que busca kernelspecs por su
nombre (nbval, nbgrader en línea de órdenes) se le pasa ``jupyter_path(carpeta)`` como JUPYTER_PATH
en *su* entorno. Ninguna función cambia ``os.environ``.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from ..grading.kernel_limits import MEMORY_ENV

KERNEL_NAME = "curso-caliente"
PROVISIONER_NAME = "course-warm"
LIMITS_SCRIPT = Path(__file__).resolve().parents[1] / "grading" / "kernel_limits.py"
# Una carpeta de datos de Jupyter fija, en el repositorio, con el kernelspec ``curso-caliente`` (el de
# ``kernelspec(python="python")``): para quien no necesita otros límites, sin carpeta temporal.
SHARE_DIR = Path(__file__).resolve().with_name("share")


# El historial de IPython, en memoria. nbclient solo lo pide a núcleos que se llaman «python3»: sin
# esto, todos los núcleos del curso escribirían a la vez en ~/.ipython/.../history.sqlite, y uno de
# corrección (que solo escribe en su carpeta) se quejaría en cada arranque.
MEMORY_HISTORY = "--HistoryManager.hist_file=:memory:"


def kernelspec(memory_mb: int | None = None, limits: bool = False, python: str = sys.executable) -> dict:
    """El contenido de ``kernel.json``: el núcleo de python3 (o el de la corrección, con límites), en caliente.

    La orden es la de un núcleo normal, que es la que se usa si el arranque en caliente no está
    disponible. ``python="python"`` vale para cualquier entorno: jupyter_client la cambia por el
    Python de quien arranca el núcleo.
    """
    launcher = [python, str(LIMITS_SCRIPT)] if limits else [python, "-m", "ipykernel_launcher"]
    spec = {
        "argv": [*launcher, "-f", "{connection_file}", MEMORY_HISTORY],
        "display_name": "Python 3 (núcleo caliente)" + (" con límites" if limits else ""),
        "language": "python",
        "metadata": {"debugger": True, "kernel_provisioner": {"provisioner_name": PROVISIONER_NAME}},
    }
    if limits and memory_mb:
        spec["env"] = {MEMORY_ENV: str(int(memory_mb))}
    return spec


@contextlib.contextmanager
def warm_kernelspec(name: str = KERNEL_NAME, memory_mb: int | None = None, limits: bool = False):
    """Escribe el kernelspec ``name`` en una carpeta temporal y la da; al salir la borra.

    ``limits=True`` aplica en el núcleo los límites de la corrección (memoria: ``memory_mb``, o
    COURSE_MEMORY_LIMIT_MB del entorno del núcleo, o 3072 MB; ficheros de 256 MB; sin volcados).
    """
    folder = Path(tempfile.mkdtemp(prefix="curso-kernelspec-"))
    try:
        spec_dir = folder / "kernels" / name
        spec_dir.mkdir(parents=True)
        (spec_dir / "kernel.json").write_text(json.dumps(kernelspec(memory_mb, limits), indent=1), encoding="utf-8")
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def kernel_dirs(folder: Path = SHARE_DIR) -> list[str]:
    """Dónde buscar kernelspecs: primero ``folder``, después donde Jupyter busca siempre."""
    from jupyter_core.paths import jupyter_path

    return [str(Path(folder) / "kernels"), *jupyter_path("kernels")]


def kernel_spec_manager(folder: Path = SHARE_DIR):
    """Un ``KernelSpecManager`` que encuentra los kernelspecs de ``folder`` antes que ningún otro."""
    from jupyter_client.kernelspec import KernelSpecManager

    specs = KernelSpecManager()
    specs.kernel_dirs = kernel_dirs(folder)
    return specs


def kernel_manager(folder: Path = SHARE_DIR, name: str = KERNEL_NAME, **kwargs):
    """Un ``AsyncKernelManager`` del núcleo ``name`` de ``folder``, para ``NotebookClient(nb, km=...)``
    (y ``execute(cleanup_kc=True)``, que lo apaga al acabar)."""
    from jupyter_client.manager import AsyncKernelManager

    return AsyncKernelManager(kernel_name=name, kernel_spec_manager=kernel_spec_manager(folder), **kwargs)


def jupyter_path(folder: Path = SHARE_DIR, env: dict[str, str] | None = None) -> str:
    """El valor de JUPYTER_PATH para *otro* proceso que deba encontrar el kernelspec por su nombre (nbval)."""
    previous = (os.environ if env is None else env).get("JUPYTER_PATH", "")
    return os.pathsep.join(filter(None, [str(folder), previous]))
