"""El encierro del núcleo de corrección (Landlock), probado en procesos hijos: este no se encierra."""

from __future__ import annotations

import os

import pytest

from course_tools.grading import sandbox


def _in_a_child(action) -> int:
    """Ejecuta ``action()`` en un hijo de ``fork`` y devuelve su código de salida."""
    pid = os.fork()
    if pid == 0:
        code = 99
        try:
            code = action()
        finally:
            os._exit(code)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])


@pytest.mark.skipif(not sandbox.abi_version(), reason="este sistema no tiene Landlock")
def test_un_proceso_encerrado_solo_escribe_en_sus_carpetas(tmp_path):
    own, other = tmp_path / "propia", tmp_path / "ajena"
    own.mkdir()
    other.mkdir()
    (other / "entrega.ipynb").write_text("original")

    def confined() -> int:
        if sandbox.confine([str(own)]) is not None:
            return 1
        (own / "sub").mkdir()
        (own / "sub" / "a.txt").write_text("x")
        with open(os.devnull, "w") as null:
            null.write("x")
        for attack in (lambda: (other / "entrega.ipynb").write_text("roto"),
                       lambda: (other / "nuevo.txt").write_text("x"),
                       lambda: (other / "entrega.ipynb").unlink(),
                       lambda: os.rename(own / "sub" / "a.txt", other / "a.txt")):
            try:
                attack()
                return 2
            except PermissionError:
                pass
        return 0

    assert _in_a_child(confined) == 0
    assert (other / "entrega.ipynb").read_text() == "original"
    assert sorted(p.name for p in other.iterdir()) == ["entrega.ipynb"]
    assert (own / "sub" / "a.txt").read_text() == "x"
    (other / "despues.txt").write_text("este proceso no quedó encerrado")


def test_con_el_interruptor_apagado_no_encierra(monkeypatch, tmp_path):
    monkeypatch.setenv(sandbox.SWITCH_ENV, "0")
    assert sandbox.confine([str(tmp_path)]) == "desactivado con COURSE_SANDBOX=0"


def test_sin_landlock_dice_por_que_y_no_encierra(monkeypatch, tmp_path):
    monkeypatch.delenv(sandbox.SWITCH_ENV, raising=False)
    monkeypatch.setattr(sandbox, "abi_version", lambda: 0)
    assert sandbox.confine([str(tmp_path)]) == "este sistema no tiene Landlock"


def test_las_carpetas_del_nucleo_son_la_de_trabajo_y_su_tmpdir(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TMPDIR", "/tmp/nucleo-x")
    assert sandbox.kernel_folders() == [str(tmp_path), "/tmp/nucleo-x"]
