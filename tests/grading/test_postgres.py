"""Libreta de notas en un PostgreSQL de verdad, arrancado aquí en loopback, con trabajadores en paralelo.

Se puede elegir con ``-m postgres``; por defecto también corre. Si falta el servidor de Debian,
se instala con apt-get cuando se es root (como en la imagen de CI); si no se puede instalar ni
arrancar (sin root, sin apt-get, sin red), la prueba se salta y dice por qué.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from hostile_catalogue import CATALOGUE, FULL_MARKS, SLUG
from course_tools.grading import gradebook
from course_tools.grading.run import grade_all
from course_tools.publish.build import prepare_course
from course_tools.layout.course import Notebook
from courses import PilotCourse
from tests.ports import free_port

PG_BIN = Path("/usr/lib/postgresql/15/bin")
pytestmark = pytest.mark.postgres


def _as_postgres(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["runuser", "-u", "postgres", "--", *args], check=True, capture_output=True, text=True)


def _install_postgres() -> None:
    """El servidor de Debian, si falta y se puede instalar; si no, la prueba se salta con el motivo."""
    if (PG_BIN / "initdb").exists():
        return
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        pytest.skip(f"PostgreSQL no está instalado ({PG_BIN}) y sin root ni apt-get no se puede instalar: "
                    "apt-get install postgresql")
    try:
        subprocess.run(["apt-get", "update", "-q"], check=True, capture_output=True)
        subprocess.run(["apt-get", "install", "-y", "-q", "postgresql"], check=True, capture_output=True,
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    except subprocess.CalledProcessError as exc:
        pytest.skip(f"apt-get no pudo instalar PostgreSQL: {exc.stderr.strip()[-300:]}")


@pytest.fixture(scope="module")
def postgres_url():
    _install_postgres()
    if os.geteuid() != 0 or not shutil.which("runuser"):
        pytest.skip("arrancar PostgreSQL como el usuario postgres pide root y runuser")
    base = Path(tempfile.mkdtemp(prefix="curso-pg-"))
    data, sockets = base / "datos", base / "sockets"
    sockets.mkdir()
    port = free_port()
    try:
        shutil.chown(base, "postgres")
        shutil.chown(sockets, "postgres")
        _as_postgres(str(PG_BIN / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        _as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(data), "-w", "-l", str(base / "servidor.log"), "-o",
                     f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={sockets}", "start")
    except (LookupError, subprocess.CalledProcessError) as exc:  # sin usuario postgres, o initdb/pg_ctl fallan
        shutil.rmtree(base, ignore_errors=True)
        detail = exc.stderr.strip()[-300:] if isinstance(exc, subprocess.CalledProcessError) else str(exc)
        pytest.skip(f"no se pudo arrancar PostgreSQL: {detail}")
    try:
        _as_postgres(str(PG_BIN / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "notas")
        yield f"postgresql://postgres@127.0.0.1:{port}/notas"
    finally:
        _as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop")
        shutil.rmtree(base, ignore_errors=True)


def test_parallel_grading_on_postgres(postgres_url, tmp_path):
    """El curso piloto, pero generado aquí: su libreta es la del servidor, no el SQLite de la plantilla."""
    selected = [Notebook(SLUG)]
    prepare_course(tmp_path, selected, db_url=postgres_url)
    course = PilotCourse(tmp_path, selected)
    solved, release = course.solved, course.release
    expected = {}
    for i in range(3):
        course.submit(f"alumno-{i}", solved if i % 2 == 0 else release)
        expected[f"alumno-{i}"] = FULL_MARKS if i % 2 == 0 else 0
    make, points, _problem = CATALOGUE["check-equal-trucado"]
    make(course.folder("tramposo"), solved, release)
    expected["tramposo"] = points
    outcomes = grade_all(tmp_path, db_url=postgres_url, selected=selected, jobs=3, timeout=10,
                                      quiet=True)
    assert {o.student: o.score for o in outcomes} == expected
    assert not list(tmp_path.glob("*.db")), "con PostgreSQL no debe aparecer una libreta SQLite"
    for student, score in expected.items():
        assert gradebook.scores(postgres_url, student, SLUG)[0] == score
