"""Nombres antiguos de la disposición del curso, que ahora vive en ``course.py``.

Solo para los módulos que aún importan de aquí; lo nuevo importa de ``course``.
"""

from .course import (CATALOGUE_DIR, NBGRADER_CONFIG, RELEASE_DIR, ROOT, SLUG_PATTERN, SOURCE_DIR,  # noqa: F401
                     WORKED_DIR, Notebook, notebooks, public_repository, where)
