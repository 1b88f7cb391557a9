"""Lo que se puede comprobar de Colab sin Colab: insignias, línea de instalación y dependencias."""

import re
import subprocess
import sys
import sysconfig

import pytest

from course_tools import cells, render
from course_tools.course import ROOT, notebooks

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


@pytest.mark.slow
def test_install_line_leaves_torch_and_numpy_alone(tmp_path):
    """La línea %pip de la celda de preparación, contra esta copia del repositorio, en un entorno nuevo
    que ya tiene torch y numpy (como Colab): solo instala rukh-helpers."""
    setup = cells.read(notebooks()[0].release).cells[1].source
    line = render.INSTALL_LINE.search(setup).group(0).strip()
    url, branch = render.public_repository()
    assert f"git+{url}@{branch}" in line
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    spec = re.search(r'"([^"]+)"', line).group(1).replace(f"git+{url}@{branch}", f"git+file://{ROOT}@{commit}")
    venv = tmp_path / "colab"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    # Colab trae un pip reciente; el de Python 3.11 no entiende «nombre @ git+file://…».
    subprocess.run([str(venv / "bin/python"), "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)
    site = subprocess.run([str(venv / "bin/python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    # Lo que «trae Colab»: el torch, numpy, matplotlib y chess de nuestro entorno, visibles desde el nuevo.
    (tmp_path / "colab-site.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    (tmp_path / "colab-site.pth").rename(f"{site}/colab-preinstalado.pth")
    result = subprocess.run([str(venv / "bin/python"), "-m", "pip", "install", "--no-cache-dir", spec],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    installed = [name.rsplit("-", 1)[0] for name in re.search(r"Successfully installed (.*)", result.stdout).group(1).split()]
    assert "rukh-helpers" in installed
    assert not {"torch", "numpy", "nvidia-cublas-cu12"} & set(installed), installed
    check = subprocess.run(
        [str(venv / "bin/python"), "-c",
         "import rukh_helpers, torch; from rukh_helpers.games import classic_games; "
         "print(rukh_helpers.VOCAB_SIZE, len(classic_games()), rukh_helpers.__file__)"],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert check.returncode == 0, check.stderr
    size, games, location = check.stdout.split()
    assert size == "2030" and int(games) >= 12 and str(ROOT) not in location
