"""Las reglas de las celdas (course_tools/rules/cells.py) son las de nbgrader: las mismas marcas, el mismo hueco y
la misma nota que autograde."""

from __future__ import annotations

import pytest
from nbformat.v4 import new_code_cell, new_output
from nbgrader.preprocessors import ClearHiddenTests, Execute, SaveAutoGrades
from nbgrader.utils import determine_grade

from course_tools.rules import cells
from course_tools.learner import progress
from course_tools.layout.course import Course, notebooks

TEST_META = {"nbgrader": {"grade": True, "solution": False, "locked": True, "points": 1, "grade_id": "t"}}


def _graded(outputs):
    return new_code_cell("check()", metadata=TEST_META, execution_count=1, outputs=outputs)


def _autograde_score(cell) -> float:
    """La nota de autograde con la cadena del curso (``nbgrader_config.py``) a partir de las salidas ya
    guardadas: cada preprocesador entre la ejecución y ``SaveAutoGrades``, salvo los que ejecutan el
    cuaderno o miran sus celdas canario (aquí no las hay), y luego ``determine_grade`` como SaveAutoGrades."""
    from nbformat.v4 import new_notebook
    from traitlets.utils.importstring import import_item

    from course_tools.grading.guard import CheckCanaries

    config = Course().nbgrader_config()
    chain = [import_item(pp) for pp in config.Autograde.autograde_preprocessors]  # nbgrader_config.py los nombra
    after_execution = [pp for pp in chain[: chain.index(SaveAutoGrades)] if not issubclass(pp, (Execute, CheckCanaries))]
    nb = new_notebook(cells=[cell])
    resources = {"nbgrader": {"notebook": "nb", "assignment": "nb", "student": "x"}}
    for pp in after_execution:
        nb, resources = pp(config=config)(nb, resources)
    score, _ = determine_grade(nb.cells[0])
    return score


@pytest.mark.parametrize(
    "stream, passes",
    [("aviso: el tensor no es contiguo\n", False),  # cualquier otra línea en stderr: 0 puntos
     ("/x.py:3: UserWarning: cuidado\n  warnings.warn('cuidado')\n", True)],  # IgnorePattern del curso la quita
)
def test_stderr_is_judged_alike_by_proof_progress_and_autograde(stream, passes):
    cell = _graded([new_output("stream", name="stdout", text="¡Bien!\n"), new_output("stream", name="stderr", text=stream)])
    proof_passes = cells.test_failure(cell) is None  # la regla de proof.run con cada celda de tests
    progress_passes = progress.test_passed(cell)  # la de make progreso
    autograde_passes = _autograde_score(cell) == 1
    assert proof_passes == progress_passes == autograde_passes == passes


def test_an_unexecuted_test_cell_does_not_pass_in_progress():
    cell = _graded([])
    cell.execution_count = None
    assert cells.test_failure(cell) is None and not progress.test_passed(cell)


def test_hidden_lines_are_the_lines_clear_hidden_tests_removes():
    """En cada celda de tests del curso, las líneas ocultas son justo las que quita el ClearHiddenTests de nbgrader."""
    clear = ClearHiddenTests(config=Course().nbgrader_config())
    checked = 0
    for notebook in notebooks():
        for cell in cells.read(notebook.source).cells:
            if not cells.is_graded_test(cell):
                continue
            hidden = cells.hidden_lines(cell.source)
            kept = "\n".join(line for n, line in enumerate(cell.source.split("\n"), 1) if n not in hidden)
            reference = new_code_cell(cell.source, metadata=cell.metadata)
            assert clear.preprocess_cell(reference, {}, 0)[0].source == kept == cells.strip_hidden_tests(cell.source)
            checked += bool(hidden)
    assert checked > 50


def test_an_unclosed_hidden_region_is_refused_but_never_raises():
    source = "check()\n### BEGIN HIDDEN TESTS\nassert secreto()"
    assert "No end hidden tests" in cells.hidden_region_error(source)
    assert cells.strip_hidden_tests(source) == source  # una entrega retocada: la celda queda distinta de la original
    assert cells.hidden_region_error("check()\n### BEGIN HIDDEN TESTS\nx\n### END HIDDEN TESTS") is None


def test_markers_and_blanks_come_from_the_nbgrader_configuration():
    config = Course().nbgrader_config()
    assert cells.code_stub() == config.ClearSolutions.code_stub["python"]
    assert cells.BEGIN_HIDDEN == "BEGIN HIDDEN TESTS" and cells.END_SOLUTION == "END SOLUTION"  # los de nbgrader
    solution = "def f():\n    ### BEGIN SOLUTION\n    return 1\n    ### END SOLUTION\n\nf()"
    assert cells.strip_solution_markers(solution) == "def f():\n    return 1\n\nf()"
    assert cells.solution_lines(solution) == {2, 3, 4}
    assert cells.is_blank(cells.code_stub()) and cells.is_blank(cells.prediction_blank(["a", "b"]))
    assert not cells.is_blank(cells.prediction_blank(["a"]).replace("...", "3"))
