"""Un curso de nbgrader en disco: sus carpetas, su libreta de notas, su configuración y su API.

Es el único sitio donde se decide qué libreta usa un curso (``gradebook_url``) y cómo se carga
``nbgrader_config.py`` para otra raíz. Nada aquí cambia el entorno del proceso.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .config import NBGRADER_CONFIG, ROOT

GRADEBOOK_ENV = "COURSE_GRADEBOOK_URL"
# Cómo se ejecuta un cuaderno del curso, en cualquier sitio: un hilo de cálculo (salidas
# reproducibles), hash fijo, figuras en línea y un límite de tiempo por celda.
EXECUTION_ENV = {"OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "PYTHONHASHSEED": "0",
                 "MPLBACKEND": "module://matplotlib_inline.backend_inline"}
CELL_TIMEOUT = 120


def kernel_env(**overrides: str) -> dict[str, str]:
    """El entorno de un núcleo que ejecuta cuadernos: las variables permitidas de este proceso
    (``sandbox.allowed_env``: ni testigos ni contraseñas) con EXECUTION_ENV encima.

    Se pasa al núcleo al arrancarlo; el entorno de este proceso no cambia. Sirve para la corrección,
    ``make release``, la prueba de respuestas equivocadas y nbval (que pasa por el proveedor del curso,
    que filtra igual).
    """
    from .grading.sandbox import allowed_env

    return {**allowed_env(os.environ), **EXECUTION_ENV, **overrides}


@dataclass(frozen=True)
class Course:
    """La raíz de un curso (el repositorio, o un curso temporal) y, si se da, su libreta de notas."""

    root: Path = ROOT
    db_url: str | None = None

    @property
    def gradebook_url(self) -> str:
        """La libreta: la que se da, la de ``COURSE_GRADEBOOK_URL`` o ``gradebook.db`` en la raíz."""
        return self.db_url or os.environ.get(GRADEBOOK_ENV) or f"sqlite:///{Path(self.root) / 'gradebook.db'}"

    def notebooks(self) -> list:
        """Los cuadernos de ``source/`` de este curso, en orden."""
        from .config import notebooks

        return notebooks(self.folder("source"))

    def folder(self, name: str, *parts: str) -> Path:
        """``source``, ``release``, ``submitted``, ``autograded`` o ``feedback``, y lo que cuelga de ahí."""
        return Path(self.root, name, *parts)

    @property
    def report_dir(self) -> Path:
        return self.folder("autograded", "informe")

    def nbgrader_config(self, *, timeout: int | None = None):
        """``nbgrader_config.py`` del curso con esta raíz y esta libreta (y otro límite por celda, si se da)."""
        from traitlets.config.loader import PyFileConfigLoader

        config = PyFileConfigLoader(NBGRADER_CONFIG.name, path=str(NBGRADER_CONFIG.parent)).load_config()
        config.CourseDirectory.root = str(self.root)
        config.CourseDirectory.db_url = self.gradebook_url
        if timeout is not None:
            config.Execute.timeout = timeout
        return config

    def api(self, *, timeout: int | None = None):
        """La API de nbgrader sobre este curso."""
        from nbgrader.apps import NbGraderAPI
        from nbgrader.coursedir import CourseDirectory

        from .grading.gradebook import use_inprocess_alembic

        use_inprocess_alembic()
        config = self.nbgrader_config(timeout=timeout)
        return NbGraderAPI(coursedir=CourseDirectory(config=config), config=config)
