"""La segunda defensa: donde un núcleo no puede encerrarse (sin Landlock; aquí, con COURSE_SANDBOX=0),
lo que escribe en el curso de verdad se deshace al final de la ronda y la tabla lo dice."""

from __future__ import annotations

import nbformat

from catalogo_hostil import ATTACK_MARK, CATALOGUE, FULL_MARKS, LOOT_MARK, SLUG, said
from course_tools.build import prepare_course
from course_tools.course import Course, Notebook
from course_tools.grading import gradebook
from course_tools.isolation import sandbox
from course_tools.grading.collect import read_folder
from course_tools.grading.run import grade_all


THIEVES = ("ladrona",)  # fisgona leería la entrega que la intrusa rompe aquí a propósito


def test_lo_que_escribe_un_nucleo_sin_encierro_se_deshace(tmp_path, monkeypatch):
    monkeypatch.setenv(sandbox.SWITCH_ENV, "0")  # lo heredan los trabajadores y, de ellos, cada núcleo
    root = tmp_path / "curso"
    selected = [Notebook(SLUG)]
    prepare_course(root, selected)
    course = Course(root)
    solved = nbformat.read(str(course.notebook("source", SLUG)), as_version=4)
    course.notebook("submitted", SLUG, student="solucion").parent.mkdir(parents=True)
    nbformat.write(solved, str(course.notebook("submitted", SLUG, student="solucion")))
    release = nbformat.read(str(course.notebook("release", SLUG)), as_version=4)
    make, points, _problem = CATALOGUE["intrusa"]
    make(root / "submitted" / "intrusa" / SLUG, solved, None)
    for student in THIEVES:  # sin encierro, las que leen se llevan la nota: los ataques son de verdad
        CATALOGUE[student][0](root / "submitted" / student / SLUG, solved, release)
    handed_in = read_folder(root / "submitted")

    outcomes = {o.student: o for o in grade_all(root, selected=selected, jobs=2, timeout=10, quiet=True)}

    assert "sí" in " ".join(said(root, "intrusa", ATTACK_MARK)), "la intrusa no llegó a escribir: la prueba no prueba nada"
    assert read_folder(root / "submitted") == handed_in
    assert "submission-altered" in outcomes["solucion"].codes()
    assert outcomes["solucion"].score == outcomes["intrusa"].score == points == FULL_MARKS
    for student in THIEVES:
        assert outcomes[student].score == FULL_MARKS and said(root, student, LOOT_MARK) != ["nada"], outcomes[student].status
    assert gradebook.scores(f"sqlite:///{root / 'gradebook.db'}", "solucion", SLUG)[0] == FULL_MARKS
    nbformat.read(str(course.notebook("autograded", SLUG, student="solucion")), as_version=4)
