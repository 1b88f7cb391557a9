"""Huellas de las predicciones: cada ``check_prediction`` de un test visible coincide con su solución.

Un ejercicio de predicción guarda en su test visible la huella del valor correcto, no el valor
(``rukh_helpers.predictions``). Aquí se calcula esa huella a partir de la celda de solución, se
comprueba (``make check``) y se escribe en la fuente (``python -m course_tools fingerprints --write``).
El hueco de una predicción en la versión de alumno lo pone ``add_prediction_stubs``, el último paso
de ``nbgrader generate_assignment`` (``release_preprocessors.PredictionStubs``).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from . import cells

CHECK_NAME = "check_prediction"


@dataclass(frozen=True)
class PredictionCheck:
    """Una llamada ``check_prediction(variable, "huella", "apartado", ..., digits=N)`` de un test visible."""

    variable: str
    fingerprint: str
    name: str
    digits: int | None
    line: int  # posición de la huella en la fuente visible (línea desde 1, columnas de la cadena)
    start: int
    end: int


def _called_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def prediction_checks(test_source: str) -> list[PredictionCheck]:
    """Las llamadas a ``check_prediction`` de la parte visible de una celda de tests."""
    hidden = cells.hidden_lines(test_source)
    found = []
    for node in ast.walk(ast.parse(test_source)):
        if not (isinstance(node, ast.Call) and _called_name(node) == CHECK_NAME) or node.lineno in hidden:
            continue
        args = node.args
        if len(args) < 3 or not isinstance(args[0], ast.Name):
            raise ValueError(f"línea {node.lineno}: {CHECK_NAME} necesita (variable, \"huella\", \"apartado\", ...)")
        if not all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args[1:3]):
            raise ValueError(f"línea {node.lineno}: la huella y el apartado deben ser textos escritos tal cual")
        digits = next((k.value for k in node.keywords if k.arg == "digits"), None)
        if digits is not None:
            if not (isinstance(digits, ast.Constant) and isinstance(digits.value, int)):
                raise ValueError(f"línea {node.lineno}: digits debe ser un entero escrito tal cual")
            digits = digits.value
        fp = args[1]
        if fp.lineno != fp.end_lineno:
            raise ValueError(f"línea {node.lineno}: la huella debe ir en una sola línea")
        found.append(PredictionCheck(args[0].id, fp.value, args[2].value, digits, fp.lineno, fp.col_offset, fp.end_col_offset))
    return sorted(found, key=lambda c: (c.line, c.start))


def solution_values(solution_source: str) -> dict:
    """Ejecuta la celda de solución de una predicción (valores escritos a mano) y devuelve sus variables."""
    import numpy as np
    import torch

    namespace = {"torch": torch, "np": np}
    exec(compile(cells.strip_solution_markers(solution_source), "<solución>", "exec"), namespace)  # noqa: S102
    return namespace


def expected_fingerprint(check: PredictionCheck, values: dict) -> str:
    from rukh_helpers.predictions import fingerprint

    if check.variable not in values:
        raise ValueError(f"la solución no define `{check.variable}`")
    return fingerprint(values[check.variable], check.name, check.digits)


def _pairs_with_checks(nb):
    for solution_index, test_index in cells.exercises(nb):
        checks = prediction_checks(nb.cells[test_index].source)
        if checks:
            yield solution_index, test_index, checks


def fingerprint_problems(nb, where) -> list[str]:
    """Problemas de las huellas de un cuaderno fuente: no coinciden, no se pueden calcular o delatan el valor."""
    problems = []
    for solution_index, test_index in cells.exercises(nb):
        try:
            checks = prediction_checks(nb.cells[test_index].source)
        except (SyntaxError, ValueError) as err:
            problems.append(f"{where(test_index)}: {err}")
            continue
        if not checks:
            continue
        try:
            values = solution_values(nb.cells[solution_index].source)
        except Exception as err:
            problems.append(
                f"{where(solution_index)}: la solución de una predicción debe escribir sus valores tal cual "
                f"(falló al ejecutarla sola: {type(err).__name__}: {err})"
            )
            continue
        visible = cells.strip_hidden_tests(nb.cells[test_index].source)
        for check in checks:
            try:
                expected = expected_fingerprint(check, values)
            except ValueError as err:
                problems.append(f"{where(test_index)}: {check.name}: {err}")
                continue
            if check.fingerprint != expected:
                problems.append(
                    f"{where(test_index)}: la huella de {check.name} no coincide con su solución; "
                    "ejecuta `python -m course_tools fingerprints --write`"
                )
            revealed = _revealing_text(values[check.variable])
            if revealed and revealed in visible:
                problems.append(f"{where(test_index)}: el test visible contiene la respuesta de {check.name} ({revealed})")
    return problems


def _revealing_text(value) -> str | None:
    """El texto de un valor que, escrito en el test visible, lo delataría (solo los inconfundibles)."""
    if isinstance(value, (tuple, list)) and len(value) >= 2:
        return repr(tuple(value))
    if isinstance(value, float) and not value.is_integer():
        return repr(value)
    return None


def write_fingerprints(nb) -> int:
    """Escribe en cada test visible las huellas calculadas de su solución; devuelve cuántas cambiaron."""
    changed = 0
    for solution_index, test_index, checks in _pairs_with_checks(nb):
        values = solution_values(nb.cells[solution_index].source)
        source = nb.cells[test_index].source
        lines = source.split("\n")
        for check in reversed(checks):  # de atrás adelante: las columnas siguen valiendo
            new = expected_fingerprint(check, values)
            if new == check.fingerprint:
                continue
            line = lines[check.line - 1]
            lines[check.line - 1] = line[: check.start] + f'"{new}"' + line[check.end :]
            changed += 1
        nb.cells[test_index].source = "\n".join(lines)
    return changed


def prediction_stub(test_source: str) -> str | None:
    """El hueco de una predicción (``cells.prediction_blank``) con las variables de sus ``check_prediction``, en orden."""
    names = list(dict.fromkeys(check.variable for check in prediction_checks(test_source)))
    return cells.prediction_blank(names) if names else None


def add_prediction_stubs(nb) -> None:
    """En la versión de alumno, cambia el hueco de código que ``ClearSolutions`` dejó en cada predicción por
    sus variables con ``...``. Es lo mismo que haría un alumno al escribir en el hueco: nbgrader no puntúa
    las celdas de solución (su suma de control sigue siendo la del hueco de código)."""
    for solution_index, test_index in cells.exercises(nb):
        solution = nb.cells[solution_index]
        stub = prediction_stub(nb.cells[test_index].source)
        if stub and solution.source == cells.code_stub():
            solution.source = stub
