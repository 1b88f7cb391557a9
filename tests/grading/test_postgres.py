"""Libreta de notas en un PostgreSQL de verdad, arrancado aquí en loopback, con trabajadores en paralelo.

Se puede elegir con ``-m postgres``; por defecto también corre. Si falta el servidor de Debian,
se instala con apt-get (hace falta ser root, como en la imagen de CI).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import nbformat
import pytest

from catalogo_hostil import CATALOGUE, FULL_MARKS, SLUG
from course_tools.grading import gradebook
from course_tools.grading.run import grade_all
from course_tools.build import prepare_course
from course_tools.course import Course, Notebook
from tests.ports import free_port

PG_BIN = Path("/usr/lib/postgresql/15/bin")
pytestmark = pytest.mark.postgres


def _as_postgres(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["runuser", "-u", "postgres", "--", *args], check=True, capture_output=True, text=True)


@pytest.fixture(scope="module")
def postgres_url():
    if not (PG_BIN / "initdb").exists():
        subprocess.run(["apt-get", "update", "-q"], check=True, capture_output=True)
        subprocess.run(["apt-get", "install", "-y", "-q", "postgresql"], check=True, capture_output=True,
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    base = Path(tempfile.mkdtemp(prefix="curso-pg-"))
    data, sockets = base / "datos", base / "sockets"
    sockets.mkdir()
    shutil.chown(base, "postgres")
    shutil.chown(sockets, "postgres")
    port = free_port()
    _as_postgres(str(PG_BIN / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
    _as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(data), "-w", "-l", str(base / "servidor.log"), "-o",
                 f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={sockets}", "start")
    try:
        _as_postgres(str(PG_BIN / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "notas")
        yield f"postgresql://postgres@127.0.0.1:{port}/notas"
    finally:
        _as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop")
        shutil.rmtree(base, ignore_errors=True)


def test_correccion_en_paralelo_sobre_postgres(postgres_url, tmp_path):
    selected = [Notebook(SLUG)]
    prepare_course(tmp_path, selected, db_url=postgres_url)
    course = Course(tmp_path)
    solved = nbformat.read(str(course.notebook("source", SLUG)), as_version=4)
    release = nbformat.read(str(course.notebook("release", SLUG)), as_version=4)
    expected = {}
    for i in range(3):
        path = course.notebook("submitted", SLUG, student=f"alumno-{i}")
        path.parent.mkdir(parents=True)
        nbformat.write(solved if i % 2 == 0 else release, str(path))
        expected[f"alumno-{i}"] = FULL_MARKS if i % 2 == 0 else 0
    make, points, _problem = CATALOGUE["check-equal-trucado"]
    make(tmp_path / "submitted" / "tramposo" / SLUG, solved, release)
    expected["tramposo"] = points
    outcomes = grade_all(tmp_path, db_url=postgres_url, selected=selected, jobs=3, timeout=10,
                                      quiet=True)
    assert {o.student: o.score for o in outcomes} == expected
    assert not list(tmp_path.glob("*.db")), "con PostgreSQL no debe aparecer una libreta SQLite"
    for student, score in expected.items():
        assert gradebook.scores(postgres_url, student, SLUG)[0] == score
