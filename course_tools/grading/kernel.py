"""El núcleo de corrección: su kernelspec va en el repositorio y se encuentra sin tocar JUPYTER_PATH.

``kernels/curso-correccion/kernel.json`` arranca ``kernel_limits.py`` (memoria, ficheros, volcados)
con el Python de quien corrige; ``spec_manager`` da un ``KernelSpecManager`` que busca primero en
``kernels/`` y después donde Jupyter suele, ``start_env`` el entorno con el que arranca el núcleo y
``prepare_home`` lo que el núcleo, encerrado, no podrá crear.
"""

from __future__ import annotations

from pathlib import Path

from ..course import kernel_env
from .kernel_limits import MEMORY_ENV

KERNEL_NAME = "curso-correccion"
KERNELS_DIR = Path(__file__).resolve().with_name("kernels")


def spec_manager(parent=None):
    """Un ``KernelSpecManager`` que encuentra el núcleo de corrección del curso antes que ningún otro."""
    from jupyter_client.kernelspec import KernelSpecManager

    specs = KernelSpecManager(parent=parent)
    specs.kernel_dirs = [str(KERNELS_DIR), *specs.kernel_dirs]
    return specs


def prepare_home() -> None:
    """Crea, si faltan, las carpetas que un núcleo escribe al arrancar y que, encerrado (``sandbox.py``), no
    podría escribir: en el HOME de quien corrige, que es el del núcleo; en una máquina nueva aún no existen.
    Lo llama ``GuardedExecute`` antes de cada núcleo (con ``make grade`` y con nbgrader a secas):

    - el perfil de IPython (``~/.ipython/profile_default``): sin él, el núcleo muere al arrancar;
    - la caché de fuentes de matplotlib: sin ella, cada núcleo la rehace en su carpeta temporal, con dos
      líneas de aviso en la salida de la celda que dibuja y un par de segundos más.
    """
    from IPython.core.profiledir import ProfileDir, ProfileDirError
    from IPython.paths import get_ipython_dir

    try:
        ProfileDir.find_profile_dir_by_name(get_ipython_dir(), "default")
    except ProfileDirError:
        ProfileDir.create_profile_dir_by_name(get_ipython_dir(), "default")
    try:
        import matplotlib.font_manager  # noqa: F401  (al importarse, la lee o la crea)
    except Exception:  # sin matplotlib, o con su carpeta rota: el núcleo se las arreglará como siempre
        pass


def start_env(memory_mb: int | None = None) -> dict[str, str]:
    """El entorno del núcleo: el de este proceso con el de ejecución del curso encima (y otra memoria, si se da)."""
    return kernel_env(**({MEMORY_ENV: str(memory_mb)} if memory_mb else {}))
