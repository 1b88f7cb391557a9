"""Cursos de prueba para la ronda de corrección: entregar un cuaderno y el curso piloto (00-cuadernos)."""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from hostile_catalogue import SLUG
from course_tools.layout.course import RELEASE, SOURCE, SUBMITTED, Course, Notebook


def submit(root: Path, student: str, slug: str, nb) -> Path:
    """Entrega ``nb`` como ``submitted/<alumno>/<tarea>/<tarea>.ipynb``; devuelve su carpeta."""
    path = Course(root).layout.notebook(SUBMITTED, slug, student)
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(path))
    return path.parent


@dataclass
class PilotCourse:
    """Un curso con solo 00-cuadernos: la solución (source/) y la versión de alumno (release/), sin entregas."""

    root: Path
    selected: list[Notebook] = field(default_factory=lambda: [Notebook(SLUG)])

    @property
    def layout(self):
        return Course(self.root).layout

    def read(self, step: str) -> nbformat.NotebookNode:
        return nbformat.read(str(self.layout.notebook(step, SLUG)), as_version=4)

    @property
    def solved(self) -> nbformat.NotebookNode:
        return self.read(SOURCE)

    @property
    def release(self) -> nbformat.NotebookNode:
        return self.read(RELEASE)

    def submit(self, student: str, nb) -> Path:
        return submit(self.root, student, SLUG, nb)

    def folder(self, student: str) -> Path:
        """Donde va la entrega de ``student`` (para los constructores de ``hostile_catalogue.CATALOGUE``)."""
        return self.layout.assignment(SUBMITTED, SLUG, student)


def copy_pilot(template: Path, root: Path) -> PilotCourse:
    shutil.copytree(template, root)
    return PilotCourse(root)
