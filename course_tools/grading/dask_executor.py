"""Los trabajos de corrección en un clúster de Dask (``make grade SCHEDULER=tcp://host:8786``).

Solo se importa si hay dirección de planificador: sin ella, la corrección no paga ``import dask``.

* Cada trabajo se manda con ``pure=False`` (dos entregas iguales se corrigen las dos) y con un
  reintento si ``fn`` lanza una excepción.
* Si un trabajador muere, el planificador reparte otra vez lo que corría en él. Un trabajo
  presente en más muertes de las que permite ``distributed.scheduler.allowed-failures`` (3 por
  defecto; se cambia al arrancar el planificador) vuelve como ``JobFailed``.
* Un trabajo por proceso: cada trabajo se declara *child subreaper* y, al acabar, mata a todos los
  descendientes de su proceso, así que dos trabajos en hilos del mismo proceso se matarían los
  núcleos. Por eso los trabajadores se arrancan con ``--nthreads 1``; se comprueba al conectar y
  otra vez en cada trabajo (un trabajador puede llegar después).
* El planificador (que deshace el pickle de cada trabajo) y los trabajadores importan
  ``course_tools`` de la misma copia del repositorio que quien corrige (``PYTHONPATH`` apuntando
  a su raíz); se comprueba al conectar.
"""

from __future__ import annotations

import types
import uuid
from typing import Any, Callable, Iterable, Iterator

import distributed

from ..isolation import reaper, sandbox
from .model import DIED_TWICE, ClusterError, JobFailed, failure

CONNECT_TIMEOUT = "20s"
RETRIES = 1  # si fn lanza una excepción (no si muere el trabajador: eso lo cuenta allowed-failures)
ONE_THREAD = ("la corrección necesita un trabajo por proceso (cada trabajo mata, al acabar, los procesos "
              "que quedan en el suyo): arranca los trabajadores con `dask worker tcp://… --nthreads 1`")


def check_threads(threads: dict[str, int]) -> None:
    """``threads`` como lo da ``Client.nthreads()`` (trabajador -> hilos): todos con un solo hilo."""
    crowded = sorted(f"{address} ({count} hilos)" for address, count in threads.items() if count != 1)
    if crowded:
        raise ClusterError(f"Estos trabajadores de Dask corren varios trabajos a la vez: {', '.join(crowded)}; "
                           + ONE_THREAD + ".")


def source_digest() -> str | None:
    """Huella de los .py de ``course_tools`` que importa este proceso (``None`` si no lo encuentra).

    Viaja por valor al planificador y a los trabajadores: no necesita importar ``course_tools``.
    """
    import hashlib
    import importlib.util
    from pathlib import Path

    spec = importlib.util.find_spec("course_tools")
    if spec is None or not spec.submodule_search_locations:
        return None
    package = Path(list(spec.submodule_search_locations)[0])
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(str(path.relative_to(package)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def check_sources(local: str | None, remote: dict[str, str | None]) -> None:
    """El planificador y los trabajadores (``remote``: quién -> huella) importan el mismo ``course_tools``."""
    missing = sorted(who for who, digest in remote.items() if digest is None)
    if missing:
        raise ClusterError(f"No encuentran course_tools: {', '.join(missing)}. Arranca el planificador y los "
                           "trabajadores de Dask con PYTHONPATH=<raíz del repositorio del curso>, p. ej. "
                           "`PYTHONPATH=$PWD dask worker tcp://… --nthreads 1`.")
    stale = sorted(who for who, digest in remote.items() if digest != local)
    if stale:
        raise ClusterError(f"Tienen otra versión de course_tools: {', '.join(stale)}. Pon en todas las máquinas "
                           "la misma copia del repositorio y arranca de nuevo el planificador y los trabajadores.")


def warn_weak_workers(weak: dict[str, list[str]]) -> None:
    """Una línea por cada grupo de trabajadores a los que les falta la misma protección."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for worker, missing in sorted(weak.items()):
        if missing:
            groups.setdefault(tuple(missing), []).append(worker)
    for missing, workers in groups.items():
        print(sandbox.warning_line(list(missing), where="los trabajadores " + ", ".join(workers)), flush=True)


def _by_value(fn: Callable) -> Callable:
    """Una copia de ``fn`` que cloudpickle no encuentra por su nombre: viaja por valor, y el trabajador
    la corre aunque no sepa importar ``course_tools``."""
    return types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__, fn.__closure__)


def _run_on_worker(fn: Callable, job: Any) -> Any:
    threads = distributed.get_worker().state.nthreads
    if threads != 1:
        raise ClusterError(f"este trabajador tiene {threads} hilos; " + ONE_THREAD)
    reaper.become_subreaper()
    return fn(job)


def _result(future: distributed.Future) -> Any:
    if future.status == "finished":
        return future.result()
    if future.status == "error":
        err = future.exception()
        if isinstance(err, distributed.KilledWorker):
            deaths = err.allowed_failures + 1
            return JobFailed(DIED_TWICE if deaths == 2 else
                             f"el proceso corrector murió {deaths} veces con esta entrega")
        return failure(err)
    return JobFailed(f"Dask no devolvió el trabajo (estado «{future.status}»): "
                     "¿se perdió la conexión con el planificador?")


class DaskExecutor:
    """Un cliente de Dask conectado a ``address`` mientras dura el bloque ``with``."""

    def __init__(self, address: str):
        self.address = address
        self.client: distributed.Client | None = None

    def __enter__(self) -> DaskExecutor:
        try:
            self.client = distributed.Client(self.address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as err:
            raise ClusterError(f"No se pudo conectar con el planificador de Dask en {self.address} ({err}). ¿Está "
                               "arrancado `dask scheduler`? ¿Es la dirección que imprime al arrancar?") from err
        try:
            check_threads(self.client.nthreads())
            digest = _by_value(source_digest)
            check_sources(source_digest(), {"el planificador": self.client.run_on_scheduler(digest),
                                            **self.client.run(digest)})
            warn_weak_workers(self.client.run(sandbox.weaknesses))  # cada trabajador prueba su máquina
        except BaseException:
            self.client.close()
            raise
        return self

    def __exit__(self, *exc) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None

    def run(self, fn: Callable, jobs: Iterable) -> Iterator[tuple[Any, Any]]:
        """Corre ``fn(job)`` en el clúster y da ``(job, resultado o JobFailed)`` según acaban."""
        futures = {self.client.submit(_run_on_worker, fn, job, key=f"corregir-{uuid.uuid4().hex}",
                                      pure=False, retries=RETRIES): job for job in jobs}
        waiting = set(futures)
        try:
            for future in distributed.as_completed(futures, loop=self.client.loop):
                waiting.discard(future)
                result = _result(future)
                future.release()  # el resultado ya está aquí: el trabajador puede olvidarlo
                yield futures[future], result
        finally:
            if waiting:  # quien llama dejó de leer: lo que falta no se corre
                self.client.cancel(list(waiting))
