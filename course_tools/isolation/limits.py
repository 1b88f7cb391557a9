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

if __package__:
    from . import measure, sandbox
else:  # como guion del kernelspec: sandbox.py y measure.py están en la misma carpeta, que es sys.path[0]
    import measure
    import sandbox

MEMORY_ENV = "COURSE_MEMORY_LIMIT_MB"  # la frontera entre quien corrige y el núcleo: la memoria, en MB
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


def apply_limits(memory_mb: int, file_mb: int = MAX_FILE_MB) -> None:
    """Memoria total (``memory_mb``), tamaño máximo de fichero, sin volcados de memoria y el encierro.

    Va cuando el proceso ya tiene la carpeta, el entorno y el ``sys.path`` del núcleo: el encierro deja
    escribir en la carpeta de trabajo y el TMPDIR y toma del entorno su fichero de informe y las carpetas
    de IPython y matplotlib.
    """
    resource.setrlimit(resource.RLIMIT_AS, (memory_mb * MB, memory_mb * MB))
    resource.setrlimit(resource.RLIMIT_FSIZE, (file_mb * MB, file_mb * MB))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    sandbox.enter(sandbox.kernel_folders())  # lo que no se pudo, lo dice make grade (sandbox.weaknesses)


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
