"""El núcleo de corrección: su kernelspec va en el repositorio y se encuentra sin tocar JUPYTER_PATH.

``kernels/curso-correccion/kernel.json`` arranca ``kernel_limits.py`` (memoria, ficheros, volcados)
con el Python de quien corrige; ``spec_manager`` da un ``KernelSpecManager`` que busca primero en
``kernels/`` y después donde Jupyter suele, y ``start_env`` el entorno con el que arranca el núcleo.
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


def start_env(memory_mb: int | None = None) -> dict[str, str]:
    """El entorno del núcleo: el de este proceso con el de ejecución del curso encima (y otra memoria, si se da)."""
    return kernel_env(**({MEMORY_ENV: str(memory_mb)} if memory_mb else {}))
