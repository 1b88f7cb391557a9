"""Un trabajo de corrección: una función pura de la entrega (bytes) y la tarea al cuaderno corregido.

``grade_job`` corrige en un curso de usar y tirar, propio de este proceso: su propia carpeta
``submitted/``, su propia libreta SQLite con la tarea copiada de la del curso, donde nbgrader calcula
la nota (la única vez que se calcula); el trabajo la devuelve con el cuaderno corregido. No toca nunca
``submitted/``, ``autograded/`` ni la libreta del curso: eso lo escribe el proceso principal con
lo que devuelve el trabajo. Sirve igual en un proceso local que en un trabajador de Dask.
"""

from __future__ import annotations

import multiprocessing.util
import os
import shutil
import tempfile
import time
import warnings
from pathlib import Path

import nbformat
import psutil

from ..layout.course import AUTOGRADED, SOURCE, SUBMITTED, Course, CourseLayout, notebook_file, notebook_name
from ..layout.nbgrader_compat import api_failure, api_log
from ..kernels.pool import warm_parent_pids
from ..isolation import jobgroup, reaper
from . import collect, defences, gradebook, guard, repair
from .model import Job, JobResult, Problem, problem

# Qué error en la salida de una celda, o qué texto en una salida, corresponde a qué problema: del registro.
ERROR_PROBLEMS = defences.error_problems()
MARK_PROBLEMS = defences.mark_problems()

SCRATCH_PREFIX = "curso-correccion-"  # y el pid del trabajador: curso-correccion-1234-xxxxxxxx
SCRATCH_ROOM = 512 * 1024 * 1024  # bytes libres que pide /dev/shm para usarlo: varios trabajadores y sus plantillas
_scratch: dict = {}  # lo que este proceso guarda entre trabajos: su carpeta y una plantilla por tarea
_jobs_started = [0]  # trabajos empezados en este proceso: nombran su grupo de control


def grade_job(job: Job) -> JobResult:
    """Corrige un trabajo y devuelve el resultado; nada de lo que arranca la entrega sigue vivo al volver."""
    started = time.monotonic()
    spec = job.spec
    result = JobResult(job.student, spec.name)
    files, problems, gradable = repair.prepare(job.files, spec)
    result.problems.extend(problems)
    if gradable:
        reaper.become_subreaper()  # los huérfanos de cada núcleo pasan a ser hijos de este proceso
        course_root = _new_scratch_course(job)
        _jobs_started[0] += 1
        jobgroup.start_job(str(_jobs_started[0]), job.settings.get("memory_mb", 3072),
                           job.settings.get("processes_max", 64))
        reached: list[str] = []
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # avisos de SQLAlchemy dentro de nbgrader: ruido para el profesor
                api = _api(course_root, job.settings)
                collect.write_folder(_folder(api, SUBMITTED, job), files)
                try:
                    outcome = _autograde(api, job)
                finally:
                    # El padre caliente de los núcleos se queda (no lo arrancó la entrega); cada núcleo
                    # ya se llevó consigo lo que dejó su entrega.
                    reaper.end_descendants(spare=warm_parent_pids())
                    reached = jobgroup.stop_job()  # lo que tocó un límite del trabajo entero, y nada vivo en su grupo
            limited = _limits_reached(reached, job.settings)
            result.problems.extend(limited)
            if outcome.get("success"):
                result.autograded = _noted(collect.read_folder(_folder(api, AUTOGRADED, job)), limited)
                computed = gradebook.computed_grades(_gradebook_url(course_root), job.student, spec.name)
                # Un cuaderno que no llegó a corregirse (falta en autograded/) no trae nota: settle le pone cero.
                result.grades = {nb: grades for nb, grades in computed.items() if notebook_file(nb) in result.autograded}
                result.problems.extend(problems_in(result.autograded))
                result.graded = True
            else:
                result.problems.append(problem("nbgrader-failed", detail=api_failure(outcome)))
        finally:
            shutil.rmtree(course_root, ignore_errors=True)
    result.seconds = time.monotonic() - started
    return result


def _limits_reached(codes: list[str], settings: dict) -> list[Problem]:
    """Los problemas de los límites del trabajo entero que tocó (``jobgroup.JobGroup.reached``)."""
    limits = {"memory": f"{settings.get('memory_mb', 3072)} MB", "too-many-processes": str(settings.get("processes_max", 64))}
    return [problem(code, limit=limits[code]) for code in codes]


LIMIT_NOTE = "**Aviso del corrector.**"  # delante de cada cuaderno corregido de un trabajo que tocó un límite


def _noted(autograded: dict[str, bytes], limited: list[Problem]) -> dict[str, bytes]:
    """Los cuadernos corregidos con una celda de texto al principio que dice qué límite tocó el trabajo: así sale
    también en la devolución (la celda no es de nbgrader: no cambia ninguna nota)."""
    if not limited:
        return autograded
    text = " ".join(f"{LIMIT_NOTE} Tu entrega {p.message}." for p in limited)
    noted = dict(autograded)
    for rel, data in autograded.items():
        if notebook_name(rel) is not None:
            nb = nbformat.reads(data.decode("utf-8"), as_version=4)
            nb.cells.insert(0, nbformat.v4.new_markdown_cell(text))
            noted[rel] = nbformat.writes(nb).encode("utf-8")
    return noted


def _folder(api, step: str, job: Job) -> Path:
    """La carpeta de la entrega de ``job`` en un paso de nbgrader del curso de usar y tirar."""
    return CourseLayout(api.coursedir.root, api.coursedir).assignment(step, job.spec.name, job.student)


# Lo que dice nbclient cuando el núcleo no llegó a arrancar: antes de la primera celda, sin código de la entrega.
KERNEL_NEVER_STARTED = ("Kernel died before replying to kernel_info", "Kernel didn't respond in")


def _autograde(api, job: Job) -> dict:
    """``nbgrader autograde`` de la entrega; otra vez si el núcleo no llegó a arrancar (un fallo de la
    máquina, no de la entrega: ninguna celda se había ejecutado)."""
    outcome = api.autograde(job.spec.name, job.student, force=True, create=True)
    if not outcome.get("success") and any(text in api_log(outcome) for text in KERNEL_NEVER_STARTED):
        outcome = api.autograde(job.spec.name, job.student, force=True, create=True)
    return outcome


def problems_in(autograded: dict[str, bytes]) -> list[Problem]:
    """Los problemas visibles en los cuadernos corregidos (la nota la escribe ``run.settle`` con nbgrader)."""
    codes, details = set(), {}
    for rel, data in sorted(autograded.items()):
        if notebook_name(rel) is None:
            continue
        nb = nbformat.reads(data.decode("utf-8"), as_version=4)
        for cell in nb.cells:
            for out in cell.get("outputs", []):
                code = ERROR_PROBLEMS.get(out.get("ename")) if out.get("output_type") == "error" else None
                if code:
                    codes.add(code)
                    detail = guard.problem_detail(out)
                    if detail:
                        details.setdefault(code, []).append(detail)
                texts = [out.get("text", ""), *(v for v in out.get("data", {}).values() if isinstance(v, str))]
                codes.update(code for mark, code in MARK_PROBLEMS.items() if any(mark in text for text in texts))
    return [problem(code, detail=_joined(code, details.get(code))) for code in sorted(codes)]


def _joined(code: str, details: list[str] | None) -> str:
    """Los detalles distintos de un problema, en una línea («leer /x; conectar a …»)."""
    if not details:
        return ""
    text = "; ".join(dict.fromkeys(details))[:300]
    return text if code == "sandbox-denied" else f" ({text})"


def _new_scratch_course(job: Job) -> Path:
    """Un curso nuevo con la tarea ya dada de alta, copiado de la plantilla de este proceso."""
    template = _template(job)
    root = Path(tempfile.mkdtemp(prefix="trabajo-", dir=_scratch["base"]))
    shutil.copytree(CourseLayout(template).step(SOURCE), CourseLayout(root).step(SOURCE))
    shutil.copyfile(CourseLayout(template).gradebook, CourseLayout(root).gradebook)
    return root


def _template(job: Job) -> Path:
    """Una plantilla por tarea y proceso: la libreta SQLite con la tarea y los ficheros de source/."""
    if "base" not in _scratch:
        _scratch["base"] = open_scratch(_scratch_parent())
    spec = job.spec
    key = ("plantilla", spec.name, spec.digest)
    if key not in _scratch:
        folder = Path(tempfile.mkdtemp(prefix="plantilla-", dir=_scratch["base"]))
        template = CourseLayout(folder)
        collect.write_folder(template.assignment(SOURCE, spec.name), spec.files)
        gradebook.copy_assignment(f"sqlite:///{template.gradebook}", spec.name, spec.definition)
        _scratch[key] = folder
    return _scratch[key]


def open_scratch(parent: Path | None) -> Path:
    """La carpeta de usar y tirar de este proceso (en ``parent`` o en la temporal), que se borra cuando el proceso
    termina, también si es un trabajador de un ``ProcessPoolExecutor`` o de Dask: esos salen sin pasar por ``atexit``
    (multiprocessing solo corre sus ``Finalize``), y con ``atexit`` su carpeta se quedaba en /dev/shm, en memoria,
    hasta la ronda siguiente. Antes, borra las de los que murieron sin poder hacerlo (``remove_stale_scratch``)."""
    remove_stale_scratch(Path(parent or tempfile.gettempdir()))
    base = Path(tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-", dir=parent))
    multiprocessing.util.Finalize(None, shutil.rmtree, args=(base, True), exitpriority=0)
    return base


def _scratch_parent(memory: Path = Path("/dev/shm")) -> Path | None:
    """Dónde van los cursos de usar y tirar: en memoria (tmpfs), si la hay y le sobra sitio (la libreta no
    paga las esperas del disco); si no (p. ej. los 64 MB de /dev/shm de un contenedor), la carpeta temporal."""
    try:
        roomy = os.access(memory, os.W_OK) and shutil.disk_usage(memory).free >= SCRATCH_ROOM
    except OSError:
        return None
    return memory if roomy else None


def remove_stale_scratch(parent: Path) -> list[Path]:
    """Borra los cursos de usar y tirar de trabajadores que murieron sin poder hacerlo (``kill -9``, un
    trabajador de Dask parado a la fuerza); su nombre lleva el pid. Devuelve los que borró."""
    removed = []
    for folder in parent.glob(f"{SCRATCH_PREFIX}*-*"):
        pid = folder.name[len(SCRATCH_PREFIX):].split("-", 1)[0]
        if pid.isdigit() and folder.is_dir() and folder.stat().st_uid == os.getuid() and not psutil.pid_exists(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def _gradebook_url(root: Path) -> str:
    """La libreta del curso de usar y tirar ``root``: en ella calcula nbgrader la nota de la entrega."""
    return f"sqlite:///{CourseLayout(root).gradebook}"


def _api(root: Path, settings: dict):
    """La API de nbgrader del curso de usar y tirar con los ajustes del trabajo: nbgrader_config.py ya pone las
    cadenas del curso."""
    return Course(root, _gradebook_url(root)).api(settings=settings)
