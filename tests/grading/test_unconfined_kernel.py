"""La segunda defensa: donde un núcleo no puede encerrarse (sin Landlock; aquí, con el ajuste sandbox=False),
lo que escribe en el curso de verdad se deshace al final de la ronda y la tabla lo dice."""

from __future__ import annotations

import nbformat

from hostile_catalogue import ATTACK_MARK, CATALOGUE, FULL_MARKS, LOOT_MARK, SLUG, said
from course_tools.layout.course import AUTOGRADED, SUBMITTED
from course_tools.grading import gradebook
from course_tools.grading.collect import read_folder
from course_tools.grading.run import grade_all


THIEVES = ("ladrona",)  # fisgona leería la entrega que la intrusa rompe aquí a propósito


def test_what_an_unconfined_kernel_writes_is_undone(pilot):
    root = pilot.root
    solved, release = pilot.solved, pilot.release
    pilot.submit("solucion", solved)
    make, points, _problem = CATALOGUE["intrusa"]
    make(pilot.folder("intrusa"), solved, None)
    for student in THIEVES:  # sin encierro, las que leen se llevan la nota: los ataques son de verdad
        CATALOGUE[student][0](pilot.folder(student), solved, release)
    CATALOGUE["falsificadora"][0](pilot.folder("falsificadora"), solved, release)
    handed_in = read_folder(pilot.layout.step(SUBMITTED))

    outcomes = {o.student: o for o in grade_all(root, selected=pilot.selected, jobs=2, timeout=10, quiet=True,
                                                settings={"sandbox": False})}

    assert "sí" in " ".join(said(root, "intrusa", ATTACK_MARK)), "la intrusa no llegó a escribir: la prueba no prueba nada"
    assert read_folder(pilot.layout.step(SUBMITTED)) == handed_in
    assert "submission-altered" in outcomes["solucion"].codes()
    assert outcomes["solucion"].score == outcomes["intrusa"].score == points == FULL_MARKS
    for student in THIEVES:
        assert outcomes[student].score == FULL_MARKS and said(root, student, LOOT_MARK) != ["nada"], outcomes[student].status
    assert gradebook.scores(f"sqlite:///{pilot.layout.gradebook}", "solucion", SLUG)[0] == FULL_MARKS
    # Escribe de verdad en la libreta de su trabajo, pero la nota la calcula nbgrader después, cuando su núcleo y
    # su nieto ya no existen; y esa nota, la del trabajo, es la única que llega a la libreta del curso.
    assert said(root, "falsificadora", ATTACK_MARK) == ["libreta del trabajo sí"]
    assert outcomes["falsificadora"].score == 0, outcomes["falsificadora"].status
    nbformat.read(str(pilot.layout.notebook(AUTOGRADED, SLUG, "solucion")), as_version=4)
