"""Los cambios sobre la solución (``catalogues.edits``): leen la celda del cuaderno y señalan un solo sitio."""

import pytest

from catalogues.edits import edit, solution, with_changes


def test_solution_reads_the_instructor_notebook_cell():
    text = solution("03-tensores", "nb03-pad-batch")
    assert "def pad_batch" in text


def test_edit_changes_exactly_the_named_text():
    original = solution("03-tensores", "nb03-pad-batch")
    changed = edit("03-tensores", "nb03-pad-batch", ("def pad_batch", "def pad_batch_"))
    assert changed == original.replace("def pad_batch", "def pad_batch_", 1) and changed != original


def test_a_change_that_matches_twice_or_never_is_refused():
    with pytest.raises(ValueError, match="2 veces"):
        with_changes("a + a", ("a", "b"))
    with pytest.raises(ValueError, match="0 veces"):
        with_changes("a + a", ("c", "b"))


def test_an_unknown_exercise_names_the_ones_that_exist():
    with pytest.raises(KeyError, match="nb03-pad-batch"):
        solution("03-tensores", "nb03-no-existe")
