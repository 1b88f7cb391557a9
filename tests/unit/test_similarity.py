"""Las huellas de los parecidos: estables entre procesos, ciegas a nombres, comentarios y formato."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np

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


def _calibration():
    from course_tools.grading.copies_calibration import calibrate

    if not hasattr(_calibration, "rows"):
        _calibration.rows = calibrate()
    return _calibration.rows


def test_the_thresholds_pass_their_calibration_on_independent_work():
    """Ningún juego de catalogues/independent sale contra la solución ni contra otro; toda copia disfrazada sale."""
    from course_tools.grading.copies_calibration import problems

    rows = _calibration()
    assert {r.slug for r in rows} >= {"11-bucle", "17-partidas-a-lotes", "18-decoder"}
    assert len([r for r in rows if not r.should_flag]) >= 3 * (5 + 10)  # cinco juegos y sus diez pares, por cuaderno
    assert problems(rows) == []


def test_a_disguised_copy_is_renamed_commented_spaced_and_reordered():
    from course_tools.grading.copies_calibration import disguised

    code = "a = x + 1\nb = y * 2\nreturn a + b\n"
    out = disguised(code)
    first = out.split("\n")[0]
    assert "b_m" in first and "y_m" in first and "# " in first and "\n\n" in out


def _row(score, shared, should_flag, what="juego 1 / solución"):
    from course_tools.grading.copies_calibration import Row

    return Row("99-prueba", what, score, shared, False, should_flag)


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


def test_the_default_threshold_is_the_one_its_calibration_chooses():
    """El umbral de settings.py sale de la calibración, a ciegas: «copies_calibration --umbral» lo recalcula."""
    from course_tools.grading.copies_calibration import blind_threshold

    assert SETTINGS.solution == SETTINGS.classmate == blind_threshold(_calibration(), SETTINGS.min_evidence)


def test_the_calibration_command_prints_the_threshold_or_why_there_is_none(capsys, monkeypatch):
    from course_tools.grading import copies_calibration

    monkeypatch.setattr(copies_calibration, "calibrate", lambda: [_row(0.2, 200, False), _row(0.6, 200, True)])
    assert copies_calibration.main(["--umbral"]) == 0
    assert capsys.readouterr().out == "0.40\n"
    monkeypatch.setattr(copies_calibration, "calibrate", lambda: [_row(0.7, 200, False), _row(0.6, 200, True)])
    assert copies_calibration.main(["--umbral"]) == 1
    assert capsys.readouterr().out.startswith("Sin umbral: no hay hueco")
