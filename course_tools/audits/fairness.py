"""Ejercicios justos: las reglas de NOTEBOOK_STYLE.md que ``make check`` comprueba sin ejecutar nada.

1. **Enseñado antes de pedirlo.** Cada ingrediente de una solución (``ingredients``) sale antes
   de código que el alumno ha visto: una demo o el código del texto (bloques y `código`) de este
   cuaderno, más arriba, o de uno anterior, o la solución de un ejercicio anterior. El código de
   las celdas de tests no enseña nada.
2. **El test visible comprueba las reglas del oculto.** Cada llamada a una comprobación de regla
   (``RULE_HELPERS``: ``check_vectorized``, ``check_not_called``, sus formas ``_at_run`` y leer el código de la solución
   con ``inspect.getsource``) de la región oculta está también, con los mismos argumentos, en la
   visible.
3. **Sin falsos verdes.** El test visible llama a cada parte que escribe el alumno con al menos
   dos entradas distintas, al menos una construida al ejecutar la celda, y no deja lo esperado
   en una variable global que la solución pueda leer (``visible_tests``).
4. **Las predicciones no puntúan.** Un ejercicio de predicción (``check_prediction``) vale 0
   puntos: un cuaderno se puede ejecutar por delante y la demo que sigue a una predicción enseña su
   respuesta, así que la nota vive en los ejercicios de código (las predicciones, 0 % del curso).

Lo que no pueda cumplir una regla va en ``fairness_exceptions.EXCEPTIONS``, cada entrada con su
motivo (hoy no hay ninguna); una excepción que ya no corresponde a nada también se señala.
"""

from __future__ import annotations

import ast
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..rules import cells, predictions
from ..readings import ingredients, visible_tests
from ..layout.course import ROOT, Notebook, notebooks, where
from .fairness_exceptions import EXCEPTIONS

EXCEPTIONS_FILE = Path(__file__).with_name("fairness_exceptions.py")
RULE_HELPERS = frozenset({"check_vectorized", "check_not_called", "check_vectorized_at_run", "check_not_called_at_run", "getsource"})
COURSE = "curso"  # el «cuaderno» de lo que es de todo el curso (las excepciones sin ejercicio)
PREDICTIONS_KEY = "predicción con puntos"


@dataclass(frozen=True)
class Finding:
    """Un ejercicio que incumple una regla. ``key`` es lo que nombra una excepción."""

    notebook: str
    grade_id: str | None
    key: str
    message: str
    path: Path | None = None
    cell: int | None = None

    def __str__(self) -> str:
        place = where(self.path, self.cell) if self.path else self.notebook
        return f"{place}: {self.grade_id}: {self.message}" if self.grade_id else f"{place}: {self.message}"


# --- 1. enseñado antes de pedirlo --------------------------------------------------------------


def course_aliases(all_notebooks: list[tuple[Notebook, object]]) -> dict[str, str]:
    """Alias → nombre completo de todos los import del curso (``np`` → ``numpy``); gana el primero."""
    aliases: dict[str, str] = {}
    for _, nb in all_notebooks:
        for cell in nb.cells:
            if cell.cell_type == "code":
                tree = _tree(cell.source)
                for alias, full in ingredients.imported_names(tree).items() if tree else ():
                    aliases.setdefault(alias, full)
    return aliases


def _tree(source: str) -> ast.Module | None:
    try:
        return ingredients.parse(source)
    except SyntaxError:
        return None


def taught_findings(notebook: Notebook, nb, shown: set[str], aliases: dict[str, str]) -> list[Finding]:
    """Los ingredientes de cada solución que nadie enseñó antes; añade a ``shown`` lo que enseña el cuaderno."""
    found = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            shown |= ingredients.of_markdown(cell.source, aliases)
            continue
        if cell.cell_type != "code" or cells.is_graded_test(cell):
            continue  # el código de un test no enseña: el alumno no lo ha leído como explicación
        tree = _tree(cell.source)
        if tree is None:
            found.append(Finding(notebook.slug, cells.grade_id(cell), "código ilegible",
                                 "la celda no es Python válido y no se pueden leer sus ingredientes", notebook.source, i))
            continue
        if not cells.is_solution(cell):
            shown |= ingredients.taught_by(tree, aliases)
            continue
        asked = cells.solution_lines(cell.source)
        given = set(range(1, cell.source.count("\n") + 2)) - asked
        shown |= ingredients.taught_by(tree, aliases, given)  # el andamiaje del hueco también lo ve el alumno
        needed = ingredients.of_tree(tree, aliases, asked)
        for ingredient in sorted(needed - shown):
            found.append(Finding(
                notebook.slug, cells.grade_id(cell), f"sin enseñar: {ingredient}",
                f"usa {ingredients.describe(ingredient)}, que no se ha enseñado antes (en una demo, en el texto o en "
                "la solución de un ejercicio anterior)",
                notebook.source, i,
            ))
        shown |= needed
    return found


# --- 2 y 3. lo que hace el test visible --------------------------------------------------------


def _member_text(member: str) -> str:
    if member.endswith("()"):
        return f"un objeto `{member[:-2]}` (su `forward`)"
    if "." in member:
        return f"`{member}`"
    return f"`{member}`" if member[:1].islower() else f"`{member}(...)` (su `__init__`)"


def visible_test_findings(notebook: Notebook, nb) -> list[Finding]:
    """Reglas solo ocultas, tests visibles con una sola entrada o sin entradas construidas, y lo esperado a la vista."""
    found = []
    for solution_index, test_index in cells.exercises(nb):
        gid = cells.grade_id(nb.cells[solution_index])
        source = nb.cells[test_index].source
        try:
            problems = _rule_problems(source) + _input_problems(source, nb.cells[solution_index].source)
        except SyntaxError as err:
            problems = [("código ilegible", f"el ejercicio no es Python válido: {err}")]
        found += [Finding(notebook.slug, gid, key, message, notebook.source, test_index) for key, message in problems]
    return found


def _rule_problems(test_source: str) -> list[tuple[str, str]]:
    """Las comprobaciones de reglas de la región oculta que no están, igual, en la visible."""
    visible = visible_tests.rule_calls(ast.parse(cells.strip_hidden_tests(test_source)), None, RULE_HELPERS)
    hidden = visible_tests.rule_calls(ast.parse(test_source), cells.hidden_lines(test_source), RULE_HELPERS)
    return [
        (f"regla solo en los ocultos: {rule}",
         f"los tests ocultos comprueban `{rule}` y el visible no; compruébalo también en el visible, con los mismos "
         "argumentos (así da el mismo mensaje)")
        for rule in hidden if rule not in visible
    ]


def _input_problems(test_source: str, solution_source: str) -> list[tuple[str, str]]:
    """Partes del ejercicio con menos de dos entradas, entradas todas escritas tal cual y lo esperado en globales."""
    exercise = visible_tests.exercise_of(solution_source)
    if predictions.prediction_checks(test_source) or not exercise.written:
        return []  # una predicción no llama a nada: la miden sus huellas
    test = visible_tests.read_visible_test(cells.strip_hidden_tests(test_source), exercise)
    problems = []
    for member in exercise.written:
        count = len(test.inputs(member))
        if count == 0:
            problems.append((f"no se llama: {member}", f"el test visible no llama a {_member_text(member)}"))
        elif count == 1:
            problems.append((f"una sola entrada: {member}",
                             f"el test visible llama a {_member_text(member)} con una sola entrada; usa al menos dos, "
                             "una de ellas construida al ejecutar la celda"))
    if test.uses and not test.any_built():
        problems.append(("entradas escritas tal cual",
                         "todas las entradas del test visible están escritas tal cual; construye al menos una al "
                         "ejecutar la celda (otro tamaño, otros valores) para que una respuesta fija no dé «¡Bien!»"))
    for name in test.leaks:
        problems.append((f"esperado en una global: {name}",
                         f"el test visible guarda lo esperado en la variable global `{name}` antes de llamar al "
                         "ejercicio, y la solución podría leerla; déjalo dentro de una función o calcúlalo después "
                         "de la llamada"))
    return problems


# --- 4. el peso de las predicciones ------------------------------------------------------------


def prediction_points(nb) -> tuple[float, float]:
    """(puntos de las predicciones, puntos de todo el cuaderno)."""
    predicted = total = 0.0
    for cell in nb.cells:
        if not cells.is_graded_test(cell):
            continue
        points = float(cells.nbgrader_meta(cell).get("points") or 0)
        total += points
        try:
            predicted += points if predictions.prediction_checks(cell.source) else 0.0
        except (SyntaxError, ValueError):
            continue  # una huella mal escrita ya la señala fingerprint_problems
    return predicted, total


def prediction_findings(notebook: Notebook, nb) -> list[Finding]:
    """Cada celda de tests de una predicción que vale puntos: una predicción vale 0."""
    found = []
    for solution_index, i in cells.exercises(nb):
        cell = nb.cells[i]
        points = float(cells.nbgrader_meta(cell).get("points") or 0)
        try:
            is_prediction = bool(predictions.prediction_checks(cell.source))
        except (SyntaxError, ValueError):
            continue  # una huella mal escrita ya la señala fingerprint_problems
        if is_prediction and points:
            found.append(Finding(
                notebook.slug, cells.grade_id(nb.cells[solution_index]), PREDICTIONS_KEY,
                f"es una predicción y vale {points:g} puntos; una predicción vale 0 (la demo de después enseña su "
                "respuesta, y ejecutar el cuaderno por delante no debe dar nota): pasa sus puntos a un ejercicio de "
                "código del mismo cuaderno y escribe «(0 puntos: predice y compruébalo)» en su enunciado",
                notebook.source, i))
    return found


def format_shares(table: dict[str, tuple[float, float]]) -> str:
    """La tabla de puntos de las predicciones, cuaderno a cuaderno y del curso entero."""
    rows = list(table.items()) + [(COURSE, (sum(p for p, _ in table.values()), sum(t for _, t in table.values())))]
    lines = ["cuaderno                  predicciones   total    peso"]
    for slug, (predicted, total) in rows:
        lines.append(f"{slug:<26}{predicted:>8g}{total:>11g}{100 * predicted / total if total else 0:>7.0f} %")
    return "\n".join(lines)


# --- todo junto, con las excepciones -----------------------------------------------------------


@dataclass
class Review:
    """Lo que encuentran las comprobaciones en unos cuadernos, antes y después de las excepciones."""

    findings: list[Finding]
    excused: list[tuple[Finding, str]]  # con el motivo de su excepción
    stale: list[tuple]
    shares: dict[str, tuple[float, float]]

    def problems(self) -> list[str]:
        stale = [
            f"{EXCEPTIONS_FILE.relative_to(ROOT)}: la excepción {entry[:3]} ya no corresponde a nada; bórrala"
            for entry in self.stale
        ]
        return [str(f) for f in self.findings] + stale


def review(selected: list[Notebook] | None = None, exceptions=EXCEPTIONS) -> Review:
    """Pasa las cuatro comprobaciones por ``selected`` (por defecto, todo el curso)."""
    everything = notebooks()
    checked = {n.slug for n in (everything if selected is None else selected)}
    return review_notebooks([(n, cells.read(n.source)) for n in everything], checked, exceptions)


def review_notebooks(loaded: list[tuple[Notebook, object]], checked: set[str], exceptions=EXCEPTIONS) -> Review:
    """Las comprobaciones sobre los cuadernos ``loaded`` del curso, en orden; solo se juzgan los de ``checked``."""
    aliases = course_aliases(loaded)
    shown: set[str] = set()
    found: list[Finding] = []
    shares = {}
    last = max((i for i, (n, _) in enumerate(loaded) if n.slug in checked), default=-1)
    for notebook, nb in loaded:
        shares[notebook.slug] = prediction_points(nb)
    for notebook, nb in loaded[: last + 1]:  # lo enseñado se acumula desde el primer cuaderno
        taught = taught_findings(notebook, nb, shown, aliases)
        if notebook.slug in checked:
            found += sorted(taught + visible_test_findings(notebook, nb) + prediction_findings(notebook, nb),
                            key=lambda f: f.cell)
    whole_course = checked >= {n.slug for n, _ in loaded}
    return _apply_exceptions(found, checked | ({COURSE} if whole_course else set()), shares, exceptions)


def _apply_exceptions(found: list[Finding], checked: set[str], shares, exceptions) -> Review:
    reasons = {entry[:3]: (entry[3] if len(entry) == 4 else "") for entry in exceptions}
    excused = [(f, reasons[_key(f)]) for f in found if _key(f) in reasons]
    remaining = [f for f in found if _key(f) not in reasons]
    matched = {_key(f) for f, _ in excused}
    stale = [entry for entry in exceptions if entry[0] in checked and entry[:3] not in matched]
    for key, reason in reasons.items():
        if not str(reason).strip():
            remaining.append(Finding(COURSE, None, "excepción sin motivo", f"la excepción {key} no dice su motivo"))
    for key, count in Counter(entry[:3] for entry in exceptions).items():
        if count > 1 and key[0] in checked:
            remaining.append(Finding(COURSE, None, "excepción repetida", f"la excepción {key} está {count} veces"))
    return Review(remaining, excused, stale, shares)


def _key(finding: Finding) -> tuple[str, str | None, str]:
    return finding.notebook, finding.grade_id, finding.key


def format_review(result: Review) -> str:
    """Todo lo que encuentran las comprobaciones, con las excepciones a la vista, y el peso de las predicciones."""
    lines = [f"✗ {f}" for f in result.findings]
    lines += [f"· {f}  [{reason}]" for f, reason in result.excused]
    lines += [f"✗ {p}" for p in result.problems()[len(result.findings):]]
    lines += ["", "Peso de las predicciones (puntos):", format_shares(result.shares)]
    return "\n".join(lines)


def check_fairness(selected: list[Notebook]) -> list[str]:
    """Para ``make check``: los incumplimientos que no están en las excepciones, y las excepciones sobrantes."""
    return review(selected).problems()
