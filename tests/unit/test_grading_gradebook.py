"""gradebook.py sobre una libreta SQLite de usar y tirar (sin núcleos: los cuadernos corregidos, hechos a mano)."""

from __future__ import annotations

import json
import sqlite3
import warnings

import nbgrader.api
import pytest

from course_tools import nbgrader_compat
from course_tools.grading import gradebook
from course_tools.grading.model import Outcome
from tests.unit.grading_fixtures import ASSIGNMENT, DEFINITION, NOTEBOOK, autograded_notebook, to_bytes


def _sorted_cells(definition: dict) -> dict:
    return {nb: {kind: sorted(value, key=lambda c: c["name"]) if isinstance(value, list) else value
                 for kind, value in data.items()}
            for nb, data in definition.items()}


@pytest.fixture
def book(tmp_path):
    """(url, ruta) de una libreta con la tarea 99-demo dada de alta."""
    path = tmp_path / "g.db"
    url = f"sqlite:///{path}"
    gradebook.copy_assignment(url, ASSIGNMENT, DEFINITION)
    return url, path


def _sql(path, query: str, *args):
    with sqlite3.connect(path) as db:
        rows = db.execute(query, args).fetchall()
    db.close()
    return rows


def _set_grade(path, gid: str, column: str, value) -> None:
    assert column in {"auto_score", "manual_score", "extra_credit"}
    _sql(path, f"UPDATE grade SET {column} = ? WHERE cell_id IN (SELECT id FROM base_cell WHERE name = ?)", value, gid)


def test_copy_then_export_gives_the_same_assignment(book):
    url, _ = book
    assert gradebook.known_assignments(url) == {ASSIGNMENT: [ASSIGNMENT]}
    exported = gradebook.export_assignment(url, ASSIGNMENT)
    assert _sorted_cells(exported) == _sorted_cells(DEFINITION)
    # Lo exportado se puede copiar en otra libreta (así se rellena la de cada trabajador).
    other = url.replace("g.db", "copia.db")
    gradebook.copy_assignment(other, ASSIGNMENT, exported)
    assert _sorted_cells(gradebook.export_assignment(other, ASSIGNMENT)) == _sorted_cells(DEFINITION)


def test_a_new_gradebook_needs_no_alembic_command(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "vacío"))  # ni alembic ni nada en el PATH
    path = tmp_path / "sin-path.db"
    gradebook.copy_assignment(f"sqlite:///{path}", ASSIGNMENT, DEFINITION)
    assert nbgrader.api.get_alembic_version is nbgrader_compat.alembic_head
    (version,), = _sql(path, "SELECT version_num FROM alembic_version")
    assert version == nbgrader_compat.alembic_head()
    assert len(version) == 12 and int(version, 16) >= 0


def test_known_assignments_of_an_empty_gradebook(tmp_path):
    assert gradebook.known_assignments(f"sqlite:///{tmp_path / 'vacía.db'}") == {}


def test_scores_of_a_missing_submission_is_none(book):
    url, _ = book
    assert gradebook.scores(url, "nadie", ASSIGNMENT) is None


def test_record_writes_scores_like_autograde(book):
    url, path = book
    data = to_bytes(autograded_notebook(failing=("nb99-add-tests",)))
    gradebook.record(url, "ana", ASSIGNMENT, {NOTEBOOK: data, "timestamp.txt": b"x", "sub/99-demo.ipynb": data},
                     "2025-03-03 10:15:00.000000 UTC", [ASSIGNMENT])
    assert gradebook.scores(url, "ana", ASSIGNMENT) == (
        1.0, 3.0, {"nb99-add-tests": [0.0, 2.0], "nb99-mul-tests": [1.0, 1.0]})
    (stamp,), = _sql(path, "SELECT timestamp FROM submitted_assignment")
    assert stamp.startswith("2025-03-03 10:15:00")


def test_record_without_timestamp_and_a_full_score(book):
    url, path = book
    gradebook.record(url, "luis", ASSIGNMENT, {NOTEBOOK: to_bytes(autograded_notebook())}, None, [ASSIGNMENT])
    assert gradebook.scores(url, "luis", ASSIGNMENT) == (
        3.0, 3.0, {"nb99-add-tests": [2.0, 2.0], "nb99-mul-tests": [1.0, 1.0]})
    assert _sql(path, "SELECT COUNT(*) FROM submitted_assignment") == [(1,)]


def test_record_gives_zero_to_a_notebook_that_was_not_graded(book):
    url, path = book
    gradebook.record(url, "luis", ASSIGNMENT, {NOTEBOOK: to_bytes(autograded_notebook())}, None, [ASSIGNMENT])
    # Una segunda vez el cuaderno no llega: cero en todo, sin nota manual pendiente.
    gradebook.record(url, "luis", ASSIGNMENT, {}, None, [ASSIGNMENT])
    assert gradebook.scores(url, "luis", ASSIGNMENT) == (
        0.0, 3.0, {"nb99-add-tests": [0.0, 2.0], "nb99-mul-tests": [0.0, 1.0]})
    assert _sql(path, "SELECT DISTINCT needs_manual_grade FROM grade") == [(0,)]


def test_record_ignores_notebooks_it_was_not_asked_for(book):
    url, _ = book
    data = to_bytes(autograded_notebook(failing=("nb99-add-tests", "nb99-mul-tests")))
    gradebook.record(url, "eva", ASSIGNMENT, {NOTEBOOK: data}, None, [])
    # Sin cuadernos esperados no se guarda ninguna nota automática.
    assert gradebook.scores(url, "eva", ASSIGNMENT) == (0.0, 3.0, {"nb99-add-tests": [0.0, 2.0],
                                                                   "nb99-mul-tests": [0.0, 1.0]})
    gradebook.record(url, "eva", ASSIGNMENT, {NOTEBOOK: to_bytes(autograded_notebook())}, None, [ASSIGNMENT])
    assert gradebook.scores(url, "eva", ASSIGNMENT)[0] == 3.0


def _graded(url, student: str, failing=()) -> Outcome:
    gradebook.record(url, student, ASSIGNMENT, {NOTEBOOK: to_bytes(autograded_notebook(failing))}, None, [ASSIGNMENT])
    score, max_score, grades = gradebook.scores(url, student, ASSIGNMENT)
    return Outcome(student, ASSIGNMENT, score, max_score, grades, graded=True,
                   recorded=gradebook.grade_rows(url, student, ASSIGNMENT))


def test_restore_grades_undoes_a_changed_auto_score(book):
    url, path = book
    outcome = _graded(url, "ana", failing=("nb99-add-tests",))
    other = _graded(url, "luis")
    assert gradebook.restore_grades(url, outcome) is False  # nada que restaurar
    _set_grade(path, "nb99-add-tests", "auto_score", 2.0)  # «alguien» se sube la nota (y la de luis)
    assert gradebook.scores(url, "ana", ASSIGNMENT)[0] == 3.0
    assert gradebook.restore_grades(url, outcome) is True
    assert gradebook.scores(url, "ana", ASSIGNMENT) == (1.0, 3.0, outcome.grades)
    assert gradebook.restore_grades(url, outcome) is False
    assert gradebook.restore_grades(url, other) is False  # a luis ya le tocaba 2


def test_restore_grades_of_a_missing_submission(book):
    url, _ = book
    assert gradebook.restore_grades(url, Outcome("nadie", ASSIGNMENT, grades={"nb99-add-tests": [2.0, 2.0]})) is False


def test_restore_grades_undoes_a_manual_score_written_after_grading(book):
    url, path = book
    outcome = _graded(url, "ana", failing=("nb99-add-tests",))
    _set_grade(path, "nb99-add-tests", "manual_score", 2.0)
    assert gradebook.restore_grades(url, outcome) is True
    assert gradebook.scores(url, "ana", ASSIGNMENT)[0] == 1.0


def test_restore_grades_leaves_a_teachers_manual_score_alone(book):
    url, path = book
    _graded(url, "ana", failing=("nb99-add-tests",))
    _set_grade(path, "nb99-add-tests", "manual_score", 1.5)  # la profesora lo revisó a mano (formgrader)
    outcome = _graded(url, "ana", failing=("nb99-add-tests",))  # y se vuelve a corregir
    assert outcome.grades["nb99-add-tests"] == [1.5, 2.0]
    assert gradebook.restore_grades(url, outcome) is False
    assert _sql(path, "SELECT auto_score FROM grade WHERE cell_id IN "
                      "(SELECT id FROM base_cell WHERE name = 'nb99-add-tests')") == [(0.0,)]


def test_open_gradebook_silences_warnings(book, recwarn):
    url, _ = book
    with gradebook.open_gradebook(url) as gb:
        assert [a.name for a in gb.assignments] == [ASSIGNMENT]
        warnings.warn("ruido de SQLAlchemy", DeprecationWarning)
    assert len(recwarn) == 0


def test_export_definition_is_json_serialisable(book):
    url, _ = book
    exported = gradebook.export_assignment(url, ASSIGNMENT)
    assert json.loads(json.dumps(exported)) == exported
