"""``make bench``: cuánto tarda el informe de parecidos con una clase grande (200 alumnos × todos los cuadernos).

Cada alumno entrega la versión de alumno de cada cuaderno con la solución publicada en sus huecos, con sus
propios nombres (un sufijo por alumno en cada nombre que no es de Python): el peor caso, porque todas
las entregas se parecen a la solución y entre sí. Se mide la primera comparación (leer y analizar todo)
y la de una ronda reanudada en la que solo cambió una entrega.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

import nbformat

from ..rules import cells
from ..layout.course import RELEASE, ROOT, SOURCE, SUBMITTED, Course
from .copies import cache_path, compare_class, forget_what_this_process_remembers
from .disguise import renamed
from .evidence import INDEPENDENT_DIR
from .similarity import NOT_JUDGED

def synthetic_class(root: Path, students: int, source_root: Path = ROOT) -> int:
    """Escribe la clase en ``root``; devuelve cuántos cuadernos entregó."""
    course, origin = Course(root), Course(source_root)
    independent = origin.layout.catalogue_dir / INDEPENDENT_DIR
    if independent.is_dir():  # lo natural de cada ejercicio, como en el curso
        shutil.copytree(independent, course.layout.catalogue_dir / INDEPENDENT_DIR)
    written = 0
    for notebook in origin.notebooks():
        slug = notebook.slug
        for step in (SOURCE, RELEASE):
            shutil.copytree(origin.layout.assignment(step, slug), course.layout.assignment(step, slug))
        solved = nbformat.read(str(origin.layout.notebook(SOURCE, slug)), as_version=4)
        solutions = {cells.grade_id(c): cells.strip_solution_markers(c.source) for c in solved.cells
                     if c.cell_type == "code" and cells.is_solution(c)}
        release = nbformat.read(str(origin.layout.notebook(RELEASE, slug)), as_version=4)
        for i in range(students):
            nb = nbformat.reads(nbformat.writes(release), as_version=4)
            for cell in nb.cells:
                if cell.cell_type == "code" and cells.grade_id(cell) in solutions:
                    cell.source = renamed(solutions[cells.grade_id(cell)], f"_{i}")
            target = course.layout.notebook(SUBMITTED, slug, student=f"alumno-{i:03d}")
            target.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(nb, str(target))
            written += 1
    return written


def bench_copies(students: int = 200) -> dict:
    """Segundos de la comparación completa y de una reanudada con una entrega cambiada."""
    with tempfile.TemporaryDirectory(prefix="parecidos-") as tmp:
        root = Path(tmp)
        written = synthetic_class(root, students)
        course = Course(root)
        started = time.monotonic()
        first = compare_class(course, cache=cache_path(course))
        full = time.monotonic() - started
        unread = {slug for slug, code, _ in first.not_judged if code == NOT_JUDGED}  # ni se leen: cambiar uno no cuenta
        changed = next(course.layout.notebook(SUBMITTED, s, student) for student, s, _ in course.layout.entries(SUBMITTED)
                       if s not in unread)
        changed.write_text(changed.read_text(encoding="utf-8").replace("\n", "\n ", 1), encoding="utf-8")
        forget_what_this_process_remembers()  # la ronda reanudada es otro proceso
        started = time.monotonic()
        again = compare_class(course, cache=cache_path(course))
        resumed = time.monotonic() - started
    return {"students": students, "notebooks": written, "exercises": first.compared, "findings": len(first.findings),
            "full_s": full, "resumed_s": resumed, "reread": again.read}


def format_bench(figures: dict) -> str:
    return (f"Parecidos: {figures['students']} alumnos × {figures['notebooks'] // max(1, figures['students'])} cuadernos "
            f"({figures['exercises']} ejercicios comparados): {figures['full_s']:.1f} s la primera vez; "
            f"{figures['resumed_s']:.1f} s reanudada con {figures['reread']} entrega cambiada.")
