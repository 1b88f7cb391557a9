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
más directo, da 0.60 en 11 frente al umbral 0.63); la pareja no salía: quien copia reescribe casi todas las
expresiones, más que la calibración, y lo que queda en común no llega a las letras mínimas en ningún cuaderno (54, 49
y 77 letras; 0.22–0.40). Guardar los nombres de los atributos (``.permute``, ``.split``) con k 12, 15 o 18, k 8 o 10,
no la sacaban. Sí la saca sumar la evidencia de una pareja en todos los cuadernos que entregaron los dos
(``same-in-course``, umbral 0.26 de la calibración: el par honrado más parecido en todo el curso da 0.179 y el juego
reescrito menos parecido a su original, 0.339): 0.280 y 180 letras. Esta clase ya no es ciega para esa medida: sabía
que la pareja no salía cuando la añadí. La séptima la comprueba a ciegas."""

from __future__ import annotations

import pytest

import copies_class_fifth
import copies_class_fourth
import copies_class_sixth
import copies_class_third
from copies_class import make_class

from course_tools.grading.copies import compare_class
from course_tools.grading.similarity import COPY_OF_SOLUTION, SAME_AS_CLASSMATE, SAME_IN_COURSE, Thresholds
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


@pytest.mark.parametrize("name", CLASSES)
def test_the_pair_is_flagged_and_nobody_else_is_paired(graded, name):
    """En algún cuaderno o, si en ninguno llega por separado, sumado en todo el curso."""
    module, result = graded(name)
    pairs = {frozenset((f.student, f.other)) for f in result.findings if f.code in (SAME_AS_CLASSMATE, SAME_IN_COURSE)}
    assert pairs == {frozenset(module.PAIR)}


def test_the_pair_who_rewrites_every_expression_is_seen_only_in_the_whole_course(graded):
    """La sexta: casimiro reescribe casi cada línea de eulalia (x.shape[0] por len(x), * (1 / n) por / n, un if por la
    expresión condicional, otro orden). En ningún cuaderno llegan; sumados los tres, sí, y el informe dice cuáles."""
    module, result = graded("sexta")
    assert not [f for f in result.findings if f.code == SAME_AS_CLASSMATE]
    found = {f.student: f for f in result.findings if f.code == SAME_IN_COURSE}
    assert set(found) == set(module.PAIR)
    assert all(f.notebooks == module.SLUGS and "3 cuadernos juzgados" in f.reason for f in found.values())


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


def test_in_the_whole_course_the_pair_must_share_enough_notebooks(tmp_path):
    """Con menos cuadernos en común que ``course_min_notebooks`` no se suman (en uno solo, el umbral es el del cuaderno)."""
    from dataclasses import replace

    module = copies_class_sixth
    course = Course(make_class(tmp_path / "sexta", ROOT, work=module.WORK))
    result = compare_class(course, replace(Thresholds(), course_min_notebooks=len(module.SLUGS) + 1))
    assert not [f for f in result.findings if f.code == SAME_IN_COURSE]


def test_the_report_shows_the_pair_of_the_whole_course_exercise_by_exercise_in_each_notebook(graded, tmp_path):
    from course_tools.grading import copies_report

    module, result = graded("sexta")
    made = copies_report.write_reports(result, tmp_path, Thresholds().k)
    page = made["html"].read_text(encoding="utf-8")
    assert "todo el curso: casimiro y eulalia" in page or "todo el curso: eulalia y casimiro" in page
    course = [f for f in result.findings if f.code == SAME_IN_COURSE]
    assert {result.assignment_of[gid] for f in course for gid, _ in f.exercises} == set(module.SLUGS)
    assert all(f"<h3>{gid}</h3>" in page for f in course for gid, _ in f.exercises)
    assert "<mark>" in page
    rows = made["csv"].read_text(encoding="utf-8").splitlines()
    assert any(line.startswith("eulalia,todo el curso,casimiro,") and SAME_IN_COURSE in line for line in rows)
    lines = copies_report.summary_lines(result)
    assert any(line.startswith("casimiro  todo el curso  same-in-course: comparte con eulalia, sumado en los 3")
               for line in lines), lines
