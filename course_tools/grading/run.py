"""``make grade``: leer las entregas, repartir los trabajos, y escribir lo corregido (solo aquí).

El proceso principal lee cada entrega una vez (sus bytes), manda trabajos puros al ejecutor
(local o Dask) y es el único que escribe ``autograded/`` y la libreta de notas. Al final
comprueba contra lo que tiene en memoria que ningún núcleo ha cambiado nada: lo que un núcleo
cambió en ``submitted/``, ``autograded/`` o la libreta vuelve a ser lo que era.
"""

from __future__ import annotations

import copy
import tempfile
from pathlib import Path

from ..publish.build import prepare_course
from ..layout.course import AUTOGRADED, SOURCE, SUBMITTED, Course, Notebook, notebook_name
from . import collect, gradebook, state
from .executor import make_executor
from .model import AssignmentSpec, Job, JobFailed, JobResult, Outcome, digest_of, problem
from ..learner.progress_bar import Progress
from ..settings import CourseSettings, course_settings, override, repository_config
from ..isolation.jobgroup import RoundWatch
from .worker import grade_job


def grade_all(root: Path, *, db_url: str | None = None, jobs: int | None = None, timeout: int | None = None,
              selected: list[Notebook] | None = None, redo: bool = False, quiet: bool = False,
              scheduler: str | None = None, settings: dict | None = None) -> list[Outcome]:
    """Corrige todo submitted/ de ``root``. Reanudable: lo ya corregido (y sin cambios) no se repite.

    ``scheduler``: dirección de un planificador de Dask (``tcp://host:8786``); sin ella, procesos locales.
    ``timeout`` (segundos por celda) y ``settings`` cambian los ajustes de ``nbgrader_config.py`` en esta ronda.
    """
    course = Course(Path(root), db_url)
    grading = job_settings({**(settings or {}), **({"cell_timeout": timeout} if timeout else {})})
    known = ensure_assignments(course, selected if selected is not None else course.notebooks())
    submissions, outcomes = collect.find_submissions(course, set(known), grading["notebook_max_mb"] * collect.MB,
                                                     grading["submission_max_mb"] * collect.MB)
    specs = {name: assignment_spec(course, name) for name in sorted({a for _, a in submissions})}
    for outcome in outcomes:  # una entrega que no se leyó vale 0 de lo que vale su tarea
        if outcome.assignment in known and "submission-too-big" in outcome.codes():
            outcome.max_score = (specs.get(outcome.assignment) or assignment_spec(course, outcome.assignment)).max_score
    previous = {} if redo else state.load(course)
    results: dict[tuple[str, str], JobResult] = {}
    fresh: dict[tuple[str, str], Outcome] = {}
    with gradebook.open_gradebook(course.gradebook_url) as book:  # abierta una vez para toda la ronda
        pending = []
        for (student, assignment), files in submissions.items():
            old = previous.get((student, assignment))
            if old and old.digest == digest_of(files) and gradebook.scores(book, student, assignment):
                # Lo que haya ahora en la libreta (quizá una nota manual de la profesora) es lo que se protege.
                old.recorded = gradebook.grade_rows(book, student, assignment)
                outcomes.append(old)
            else:
                pending.append(Job(student, specs[assignment], files, grading))
        progress = None if quiet or not pending else Progress(len(pending))
        if pending:
            # El vigilante de la ronda: si este proceso muere, nada de lo que arrancó la ronda queda vivo.
            with RoundWatch(), make_executor(workers=jobs, scheduler=scheduler) as executor:
                for job, result in executor.run(grade_job, pending):
                    if isinstance(result, JobFailed):
                        result = JobResult(*job.key, problems=[problem("worker-failed", detail=result.reason)])
                    results[job.key] = result
                    fresh[job.key] = settle(course, book, job, result)
                    if progress:
                        progress.step("/".join(job.key))
        _undo_kernel_writes(course, book, submissions, results, fresh, outcomes)
        _final_scores(book, fresh)
    for outcome in fresh.values():
        state.save(course, outcome)
    return sorted(outcomes + list(fresh.values()), key=lambda o: (o.assignment, o.student))


def job_settings(overrides: dict) -> dict:
    """Los ajustes con que corrige cada trabajo: los de ``nbgrader_config.py`` de aquí con ``overrides`` encima
    (la libreta no: es cosa de este proceso)."""
    config = copy.deepcopy(repository_config())
    override(config, overrides)
    current = course_settings(config)
    return {name: getattr(current, name) for name in sorted(CourseSettings.class_trait_names(config=True))
            if name != "gradebook_url"}


def settle(course: Course, book, job: Job, result: JobResult) -> Outcome:
    """Escribe lo que devolvió un trabajo: el cuaderno corregido y, en la libreta ``book``, la nota que calculó
    nbgrader. La nota final se lee al acabar la ronda (``_final_scores``), cuando ya no queda ningún núcleo."""
    spec = job.spec
    outcome = Outcome(job.student, spec.name, max_score=spec.max_score, problems=list(result.problems),
                      seconds=result.seconds, digest=digest_of(job.files))
    if not result.graded:
        return outcome
    collect.write_folder(course.layout.assignment(AUTOGRADED, spec.name, job.student), result.autograded)
    stamp = job.files.get("timestamp.txt")
    outcome.recorded = gradebook.record(book, job.student, spec.name, result.grades,
                                        stamp.decode("utf-8", "replace").strip() if stamp else None,
                                        list(spec.notebooks))
    outcome.graded = True
    return outcome


def _final_scores(book, fresh: dict) -> None:
    """La nota de cada entrega corregida en esta ronda, de la libreta ya restaurada (la suma la hace nbgrader)."""
    for outcome in fresh.values():
        stored = gradebook.scores(book, outcome.student, outcome.assignment) if outcome.graded else None
        if stored:
            outcome.score, outcome.max_score, outcome.grades = stored


def _undo_kernel_writes(course: Course, book, submissions: dict, results: dict, fresh: dict, resumed: list) -> None:
    """Lo que un núcleo escribió fuera de su curso de usar y tirar se deshace con lo que hay en memoria."""
    for (student, assignment), files in submissions.items():
        key = (student, assignment)
        if collect.write_folder(course.layout.assignment(SUBMITTED, assignment, student), files) and key in fresh:
            fresh[key].problems.append(problem("submission-altered"))
    for key, outcome in fresh.items():
        if outcome.graded and collect.write_folder(course.layout.assignment(AUTOGRADED, key[1], key[0]),
                                                  results[key].autograded):
            outcome.problems.append(problem("autograded-restored"))
    for outcome in fresh.values():
        if outcome.graded and gradebook.restore_grades(book, outcome):
            outcome.problems.append(problem("gradebook-restored"))
    for outcome in resumed:  # de una ronda anterior: se restaura en silencio (su fila ya salió en su tabla)
        if outcome.graded:
            gradebook.restore_grades(book, outcome)


def assignment_spec(course: Course, name: str) -> AssignmentSpec:
    """La tarea tal como la conoce la libreta, más los ficheros de source/<tarea>/ que no son cuadernos."""
    files = {rel: data for rel, data in collect.read_folder(course.layout.assignment(SOURCE, name)).items()
             if notebook_name(rel) is None and not any(part.startswith((".", "__")) for part in rel.split("/"))}
    return AssignmentSpec(name, gradebook.export_assignment(course.gradebook_url, name), files)


def ensure_assignments(course: Course, selected: list[Notebook]) -> dict[str, list[str]]:
    """Da de alta en la libreta las tareas de source/ que aún no estén (generate_assignment aparte)."""
    url = course.gradebook_url
    known = gradebook.known_assignments(url)
    missing = [n for n in selected if n.slug not in known]
    if missing:
        with tempfile.TemporaryDirectory(prefix="curso-alta-") as tmp:
            prepare_course(Path(tmp), missing, db_url=url)
        known = gradebook.known_assignments(url)
    return known
