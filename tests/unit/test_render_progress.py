"""Las partes puras de render (insignias, instalación, glosario, tabla del README) y de progress (sin núcleo).

El repositorio público se fija con monkeypatch: las URL esperadas se escriben enteras.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import nbformat
import pytest
from nbformat.v4 import new_markdown_cell, new_notebook

from course_tools.rules import render
from course_tools.layout.course import RELEASE, SOURCE, CourseLayout
from course_tools.rules.cells import is_blank
from course_tools.learner.progress import NotebookProgress, check_notebook, exercise_title, format_progress
from tests.unit.grading_fixtures import learner_notebook, solution_cell

REPO, BRANCH = "https://github.com/dueña/curso-minimo", "principal"
BADGE = "https://colab.research.google.com/assets/colab-badge.svg"


@pytest.fixture
def public(monkeypatch, tmp_path):
    monkeypatch.setattr(render, "public_repository", lambda: (REPO, BRANCH))
    monkeypatch.setattr(render, "ROOT", tmp_path)
    return tmp_path


def _colab(relative: str) -> str:
    return f"https://colab.research.google.com/github/dueña/curso-minimo/blob/{BRANCH}/{relative}"


def _write_notebook(path: Path, title: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(new_notebook(cells=[new_markdown_cell(f"# {title}\nTexto")]), str(path))
    return path


# --- render ------------------------------------------------------------------------------

def test_colab_url_badge_and_install_line(public):
    release = CourseLayout(public).notebook(RELEASE, "01-python")
    assert render.colab_url(release) == _colab(release.relative_to(public).as_posix())  # la ruta, dentro del repositorio
    assert render.colab_url("carpeta/x.ipynb") == _colab("carpeta/x.ipynb")  # una ruta relativa se toma tal cual
    assert render.badge("a.ipynb") == f"[![Abrir en Colab]({BADGE})]({_colab('a.ipynb')})"
    assert render.install_command() == f'%pip install -q "rukh-helpers @ git+{REPO}@{BRANCH}"'


def test_colab_needs_github(monkeypatch):
    monkeypatch.setattr(render, "public_repository", lambda: ("https://gitlab.com/a/b", "main"))
    with pytest.raises(ValueError, match="debe estar en GitHub"):
        render.colab_url("a.ipynb")


def test_render_title_replaces_only_the_first_badge(public):
    old = "[![Abrir en Colab](vieja.svg)](https://otra/cosa) · extra"
    source = f"# Título\n{old}\n{old}"
    assert render.render_title(source, "t.ipynb") == f"# Título\n{render.badge('t.ipynb')}\n{old}"
    with pytest.raises(ValueError, match="La celda de título de t.ipynb no tiene"):
        render.render_title("# Título sin insignia", "t.ipynb")


def test_render_setup_keeps_indentation(public):
    source = "if EN_COLAB:\n    %pip install -q \"rukh-helpers @ git+https://github.com/vieja/x@main\"\nimport torch"
    expected = f"if EN_COLAB:\n    {render.install_command()}\nimport torch"
    assert render.render_setup(source) == expected
    assert render.render_setup(expected) == expected  # idempotente
    with pytest.raises(ValueError, match="no tiene la línea"):
        render.render_setup("%pip install torch")


def test_glossary_links_and_anchors(public):
    text = "Un [lote](glosario#lote) y un [tensor](glosario#tensor-0d); [otro](#local)."
    assert render.render_glossary_links(text) == (
        f"Un [lote]({REPO}/blob/{BRANCH}/GLOSARIO.md#lote) y un [tensor]({REPO}/blob/{BRANCH}/GLOSARIO.md#tensor-0d); "
        "[otro](#local).")
    assert render.glossary_anchors() == set()  # sin GLOSARIO.md
    (public / "GLOSARIO.md").write_text('<a id="lote"></a>\n**Lote**\n<a id="tensor-0d"></a> <a id="Mal"></a>',
                                        encoding="utf-8")
    assert render.glossary_anchors() == {"lote", "tensor-0d"}


def test_notebook_table_and_readme(public):
    layout = CourseLayout(public)

    def rel(path: Path) -> str:
        return path.relative_to(public).as_posix()

    first = SimpleNamespace(source=_write_notebook(layout.notebook(SOURCE, "a"), "00 · Cuadernos"),
                            release=layout.notebook(RELEASE, "a"), worked=public / "resueltos" / "a.ipynb")
    second = SimpleNamespace(source=_write_notebook(layout.notebook(SOURCE, "b"), "01 · Python"),
                             release=rel(layout.notebook(RELEASE, "b")), worked="resueltos/b.ipynb")  # rutas relativas
    assert render.notebook_title(first.source) == "00 · Cuadernos"
    table = render.notebook_table([first, second])
    assert table.splitlines() == [
        "| Cuaderno | Para hacer | Resuelto |",
        "|---|---|---|",
        f"| 00 · Cuadernos | {render.badge(rel(first.release))} | {render.badge('resueltos/a.ipynb')} |",
        f"| 01 · Python | {render.badge(second.release)} | {render.badge('resueltos/b.ipynb')} |",
    ]
    readme = f"Antes\n{render.TABLE_START}\nvieja\n{render.TABLE_END}\nDespués"
    assert render.render_readme(readme, [second]) == (
        f"Antes\n{render.TABLE_START}\n{render.notebook_table([second])}\n{render.TABLE_END}\nDespués")
    with pytest.raises(ValueError):
        render.render_readme("sin marcas", [second])


# --- progress (lo que no ejecuta núcleos) ------------------------------------------------

def test_is_blank_variants():
    assert is_blank("def f():\n    raise NotImplementedError")
    assert is_blank("  x = ...  # tu predicción")
    assert not is_blank("x = ...1")
    assert not is_blank("def f():\n    return ...")
    assert not is_blank("")


def test_exercise_title_reads_the_statement_heading():
    nb = new_notebook(cells=[
        new_markdown_cell("## Sección\n### Ejercicio 3 · Sumar\nEnunciado"),
        solution_cell("nb-suma", "x = 1"),
        new_markdown_cell("Sin título de ejercicio"),
        solution_cell("nb-resta", "y = 2"),
        solution_cell("nb-primera", "z = 3"),
    ])
    assert exercise_title(nb, 1) == "Ejercicio 3 · Sumar"
    assert exercise_title(nb, 3) == "nb-resta"  # el markdown justo antes no tiene «### »: su grade_id
    nb.cells.insert(0, solution_cell("nb-cero", "w = 0"))
    assert exercise_title(new_notebook(cells=[nb.cells[0]]), 0) == "nb-cero"
    nb.cells[0].metadata = {}
    assert exercise_title(new_notebook(cells=[nb.cells[0]]), 0) == "un ejercicio"


def test_check_notebook_problems_before_any_kernel(tmp_path):
    missing = check_notebook(tmp_path / "no.ipynb", "00-x")
    assert (missing.slug, missing.total, missing.problem) == (
        "00-x", 0, "no está en tu carpeta (ejecuta `make lab` para copiarlo)")
    broken = tmp_path / "roto.ipynb"
    broken.write_text('{"cells": [', encoding="utf-8")
    result = check_notebook(broken, "01-y")
    assert result.problem == ("no se puede leer (NotJSONError): ¿se guardó a medias? "
                              "Recupera una copia de release/")
    bare = tmp_path / "sin-metadatos.ipynb"
    nb = learner_notebook()
    for cell in nb.cells:
        cell.metadata.pop("nbgrader", None)
    nbformat.write(nb, str(bare))
    before = bare.read_bytes()
    result = check_notebook(bare, "02-z")
    assert result.problem == "no encuentro sus ejercicios (¿perdió los metadatos de nbgrader?)"
    assert (result.total, result.passed, result.complete) == (0, 0, False)
    assert bare.read_bytes() == before


def test_format_progress_exact_table():
    rows = [
        NotebookProgress("00-cuadernos", total=2, passed=2),
        NotebookProgress("01-python", total=3, passed=1, blanks=2, next_exercise="Ejercicio 2 · Listas"),
        NotebookProgress("02-tensores", problem="no se puede leer"),
    ]
    assert [r.complete for r in rows] == [True, False, False]
    header = f"{'cuaderno':<22}{'aprobados':>10}{'huecos':>8}  siguiente"
    assert format_progress(rows).splitlines() == [
        header,
        "-" * len(header),
        f"{'00-cuadernos':<22}{'2/2':>10}{0:>8}  ✓ completo",
        f"{'01-python':<22}{'1/3':>10}{2:>8}  Ejercicio 2 · Listas",
        f"{'02-tensores':<22}{'—':>10}{'—':>8}  ✗ no se puede leer",
        "Tests visibles aprobados: 3 de 5 ejercicios. La nota final la ponen también los tests ocultos de la corrección.",
        "Siguiente: 01-python, Ejercicio 2 · Listas.",
    ]
    done = format_progress([rows[0]]).splitlines()
    assert done[-1].startswith("Tests visibles aprobados: 2 de 2")  # todo completo: sin «Siguiente»
    assert format_progress([rows[2]]).splitlines()[-1] == "Siguiente: 02-tensores, no se puede leer."
