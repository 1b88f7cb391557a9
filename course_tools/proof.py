"""Prueba de los ejercicios: cada respuesta equivocada plausible debe suspender su test.

Para cada cuaderno se arranca un solo núcleo (caliente). Cada variante (la solución, el hueco
de cada ejercicio y cada respuesta equivocada del catálogo) empieza con el espacio de nombres
vacío y ejecuta el cuaderno fuente, con los tests ocultos dentro, sustituyendo una sola celda
de solución. La solución corre entera, celda a celda; en las demás variantes, lo que va antes
de la celda cambiada se ejecuta de una vez y lo que va detrás del último test no se ejecuta.

El trabajo va en tres pasos que se pueden usar por separado: ``plan`` lee el cuaderno y su
catálogo sin ejecutar nada (qué variantes hay), ``run`` las ejecuta en un núcleo y ``judge``
dice de cada una si está bien rechazada (un ``Verdict``). ``prove`` los encadena y suma los
juicios en un ``Report``; la etapa de pytest (``tests/proof``) hace un ítem de cada juicio.
"""

from __future__ import annotations

import ast
import copy
import importlib.util
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from . import cells
from .build import rendered_source
from .course import Notebook
from .kernels.execution import CELL_TIMEOUT, kernel_env
from .kernels.spec import kernel_manager
from .predictions import prediction_stub
from .proof_report import BLANK, LAZY_TAGS, SOLUTION, Report, Verdict, format_table, is_lazy  # noqa: F401

MIN_ENTRIES = 3
# Cada variante empieza con el espacio de nombres vacío: lo mismo que «%reset -f» (InteractiveShell.reset),
# pero llamado directamente y sin la caché de salidas (Out, _1, _2…), que en cada reinicio pagaría un
# gc.collect() completo (0,12 s por variante con torch cargado, medido en un núcleo).
RESET = (
    "get_ipython().displayhook.do_full_cache = False\nget_ipython().reset(new_session=False)\n"
    "import warnings as _w\n_w.filterwarnings('ignore', message='.*non-interactive')\n"
    "import matplotlib.pyplot as _plt\n_plt.close('all')\ndel _plt, _w"
)
SPANISH_WORDS = re.compile(
    r"\b(esperaba|esperado|obtuve|debe|debería|deberían|tiene que|aún|falta|faltan|sobran|incorrect[oa]s?|"
    r"revisa|tu|tus|tienes|no es|no son|en vez de|distint[oa]s?)\b|[áéíóúñ¿¡]",
    re.I,
)
# Una predicción no dice el valor esperado, a propósito: su mensaje da una pista.
EXPECTATION_WORDS = re.compile(r"\b(esperaba|esperado|debe|debería|deberían|tiene que|tendría que|pista)\b", re.I)


@dataclass(frozen=True)
class Variant:
    """Una ejecución del cuaderno: la solución (``target`` None) o una celda de solución sustituida."""

    label: str
    target: str | None = None
    code: str | None = None


@dataclass
class Outcome:
    """Lo que pasó en una variante: qué celdas de test fallaron y con qué mensaje."""

    label: str
    target: str | None
    failed_tests: dict[str, str] = field(default_factory=dict)
    other_errors: list[str] = field(default_factory=list)


@dataclass
class Plan:
    """Lo que se prueba de un cuaderno, sin ejecutar nada: sus ejercicios y sus variantes."""

    slug: str
    nb: object  # el cuaderno fuente renderizado (nbformat.NotebookNode)
    catalogue_path: Path
    exercises: int
    test_of: dict[str, str]  # grade_id de solución → grade_id de su test
    points_of: dict[str, float]  # grade_id de solución → puntos de su test (una predicción vale 0.5 o menos)
    variants: list[Variant]
    unknown: list[str]  # grade_id del catálogo que el cuaderno no tiene

    @property
    def points(self) -> float:
        return sum(self.points_of.values())

    def catalogue_problems(self) -> list[str]:
        if not self.unknown:
            return []
        return [f"el catálogo nombra grade_id que no existen: {', '.join(self.unknown)}"]

    def report(self) -> Report:
        """Un informe vacío con los datos del cuaderno y los problemas de su catálogo."""
        return Report(self.slug, exercises=self.exercises, points=self.points, problems=self.catalogue_problems())


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


def plan(notebook: Notebook, catalogue_path: Path | None = None, source_nb=None) -> Plan:
    """Las variantes de un cuaderno, en el orden en que se ejecutan: solución, huecos, catálogo."""
    nb = source_nb if source_nb is not None else rendered_source(notebook)
    catalogue_path = catalogue_path or notebook.catalogue
    catalogue = load_catalogue(catalogue_path) if catalogue_path.exists() else {}
    pairs = cells.exercises(nb)
    test_of = {cells.grade_id(nb.cells[s]): cells.grade_id(nb.cells[t]) for s, t in pairs}
    points_of = {cells.grade_id(nb.cells[s]): float(cells.nbgrader_meta(nb.cells[t]).get("points") or 0) for s, t in pairs}
    stubs = {cells.grade_id(nb.cells[s]): prediction_stub(nb.cells[t].source) or cells.code_stub() for s, t in pairs}
    variants = [Variant(SOLUTION)]
    variants += [Variant(BLANK, gid, stubs[gid]) for gid in test_of]
    for gid in test_of:
        variants += [Variant(reason, gid, code) for reason, code in catalogue.get(gid, [])]
    unknown = sorted(set(catalogue) - set(test_of))
    return Plan(notebook.slug, nb, catalogue_path, len(pairs), test_of, points_of, variants, unknown)


def run(the_plan: Plan, variants: list[Variant] | None = None) -> list[Outcome]:
    """Ejecuta las variantes (todas si no se dicen) una tras otra en un solo núcleo."""
    from nbclient import NotebookClient

    variants = the_plan.variants if variants is None else variants
    outcomes = []
    with tempfile.TemporaryDirectory(prefix="curso-prueba-") as tmp:
        # nbclient guarda cada celda ejecutada en su propio cuaderno: le damos una copia.
        client = NotebookClient(
            copy.deepcopy(the_plan.nb), km=kernel_manager(), timeout=CELL_TIMEOUT, allow_errors=True,
            record_timing=False, resources={"metadata": {"path": tmp}},
        )
        # Sin dibujar: aquí solo cuentan los tests, y pintar cada figura 20 veces cuesta minutos.
        with client.setup_kernel(env=kernel_env(MPLBACKEND="Agg"), cleanup_kc=True):  # y al acabar, apagado
            for variant in variants:
                outcomes.append(_run_variant(client, the_plan.nb, variant))
    return outcomes


# Llamadas que solo dibujan: una respuesta equivocada no las necesita para saber si suspende.
PICTURE_CALLS = re.compile(r"^(draw_\w+|plot_\w+|board_svg|display|show)$")
PICTURE_OWNERS = {"plt", "ax", "axes", "axs", "fig"}


def without_pictures(source: str) -> str:
    """``source`` sin las sentencias que solo dibujan (``draw_tensor(x)``, ``plt.show()``, ``ax.plot(...)``):
    lo que asigna o calcula se queda. Si no se puede leer (una orden mágica), tal cual."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    lines = source.splitlines()
    drop = set()
    for node in tree.body:
        call = node.value if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) else None
        func = call.func if call is not None else None
        owner = func
        while isinstance(owner, ast.Attribute):
            owner = owner.value
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if func is not None and (PICTURE_CALLS.match(name or "") and not isinstance(func, ast.Attribute)
                                 or isinstance(owner, ast.Name) and owner.id in PICTURE_OWNERS):
            drop.update(range(node.lineno - 1, node.end_lineno))
    if not drop:
        return source
    kept = [line for i, line in enumerate(lines) if i not in drop]
    return "\n".join(kept) if any(line.strip() for line in kept) else "pass"


def _run_variant(client, nb, variant: Variant) -> Outcome:
    outcome = Outcome(variant.label, variant.target)
    client.execute_cell(nbformat.v4.new_code_cell(RESET), 0, store_history=False)
    solution_cells = {i for i, _ in cells.exercises(nb)}
    code = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    if variant.target is None:  # la solución corre entera, celda a celda: cualquier error cuenta
        prefix, last = [], len(nb.cells)
    else:
        # Lo que va antes de la celda cambiada es lo mismo que en la solución (que ya corrió sin errores):
        # se ejecuta de una vez, en una sola petición al núcleo. Lo que va detrás del último test no
        # cuenta para una respuesta equivocada y no se ejecuta.
        target = next(i for i in solution_cells if cells.grade_id(nb.cells[i]) == variant.target)
        prefix = [i for i in code if i < target]
        last = max((i for i, c in enumerate(nb.cells) if cells.is_graded_test(c)), default=len(nb.cells))
    if prefix:  # sin dibujos: es lo mismo que en la solución, que sí corrió entera
        block = nbformat.v4.new_code_cell("\n".join(without_pictures(cells.strip_solution_markers(nb.cells[i].source))
                                                     for i in prefix))
        client.execute_cell(block, prefix[-1])
        error = cells.error_message(block.outputs)
        if error is not None:
            outcome.other_errors.append(f"celdas 0–{prefix[-1]}: {first_line(error)}")
    for index in code:
        if index in prefix or index > last:
            continue
        original = nb.cells[index]
        cell = nbformat.v4.new_code_cell(original.source, metadata=original.metadata)
        if index in solution_cells and cells.grade_id(original) == variant.target:
            cell.source = variant.code
        elif variant.target is not None and not cells.is_graded_test(original):
            cell.source = without_pictures(cells.strip_solution_markers(original.source))
        else:
            cell.source = cells.strip_solution_markers(original.source)
        client.execute_cell(cell, index)
        # Una celda de tests suspende como en autograde (cells.test_failure: stderr salvo avisos, notas parciales).
        error = cells.test_failure(cell) if cells.is_graded_test(original) else cells.error_message(cell.outputs)
        if error is None:
            continue
        if cells.is_graded_test(original):
            outcome.failed_tests[cells.grade_id(original)] = error
        else:
            outcome.other_errors.append(f"celda {index}: {first_line(error)}")
    return outcome


def prove(notebook: Notebook, catalogue_path: Path | None = None, source_nb=None) -> Report:
    """Ejecuta solución, huecos y catálogo de un cuaderno y devuelve el informe."""
    the_plan = plan(notebook, catalogue_path, source_nb)
    report = the_plan.report()
    for outcome in run(the_plan):
        report.add(judge(outcome, the_plan.test_of, the_plan.points_of))
    return report


def judge(outcome: Outcome, test_of: dict[str, str], points_of: dict[str, float]) -> Verdict:
    """Qué está mal en una variante: la solución debe aprobarlo todo; las demás, suspender su test."""
    if outcome.target is None:
        verdict = Verdict(outcome.label, None)
        for test_id, error in outcome.failed_tests.items():
            verdict.problems.append(f"la solución suspende {test_id}: {first_line(error)}")
        for error in outcome.other_errors:
            verdict.problems.append(f"la solución da un error inesperado en la {error}")
        return verdict
    own_test = test_of[outcome.target]
    verdict = Verdict(outcome.label, outcome.target, own_test, points_of[outcome.target])
    verdict.rejected = own_test in outcome.failed_tests
    if not verdict.rejected:
        verdict.problems.append(f"{outcome.target}: pasa sus tests una respuesta equivocada: «{outcome.label}»")
    elif verdict.is_wrong_answer:
        verdict.message = first_line(outcome.failed_tests[own_test].split(":", 1)[-1])
        verdict.flaw = message_flaw(verdict.message) or ""
        if verdict.flaw:
            verdict.problems.append(f"{outcome.target} («{outcome.label}»): {verdict.flaw}: {verdict.message!r}")
    for test_id, error in outcome.failed_tests.items():
        if test_id != own_test:
            verdict.problems.append(
                f"{outcome.target} («{outcome.label}») hace fallar también {test_id}: {first_line(error)}"
            )
    return verdict
