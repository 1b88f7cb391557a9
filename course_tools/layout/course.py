"""La disposición del curso en disco, en un solo sitio: ``CourseLayout`` nombra cada carpeta y cada cuaderno.

Un curso de nbgrader (el repositorio, o uno temporal) es una raíz con sus pasos (``source/``, ``release/``,
``submitted/``, ``autograded/``, ``feedback/``); dónde va cada tarea de cada alumno lo decide el
``CourseDirectory`` de nbgrader (su ``format_path`` y los nombres de sus pasos, tal como los deje
``nbgrader_config.py``), y el cuaderno de una tarea ``NN-slug`` es ``NN-slug.ipynb``. El repositorio
además tiene ``notebooks/`` (los cuadernos resueltos, uno por fichero), ``catalogues/`` (las respuestas
equivocadas) y el informe de la corrección (``autograded/informe``). Ningún otro módulo construye una
ruta a mano: se la pide a ``CourseLayout`` (lo prueba ``tests/unit/test_no_hand_built_paths.py``).

Importar nbgrader cuesta segundos: ``CourseLayout`` crea su ``CourseDirectory`` la primera vez que pide
un paso, no al importar este módulo. ``Course`` decide además qué libreta usa un curso
(``gradebook_url``) y cómo se carga ``nbgrader_config.py`` para otra raíz. Nada aquí cambia el entorno.
"""

from __future__ import annotations

import glob
import os
import re
import tomllib
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from .nbgrader_compat import use_cached_metadata_schema, use_inprocess_alembic

ROOT = Path(__file__).resolve().parents[2]
NBGRADER_CONFIG = ROOT / "nbgrader_config.py"

SLUG_PATTERN = re.compile(r"^(\d\d)-[a-z0-9-]+$")
NOTEBOOK_SUFFIX = ".ipynb"

# Los pasos de nbgrader, por el nombre del ajuste de ``CourseDirectory`` que da su carpeta.
SOURCE = "source_directory"
RELEASE = "release_directory"
SUBMITTED = "submitted_directory"
AUTOGRADED = "autograded_directory"
FEEDBACK = "feedback_directory"
SHARED = "."  # el «alumno» de source/ y release/: nbgrader los pone sin carpeta de alumno
FEEDBACK_SUFFIX = ".html"
EXCHANGE_FEEDBACK = "feedback"  # la carpeta de devoluciones del intercambio de nbgrader (nbgrader la escribe así)


def notebook_file(name: str) -> str:
    """``NN-slug.ipynb``: el fichero del cuaderno ``name`` (nbgrader: ``notebook_id`` más la extensión)."""
    return f"{name}{NOTEBOOK_SUFFIX}"


def notebook_name(path: str | Path) -> str | None:
    """El ``notebook_id`` de un fichero de cuaderno (``a/01-x.ipynb`` → ``01-x``); None si no es un cuaderno."""
    name = Path(path).name
    return name[:-len(NOTEBOOK_SUFFIX)] if name.endswith(NOTEBOOK_SUFFIX) else None


def notebooks_in(folder: Path) -> list[Path]:
    """Los cuadernos que hay directamente en ``folder``, en orden (sin los que no son ficheros)."""
    return sorted(p for p in Path(folder).glob(f"*{NOTEBOOK_SUFFIX}") if p.is_file())


def notebook_path(folder: Path, slug: str) -> Path:
    """``folder/NN-slug/NN-slug.ipynb``: el cuaderno de la tarea ``slug`` en una carpeta de tareas."""
    return Path(folder, slug, notebook_file(slug))


class CourseLayout:
    """Cada carpeta de un curso con raíz ``root``; los pasos de nbgrader, de su ``CourseDirectory``."""

    def __init__(self, root: Path | str = ROOT, coursedir=None):
        """``coursedir``: el ``CourseDirectory`` que ya tiene quien pregunta (el de una ``NbGraderAPI``)."""
        self.root = Path(root)
        if coursedir is not None:
            self.__dict__["coursedir"] = coursedir

    def __repr__(self) -> str:
        return f"CourseLayout({str(self.root)!r})"

    @cached_property
    def coursedir(self):
        """El ``CourseDirectory`` de nbgrader con la configuración del curso y esta raíz."""
        from nbgrader.coursedir import CourseDirectory

        from ..settings import repository_config

        config = repository_config()
        config.CourseDirectory.root = str(self.root)
        return CourseDirectory(config=config)

    def step(self, step: str) -> Path:
        """La carpeta de un paso (``SOURCE``, ``SUBMITTED``…): ``root/submitted``."""
        return self.root / getattr(self.coursedir, step)

    def assignment(self, step: str, slug: str, student: str = SHARED) -> Path:
        """La carpeta de la tarea ``slug`` de ``student`` en un paso (``format_path`` de nbgrader)."""
        return Path(os.path.normpath(self.coursedir.format_path(getattr(self.coursedir, step), student, slug)))

    def notebook(self, step: str, slug: str, student: str = SHARED) -> Path:
        """El cuaderno de la tarea ``slug`` (de ``student``) en un paso."""
        return self.assignment(step, slug, student) / notebook_file(slug)

    def entries(self, step: str) -> list[tuple[str, str, Path]]:
        """(alumno, tarea, ruta) de lo que hay en un paso por alumno (``submitted``, ``autograded``…), en orden.

        Como nbgrader: el patrón de ``format_path`` con ``*``; los nombres que empiezan por punto no cuentan.
        Una «tarea» puede ser un fichero suelto: quien pregunta decide qué hace con ella."""
        pattern = os.path.relpath(self.coursedir.format_path(getattr(self.coursedir, step), "*", "*"), self.root)
        regex = re.compile(self.coursedir.format_path(getattr(self.coursedir, step), "(?P<student>[^/]+)",
                                                      "(?P<assignment>[^/]+)", escape=True) + "$")
        found = []
        for path in glob.glob(os.path.join(glob.escape(str(self.root)), pattern)):
            match = regex.match(os.path.abspath(path))
            if match:
                found.append((match["student"], match["assignment"], Path(path)))
        return sorted(found)

    def graded_notebooks(self, step: str = AUTOGRADED) -> list[tuple[str, str]]:
        """(alumno, tarea) de las carpetas de un paso que tienen algún cuaderno."""
        return [(student, slug) for student, slug, path in self.entries(step) if path.is_dir() and notebooks_in(path)]

    def all_notebooks(self, step: str) -> list[Path]:
        """Todos los cuadernos de un paso por alumno (``autograded/<alumno>/<tarea>/*.ipynb``)."""
        return [nb for _, _, path in self.entries(step) if path.is_dir() for nb in notebooks_in(path)]

    def feedback_page(self, slug: str, student: str, name: str | None = None) -> Path:
        """La devolución HTML de un cuaderno (``name``, por defecto el de la tarea) que escribe generate_feedback."""
        return self.assignment(FEEDBACK, slug, student) / f"{name or slug}{FEEDBACK_SUFFIX}"

    @property
    def worked_dir(self) -> Path:
        """``notebooks/``: los cuadernos resueltos y ejecutados, todos en una carpeta."""
        return self.root / "notebooks"

    def worked(self, slug: str) -> Path:
        return self.worked_dir / notebook_file(slug)

    @property
    def catalogue_dir(self) -> Path:
        """``catalogues/``: las respuestas equivocadas de cada cuaderno (datos del curso)."""
        return self.root / "catalogues"

    def catalogue(self, slug: str) -> Path:
        return self.catalogue_dir / f"nb{slug.replace('-', '_')}.py"

    @property
    def report_dir(self) -> Path:
        """El informe de ``make grade`` (tabla de notas y problemas), dentro de autograded/."""
        return self.step(AUTOGRADED) / "informe"

    @property
    def workspace(self) -> Path:
        """``mi-curso/``: la copia de trabajo del alumno de ``make lab`` (sembrada desde release/)."""
        return self.root / "mi-curso"

    @property
    def gradebook(self) -> Path:
        """La libreta SQLite por defecto: ``gradebook.db`` en la raíz."""
        return self.root / "gradebook.db"


LAYOUT = CourseLayout(ROOT)


@dataclass(frozen=True)
class Course:
    """La raíz de un curso (el repositorio, o un curso temporal) y, si se da, su libreta de notas."""

    root: Path = ROOT
    db_url: str | None = None

    @property
    def layout(self) -> CourseLayout:
        """Las carpetas de este curso (la del repositorio, ya creada, si la raíz es la suya)."""
        return LAYOUT if Path(self.root) == ROOT else _layout(Path(self.root))

    @property
    def gradebook_url(self) -> str:
        """La libreta: la que se da, la del ajuste ``gradebook_url`` o ``gradebook.db`` en la raíz."""
        from ..settings import course_settings

        return self.db_url or course_settings().gradebook_url or f"sqlite:///{self.layout.gradebook}"

    def notebooks(self) -> list[Notebook]:
        """Los cuadernos de ``source/`` de este curso, en orden."""
        return notebooks(self.layout.step(SOURCE))

    def nbgrader_config(self, *, settings: dict | None = None):
        """``nbgrader_config.py`` del curso con esta raíz y esta libreta (y otros ajustes, si se dan:
        ``{"cell_timeout": 10}``; ver ``settings.CourseSettings``)."""
        import copy

        from ..settings import course_settings, override, repository_config

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
        use_cached_metadata_schema()
        config = self.nbgrader_config(settings=settings)
        return NbGraderAPI(coursedir=CourseDirectory(config=config), config=config)


@lru_cache(maxsize=64)
def _layout(root: Path) -> CourseLayout:
    return CourseLayout(root)


REPOSITORY = Course()


@dataclass(frozen=True)
class Notebook:
    """Un cuaderno del curso, identificado por su carpeta ``NN-slug``."""

    slug: str
    source_dir: Path | None = None  # la carpeta source/ de la que sale; None: la del repositorio

    @property
    def number(self) -> str:
        return self.slug[:2]

    @property
    def source(self) -> Path:
        if self.source_dir is None:
            return LAYOUT.notebook(SOURCE, self.slug)
        return notebook_path(self.source_dir, self.slug)

    @property
    def release(self) -> Path:
        return LAYOUT.notebook(RELEASE, self.slug)

    @property
    def worked(self) -> Path:
        return LAYOUT.worked(self.slug)

    @property
    def catalogue(self) -> Path:
        return LAYOUT.catalogue(self.slug)


def notebooks(source_dir: Path | None = None) -> list[Notebook]:
    """Los cuadernos de ``source/`` en orden: una carpeta ``NN-slug`` con ``NN-slug.ipynb`` dentro."""
    folder = Path(source_dir) if source_dir is not None else LAYOUT.step(SOURCE)
    given = source_dir if source_dir is not None and folder != LAYOUT.step(SOURCE) else None
    return [Notebook(p.name, given) for p in sorted(q for q in folder.iterdir() if q.is_dir())
            if SLUG_PATTERN.match(p.name) and notebook_path(folder, p.name).exists()]


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
