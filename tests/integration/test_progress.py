"""make progreso: 0 de N en un espacio recién sembrado, completo tras pegar las soluciones, y un
cuaderno roto no impide contar los demás. Nunca cambia los ficheros del alumno."""

import nbformat

from course_tools.rules import cells
from course_tools.layout.course import Notebook, notebook_file, notebook_path
from course_tools.learner.lab import seed_workspace
from course_tools.rules.cells import is_blank
from course_tools.learner.progress import NotebookProgress, format_progress, learner_progress

SOLVED = [Notebook("00-cuadernos"), Notebook("01-python")]
BROKEN = Notebook("16-depuracion")


def _paste_solutions(workspace, notebook):
    """Lo que haría un alumno que copia las soluciones del profesor en sus huecos."""
    path = notebook_path(workspace, notebook.slug)
    mine = nbformat.read(str(path), as_version=4)
    solutions = {cells.grade_id(c): c.source for c in cells.read(notebook.source).cells if cells.is_solution(c)}
    for cell in mine.cells:
        if cells.is_solution(cell):
            cell.source = cells.strip_solution_markers(solutions[cells.grade_id(cell)])
    nbformat.write(mine, str(path))


def _snapshot(workspace):
    return {p: p.read_bytes() for p in sorted(workspace.rglob(notebook_file("*")))}


def test_fresh_then_solved_then_broken(tmp_path):
    workspace = tmp_path / "trabajo"
    seed_workspace(workspace)
    selected = SOLVED + [BROKEN]
    before = _snapshot(workspace)
    fresh = learner_progress(workspace, SOLVED, quiet=True)
    assert [(r.passed, r.blanks == r.total, r.total > 0) for r in fresh] == [(0, True, True)] * 2
    assert all(r.next_exercise.startswith("Ejercicio 1 · ") for r in fresh)
    assert _snapshot(workspace) == before, "make progreso cambió los cuadernos del alumno"

    for notebook in SOLVED:
        _paste_solutions(workspace, notebook)
    notebook_path(workspace, BROKEN.slug).write_text('{"cells": [', encoding="utf-8")
    before = _snapshot(workspace)
    rows = learner_progress(workspace, selected, quiet=True)
    assert _snapshot(workspace) == before
    solved, broken = rows[:2], rows[2]
    assert all(r.complete and r.blanks == 0 for r in solved), rows
    assert broken.problem.startswith("no se puede leer") and not broken.complete
    table = format_progress(rows)
    assert "✓ completo" in table and "✗ no se puede leer" in table
    assert f"Siguiente: {BROKEN.slug}" in table


def test_blanks_and_table_edge_cases(tmp_path):
    assert is_blank("# ESCRIBE AQUÍ TU CÓDIGO\nraise NotImplementedError()")
    assert is_blank("x_after_clicks = ...\nx_after_run_all = 18")
    assert not is_blank("x_after_clicks = 37\nshape = (1, ...)")
    missing = learner_progress(tmp_path, [Notebook("00-cuadernos")], quiet=True)[0]
    assert "no está en tu carpeta" in missing.problem
    notebook_path(tmp_path, "00-cuadernos").parent.mkdir()
    nbformat.write(nbformat.v4.new_notebook(), str(notebook_path(tmp_path, "00-cuadernos")))
    bare = learner_progress(tmp_path, [Notebook("00-cuadernos")], quiet=True)[0]
    assert "metadatos de nbgrader" in bare.problem
    partial = NotebookProgress("x", total=3, passed=1, blanks=1, next_exercise="Ejercicio 2 · Algo",
                               problem="la ejecución se cortó")
    table = format_progress([partial])
    assert "1/3" in table and "Ejercicio 2 · Algo (la ejecución se cortó)" in table
    assert "Tests visibles aprobados: 1 de 3" in table
