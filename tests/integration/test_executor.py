"""El ejecutor local: cada trabajo vuelve una vez, con su resultado o con un JobFailed que dice por qué."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter

import pytest

from course_tools.grading.executor import LocalExecutor, make_executor
from course_tools.layout.course import ROOT
from course_tools.grading.model import DIED_TWICE, ClusterError, JobFailed
from tests.fake_jobs import DiesWhenUnpickled, FakeJob, FakeResult, fake_job


def run_all(jobs, workers=2):
    with make_executor(workers=workers) as executor:
        return list(executor.run(fake_job, jobs))


def test_every_job_comes_back_once_with_its_result():
    jobs = [FakeJob(n) for n in range(7)]
    done = run_all(jobs)
    assert Counter(job for job, _ in done) == Counter(jobs)
    assert {job.number: result.value for job, result in done} == {n: n * n for n in range(7)}
    assert len({result.pid for _, result in done}) <= 2


def test_each_round_runs_with_the_environment_of_its_caller_at_that_moment(monkeypatch):
    """Los procesos nacen del servidor de forks, que arranca una vez: el entorno lo reciben de quien pide cada
    ronda, el de ese momento (con spawn venía solo; sin pasarlo, la segunda ronda vería el de la primera)."""
    for number in (1, 2):
        monkeypatch.setenv("CURSO_PRUEBA_NUMERO", str(number))
        assert {result.value for _, result in run_all([FakeJob(n, "environ") for n in range(3)])} == {number}


STOPPED_AT_EXIT = """
from tests.fake_jobs import FakeJob, fake_job
from course_tools.grading.executor import make_executor
if __name__ == "__main__":
    with make_executor(workers=2) as executor:
        list(executor.run(fake_job, [FakeJob(n) for n in range(4)]))
"""


def _children_cpu(*args: str) -> float:
    """La CPU de todo lo que recoge un proceso que ejecuta ``python *args`` y espera a que acabe."""
    measure = ("import resource, subprocess, sys; subprocess.run([sys.executable, *sys.argv[1:]], check=True); "
               "r = resource.getrusage(resource.RUSAGE_CHILDREN); print(r.ru_utime + r.ru_stime)")
    done = subprocess.run([sys.executable, "-c", measure, *args], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    return float(done.stdout)


def test_the_fork_server_is_reaped_at_exit_so_its_cpu_is_counted(tmp_path):
    """Quien corrige recoge al salir el servidor de forks (y con él, la CPU de sus procesos): la del perfil de
    make test. Sin eso, el servidor quedaba huérfano y su CPU no contaba en la de nadie."""
    script = tmp_path / "ronda.py"
    script.write_text(STOPPED_AT_EXIT, encoding="utf-8")
    # El servidor importa al menos lo que importa ese proceso solo: si se recoge, su CPU está en la cuenta.
    assert _children_cpu(str(script)) > _children_cpu("-c", "import course_tools.grading.worker")


def test_an_exception_in_a_job_is_a_job_failed_and_the_rest_go_on():
    done = dict(run_all([FakeJob(1), FakeJob(2, "raise"), FakeJob(3)]))
    assert done[FakeJob(2, "raise")] == JobFailed("excepción en el trabajo: ValueError: entrega 2 rota")
    assert done[FakeJob(1)].value == 1 and done[FakeJob(3)].value == 9


def test_a_job_that_kills_its_process_fails_alone():
    # La entrega mortal empieza la primera; las demás tardan, así que alguna corre a la vez que ella
    # y muere con el grupo: tiene que repetirse y volver con su nota.
    killer = FakeJob(0, "exit", seconds=0.2)
    others = [FakeJob(n, seconds=0.4) for n in range(1, 7)]
    done = run_all([killer, *others])
    assert Counter(job for job, _ in done) == Counter([killer, *others])
    results = dict(done)
    assert results[killer] == JobFailed(DIED_TWICE)
    assert all(isinstance(results[job], FakeResult) and results[job].value == job.number ** 2 for job in others)


def test_two_killers_in_one_class():
    killers = [FakeJob(0, "exit"), FakeJob(1, "exit", seconds=0.3)]
    others = [FakeJob(n, seconds=0.2) for n in range(2, 6)]
    results = dict(run_all([*killers, *others], workers=2))
    assert [results[k] for k in killers] == [JobFailed(DIED_TWICE)] * 2
    assert {job.number: results[job].value for job in others} == {n: n * n for n in range(2, 6)}


def test_a_job_that_kills_its_process_before_it_starts():
    killer = DiesWhenUnpickled()
    others = [FakeJob(n, seconds=0.2) for n in range(4)]
    results = dict(run_all([*others[:2], killer, *others[2:]]))
    assert results.pop(killer) == JobFailed(DIED_TWICE)
    assert {job.number: result.value for job, result in results.items()} == {n: n * n for n in range(4)}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_CHILD_SUBREAPER es de Linux")
def test_every_local_process_is_a_subreaper():
    results = dict(run_all([FakeJob(n, "subreaper") for n in range(3)]))
    assert [result.value for result in results.values()] == [1, 1, 1]


def test_default_is_one_process_per_core_plus_one_and_no_dask():
    # En un proceso nuevo: importar el ejecutor local no carga dask.
    code = ("import os, sys\n"
            "from course_tools.grading.executor import make_executor\n"
            "with make_executor() as ex:\n"
            "    assert ex.workers == os.cpu_count() + 1, ex.workers\n"
            "assert not any(name.split('.')[0] in ('dask', 'distributed') for name in sys.modules)\n")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
    assert LocalExecutor(3).workers == 3


def test_the_cluster_checks_say_what_to_do():
    pytest.importorskip("distributed")
    from course_tools.grading.dask_executor import check_sources, check_threads

    check_threads({"tcp://a:1": 1, "tcp://b:2": 1})
    with pytest.raises(ClusterError, match=r"tcp://b:2 \(4 hilos\).*--nthreads 1"):
        check_threads({"tcp://a:1": 1, "tcp://b:2": 4})
    check_sources("abc", {"el planificador": "abc", "tcp://a:1": "abc"})
    with pytest.raises(ClusterError, match=r"No encuentran course_tools: tcp://a:1.*PYTHONPATH"):
        check_sources("abc", {"el planificador": "abc", "tcp://a:1": None})
    with pytest.raises(ClusterError, match=r"otra versión de course_tools: el planificador"):
        check_sources("abc", {"el planificador": "viejo", "tcp://a:1": "abc"})
