"""repair.prepare: qué le pasa a una entrega y qué copia se corrige, sin tocar nunca la original."""

from __future__ import annotations

import json

import nbformat
import pytest

from course_tools.rules import cells
from course_tools.grading import repair
from course_tools.grading.model import AssignmentSpec, problem
from tests.unit.grading_fixtures import (ADD_TESTS, ADD_TESTS_VISIBLE, ASSIGNMENT, DEFINITION, NOTEBOOK, MUL_TESTS,
                                         graded_cell, learner_notebook, solution_cell, spec, to_bytes)


def prepare(files: dict[str, bytes], assignment: AssignmentSpec | None = None):
    """``repair.prepare`` comprobando que la entrega que se le pasa queda tal como llegó."""
    before = {rel: bytes(data) for rel, data in files.items()}
    result = repair.prepare(files, assignment or spec())
    assert files == before, "prepare cambió la entrega original"
    return result


def codes(problems) -> list[str]:
    return [p.code for p in problems]


def graded_ids(data: bytes) -> list[str]:
    nb = nbformat.reads(data.decode("utf-8"), as_version=4)
    return [cells.grade_id(c) for c in nb.cells if cells.is_graded_test(c)]


def test_a_clean_submission_is_graded_as_it_came():
    files = {NOTEBOOK: to_bytes(learner_notebook()), "timestamp.txt": b"2025-03-03 10:15:00 UTC"}
    graded, problems, gradable = prepare(files)
    assert (graded, problems, gradable) == (files, [], True)
    assert graded is not files


def test_a_wrong_file_name_is_fixed_in_the_copy_only():
    data = to_bytes(learner_notebook())
    files = {"99-demo (1).ipynb": data}
    graded, problems, gradable = prepare(files)
    assert problems == [problem("wrong-name", found="99-demo (1).ipynb", name=NOTEBOOK)]
    assert graded == {NOTEBOOK: data}
    assert gradable is True
    assert list(files) == ["99-demo (1).ipynb"]


def test_a_missing_notebook_cannot_be_graded():
    files = {"timestamp.txt": b"x", "otra/carpeta.ipynb": b"{}"}  # un cuaderno en una subcarpeta no cuenta
    graded, problems, gradable = prepare(files)
    assert problems == [problem("missing-notebook", name=NOTEBOOK)]
    assert gradable is False
    assert graded == files


def test_two_unknown_notebooks_are_not_guessed():
    files = {"a.ipynb": to_bytes(learner_notebook()), "b.ipynb": to_bytes(learner_notebook())}
    graded, problems, gradable = prepare(files)
    assert problems == [problem("missing-notebook", name=NOTEBOOK),
                        problem("extra-file", name="a.ipynb"), problem("extra-file", name="b.ipynb")]
    assert gradable is False
    assert graded == files


def test_an_extra_notebook_is_reported_and_left_alone():
    data = to_bytes(learner_notebook())
    files = {NOTEBOOK: data, "borrador.ipynb": b"no es json", "datos.csv": b"1,2"}
    graded, problems, gradable = prepare(files)
    assert problems == [problem("extra-file", name="borrador.ipynb")]
    assert problems[0].message == "sobra borrador.ipynb"
    assert (graded, gradable) == (files, True)


@pytest.mark.parametrize("data", [
    b'{"nbformat": 4, "cells": [',  # cortado a medias
    b"\xff\xfe\x00{",  # no es UTF-8
    b"[]",  # JSON, pero no un objeto
    b'{"nbformat": 99, "nbformat_minor": 0}',  # versión que no existe
    b"{}",  # JSON sin nada de un cuaderno
    b'{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [{"cell_type": "code"}]}',  # celda sin campos
], ids=["truncated", "not-utf8", "list", "bad-version", "empty-object", "cell-without-fields"])
def test_a_broken_notebook_is_reported_not_raised(data):
    files = {NOTEBOOK: data}
    graded, problems, gradable = prepare(files)
    assert problems == [problem("broken-json", name=NOTEBOOK)]
    assert gradable is False
    assert graded == files


def test_a_renamed_broken_notebook_reports_both():
    files = {"copia.ipynb": b"{"}
    _, problems, gradable = prepare(files)
    assert codes(problems) == ["wrong-name", "broken-json"]
    assert gradable is False


def test_the_notebook_of_another_assignment_is_refused():
    nb = learner_notebook()
    for cell in nb.cells:
        if cells.nbgrader_meta(cell):
            cell.metadata.nbgrader["grade_id"] = cell.metadata.nbgrader["grade_id"].replace("nb99", "nb07")
    nb.cells.append(graded_cell("nb03-extra-tests", "pass", 1))
    files = {NOTEBOOK: to_bytes(nb)}
    graded, problems, gradable = prepare(files)
    assert problems == [problem("other-assignment", name=NOTEBOOK, others="nb03, nb07")]
    assert problems[0].message == "99-demo.ipynb es el cuaderno de otra tarea (nb03, nb07)"
    assert gradable is False
    assert graded == files


def test_a_notebook_without_test_cells_is_not_taken_for_another_assignment():
    nb = learner_notebook()
    nb.cells = [c for c in nb.cells if not cells.is_graded_test(c)]
    _, problems, gradable = prepare({NOTEBOOK: to_bytes(nb)})
    assert problems == [problem("tests-deleted", count=2)]
    assert gradable is True


def test_a_notebook_without_any_nbgrader_metadata_is_not_sent_to_nbgrader():
    nb = learner_notebook()
    for cell in nb.cells:
        cell.metadata.pop("nbgrader", None)  # p. ej. la copia resuelta de notebooks/
    files = {NOTEBOOK: to_bytes(nb)}
    graded, problems, gradable = prepare(files)
    assert [p.code for p in problems] == ["no-metadata"]
    assert problems[0].message.startswith("99-demo.ipynb no tiene los metadatos de nbgrader")
    assert (graded, gradable) == ({}, False)
    assert files == {NOTEBOOK: to_bytes(nb)}  # la entrega no se toca


def test_duplicated_test_cells_keep_the_first_copy_in_the_graded_copy_only():
    nb = learner_notebook()
    nb.cells.append(graded_cell("nb99-add-tests", "pass  # mi copia que siempre pasa", 2))
    nb.cells.append(solution_cell("nb99-mul", "def mul(a, b):\n    return 0"))
    original = to_bytes(nb)
    files = {NOTEBOOK: original}
    graded, problems, gradable = prepare(files)
    assert problems == [problem("duplicate-cells")]
    assert gradable is True
    assert files[NOTEBOOK] == original
    fixed = nbformat.reads(graded[NOTEBOOK].decode("utf-8"), as_version=4)
    ids = [cells.grade_id(c) for c in fixed.cells]
    assert ids == [None, "nb99-add", "nb99-add-tests", "nb99-mul", "nb99-mul-tests", None, None]
    assert fixed.cells[5].source == "pass  # mi copia que siempre pasa"
    assert "nbgrader" not in fixed.cells[5].metadata and "nbgrader" not in fixed.cells[6].metadata


def test_deleted_test_cells_are_counted():
    nb = learner_notebook()
    nb.cells = [c for c in nb.cells if cells.grade_id(c) != "nb99-mul-tests"]
    _, problems, gradable = prepare({NOTEBOOK: to_bytes(nb)})
    assert problems == [problem("tests-deleted", count=1)]
    assert problems[0].message == "1 celda(s) de tests borrada(s) (restauradas)"
    assert gradable is True


def test_edited_visible_tests_are_counted():
    nb = learner_notebook()
    for cell in nb.cells:
        if cells.is_graded_test(cell):
            cell.source = "pass"
    _, problems, gradable = prepare({NOTEBOOK: to_bytes(nb)})
    assert problems == [problem("tests-edited", count=2)]
    assert gradable is True


def test_hidden_tests_in_the_submission_do_not_count_as_an_edit():
    nb = learner_notebook()
    nb.cells[2] = graded_cell("nb99-add-tests", ADD_TESTS, 2)  # con su suma de control correcta
    assert prepare({NOTEBOOK: to_bytes(nb)})[1] == []


def test_a_checksum_that_does_not_match_counts_as_an_edit():
    nb = learner_notebook()
    nb.cells[4].metadata.nbgrader["points"] = 100  # mismo código, más puntos
    _, problems, _ = prepare({NOTEBOOK: to_bytes(nb)})
    assert problems == [problem("tests-edited", count=1)]


def test_an_unknown_test_cell_is_only_checked_by_its_checksum():
    nb = learner_notebook()
    nb.cells.append(graded_cell("nb99-bonus-tests", "pass", 5))
    assert prepare({NOTEBOOK: to_bytes(nb)})[1] == []
    nb.cells[-1].source = "assert True"  # la suma de control ya no cuadra
    assert codes(prepare({NOTEBOOK: to_bytes(nb)})[1]) == ["tests-edited"]


def test_suspicious_learner_code_is_reported_in_catalogue_order():
    nb = learner_notebook(add="import builtins\ndef add(a, b):\n    return a + b",
                          mul="import os\ndef mul(a, b):\n    os._exit(0)")
    nb.cells.append(nbformat.v4.new_code_cell("open('../../submitted/luis/nota.txt', 'w')"))  # celda sin nbgrader
    _, problems, gradable = prepare({NOTEBOOK: to_bytes(nb)})
    assert problems == [problem("suspicious-code", what="llama a os._exit, toca la carpeta submitted/, toca builtins")]
    assert problems[0].message == "aviso: llama a os._exit, toca la carpeta submitted/, toca builtins"
    assert gradable is True


def test_suspicious_text_in_test_cells_or_markdown_is_not_learner_code():
    nb = learner_notebook()
    nb.cells.append(nbformat.v4.new_markdown_cell("No toques sys.modules ni el gradebook"))
    nb.cells.append(graded_cell("nb99-bonus-tests", "import sys\nassert 'torch' not in sys.modules", 0))
    assert prepare({NOTEBOOK: to_bytes(nb)})[1] == []


def test_problems_come_in_a_fixed_order():
    nb = learner_notebook(add="import sys\nsys.modules.clear()")
    nb.cells.append(graded_cell("nb99-add-tests", "pass", 2))  # duplicada
    nb.cells = [c for c in nb.cells if cells.grade_id(c) != "nb99-mul-tests"]  # borrada
    nb.cells[2].source = "assert True"  # editada
    files = {"entrega.ipynb": to_bytes(nb), "notas.txt": b""}
    graded, problems, gradable = prepare(files)
    assert codes(problems) == ["wrong-name", "duplicate-cells", "tests-deleted", "tests-edited", "suspicious-code"]
    assert set(graded) == {NOTEBOOK, "notas.txt"} and gradable is True


def _two_notebook_spec() -> AssignmentSpec:
    definition = json.loads(json.dumps(DEFINITION))
    definition["99-extra"] = {"kernelspec": definition[ASSIGNMENT]["kernelspec"], "grade_cells": [],
                              "solution_cells": [], "task_cells": [], "source_cells": []}
    return AssignmentSpec(ASSIGNMENT, definition)


def test_with_two_notebooks_one_missing_still_grades_the_other():
    data = to_bytes(learner_notebook())
    graded, problems, gradable = prepare({NOTEBOOK: data}, _two_notebook_spec())
    assert problems == [problem("missing-notebook", name="99-extra.ipynb")]
    assert (graded, gradable) == ({NOTEBOOK: data}, True)


def test_with_two_notebooks_the_single_unknown_one_takes_the_missing_name():
    data, other = to_bytes(learner_notebook()), to_bytes(nbformat.v4.new_notebook())
    graded, problems, gradable = prepare({NOTEBOOK: data, "sin titulo.ipynb": other}, _two_notebook_spec())
    assert problems == [problem("wrong-name", found="sin titulo.ipynb", name="99-extra.ipynb")]
    assert graded == {NOTEBOOK: data, "99-extra.ipynb": other}
    assert gradable is True


def test_keep_first_copies_reports_whether_it_changed_anything():
    nb = learner_notebook()
    assert repair.keep_first_copies(nb) is False
    nb.cells.insert(1, graded_cell("nb99-mul-tests", MUL_TESTS, 1))
    assert repair.keep_first_copies(nb) is True
    assert [cells.grade_id(c) for c in nb.cells].count("nb99-mul-tests") == 1
    assert cells.grade_id(nb.cells[1]) == "nb99-mul-tests"


def test_edited_tests_compares_visible_code_only():
    nb = learner_notebook()
    originals = spec().test_sources[ASSIGNMENT]
    assert repair.edited_tests(nb, originals) == []
    nb.cells[2].source = ADD_TESTS_VISIBLE + "\n\n"  # solo espacios al final
    nb.cells[2].metadata.nbgrader.pop("checksum")
    assert repair.edited_tests(nb, originals) == []
    nb.cells[2].source = "assert add(1, 2) == 4"
    assert repair.edited_tests(nb, originals) == ["nb99-add-tests"]
