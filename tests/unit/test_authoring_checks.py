"""make check: huellas de las predicciones, errores guardados, enlaces y navegación entre cuadernos."""

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from course_tools.rules import cells, predictions, render
from course_tools.audits import checks
from course_tools.publish.authoring import nbgrader
from course_tools.layout.course import Notebook, notebooks


def _prediction_notebook(test_source: str, solution: str = "shape_a = (3, 4)\nkind = torch.float32\nfloor = 0.3727"):
    nb = new_notebook()
    nb.cells = [
        new_code_cell(f"### BEGIN SOLUTION\n{solution}\n### END SOLUTION", metadata={"nbgrader": nbgrader("p", solution=True)}),
        new_code_cell(test_source, metadata={"nbgrader": nbgrader("p-tests", grade=True, locked=True, points=1)}),
    ]
    return nb


TESTS = '''from rukh_helpers.checks import check_prediction
check_prediction(shape_a, "", "shape_a", "alinea por la derecha")
check_prediction(kind, "dtype:0", "kind")
check_prediction(floor, "", "floor", digits=3)

### BEGIN HIDDEN TESTS
check_prediction(shape_a, "no se mira", "shape_a")
check_answer(shape_a, (3, 4), "shape_a")
### END HIDDEN TESTS'''


def _where(index):
    return f"celda {index}"


def test_fingerprints_are_written_from_the_solution_and_then_agree():
    nb = _prediction_notebook(TESTS)
    problems = predictions.fingerprint_problems(nb, _where)
    assert len(problems) == 3 and all("no coincide con su solución" in p for p in problems)
    assert predictions.write_fingerprints(nb) == 3
    assert predictions.write_fingerprints(nb) == 0
    assert predictions.fingerprint_problems(nb, _where) == []
    assert 'check_prediction(shape_a, "no se mira", "shape_a")' in nb.cells[1].source  # lo oculto no se toca
    from rukh_helpers.predictions import fingerprint

    assert f'"{fingerprint(0.3727, "floor", 3)}"' in nb.cells[1].source


def test_a_visible_test_that_shows_the_answer_is_reported():
    nb = _prediction_notebook(TESTS.replace('"alinea por la derecha"', '"debería ser (3, 4)"'))
    predictions.write_fingerprints(nb)
    assert predictions.fingerprint_problems(nb, _where) == ["celda 1: el test visible contiene la respuesta de shape_a ((3, 4))"]


@pytest.mark.parametrize(
    "solution, test, expected",
    [
        ("shape_a = compute()", TESTS, "la solución de una predicción debe escribir sus valores tal cual"),
        ("other = 1", 'check_prediction(shape_a, "", "shape_a")', "la solución no define `shape_a`"),
        ("shape_a = 1", "check_prediction(shape_a)", "necesita (variable"),
        ("shape_a = 1", 'check_prediction(shape_a, FP, "shape_a")', "deben ser textos escritos tal cual"),
        ("shape_a = 1", 'check_prediction(shape_a, "", "shape_a", digits=n)', "digits debe ser un entero"),
        ("shape_a = 1", 'check_prediction(shape_a, (""\n""), "shape_a")', "en una sola línea"),
        ("shape_a = 1", "check_prediction(", "was never closed"),
    ],
)
def test_broken_prediction_exercises_are_reported(solution, test, expected):
    problems = predictions.fingerprint_problems(_prediction_notebook(test, solution), _where)
    assert problems and expected in problems[0]


def test_stored_errors_and_unexecuted_cells_are_reported(tmp_path):
    nb = new_notebook()
    nb.cells = [new_code_cell("1/0", execution_count=1, outputs=[new_output("error", ename="ZeroDivisionError", evalue="", traceback=[])]),
                new_code_cell("x = 1"), new_code_cell("x", execution_count=2)]
    problems = checks.check_worked_outputs(nb, tmp_path / "nb.ipynb")
    assert len(problems) == 2
    assert "celda 0: guarda un error" in problems[0] and "show_error" in problems[0]
    assert "celda 1: celda sin ejecutar" in problems[1]


def test_a_worked_test_cell_must_pass_as_autograde_would(tmp_path):
    """Con su fuente, un test del cuaderno resuelto que escribe en stderr (sin ser un aviso) no aprueba."""
    graded = {"nbgrader": nbgrader("t", grade=True, locked=True, points=1)}
    source = new_notebook(cells=[new_code_cell("check()", metadata=graded) for _ in range(2)])
    worked = new_notebook(cells=[
        new_code_cell("check()", execution_count=1, outputs=[new_output("stream", name="stderr", text="aviso: mal\n")]),
        new_code_cell("check()", execution_count=2, outputs=[new_output("stream", name="stderr", text="UserWarning: x\n")]),
    ])
    problems = checks.check_worked_outputs(worked, tmp_path / "nb.ipynb", source)
    assert len(problems) == 1 and "celda 0: con la solución, autograde no daría" in problems[0] and "aviso: mal" in problems[0]


def test_relative_links_must_lead_to_a_file(tmp_path):
    (tmp_path / "otro.ipynb").write_text("{}")
    nb = new_notebook()
    nb.cells = [new_markdown_cell(
        "[bien](otro.ipynb) [ancla](otro.ipynb#seccion) [web](https://pytorch.org) [aquí](#arriba) "
        "[mal](../01-python/01-python.ipynb) [con título](falta.ipynb \"título\")"
    ), new_code_cell("[no](es_codigo.md)")]
    problems = checks.check_links(nb, tmp_path / "nb.ipynb")
    assert [p.split("«")[1].split("»")[0] for p in problems] == ["../01-python/01-python.ipynb", "falta.ipynb"]


def test_navigation_is_rendered_from_the_notebook_list():
    ordered = notebooks()[:3]
    first, middle, last = ordered
    text = "**Viene de:** lo que sea\n\ntexto\n**Siguiente:** lo que sea"
    nested = render.render_navigation(text, middle, ordered)
    assert f"**Viene de:** [{render.notebook_title(first.source)}](../{first.slug}/{first.slug}.ipynb)" in nested
    assert f"**Siguiente:** [{render.notebook_title(last.source)}](../{last.slug}/{last.slug}.ipynb)" in nested
    flat = render.render_navigation(nested, middle, ordered, flat=True)
    assert f"]({first.slug}.ipynb)" in flat and f"]({last.slug}.ipynb)" in flat
    assert render.render_navigation(text, first, ordered).startswith("**Viene de:** lo que sea")  # el primero no tiene anterior
    assert render.render_navigation(text, last, ordered).endswith("**Siguiente:** lo que sea")  # el último, siguiente propio


def test_raises_exception_tag_is_refused(tmp_path, monkeypatch):
    nb = nbformat.read(str(Notebook("00-cuadernos").source), as_version=4)
    nb.cells.append(new_code_cell("1/0", metadata={"tags": ["raises-exception"]}))
    path = tmp_path / "00-cuadernos.ipynb"
    nbformat.write(nb, str(path))
    monkeypatch.setattr(Notebook, "source", property(lambda self: path))
    problems = checks.check_source(Notebook("00-cuadernos"))
    assert any("raises-exception" in p and "show_error" in p for p in problems)


def test_the_blank_of_a_prediction_names_its_variables():
    nb = _prediction_notebook(TESTS)
    nb.cells[0].source = "# ESCRIBE AQUÍ TU CÓDIGO\nraise NotImplementedError()"
    predictions.add_prediction_stubs(nb)
    lines = nb.cells[0].source.splitlines()
    assert lines[0] == cells.PREDICTION_STUB_HEADER
    assert lines[1:] == ["shape_a = ...", "kind = ...", "floor = ..."]
    code = _prediction_notebook('from rukh_helpers.checks import call\ncall(f)')
    code.cells[0].source = "raise NotImplementedError()"
    predictions.add_prediction_stubs(code)
    assert code.cells[0].source == "raise NotImplementedError()"  # un ejercicio de código conserva su hueco


def test_lint_names_the_file_line_and_rule(tmp_path, monkeypatch):
    from course_tools.audits import checks

    (tmp_path / "pyproject.toml").write_text('[tool.ruff.lint]\nselect = ["F"]\n', encoding="utf-8")
    (tmp_path / "roto.py").write_text("import os\n", encoding="utf-8")
    monkeypatch.setattr(checks, "ROOT", tmp_path)
    assert checks.lint_problems() == ["ruff: roto.py:1:8: F401 [*] `os` imported but unused"]
    (tmp_path / "roto.py").write_text("import os\n\nprint(os.sep)\n", encoding="utf-8")
    assert checks.lint_problems() == []
