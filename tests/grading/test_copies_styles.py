"""El informe de parecidos con alumnos de un mismo estilo, sacados de las clases apartadas (``blind_classes``): todos
en una clase, o dos en una clase pequeña. Ninguno es pareja de nadie. Va aparte de ``test_copies_blind_classes``
para que las dos se corran a la vez."""

from __future__ import annotations

import pytest

from blind_classes import CLASSES
from copies_class import make_class
from honest_corpus import name_of as corpus_name

from course_tools.grading.copies import compare_class
from course_tools.layout.course import ROOT, Course


# Veinticuatro alumnos independientes de un mismo estilo, cada uno de una clase (escritos por personas que no se
# vieron): una clase así no tiene ninguna pareja. En ejercicios cortos, los principiantes escriben los mismos bucles y
# los programadores los mismos unfold y torch.unique: lo que escribe también un tercero no es evidencia de una pareja.
# Sin esa regla salían 18 de 20 principiantes (75 pares) y 18 de 20 programadores (24 pares). Ninguno de ellos está en
# el corpus de trabajo honrado: lo cubre solo la regla del tercero.
@pytest.mark.parametrize("which", [0, 1, 2])
def test_every_independent_learner_of_one_style_in_one_class_is_not_paired(tmp_path, which):
    """El honrado número ``which`` de cada clase (en casi todas: 0, al pie de la letra; 1, principiante; 2, ya
    programaba), todos en una clase."""
    work = {f"{module.HONEST[which]}_{name}": module.WORK[module.HONEST[which]] for name, module in CLASSES.items()}
    everyone = tuple(corpus_name(module) for module in CLASSES.values())
    result = compare_class(Course(make_class(tmp_path / "estilo", ROOT, work=work, corpus_without=everyone)))
    assert len(work) == len(CLASSES) and not result.findings


# Dos de un mismo estilo en una clase pequeña: no hay tercero que diga que es el estilo, y los trece juegos tienen
# pocos de cada uno. Con solo los juegos como natural salían emparejados casi siempre (las clases 3 a 22: dos
# principiantes, 30 de 30 combinaciones; dos programadores, 9 de 30; y a ciegas, en las 23 a 26, 12 de 12 y 10 de 12).
# Lo que lo arregla es el corpus de trabajo honrado: lo que escribe también uno de esos alumnos es natural.
def test_two_independent_learners_of_each_style_in_a_small_class_are_not_paired(tmp_path):
    """Los tres honrados de cada clase y, de las tres siguientes (en el orden de ``CLASSES``), el al pie de la letra
    de una, el principiante de otra y el programador de otra: tres parejas de un mismo estilo que no se conocen. Ninguna
    de las cuatro clases está en el corpus."""
    names, wrong = list(CLASSES), []
    for i, here in enumerate(names):
        others = [names[(i + step) % len(names)] for step in (1, 2, 3)]
        work = {student: CLASSES[here].WORK[student] for student in CLASSES[here].HONEST}
        for which, there in enumerate(others):
            student = CLASSES[there].HONEST[which]
            work[f"{student}_{there}"] = CLASSES[there].WORK[student]
        without = tuple(corpus_name(CLASSES[name]) for name in [here, *others])
        root = make_class(tmp_path / here, ROOT, work=work, corpus_without=without)
        wrong += [(here, f.student, f.other, f.code) for f in compare_class(Course(root)).findings]
    assert not wrong
