"""Los preprocesadores pequeños del curso, sus cadenas y el núcleo de corrección, sin ejecutar cuadernos."""

from __future__ import annotations

import os

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from course_tools.course import NBGRADER_CONFIG, ROOT
from course_tools.course import Course
from course_tools.grading import guard, kernel, preprocessors
from course_tools.isolation import limits
from course_tools.kernels.spec import GRADING_KERNEL_NAME, SHARE_DIR

TESTS = """from rukh_helpers.checks import check_equal
check_equal(f(1), 2, "f(1)")

### BEGIN HIDDEN TESTS
check_equal(f(41), 42, "caso_oculto_41")
### END HIDDEN TESTS
"""


def graded(source: str, grade_id: str, **meta) -> nbformat.NotebookNode:
    cell = new_code_cell(source)
    cell.metadata["nbgrader"] = {"grade_id": grade_id, "grade": True, "solution": False, "locked": True,
                                 "points": 2, **meta}
    return cell


def feedback_notebook() -> nbformat.NotebookNode:
    answer = new_code_cell("def f(x):\n    return x + 1")
    answer.metadata["nbgrader"] = {"grade_id": "f", "grade": False, "solution": True, "locked": False}
    tests = graded(TESTS, "f-tests")
    tests.outputs = [new_output("error", ename="CheckFailed", evalue="caso_oculto_41: esperaba 42",
                                traceback=["Traceback", 'check_equal(f(41), 42, "caso_oculto_41")', "CheckFailed: …"])]
    learner = new_code_cell("# ### BEGIN HIDDEN TESTS escrito por quien entrega\nprint('hola')")
    learner.outputs = [new_output("error", ename="ValueError", evalue="mío", traceback=["línea 1", "ValueError: mío"])]
    return new_notebook(cells=[new_markdown_cell("# Título"), answer, tests, learner])


def test_hide_hidden_tests_keeps_visible_tests_and_the_error_name_and_message():
    nb = feedback_notebook()
    nb, _ = preprocessors.HideHiddenTests().preprocess(nb, {})
    tests = nb.cells[2]
    assert "caso_oculto_41" not in tests.source and "BEGIN HIDDEN" not in tests.source
    assert 'check_equal(f(1), 2, "f(1)")' in tests.source and not tests.source.endswith("\n")
    assert tests.outputs[0].traceback == ["CheckFailed: caso_oculto_41: esperaba 42"]
    # Lo que no es una celda de tests calificada queda como estaba: es de quien entrega.
    assert nb.cells[1].source == "def f(x):\n    return x + 1"
    assert nb.cells[3].source.startswith("# ### BEGIN HIDDEN TESTS")
    assert nb.cells[3].outputs[0].traceback == ["línea 1", "ValueError: mío"]


def duplicated() -> nbformat.NotebookNode:
    first, second = graded("check_equal(f(1), 2)", "f-tests"), graded("pass  # copia", "f-tests")
    return new_notebook(cells=[first, new_code_cell("x = 1"), second])


def test_keep_first_ids_keeps_the_first_copy_where_nbgrader_keeps_the_last():
    from nbgrader.preprocessors import DeduplicateIds

    ours = duplicated()
    for step in (preprocessors.KeepFirstIds(), DeduplicateIds()):
        ours, _ = step.preprocess(ours, {})
    assert ours.cells[0].metadata["nbgrader"]["grade_id"] == "f-tests"
    assert "nbgrader" not in ours.cells[2].metadata
    theirs, _ = DeduplicateIds().preprocess(duplicated(), {})
    assert theirs.cells[2].metadata["nbgrader"]["grade_id"] == "f-tests"
    assert theirs.cells[0].metadata["nbgrader"] == {}  # lo que hace abortar a nbgrader más adelante (KeyError)
    assert not preprocessors.keep_first_copies(ours)


def test_the_chains_are_written_once_and_nbgrader_config_registers_them():
    from nbgrader.preprocessors import DeduplicateIds, GetGrades, OverwriteCells
    from traitlets.config.loader import PyFileConfigLoader

    loaded = PyFileConfigLoader(NBGRADER_CONFIG.name, path=str(NBGRADER_CONFIG.parent)).load_config()
    configured = Course(ROOT).nbgrader_config(timeout=7)  # lo que usan make grade y make feedback
    for config in (loaded, configured):
        sanitize = config.Autograde.sanitize_preprocessors
        assert sanitize == preprocessors.SANITIZE
        assert sanitize.index(preprocessors.KeepFirstIds) + 1 == sanitize.index(DeduplicateIds)
        assert sanitize.index(OverwriteCells) + 1 == sanitize.index(guard.InsertCanaries)
        assert config.Autograde.autograde_preprocessors == preprocessors.AUTOGRADE
        assert config.Autograde.autograde_preprocessors[0] is guard.GuardedExecute
        feedback = config.GenerateFeedback.preprocessors
        assert feedback.index(GetGrades) < feedback.index(preprocessors.HideHiddenTests)
        assert config.HTMLExporter.template_name == "feedback"  # NbGraderAPI.generate_feedback lo fija así
        assert config.HTMLExporter.extra_template_basedirs == [str(preprocessors.TEMPLATES_DIR)]
    assert configured.Execute.timeout == 7
    assert (preprocessors.TEMPLATES_DIR / "feedback" / "index.html.j2").exists()


def test_the_feedback_template_is_spanish_and_shows_grades_with_a_decimal_comma():
    from nbconvert.exporters import HTMLExporter
    from nbgrader.converters import GenerateFeedback
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config import Config

    config = Config()
    preprocessors.register(config)
    exporter = HTMLExporter(config=GenerateFeedback(coursedir=CourseDirectory(), config=config).config)
    nb = feedback_notebook()
    nb.cells[2].metadata["nbgrader"].update(score=1.5, points=2)
    nb, _ = preprocessors.HideHiddenTests().preprocess(nb, {})
    resources = {"nbgrader": {"notebook": "00-prueba", "score": 1.5, "max_score": 2, "late_penalty": 0.5}}
    page, _ = exporter.from_notebook_node(nb, resources=resources)
    assert '<html lang="es">' in page
    assert "Nota: 1,5 de 2" in page and "Penalización por entregar tarde" in page and "−0,5" in page
    assert 'id="f-tests"' in page and "Tu respuesta" in page
    assert "caso_oculto_41" in page  # el mensaje del error sí se ve; el código del test oculto, no
    assert "check_equal(f(41)" not in page and "Score" not in page


def test_the_grading_kernel_is_found_without_jupyter_path(monkeypatch):
    monkeypatch.delenv("JUPYTER_PATH", raising=False)
    before = dict(os.environ)
    manager = guard.GuardedExecute().create_kernel_manager()
    spec = manager.kernel_spec
    assert spec.resource_dir == str(SHARE_DIR / "kernels" / GRADING_KERNEL_NAME)
    script = spec.argv[1].replace("{resource_dir}", spec.resource_dir)
    assert os.path.samefile(script, limits.__file__)
    assert spec.argv[0] == "python"  # jupyter_client lo cambia por el Python de quien corrige
    env = kernel.start_env(1234)
    assert env["COURSE_MEMORY_LIMIT_MB"] == "1234" and env["PYTHONHASHSEED"] == "0"
    assert dict(os.environ) == before


def test_truncate_output_cuts_long_text_but_never_an_image():
    from nbformat.v4 import new_code_cell, new_notebook, new_output

    from course_tools.grading.preprocessors import TRUNCATED_MARK, TruncateOutput

    board = "<svg>" + "x" * 50 + "</svg>"
    cell = new_code_cell("display(board)", outputs=[
        new_output("display_data", data={"image/svg+xml": board, "image/png": "A" * 60, "text/plain": "t" * 60}),
        new_output("stream", name="stdout", text="s" * 60)])
    nb, _ = TruncateOutput(max_chars=20).preprocess(new_notebook(cells=[cell]), {})
    data, stream = nb.cells[0].outputs[0]["data"], nb.cells[0].outputs[1]["text"]
    assert data["image/svg+xml"] == board and data["image/png"] == "A" * 60
    assert TRUNCATED_MARK in data["text/plain"] and TRUNCATED_MARK in stream
