"""Las herramientas del profesorado sin procesos: versiones, insignias, espacio del alumno y mensajes de la prueba."""

import re
import tomllib

import nbformat
import pytest
from packaging.requirements import Requirement

from course_tools.learner import lab
from course_tools.audits import proof
from course_tools.rules import render
from course_tools.layout.course import LAYOUT, RELEASE, ROOT, notebooks

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
    path = LAYOUT.notebook(RELEASE, PILOT)
    url = render.colab_url(path)
    assert re.fullmatch(r"https://colab\.research\.google\.com/github/[\w.-]+/[\w.-]+/blob/[\w.-]+/release/00-cuadernos/00-cuadernos\.ipynb", url)
    assert render.badge(path).startswith("[![Abrir en Colab](https://colab.research.google.com/assets/colab-badge.svg)](")
    with pytest.raises(ValueError, match="insignia"):
        render.render_title("# 00 · Sin insignia", path)
    with pytest.raises(ValueError, match="preparación"):
        render.render_setup("print(1)")
    assert render.render_glossary_links("un [lote](glosario#lote)").endswith("GLOSARIO.md#lote)")


def test_workspace_is_seeded_once_and_never_overwritten(tmp_path):
    release = tmp_path / "versiones"
    (release / "00-a").mkdir(parents=True)
    (release / "00-a" / "00-a.ipynb").write_text("original")
    (release / "README.md").write_text("no")
    workspace = tmp_path / "trabajo"
    assert lab.seed_workspace(workspace, release) == [workspace / "00-a" / "00-a.ipynb"]
    (workspace / "00-a" / "00-a.ipynb").write_text("mis respuestas")
    (release / "00-a" / "00-a.ipynb").write_text("versión nueva")
    (release / "01-b").mkdir()
    (release / "01-b" / "01-b.ipynb").write_text("nuevo")
    assert lab.seed_workspace(workspace, release) == [workspace / "01-b" / "01-b.ipynb"]
    assert (workspace / "00-a" / "00-a.ipynb").read_text() == "mis respuestas"
    assert not (workspace / "README.md").exists()
    command = lab.lab_command(workspace, 9999, open_browser=False)
    assert "--no-browser" in command and f"--ServerApp.root_dir={workspace}" in command



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

    from course_tools.publish.build import coalesce_streams, keep_volatile_outputs

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


def test_the_teacher_commands_start_without_loading_torch():
    """Las órdenes del profesorado (make check, make grade…) no cargan torch al arrancar: tarda segundos y solo lo
    necesitan los núcleos y las órdenes que entrenan o juegan (que lo importan dentro). Las ayudas del alumno se
    siguen importando igual, por su nombre."""
    import subprocess
    import sys

    probe = ("import sys\nfrom course_tools import __main__ as tools\ntry:\n    tools.main(['check', '--help'])\n"
             "except SystemExit:\n    pass\nprint('torch' in sys.modules)\n"
             "from rukh_helpers import PAD_ID, pick_device\nprint('torch' in sys.modules, PAD_ID, callable(pick_device))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-2:] == ["False", "True 0 True"], done.stdout


def test_the_helpers_say_what_they_do_not_have():
    import rukh_helpers

    with pytest.raises(AttributeError, match="no_existe"):
        rukh_helpers.no_existe  # noqa: B018
    assert {"pick_device", "encode_game", "show_error"} <= set(dir(rukh_helpers)) and "pick_device" in rukh_helpers.__all__
