"""Cursos de prueba para la ronda de corrección: entregar un cuaderno y el curso piloto (00-cuadernos)."""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from hostile_catalogue import SLUG
from course_tools.course import Notebook


def submit(root: Path, student: str, slug: str, nb) -> Path:
    """Entrega ``nb`` como ``submitted/<alumno>/<tarea>/<tarea>.ipynb``; devuelve su carpeta."""
    folder = root / "submitted" / student / slug
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(folder / f"{slug}.ipynb"))
    return folder


@dataclass
class PilotCourse:
    """Un curso con solo 00-cuadernos: la solución (source/) y la versión de alumno (release/), sin entregas."""

    root: Path
    selected: list[Notebook] = field(default_factory=lambda: [Notebook(SLUG)])

    def read(self, folder: str) -> nbformat.NotebookNode:
        return nbformat.read(str(self.root / folder / SLUG / f"{SLUG}.ipynb"), as_version=4)

    @property
    def solved(self) -> nbformat.NotebookNode:
        return self.read("source")

    @property
    def release(self) -> nbformat.NotebookNode:
        return self.read("release")

    def submit(self, student: str, nb) -> Path:
        return submit(self.root, student, SLUG, nb)

    def folder(self, student: str) -> Path:
        """Donde va la entrega de ``student`` (para los constructores de ``hostile_catalogue.CATALOGUE``)."""
        return self.root / "submitted" / student / SLUG


def copy_pilot(template: Path, root: Path) -> PilotCourse:
    shutil.copytree(template, root)
    return PilotCourse(root)
