"""El informe de parecidos con la tercera, la cuarta, la quinta y la sexta clase apartada
(``copies_class_third``, ``copies_class_fourth``, ``copies_class_fifth`` y ``copies_class_sixth``, en 11, 17 y 18),
escritas cada una por alguien que no vio los juegos independientes, las otras clases, el código del informe ni sus
umbrales. Lo que pide la issue 43, por alumno
y no por ejercicio: se señala exactamente a la pareja que comparte trabajo y a quien pegó la solución publicada
disfrazada a mano; a ninguno de los tres que trabajan solos ni al cuaderno en blanco.

La quinta se escribió cuando las otras ya no eran ciegas para el informe (fermin, en la cuarta, no salía: su disfraz
reescribe expresiones). Se midió por primera vez con la medida nueva ya calibrada (lo propio de la solución, medido
desde ella, y una copia con expresiones reescritas en la calibración), y salió bien. Después cambiaron dos cosas que
no venían de ella: los juegos independientes se miden en su celda, como se leen las entregas (antes, lo que empieza o
acaba una respuesta junto a la firma dada parecía propio), y, contra la solución, las letras mínimas son las de lo
propio de ella; los ajustes se recalcularon con la calibración, y la quinta sigue saliendo bien.

La sexta se escribió y se midió después, sin cambiar nada: salen el copión y ningún honrado (leandro, que escribe lo
más directo, da 0.60 en 11 frente al umbral 0.63); la pareja no sale (``xfail`` estricto): quien copia reescribe casi
todas las expresiones, más que la calibración, y lo que queda en común no llega a las letras mínimas en ningún
cuaderno. Probado después, sin quedarse con nada: guardar los nombres de los atributos (``.permute``, ``.split``), con
k 12, 15 o 18, no la saca; con k 8 la calibración no separa ningún cuaderno, y con k 10 ninguno contra la solución."""

from __future__ import annotations

import pytest

import copies_class_fifth
import copies_class_fourth
import copies_class_sixth
import copies_class_third
from copies_class import make_class

from course_tools.grading.copies import compare_class
from course_tools.grading.similarity import COPY_OF_SOLUTION, SAME_AS_CLASSMATE
from course_tools.layout.course import ROOT, Course

CLASSES = {"tercera": copies_class_third, "cuarta": copies_class_fourth, "quinta": copies_class_fifth,
           "sexta": copies_class_sixth}


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


@pytest.mark.parametrize("name", [name if name != "sexta" else pytest.param(name, marks=pytest.mark.xfail(
    strict=True, reason=("casimiro reescribe casi cada línea de eulalia (x.shape[0] por len(x), * (1 / n) por / n, un if "
                         "por la expresión condicional, otro orden): comparten 54, 59 y 77 letras no naturales en 11, 17 "
                         "y 18, menos de las 120 mínimas, y 0.22–0.50 de su código"))) for name in CLASSES])
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


@pytest.mark.parametrize("name", CLASSES)
def test_the_disguised_copy_of_the_solution_is_flagged_and_nobody_else(graded, name):
    module, result = graded(name)
    assert {f.student for f in result.findings if f.code == COPY_OF_SOLUTION} == {module.COPIER}


@pytest.mark.parametrize("name", CLASSES)
def test_every_learner_but_the_blank_one_answers_every_code_exercise(name):
    """Una clase apartada vale si cada alumno entrega todo: un grade_id mal escrito dejaría a alguien sin comparar
    (sus autores comprobaron aparte, con ``proof_execution.run``, que cada uno da todos los puntos)."""
    from course_tools.grading.similarity import course_exercises

    module, course = CLASSES[name], Course(ROOT)
    wanted = {e.grade_id for slug in module.SLUGS for e in course_exercises(course, slug)}
    assert module.WORK[module.BLANK] == {}
    assert {student: set(work) for student, work in module.WORK.items() if student != module.BLANK} == {
        student: wanted for student in module.WORK if student != module.BLANK}
