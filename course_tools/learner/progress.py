"""``make progreso``: cuánto llevas hecho de cada cuaderno, sin tocar tus ficheros.

Ejecuta una copia de cada cuaderno de tu carpeta de trabajo (``mi-curso/``) en un núcleo nuevo,
celda a celda aunque alguna falle (como la corrección), y cuenta sus tests visibles: cuántos
pasan (con la regla de autograde, ``cells.test_failure``), cuántos huecos siguen sin rellenar
(``cells.is_blank``) y qué ejercicio mirar después. Tus cuadernos no se escriben nunca: lo que se
ejecuta es una copia en memoria, en una carpeta temporal.
"""

from __future__ import annotations

import copy
import multiprocessing
import tempfile
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

import nbformat

from ..rules import cells
from ..layout.course import Notebook, notebook_path
from ..kernels.execution import CELL_TIMEOUT, kernel_env, notebook_client

@dataclass
class NotebookProgress:
    """Lo que lleva hecho el alumno en un cuaderno."""

    slug: str
    total: int = 0
    passed: int = 0
    blanks: int = 0
    next_exercise: str = ""
    problem: str = ""

    @property
    def complete(self) -> bool:
        return not self.problem and self.total > 0 and self.passed == self.total


def test_passed(executed_test) -> bool:
    """¿Aprobó esta celda de tests ya ejecutada? Solo si llegó a ejecutarse y autograde le daría la nota
    entera con esas salidas (``cells.test_failure``, la misma regla que la prueba de respuestas equivocadas)."""
    return executed_test.get("execution_count") is not None and cells.test_failure(executed_test) is None


def exercise_title(nb, solution_index: int) -> str:
    """El título del ejercicio (la línea ``### Ejercicio N · …`` de su enunciado), o su grade_id."""
    for cell in reversed(nb.cells[:solution_index]):
        if cell.cell_type == "markdown":
            heading = next((line for line in cell.source.splitlines() if line.startswith("### ")), None)
            if heading:
                return heading.removeprefix("### ").strip()
            break
    return cells.grade_id(nb.cells[solution_index]) or "un ejercicio"


def check_notebook(path: Path, slug: str, timeout: int = CELL_TIMEOUT) -> NotebookProgress:
    """Ejecuta una copia del cuaderno y cuenta sus ejercicios; nunca escribe en ``path``."""
    result = NotebookProgress(slug)
    if not path.exists():
        result.problem = "no está en tu carpeta (ejecuta `make lab` para copiarlo)"
        return result
    try:
        nb = nbformat.read(str(path), as_version=4)
    except Exception as err:  # JSON roto, fichero vacío, otro formato
        result.problem = f"no se puede leer ({type(err).__name__}): ¿se guardó a medias? Recupera una copia de release/"
        return result
    pairs = cells.exercises(nb)
    if not pairs:
        result.problem = "no encuentro sus ejercicios (¿perdió los metadatos de nbgrader?)"
        return result
    result.total = len(pairs)
    run = copy.deepcopy(nb)
    env = kernel_env(MPLBACKEND="Agg")
    with tempfile.TemporaryDirectory(prefix="curso-progreso-") as tmp:
        # El núcleo del curso (en caliente, por sockets Unix): el python3 a secas avisa en inglés, en cada
        # arranque, de que habla por TCP sin cifrar, y ese aviso se colaba entre las líneas de progreso.
        client = notebook_client(run, tmp, timeout=timeout, allow_errors=True)
        try:
            client.execute(env=env, cleanup_kc=True)
        except Exception as err:  # un núcleo que muere o una celda que no acaba: se cuenta lo ejecutado
            result.problem = f"la ejecución se cortó ({type(err).__name__}); cuenta hasta ahí"
    for solution_index, test_index in pairs:
        blank = cells.is_blank(nb.cells[solution_index].source)
        passed = not blank and test_passed(run.cells[test_index])
        result.blanks += blank
        result.passed += passed
        if not passed and not result.next_exercise:
            result.next_exercise = exercise_title(nb, solution_index)
    return result


def _check(args: tuple[str, str, int]) -> NotebookProgress:
    path, slug, timeout = args
    return check_notebook(Path(path), slug, timeout)


def learner_progress(workspace: Path, selected: list[Notebook], jobs: int = 2, quiet: bool = False,
                     timeout: int = CELL_TIMEOUT) -> list[NotebookProgress]:
    """El progreso de cada cuaderno de ``workspace``, en el orden del curso."""
    from .progress_bar import Progress

    tasks = [(str(notebook_path(workspace, n.slug)), n.slug, timeout) for n in selected]
    bar = None if quiet else Progress(len(tasks))
    found = {}
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=max(1, min(jobs, len(tasks))), mp_context=context) as pool:
        futures = {pool.submit(_check, task): task[1] for task in tasks}
        for future in as_completed(futures):
            slug = futures[future]
            try:
                found[slug] = future.result()
            except Exception as err:  # lo que falle en un cuaderno no para a los demás
                found[slug] = NotebookProgress(slug, problem=f"no se pudo comprobar: {type(err).__name__}: {err}")
            if bar:
                bar.step(slug)
    return [found[n.slug] for n in selected]


def format_progress(rows: list[NotebookProgress]) -> str:
    """La tabla para el alumno, con el total y el siguiente paso."""
    header = f"{'cuaderno':<22}{'aprobados':>10}{'huecos':>8}  siguiente"
    lines = [header, "-" * len(header)]
    for row in rows:
        if row.problem and not row.total:
            lines.append(f"{row.slug:<22}{'—':>10}{'—':>8}  ✗ {row.problem}")
            continue
        done = f"{row.passed}/{row.total}"
        after = "✓ completo" if row.complete else row.next_exercise
        if row.problem:
            after = f"{after} ({row.problem})"
        lines.append(f"{row.slug:<22}{done:>10}{row.blanks:>8}  {after}")
    passed, total = sum(r.passed for r in rows), sum(r.total for r in rows)
    lines.append(f"Tests visibles aprobados: {passed} de {total} ejercicios. "
                 "La nota final la ponen también los tests ocultos de la corrección.")
    pending = next((r for r in rows if not r.complete), None)
    if pending:
        lines.append(f"Siguiente: {pending.slug}, {pending.next_exercise or pending.problem}.")
    return "\n".join(lines)
