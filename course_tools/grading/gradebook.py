"""Todas las lecturas y escrituras de la libreta de notas de nbgrader.

El proceso principal es el único que escribe en la libreta del curso. Un trabajador solo escribe
en la libreta de su curso de usar y tirar, que se rellena con ``copy_assignment``.
"""

from __future__ import annotations

import contextlib
import warnings

from ..layout.nbgrader_compat import use_inprocess_alembic
from .model import Outcome

CELL_KINDS = ("grade_cells", "solution_cells", "task_cells", "source_cells")
CELL_FIELDS = {
    "grade_cells": ("name", "max_score", "cell_type"),
    "solution_cells": ("name",),
    "task_cells": ("name", "max_score", "cell_type"),
    "source_cells": ("name", "cell_type", "locked", "source", "checksum"),
}


@contextlib.contextmanager
def open_gradebook(book):
    """La libreta abierta, sin los avisos de SQLAlchemy que nbgrader provoca (ruido para el profesor).

    ``book`` es la URL de la libreta, o una libreta ya abierta con esta función: así quien hace
    muchas operaciones seguidas (una ronda de corrección) abre la libreta una sola vez.
    """
    from nbgrader.api import Gradebook

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if not isinstance(book, str):
            yield book
            return
        use_inprocess_alembic()
        with Gradebook(book) as gb:
            yield gb


def known_assignments(url: str) -> dict[str, list[str]]:
    """Tareas de la libreta y sus cuadernos."""
    with open_gradebook(url) as gb:
        return {a.name: sorted(n.name for n in a.notebooks) for a in gb.assignments}


def export_assignment(url: str, name: str) -> dict:
    """Lo que la libreta sabe de una tarea (cuadernos y celdas), para copiarlo en otra libreta."""
    with open_gradebook(url) as gb:
        assignment = gb.find_assignment(name)
        return {nb.name: {"kernelspec": nb.kernelspec,
                          **{kind: [{f: getattr(c, f) for f in CELL_FIELDS[kind]} for c in getattr(nb, kind)]
                             for kind in CELL_KINDS}}
                for nb in assignment.notebooks}


def copy_assignment(url: str, name: str, notebooks: dict) -> None:
    """Da de alta en la libreta ``url`` una tarea exportada con ``export_assignment``."""
    with open_gradebook(url) as gb:
        gb.update_or_create_assignment(name)
        for nb_name, data in notebooks.items():
            gb.add_notebook(nb_name, name, kernelspec=data["kernelspec"])
            for kind in CELL_KINDS:
                add = getattr(gb, "add_" + kind[:-1])
                for cell in data[kind]:
                    add(cell["name"], nb_name, name, **{k: v for k, v in cell.items() if k != "name"})


def computed_grades(url: str, student: str, assignment: str) -> dict[str, dict]:
    """Lo que ``nbgrader autograde`` calculó para una entrega en la libreta ``url`` (la del curso de usar y
    tirar): cuaderno -> {"auto": {grade_id: nota automática}, "comments": {grade_id: comentario automático}}."""
    from nbgrader.api import MissingEntry

    with open_gradebook(url) as gb:
        try:
            sub = gb.find_submission(assignment, student)
        except MissingEntry:
            return {}
        return {nb.name: {"auto": {g.name: g.auto_score for g in nb.grades},
                          "comments": {c.name: c.auto_comment for c in nb.comments}}
                for nb in sub.notebooks}


def record(url: str, student: str, assignment: str, computed: dict[str, dict], timestamp: str | None,
           expected: list[str]) -> dict[str, list]:
    """Escribe en la libreta la entrega y lo que nbgrader calculó para ella (``computed_grades``), como lo
    escribiría ``nbgrader autograde``: un cuaderno de ``expected`` que no llegó a corregirse vale cero, y una
    nota manual ya puesta se conserva y pide revisión. Devuelve lo escrito, como ``grade_rows``."""
    from nbgrader.utils import parse_utc

    written = {}
    with open_gradebook(url) as gb:
        gb.update_or_create_student(student)
        if timestamp:
            gb.update_or_create_submission(assignment, student, timestamp=parse_utc(timestamp))
        else:
            gb.update_or_create_submission(assignment, student)
        for name in expected:
            notebook = gb.find_submission_notebook(name, assignment, student)
            graded = computed.get(name)
            for grade in notebook.grades:
                if graded is None:  # como hace nbgrader con un cuaderno que falta: cero, sin revisión
                    grade.auto_score, grade.needs_manual_grade = 0, False
                else:
                    grade.auto_score = graded["auto"].get(grade.name)
                    grade.needs_manual_grade = grade.manual_score is not None or grade.auto_score is None
                written[grade.name] = [getattr(grade, f) for f in GRADE_FIELDS]
            for comment in notebook.comments if graded is not None else ():
                comment.auto_comment = graded["comments"].get(comment.name)
        gb.db.commit()
    return written


def scores(url: str, student: str, assignment: str) -> tuple[float, float, dict] | None:
    """(nota, máximo, {grade_id: [nota, máximo]}) de una entrega, o None si la libreta no la tiene."""
    from nbgrader.api import MissingEntry

    with open_gradebook(url) as gb:
        try:
            sub = gb.find_submission(assignment, student)
        except MissingEntry:
            return None
        grades = {g.name: [float(g.score), float(g.max_score)] for nb in sub.notebooks for g in nb.grades
                  if g.cell_type == "code" and g.max_score}
        return float(sub.score), float(sub.max_score), grades


GRADE_FIELDS = ("auto_score", "manual_score", "extra_credit")


def grade_rows(url: str, student: str, assignment: str) -> dict[str, list]:
    """Lo que la libreta guarda de cada celda puntuable de una entrega: [auto, manual, crédito extra]."""
    from nbgrader.api import MissingEntry

    with open_gradebook(url) as gb:
        try:
            sub = gb.find_submission(assignment, student)
        except MissingEntry:
            return {}
        return {g.name: [getattr(g, f) for f in GRADE_FIELDS] for nb in sub.notebooks for g in nb.grades}


def restore_grades(url: str, outcome: Outcome) -> bool:
    """Deja cada nota de la entrega como quedó al corregirla (``outcome.recorded``). Devuelve si cambió algo."""
    from nbgrader.api import MissingEntry

    changed = False
    with open_gradebook(url) as gb:
        gb.db.expire_all()  # lo que haya escrito otro proceso desde la última lectura
        try:
            sub = gb.find_submission(outcome.assignment, outcome.student)
        except MissingEntry:
            return False
        for nb in sub.notebooks:
            for grade in nb.grades:
                wanted = outcome.recorded.get(grade.name)
                if wanted is not None and [getattr(grade, f) for f in GRADE_FIELDS] != wanted:
                    for name, value in zip(GRADE_FIELDS, wanted):
                        setattr(grade, name, value)
                    changed = True
        if changed:
            gb.db.commit()
    return changed

