"""Una predicción vale 0 puntos (norma del curso) y aun así suspende cuando su test visible falla."""

from __future__ import annotations

from nbformat.v4 import new_code_cell, new_output

from course_tools.rules import cells
from course_tools.audits import checks

PREDICTION = 'from rukh_helpers.checks import check_prediction\ncheck_prediction(n, "number:0123456789", "n")\n'


def _graded(points, outputs, source="check()"):
    meta = {"nbgrader": {"grade": True, "solution": False, "locked": True, "points": points, "grade_id": "t"}}
    return new_code_cell(source, metadata=meta, execution_count=1, outputs=outputs)


def test_a_zero_point_cell_fails_on_an_error_or_on_stderr_and_passes_otherwise():
    error = new_output("error", ename="CheckFailed", evalue="n no es correcto", traceback=[])
    stderr = new_output("stream", name="stderr", text="algo en stderr\n")
    ok = new_output("stream", name="stdout", text="¡Bien!\n")
    assert cells.test_failure(_graded(0, [error])) == "CheckFailed: n no es correcto"
    assert cells.test_failure(_graded(0, [stderr])).startswith("escribió en stderr")
    assert cells.test_failure(_graded(0, [ok])) is None
    assert cells.test_failure(_graded(1, [ok])) is None
    assert cells.test_failure(_graded(1, [error])) == "CheckFailed: n no es correcto"


def test_only_a_prediction_may_be_worth_zero_points():
    assert checks._zero_point_prediction(_graded(0, [], PREDICTION))
    assert not checks._zero_point_prediction(_graded(0, [], "check_tensor(f(x), y, 'f')\n"))
    assert not checks._zero_point_prediction(_graded(0.5, [], PREDICTION))
    assert not checks._zero_point_prediction(_graded(0, [], "check_prediction(n, huella, 'n')\n"))  # huella mal escrita
