"""Corregir en un clúster de Dask de verdad: un ``dask scheduler`` y dos ``dask worker`` en loopback.

Se arrancan como en el README (``--nthreads 1``, con su *nanny*, PYTHONPATH en la raíz del
repositorio y otra carpeta de trabajo), y se matan siempre al acabar, pase lo que pase.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")

from course_tools.grading.executor import make_executor  # noqa: E402
from course_tools.grading.model import ClusterError, JobFailed  # noqa: E402
from tests.fake_jobs import FakeJob, FakeResult, fake_job  # noqa: E402
from tests.ports import free_port  # noqa: E402
from tests.processes import alive  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60


@dataclass
class Cluster:
    address: str
    folder: Path
    admin: distributed.Client  # para mirar el clúster desde fuera (no corre trabajos)
    processes: list

    def start(self, *args: str, name: str) -> subprocess.Popen:
        """``python -m dask …`` en su propio grupo de procesos (para matarlo entero: nanny y trabajador)."""
        env = {**os.environ, "PYTHONPATH": str(REPO), "OMP_NUM_THREADS": "1"}
        with open(self.folder / f"{name}.log", "wb") as log:
            process = subprocess.Popen([sys.executable, "-m", "dask", *args], cwd=self.folder, env=env,
                                       stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        self.processes.append(process)
        return process

    def start_worker(self, name: str, threads: int = 1) -> subprocess.Popen:
        return self.start("worker", self.address, "--host", "127.0.0.1", "--nthreads", str(threads),
                          "--no-dashboard", "--local-directory", str(self.folder / name), name=name)

    def wait_for(self, workers: int) -> None:
        """Hasta que haya exactamente ``workers`` trabajadores (un trabajador muerto vuelve con su nanny)."""
        deadline = time.monotonic() + START_TIMEOUT
        while len(self.admin.nthreads()) != workers:
            assert time.monotonic() < deadline, f"el clúster no llegó a {workers} trabajadores: {self.logs()}"
            time.sleep(0.2)

    def stop(self, process: subprocess.Popen) -> None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait(timeout=30)

    def logs(self) -> str:
        return "\n".join(f"--- {p.name}\n" + p.read_text(errors="replace")[-1500:]
                         for p in sorted(self.folder.glob("*.log")))


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dask")
    port = free_port()
    cluster = Cluster(f"tcp://127.0.0.1:{port}", folder, None, [])
    try:
        cluster.start("scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard", name="planificador")
        cluster.start_worker("trabajador-1")
        cluster.start_worker("trabajador-2")
        cluster.admin = distributed.Client(cluster.address, timeout=START_TIMEOUT, set_as_default=False)
        cluster.wait_for(2)
        yield cluster
    finally:
        if cluster.admin is not None:
            cluster.admin.close()
        for process in cluster.processes:
            cluster.stop(process)


def test_jobs_come_back_from_both_workers(cluster):
    jobs = [FakeJob(n, seconds=0.3) for n in range(8)] + [FakeJob(20, "raise"), FakeJob(21, "subreaper")]
    with make_executor(scheduler=cluster.address) as executor:
        done = list(executor.run(fake_job, jobs))
    assert Counter(job for job, _ in done) == Counter(jobs)
    results = dict(done)
    assert {n: results[FakeJob(n, seconds=0.3)].value for n in range(8)} == {n: n * n for n in range(8)}
    assert results[FakeJob(20, "raise")] == JobFailed("excepción en el trabajo: ValueError: entrega 20 rota")
    if sys.platform.startswith("linux"):
        assert results[FakeJob(21, "subreaper")].value == 1
    workers = set(cluster.admin.run(os.getpid).values())
    assert {r.pid for r in results.values() if isinstance(r, FakeResult)} == workers


def test_a_worker_killed_mid_run_loses_no_job(cluster, tmp_path):
    jobs = [FakeJob(n, seconds=1.0, marks=str(tmp_path)) for n in range(8)]
    done, killed = [], None
    with make_executor(scheduler=cluster.address) as executor:
        for job, result in executor.run(fake_job, jobs):
            done.append((job, result))
            if killed is None:  # ese trabajador ya ha empezado otro trabajo: muere a medias
                killed = result.pid
                os.kill(killed, signal.SIGKILL)
    assert Counter(job for job, _ in done) == Counter(jobs), "cada trabajo vuelve exactamente una vez"
    assert all(isinstance(r, FakeResult) and r.value == job.number ** 2 for job, r in done)
    finished_by = {job.number: result.pid for job, result in done}
    started_by = [tuple(map(int, mark.name.split("-"))) for mark in tmp_path.iterdir()]
    cut_short = [n for n, pid in started_by if pid == killed and finished_by[n] != killed]
    assert cut_short, f"ningún trabajo quedó a medias en el trabajador muerto: {started_by}"
    cluster.wait_for(2)


def test_a_job_that_kills_every_worker_is_reported(cluster):
    allowed = cluster.admin.run_on_scheduler(lambda dask_scheduler: dask_scheduler.allowed_failures)
    assert allowed == 3, "el README cuenta con el valor por defecto de distributed.scheduler.allowed-failures"
    with make_executor(scheduler=cluster.address) as executor:
        done = list(executor.run(fake_job, [FakeJob(1, "exit")]))
    assert done == [(FakeJob(1, "exit"), JobFailed("el proceso corrector murió 4 veces con esta entrega"))]
    cluster.wait_for(2)


def test_a_worker_with_two_threads_is_refused(cluster):
    crowded = cluster.start_worker("trabajador-con-dos-hilos", threads=2)
    try:
        cluster.wait_for(3)
        with pytest.raises(ClusterError, match=r"\(2 hilos\).*--nthreads 1"):
            with make_executor(scheduler=cluster.address):
                pass
    finally:
        cluster.stop(crowded)
    cluster.wait_for(2)


def test_no_scheduler_there_is_a_clear_error(monkeypatch):
    monkeypatch.setattr("course_tools.grading.dask_executor.CONNECT_TIMEOUT", "2s")
    with pytest.raises(ClusterError, match="arrancado `dask scheduler`"):
        with make_executor(scheduler=f"tcp://127.0.0.1:{free_port()}"):
            pass


# --- una clase de verdad en el clúster: la nota de cada celda, la que le toca ----------------------

WRONG_EXERCISE = "nb00-count-moves-to"  # la respuesta equivocada de «equivocada»: suspende solo su test


def _class(course) -> list:
    """El curso piloto con cinco entregas: resuelta, sin rellenar, una respuesta equivocada, una que deja un
    proceso huérfano y una que busca los cuadernos del profesor. Devuelve las tareas elegidas."""
    import copy

    from hostile_catalogue import CATALOGUE
    from catalogues.nb00_cuadernos import WRONG_ANSWERS

    solved, release = course.solved, course.release
    wrong = copy.deepcopy(solved)
    cell = next(c for c in wrong.cells if c.metadata.get("nbgrader", {}).get("grade_id") == WRONG_EXERCISE)
    cell.source = WRONG_ANSWERS[WRONG_EXERCISE][0][1]
    for student, nb in (("solucion", solved), ("sin-rellenar", release), ("equivocada", wrong)):
        course.submit(student, nb)
    for student in ("huerfano", "ladrona"):
        make, _points, _problem = CATALOGUE[student]
        make(course.folder(student), solved, release)
    return course.selected


def test_a_class_graded_on_the_cluster_gets_the_grades_it_deserves(cluster, pilot):
    """En el clúster, cada celda de tests tiene la nota que le toca (la misma que en local: la ronda de
    test_grading_round corrige en local la solución, el hueco y el catálogo hostil con las mismas cuentas)."""
    from hostile_catalogue import orphan_pid
    from course_tools.rules import cells
    from course_tools.grading.run import grade_all

    points = {cells.grade_id(c): float(cells.nbgrader_meta(c)["points"]) for c in pilot.solved.cells
              if cells.is_graded_test(c) and float(cells.nbgrader_meta(c)["points"]) > 0}  # la predicción no puntúa
    full = {gid: [p, p] for gid, p in points.items()}
    nothing = {gid: [0.0, p] for gid, p in points.items()}
    deserved = {"solucion": full, "huerfano": full, "sin-rellenar": nothing, "ladrona": nothing,
                "equivocada": {**full, f"{WRONG_EXERCISE}-tests": [0.0, points[f"{WRONG_EXERCISE}-tests"]]}}
    outcomes = {o.student: o for o in grade_all(pilot.root, selected=_class(pilot), jobs=2, timeout=10, quiet=True,
                                                scheduler=cluster.address)}
    assert {student: o.grades for student, o in outcomes.items()} == deserved
    for student, o in outcomes.items():
        assert (o.score, o.max_score) == (sum(s for s, _ in deserved[student].values()), sum(points.values()))
    assert "sandbox-denied" in outcomes["ladrona"].codes(), outcomes["ladrona"].status  # encerrada también en Dask
    assert not alive(orphan_pid(pilot.root)), "el huérfano de la entrega sigue vivo tras corregir en el clúster"


def test_the_cluster_bounds_time_size_and_privilege_like_local_grading(cluster, pilot):
    """Los ajustes viajan con cada trabajo: en el clúster, «lenta» se para a los 10 s de SLOW_SETTINGS, la imagen
    gigante se queda en una nota y quien intenta usar los poderes de root recibe EPERM."""
    from hostile_catalogue import ATTACK_MARK, CATALOGUE, FULL_MARKS, SLOW_SETTINGS, lenta, said
    from test_notebook_budget import check_slow
    from course_tools.grading.run import grade_all

    solved, release = pilot.solved, pilot.release
    lenta(pilot.folder("lenta"), solved, release)
    for student in ("imagen-gigante", "privilegiada"):
        CATALOGUE[student][0](pilot.folder(student), solved, release)
    outcomes = {o.student: o for o in grade_all(pilot.root, selected=pilot.selected, jobs=2, quiet=True,
                                                settings=SLOW_SETTINGS, scheduler=cluster.address)}
    check_slow(outcomes["lenta"], outcomes["lenta"].seconds)
    assert outcomes["imagen-gigante"].score == FULL_MARKS and "output-too-big" in outcomes["imagen-gigante"].codes()
    assert said(pilot.root, "privilegiada", ATTACK_MARK) == ["mknod EPERM", "bpf EPERM", "CapEff 0000000000000000"]
