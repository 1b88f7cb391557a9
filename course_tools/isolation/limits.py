"""Los límites del sistema de un núcleo de corrección y su encierro: ``apply_limits``, en un solo sitio.

Los usan los dos arranques del núcleo de corrección:

- en frío, este fichero es el guion del kernelspec ``curso-correccion``
  (``python …/isolation/limits.py -f CONN``): aplica los límites y sigue, en el mismo proceso, como
  ``python -m ipykernel_launcher``. Sin ``exec``: el gancho de auditoría que anota los intentos vive
  en este intérprete. Como guion no importa el resto del paquete: ``sandbox.py`` está a su lado;
- en caliente, el hijo del padre caliente (``kernels/warm_parent.py``) llama a ``apply_limits``
  antes de convertirse en núcleo.

Los límites: RLIMIT_AS (memoria, en MB: el ajuste ``memory_mb`` de ``nbgrader_config.py``, que llega al
núcleo en ``COURSE_MEMORY_LIMIT_MB``, puesta por ``grading/kernel.start_env``; este es el único sitio que la
lee), RLIMIT_FSIZE (ficheros de 256 MB como mucho) y RLIMIT_CORE (sin volcados); después, el encierro
(``sandbox.py``: qué lee, dónde escribe, sin red, sin privilegios, y quién lo intentó).
"""

import os
import resource
import runpy
import sys
from pathlib import Path

if __package__:
    from . import jobgroup, measure, sandbox
else:  # como guion del kernelspec: sandbox.py, jobgroup.py y measure.py están en la misma carpeta, que es sys.path[0]
    import jobgroup
    import measure
    import sandbox

MEMORY_ENV = "COURSE_MEMORY_LIMIT_MB"  # la frontera entre quien corrige y el núcleo: la memoria, en MB
PROCESSES_ENV = "COURSE_PROCESS_LIMIT"  # y los procesos (e hilos) de su árbol
DEFAULT_PROCESSES = 64  # el de settings.processes_max, si quien arranca el núcleo no lo dice
MAX_FILE_MB = 256  # el fichero más grande que puede escribir un núcleo
MB = 1024 * 1024


def memory_from(env) -> int:
    """La memoria de un núcleo de corrección con el entorno ``env``, en MB. Sin ella no arranca: un núcleo de
    corrección sin límite sería peor que ninguno."""
    value = env.get(MEMORY_ENV, "")
    if not value.isdigit() or int(value) <= 0:
        raise ValueError(f"el núcleo de corrección necesita {MEMORY_ENV} (MB): la pone grading/kernel.start_env "
                         "con el ajuste CourseSettings.memory_mb de nbgrader_config.py")
    return int(value)


def processes_from(env) -> int:
    """Los procesos (e hilos) que puede tener el árbol de un núcleo de corrección con el entorno ``env``."""
    value = env.get(PROCESSES_ENV, "")
    return int(value) if value.isdigit() and int(value) > 0 else DEFAULT_PROCESSES


def machine_tasks() -> int:
    """Los procesos e hilos de toda la máquina ahora (de /proc/loadavg: una lectura, no un recorrido de /proc), que
    acotan por arriba los de este usuario; se lee antes del encierro."""
    try:
        return int(Path("/proc/loadavg").read_text().split()[3].split("/")[1])
    except (OSError, IndexError, ValueError):
        return 0


def limit_processes(processes: int, already: int) -> None:
    """``RLIMIT_NPROC``: en Linux ≥ 5.14 cuenta los procesos de este usuario *en su espacio de nombres de usuario*;
    en el propio del núcleo (``sandbox.enter`` lo crea) son solo los suyos. Sin ese espacio contaría todos los de
    quien corrige: entonces se deja sitio para los ``already`` que ya había (``machine_tasks``)."""
    try:
        own_namespace = Path("/proc/self/uid_map").read_text().split()[:3] != ["0", "0", "4294967295"]
    except OSError:
        own_namespace = False
    total = processes if own_namespace else processes + already
    resource.setrlimit(resource.RLIMIT_NPROC, (total, total))


def apply_limits(memory_mb: int, file_mb: int = MAX_FILE_MB) -> None:
    """Memoria total (``memory_mb``), tamaño máximo de fichero, sin volcados de memoria, el grupo de control de su
    trabajo (si quien corrige lo hizo: ``jobgroup``), el encierro y, ya dentro, el número de procesos.

    Va cuando el proceso ya tiene la carpeta, el entorno y el ``sys.path`` del núcleo: el encierro deja
    escribir en la carpeta de trabajo y el TMPDIR y toma del entorno su fichero de informe y las carpetas
    de IPython y matplotlib.
    """
    resource.setrlimit(resource.RLIMIT_AS, (memory_mb * MB, memory_mb * MB))
    resource.setrlimit(resource.RLIMIT_FSIZE, (file_mb * MB, file_mb * MB))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    jobgroup.join_from_env(os.environ)  # antes del encierro: después no podría escribir en /sys/fs/cgroup
    already = machine_tasks()
    sandbox.enter(sandbox.kernel_folders())  # lo que no se pudo, lo dice make grade (sandbox.weaknesses)
    limit_processes(processes_from(os.environ), already)


def main(argv):
    # Como tras ``python -m ipykernel_launcher`` en la carpeta del núcleo: la de este guion no está en
    # sys.path (el núcleo encerrado no puede leerla) y sí la de trabajo, que ipykernel_launcher quita.
    sys.path[0] = os.getcwd()
    measure.start_in_kernel()  # antes del encierro: después no podría leer su configuración
    apply_limits(memory_from(os.environ))
    sys.argv = [sys.argv[0], *argv]
    runpy.run_module("ipykernel_launcher", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main(sys.argv[1:])
