"""La disposición del curso en disco, en un solo sitio: carpetas, cuadernos, libreta y configuración.

Un curso de nbgrader (el repositorio, o uno temporal) es una raíz con ``source/``, ``release/``,
``submitted/``, ``autograded/`` y ``feedback/``; cada tarea es una carpeta ``NN-slug`` con un
cuaderno ``NN-slug.ipynb`` dentro (esa ruta la construye ``notebook_path``). Las
carpetas siguen la estructura por defecto de nbgrader (``{nbgrader_step}/{student_id}/{assignment_id}``;
``Course.folder``); donde ya hay una API de nbgrader a mano (el trabajador que corrige), la da su
``CourseDirectory.format_path``. Aquí no se importa nbgrader: cuesta segundos, y ``make check`` no lo
necesita. El repositorio además tiene
``notebooks/`` (los cuadernos resueltos, uno por fichero) y el catálogo de respuestas equivocadas.

``Course`` decide también qué libreta usa un curso (``gradebook_url``) y cómo se carga
``nbgrader_config.py`` para otra raíz. Nada aquí cambia el entorno del proceso.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .nbgrader_compat import use_inprocess_alembic

ROOT = Path(__file__).resolve().parent.parent
WORKED_DIR = ROOT / "notebooks"
CATALOGUE_DIR = ROOT / "catalogues"
NBGRADER_CONFIG = ROOT / "nbgrader_config.py"

SLUG_PATTERN = re.compile(r"^(\d\d)-[a-z0-9-]+$")


def notebook_path(folder: Path, slug: str) -> Path:
    """``folder/NN-slug/NN-slug.ipynb``: el cuaderno de la tarea ``slug`` en una carpeta de tareas."""
    return Path(folder, slug, f"{slug}.ipynb")


@dataclass(frozen=True)
class Course:
    """La raíz de un curso (el repositorio, o un curso temporal) y, si se da, su libreta de notas."""

    root: Path = ROOT
    db_url: str | None = None

    @property
    def gradebook_url(self) -> str:
        """La libreta: la que se da, la del ajuste ``gradebook_url`` o ``gradebook.db`` en la raíz."""
        from .settings import course_settings

        return self.db_url or course_settings().gradebook_url or f"sqlite:///{Path(self.root) / 'gradebook.db'}"

    def folder(self, name: str, *parts: str) -> Path:
        """``source``, ``release``, ``submitted``, ``autograded`` o ``feedback``, y lo que cuelga de ahí."""
        return Path(self.root, name, *parts)

    def notebook(self, step: str, slug: str, student: str | None = None) -> Path:
        """El cuaderno de la tarea ``slug`` en un paso (y de un alumno, si se da)."""
        return notebook_path(self.folder(step, *filter(None, [student])), slug)

    def notebooks(self) -> list[Notebook]:
        """Los cuadernos de ``source/`` de este curso, en orden."""
        return notebooks(self.folder("source"))

    @property
    def report_dir(self) -> Path:
        return self.folder("autograded", "informe")

    def nbgrader_config(self, *, settings: dict | None = None):
        """``nbgrader_config.py`` del curso con esta raíz y esta libreta (y otros ajustes, si se dan:
        ``{"cell_timeout": 10}``; ver ``settings.CourseSettings``)."""
        import copy

        from .settings import course_settings, override, repository_config

        config = copy.deepcopy(repository_config())
        config.CourseDirectory.root = str(self.root)
        config.CourseDirectory.db_url = self.gradebook_url
        override(config, settings or {})
        config.Execute.timeout = course_settings(config).cell_timeout
        return config

    def api(self, *, settings: dict | None = None):
        """La API de nbgrader sobre este curso."""
        from nbgrader.apps import NbGraderAPI
        from nbgrader.coursedir import CourseDirectory

        use_inprocess_alembic()
        config = self.nbgrader_config(settings=settings)
        return NbGraderAPI(coursedir=CourseDirectory(config=config), config=config)


REPOSITORY = Course()
SOURCE_DIR = REPOSITORY.folder("source")
RELEASE_DIR = REPOSITORY.folder("release")


@dataclass(frozen=True)
class Notebook:
    """Un cuaderno del curso, identificado por su carpeta ``NN-slug``."""

    slug: str
    source_dir: Path = SOURCE_DIR  # la carpeta source/ de la que sale (la del repositorio u otra)

    @property
    def number(self) -> str:
        return self.slug[:2]

    @property
    def source(self) -> Path:
        return notebook_path(self.source_dir, self.slug)

    @property
    def release(self) -> Path:
        return notebook_path(RELEASE_DIR, self.slug)

    @property
    def worked(self) -> Path:
        return WORKED_DIR / f"{self.slug}.ipynb"

    @property
    def catalogue(self) -> Path:
        return CATALOGUE_DIR / f"nb{self.slug.replace('-', '_')}.py"


def notebooks(source_dir: Path = SOURCE_DIR) -> list[Notebook]:
    """Los cuadernos de ``source/`` en orden: una carpeta ``NN-slug`` con ``NN-slug.ipynb`` dentro."""
    return [Notebook(folder.name, Path(source_dir)) for folder in sorted(p for p in Path(source_dir).iterdir() if p.is_dir())
            if SLUG_PATTERN.match(folder.name) and notebook_path(source_dir, folder.name).exists()]


def where(path: Path, index: int | None = None) -> str:
    """«source/NN-slug/NN-slug.ipynb, celda K»: dónde está un problema, con la ruta relativa al repositorio."""
    rel = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    return f"{rel}" if index is None else f"{rel}, celda {index}"


@lru_cache(maxsize=None)
def public_repository() -> tuple[str, str]:
    """(URL, rama) del repositorio público, leídos de ``[tool.curso]`` en pyproject.toml."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    section = data["tool"]["curso"]
    return section["repository"].rstrip("/"), section["branch"]
