"""Las huellas de los parecidos: estables entre procesos, ciegas a nombres, comentarios y formato."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace

import numpy as np
import pytest

from course_tools.grading.similarity import Thresholds, _winnow, fingerprint, similarity

SETTINGS = Thresholds()
CODE = """
total = 0
for value in values:
    if value > limit:
        total += value * weight
return total / len(values)
"""


def test_renaming_commenting_and_reformatting_do_not_hide_a_copy():
    disguised = """
acc=0  # suma
for v in items:
    if v>cap:  acc += v*w
return acc/len(items)
"""
    assert similarity(fingerprint(disguised, SETTINGS), fingerprint(CODE, SETTINGS), SETTINGS.k) == 1.0


def test_different_code_shares_little():
    other = "return sum(v * weight for v in values if v > limit) / len(values)\n"
    assert similarity(fingerprint(other, SETTINGS), fingerprint(CODE, SETTINGS), SETTINGS.k) < 0.5


def test_winnowing_keeps_the_rightmost_minimum_of_every_window():
    hashes = np.array([5, 3, 9, 3, 7, 8, 1, 6], dtype=np.uint64)
    picked = _winnow(hashes, 4).tolist()
    assert picked == [3, 6]  # ventanas 0-3 y 1-4 y 2-5: el 3 de la posición 3; 3-6, 4-7: el 1
    for start in range(len(hashes) - 3):
        window = hashes[start:start + 4]
        assert any(start <= p < start + 4 and hashes[p] == window.min() for p in picked)


def test_fingerprints_are_the_same_in_another_process():
    here = sorted(fingerprint(CODE, SETTINGS).hashes)
    script = ("import json, sys; from course_tools.grading.similarity import Thresholds, fingerprint; "
              "print(json.dumps(sorted(fingerprint(sys.stdin.read(), Thresholds()).hashes)))")
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", script], input=CODE, capture_output=True, text=True, env=env,
                         check=True)
    assert json.loads(out.stdout) == here and here


def test_code_shorter_than_a_kgram_has_no_fingerprints():
    assert fingerprint("x = 1", SETTINGS).hashes == {}


def _measured():
    """Todas las filas de la calibración (unos segundos), medidas una vez para todas las pruebas."""
    from course_tools.grading.copies_calibration import measure

    if not hasattr(_measured, "rows"):
        _measured.rows = measure()
    return _measured.rows


# Los tres de la clase de la issue 43 se juzgan entre compañeros. Contra la solución publicada, hoy ninguno: los
# juegos escritos al pie de la letra del curso la escriben (la prueba de abajo ve que si se juzgara 11, 01 o 18
# contra ella, sus copias no llegarían a las letras mínimas, o saldría un honrado).
JUDGED_BETWEEN_CLASSMATES = {"11-bucle", "17-partidas-a-lotes", "18-decoder"}


def test_the_settings_pass_their_calibration_on_independent_work():
    """Ningún juego de catalogues/independent sale contra otro en lo que el informe juzga, ni en un cuaderno ni
    sumado en todo el curso; toda copia disfrazada que se puede ver sale."""
    from course_tools.grading.copies_calibration import AGAINST_CLASSMATE, AGAINST_SOLUTION, judged, problems

    rows = judged(_measured(), SETTINGS)
    assert {r.slug for r in rows if r.against == AGAINST_CLASSMATE} >= JUDGED_BETWEEN_CLASSMATES
    assert {r.slug for r in rows if r.against == AGAINST_SOLUTION} == set(SETTINGS.solution_notebooks)
    assert len([r for r in rows if not r.should_flag]) >= 3 * 78  # trece juegos y sus 78 pares en 11, 17 y 18
    assert problems(rows) == []


@pytest.mark.parametrize("lowered, seen", [
    ({"classmate": 0.26, "min_evidence": 40}, "17-partidas-a-lotes: juego 1 / juego 12 sale"),
    ({"min_evidence": 200}, "02-numpy: juego 4 disfrazado / juego 4 no sale"),
    ({"solution": {"11-bucle": 0.5}}, "11-bucle: solución disfrazada / solución no sale (100 %, 32 letras)"),
    ({"solution": {"01-python": 0.9}}, "01-python: solución disfrazada / solución no sale"),
    ({"solution": {"08-modulos": 0.5}}, "08-modulos: juego 1 / solución sale"),
    ({"course": 0.10}, "todo el curso: juego 2 / juego 4 (16 cuadernos) sale"),
    ({"course": 0.38}, "todo el curso: juego 1 reescrito / juego 1 (16 cuadernos) no sale"),
    # En 11, 17 y 18 el juego 6, escrito casi como la solución, se aparta de ella hacia los otros 0.031; la reescrita,
    # 0.017; y la mediana de los juegos se le parece 0.649.
    ({"solution_course_strays": 0.032}, "todo el curso: juego 6 / solución (3 cuadernos) sale"),
    ({"solution_course_strays": 0.016}, "todo el curso: solución reescrita / solución (3 cuadernos) no sale"),
    ({"solution_course_closeness": 0.93}, "todo el curso: solución reescrita / solución (3 cuadernos) no sale")])
def test_the_calibration_fails_with_a_setting_it_did_not_choose(lowered, seen):
    """La prueba de arriba puede fallar: con un umbral (y las letras) más bajos sale un honrado; con más letras o un
    cuaderno contra la solución, una copia disfrazada deja de salir (o sale un honrado)."""
    from course_tools.grading.copies_calibration import judged, problems

    found = problems(judged(_measured(), replace(SETTINGS, **lowered)))
    assert any(seen in line for line in found), found


def test_the_calibration_measures_only_what_the_report_judges():
    from course_tools.grading.copies_calibration import AGAINST_SOLUTION, calibrate

    from course_tools.grading.similarity import WHOLE_COURSE

    rows = calibrate()
    assert {r.slug for r in rows} == {r.slug for r in _measured() if r.size >= SETTINGS.notebook_min_chars} | {WHOLE_COURSE}
    assert {r.slug for r in rows if r.against == AGAINST_SOLUTION} == set(SETTINGS.solution_notebooks)
    assert "00-cuadernos" not in {r.slug for r in rows}


def test_a_disguised_copy_is_renamed_commented_spaced_and_reordered():
    from course_tools.grading.disguise import disguised

    code = "a = x + 1\nb = y * 2\nreturn a + b\n"
    out = disguised(code)
    first = out.split("\n")[0]
    assert "b_m" in first and "y_m" in first and "# " in first and "\n\n" in out


def _row(score, shared, should_flag, what="juego 1 / solución", slug="99-prueba", size=300, against="solución",
         parts=()):
    from course_tools.grading.copies_calibration import Row
    from course_tools.grading.evidence import Evidence

    if parts:  # (compartidas, propias) de uno frente al otro y del otro frente al uno
        parts = (Evidence(own=parts[1], shared=parts[0]), Evidence(own=parts[3], shared=parts[2]))
    return Row(slug, what, score, shared, False, should_flag, size, against, letters=shared, parts=parts)


def test_the_blind_threshold_is_the_middle_between_the_highest_honest_and_the_lowest_copy_that_can_be_flagged():
    from course_tools.grading.copies_calibration import blind_threshold

    rows = [_row(0.30, 200, False), _row(0.35, 60, False),  # una honrada corta cuenta igual
            _row(0.62, 300, True), _row(0.10, 50, True), _row(0.80, 400, True)]  # 50 letras: no sale con ninguno
    assert blind_threshold(rows, 120) == 0.48
    assert blind_threshold([_row(0.5, 130, True)], 120) == 0.25  # sin honrados: desde 0


def test_without_a_gap_the_blind_threshold_says_which_rows_and_fails():
    import pytest

    from course_tools.grading.copies_calibration import NoGap, blind_threshold

    with pytest.raises(NoGap, match=r"juego 2 / solución, da 0.700 \(50 letras\).*0.600"):
        blind_threshold([_row(0.70, 50, False, "juego 2 / solución"), _row(0.60, 150, True)], 120)
    with pytest.raises(NoGap, match="ninguna copia"):
        blind_threshold([_row(0.70, 150, False), _row(0.90, 100, True)], 120)


def test_the_notebooks_judged_are_the_longest_that_separate_their_copies_from_their_pairs():
    from course_tools.grading.copies_calibration import SETS_FOR_A_THRESHOLD, NoGap, blind_min_chars, solution_thresholds

    def notebook(slug, size, honest, copy, shared=200, against="compañero", sets=1):
        return [_row(honest, 200, False, "juego 1 / juego 2", slug, size, against)] * sets + [
            _row(copy, shared, True, "juego 1 disfrazado / juego 1", slug, size, against)]

    rows = (notebook("a", 500, 0.2, 0.6) + notebook("b", 300, 0.3, 0.5) + notebook("c", 200, 0.2, 0.7, shared=90)
            + notebook("d", 100, 0.1, 0.9))
    assert blind_min_chars(rows, 120) == 250  # c no llega a las letras: entre b (300) y c (200); d tampoco se juzga
    assert blind_min_chars(notebook("a", 500, 0.2, 0.6), 120) == 0
    with pytest.raises(NoGap, match="ni el cuaderno con más código propio"):
        blind_min_chars(notebook("a", 500, 0.7, 0.6), 120)
    enough = SETS_FOR_A_THRESHOLD
    against = (notebook("a", 500, 0.6, 0.4, against="solución", sets=enough)
               + notebook("b", 300, 0.2, 0.5, against="solución", sets=enough)
               + notebook("c", 100, 0.2, 0.5, against="solución", sets=enough)
               + notebook("d", 400, 0.2, 0.5, against="solución", sets=enough - 1))
    # a: un honrado por encima de la copia; c: corto; d: pocos juegos para fiarse de su honrado más alto
    assert solution_thresholds(against, 250, 120) == {"b": 0.35}


def test_the_default_settings_are_the_ones_their_calibration_chooses():
    """Los ocho ajustes de settings.py salen de la calibración, a ciegas: «copies_calibration --umbral» los da."""
    from course_tools.grading.copies_calibration import chosen
    from course_tools.settings import course_settings

    found = chosen(_measured(), SETTINGS.min_evidence)
    assert found == {"similarity_notebook_min_chars": SETTINGS.notebook_min_chars,
                     "similarity_solution_thresholds": SETTINGS.solution,
                     "similarity_solution_course_notebooks": list(SETTINGS.solution_course_notebooks),
                     "similarity_solution_course_strays": SETTINGS.solution_course_strays,
                     "similarity_solution_course_closeness": SETTINGS.solution_course_closeness,
                     "similarity_threshold_classmate": SETTINGS.classmate,
                     "similarity_threshold_course": SETTINGS.course,
                     "similarity_course_min_notebooks": SETTINGS.course_min_notebooks}
    configured = course_settings()  # y nbgrader_config.py dice lo mismo
    assert {name: getattr(configured, name) for name in found} == found


def test_the_calibration_command_prints_the_settings_or_why_there_are_none(capsys, monkeypatch):
    from course_tools.grading import copies_calibration

    rows = [_row(0.2, 200, False, against="solución")] * copies_calibration.SETS_FOR_A_THRESHOLD
    rows += [_row(0.2, 200, False, "juego 1 / juego 2", slug, against="compañero", parts=(60, 200, 60, 200))
             for slug in ("99-prueba", "98-prueba")]
    rows += [_row(0.6, 200, True, against="solución")]
    rows += [_row(0.5, 200, True, "juego 1 disfrazado / juego 1", slug, against="compañero", parts=(140, 200, 140, 200))
             for slug in ("99-prueba", "98-prueba")]
    monkeypatch.setattr(copies_calibration, "measure", lambda t: rows)
    assert copies_calibration.main(["--umbral"]) == 0
    assert capsys.readouterr().out == ("similarity_notebook_min_chars = 0\nsimilarity_solution_thresholds = "
                                       "{'99-prueba': 0.40}\nsimilarity_solution_course_notebooks = []\n"
                                       "similarity_solution_course_strays = 0.00\n"
                                       "similarity_solution_course_closeness = 1.00\nsimilarity_threshold_classmate = 0.35\n"
                                       "similarity_threshold_course = 0.50\nsimilarity_course_min_notebooks = 2\n")
    monkeypatch.setattr(copies_calibration, "measure", lambda t: [_row(0.7, 200, False, against="compañero"),
                                                                  _row(0.6, 200, True, against="compañero")])
    assert copies_calibration.main(["--umbral"]) == 1
    assert capsys.readouterr().out.startswith("Sin umbral: ni el cuaderno con más código propio")


def test_a_rewritten_copy_changes_the_first_expression_of_each_kind_and_keeps_the_rest():
    """Quien disimula escribe alguna expresión de otra forma: la primera de cada clase, no todas."""
    import ast

    from course_tools.grading.disguise import rewritten

    code = "n = len(x) - 1\nm = len(y)\ntotal += a * b\nout = F.pad(x, p, mode='constant', value=0)\nreturn x.shape[-1]"
    out = rewritten(code)
    ast.parse(out)  # sigue siendo Python
    flat = " ".join(out.split())
    assert "x_m .shape [0 ]" in flat and "len (y_m )" in flat  # la primera de su clase cambia; la segunda, no
    assert "total_m =total_m +" in flat and "b_m *a_m" in flat  # += escrito entero; el producto conmutado
    assert flat.index("value_m") < flat.index("mode_m")  # los argumentos con nombre, al revés
    assert "x_m .shape [-1 ]" in flat  # x.shape: ya se cambió un tamaño


def test_against_the_solution_the_evidence_is_how_much_of_it_the_learner_has():
    """Desde la solución: escribir más (aunque sea natural) no diluye una copia, y las letras que cuentan son lo propio
    de la solución."""
    from course_tools.grading.evidence import notebook_evidence, solution_evidence

    solution = {"e": fingerprint(CODE, SETTINGS)}
    extra = CODE + "\n".join(f"print(values[{i}], limit * {i}, weight + {i})" for i in range(12))
    learner = {"e": fingerprint(extra, SETTINGS)}
    found = solution_evidence(learner, solution, {}, SETTINGS.k, SETTINGS.min_chars)
    assert found.score == 1.0 and found.letters == found.own == found.shared
    diluted = notebook_evidence(learner, solution, {}, SETTINGS.k, SETTINGS.min_chars)
    assert diluted.score < 0.5 and diluted.letters == diluted.shared


def test_the_regions_of_a_cell_go_back_into_it_as_the_published_solution():
    from course_tools.grading.similarity import course_exercises
    from course_tools.layout.course import Course
    from course_tools.rules import cells

    found = course_exercises(Course(), "08-modulos")
    assert any(len(e.regions()) > 1 for e in found)  # 08 tiene una clase con varias regiones
    for e in found:
        assert e.answered(cells.join_parts(e.regions())) == e.solution


def test_in_the_whole_course_a_pair_of_sets_is_summed_over_the_notebooks_both_have():
    """Sumadas las letras de todos los cuadernos (no la media de sus partes), y la más baja de las dos direcciones;
    un par de un solo cuaderno no se suma, ni la copia que ni sumada llega a las letras mínimas."""
    from course_tools.grading.copies_calibration import AGAINST_COURSE, course_rows
    from course_tools.grading.similarity import WHOLE_COURSE

    rows = [_row(0, 0, False, "juego 1 / juego 2", "a", 300, "compañero", parts=(90, 100, 10, 100)),
            _row(0, 0, False, "juego 1 / juego 2", "b", 300, "compañero", parts=(10, 300, 90, 300)),
            _row(0, 0, False, "juego 1 / juego 2", "corto", 100, "compañero", parts=(100, 100, 100, 100)),
            _row(0, 0, False, "juego 1 / juego 3", "a", 300, "compañero", parts=(90, 100, 90, 100)),
            _row(0, 0, True, "juego 1 disfrazado / juego 1", "a", 300, "compañero", parts=(50, 100, 50, 100)),
            _row(0, 0, True, "juego 1 disfrazado / juego 1", "b", 300, "compañero", parts=(60, 100, 60, 100))]
    (row,) = course_rows(rows, 200, 120)  # «corto» no se juzga: no suma; la copia, 110 letras, no se ve
    assert (row.slug, row.what, row.against, row.score, row.shared) == (
        WHOLE_COURSE, "juego 1 / juego 2 (2 cuadernos)", AGAINST_COURSE, 0.25, 100)


def test_the_notebooks_a_pair_must_share_are_the_fewest_with_which_no_honest_combination_reaches_the_threshold():
    from course_tools.grading.copies_calibration import NoGap, course_min_notebooks

    def pair(parts_by_notebook, what="juego 1 / juego 2"):
        return [_row(0, 0, False, what, slug, 300, "compañero", parts=parts) for slug, parts in parts_by_notebook]

    # Un cuaderno solo llega a 0.5; dos juntos, como mucho (50 + 10) / 200 = 0.3; los tres, 0.23. Nunca menos de dos:
    # uno solo lo juzga el umbral de su cuaderno.
    rows = pair([("a", (50, 100, 50, 100)), ("b", (10, 100, 10, 100)), ("c", (10, 100, 10, 100))])
    assert course_min_notebooks(rows, 200, 0.4) == 2
    assert course_min_notebooks(rows, 200, 0.25) == 3
    assert course_min_notebooks(rows, 200, 0.6) == 2
    with pytest.raises(NoGap, match="0.20"):
        course_min_notebooks(rows, 200, 0.2)


def test_a_copy_that_keeps_too_little_of_its_set_is_not_asked_of_its_notebook_and_counts_only_summed():
    """La copia disfrazada de un juego casi todo natural (el 13 de 11, al pie de la letra) no llega a las letras
    mínimas: no se distingue de otro trabajo natural, y no impide juzgar el cuaderno; solo cuenta en todo el curso."""
    from course_tools.grading.copies_calibration import AGAINST_CLASSMATE, PART_OF_COURSE

    rows = _measured()
    copies = [r for r in rows if r.should_flag and "disfrazado" in r.what]
    hidden = [r for r in copies if r.against == PART_OF_COURSE]
    assert any(r.slug == "11-bucle" and r.what == "juego 13 disfrazado / juego 13" for r in hidden)
    assert all(r.letters < SETTINGS.min_evidence for r in hidden)
    assert all(r.letters >= SETTINGS.min_evidence for r in copies if r.against == AGAINST_CLASSMATE)


def _near(what, slug, weight, close, strays, nearer, copy=False, size=300):
    """Una fila de un cuaderno frente a la solución y los juegos, como la mide ``_near_rows``."""
    from course_tools.grading.copies_calibration import NEAR_SOLUTION, _near_row
    from course_tools.grading.neighbours import Nearness

    return _near_row(slug, what, Nearness(weight, close, strays, nearer), copy, size, NEAR_SOLUTION)


def test_against_the_solution_each_set_and_each_copy_is_summed_over_the_notebooks_where_it_is_looked_at():
    """Por dónde se aparta de la solución cada juego y cada copia, sumado en los cuadernos en que se mira así (no en
    los cortos ni en los de fuera); de ahí salen los dos umbrales y los cuadernos mínimos."""
    from course_tools.grading.copies_calibration import (AGAINST_SOLUTION_IN_COURSE, NoGap, near_min_notebooks,
                                                         near_thresholds, solution_course_rows)

    rows = [_near("juego 1 / solución", "a", 100, 90, 0, 5), _near("juego 1 / solución", "b", 100, 50, 10, 0),
            _near("juego 2 / solución", "a", 100, 60, 8, 0), _near("juego 2 / solución", "b", 100, 70, 6, 0),
            _near("juego 1 / solución", "corto", 100, 0, 90, 0, size=100),
            _near("juego 1 / solución", "fuera", 100, 0, 90, 0),
            _near("solución disfrazada / solución", "a", 100, 95, 1, 6, True),
            _near("solución disfrazada / solución", "b", 100, 90, 1, 5, True)]
    one, two, copy = solution_course_rows(rows, 200, ("a", "b", "corto"))
    assert (one.what, one.against, one.score, one.closeness, one.letters) == (
        "juego 1 / solución (2 cuadernos)", AGAINST_SOLUTION_IN_COURSE, 0.05, 0.7, 200)
    assert (two.score, two.closeness, copy.score, copy.closeness, copy.should_flag) == (0.07, 0.65, 0.01, 0.925, True)
    assert near_thresholds([one, two, copy]) == (0.03, 0.68)  # (0.05 + 0.01) / 2; la mediana de 0.7 y 0.65
    # Solo, el juego 1 en «a» no se aparta nada y se le parece 0.9: con dos cuadernos, ya no sale.
    t = replace(SETTINGS, solution_course_strays=0.03, solution_course_closeness=0.68, min_evidence=50)
    assert near_min_notebooks(rows, 200, t, ("a", "b")) == 2
    with pytest.raises(NoGap, match="juego 1 / solución"):  # una copia que se aparta más que un honrado
        near_thresholds([one, two, replace(copy, score=0.06)])
    lazy = replace(copy, closeness=0.6)  # una copia que se le parece menos que la mediana: no hay umbral
    with pytest.raises(NoGap):
        near_thresholds([one, two, lazy])


def test_the_notebooks_summed_against_the_solution_are_judged_have_no_threshold_of_their_own_and_enough_sets():
    from course_tools.grading.copies_calibration import SETS_FOR_A_THRESHOLD, solution_course_notebooks

    def notebook(slug, size, sets):
        return [_row(0.2, 50, False, f"juego {i} / solución", slug, size) for i in range(sets)]

    rows = (notebook("a", 300, SETS_FOR_A_THRESHOLD) + notebook("b", 300, SETS_FOR_A_THRESHOLD)
            + notebook("c", 100, SETS_FOR_A_THRESHOLD) + notebook("d", 300, SETS_FOR_A_THRESHOLD - 1))
    assert solution_course_notebooks(rows, 200, {"b": 0.5}) == ("a",)


def test_what_the_course_shows_up_to_a_notebook_is_given_in_it():
    """La atención de ``attention_ok`` del 14 es casi la solución del 18: quien la escribe así la aprendió del curso.
    Es código dado en el 14 y en los que siguen, no en los de antes."""
    from course_tools.grading.similarity import course_exercises, given_hashes, shown_hashes
    from course_tools.layout.course import Course

    shown = shown_hashes(Course(), SETTINGS)
    taught = set(fingerprint("q, k, v = (t.view(B, T, H, D).transpose(1, 2) for t in (q, k, v))", SETTINGS).hashes)
    assert taught <= shown["14-atencion"] and taught <= shown["18-decoder"] and not taught <= shown["13-dispositivo"]
    given = given_hashes(course_exercises(Course(), "18-decoder"), SETTINGS, shown["18-decoder"])
    assert all(taught <= hashes for hashes in given.values())


def test_a_course_without_release_shows_nothing(tmp_path):
    from course_tools.grading.similarity import shown_hashes
    from course_tools.layout.course import Course

    assert shown_hashes(Course(tmp_path), SETTINGS) == {}
