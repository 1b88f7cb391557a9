"""La prueba de respuestas equivocadas, en un núcleo: ejecuta las variantes de un cuaderno y dice qué pasó.

Para cada cuaderno se arranca un solo núcleo (caliente). Cada variante (la solución, el hueco de cada
ejercicio y cada respuesta equivocada del catálogo) ejecuta el cuaderno fuente, con los tests ocultos
dentro, sustituyendo una sola celda de solución. La solución corre celda a celda, desde el espacio de
nombres vacío, hasta su último test: lo de detrás (en el 19, las 400 partidas) ya lo ejecutan entero nbval
(``notebooks/``: la solución con sus salidas, que un error haría fallar) y la ronda de corrección (cada
solución en el núcleo encerrado, sin una línea de error); aquí se pagaba una tercera vez. Las variantes de
un mismo ejercicio comparten lo que va antes de la celda cambiada: se ejecuta una vez por ejercicio, de
una vez, y el núcleo guarda una copia honda de su estado (``proof_snapshot``, que el núcleo carga por su
ruta); cada variante empieza desde esa copia.
Lo que no se deja copiar (un tensor con grad_fn) se guarda tal cual si ninguna celda de las
variantes puede leerlo (``proof_static.unread_names``); si no, ese ejercicio vuelve a ejecutar lo de
antes para cada variante. Lo de antes de un ejercicio tampoco se ejecuta desde cero si la copia del
anterior está entera: se parte de ella y se ejecuta solo lo que va de un ejercicio al otro. Lo que va
detrás del último test no se ejecuta.
"""

from __future__ import annotations

import copy
import tempfile
from dataclasses import dataclass, field

import nbformat

from ..rules import cells
from . import proof_snapshot
from ..kernels.execution import kernel_env, notebook_client
from .proof_static import cells_before, exercise_cells, first_line, reaches_later_tests, unread_names, without_pictures

# Cada variante empieza con el espacio de nombres vacío: lo mismo que «%reset -f» (InteractiveShell.reset),
# pero llamado directamente y sin la caché de salidas (Out, _1, _2…), que en cada reinicio pagaría un
# gc.collect() completo (0,12 s por variante con torch cargado, medido en un núcleo).
RESET = (
    "get_ipython().displayhook.do_full_cache = False\nget_ipython().reset(new_session=False)\n"
    "import warnings as _w\n_w.filterwarnings('ignore', message='.*non-interactive')\n"
    "import matplotlib.pyplot as _plt\n_plt.close('all')\ndel _plt, _w"
)

SNAPSHOT_MODULE = proof_snapshot.__file__


def snapshot_code(unread: set[str]) -> str:
    """La celda que carga ``proof_snapshot`` en el núcleo (por su ruta: el núcleo no tiene ``course_tools`` en
    su ``sys.path``) y guarda la copia, sin dejar ningún nombre en el espacio de nombres del cuaderno;
    ``unread``: nombres que ninguna celda de las variantes puede leer."""
    return f"__import__('runpy').run_path({SNAPSHOT_MODULE!r})['take'](get_ipython(), {sorted(unread)!r})"


RESTORE = f"getattr(get_ipython(), {proof_snapshot.ATTRIBUTE!r}).restore()"


@dataclass(frozen=True)
class Variant:
    """Una ejecución del cuaderno: la solución (``target`` None) o una celda de solución sustituida. Con ``also``
    (``grade_id`` y código de celdas de solución posteriores a ``target``), esas se sustituyen también: el
    trabajo entero de un alumno, que corre hasta el último test."""

    label: str
    target: str | None = None
    code: str | None = None
    also: tuple = ()

    def codes(self) -> dict[str, str]:
        """``grade_id -> código`` de cada celda de solución que la variante sustituye."""
        return {} if self.target is None else {self.target: self.code or "", **dict(self.also)}


@dataclass
class Outcome:
    """Lo que pasó en una variante: qué celdas de test fallaron y con qué mensaje."""

    label: str
    target: str | None
    failed_tests: dict[str, str] = field(default_factory=dict)
    other_errors: list[str] = field(default_factory=list)


def run(the_plan, variants: list[Variant] | None = None) -> list[Outcome]:
    """Ejecuta las variantes de ``the_plan`` (un ``proof.Plan``: su cuaderno ``nb`` y sus ``variants``; todas si
    no se dicen) en un solo núcleo, ejercicio a ejercicio; los resultados vuelven en el orden de ``variants``."""
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
            carried = None  # lo de antes del último ejercicio, si su copia sigue en el núcleo, entera y sin errores
            for target, indices in by_target.items():
                if target is None:
                    outcomes.update((i, _run_variant(client, the_plan.nb, variants[i])) for i in indices)
                else:
                    done, carried = _run_exercise(client, the_plan.nb, [variants[i] for i in indices], carried)
                    outcomes.update(zip(indices, done))
    return [outcomes[i] for i in range(len(variants))]


def _prefix_block(nb, indices: list[int]):
    """Las celdas ``indices`` en una sola celda, sin marcas de solución ni dibujos."""
    return nbformat.v4.new_code_cell("\n".join(without_pictures(cells.strip_solution_markers(nb.cells[i].source))
                                                for i in indices))


def _run_prefix(client, nb, prefix: list[int]) -> list[str]:
    """Espacio de nombres vacío y, de una vez, lo que va antes de la celda cambiada. Es lo mismo que en la
    solución (que ya corrió entera, celda a celda, con sus dibujos): aquí va sin dibujos, en una sola
    petición al núcleo. Devuelve el error que diera, como los de ``Outcome.other_errors``."""
    client.execute_cell(nbformat.v4.new_code_cell(RESET), 0, store_history=False)
    if not prefix:
        return []
    block = _prefix_block(nb, prefix)
    client.execute_cell(block, prefix[-1])
    error = cells.error_message(block.outputs)
    return [] if error is None else [f"celdas 0–{prefix[-1]}: {first_line(error)}"]


def _continue_prefix(client, nb, carried: list[int], prefix: list[int]) -> bool:
    """Lo de antes de un ejercicio desde la copia de lo de antes del anterior (``carried``, aún en el núcleo): se
    devuelve la copia y se ejecuta, de una vez y como en ``_run_prefix``, solo lo que falta (la solución del
    anterior, su test y lo que haya hasta este). Es el mismo estado que daría ``_run_prefix`` desde cero: la copia
    guarda también el azar y los avisos. Falso si algo da un error: entonces se hace desde cero."""
    have = set(carried)
    rest = [i for i in prefix if i not in have]
    restore = nbformat.v4.new_code_cell(RESTORE)
    client.execute_cell(restore, 0, store_history=False)
    if cells.error_message(restore.outputs) is not None:
        return False
    if not rest:
        return True
    block = _prefix_block(nb, rest)
    client.execute_cell(block, rest[-1])
    return cells.error_message(block.outputs) is None


def _run_exercise(client, nb, variants: list[Variant], carried: list[int] | None = None
                  ) -> tuple[list[Outcome], list[int] | None]:
    """Las variantes de un mismo ejercicio: lo de antes se ejecuta una vez y cada variante parte de su copia.
    Si algo no se deja copiar, la primera sigue desde ahí y las demás vuelven a ejecutar lo de antes.
    Con ``carried`` (lo de antes del ejercicio anterior, cuya copia sigue en el núcleo), lo de antes sale de esa
    copia y de lo que falta (``_continue_prefix``), no desde cero: en el 19, la partida de 200 jugadas y el modelo
    del 18 se ejecutaban otra vez para cada ejercicio. Devuelve los resultados y lo que puede servir de ``carried``
    al siguiente (None si la copia no está entera o lo de antes dio un error)."""
    prefix = cells_before(nb, variants[0].target)
    if carried is not None and set(carried) <= set(prefix) and _continue_prefix(client, nb, carried, prefix):
        errors = []
    else:
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
    return outcomes, (prefix if copied and not errors else None)


def _run_variant(client, nb, variant: Variant) -> Outcome:
    """Una variante desde el espacio de nombres vacío."""
    prefix = cells_before(nb, variant.target)
    outcome = Outcome(variant.label, variant.target, other_errors=_run_prefix(client, nb, prefix))
    _run_rest(client, nb, variant, prefix, outcome)
    return outcome


def _run_rest(client, nb, variant: Variant, prefix: list[int], outcome: Outcome) -> None:
    """Desde la celda cambiada (o desde el principio, la solución) hasta el último test; apunta en ``outcome``
    qué tests suspenden y qué otras celdas dan error. Lo que va detrás del último test no cuenta para una
    respuesta equivocada ni para la solución (lo ejecutan nbval y la ronda) y no se ejecuta; si la variante no
    puede cambiar nada de lo que va detrás de su propio test (``reaches_later_tests``), se para en él."""
    solution_cells = {i for i, _ in cells.exercises(nb)}
    replaced = variant.codes()
    code = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    last = max((i for i, c in enumerate(nb.cells) if cells.is_graded_test(c)), default=len(nb.cells))
    if variant.target is not None and not variant.also and not reaches_later_tests(nb, variant):
        _solution, last = exercise_cells(nb, variant.target)  # su propio test, justo detrás de la solución
    for index in code:
        if index in prefix or index > last:
            continue
        original = nb.cells[index]
        cell = nbformat.v4.new_code_cell(original.source, metadata=original.metadata)
        if index in solution_cells and cells.grade_id(original) in replaced:
            cell.source = replaced[cells.grade_id(original)]
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
