"""El informe de parecidos con la tercera y la cuarta clase apartada (``copies_class_third`` y
``copies_class_fourth``, en 11, 17 y 18), escritas cada una por alguien que no vio los juegos independientes,
las otras clases ni los umbrales. Lo que pide la issue 43, por alumno y no por ejercicio: se señala exactamente
a la pareja que comparte trabajo y a quien pegó la solución publicada disfrazada a mano; a ninguno de los tres
que trabajan solos ni al cuaderno en blanco.

Lo que no se cumple, dicho tal cual (``xfail`` estricto: si un día se arregla, la prueba lo dice): fermin, en la
cuarta, pega la solución y la disfraza más que la calibración (reescribe expresiones, no solo nombres y orden) y
no sale: 0.361 en 11 y 0.306 en 18, con el umbral en 0.37. Un juego independiente de 11 y de 18 ya se escribe
casi como la solución (0.344), y lo que él escribe igual que ella es natural."""

from __future__ import annotations

import pytest

import copies_class_fourth
import copies_class_third
from copies_class import make_class

from course_tools.grading.copies import compare_class
from course_tools.grading.similarity import COPY_OF_SOLUTION, SAME_AS_CLASSMATE
from course_tools.layout.course import ROOT, Course

CLASSES = {"tercera": copies_class_third, "cuarta": copies_class_fourth}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """La comparación de cada clase, hecha una vez: ``graded(nombre)`` da (módulo de la clase, resultado)."""
    done = {}

    def compare(name: str):
        if name not in done:
            module = CLASSES[name]
            root = make_class(tmp_path_factory.mktemp(name) / "clase", ROOT, work=module.WORK)
            done[name] = (module, compare_class(Course(root)))
        return done[name]
    return compare


@pytest.mark.parametrize("name", CLASSES)
def test_the_pair_is_flagged_and_nobody_else_is_paired(graded, name):
    module, result = graded(name)
    pairs = {frozenset((f.student, f.other)) for f in result.findings if f.code == SAME_AS_CLASSMATE}
    assert pairs == {frozenset(module.PAIR)}


@pytest.mark.parametrize("name", CLASSES)
def test_no_honest_learner_nor_the_blank_notebook_is_flagged(graded, name):
    module, result = graded(name)
    innocent = set(module.HONEST) | {module.BLANK}
    assert not {f.student for f in result.findings} & innocent
    assert not {f.other for f in result.findings} & innocent
    assert not result.skipped


@pytest.mark.parametrize("name", ["tercera", pytest.param("cuarta", marks=pytest.mark.xfail(
    strict=True, reason="fermin disfraza la solución reescribiendo expresiones: 0.361 en 11 y 0.306 en 18, umbral 0.37"))])
def test_the_disguised_copy_of_the_solution_is_flagged_and_nobody_else(graded, name):
    module, result = graded(name)
    assert {f.student for f in result.findings if f.code == COPY_OF_SOLUTION} == {module.COPIER}
