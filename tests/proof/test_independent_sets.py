"""Cada juego de ``catalogues/independent`` es una solución correcta: aprueba todos los tests de su cuaderno.

Los juegos calibran el informe de parecidos (``copies_calibration``) y dicen qué es natural en cada
ejercicio (``evidence``): un juego que suspende no es trabajo honrado de un alumno, es una respuesta
equivocada, y calibrar con él no vale. Cada juego se ejecuta como la prueba de respuestas equivocadas
(``proof_execution.run``: el cuaderno fuente, tests ocultos incluidos, con sus celdas de solución
cambiadas) y no puede suspender ningún test ni dar ningún error. Un cuaderno por ítem, en un solo núcleo: cada
juego entero es una variante (todas sus celdas a la vez, como lo entregaría su alumno), que parte de la copia de
lo que va antes de su primer ejercicio y corre hasta el último test.

Un juego trae, por ejercicio, lo que va entre las marcas de la solución, sin su sangría; aquí se vuelve a
sangrar como la marca. Una celda con varias regiones de solución (un ``class`` con varios métodos) lleva
en el juego el código de cada región en orden, separado por una línea ``# ---`` (08), o la celda entera,
como la escribiría el alumno.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from course_tools.audits.proof_execution import Variant, run
from course_tools.grading.evidence import independent_sets
from course_tools.grading.similarity import exercises
from course_tools.layout.course import RELEASE, Course, notebooks
from course_tools.publish.build import rendered_source
from course_tools.rules import cells

COURSE = Course()
WITH_SETS = [n for n in notebooks() if independent_sets(COURSE.layout.catalogue_dir, n.slug)]
def test_a_body_goes_in_place_of_its_region_with_the_indent_of_its_marker():
    filled = cells.answered
    begin, end = cells.solution_delimiters()
    cell = f"def f(x):\n    {begin}\n    raise NotImplementedError()\n    {end}\n"
    assert filled(cell, "\ny = x + 1\n\nreturn y\n") == "def f(x):\n    y = x + 1\n\n    return y\n"
    two = f"{cell}def g(x):\n    {begin}\n    pass\n    {end}\n"
    assert filled(two, "la celda entera") == "la celda entera"
    assert filled(two, "y = 1\n# ---\nreturn x\n") == "def f(x):\n    y = 1\ndef g(x):\n    return x\n"


def test_there_are_independent_sets_to_check():
    assert {"11-bucle", "17-partidas-a-lotes", "18-decoder"} <= {n.slug for n in WITH_SETS}


@pytest.mark.parametrize("notebook", WITH_SETS, ids=lambda n: n.slug)
def test_every_independent_set_passes_all_the_tests_of_its_notebook(notebook):
    import nbformat

    nb = rendered_source(notebook)
    release = nbformat.read(str(COURSE.layout.notebook(RELEASE, notebook.slug)), as_version=4)
    wanted = {e.grade_id for e in exercises(nb, release)}
    source_of = {cells.grade_id(nb.cells[s]): nb.cells[s].source for s, _ in cells.exercises(nb)}
    in_order = [gid for gid in source_of if gid in wanted]
    sets = independent_sets(COURSE.layout.catalogue_dir, notebook.slug)
    assert len(sets) >= 5, f"{notebook.slug}: {len(sets)} juegos; hacen falta cinco"
    variants = []
    for number, written in enumerate(sets, start=1):
        assert set(written) == wanted, (f"{notebook.slug}, juego {number}: tiene {sorted(written)}, "
                                        f"y los ejercicios de código son {sorted(wanted)}")
        first, *rest = [(gid, cells.answered(source_of[gid], written[gid])) for gid in in_order]
        variants.append(Variant(f"juego {number}", *first, also=tuple(rest)))  # el juego entero, como lo entregaría
    problems = []
    for outcome in run(SimpleNamespace(nb=nb, variants=variants), variants):
        problems += [f"{outcome.label}: suspende {test}: {error.strip().splitlines()[-1]}"
                     for test, error in outcome.failed_tests.items()]
        problems += [f"{outcome.label}: {error}" for error in outcome.other_errors]
    assert not problems, "\n".join(problems)
