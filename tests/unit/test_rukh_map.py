"""El mapa de rukh (course_tools/readings/rukh_map.py) falla cuando un cuaderno ya no enseña lo que el mapa dice."""

import nbformat

from course_tools.readings import given_cells, rukh_map
from course_tools.layout.course import SOURCE, CourseLayout, Notebook

SHA = "0" * 40


def _course(tmp_path, code: str):
    """Un source/ con un solo cuaderno, 05-demo, con una celda de código y otra de tests calificada."""
    nb = nbformat.v4.new_notebook()
    test = nbformat.v4.new_code_cell("assert torch.outer is not None")
    test.metadata["nbgrader"] = {"grade": True, "grade_id": "t", "locked": True, "points": 1, "schema_version": 3,
                                 "solution": False, "task": False}
    nb.cells = [nbformat.v4.new_code_cell(code), test]
    path = CourseLayout(tmp_path).notebook(SOURCE, "05-demo")
    path.parent.mkdir(parents=True)
    nbformat.write(nb, str(path))
    return CourseLayout(tmp_path).step(SOURCE)


def _map(tmp_path, notebook: str, pattern: str, lines=(3, 7), commit=SHA):
    path = tmp_path / "mapa.toml"
    path.write_text(
        f'[commits]\n"layers.py" = "{commit}"\n\n[[construct]]\nfile = "layers.py"\nlines = [{lines[0]}, {lines[1]}]\n'
        f"construct = \"rope_tables\"\nnotebook = \"{notebook}\"\npattern = '{pattern}'\n",
        encoding="utf-8",
    )
    return path


def test_a_construct_shown_in_code_passes(tmp_path):
    source = _course(tmp_path, "angles = torch.outer(t, inv_freq)")
    assert rukh_map.map_problems(_map(tmp_path, "05-demo", r"torch\.outer\("), source) == []


def test_a_construct_only_in_a_test_cell_fails(tmp_path):
    source = _course(tmp_path, "angles = t[:, None] * inv_freq")
    problems = rukh_map.map_problems(_map(tmp_path, "05-demo", r"torch\.outer"), source)
    assert len(problems) == 1 and "ya no muestra" in problems[0] and "05-demo" in problems[0]


def test_a_missing_notebook_fails(tmp_path):
    source = _course(tmp_path, "angles = torch.outer(t, inv_freq)")
    problems = rukh_map.map_problems(_map(tmp_path, "09-otro", r"torch\.outer"), source)
    assert len(problems) == 1 and "no existe" in problems[0]


def test_malformed_entries_are_reported(tmp_path):
    source = _course(tmp_path, "x = 1")
    problems = rukh_map.map_problems(_map(tmp_path, "05-demo", "x = 1", lines=(9, 2), commit="abc"), source)
    assert any("40 cifras" in p for p in problems) and any("de menor a mayor" in p for p in problems)
    assert any("expresión regular" in p for p in rukh_map.map_problems(_map(tmp_path, "05-demo", "(x"), source))


def test_the_course_map_holds():
    assert rukh_map.map_problems() == []


def test_given_cell_must_copy_notebook_18(tmp_path):
    source = _course(tmp_path, "x = 1")
    path = source / "05-demo" / "05-demo.ipynb"
    nb = nbformat.read(str(path), as_version=4)
    nb.cells[0].metadata["tags"] = [given_cells.GIVEN_TAG]
    nbformat.write(nb, str(path))
    notebook = Notebook("05-demo", source)
    assert len(given_cells.given_problems([notebook])) == 1
    assert given_cells.write_given([notebook]) == ["05-demo"]
    assert given_cells.given_problems([notebook]) == []
    assert nbformat.read(str(path), as_version=4).cells[0].source.startswith(given_cells.HEADER)
