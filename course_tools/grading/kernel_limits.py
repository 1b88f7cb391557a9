"""Arranque del núcleo de corrección con límites del sistema (lo llama el kernelspec).

El kernelspec está en ``kernels/curso-correccion/kernel.json``, junto a este fichero. Se
ejecuta como guion, sin importar el resto del paquete: fija RLIMIT_AS (memoria, en MB desde
``COURSE_MEMORY_LIMIT_MB``), RLIMIT_FSIZE (ficheros) y RLIMIT_CORE, encierra el proceso
(``sandbox.py``: solo escribe en su carpeta y en su TMPDIR) y se convierte en ``ipykernel``.
"""

import os
import resource
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

    sandbox.confine(sandbox.kernel_folders())  # sigue tras exec; si no se puede, la ronda deshace lo que cambie
    os.execv(sys.executable, [sys.executable, "-m", "ipykernel_launcher", *argv])


if __name__ == "__main__":
    main(sys.argv[1:])
