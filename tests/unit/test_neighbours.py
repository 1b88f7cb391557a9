"""Por dónde se aparta un alumno de la solución publicada (``neighbours``): quien la pegó, solo en lo que disimula."""

from __future__ import annotations

from dataclasses import replace

from course_tools.grading.neighbours import Nearness, near_copy, nearness, own_text
from course_tools.grading.similarity import Thresholds, fingerprint

T = replace(Thresholds(), solution_course_strays=0.02, solution_course_closeness=0.6, min_evidence=20)
GIVEN = 'def media(valores):\n    """La media."""\n    raise NotImplementedError()\n'
SOLUTION = 'def media(valores):\n    """La media."""\n    total = sum(valores)\n    return total / len(valores)\n'
HONEST = ('def media(valores):\n    """La media."""\n    acumulado = 0\n    for v in valores:\n        acumulado += v\n'
          '    return acumulado / len(valores)\n')
OTHER = 'def media(valores):\n    """La media."""\n    return float(np.mean(np.asarray(valores)))\n'


def _prints(code: str) -> dict:
    return {"nb99-media": fingerprint(code, T)}


def _nearness(code: str, honest=(HONEST, OTHER)) -> Nearness:
    texts = {"nb99-media": fingerprint(GIVEN, T).filtered}
    return nearness(_prints(code), _prints(SOLUTION), [_prints(h) for h in honest], texts, T)


def test_own_text_is_the_cell_without_what_the_given_cell_brings():
    given = fingerprint(GIVEN, T).filtered
    mine = own_text(fingerprint(SOLUTION, T), given)
    assert mine and mine in fingerprint(SOLUTION, T).filtered
    assert "def" not in mine and "media" not in mine  # la firma y el docstring son de la celda dada


def test_the_solution_pasted_and_renamed_is_nearest_to_the_solution_and_strays_nowhere():
    pasted = SOLUTION.replace("total", "suma_de_todo").replace("    return", "    # la media\n\n    return")
    found = _nearness(pasted)
    assert found.closeness == 1.0 and found.straying == 0.0 and found.lead > 0
    assert near_copy(found, T)


def test_an_honest_learner_who_writes_like_another_honest_solution_strays_towards_it():
    found = _nearness(HONEST.replace("acumulado", "s"))
    assert found.straying > 0.2 and found.lead < 0
    assert not near_copy(found, T)


def test_who_writes_only_what_an_honest_solution_writes_exactly_like_the_solution_is_not_flagged():
    """Donde una solución honrada es igual que la publicada, escribir como las dos no acerca a ninguna: sin nada más
    cerca de la publicada que de una honrada, no se señala."""
    found = _nearness(SOLUTION, honest=(SOLUTION, HONEST))
    assert found.straying == 0.0 and found.lead == 0.0 and found.closeness == 1.0
    assert not near_copy(found, T)


def test_too_little_code_or_too_far_from_the_solution_is_not_flagged():
    pasted = _nearness(SOLUTION)
    assert not near_copy(pasted, replace(T, min_evidence=int(pasted.weight) + 1))
    assert not near_copy(pasted, replace(T, solution_course_closeness=1.01))
    assert not near_copy(Nearness(), T)  # nada respondido


def test_an_exercise_the_learner_did_not_answer_does_not_count():
    found = nearness({}, _prints(SOLUTION), [_prints(HONEST)], {"nb99-media": fingerprint(GIVEN, T).filtered}, T)
    assert found.weight == 0 and found.exercises == {}
