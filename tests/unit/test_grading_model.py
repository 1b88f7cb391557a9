"""Los datos de la corrección (model.py) y el fichero de reanudación (state.py)."""

from __future__ import annotations

import hashlib
import json
import pickle
import string

import pytest

from course_tools.layout.course import AUTOGRADED, Course
from course_tools.grading import state
from course_tools.grading.model import (ERROR, INFO, PROBLEMS, WARNING, AssignmentSpec, Job, JobResult, Outcome,
                                        Problem, digest_of, problem)
from tests.unit.grading_fixtures import ASSIGNMENT, DEFINITION, spec


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_problem_has_a_valid_severity_and_a_fillable_message():
    assert PROBLEMS, "el catálogo de problemas está vacío"
    for code, (severity, template) in PROBLEMS.items():
        assert severity in {ERROR, WARNING, INFO}, code
        details = {name: f"<{name}>" for name in _fields(template)}
        made = problem(code, **details)
        assert made.code == code and made.severity == severity
        assert "{" not in made.message and "}" not in made.message, code
        for name in details:
            assert f"<{name}>" in made.message, (code, name)


def test_problem_fills_its_template_and_prints_as_its_message():
    made = problem("wrong-name", found="cuaderno (1).ipynb", name="99-demo.ipynb")
    assert made == Problem("wrong-name", WARNING,
                           "nombre equivocado: «cuaderno (1).ipynb» se corrige como «99-demo.ipynb»")
    assert str(made) == made.message
    assert problem("tests-deleted", count=2).message == "2 celda(s) de tests borrada(s) (restauradas)"
    assert problem("timeout") == Problem("timeout", WARNING, "tiempo agotado")
    assert problem("extra-file", name="x.py").severity == INFO
    assert problem("broken-json", name="a.ipynb").severity == ERROR


def test_problem_rejects_an_unknown_code_or_a_missing_detail():
    with pytest.raises(KeyError):
        problem("no-such-code")
    with pytest.raises(KeyError):
        problem("missing-notebook")  # falta name=


def test_problem_is_frozen():
    made = problem("timeout")
    with pytest.raises(AttributeError):
        made.code = "other"


def test_assignment_spec_reads_its_definition():
    made = spec({"datos/tabla.csv": b"a,b\n"})
    assert made.notebooks == (ASSIGNMENT,)
    assert made.test_ids == {ASSIGNMENT: ("nb99-add-tests", "nb99-mul-tests")}
    sources = made.test_sources[ASSIGNMENT]
    assert set(sources) == {"nb99-add-tests", "nb99-mul-tests"}
    assert sources["nb99-mul-tests"] == "assert mul(2, 3) == 6"
    assert "### BEGIN HIDDEN TESTS" in sources["nb99-add-tests"]  # la libreta guarda los tests ocultos
    assert made.points == {"nb99-add-tests": 2.0, "nb99-mul-tests": 1.0}
    assert made.max_score == 3.0


def test_assignment_spec_counts_markdown_grades_in_points_but_not_as_tests():
    definition = json.loads(json.dumps(DEFINITION))
    data = definition[ASSIGNMENT]
    data["grade_cells"].append({"name": "nb99-explain", "max_score": 4, "cell_type": "markdown"})
    data["source_cells"].append({"name": "nb99-explain", "cell_type": "markdown", "locked": False,
                                 "source": "Explica", "checksum": "x"})
    definition["00-otro"] = {"kernelspec": "{}", "grade_cells": [], "solution_cells": [], "task_cells": [],
                             "source_cells": []}
    made = AssignmentSpec(ASSIGNMENT, definition)
    assert made.notebooks == ("00-otro", ASSIGNMENT)
    assert made.test_ids == {"00-otro": (), ASSIGNMENT: ("nb99-add-tests", "nb99-mul-tests")}
    assert "nb99-explain" not in made.test_sources[ASSIGNMENT]
    assert made.points["nb99-explain"] == 4.0
    assert made.max_score == 7.0


def test_assignment_spec_digest_follows_files_and_definition():
    base = spec({"a.csv": b"1"})
    assert base.digest == spec({"a.csv": b"1"}).digest
    assert base.digest != spec({"a.csv": b"2"}).digest
    assert base.digest != spec().digest
    changed = json.loads(json.dumps(DEFINITION))
    changed[ASSIGNMENT]["grade_cells"][1]["max_score"] = 5.0
    assert AssignmentSpec(ASSIGNMENT, changed, {"a.csv": b"1"}).digest != base.digest


def test_digest_of_depends_on_paths_and_contents_not_on_order():
    assert digest_of({}) == hashlib.sha256(b"").hexdigest()
    one = digest_of({"a.ipynb": b"x", "b/c.txt": b"y"})
    assert one == digest_of({"b/c.txt": b"y", "a.ipynb": b"x"})
    assert one != digest_of({"a.ipynb": b"x", "b/c.txt": b"z"})
    assert one != digest_of({"a.ipynb": b"x", "b/d.txt": b"y"})
    # El separador y la huella del contenido impiden que «a» + «bc» se confunda con «ab» + «c».
    assert digest_of({"a": b"bc"}) != digest_of({"ab": b"c"})
    assert len(one) == 64 and int(one, 16) >= 0


def test_job_key_and_pickle_round_trip():
    job = Job("ana", spec(), {"99-demo.ipynb": b"{}"}, {"cell_timeout": 10})
    assert job.key == ("ana", ASSIGNMENT)
    again = pickle.loads(pickle.dumps(job))
    assert again == job and again.spec.digest == job.spec.digest


def test_job_result_defaults_are_not_shared():
    first, second = JobResult("ana", ASSIGNMENT), JobResult("luis", ASSIGNMENT)
    first.problems.append(problem("timeout"))
    first.autograded["x.ipynb"] = b"{}"
    assert second.problems == [] and second.autograded == {}
    assert (first.graded, first.seconds) == (False, 0.0)


def test_outcome_status_and_codes():
    clean = Outcome("ana", ASSIGNMENT, 3, 3)
    assert clean.status == "bien" and clean.codes() == []
    troubled = Outcome("luis", ASSIGNMENT, problems=[problem("timeout"), problem("extra-file", name="x.py")])
    assert troubled.status == "tiempo agotado; sobra x.py"
    assert troubled.codes() == ["timeout", "extra-file"]


def test_outcome_json_round_trip_keeps_typed_problems():
    outcome = Outcome("josé", ASSIGNMENT, 1.5, 3.0, {"nb99-add-tests": [0.0, 2.0], "nb99-mul-tests": [1.5, 1.0]},
                      [problem("tests-edited", count=1), problem("suspicious-code", what="toca builtins")],
                      seconds=2.25, graded=True, digest="abc")
    text = json.dumps(outcome.to_json(), ensure_ascii=False)
    data = json.loads(text)
    assert data["problems"][0] == {"code": "tests-edited", "severity": WARNING,
                                   "message": "1 celda(s) de tests modificada(s) (se usa el original)"}
    again = Outcome.from_json(data)
    assert again == outcome
    assert all(isinstance(p, Problem) for p in again.problems)
    assert again.codes() == ["tests-edited", "suspicious-code"]


def test_outcome_from_json_without_problems():
    again = Outcome.from_json({"student": "ana", "assignment": ASSIGNMENT, "score": 2.0})
    assert again == Outcome("ana", ASSIGNMENT, 2.0)


def test_outcome_from_json_leaves_its_argument_alone():
    data = Outcome("ana", ASSIGNMENT, problems=[problem("timeout")]).to_json()
    Outcome.from_json(data)
    assert "problems" in data


# --- state.py: el fichero de reanudación -------------------------------------------------------

def test_state_load_without_file_is_empty(tmp_path):
    assert state.load(Course(tmp_path)) == {}


def test_state_save_appends_and_load_keeps_the_last_line_per_submission(tmp_path):
    course = Course(tmp_path)
    first = Outcome("ana", ASSIGNMENT, 1.0, 3.0, problems=[problem("timeout")], digest="d1")
    later = Outcome("ana", ASSIGNMENT, 3.0, 3.0, graded=True, digest="d2")
    other = Outcome("luis", ASSIGNMENT, 0.0, 3.0, digest="d3")
    for outcome in (first, other, later):
        state.save(course, outcome)
    path = course.layout.step(AUTOGRADED) / state.STATE_FILE
    assert len(path.read_text(encoding="utf-8").splitlines()) == 3
    loaded = state.load(course)
    assert loaded == {("ana", ASSIGNMENT): later, ("luis", ASSIGNMENT): other}


def test_state_load_skips_broken_and_foreign_lines(tmp_path):
    course = Course(tmp_path)
    kept = Outcome("ana", ASSIGNMENT, 2.0, 3.0, problems=[problem("tests-deleted", count=1)])
    state.save(course, kept)
    path = course.layout.step(AUTOGRADED) / state.STATE_FILE
    with path.open("a", encoding="utf-8") as out:
        out.write('{"student": "luis", "assig\n')  # interrumpida a media línea
        out.write(json.dumps({"student": "eva", "assignment": ASSIGNMENT, "nota": 3}) + "\n")  # otra versión
        out.write(json.dumps({"student": "eva", "problems": [{"code": "x"}]}) + "\n")  # problema sin campos
        out.write("[1, 2]\n")
    assert state.load(course) == {("ana", ASSIGNMENT): kept}
