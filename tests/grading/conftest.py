"""Los cursos de la carpeta. ``course``: una sola ronda de corrección para toda la carpeta (un curso
temporal, todas las tareas de source/, la solución de cada una, y la versión sin rellenar y el
catálogo hostil de 00-cuadernos, corregidos juntos en paralelo). ``pilot``: un curso nuevo con solo
00-cuadernos, sin entregas, para las pruebas que corrigen de otra manera (Moodle, Dask, PostgreSQL,
sin encierro, nbgrader a secas); se genera una vez por proceso y cada prueba recibe su copia."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import sys
import threading
import time
from pathlib import Path

import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).parent))

import hostile_catalogue  # noqa: E402
from hostile_catalogue import CATALOGUE, SLUG  # noqa: E402
from courses import PilotCourse, copy_pilot, submit  # noqa: E402
from scheduling import HeaviestFileFirst, heaviest_first  # noqa: E402

from course_tools.publish.build import prepare_course  # noqa: E402
from course_tools.layout.course import RELEASE, SOURCE, SUBMITTED, Course, Notebook, notebook_file, notebooks  # noqa: E402
from course_tools.grading.collect import read_folder  # noqa: E402
from course_tools.grading.report import format_table  # noqa: E402
from course_tools.grading.run import grade_all  # noqa: E402
from course_tools.kernels.execution import CELL_TIMEOUT  # noqa: E402

# Límite por celda de la ronda de prueba: el mismo que el del curso (``CELL_TIMEOUT``, que lee nbgrader_config.py). Más
# bajo fallaba sin motivo con la máquina cargada: con 10 s (dos make test a la vez, carga 9–10) una celda de
# «chivata» no llegó a ejecutarse; con 20 s y con 45 s, la celda de las 400 partidas del 19 (13 s con la máquina
# tranquila) se cortó, y el error de IPython al formatear la interrupción, en stderr, hizo fallar
# test_the_sandbox_denies_nothing_to_an_honest_solution[19-rukh-juega] (la última vez, con 45 s, en un clon nuevo
# mientras otra cosa corría). El bucle infinito sigue cortándose aquí, 15 s más tarde.
HERE = Path(__file__).parent


def pytest_collection_modifyitems(items):
    """Los ficheros caros primero (``scheduling.py``): así ningún proceso se queda solo con uno al final."""
    heaviest_first(items, HERE)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """Con ``--dist loadfile``, un fichero por proceso en el orden de la colección."""
    if config.getvalue("dist") != "loadfile":
        return None
    return HeaviestFileFirst(config, log)


@pytest.fixture(scope="session")
def pilot_template(tmp_path_factory) -> Path:
    """00-cuadernos generado una vez por proceso de pytest (libreta SQLite incluida)."""
    root = tmp_path_factory.mktemp("piloto")
    prepare_course(root, [Notebook(SLUG)])
    return root


@pytest.fixture
def pilot(pilot_template, tmp_path) -> PilotCourse:
    """Una copia nueva del curso piloto en ``tmp_path/curso``."""
    return copy_pilot(pilot_template, tmp_path / "curso")


class Bait:
    """Lo que las entregas que leen (``hostile_catalogue.READERS``) buscan fuera de su núcleo: una copia del
    cuaderno resuelto en la carpeta personal, un testigo secreto en el entorno y dos servidores en 127.0.0.1
    (TCP y UDP) que dan las soluciones a quien las pida y anotan quién llamó."""

    def __init__(self, solved):
        self.solutions = json.dumps({c.metadata["nbgrader"]["grade_id"]: c.source for c in solved.cells
                                     if c.metadata.get("nbgrader", {}).get("solution")}).encode()
        self.secret_name, self.secret = "CURSO_TESTIGO_DE_PRUEBA", f"testigo-{secrets.token_hex(8)}"
        self.home_file = Path.home() / notebook_file(f".pytorch-minimo-prueba-{secrets.token_hex(4)}")
        self.home_file.write_text(nbformat.writes(solved), encoding="utf-8")
        self.calls: list[str] = []
        self.tcp = socket.create_server(("127.0.0.1", 0))
        self.udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.udp.bind(("127.0.0.1", 0))
        for serve in (self._serve_tcp, self._serve_udp):
            threading.Thread(target=serve, daemon=True).start()
        os.environ[self.secret_name] = self.secret
        hostile_catalogue.BAIT.update(home_name=self.home_file.name, secret_name=self.secret_name,
                                    tcp_port=self.tcp.getsockname()[1], udp_port=self.udp.getsockname()[1])

    def _serve_tcp(self):
        while True:
            try:
                conn, _ = self.tcp.accept()
            except OSError:
                return
            self.calls.append("tcp")
            with conn:
                conn.sendall(self.solutions)

    def _serve_udp(self):
        while True:
            try:
                _data, peer = self.udp.recvfrom(64)
            except OSError:
                return
            self.calls.append("udp")
            self.udp.sendto(self.solutions, peer)

    def close(self):
        os.environ.pop(self.secret_name, None)
        self.home_file.unlink(missing_ok=True)
        self.tcp.close()
        self.udp.close()


@pytest.fixture(scope="session")
def course(tmp_path_factory):
    """El curso corregido: ``(root, {(alumno, tarea): Outcome}, segundos, {ruta: bytes entregados}, cebo)``."""
    root = tmp_path_factory.mktemp("curso")
    selected = notebooks()
    prepare_course(root, selected)
    layout = Course(root).layout
    bait = None
    try:
        for n in selected:
            solved = nbformat.read(str(layout.notebook(SOURCE, n.slug)), as_version=4)
            release = nbformat.read(str(layout.notebook(RELEASE, n.slug)), as_version=4)
            submit(root, "solucion", n.slug, solved)
            if n.slug == SLUG:  # los huecos de los demás cuadernos los prueba ya tests/proof (cada uno suspende)
                submit(root, "sin-rellenar", n.slug, release)
                bait = Bait(solved)
                for student, (make, _points, _problem) in CATALOGUE.items():
                    make(layout.assignment(SUBMITTED, SLUG, student), solved, release)
        handed_in = read_folder(layout.step(SUBMITTED))
        started = time.monotonic()
        outcomes = grade_all(root, selected=selected, timeout=CELL_TIMEOUT, quiet=True)
        elapsed = time.monotonic() - started
        print("\n" + format_table(outcomes))
        yield root, {(o.student, o.assignment): o for o in outcomes}, elapsed, handed_in, bait
    finally:
        if bait is not None:
            bait.close()
        shutil.rmtree(root, ignore_errors=True)
