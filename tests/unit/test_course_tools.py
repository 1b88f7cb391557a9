"""Las herramientas del profesorado: versiones, insignias, espacio del alumno, trampas y prueba."""

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import nbformat
import pytest
from packaging.requirements import Requirement

from course_tools import cells, lab, proof, render
from course_tools.authoring import NotebookWriter
from course_tools.course import ROOT, Notebook, notebook_path, notebooks

PILOT = "00-cuadernos"


def _requirements() -> dict[str, Requirement]:
    lines = (ROOT / "requirements.txt").read_text().splitlines()
    reqs = [Requirement(line) for line in lines if line.strip() and not line.startswith("#")]
    return {r.name.lower(): r for r in reqs}


def test_three_dependency_lists_agree():
    pinned = _requirements()
    assert str(pinned["torch"].specifier) == "==2.13.0"
    assert all(len(r.specifier) == 1 and next(iter(r.specifier)).operator == "==" for r in pinned.values())
    conda = re.findall(r"^\s+- ([A-Za-z][^\s=]*(?:\[[a-z]+\])?==\S+)$", (ROOT / "environment.yml").read_text(), re.M)
    conda = {Requirement(line).name.lower(): Requirement(line) for line in conda}
    assert {k: str(v) for k, v in conda.items()} == {k: str(v) for k, v in pinned.items()}
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    loose = [Requirement(r) for r in project["dependencies"] + project["optional-dependencies"]["course"]]
    loose = {r.name.lower(): r for r in loose}
    assert set(loose) == set(pinned)
    for name, requirement in loose.items():
        version = next(iter(pinned[name].specifier)).version
        assert requirement.specifier.contains(version), f"{name}=={version} fuera de {requirement.specifier}"
    # Colab trae torch y numpy: sus rangos no deben tener techo que fuerce reinstalar.
    assert all(s.operator == ">=" for s in loose["torch"].specifier)
    assert all(s.operator == ">=" for s in loose["numpy"].specifier)


def test_badge_has_colab_form_and_points_to_the_file():
    path = Notebook(PILOT).release
    url = render.colab_url(path)
    assert re.fullmatch(r"https://colab\.research\.google\.com/github/[\w.-]+/[\w.-]+/blob/[\w.-]+/release/00-cuadernos/00-cuadernos\.ipynb", url)
    assert render.badge(path).startswith("[![Abrir en Colab](https://colab.research.google.com/assets/colab-badge.svg)](")
    with pytest.raises(ValueError, match="insignia"):
        render.render_title("# 00 · Sin insignia", path)
    with pytest.raises(ValueError, match="preparación"):
        render.render_setup("print(1)")
    assert render.render_glossary_links("un [lote](glosario#lote)").endswith("GLOSARIO.md#lote)")


def test_workspace_is_seeded_once_and_never_overwritten(tmp_path):
    release = tmp_path / "release"
    notebook_path(release, "00-a").parent.mkdir(parents=True)
    notebook_path(release, "00-a").write_text("original")
    (release / "README.md").write_text("no")
    workspace = tmp_path / "mi-curso"
    assert lab.seed_workspace(workspace, release) == [notebook_path(workspace, "00-a")]
    notebook_path(workspace, "00-a").write_text("mis respuestas")
    notebook_path(release, "00-a").write_text("versión nueva")
    notebook_path(release, "01-b").parent.mkdir()
    notebook_path(release, "01-b").write_text("nuevo")
    assert lab.seed_workspace(workspace, release) == [notebook_path(workspace, "01-b")]
    assert notebook_path(workspace, "00-a").read_text() == "mis respuestas"
    assert not (workspace / "README.md").exists()
    command = lab.lab_command(workspace, 9999, open_browser=False)
    assert "--no-browser" in command and f"--ServerApp.root_dir={workspace}" in command


# --- make check detecta las trampas -----------------------------------------

def _copy_course(tmp_path: Path) -> Path:
    copy = tmp_path / "curso"
    copy.mkdir()
    for name in ("course_tools", "tests/wrong_answers", "rukh_helpers"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "nbgrader_config.py", "GLOSARIO.md"):
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, copy / name)
    for folder in ("source", "release"):
        shutil.copytree(ROOT / folder / PILOT, copy / folder / PILOT)
    (copy / "notebooks").mkdir()
    shutil.copy2(ROOT / "notebooks" / f"{PILOT}.ipynb", copy / "notebooks")
    # En la copia el piloto es el último cuaderno: su enlace «Siguiente» no tendría adónde ir.
    for path in (notebook_path(copy / "source", PILOT), notebook_path(copy / "release", PILOT),
                 copy / "notebooks" / f"{PILOT}.ipynb"):
        path.write_text(re.sub(r"\*\*Siguiente:\*\* \[[^]]*\]\([^)]*\)", "**Siguiente:** el resto del curso", path.read_text()))
    shutil.copy2(ROOT / "README.md", copy / "README.md")
    subprocess.run(
        [sys.executable, "-c", "from pathlib import Path; from course_tools import course, render; "
         "p = Path('README.md'); p.write_text(render.render_readme(p.read_text(), course.notebooks()))"],
        cwd=copy, check=True,
    )
    return copy


def _check(copy: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "course_tools", "check"], cwd=copy, capture_output=True, text=True)


@pytest.mark.slow
def test_check_catches_tampering(tmp_path):
    copy = _copy_course(tmp_path)
    assert _check(copy).returncode == 0, _check(copy).stdout

    release = notebook_path(copy / "release", PILOT)
    original_release = release.read_text()
    release.write_text(original_release.replace("La casilla de destino", "La casilla de destino ya"))
    result = _check(copy)
    assert result.returncode == 1 and f"release/{PILOT}/{PILOT}.ipynb, celda" in result.stdout
    nb = nbformat.read(release, 4)
    locked = next(i for i, c in enumerate(nb.cells) if cells.is_locked(c) and i > 1)
    del nb.cells[locked].metadata["nbgrader"]  # una celda bloqueada que perdió sus metadatos
    nbformat.write(nb, release)
    result = _check(copy)
    assert result.returncode == 1 and f"release/{PILOT}/{PILOT}.ipynb, celda {locked}" in result.stdout
    release.write_text(original_release)

    worked = copy / "notebooks" / f"{PILOT}.ipynb"
    nb = nbformat.read(worked, 4)
    nb.cells[3].source += "\n# retocado a mano"
    nbformat.write(nb, worked)
    result = _check(copy)
    assert result.returncode == 1 and f"notebooks/{PILOT}.ipynb, celda 3" in result.stdout

    source = notebook_path(copy / "source", PILOT)
    nb = nbformat.read(source, 4)
    tests = [i for i, c in enumerate(nb.cells) if cells.is_graded_test(c)]
    nb.cells[tests[0]].source = nb.cells[tests[0]].source.replace(cells.END_HIDDEN, "")
    nb.cells[tests[2]].metadata.nbgrader.grade_id = nb.cells[tests[1]].metadata.nbgrader.grade_id
    nbformat.write(nb, source)
    result = _check(copy)
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


@pytest.mark.slow
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


def test_message_flaws():
    assert proof.message_flaw("") == "mensaje vacío (un AssertionError sin texto)"
    assert "castellano" in proof.message_flaw("expected 3, got 4")
    assert "qué se esperaba" in proof.message_flaw("la forma está mal")
    assert proof.message_flaw("x: esperaba (3,), obtuve (2,)") is None


def test_every_source_notebook_is_listed_in_order():
    slugs = [n.slug for n in notebooks()]
    assert slugs == sorted(slugs) and slugs[0] == PILOT


def test_rebuild_helpers_make_identical_files(tmp_path):
    from nbformat.v4 import new_code_cell, new_notebook, new_output

    from course_tools.build import coalesce_streams, keep_volatile_outputs

    parts = new_code_cell("print()")
    parts.outputs = [new_output("stream", name="stdout", text="a\n"), new_output("stream", name="stdout", text="b\n"),
                     new_output("stream", name="stderr", text="aviso\n"), new_output("stream", name="stdout", text="c\n")]
    merged = coalesce_streams(new_notebook(cells=[parts])).cells[0].outputs
    assert [(o.name, o.text) for o in merged] == [("stdout", "a\nb\n"), ("stderr", "aviso\n"), ("stdout", "c\n")]

    def notebook(volatile_text, plain_text):
        volatile = new_code_cell("print(time.time())", metadata={"tags": ["nbval-ignore-output"]})
        volatile.outputs = [new_output("stream", name="stdout", text=volatile_text)]
        plain = new_code_cell("print(1)")
        plain.outputs = [new_output("stream", name="stdout", text=plain_text)]
        return new_notebook(cells=[volatile, plain])

    old = tmp_path / "viejo.ipynb"
    nbformat.write(notebook("1.0\n", "1\n"), old)
    kept = keep_volatile_outputs(notebook("2.0\n", "uno\n"), old)
    assert kept.cells[0].outputs[0].text == "1.0\n" and kept.cells[1].outputs[0].text == "uno\n"
    assert keep_volatile_outputs(notebook("2.0\n", "1\n"), tmp_path / "no-existe.ipynb").cells[0].outputs[0].text == "2.0\n"


def test_lab_keeps_a_given_token_and_explains_a_busy_port(tmp_path, monkeypatch, capsys):
    import socket

    assert lab._given_token(["--no-browser", "--IdentityProvider.token=abc"]) == "abc"
    assert lab._given_token(["--no-browser"]) is None
    monkeypatch.setenv(lab.WORKSPACE_ENV_VAR, str(tmp_path / "mi-curso"))
    monkeypatch.setattr(lab, "LOG_FILE", tmp_path / "lab.log")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert lab.serve(port=port, open_browser=False) == 1
    out = capsys.readouterr().out
    assert "Arrancando JupyterLab" in out and f"¿el puerto {port} está ocupado?" in out
    assert "Listo:" not in out
