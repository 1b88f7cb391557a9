"""Los cambios sobre la solución (``catalogues.edits``): leen la celda del cuaderno y señalan un solo sitio."""

import pytest

from catalogues.edits import answers, edit, solution, with_changes


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


def test_answers_changes_only_the_named_predictions():
    original = solution("05-broadcasting", "nb05-predict-shapes")
    changed = answers("05-broadcasting", "nb05-predict-shapes", shape_a="(4, 6)", fails_e="False")
    assert "shape_a = (4, 6)\n" in changed and "fails_e = False\n" in changed
    kept = [line for line in original.splitlines() if not line.startswith(("shape_a", "fails_e"))]
    assert [line for line in changed.splitlines() if not line.startswith(("shape_a", "fails_e"))] == kept
    with pytest.raises(KeyError, match="shape_a"):
        answers("05-broadcasting", "nb05-predict-shapes", shape_z="(1,)")


def test_with_body_keeps_the_head_and_replaces_only_what_the_learner_writes():
    from catalogues.edits import with_body

    begin, end = "### BEGIN SOLUTION\n", "### END SOLUTION"
    original = solution("03-tensores", "nb03-pad-batch")
    changed = with_body("03-tensores", "nb03-pad-batch", "    return None\n")
    head = original[:original.index(begin) + len(begin)]
    assert changed.startswith(head) and changed.endswith(original[original.index(end):])
    between = changed[len(head):changed.index(end)]
    assert between.strip() == "return None" and between != original[len(head):original.index(end)]
