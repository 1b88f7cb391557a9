"""gradebook.py sobre una libreta SQLite de usar y tirar (sin núcleos: los cuadernos corregidos, hechos a mano)."""

from __future__ import annotations

import itertools
import json
import sqlite3
import warnings

import nbgrader.api
import pytest

from course_tools.layout import nbgrader_compat
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


_SCRATCH_NUMBERS = itertools.count()


def _computed(tmp_path, student: str, failing=()) -> dict:
    """Lo que nbgrader calcula para el cuaderno corregido de juguete: su propio SaveAutoGrades sobre una libreta
    de usar y tirar (la del trabajador), leído con ``computed_grades``."""
    from nbgrader.preprocessors import SaveAutoGrades

    scratch = f"sqlite:///{tmp_path / f'trabajo-{next(_SCRATCH_NUMBERS)}.db'}"
    gradebook.copy_assignment(scratch, ASSIGNMENT, DEFINITION)
    with gradebook.open_gradebook(scratch) as gb:
        gb.update_or_create_student(student)
        gb.update_or_create_submission(ASSIGNMENT, student)
    resources = {"nbgrader": {"assignment": ASSIGNMENT, "notebook": ASSIGNMENT, "student": student, "db_url": scratch}}
    SaveAutoGrades().preprocess(autograded_notebook(failing), resources)
    return gradebook.computed_grades(scratch, student, ASSIGNMENT)


def test_computed_grades_of_a_missing_submission_is_empty(book):
    url, _ = book
    assert gradebook.computed_grades(url, "nadie", ASSIGNMENT) == {}


def test_record_writes_what_nbgrader_computed(book, tmp_path):
    url, path = book
    computed = _computed(tmp_path, "ana", failing=("nb99-add-tests",))
    assert computed[ASSIGNMENT]["auto"] == {"nb99-add-tests": 0.0, "nb99-mul-tests": 1.0}
    written = gradebook.record(url, "ana", ASSIGNMENT, computed, "2025-03-03 10:15:00.000000 UTC", [ASSIGNMENT])
    assert written == {"nb99-add-tests": [0.0, None, None], "nb99-mul-tests": [1.0, None, None]}
    assert written == gradebook.grade_rows(url, "ana", ASSIGNMENT)
    assert gradebook.scores(url, "ana", ASSIGNMENT) == (
        1.0, 3.0, {"nb99-add-tests": [0.0, 2.0], "nb99-mul-tests": [1.0, 1.0]})
    (stamp,), = _sql(path, "SELECT timestamp FROM submitted_assignment")
    assert stamp.startswith("2025-03-03 10:15:00")


def test_record_copies_the_automatic_comments(book, tmp_path):
    url, path = book
    computed = _computed(tmp_path, "luis")
    computed[ASSIGNMENT]["comments"]["nb99-mul"] = "No response."  # como si la celda llegara sin tocar
    gradebook.record(url, "luis", ASSIGNMENT, computed, None, [ASSIGNMENT])
    assert sorted(_sql(path, "SELECT auto_comment FROM comment"), key=str) == [("No response.",), (None,)]
    assert gradebook.scores(url, "luis", ASSIGNMENT) == (
        3.0, 3.0, {"nb99-add-tests": [2.0, 2.0], "nb99-mul-tests": [1.0, 1.0]})
    assert _sql(path, "SELECT COUNT(*) FROM submitted_assignment") == [(1,)]


def test_record_gives_zero_to_a_notebook_that_was_not_graded(book, tmp_path):
    url, path = book
    gradebook.record(url, "luis", ASSIGNMENT, _computed(tmp_path, "luis"), None, [ASSIGNMENT])
    # Una segunda vez el cuaderno no llega: cero en todo, sin nota manual pendiente.
    gradebook.record(url, "luis", ASSIGNMENT, {}, None, [ASSIGNMENT])
    assert gradebook.scores(url, "luis", ASSIGNMENT) == (
        0.0, 3.0, {"nb99-add-tests": [0.0, 2.0], "nb99-mul-tests": [0.0, 1.0]})
    assert _sql(path, "SELECT DISTINCT needs_manual_grade FROM grade") == [(0,)]


def test_record_ignores_notebooks_it_was_not_asked_for(book, tmp_path):
    url, _ = book
    computed = _computed(tmp_path, "eva", failing=("nb99-add-tests", "nb99-mul-tests"))
    gradebook.record(url, "eva", ASSIGNMENT, {**computed, "otro": computed[ASSIGNMENT]}, None, [])
    # Sin cuadernos esperados no se guarda ninguna nota automática.
    assert gradebook.scores(url, "eva", ASSIGNMENT) == (0.0, 3.0, {"nb99-add-tests": [0.0, 2.0],
                                                                   "nb99-mul-tests": [0.0, 1.0]})
    gradebook.record(url, "eva", ASSIGNMENT, _computed(tmp_path, "eva"), None, [ASSIGNMENT])
    assert gradebook.scores(url, "eva", ASSIGNMENT)[0] == 3.0


def test_record_keeps_a_manual_score_and_asks_for_review(book, tmp_path):
    url, path = book
    gradebook.record(url, "ana", ASSIGNMENT, _computed(tmp_path, "ana", failing=("nb99-add-tests",)), None, [ASSIGNMENT])
    _set_grade(path, "nb99-add-tests", "manual_score", 1.5)
    written = gradebook.record(url, "ana", ASSIGNMENT, _computed(tmp_path, "ana"), None, [ASSIGNMENT])
    assert written["nb99-add-tests"] == [2.0, 1.5, None]
    assert _sql(path, "SELECT needs_manual_grade FROM grade WHERE cell_id IN "
                      "(SELECT id FROM base_cell WHERE name = 'nb99-add-tests')") == [(1,)]


def _graded(url, student: str, failing=(), *, tmp_path) -> Outcome:
    recorded = gradebook.record(url, student, ASSIGNMENT, _computed(tmp_path, student, failing), None, [ASSIGNMENT])
    score, max_score, grades = gradebook.scores(url, student, ASSIGNMENT)
    return Outcome(student, ASSIGNMENT, score, max_score, grades, graded=True, recorded=recorded)


def test_restore_grades_undoes_a_changed_auto_score(book, tmp_path):
    url, path = book
    outcome = _graded(url, "ana", failing=("nb99-add-tests",), tmp_path=tmp_path)
    other = _graded(url, "luis", tmp_path=tmp_path)
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


def test_restore_grades_undoes_a_manual_score_written_after_grading(book, tmp_path):
    url, path = book
    outcome = _graded(url, "ana", failing=("nb99-add-tests",), tmp_path=tmp_path)
    _set_grade(path, "nb99-add-tests", "manual_score", 2.0)
    assert gradebook.restore_grades(url, outcome) is True
    assert gradebook.scores(url, "ana", ASSIGNMENT)[0] == 1.0


def test_restore_grades_leaves_a_teachers_manual_score_alone(book, tmp_path):
    url, path = book
    _graded(url, "ana", failing=("nb99-add-tests",), tmp_path=tmp_path)
    _set_grade(path, "nb99-add-tests", "manual_score", 1.5)  # la profesora lo revisó a mano (formgrader)
    outcome = _graded(url, "ana", failing=("nb99-add-tests",), tmp_path=tmp_path)  # y se vuelve a corregir
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


def test_a_grade_changed_while_the_round_runs_is_undone_before_it_is_read(tmp_path):
    """Un núcleo sin encierro que pone a cero la libreta justo después de que se escriba una nota: la nota final
    es la que calculó nbgrader (la ronda la lee al acabar, ya restaurada), no la que dejó el núcleo."""
    from course_tools.layout.course import Course
    from course_tools.grading import run
    from course_tools.grading.model import Job, JobResult
    from tests.unit.grading_fixtures import spec

    (tmp_path / "curso").mkdir()
    course = Course(tmp_path / "curso")
    book = course.gradebook_url
    gradebook.copy_assignment(book, ASSIGNMENT, DEFINITION)
    job = Job("ana", spec(), {NOTEBOOK: b"{}"})
    result = JobResult("ana", ASSIGNMENT, autograded={NOTEBOOK: to_bytes(autograded_notebook(("nb99-add-tests",)))},
                       grades=_computed(tmp_path, "ana", failing=("nb99-add-tests",)), graded=True)
    with gradebook.open_gradebook(book) as gb:
        fresh = {job.key: run.settle(course, gb, job, result)}
        _sql(course.layout.gradebook, "UPDATE grade SET auto_score = 0")  # la intrusa, a destiempo
        run._undo_kernel_writes(course, gb, {}, {job.key: result}, fresh, [])
        run._final_scores(gb, fresh)
    outcome = fresh[job.key]
    assert (outcome.score, outcome.max_score) == (1.0, 3.0)
    assert outcome.grades == {"nb99-add-tests": [0.0, 2.0], "nb99-mul-tests": [1.0, 1.0]}
    assert "gradebook-restored" in outcome.codes()
