"""Arranque del núcleo de corrección con límites del sistema (lo llama el kernelspec).

Se ejecuta como guion, sin importar el resto del paquete: fija RLIMIT_AS (memoria),
RLIMIT_FSIZE (ficheros) y RLIMIT_CORE y se convierte en ``ipykernel``.
"""

import os
import resource
import sys

MEMORY_ENV = "COURSE_MEMORY_LIMIT_MB"


def main(argv):
    memory = int(os.environ.get(MEMORY_ENV, "3072")) * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    big_file = 256 * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_FSIZE, (big_file, big_file))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    os.execv(sys.executable, [sys.executable, "-m", "ipykernel_launcher", *argv])


if __name__ == "__main__":
    main(sys.argv[1:])
