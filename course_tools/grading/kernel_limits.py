"""Arranque del núcleo de corrección con límites del sistema (lo llama el kernelspec).

El kernelspec está en ``kernels/curso-correccion/kernel.json``, junto a este fichero. Se
ejecuta como guion, sin importar el resto del paquete: fija RLIMIT_AS (memoria, en MB desde
``COURSE_MEMORY_LIMIT_MB``), RLIMIT_FSIZE (ficheros) y RLIMIT_CORE, encierra el proceso
(``sandbox.py``: qué lee, dónde escribe, sin red, y quién lo intentó) y sigue, en el mismo
proceso, como ``python -m ipykernel_launcher``. Sin ``exec``: el gancho de auditoría que anota
los intentos vive en este intérprete.
"""

import os
import resource
import runpy
import sys

MEMORY_ENV = "COURSE_MEMORY_LIMIT_MB"
DEFAULT_MEMORY_MB = 3072
MAX_FILE_MB = 256  # el fichero más grande que puede escribir un núcleo


def main(argv):
    memory = int(os.environ.get(MEMORY_ENV, DEFAULT_MEMORY_MB)) * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    big_file = MAX_FILE_MB * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_FSIZE, (big_file, big_file))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    import sandbox  # junto a este guion: su carpeta es sys.path[0]

    # Como tras ``python -m ipykernel_launcher`` en la carpeta del núcleo: la de este guion no está en
    # sys.path (el núcleo encerrado no puede leerla) y sí la de trabajo, que ipykernel_launcher quita.
    sys.path[0] = os.getcwd()
    sandbox.enter(sandbox.kernel_folders())  # lo que no se pudo, lo dice make grade (sandbox.weaknesses)
    sys.argv = [sys.argv[0], *argv]
    runpy.run_module("ipykernel_launcher", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main(sys.argv[1:])
