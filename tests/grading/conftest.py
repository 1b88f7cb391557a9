"""Una sola ronda de corrección para toda la carpeta: un curso temporal, todas las tareas de
source/, la solución y la versión sin rellenar de cada una, y el catálogo hostil de 00-cuadernos,
corregidos juntos en paralelo."""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from catalogo_hostil import CATALOGUE, SLUG  # noqa: E402

from course_tools.build import prepare_course  # noqa: E402
from course_tools.config import notebooks  # noqa: E402
from course_tools.grading.collect import read_folder  # noqa: E402
from course_tools.grading.report import format_table  # noqa: E402
from course_tools.grading.run import grade_all  # noqa: E402

CELL_TIMEOUT = 10


def pytest_configure(config):
    config.addinivalue_line("markers", "postgres: libreta de notas en un servidor PostgreSQL real")


def submit(root: Path, student: str, slug: str, nb) -> None:
    folder = root / "submitted" / student / slug
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(folder / f"{slug}.ipynb"))


@pytest.fixture(scope="session")
def course(tmp_path_factory):
    """El curso corregido: ``(root, {(alumno, tarea): Outcome}, segundos, {ruta: bytes entregados})``."""
    root = tmp_path_factory.mktemp("curso")
    selected = notebooks()
    prepare_course(root, selected)
    for n in selected:
        solved = nbformat.read(str(root / "source" / n.slug / f"{n.slug}.ipynb"), as_version=4)
        release = nbformat.read(str(root / "release" / n.slug / f"{n.slug}.ipynb"), as_version=4)
        submit(root, "solucion", n.slug, solved)
        submit(root, "sin-rellenar", n.slug, release)
        if n.slug == SLUG:
            for student, (make, _points, _problem) in CATALOGUE.items():
                make(root / "submitted" / student / SLUG, solved, release)
    handed_in = read_folder(root / "submitted")
    started = time.monotonic()
    outcomes = grade_all(root, selected=selected, timeout=CELL_TIMEOUT, quiet=True)
    elapsed = time.monotonic() - started
    print("\n" + format_table(outcomes))
    yield root, {(o.student, o.assignment): o for o in outcomes}, elapsed, handed_in
    shutil.rmtree(root, ignore_errors=True)
