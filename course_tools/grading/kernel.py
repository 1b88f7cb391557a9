"""El núcleo de corrección: su kernelspec va en el repositorio y se encuentra sin tocar JUPYTER_PATH.

``kernels/curso-correccion/kernel.json`` arranca ``kernel_limits.py`` (memoria, ficheros, volcados)
con el Python de quien corrige; ``spec_manager`` da un ``KernelSpecManager`` que busca primero en
``kernels/`` y después donde Jupyter suele, y ``start_env`` el entorno con el que arranca el núcleo.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from pathlib import Path

from .kernel_limits import DEFAULT_MEMORY_MB, MEMORY_ENV

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
    from ..build import kernel_env

    return kernel_env(**({MEMORY_ENV: str(memory_mb)} if memory_mb else {}))


@contextlib.contextmanager
def installed_kernelspec(memory_mb: int | None = None):
    """Obsoleto: ``GuardedExecute`` ya encuentra el núcleo con ``spec_manager``, sin tocar JUPYTER_PATH.

    Queda mientras alguien lo llame: pone una copia del kernelspec de ``kernels/`` en
    JUPYTER_PATH durante el bloque; al salir la borra y JUPYTER_PATH vuelve a ser el de antes.
    """
    previous = os.environ.get("JUPYTER_PATH")
    folder = Path(tempfile.mkdtemp(prefix="curso-kernels-"))
    spec_dir = folder / "kernels" / KERNEL_NAME
    spec_dir.mkdir(parents=True)
    spec = json.loads((KERNELS_DIR / KERNEL_NAME / "kernel.json").read_text(encoding="utf-8"))
    spec["argv"] = [arg.replace("{resource_dir}", str(KERNELS_DIR / KERNEL_NAME)) for arg in spec["argv"]]
    spec["env"] = {MEMORY_ENV: str(memory_mb or int(os.environ.get(MEMORY_ENV, DEFAULT_MEMORY_MB)))}
    (spec_dir / "kernel.json").write_text(json.dumps(spec), encoding="utf-8")
    os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(folder), previous]))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        if previous is None:
            os.environ.pop("JUPYTER_PATH", None)
        else:
            os.environ["JUPYTER_PATH"] = previous
