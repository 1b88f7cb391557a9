"""El trabajo de corrección entero, acotado (issue 40): memoria de todo su árbol, número de procesos, ficheros
enormes medidos antes de leerlos y nada vivo cuando matan a ``make grade``. Cada ronda, con el curso piloto, los
ataques de ``hostile_catalogue`` (con topes propios: la máquina de pruebas es compartida) y alumnos honrados al lado."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time

import nbformat
import psutil
import pytest

from hostile_catalogue import (FULL_MARKS, PROCESS_MARK, PROCESS_TRIES, SLUG, arbol_de_memoria, enorme, procesos,
                               said)
from course_tools.grading.run import grade_all
from course_tools.grading.worker import LIMIT_NOTE
from course_tools.layout.course import AUTOGRADED
from course_tools.isolation import jobgroup

HAS_CGROUP = jobgroup.places()[0] is not None
TREE_SETTINGS = {"memory_mb": 2048, "processes_max": 64}  # pequeño: el árbol de arbol_de_memoria pasa de 2 GB


def _honest(pilot, *names):
    for name in names:
        pilot.submit(name, pilot.solved)


def test_process_bomb_and_memory_tree_end_with_their_codes(pilot):
    _honest(pilot, "honrada-1", "honrada-2")
    procesos(pilot.folder("procesos"), pilot.solved, pilot.release)
    arbol_de_memoria(pilot.folder("arbol"), pilot.solved, pilot.release)
    outcomes = {o.student: o for o in grade_all(pilot.root, selected=pilot.selected, jobs=2, quiet=True,
                                                settings=TREE_SETTINGS)}
    for name in ("honrada-1", "honrada-2"):
        assert outcomes[name].score == FULL_MARKS and outcomes[name].codes() == [], outcomes[name].status
    started = [int(n) for n in said(pilot.root, "procesos", PROCESS_MARK)]
    assert started and max(started) < TREE_SETTINGS["processes_max"] < PROCESS_TRIES, started  # RLIMIT_NPROC, siempre
    assert outcomes["procesos"].score == FULL_MARKS, outcomes["procesos"].status  # lo ya puntuado se queda
    if not HAS_CGROUP:
        pytest.skip(f"sin grupo de control en esta máquina ({jobgroup.places()[1]}): solo se prueba RLIMIT_NPROC")
    assert "too-many-processes" in outcomes["procesos"].codes(), outcomes["procesos"].status
    assert "memory" in outcomes["arbol"].codes(), outcomes["arbol"].status
    assert "2048 MB" in outcomes["arbol"].status
    for name, code in (("procesos", "too-many-processes"), ("arbol", "memory")):  # también en su devolución
        first = nbformat.read(str(pilot.layout.notebook(AUTOGRADED, SLUG, name)), as_version=4).cells[0]
        assert first.cell_type == "markdown" and LIMIT_NOTE in first.source, first
        assert [p.message for p in outcomes[name].problems if p.code == code][0] in first.source


def test_big_files_are_measured_and_never_read(pilot):
    _honest(pilot, "honrada-1", "honrada-2")
    enorme(pilot.folder("enorme"), pilot.solved, pilot.release, size=4 * 2**30)
    try:
        outcomes = {o.student: o for o in grade_all(pilot.root, selected=pilot.selected, jobs=2, quiet=True)}
    finally:
        for path in pilot.folder("enorme").iterdir():
            path.unlink()
    o = outcomes["enorme"]
    assert o.codes() == ["submission-too-big"] and o.score == 0 and o.max_score == FULL_MARKS, o.status
    assert "4096.0 MB" in o.status and "20 MB" in o.status, o.status
    for name in ("honrada-1", "honrada-2"):
        assert outcomes[name].score == FULL_MARKS, outcomes[name].status


KILLED_ROUND = textwrap.dedent("""
    import sys
    from pathlib import Path
    from course_tools.grading.run import grade_all
    from course_tools.layout.course import Notebook
    grade_all(Path(sys.argv[1]), selected=[Notebook(sys.argv[2])], jobs=2, quiet=True)
""")


def test_nothing_outlives_a_killed_make_grade(pilot):
    """Se mata con SIGKILL el proceso principal cuando ya corren los núcleos (y lo que arrancó una entrega en otra
    sesión): al poco no queda vivo ningún proceso de la ronda."""
    _honest(pilot, "honrada-1")
    procesos(pilot.folder("procesos"), pilot.solved, pilot.release, hold=120)
    main = subprocess.Popen([sys.executable, "-c", KILLED_ROUND, str(pilot.root), SLUG])
    try:
        tree = _wait_for_sleepers(main, timeout=240)
    finally:
        main.send_signal(signal.SIGKILL)
        main.wait()
    deadline = time.monotonic() + 20
    alive = tree
    while alive and time.monotonic() < deadline:
        time.sleep(0.5)
        alive = [p for p in tree if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
    assert not alive, f"siguen vivos: {[(p.pid, p.name()) for p in alive]}"


def _wait_for_sleepers(main: subprocess.Popen, timeout: float) -> list[psutil.Process]:
    """Espera a que la entrega de ``procesos`` haya arrancado sus ``sleep``; todo el árbol de ``main`` entonces."""
    root = psutil.Process(main.pid)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert main.poll() is None, f"la ronda acabó antes de tiempo (código {main.returncode})"
        tree = root.children(recursive=True)
        sleepers = [p for p in tree if _name(p) == "sleep"]
        if len(sleepers) >= 10:
            time.sleep(1)
            return root.children(recursive=True)
        time.sleep(0.5)
    raise AssertionError("la entrega nunca llegó a arrancar sus procesos")


def _name(process: psutil.Process) -> str:
    try:
        return process.name()
    except psutil.Error:
        return ""
