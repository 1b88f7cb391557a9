"""Lo que se puede comprobar de Colab sin Colab ni procesos: insignias y lo que Colab no tiene (la línea de
instalación, en tests/integration/test_colab_install.py)."""

import re

import pytest

from course_tools.rules import cells, render
from course_tools.layout.course import ROOT, notebooks

BADGE = re.compile(r"\[!\[Abrir en Colab\]\(https://colab\.research\.google\.com/assets/colab-badge\.svg\)\]"
                   r"\(https://colab\.research\.google\.com/github/(?P<repo>[\w.-]+/[\w.-]+)/blob/(?P<branch>[\w.-]+)/(?P<path>[^)]+)\)")
# Extensiones, widgets o ficheros locales con ruta fija: en Colab no están.
FORBIDDEN_CODE = re.compile(r"ipywidgets|%%javascript|%%html|google\.colab|"
                            r"\b(open|Path|np\.load|torch\.load|read_csv)\(\s*[\"'](?!/tmp)")
LOCAL_IMAGE = re.compile(r"!\[[^\]]*\]\((?!https?://)[^)]+\)")


def _generated():
    for notebook in notebooks():
        yield notebook.release
        yield notebook.worked


@pytest.mark.parametrize("path", list(_generated()), ids=lambda p: str(p.relative_to(ROOT)))
def test_badge_points_to_its_own_existing_file(path):
    nb = cells.read(path)
    match = BADGE.search(nb.cells[0].source)
    assert match, f"{path.relative_to(ROOT)}: falta la insignia de Colab con la forma exacta"
    assert match["path"] == path.relative_to(ROOT).as_posix()
    assert (ROOT / match["path"]).exists()
    url, branch = render.public_repository()
    assert url.endswith(match["repo"]) and branch == match["branch"]


def test_readme_badges_point_to_existing_files():
    badges = list(BADGE.finditer((ROOT / "README.md").read_text(encoding="utf-8")))
    assert len(badges) == 2 * len(notebooks())
    for match in badges:
        assert (ROOT / match["path"]).exists(), match["path"]


@pytest.mark.parametrize("path", [n.release for n in notebooks()], ids=lambda p: p.parent.name)
def test_nothing_colab_lacks(path):
    nb = cells.read(path)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and i > 1:
            found = FORBIDDEN_CODE.search(cell.source)
            assert not found, f"{path.parent.name}, celda {i}: usa {found.group(0)!r}, que en Colab no existe o no está"
        if cell.cell_type == "markdown":
            assert not LOCAL_IMAGE.search(cell.source), f"{path.parent.name}, celda {i}: imagen local que Colab no verá"
