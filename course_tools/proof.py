"""Prueba de los ejercicios: cada respuesta equivocada plausible debe suspender su test.

Para cada cuaderno se arranca un solo núcleo (caliente). Cada variante (la solución, el hueco
de cada ejercicio y cada respuesta equivocada del catálogo) ejecuta el cuaderno fuente, con los
tests ocultos dentro, sustituyendo una sola celda de solución. La solución corre entera, celda a
celda, desde el espacio de nombres vacío. Las variantes de un mismo ejercicio comparten lo que va
antes de la celda cambiada: se ejecuta una vez por ejercicio, de una vez, y el núcleo guarda una
copia honda de su estado (``snapshot_code``: nombres, generadores aleatorios, filtros de avisos); cada
variante empieza desde esa copia (``RESTORE``). Lo que no se deja copiar (un tensor con grad_fn) se
guarda tal cual si ninguna celda de las variantes puede leerlo (``unread_names``); si no, ese
ejercicio vuelve a ejecutar lo de antes para cada variante. Lo que va detrás del último test no se
ejecuta.

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
from .kernels.execution import kernel_env, notebook_client
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

# La copia del estado tras lo que va antes de un ejercicio vive en el núcleo, fuera del espacio de nombres del
# cuaderno (en un diccionario colgado de get_ipython()). Una sola memo por copia: lo que se comparte (el modelo
# y el optimizador que apunta a sus parámetros) sigue compartido. Módulos, funciones y clases no se copian:
# las funciones leen sus globales del mismo diccionario, que se rellena en su sitio.
SNAPSHOT_HELPERS = """
import copy, json, random, sys, types, warnings

KEEP = (types.ModuleType, types.FunctionType, types.BuiltinFunctionType, type)


def _rng():
    states = {"random": random.getstate()}
    if "numpy" in sys.modules:
        states["numpy"] = sys.modules["numpy"].random.get_state()
    if "torch" in sys.modules:
        torch = sys.modules["torch"]
        states["torch"] = (torch.get_rng_state(), torch.get_default_dtype(), torch.is_grad_enabled())
    return states


def take(unread=()):
    # Lo que no se deja copiar (un tensor con grad_fn) se guarda tal cual solo si está en unread (ninguna
    # celda de las que corren las variantes lo nombra); si no, sale en la lista impresa.
    ns, hidden = ip.user_ns, ip.user_ns_hidden
    saved, memo, refused = {}, {}, []
    for name, value in ns.items():
        if name in hidden or name.startswith("__") or name in ("_", "__", "___") or isinstance(value, KEEP):
            saved[name] = (False, value)
            continue
        try:
            saved[name] = (True, copy.deepcopy(value, memo))
        except Exception:
            if name in unread:
                saved[name] = (False, value)
            else:
                refused.append(name)
    state.update(ns=saved, rng=_rng(), filters=list(warnings.filters))
    print(json.dumps(refused))


def restore():
    memo = {}
    fresh = {name: copy.deepcopy(value, memo) if deep else value for name, (deep, value) in state["ns"].items()}
    ip.user_ns.clear()
    ip.user_ns.update(fresh)
    rng = state["rng"]
    random.setstate(rng["random"])
    if "numpy" in rng:
        sys.modules["numpy"].random.set_state(rng["numpy"])
    if "torch" in rng:
        torch = sys.modules["torch"]
        torch.set_rng_state(rng["torch"][0])
        torch.set_default_dtype(rng["torch"][1])
        torch.set_grad_enabled(rng["torch"][2])
    warnings.filters[:] = state["filters"]
    if "matplotlib.pyplot" in sys.modules:
        sys.modules["matplotlib.pyplot"].close("all")
"""


def snapshot_code(unread: set[str]) -> str:
    """La celda que guarda la copia; ``unread``: nombres que ninguna celda de las variantes puede leer."""
    return (
        f"_ip = get_ipython()\n_ip.curso_prueba = {{'ip': _ip, 'state': {{}}}}\n"
        f"exec({SNAPSHOT_HELPERS!r}, _ip.curso_prueba)\ndel _ip\n"
        f"get_ipython().curso_prueba['take']({sorted(unread)!r})"
    )


RESTORE = "get_ipython().curso_prueba['restore']()"


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
    """Ejecuta las variantes (todas si no se dicen) en un solo núcleo, ejercicio a ejercicio; los
    resultados vuelven en el orden de ``variants``."""
    variants = the_plan.variants if variants is None else variants
    by_target: dict[str | None, list[int]] = {}
    for index, variant in enumerate(variants):
        by_target.setdefault(variant.target, []).append(index)
    outcomes: dict[int, Outcome] = {}
    with tempfile.TemporaryDirectory(prefix="curso-prueba-") as tmp:
        # nbclient guarda cada celda ejecutada en su propio cuaderno: le damos una copia.
        client = notebook_client(copy.deepcopy(the_plan.nb), tmp, allow_errors=True)
        # Sin dibujar: aquí solo cuentan los tests, y pintar cada figura 20 veces cuesta minutos.
        with client.setup_kernel(env=kernel_env(MPLBACKEND="Agg"), cleanup_kc=True):  # y al acabar, apagado
            for target, indices in by_target.items():
                if target is None:
                    outcomes.update((i, _run_variant(client, the_plan.nb, variants[i])) for i in indices)
                else:
                    outcomes.update(zip(indices, _run_exercise(client, the_plan.nb, [variants[i] for i in indices])))
    return [outcomes[i] for i in range(len(variants))]


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


def _exercise(nb, target: str) -> tuple[int, int]:
    """(índice de la celda de solución ``target``, índice de su celda de test)."""
    return next((s, t) for s, t in cells.exercises(nb) if cells.grade_id(nb.cells[s]) == target)


def _prefix(nb, target: str | None) -> list[int]:
    """Las celdas de código antes de la celda de solución ``target`` (ninguna para la solución entera)."""
    if target is None:
        return []
    index, _test = _exercise(nb, target)
    return [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and i < index]


def _run_prefix(client, nb, prefix: list[int]) -> list[str]:
    """Espacio de nombres vacío y, de una vez, lo que va antes de la celda cambiada. Es lo mismo que en la
    solución (que ya corrió entera, celda a celda, con sus dibujos): aquí va sin dibujos, en una sola
    petición al núcleo. Devuelve el error que diera, como los de ``Outcome.other_errors``."""
    client.execute_cell(nbformat.v4.new_code_cell(RESET), 0, store_history=False)
    if not prefix:
        return []
    block = nbformat.v4.new_code_cell("\n".join(without_pictures(cells.strip_solution_markers(nb.cells[i].source))
                                                 for i in prefix))
    client.execute_cell(block, prefix[-1])
    error = cells.error_message(block.outputs)
    return [] if error is None else [f"celdas 0–{prefix[-1]}: {first_line(error)}"]


WORD = re.compile(r"[A-Za-z_]\w*")


def unread_names(nb, prefix: list[int], variants: list[Variant]) -> set[str]:
    """Los nombres que define lo de antes y que no puede leer nada de lo que corren las variantes: ni las celdas
    de la cambiada en adelante (con el código de cada variante), ni las funciones y clases de lo de antes.
    Cuenta cualquier palabra, también en textos y comentarios: sobra, pero no falta."""
    later = [c.source for i, c in enumerate(nb.cells) if c.cell_type == "code" and i not in prefix]
    later += [v.code or "" for v in variants]
    defined, bodies = set(), []
    for index in prefix:
        source = cells.strip_solution_markers(nb.cells[index].source)
        try:
            tree = ast.parse(source)
        except SyntaxError:
            bodies.append(source)  # una orden mágica: todo lo que nombra cuenta como leído
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                bodies.append(ast.unparse(node))
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                defined.add(node.id)
    read = {word for text in later + bodies for word in WORD.findall(text)}
    if read & {"globals", "vars", "dir", "eval", "exec", "get_ipython"}:
        return set()  # alguien puede leer cualquier nombre
    return defined - read


# Llamadas que cambian el estado global (semillas, azar, modos de torch) o que pueden tocar cualquier nombre:
# tras una de ellas, cualquier celda posterior puede salir distinta.
GLOBAL_STATE_CALLS = re.compile(
    r"^(manual_seed|seed|seed_everything|set_\w+|use_deterministic_algorithms|setattr|delattr|exec|eval|globals|"
    r"vars|get_ipython|__import__|rand\w*|normal_?|uniform_?|bernoulli_?|multinomial|shuffle|choice|choices|sample|"
    r"exponential_|geometric_|cauchy_|log_normal_|random_|dropout|seed_all)$"
)
MUTATING_METHODS = frozenset("append extend insert pop popitem remove clear update add discard setdefault sort reverse "
                             "step zero_grad backward load_state_dict register_buffer register_parameter apply "
                             "train eval to cuda cpu requires_grad_".split())


def escaping_names(code: str) -> tuple[set[str], bool] | None:
    """Los nombres que ``code`` define arriba del todo y si cambia algo en su sitio (un atributo, un elemento,
    un tensor con ``add_``…, también dentro de sus funciones). None si puede cambiar cualquier cosa (semillas,
    azar, ``exec``…) o si no se deja leer."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None
    bound, mutates = set(), False
    for statement in tree.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(statement.name)
        elif isinstance(statement, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".")[0] for a in statement.names)
        else:
            bound.update(n.id for n in ast.walk(statement) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.ctx, (ast.Store, ast.Del)):
            mutates = True
        elif isinstance(node, (ast.Global, ast.Nonlocal, ast.Delete)):
            mutates = True
        elif isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if GLOBAL_STATE_CALLS.match(name):
                return None
            if isinstance(node.func, ast.Attribute) and (name in MUTATING_METHODS or
                                                         name.endswith("_") and not name.startswith("__")):
                mutates = True
    return bound, mutates


def reaches_later_tests(nb, variant: Variant) -> bool:
    """Si la variante puede cambiar algo de lo que va detrás de su test: un nombre que define (ella o la celda
    que sustituye) y que nombra alguna celda posterior; si cambia algo en su sitio, cualquier nombre suyo o de su
    test; o el estado global. Si no puede, para juzgarla basta con su propio test: lo de detrás saldría igual
    que con la solución."""
    solution, test = _exercise(nb, variant.target)
    found = [escaping_names(variant.code or ""), escaping_names(cells.strip_solution_markers(nb.cells[solution].source))]
    if None in found:
        return True
    escaping = found[0][0] | found[1][0]
    if found[0][1] or found[1][1]:
        escaping |= set(WORD.findall(variant.code or "")) | set(WORD.findall(nb.cells[test].source))
    later = {word for c in nb.cells[test + 1:] if c.cell_type == "code" for word in WORD.findall(c.source)}
    return bool(escaping & later)


def _run_exercise(client, nb, variants: list[Variant]) -> list[Outcome]:
    """Las variantes de un mismo ejercicio: lo de antes se ejecuta una vez y cada variante parte de su copia.
    Si algo no se deja copiar, la primera sigue desde ahí y las demás vuelven a ejecutar lo de antes."""
    prefix = _prefix(nb, variants[0].target)
    errors = _run_prefix(client, nb, prefix)
    snapshot = nbformat.v4.new_code_cell(snapshot_code(unread_names(nb, prefix, variants)))
    client.execute_cell(snapshot, prefix[-1] if prefix else 0, store_history=False)
    printed = "".join(o.get("text", "") for o in snapshot.outputs if o.get("name") == "stdout")
    copied = cells.error_message(snapshot.outputs) is None and printed.strip() == "[]"
    outcomes = []
    for number, variant in enumerate(variants):
        if copied:
            client.execute_cell(nbformat.v4.new_code_cell(RESTORE), 0, store_history=False)
        elif number:
            outcomes.append(_run_variant(client, nb, variant))
            continue
        outcome = Outcome(variant.label, variant.target, other_errors=list(errors))
        _run_rest(client, nb, variant, prefix, outcome)
        outcomes.append(outcome)
    return outcomes


def _run_variant(client, nb, variant: Variant) -> Outcome:
    """Una variante desde el espacio de nombres vacío."""
    prefix = _prefix(nb, variant.target)
    outcome = Outcome(variant.label, variant.target, other_errors=_run_prefix(client, nb, prefix))
    _run_rest(client, nb, variant, prefix, outcome)
    return outcome


def _run_rest(client, nb, variant: Variant, prefix: list[int], outcome: Outcome) -> None:
    """Desde la celda cambiada (o desde el principio, la solución) hasta el último test; apunta en ``outcome``
    qué tests suspenden y qué otras celdas dan error. Lo que va detrás del último test no cuenta para una
    respuesta equivocada y no se ejecuta; si la variante no puede cambiar nada de lo que va detrás de su propio
    test (``reaches_later_tests``), se para en él."""
    solution_cells = {i for i, _ in cells.exercises(nb)}
    code = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    last = len(nb.cells)
    if variant.target is not None and reaches_later_tests(nb, variant):
        last = max((i for i, c in enumerate(nb.cells) if cells.is_graded_test(c)), default=len(nb.cells))
    elif variant.target is not None:  # hasta su propio test, que va justo detrás de la celda de solución
        _solution, last = _exercise(nb, variant.target)
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
