"""Quién corre los trabajos de corrección: procesos locales o un clúster de Dask.

Un trabajo es una función pura (``fn(job) -> resultado``), así que da igual dónde corra::

    with make_executor(workers=2) as ex:                          # procesos de esta máquina
        for job, result in ex.run(grade_job, jobs):               # según van acabando
            ...                                                   # resultado, o JobFailed
    with make_executor(scheduler="tcp://host:8786") as ex:        # trabajadores de Dask
        ...

Cada trabajo vuelve exactamente una vez: con su resultado, o con un ``JobFailed`` que dice por
qué no se pudo correr. Un trabajo que mata al proceso que lo corre no se lleva por delante las
notas de los demás.

* **Local.** ``ProcessPoolExecutor`` con ``forkserver``. El servidor de *forks* importa una vez lo que usa
  cada trabajo (``PRELOAD``: nbgrader y la corrección, unos 2,5 s de CPU) y cada proceso nace de él ya con eso
  dentro; con ``spawn`` cada proceso de cada ronda lo volvía a importar. Como el servidor nace una vez, cada
  proceso recibe al arrancar el entorno y la carpeta de trabajo de quien lo pide, los de ese momento (lo que
  ``spawn`` hacía solo). Cada proceso se declara *child subreaper* (``reaper``) y muere (SIGKILL) si muere el
  proceso principal: un hilo espera a su *pidfd*. No basta ``PR_SET_PDEATHSIG``: su padre es el servidor, que
  no se va mientras viva uno de sus hijos (cada uno guarda un extremo de la tubería que lo mantiene vivo).
  Si un proceso muere, el grupo entero se rompe: lo que no había empezado
  se repite en un grupo nuevo, y lo que estaba corriendo se repite *solo*, en un proceso propio.
  Si vuelve a morir, es esa entrega: ``JobFailed(DIED_TWICE)``.
* **Dask** (``dask_executor``): se importa solo si hay dirección de planificador. No importa este
  módulo: lo que comparten los dos ejecutores (``JobFailed``, ``ClusterError``) está en ``model``.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import select
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Iterable, Iterator

from ..isolation import reaper
from ..kernels.child import die_with_parent
from .model import DIED_TWICE, JobFailed, failure


def make_executor(workers: int | None = None, scheduler: str | None = None):
    """Procesos locales (``workers``, por defecto uno por núcleo) o, con ``scheduler``, un clúster de Dask.

    Con Dask, ``workers`` no cuenta: corren tantos trabajos a la vez como trabajadores tenga el clúster.
    """
    if scheduler:
        from .dask_executor import DaskExecutor

        return DaskExecutor(scheduler)
    return LocalExecutor(workers)


def default_workers() -> int:
    """Un proceso por núcleo y uno más: cada trabajador pasa buena parte del tiempo esperando a su núcleo
    de Jupyter (otro proceso), y el de más aprovecha esas esperas (medido con make bench en 2 núcleos:
    0,63 s por cuaderno con 2 procesos, 0,55 s con 3)."""
    return (os.cpu_count() or 1) + 1


# --- lo que corre en cada proceso local ---------------------------------------------------

_started = None  # por cada trabajo de la ronda, 1 en cuanto un proceso lo empieza (memoria compartida)

# Lo que el servidor de forks importa una sola vez (lo que cada trabajo importaría al empezar).
PRELOAD = ["course_tools.grading.worker", "nbgrader.preprocessors", "nbgrader.apps", "nbgrader.api"]


def _context():
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def _stop_forkserver(wait: float = 5.0) -> None:
    """Al salir, el servidor de forks se va y se recoge: sin esto quedaba huérfano un instante y su CPU (y la de
    sus procesos) no contaba en la de quien corrigió (el perfil de make test). Usa lo que multiprocessing no
    publica (lo que usan sus propias pruebas), así que si no está, no hace nada; y no espera más de ``wait``."""
    try:
        from multiprocessing import forkserver

        server = forkserver._forkserver
        pid, alive = server._forkserver_pid, server._forkserver_alive_fd
        if pid is None:
            return
        server._forkserver_pid = server._forkserver_alive_fd = None
        os.close(alive)  # su señal para irse, en cuanto no quede ningún proceso suyo
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline and os.waitpid(pid, os.WNOHANG)[0] == 0:
            time.sleep(0.05)
    except (AttributeError, OSError):
        return


atexit.register(_stop_forkserver)  # sin servidor en marcha, no hace nada


def _die_with(owner: int) -> None:
    """SIGKILL a este proceso en cuanto muera ``owner`` (que no es su padre); si ya murió, ahora."""
    try:
        pidfd = os.pidfd_open(owner)
    except ProcessLookupError:
        os._exit(1)

    def wait() -> None:
        select.select([pidfd], [], [])  # legible cuando ``owner`` termina
        os.kill(os.getpid(), signal.SIGKILL)

    threading.Thread(target=wait, name="muere-con-la-ronda", daemon=True).start()


def _init_process(started, environ: dict, cwd: str, owner: int) -> None:
    global _started
    _started = started
    os.environ.clear()
    os.environ.update(environ)  # los de quien pide el grupo, ahora: no los de cuando nació el servidor
    os.chdir(cwd)
    # Si muere quien corrige (también con SIGKILL) o el servidor de forks, este proceso con él: sus padres
    # calientes le siguen (vigilan a su dueño) y lo que quede en el grupo de control de su trabajo lo mata el
    # vigilante de la ronda (jobgroup).
    _die_with(owner)
    die_with_parent(os.getppid())
    reaper.become_subreaper()  # los huérfanos de cada núcleo pasan a ser hijos de este proceso


def _run_marked(fn: Callable, index: int, job: Any) -> Any:
    _started[index] = 1  # se escribe antes de correr: si el proceso muere, el padre sabe quién corría
    return fn(job)


# --- el ejecutor local ---------------------------------------------------------------------


class LocalExecutor:
    """Un grupo de procesos de esta máquina (del servidor de forks) por cada llamada a ``run``."""

    def __init__(self, workers: int | None = None):
        self.workers = max(1, workers or default_workers())
        self._context = _context()

    def __enter__(self) -> LocalExecutor:
        return self

    def __exit__(self, *exc) -> None:
        return None

    def run(self, fn: Callable, jobs: Iterable) -> Iterator[tuple[Any, Any]]:
        """Corre ``fn(job)`` para cada trabajo y da ``(job, resultado o JobFailed)`` según acaban."""
        jobs = list(jobs)
        pending = list(range(len(jobs)))
        while pending:
            outcomes: dict[str, list[int]] = {"in_flight": [], "not_started": []}
            for index, result in self._together(fn, jobs, pending, outcomes):
                yield jobs[index], result
            pending = outcomes["not_started"]
            # Los que corrían cuando murió un proceso: uno de ellos lo mató. Cada uno se repite solo.
            for index, result in self._alone(fn, jobs, outcomes["in_flight"]):
                yield jobs[index], result

    def _pool(self, size: int, started) -> ProcessPoolExecutor:
        caller = (dict(os.environ), os.getcwd(), os.getpid())  # quien pide el grupo, ahora
        return ProcessPoolExecutor(max_workers=size, mp_context=self._context,
                                   initializer=_init_process, initargs=(started, *caller))

    def _together(self, fn, jobs, indices, outcomes) -> Iterator[tuple[int, Any]]:
        """Una ronda en un grupo compartido; lo que rompe el grupo se anota en ``outcomes``."""
        started = self._context.RawArray("b", len(jobs))
        pool = self._pool(min(self.workers, len(indices)), started)
        broken = []
        try:
            futures = {pool.submit(_run_marked, fn, i, jobs[i]): i for i in indices}
            for future in as_completed(futures):
                index = futures[future]
                if isinstance(future.exception(), BrokenProcessPool):
                    broken.append(index)
                else:
                    yield index, _result(future)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        in_flight = [i for i in broken if started[i]]
        if broken and not in_flight:  # murió sin trabajo empezado (al arrancar): que se prueben solos
            in_flight = broken
        outcomes["in_flight"] = in_flight
        outcomes["not_started"] = [i for i in broken if i not in in_flight]

    def _alone(self, fn, jobs, indices) -> Iterator[tuple[int, Any]]:
        """Cada trabajo en un grupo de un solo proceso (hasta ``workers`` a la vez); si muere otra vez, falla."""
        for first in range(0, len(indices), self.workers):
            group = indices[first:first + self.workers]
            started = self._context.RawArray("b", len(jobs))
            pools = [self._pool(1, started) for _ in group]
            try:
                futures = {pool.submit(_run_marked, fn, i, jobs[i]): i for pool, i in zip(pools, group)}
                for future in as_completed(futures):
                    broken = isinstance(future.exception(), BrokenProcessPool)
                    yield futures[future], JobFailed(DIED_TWICE) if broken else _result(future)
            finally:
                for pool in pools:
                    pool.shutdown(wait=True, cancel_futures=True)


def _result(future: Future) -> Any:
    err = future.exception()
    return failure(err) if err is not None else future.result()
