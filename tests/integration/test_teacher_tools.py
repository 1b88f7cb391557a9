"""Herramientas del profesorado que arrancan procesos: make check sobre una copia del curso, la prueba de
respuestas equivocadas en un núcleo y JupyterLab ante un puerto ocupado."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat

from course_tools.rules import cells
from course_tools.learner import lab
from course_tools.audits import proof
from course_tools.publish.authoring import NotebookWriter
from course_tools.layout.course import LAYOUT, RELEASE, ROOT, SOURCE, Course, Notebook

PILOT = "00-cuadernos"


# --- make check detecta las trampas -----------------------------------------

def _copy_course(tmp_path: Path) -> Path:
    copy = tmp_path / "curso"
    copy.mkdir()
    for name in ("course_tools", "catalogues", "rukh_helpers"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "nbgrader_config.py", "GLOSARIO.md"):
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, copy / name)
    for step in (SOURCE, RELEASE):
        shutil.copytree(LAYOUT.assignment(step, PILOT), Course(copy).layout.assignment(step, PILOT))
    # Un curso de un solo cuaderno: el mapa de rukh se queda con lo que enseña ese cuaderno.
    rukh_map = copy / "course_tools" / "data" / "mapa_rukh.toml"
    head, *entries = rukh_map.read_text(encoding="utf-8").split("[[construct]]")
    rukh_map.write_text("[[construct]]".join([head, *(e for e in entries if f'notebook = "{PILOT}"' in e)]),
                        encoding="utf-8")
    Course(copy).layout.worked_dir.mkdir()
    shutil.copy2(LAYOUT.worked(PILOT), Course(copy).layout.worked(PILOT))
    # En la copia el piloto es el último cuaderno: su enlace «Siguiente» no tendría adónde ir.
    for path in (Course(copy).layout.notebook(SOURCE, PILOT), Course(copy).layout.notebook(RELEASE, PILOT),
                 Course(copy).layout.worked(PILOT)):
        path.write_text(re.sub(r"\*\*Siguiente:\*\* \[[^]]*\]\([^)]*\)", "**Siguiente:** el resto del curso", path.read_text()))
    shutil.copy2(ROOT / "README.md", copy / "README.md")
    subprocess.run(
        [sys.executable, "-c", "from pathlib import Path; from course_tools.rules import render; "
         "from course_tools.layout import course; "
         "p = Path('README.md'); p.write_text(render.render_readme(p.read_text(), course.notebooks()))"],
        cwd=copy, check=True,
    )
    return copy


def _check(copy: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "course_tools", "check"], cwd=copy, capture_output=True, text=True)


# make check sobre una copia del piloto: intacta, con retoques de release/ y notebooks/ (que se comparan por
# separado: van juntos en una copia) y con source/ roto (del que salen release/ y notebooks/: va solo). Cada
# retoque tiene que salir con su celda.

def test_check_passes_on_an_intact_copy(tmp_path):
    result = _check(_copy_course(tmp_path))
    assert result.returncode == 0, result.stdout


def test_check_catches_a_touched_release_and_a_touched_worked_notebook(tmp_path):
    """En release/, un texto retocado y una celda bloqueada sin metadatos; en notebooks/, una celda retocada; los
    tres a la vez, en una sola copia: make check compara release/ y notebooks/ con lo que se construye desde
    source/ cada uno por su lado, así que un retoque no puede hacer salir el otro, y cada uno sale con su celda."""
    copy = _copy_course(tmp_path)
    release = Course(copy).layout.notebook(RELEASE, PILOT)
    release.write_text(release.read_text().replace("La casilla de destino", "La casilla de destino ya"))
    nb = nbformat.read(release, 4)
    edited = next(i for i, c in enumerate(nb.cells) if "La casilla de destino ya" in c.source)
    locked = next(i for i, c in enumerate(nb.cells) if cells.is_locked(c) and i > 1 and i != edited)
    del nb.cells[locked].metadata["nbgrader"]  # una celda bloqueada que perdió sus metadatos
    nbformat.write(nb, release)
    worked = Course(copy).layout.worked(PILOT)
    nb = nbformat.read(worked, 4)
    nb.cells[3].source += "\n# retocado a mano"
    nbformat.write(nb, worked)
    result = _check(copy)
    assert result.returncode == 1 and f"release/{PILOT}/{PILOT}.ipynb, celda {edited}" in result.stdout, result.stdout
    assert f"release/{PILOT}/{PILOT}.ipynb, celda {locked}" in result.stdout, result.stdout
    assert f"notebooks/{PILOT}.ipynb, celda 3" in result.stdout, result.stdout
    assert result.stdout.count("✗ ") == 3, result.stdout  # uno por retoque: ninguno hace salir otro


def test_check_catches_a_broken_source(tmp_path):
    """Una región oculta sin cerrar y un grade_id repetido."""
    copy = _copy_course(tmp_path)
    source = Course(copy).layout.notebook(SOURCE, PILOT)
    nb = nbformat.read(source, 4)
    tests = [i for i, c in enumerate(nb.cells) if cells.is_graded_test(c)]
    nb.cells[tests[0]].source = nb.cells[tests[0]].source.replace(cells.END_HIDDEN, "")
    nb.cells[tests[2]].metadata.nbgrader.grade_id = nb.cells[tests[1]].metadata.nbgrader.grade_id
    nbformat.write(nb, source)
    result = _check(copy)
    assert result.returncode == 1
    assert f"source/{PILOT}/{PILOT}.ipynb, celda {tests[0]}: región de tests ocultos sin cerrar" in result.stdout
    assert "repetido en" in result.stdout and f"celda {tests[2]}" in result.stdout


# --- la prueba de respuestas equivocadas ve un test debilitado ----------------

def _fixture_notebook(hidden: str) -> nbformat.NotebookNode:
    w = NotebookWriter("99")
    w.title("# 99 · Prueba", "Cuaderno de prueba.")
    w.setup()
    w.exercise(
        "sumar-columnas", points=1, task="Suma por columnas.",
        solution="import torch\ndef sumar_columnas(x):\n    ### BEGIN SOLUTION\n    return x.sum(dim=0)\n    ### END SOLUTION",
        tests=(
            "import torch\nfrom rukh_helpers.checks import call, check_tensor\n"
            "_x = torch.ones(2, 2)\ncheck_tensor(call(sumar_columnas, _x), torch.full((2,), 2.0), 'sumar_columnas')"
        ),
        hidden=hidden,
    )
    return w.nb


WRONG_DIM = "import torch\ndef sumar_columnas(x):\n    return x.sum(dim=1)\n"


def test_weakened_test_lets_a_wrong_answer_through(tmp_path):
    catalogue = tmp_path / "nb99.py"
    catalogue.write_text(f"WRONG_ANSWERS = {{'nb99-sumar-columnas': [('suma por filas', {WRONG_DIM!r})]}}\n")
    fixture = Notebook("99-prueba")

    weak = proof.prove(fixture, catalogue, source_nb=_fixture_notebook("pass"))
    assert weak.wrong_answers == 1 and weak.rejected == 0
    assert any("pasa sus tests una respuesta equivocada: «suma por filas»" in p for p in weak.problems)

    strong_hidden = "_y = torch.arange(6.0).view(2, 3)\ncheck_tensor(call(sumar_columnas, _y), torch.tensor([3.0, 5.0, 7.0]), 'sumar_columnas')"
    strong = proof.prove(fixture, catalogue, source_nb=_fixture_notebook(strong_hidden))
    assert strong.rejected == 1 and not strong.problems
    assert strong.messages[0][2].startswith("sumar_columnas: forma incorrecta: esperaba (3,)")
    assert proof.missing_entries(_fixture_notebook("pass"), {"nb99-sumar-columnas": [("a", "b")]}) == ["nb99-sumar-columnas"]


def test_lab_keeps_a_given_token_and_explains_a_busy_port(tmp_path, monkeypatch, capsys):
    import socket

    assert lab._given_token(["--no-browser", "--IdentityProvider.token=abc"]) == "abc"
    assert lab._given_token(["--no-browser"]) is None
    monkeypatch.setenv(lab.WORKSPACE_ENV_VAR, str(tmp_path / "trabajo"))
    monkeypatch.setattr(lab, "LOG_FILE", tmp_path / "lab.log")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert lab.serve(port=port, open_browser=False) == 1
    out = capsys.readouterr().out
    assert "Arrancando JupyterLab" in out and f"¿el puerto {port} está ocupado?" in out
    assert "Listo:" not in out
