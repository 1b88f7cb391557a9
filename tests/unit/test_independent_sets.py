"""Cada juego de ``catalogues/independent`` es correcto: con él en su celda, los tests del cuaderno dan todos los puntos.

Un juego que suspende no es trabajo honrado que calibre nada: sería una respuesta equivocada más. Cada
ejercicio de cada juego se pone en su celda de solución (entre las marcas, con la sangría de la celda) y el
cuaderno fuente, con sus tests ocultos, se ejecuta como en la prueba de respuestas equivocadas
(``course_tools.audits.proof``: un núcleo por cuaderno, lo de antes del ejercicio una sola vez).

El 19 (``SLOW``) juega 400 partidas contra el azar: lo de antes de sus últimos ejercicios, y lo de después de los
primeros (``mask_illegal`` y ``sample_move`` se usan en esas partidas). Son minutos, y con la máquina cargada más
que el tiempo de una celda: se prueba con ``CURSO_JUEGOS_LENTOS=1`` (y con él, el tiempo de celda alargado).
"""

from __future__ import annotations

import functools
import os

import pytest

from course_tools.audits import proof, proof_execution
from course_tools.grading.evidence import independent_file, independent_sets
from course_tools.layout.course import LAYOUT, notebooks
from course_tools.rules import cells

SLOW = {"19-rukh-juega"}
SLOW_ON = os.environ.get("CURSO_JUEGOS_LENTOS") == "1"
WITH_SETS = [nb for nb in notebooks() if independent_file(LAYOUT.catalogue_dir, nb.slug).is_file()]


def filled(cell_source: str, code: str) -> str:
    """La celda de solución con ``code`` entre sus marcas, con la sangría de la marca.

    Una celda con más de una región de solución (dos funciones) recibe ``code`` como la celda entera."""
    begin, end = cells.solution_delimiters()
    lines = cell_source.split("\n")
    starts = [i for i, line in enumerate(lines) if begin in line]
    if len(starts) != 1:
        return code.strip("\n")
    first = starts[0]
    last = next(i for i in range(first, len(lines)) if end in lines[i])
    indent = lines[first][: len(lines[first]) - len(lines[first].lstrip())]
    body = [indent + line if line.strip() else "" for line in code.strip("\n").split("\n")]
    return "\n".join(lines[:first + 1] + body + lines[last:])


def test_a_body_goes_between_the_markers_with_the_cell_indent():
    begin, end = cells.solution_delimiters()
    cell = f"def f(x):\n    {begin}\n    raise NotImplementedError()\n    {end}\n"
    assert filled(cell, "\ny = x + 1\n\nreturn y\n") == f"def f(x):\n    {begin}\n    y = x + 1\n\n    return y\n    {end}\n"


def test_the_notebooks_with_sets_are_found():
    assert {"11-bucle", "17-partidas-a-lotes", "18-decoder"} <= {nb.slug for nb in WITH_SETS}


@pytest.mark.parametrize("notebook", WITH_SETS, ids=lambda nb: nb.slug)
def test_every_independent_set_gets_full_marks(notebook, monkeypatch):
    if notebook.slug in SLOW:
        if not SLOW_ON:
            pytest.skip(f"{notebook.slug}: minutos de partidas; con CURSO_JUEGOS_LENTOS=1")
        monkeypatch.setattr(proof_execution, "notebook_client", functools.partial(proof_execution.notebook_client, timeout=1200))
    plan = proof.plan(notebook)
    solution_of = {cells.grade_id(c): c.source for c in plan.nb.cells if cells.is_solution(c) and cells.grade_id(c)}
    sets = independent_sets(LAYOUT.catalogue_dir, notebook.slug)
    assert len(sets) >= 5, f"{notebook.slug}: {len(sets)} juegos; la calibración pide cinco"
    variants = []
    for number, found in enumerate(sets, start=1):
        unknown = sorted(set(found) - set(solution_of))
        assert not unknown, f"{notebook.slug}, juego {number}: grade_id que el cuaderno no tiene: {unknown}"
        variants += [proof.Variant(f"juego {number}", gid, filled(solution_of[gid], code)) for gid, code in found.items()]
    outcomes = proof.run(plan, variants)
    problems = [f"{o.label}, {o.target}: suspende {test}: {proof.first_line(error)}"
                for o in outcomes for test, error in o.failed_tests.items()]
    problems += [f"{o.label}, {o.target}: {error}" for o in outcomes for error in o.other_errors]
    assert not problems, "\n".join(problems)
