"""Las piezas de ``make hub`` que no necesitan root ni un navegador: la lista de alumnos, las comprobaciones antes
de arrancar y el servidor que recibe cada uno. El recorrido entero, en tests/browser/test_hub_class.py."""

from __future__ import annotations

import shutil
import socket
import tempfile
from pathlib import Path
from types import SimpleNamespace

import pytest

from course_tools.hub import accounts, auth, serve
from course_tools.learner.lab import LEARNER_EXTENSIONS, TEACHER_EXTENSIONS


def test_the_list_skips_its_header_repeated_names_and_empty_lines(tmp_path):
    roster = tmp_path / "lista.csv"
    roster.write_text("\ufeffusuario,nombre\nana,Ana López\n\nbruno\nana\n", encoding="utf-8")
    assert accounts.read_names(roster) == ["ana", "bruno"]


@pytest.mark.parametrize("bad", ["Ana", "1ana", "ana lópez", "a" * 33, "ana;rm"])
def test_a_name_unix_would_refuse_stops_the_whole_list_before_anyone_is_created(tmp_path, bad):
    roster = tmp_path / "lista.csv"
    roster.write_text(f"ana\n{bad}\n", encoding="utf-8")
    with pytest.raises(accounts.EnrolmentError, match="no valen como usuario"):
        accounts.enrol(roster, tmp_path / "estado", tmp_path / "estado" / "c.csv")
    assert not (tmp_path / "estado").exists()


def test_an_empty_or_missing_list_is_said(tmp_path):
    (tmp_path / "vacia.csv").write_text("usuario\n", encoding="utf-8")
    with pytest.raises(accounts.EnrolmentError, match="ningún nombre"):
        accounts.read_names(tmp_path / "vacia.csv")
    with pytest.raises(accounts.EnrolmentError, match="no existe"):
        accounts.read_names(tmp_path / "no-está.csv")


def test_a_busy_port_and_a_missing_pam_library_are_said_in_spanish(monkeypatch):
    with socket.socket() as busy:
        busy.bind(("0.0.0.0", 0))
        busy.listen()
        port = busy.getsockname()[1]
        monkeypatch.setattr(serve.ctypes.util, "find_library", lambda name: None)
        found = "\n".join(serve.problems(port))
    assert f"ya hay algo escuchando en el puerto {port}" in found and f"make hub PORT={port + 1}" in found
    assert "apt-get install libpam0g" in found


def test_the_python_behind_a_closed_folder_is_opened_only_inside_the_hub(monkeypatch):
    tmp_path = Path(tempfile.mkdtemp(prefix="hubt-unit-"))  # no el de pytest: está tras una carpeta cerrada
    tmp_path.chmod(0o755)
    closed = tmp_path / "casa"
    python = closed / ".pyenv" / "bin" / "python3"
    python.parent.mkdir(parents=True)
    python.touch()
    closed.chmod(0o700)
    monkeypatch.setattr(serve.sys, "executable", str(python))
    monkeypatch.setattr(serve, "ROOT", tmp_path)  # el curso, abierto: aquí solo cuenta el Python
    command = serve.opened_for_learners(["jupyterhub"], tmp_path / "estado")
    assert command[:2] == ["unshare", "--mount"] and command[-1] == "jupyterhub"
    assert str(closed) in command and oct((tmp_path / "estado" / "abierta").stat().st_mode & 0o777) == "0o711"
    closed.chmod(0o755)
    assert serve.opened_for_learners(["jupyterhub"], tmp_path / "estado") == ["jupyterhub"]
    shutil.rmtree(tmp_path)


def test_learners_get_the_assignments_tab_and_teachers_the_formgrader_in_their_course(tmp_path, monkeypatch):
    course = tmp_path / auth.TEACHER_COURSE
    course.mkdir()
    (course / "nbgrader_config.py").write_text("c = get_config()\n")
    monkeypatch.setattr(auth.pwd, "getpwnam", lambda name: SimpleNamespace(pw_dir=str(tmp_path)))
    monkeypatch.setattr(auth, "members", lambda group: {"profe"} if group == accounts.TEACHERS_GROUP else {"ana"})

    def spawned(name):
        spawner = SimpleNamespace(user=SimpleNamespace(name=name), args=[], cmd=["singleuser"], notebook_dir="~",
                                  environment={"JUPYTER_CONFIG_PATH": "/comun"})
        auth.pre_spawn_hook(spawner)
        return spawner

    learner, teacher = spawned("ana"), spawned("profe")
    assert learner.args == auth._extension_args(LEARNER_EXTENSIONS) and learner.cmd == ["singleuser"]
    assert teacher.args == auth._extension_args(TEACHER_EXTENSIONS)
    assert teacher.notebook_dir == str(course) and teacher.cmd[-2:] == [str(course), "singleuser"]
    assert Path(learner.notebook_dir) == Path("~")
    assert learner.environment["JUPYTER_CONFIG_PATH"].split(":") == [str(auth.LEARNER_CONFIG), "/comun"]
    assert teacher.environment["JUPYTER_CONFIG_PATH"] == "/comun"


def test_a_course_behind_a_closed_folder_is_opened_too_and_two_closed_folders_are_refused(monkeypatch):
    tmp_path = Path(tempfile.mkdtemp(prefix="hubt-unit-"))
    tmp_path.chmod(0o755)
    closed = tmp_path / "casa"
    python, course = closed / ".pyenv" / "bin" / "python3", closed / "curso"
    python.parent.mkdir(parents=True)
    python.touch()
    course.mkdir()
    closed.chmod(0o700)
    monkeypatch.setattr(serve.sys, "executable", str(python))
    monkeypatch.setattr(serve, "ROOT", course)
    assert serve.unreachable_for_learners() == []
    command = serve.opened_for_learners(["jupyterhub"], tmp_path / "estado")
    script = command[command.index("-c") + 1]
    assert script.count("mount --bind") == 2 and script.count("mount --rbind") == 1
    assert {str(closed / ".pyenv"), str(course)} <= set(command)  # los dos caminos, y nada más de la casa
    course.chmod(0o700)  # el curso, cerrado también: el hub no llega y lo dice
    [said] = serve.unreachable_for_learners()
    assert str(closed) in said and str(course) in said and "chmod o+x" in said
    assert any("chmod o+x" in line for line in serve.problems(serve.free_port()))
    closed.chmod(0o755)
    shutil.rmtree(tmp_path)
