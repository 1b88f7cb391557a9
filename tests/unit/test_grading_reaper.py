"""Un proceso que se va a otra sesión con doble fork no sobrevive al trabajador que lo adopta."""

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from tests.processes import alive

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl y /proc son de Linux")


ESCAPE = textwrap.dedent("""
    import os, sys, time
    from course_tools.isolation import reaper as grading_reaper
    adopt = sys.argv[1] == "sí"
    if adopt:
        assert grading_reaper.become_subreaper()
    if os.fork() == 0:              # el «núcleo»
        os.setsid()
        if os.fork() == 0:          # el nieto, en otra sesión, sin las tuberías de salida del padre
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)
            os.write(int(sys.argv[2]), f"{os.getpid()}\\n".encode())
            time.sleep(30)
            os._exit(0)
        os._exit(0)
    time.sleep(0.5)                 # el intermedio ya murió: el nieto es huérfano
    if adopt:
        print(grading_reaper.end_descendants())
""")


@pytest.mark.parametrize("adopt", [True, False])
def test_an_escaped_grandchild_is_ended_only_by_a_subreaper(adopt):
    read, write = os.pipe()
    result = subprocess.run([sys.executable, "-c", ESCAPE, "sí" if adopt else "no", str(write)],
                            pass_fds=(write,), capture_output=True, text=True, timeout=30)
    os.close(write)
    grandchild = int(os.read(read, 64).decode())
    os.close(read)
    assert result.returncode == 0, result.stderr
    time.sleep(0.2)
    if adopt:
        assert int(result.stdout) >= 1 and not alive(grandchild)
    else:
        assert alive(grandchild)  # sin adoptarlo, sigue vivo: el problema que se arregla
        os.kill(grandchild, 9)


def test_children_and_an_empty_round():
    from course_tools.isolation import reaper as grading_reaper

    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        assert proc.pid in grading_reaper.children()
    finally:
        proc.kill()
        proc.wait()
    assert proc.pid not in grading_reaper.children()


def test_end_descendants_spares_the_warm_parent():
    """El padre de los núcleos calientes no lo arrancó ninguna entrega: la limpieza lo deja vivo."""
    script = (
        "import subprocess, sys, time\n"
        "from course_tools.isolation import reaper\n"
        "keep = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(30)'])\n"
        "kill = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(30)'])\n"
        "time.sleep(0.2)\n"
        "ended = reaper.end_descendants(spare={keep.pid})\n"
        "import os\n"
        "print(ended, keep.poll(), os.path.exists(f'/proc/{kill.pid}'))\n"
        "keep.kill()\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                            cwd=Path(__file__).resolve().parents[2])
    assert result.stdout.split() == ["1", "None", "False"], result.stderr
