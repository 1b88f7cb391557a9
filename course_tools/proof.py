"""Prueba de los ejercicios: cada respuesta equivocada plausible debe suspender su test.

Para cada cuaderno se arranca un solo núcleo. Cada variante (la solución, el hueco
de cada ejercicio y cada respuesta equivocada del catálogo) empieza con el espacio
de nombres vacío (``%reset -f``) y ejecuta el cuaderno fuente entero, con los tests
ocultos dentro, sustituyendo una sola celda de solución.
"""

from __future__ import annotations

import copy
import importlib.util
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from . import cells
from .build import kernel_env, rendered_source
from .config import Notebook
from .predictions import prediction_stub

STUB = "# ESCRIBE AQUÍ TU CÓDIGO\nraise NotImplementedError()"
MIN_ENTRIES = 3
RESET = (
    "%reset -f\nimport warnings as _w\n_w.filterwarnings('ignore', message='.*non-interactive')\n"
    "import matplotlib.pyplot as _plt\n_plt.close('all')\ndel _plt, _w"
)
SPANISH_WORDS = re.compile(
    r"\b(esperaba|esperado|obtuve|debe|debería|deberían|tiene que|aún|falta|faltan|sobran|incorrect[oa]s?|"
    r"revisa|tu|tus|tienes|no es|no son|en vez de|distint[oa]s?)\b|[áéíóúñ¿¡]",
    re.I,
)
# Una predicción no dice el valor esperado, a propósito: su mensaje da una pista.
EXPECTATION_WORDS = re.compile(r"\b(esperaba|esperado|debe|debería|deberían|tiene que|tendría que|pista)\b", re.I)


@dataclass
class Outcome:
    """Lo que pasó en una variante: qué celdas de test fallaron y con qué mensaje."""

    label: str
    target: str | None
    failed_tests: dict[str, str] = field(default_factory=dict)
    other_errors: list[str] = field(default_factory=list)


# Etiquetas de las respuestas del alumno perezoso: copia lo que el cuaderno enseña, pega la
# referencia del test visible, ajusta la respuesta al caso visible, usa una variable global del
# cuaderno, recorre con bucles lo que había que vectorizar o prueba un valor y lee el mensaje.
LAZY_TAGS = ("[copia]", "[referencia]", "[fijo]", "[global]", "[bucle]", "[mensaje]")


def is_lazy(reason: str) -> bool:
    return reason.lstrip().startswith(LAZY_TAGS)


@dataclass
class Report:
    slug: str
    exercises: int = 0
    points: int = 0
    wrong_answers: int = 0
    rejected: int = 0
    lazy_attempts: int = 0
    lazy_passed: list[str] = field(default_factory=list)  # grade_id de solución que el perezoso aprueba
    lazy_points: int = 0
    problems: list[str] = field(default_factory=list)
    messages: list[tuple[str, str, str]] = field(default_factory=list)  # (grade_id, motivo, primera línea)


def load_catalogue(path: Path) -> dict[str, list[tuple[str, str]]]:
    """Lee ``WRONG_ANSWERS`` de un catálogo: {grade_id: [(motivo, código), ...]}."""
    spec = importlib.util.spec_from_file_location(f"catalogue_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    catalogue = getattr(module, "WRONG_ANSWERS", None)
    if not isinstance(catalogue, dict):
        raise ValueError(f"{path}: debe definir WRONG_ANSWERS = {{grade_id: [(motivo, código), ...]}}.")
    return catalogue


def solution_ids(nb) -> list[str]:
    return [cells.grade_id(nb.cells[i]) for i, _ in cells.exercises(nb)]


def missing_entries(nb, catalogue: dict | None) -> list[str]:
    """Los grade_id de solución con menos de MIN_ENTRIES respuestas equivocadas."""
    catalogue = catalogue or {}
    return [gid for gid in solution_ids(nb) if len(catalogue.get(gid, [])) < MIN_ENTRIES]


def first_line(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return ""


def message_flaw(message: str) -> str | None:
    """Por qué un mensaje de fallo no sirve al alumno, o None si sirve."""
    if not message:
        return "mensaje vacío (un AssertionError sin texto)"
    if not SPANISH_WORDS.search(message):
        return "el mensaje no parece estar en castellano"
    if not EXPECTATION_WORDS.search(message):
        return "el mensaje no dice qué se esperaba"
    return None


def _run_variant(client, nb, label: str, target: str | None, replacement: str | None) -> Outcome:
    outcome = Outcome(label, target)
    client.execute_cell(nbformat.v4.new_code_cell(RESET), 0, store_history=False)
    solution_cells = {i for i, _ in cells.exercises(nb)}
    for index, original in enumerate(nb.cells):
        if original.cell_type != "code":
            continue
        cell = nbformat.v4.new_code_cell(original.source, metadata=original.metadata)
        if index in solution_cells and cells.grade_id(original) == target:
            cell.source = replacement
        else:
            cell.source = cells.strip_solution_markers(original.source)
        client.execute_cell(cell, index)
        error = cells.error_message(cell.outputs)
        if error is None:
            continue
        if cells.is_graded_test(original):
            outcome.failed_tests[cells.grade_id(original)] = error
        else:
            outcome.other_errors.append(f"celda {index}: {first_line(error)}")
    return outcome


def prove(notebook: Notebook, catalogue_path: Path | None = None, source_nb=None) -> Report:
    """Ejecuta solución, huecos y catálogo de un cuaderno y devuelve el informe."""
    from nbclient import NotebookClient

    nb = source_nb if source_nb is not None else rendered_source(notebook)
    catalogue_path = catalogue_path or notebook.catalogue
    catalogue = load_catalogue(catalogue_path) if catalogue_path.exists() else {}
    report = Report(notebook.slug)
    pairs = cells.exercises(nb)
    report.exercises = len(pairs)
    test_of = {cells.grade_id(nb.cells[s]): cells.grade_id(nb.cells[t]) for s, t in pairs}
    points_of = {cells.grade_id(nb.cells[s]): int(cells.nbgrader_meta(nb.cells[t]).get("points") or 0) for s, t in pairs}
    report.points = sum(points_of.values())
    unknown = sorted(set(catalogue) - set(test_of))
    if unknown:
        report.problems.append(f"el catálogo nombra grade_id que no existen: {', '.join(unknown)}")

    variants = [("solución", None, None)]
    stubs = {cells.grade_id(nb.cells[s]): prediction_stub(nb.cells[t].source) or STUB for s, t in pairs}
    variants += [("hueco sin rellenar", gid, stubs[gid]) for gid in test_of]
    for gid in test_of:
        for reason, code in catalogue.get(gid, []):
            variants.append((reason, gid, code))

    with tempfile.TemporaryDirectory(prefix="curso-prueba-") as tmp:
        # nbclient guarda cada celda ejecutada en su propio cuaderno: le damos una copia.
        client = NotebookClient(
            copy.deepcopy(nb), timeout=120, kernel_name="python3", allow_errors=True, record_timing=False,
            resources={"metadata": {"path": tmp}},
        )
        # Sin dibujar: aquí solo cuentan los tests, y pintar cada figura 20 veces cuesta minutos.
        with client.setup_kernel(env=kernel_env(MPLBACKEND="Agg")):
            for label, target, replacement in variants:
                outcome = _run_variant(client, nb, label, target, replacement)
                _judge(report, outcome, test_of)
    report.lazy_points = sum(points_of[gid] for gid in set(report.lazy_passed))
    return report


def _judge(report: Report, outcome: Outcome, test_of: dict[str, str]) -> None:
    if outcome.target is None:
        for test_id, error in outcome.failed_tests.items():
            report.problems.append(f"la solución suspende {test_id}: {first_line(error)}")
        for error in outcome.other_errors:
            report.problems.append(f"la solución da un error inesperado en la {error}")
        return
    own_test = test_of[outcome.target]
    others = {t: e for t, e in outcome.failed_tests.items() if t != own_test}
    is_blank = outcome.label == "hueco sin rellenar"
    if not is_blank:
        report.wrong_answers += 1
    if is_lazy(outcome.label):
        report.lazy_attempts += 1
        if own_test not in outcome.failed_tests:
            report.lazy_passed.append(outcome.target)
    if own_test not in outcome.failed_tests:
        report.problems.append(f"{outcome.target}: pasa sus tests una respuesta equivocada: «{outcome.label}»")
    elif not is_blank:
        report.rejected += 1
        message = first_line(outcome.failed_tests[own_test].split(":", 1)[-1])
        report.messages.append((outcome.target, outcome.label, message))
        flaw = message_flaw(message)
        if flaw:
            report.problems.append(f"{outcome.target} («{outcome.label}»): {flaw}: {message!r}")
    for test_id, error in others.items():
        report.problems.append(
            f"{outcome.target} («{outcome.label}») hace fallar también {test_id}: {first_line(error)}"
        )


def format_table(reports: list[Report]) -> str:
    """Tabla por cuaderno; «perezoso» son los puntos que gana quien solo copia, pega o adivina."""
    header = ("cuaderno", "ejercicios", "puntos", "equivocadas", "rechazadas", "perezoso", "problemas")
    widths = (26, 11, 8, 13, 12, 14, 11)

    def row(values) -> str:
        return "".join(f"{v:<{w}}" if i == 0 else f"{v:>{w}}" for i, (v, w) in enumerate(zip(values, widths)))

    def lazy(points: int, total: int, attempts: int) -> str:
        return f"{points}/{total} ({attempts})"

    lines = [row(header)]
    for r in reports:
        lines.append(row((r.slug, r.exercises, r.points, r.wrong_answers, r.rejected,
                          lazy(r.lazy_points, r.points, r.lazy_attempts), len(r.problems))))
    total = lambda attr: sum(getattr(r, attr) for r in reports)  # noqa: E731
    lines.append(row(("TOTAL", total("exercises"), total("points"), total("wrong_answers"), total("rejected"),
                      lazy(total("lazy_points"), total("points"), total("lazy_attempts")),
                      sum(len(r.problems) for r in reports))))
    for r in reports:
        for problem in r.problems:
            lines.append(f"  ✗ {r.slug}: {problem}")
    return "\n".join(lines)
