"""La cobertura dentro de los núcleos, cuando la pide ``make test``; en ``make grade`` no hace nada.

``make test`` da a las etapas que mide dos variables: ``COURSE_KERNEL_COVERAGE``, una carpeta solo para
los datos de cobertura de los núcleos, y ``COURSE_KERNEL_COVERAGE_RC``, la configuración de coverage. Un
núcleo que las recibe empieza a medirse antes de encerrarse (después ya no podría leer la configuración) y,
al terminar, deja su ``.coverage.*`` en esa carpeta: el encierro le deja escribir ahí (``sandbox.kernel_folders``),
y solo ahí además de su carpeta y su TMPDIR. Un núcleo que muere de un SIGKILL no deja nada: así acaban los de
la corrección («immediate» en ``grading/guard.py``), y por eso la ronda no los mide.
"""

from __future__ import annotations

import os

FOLDER_ENV = "COURSE_KERNEL_COVERAGE"
CONFIG_ENV = "COURSE_KERNEL_COVERAGE_RC"


def data_folder() -> str | None:
    """La carpeta de los datos de cobertura de los núcleos, si la hay."""
    folder = os.environ.get(FOLDER_ENV, "")
    return folder if os.path.isabs(folder) and os.path.isdir(folder) else None


def start_in_kernel() -> None:
    """Empieza a medir este núcleo; se guarda solo al salir (``auto_data``). Sin la carpeta, o sin coverage, nada."""
    folder = data_folder()
    if folder is None:
        return
    try:
        import coverage
    except ImportError:
        return
    config = os.environ.get(CONFIG_ENV) or True
    coverage.Coverage(data_file=os.path.join(folder, ".coverage"), data_suffix=True, config_file=config,
                      auto_data=True).start()
