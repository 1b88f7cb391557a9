"""Los dos kernelspecs del curso y cómo los encuentra quien ejecuta cuadernos.

``SHARE_DIR`` (en el repositorio) es una carpeta de datos de Jupyter con los dos, escritos por
``kernelspec`` y comprobados contra él por una prueba:

- ``curso-caliente``: python3 en caliente, sin límites (``make release``, la prueba de respuestas
  equivocadas, ``make progreso``, nbval);
- ``curso-correccion``: el de la corrección, que arranca ``isolation/limits.py`` (memoria, ficheros,
  encierro); su memoria la da ``COURSE_MEMORY_LIMIT_MB`` en el entorno del núcleo.

Los dos eligen el proveedor ``course-warm`` (en caliente, por sockets Unix). Quien ejecuta en este
proceso los encuentra con ``kernel_manager`` o ``kernel_spec_manager`` (sin tocar JUPYTER_PATH); a
otro proceso que busca kernelspecs por su nombre (nbval, nbgrader en línea de órdenes) se le pasa
``jupyter_path()`` como JUPYTER_PATH en *su* entorno. ``warm_kernelspec`` escribe uno sin límites
con otro nombre en una carpeta temporal (para las pruebas). Ninguna función cambia ``os.environ``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

from ..isolation import limits

NAMES_FILE = Path(__file__).resolve().with_name("names.mk")  # los nombres, para el Makefile y para aquí


def _kernel_names() -> dict[str, str]:
    """``NOMBRE := valor`` de cada línea de ``names.mk`` (el Makefile la incluye tal cual)."""
    return dict(re.findall(r"^(\w+) := (\S+)$", NAMES_FILE.read_text(encoding="utf-8"), re.M))


_NAMES = _kernel_names()
KERNEL_NAME = _NAMES["WARM_KERNEL"]
GRADING_KERNEL_NAME = _NAMES["GRADING_KERNEL"]
COLD_KERNEL_NAME = _NAMES["COLD_KERNEL"]
# El kernelspec que guardan los cuadernos del curso: el python3 de Jupyter, el que abre Colab.
NOTEBOOK_KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": COLD_KERNEL_NAME}
PROVISIONER_NAME = "course-warm"
SHARE_DIR = Path(__file__).resolve().with_name("share")
LIMITS_SCRIPT = Path(limits.__file__).resolve()

# El historial de IPython, en memoria. nbclient solo lo pide a núcleos que se llaman «python3»: sin
# esto, todos los núcleos del curso escribirían a la vez en ~/.ipython/.../history.sqlite, y uno de
# corrección (que solo escribe en su carpeta) se quejaría en cada arranque.
MEMORY_HISTORY = "--HistoryManager.hist_file=:memory:"


def kernelspec(grading: bool = False, python: str = "python") -> dict:
    """El contenido de ``kernel.json``: el núcleo de python3 (o el de la corrección), en caliente.

    La orden es la de un núcleo normal, que es la que se usa si el arranque en caliente no está
    disponible. ``python="python"`` vale para cualquier entorno: jupyter_client la cambia por el
    Python de quien arranca el núcleo. El guion de la corrección se nombra desde la carpeta del
    kernelspec (``{resource_dir}``), así que ese kernelspec solo vale en ``SHARE_DIR``.
    """
    if grading:
        script = os.path.relpath(LIMITS_SCRIPT, SHARE_DIR / "kernels" / GRADING_KERNEL_NAME)
        launcher = [python, "{resource_dir}/" + Path(script).as_posix()]
    else:
        launcher = [python, "-m", "ipykernel_launcher"]
    return {
        "argv": [*launcher, "-f", "{connection_file}", MEMORY_HISTORY],
        "display_name": "Corrección con límites" if grading else "Python 3 (núcleo caliente)",
        "language": "python",
        "metadata": {"debugger": True, "kernel_provisioner": {"provisioner_name": PROVISIONER_NAME}},
    }


def committed_kernelspecs() -> dict[str, dict]:
    """Los kernelspecs tal como deben estar en ``SHARE_DIR``, por nombre."""
    return {KERNEL_NAME: kernelspec(), GRADING_KERNEL_NAME: kernelspec(grading=True)}


def write_kernelspecs(folder: Path = SHARE_DIR) -> None:
    """Escribe en ``folder`` los kernelspecs de ``committed_kernelspecs`` (tras cambiar ``kernelspec``)."""
    for name, content in committed_kernelspecs().items():
        spec_dir = Path(folder) / "kernels" / name
        spec_dir.mkdir(parents=True, exist_ok=True)
        (spec_dir / "kernel.json").write_text(json.dumps(content, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


@contextlib.contextmanager
def warm_kernelspec(name: str = KERNEL_NAME):
    """Escribe el kernelspec sin límites con el nombre ``name`` en una carpeta temporal y la da; al salir la borra."""
    folder = Path(tempfile.mkdtemp(prefix="curso-kernelspec-"))
    try:
        spec_dir = folder / "kernels" / name
        spec_dir.mkdir(parents=True)
        (spec_dir / "kernel.json").write_text(json.dumps(kernelspec(python=sys.executable), indent=1), encoding="utf-8")
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def kernel_dirs(folder: Path = SHARE_DIR) -> list[str]:
    """Dónde buscar kernelspecs: primero ``folder``, después donde Jupyter busca siempre."""
    from jupyter_core.paths import jupyter_path as jupyter_data_path

    return [str(Path(folder) / "kernels"), *jupyter_data_path("kernels")]


def kernel_spec_manager(folder: Path = SHARE_DIR, parent=None):
    """Un ``KernelSpecManager`` que encuentra los kernelspecs de ``folder`` antes que ningún otro."""
    from jupyter_client.kernelspec import KernelSpecManager

    specs = KernelSpecManager(parent=parent)
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
