"""El informe de parecidos con las clases apartadas de la tercera a la trigésima (``copies_class_third`` …
``copies_class_thirtieth``, en 11, 17 y 18), escritas cada una por alguien que no vio los juegos independientes, las
otras clases, el código del informe ni sus umbrales. Lo que pide la issue 43, por alumno y no por ejercicio: se señala
exactamente a la pareja que comparte trabajo y a quien pegó la solución publicada disfrazada a mano; a ninguno de los
tres que trabajan solos ni al cuaderno en blanco.

Cada clase dejó de ser ciega en cuanto se midió; lo que cambió después de medir una se comprobó con la siguiente:

- tercera a quinta: salían todos bien con la medida contra la solución de entonces (umbral 0.63 en 11);
- sexta: la pareja reescribe casi cada expresión y no salía en ningún cuaderno; de ahí la suma de todo el curso
  (``same-in-course``), que la sacaba (0.280 frente a 0.26);
- séptima, a ciegas para esa suma: salía jaime, honrado, contra la solución (0.654 en 11: escribe al pie de la letra
  del curso, como ella), y no salían ni el copión ni la pareja. La calibración no tenía ese alumno, el más común: se
  añadieron tres juegos escritos así (11 a 13), y con ellos la calibración, a ciegas, ya no juzga ningún cuaderno
  contra la solución (en 11, un juego así tiene 0.781 de lo propio de ella, y lo que solo ella escribe son 32
  letras). Que la copia de un juego casi todo natural no se vea dejó de impedir juzgar su cuaderno;
- octava y novena, a ciegas para todo eso: ningún honrado sale; la pareja de la octava sale sumada en el curso y la de
  la novena, que reescribe cada línea, no;
- décima, a ciegas para el informe (quien la escribió vio por error el docstring y dos líneas de la novena, no el
  informe ni los juegos): ningún honrado sale, tampoco lorena, que escribe al pie de la letra; la pareja, no.

Después, sin cambiar ninguna clase: lo propio de la solución se sumó en todo el curso (11, 17 y 18), con umbral de la
calibración (0.66). Antes de escribirlo se miró cuánto de ella tenían, con la medida de cada cuaderno, los copiones y
los honrados de estas clases; el umbral no salió de ellas. Undécima y duodécima, a ciegas para esa suma: ningún
honrado salía; las dos parejas, sí (la undécima, sumada en el curso); los dos copiones, no (0.383 y 0.496).
Decimotercera y decimocuarta, a ciegas para todo lo de antes: ningún honrado; la pareja de la decimotercera, en 17; la
de la decimocuarta, no (0.289 sumada en el curso); ningún copión (0.496 y 0.383).

Al mirar por qué los copiones conservaban justo el mismo pasaje de 18: es la atención que enseña el 14
(``attention_ok``), casi la solución. Un honrado que la escribe como el 14 salía con aquella suma (un juego al pie de
la letra, 0.711 frente a 0.66). Lo que enseñan las versiones de alumno hasta cada cuaderno pasó a ser código dado
(``similarity.shown_hashes``); con eso, lo que solo escribe la solución en 11, 17 y 18 son 98 letras, y la
calibración ya no suma contra ella. Los ajustes cambiaron (entre compañeros 0.58, en todo el curso 0.28), y la pareja
de la decimocuarta sale (0.306 y 0.365 sumada en el curso). Decimosexta, a ciegas para eso: ningún honrado (tampoco
leonor, que escribe al pie de la letra); la pareja, en 11. Decimoquinta, también a ciegas: ningún honrado (tampoco
abel, con param_groups idéntico a la solución); la pareja, en 17.

Decimoséptima a decimonovena, a ciegas para todo eso: ningún honrado; las tres parejas; ningún copión. Con todas las
clases vistas, se buscó otra señal que no fuera cuánto de la solución conserva cada uno (un juego honrado, el 6,
conserva más que muchos copiones): por dónde se aparta de ella (``neighbours``). Un honrado se aparta en algún
ejercicio hacia una forma que escribe también un juego; un copión solo en lo que disimula. Se probó, mirando estas
clases, con otras medidas del parecido (huellas en vez de ``difflib``) y con cuánto está más cerca de ella que de los
juegos (lo que más separaba en la calibración, y no en las clases 17 a 19); la regla se fijó entonces, con sus umbrales
de la calibración (se aparta como mucho 0.024, se le parece al menos 0.65), y se escribieron tres clases más.
Vigésima a vigesimosegunda, a ciegas para la regla y sin tocarla después: ningún honrado (tampoco adolfo, isidro ni
ricardo, que escriben casi como la solución: se apartan 0.074, 0.102 y 0.086); las tres parejas; los copiones de la
vigésima y la vigesimosegunda (0.019 y 0.009), no el de la vigesimoprimera (0.027).

Después, veinte honrados de un mismo estilo, uno de cada clase, juntos en una clase: salían emparejados 18 de 20
principiantes (75 pares) y 18 de 20 que ya programaban (24 pares), y las veinte clases juntas, 433 pares que no eran
parejas. Seis juegos más de esos estilos no lo arreglaban. Lo arregló tratar la clase como la calibración trata los
juegos: no es evidencia de una pareja lo que escribe también un tercero de la clase (``Thresholds.class_holders``).
Con eso, ninguno de un mismo estilo sale, y la pareja de la decimocuarta deja de salir (0.276 sumada en el curso, 111
letras).

Después, dos de un mismo estilo en una clase pequeña (los tres honrados de una clase y uno de otra): no hay tercero
que diga que es un estilo, y salían emparejados dos principiantes en 30 de 30 combinaciones de las clases 3 a 22, dos
programadores en 9 de 30, dos al pie de la letra en 0. Los trece juegos tienen pocos de cada estilo. Lo arregló un
corpus de trabajo honrado (``honest_corpus``, en ``catalogues/independent/learners.py``): los honrados de las clases
apartadas y seis juegos de estilo; entre compañeros, y en la calibración entre juegos, lo que escribe uno de ellos es
natural. Cada clase se juzga sin sus propios honrados en el corpus. La regla y sus umbrales (0.48 y 0.24, de la
calibración) se fijaron antes de medir cuatro clases nuevas, vigesimotercera a vigesimosexta, escritas a ciegas: con la
regla de antes salían exactas las cuatro, pero sus dos de un mismo estilo, mezclados, salían emparejados en 12 de 12
(principiantes), 10 de 12 (programadores) y 2 de 12 (al pie de la letra); con la nueva, en ninguna, y las cuatro
siguen exactas. El precio: lo que escribe también un honrado del corpus tampoco es evidencia de una pareja, y salen
menos letras propias. La sexta sale ahora (0.253 sumada); la undécima (108 letras) y la decimoquinta (0.235) dejan de
salir.

Vigesimoséptima a trigésima, a ciegas para esa regla y sus umbrales, medidas una vez sin tocar nada: exactas las
cuatro (la pareja, tres en un cuaderno y una sumada en el curso; el copión, apartándose de 0.004 a 0.013; ningún
honrado ni blanco). Al meter sus honrados en el corpus, la calibración movió el umbral entre compañeros de 0.48 a
0.49 (la copia disfrazada menos parecida pasó de 0.668 a 0.698); ninguna clase cambia.

Así, hoy: ningún honrado ni blanco sale en ninguna clase, ni en las de un mismo estilo, ni con dos de un estilo en una
clase pequeña; las parejas salen en todas menos la séptima, novena, décima, undécima, decimocuarta y decimoquinta
(``xfail`` estricto), 22 de 28; los copiones de la solución, en todas menos la séptima y la vigesimoprimera (``xfail``
estricto), 26 de 28, que reescriben más de lo que se aparta de ella el juego 6, escrito casi como ella. Con el disfraz
que describe la issue en lugar del de cada clase (``test_copies_like_the_issue``), salen exactamente la pareja y el
copión en las veintiocho."""

from __future__ import annotations

import pytest

from blind_classes import CLASSES
from copies_class import make_class
from honest_corpus import name_of as corpus_name

from course_tools.grading.copies import compare_class
from course_tools.grading.similarity import COPY_OF_SOLUTION, SAME_AS_CLASSMATE, SAME_IN_COURSE, Thresholds
from course_tools.layout.course import ROOT, Course


# Las parejas que no salen: quien copia reescribe casi cada expresión de su compañero (len(x) por x.shape[0],
# [:, None] por unsqueeze, otro orden, otra forma de cada cuenta); sumado en todo el curso, la parte de su código no
# natural que comparten queda por debajo del umbral (0.24) o son menos letras de las que hacen falta (120).
UNSEEN_PAIRS = {"séptima": "0.078, 52 letras", "novena": "0.036, 15 letras", "décima": "0.194, 89 letras",
                "undécima": "0.340, pero 108 letras", "decimocuarta": "0.257, pero 82 letras",
                "decimoquinta": "0.235, 95 letras"}
# Los copiones que no salen: reescriben más de la solución de lo que se aparta de ella el juego 6, escrito casi como
# ella (0.031); el umbral es el punto medio entre él y la copia reescrita (0.017): 0.024.
UNSEEN_COPIES = {"séptima": "se aparta 0.032", "vigesimoprimera": "se aparta 0.027"}

def _unseen(name: str, reason: str | None):
    return pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=reason)) if reason else name


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """La comparación de cada clase, hecha una vez: ``graded(nombre)`` da (módulo de la clase, resultado)."""
    done = {}

    def compare(name: str):
        if name not in done:
            module = CLASSES[name]
            root = make_class(tmp_path_factory.mktemp(name) / "clase", ROOT, work=module.WORK,
                              corpus_without=(corpus_name(module),))
            done[name] = (module, compare_class(Course(root)))
        return done[name]
    return compare


@pytest.mark.parametrize("name", [_unseen(name, UNSEEN_PAIRS.get(name) and f"la pareja reescribe casi todo: "
                                                                   f"{UNSEEN_PAIRS[name]} en todo el curso")
                                  for name in CLASSES])
def test_the_pair_is_flagged_and_nobody_else_is_paired(graded, name):
    """En algún cuaderno o, si en ninguno llega por separado, sumado en todo el curso."""
    module, result = graded(name)
    pairs = {frozenset((f.student, f.other)) for f in result.findings if f.code in (SAME_AS_CLASSMATE, SAME_IN_COURSE)}
    assert pairs == {frozenset(module.PAIR)}


@pytest.mark.parametrize("name", CLASSES)
def test_nobody_is_paired_who_is_not_the_pair(graded, name):
    """Lo que sí se cumple en todas, también donde la pareja no sale: nadie más sale emparejado."""
    module, result = graded(name)
    pairs = {frozenset((f.student, f.other)) for f in result.findings if f.code in (SAME_AS_CLASSMATE, SAME_IN_COURSE)}
    assert pairs <= {frozenset(module.PAIR)}


def test_the_pair_who_rewrites_most_expressions_is_seen_only_in_the_whole_course(graded):
    """La octava: esteban reescribe buena parte de lo de dolores (permute por transpose, [:, None] por unsqueeze, el if
    del dropout…). En ningún cuaderno llegan; sumados los tres, sí, y el informe dice cuáles."""
    module, result = graded("octava")
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


@pytest.mark.parametrize("name", [_unseen(name, UNSEEN_COPIES.get(name) and f"el copión reescribe mucho: "
                                                                    f"{UNSEEN_COPIES[name]} hacia los juegos")
                                  for name in CLASSES])
def test_the_disguised_copy_of_the_solution_is_flagged_and_nobody_else(graded, name):
    """En «todo el curso»: escribe como ella en 11, 17 y 18, y donde se aparta no es hacia ningún juego honrado."""
    module, result = graded(name)
    found = {f.student: f for f in result.findings if f.code == COPY_OF_SOLUTION}
    assert set(found) == {module.COPIER}
    assert found[module.COPIER].notebooks == module.SLUGS


@pytest.mark.parametrize("name", CLASSES)
def test_nobody_but_the_copier_is_flagged_against_the_solution(graded, name):
    """Lo que sí se cumple en todas, también donde el copión no sale."""
    module, result = graded(name)
    assert {f.student for f in result.findings if f.code == COPY_OF_SOLUTION} <= {module.COPIER}


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

    module = CLASSES["octava"]
    course = Course(make_class(tmp_path / "octava", ROOT, work=module.WORK, corpus_without=(corpus_name(module),)))
    result = compare_class(course, replace(Thresholds(), course_min_notebooks=len(module.SLUGS) + 1))
    assert not [f for f in result.findings if f.code == SAME_IN_COURSE]


def test_the_report_shows_the_pair_of_the_whole_course_exercise_by_exercise_in_each_notebook(graded, tmp_path):
    from course_tools.grading import copies_report

    module, result = graded("octava")
    made = copies_report.write_reports(result, tmp_path, Thresholds().k)
    page = made["html"].read_text(encoding="utf-8")
    assert "todo el curso: dolores y esteban" in page or "todo el curso: esteban y dolores" in page
    course = [f for f in result.findings if f.code == SAME_IN_COURSE]
    assert {result.assignment_of[gid] for f in course for gid, _ in f.exercises} == set(module.SLUGS)
    assert all(f"<h3>{gid}</h3>" in page for f in course for gid, _ in f.exercises)
    assert "<mark>" in page
    rows = made["csv"].read_text(encoding="utf-8").splitlines()
    assert any(line.startswith("dolores,todo el curso,esteban,") and SAME_IN_COURSE in line for line in rows)
    lines = copies_report.summary_lines(result)
    assert any(line.startswith("esteban  todo el curso  same-in-course: comparte con dolores, sumado en los 3")
               for line in lines), lines


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
