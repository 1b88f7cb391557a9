"""Los preprocesadores pequeños del curso, sus cadenas y el núcleo de corrección, sin ejecutar cuadernos."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from course_tools.layout.course import NBGRADER_CONFIG, ROOT
from course_tools.layout.course import Course
from course_tools.grading import guard, kernel, preprocessors
from course_tools.layout import nbgrader_compat
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


def as_nbgrader_registers(chain) -> list[type]:
    """Los preprocesadores de ``chain`` como los registra nbgrader en su exportador
    (``Autograde._init_preprocessors``: ``Exporter.register_preprocessor``, que importa un nombre con puntos)."""
    from nbconvert.exporters import NotebookExporter

    exporter = NotebookExporter()
    exporter._preprocessors = []  # como nbgrader: solo los de la cadena
    for pp in chain:
        exporter.register_preprocessor(pp)
    return [type(pp) for pp in exporter._preprocessors]


def test_nbgrader_config_gives_the_course_chains():
    from nbconvert.preprocessors import ClearMetadataPreprocessor, CSSHTMLHeaderPreprocessor
    from nbgrader.preprocessors import (AssignLatePenalties, CheckCellMetadata, ClearOutput, DeduplicateIds, GetGrades,
                                        IgnorePattern, LimitOutput, OverwriteCells, OverwriteKernelspec, SaveAutoGrades)
    from traitlets.config.loader import PyFileConfigLoader

    loaded = PyFileConfigLoader(NBGRADER_CONFIG.name, path=str(NBGRADER_CONFIG.parent)).load_config()
    configured = Course(ROOT).nbgrader_config(settings={"cell_timeout": 7})  # lo que usan make grade y make feedback
    for config in (loaded, configured):
        assert as_nbgrader_registers(config.Autograde.sanitize_preprocessors) == [
            ClearOutput, preprocessors.KeepFirstIds, DeduplicateIds, OverwriteKernelspec, OverwriteCells,
            guard.InsertCanaries, CheckCellMetadata, nbgrader_compat.LogConfinement]
        assert as_nbgrader_registers(config.Autograde.autograde_preprocessors) == [
            guard.GuardedExecute, guard.CheckCanaries, preprocessors.TruncateOutput, IgnorePattern,
            ClearMetadataPreprocessor, LimitOutput, SaveAutoGrades, AssignLatePenalties, CheckCellMetadata]
        assert as_nbgrader_registers(config.GenerateFeedback.preprocessors) == [
            GetGrades, preprocessors.HideHiddenTests, CSSHTMLHeaderPreprocessor]
        # NbGraderAPI.generate_feedback pide «feedback»; solo el exportador de GenerateFeedback (el formgrader
        # pinta su página de notas con otro HTMLExporter, con su plantilla «formgrade»).
        assert config.GenerateFeedback.HTMLExporter.template_name == "feedback" and "HTMLExporter" not in config
        [templates] = config.GenerateFeedback.HTMLExporter.extra_template_basedirs
        assert Path(templates).samefile(Path(preprocessors.__file__).with_name("templates"))
        assert (Path(templates) / config.GenerateFeedback.HTMLExporter.template_name / "index.html.j2").exists()
    assert configured.Execute.timeout == configured.CourseSettings.cell_timeout == 7


def test_loading_nbgrader_config_imports_no_grading_module(tmp_path):
    """Leída como la lee nbgrader (``PyFileConfigLoader``), en un proceso nuevo y desde otra carpeta, la
    configuración no importa nada de ``course_tools.grading``: una release no carga la corrección."""
    code = ("import sys\n"
            "from traitlets.config.loader import PyFileConfigLoader\n"
            f"PyFileConfigLoader({NBGRADER_CONFIG.name!r}, path={str(NBGRADER_CONFIG.parent)!r}).load_config()\n"
            "print(sorted(m for m in sys.modules if m.startswith('course_tools')))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True)
    loaded = ast.literal_eval(done.stdout.strip().splitlines()[-1])
    assert loaded == []  # ni la corrección ni la release: los preprocesadores van por su nombre


def test_the_feedback_template_is_spanish_and_shows_grades_with_a_decimal_comma():
    from nbconvert.exporters import HTMLExporter
    from nbgrader.converters import GenerateFeedback
    from nbgrader.coursedir import CourseDirectory
    config = Course(ROOT).nbgrader_config()
    converter = GenerateFeedback(coursedir=CourseDirectory(), config=config)
    exporter = HTMLExporter(parent=converter, config=converter.config)  # como lo crea nbgrader
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
    from course_tools.settings import CourseSettings

    env = kernel.start_env(CourseSettings(memory_mb=1234, sandbox=False))
    assert env["COURSE_MEMORY_LIMIT_MB"] == "1234" and env["PYTHONHASHSEED"] == "0" and env["COURSE_SANDBOX"] == "0"
    assert kernel.start_env(CourseSettings())["COURSE_SANDBOX"] == "1"
    assert dict(os.environ) == before


def test_truncate_output_cuts_long_text_but_never_an_image():
    from nbformat.v4 import new_code_cell, new_notebook, new_output

    from course_tools.grading.defences import TRUNCATED_MARK
    from course_tools.grading.preprocessors import TruncateOutput

    board = "<svg>" + "x" * 50 + "</svg>"
    cell = new_code_cell("display(board)", outputs=[
        new_output("display_data", data={"image/svg+xml": board, "image/png": "A" * 60, "text/plain": "t" * 60}),
        new_output("stream", name="stdout", text="s" * 60)])
    nb, _ = TruncateOutput(max_chars=20).preprocess(new_notebook(cells=[cell]), {})
    data, stream = nb.cells[0].outputs[0]["data"], nb.cells[0].outputs[1]["text"]
    assert data["image/svg+xml"] == board and data["image/png"] == "A" * 60
    assert TRUNCATED_MARK in data["text/plain"] and TRUNCATED_MARK in stream
