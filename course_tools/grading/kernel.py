"""El entorno del núcleo de corrección: ``start_env`` y lo que el núcleo, encerrado, no podrá crear.

El kernelspec ``curso-correccion`` es el de ``kernels/spec.py`` (en ``kernels/share``, arranca
``isolation/limits.py``); ``GuardedExecute`` lo encuentra con ``spec.kernel_spec_manager``, sin
tocar JUPYTER_PATH. ``prepare_home`` crea fuera de la carpeta personal de quien corrige lo que el
núcleo necesita al arrancar.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from ..isolation import jobgroup
from ..isolation.limits import MEMORY_ENV, PROCESSES_ENV
from ..isolation.sandbox import REPORT_ENV, SWITCH_ENV
from ..kernels.execution import kernel_env
from ..settings import CourseSettings


def kernel_home() -> Path:
    """Las carpetas de IPython y matplotlib de los núcleos de corrección: en la caché de quien corrige, aparte
    de las suyas (su configuración de IPython no corre en el núcleo de nadie, y el núcleo no lee su HOME)."""
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(cache) / "pytorch-minimo" / "nucleo-correccion"


def prepare_home() -> dict[str, str]:
    """Crea, si faltan, las carpetas que un núcleo lee al arrancar y que, encerrado (``sandbox.py``), no podría
    crear; devuelve las variables que se las indican (``IPYTHONDIR``, ``MPLCONFIGDIR``). Lo llama
    ``GuardedExecute`` antes de cada núcleo (con ``make grade`` y con nbgrader a secas):

    - el perfil de IPython: sin él, el núcleo muere al arrancar;
    - la caché de fuentes de matplotlib: sin ella, cada núcleo la rehace en su carpeta temporal, con dos
      líneas de aviso en la salida de la celda que dibuja y un par de segundos más. Se hace una vez, en otro
      proceso: la de este proceso está en otra carpeta.
    """
    from IPython.core.profiledir import ProfileDir, ProfileDirError

    home = kernel_home()
    folders = {"IPYTHONDIR": str(home / "ipython"), "MPLCONFIGDIR": str(home / "matplotlib")}
    try:
        ProfileDir.find_profile_dir_by_name(folders["IPYTHONDIR"], "default")
    except ProfileDirError:
        os.makedirs(folders["IPYTHONDIR"], exist_ok=True)
        try:
            ProfileDir.create_profile_dir_by_name(folders["IPYTHONDIR"], "default")
        except (OSError, ProfileDirError):  # otro trabajador lo creó a la vez: basta con que exista
            ProfileDir.find_profile_dir_by_name(folders["IPYTHONDIR"], "default")
    fonts = Path(folders["MPLCONFIGDIR"])
    if not any(fonts.glob("fontlist-*.json")):
        fonts.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-c", "import matplotlib.font_manager"], env={**os.environ, **folders},
                       capture_output=True, timeout=120, check=False)  # sin matplotlib: el núcleo se las arreglará
    return folders


def start_env(settings: CourseSettings, report: str | None = None) -> dict[str, str]:
    """El entorno del núcleo: el permitido de este proceso con el de ejecución del curso encima, sus carpetas
    de IPython y matplotlib, el fichero donde anota lo que el encierro le niega, y lo que de los ajustes tiene
    que cruzar al proceso del núcleo (su memoria, sus procesos, el grupo de su trabajo y si se encierra): el único sitio que escribe esas variables."""
    extra = prepare_home()
    extra[MEMORY_ENV] = str(settings.memory_mb)
    extra[PROCESSES_ENV] = str(settings.processes_max)
    extra.update(jobgroup.current_env())  # el grupo de control del trabajo que corre en este proceso, si hay
    extra[SWITCH_ENV] = "1" if settings.sandbox else "0"
    if report:
        extra[REPORT_ENV] = report
    return kernel_env(**extra)
