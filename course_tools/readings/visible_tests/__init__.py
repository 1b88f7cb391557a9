"""Lo que hace un test visible con el ejercicio, leído sin ejecutarlo.

Sirve a las comprobaciones de ejercicios justos (``fairness``): a qué partes de lo que escribe el
alumno llama el test (``exercise``: los «miembros»), con qué entradas, si alguna se construye al
ejecutar la celda (no está escrita tal cual: ``literals``) y si el test deja lo esperado en una
variable global que la solución podría leer. El recorrido del test, que sigue también a sus funciones
auxiliares, está en ``walker``.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..ingredients import imported_names
from .exercise import Exercise, exercise_of  # noqa: F401
from .literals import final_name, names
from .walker import Use, Walker, helper_summaries

# Una copia de la entrada (para ver después que no cambió) no es un valor esperado que delate nada.
COPIES = frozenset({"clone", "copy", "deepcopy", "dict", "list"})


@dataclass
class VisibleTest:
    """Lo que el test visible hace con el ejercicio."""

    uses: list[Use]
    leaks: list[str]  # variables globales con lo esperado, creadas antes de una llamada al ejercicio

    def inputs(self, member: str) -> set[str]:
        """Las entradas distintas con que se llama a ``member`` (cada una como texto)."""
        found = set()
        for use in self.uses:
            if use.member == member:
                text = ", ".join(ast.unparse(i) for i in use.inputs)
                found |= {f"{text}#{k}" for k in range(use.copies)}
        return found

    def any_built(self) -> bool:
        return any(use.built for use in self.uses)


def read_visible_test(visible_source: str, exercise: Exercise) -> VisibleTest:
    """Lee la parte visible de una celda de tests (sin la región oculta)."""
    tree = ast.parse(visible_source)
    math_modules = frozenset(alias for alias, full in imported_names(tree).items() if full == "math")
    walker = Walker(exercise, helper_summaries(tree, exercise, math_modules), math_modules=math_modules)
    walker.run(tree.body)
    return VisibleTest([use for use in walker.uses if use.via is None], _leaks(walker))


def _leaks(walker: Walker) -> list[str]:
    inputs = set().union(set(), *(names(i) for use in walker.uses for i in use.inputs))
    last_use = max((use.line for use in walker.uses), default=0)
    leaks = []
    for expected, _ in walker.expected:
        name = _root_name(expected)
        if not name or name not in walker.first_line or name in inputs or name in walker.instances:
            continue
        if walker.first_line[name] < last_use and not _is_copy(walker.first_value.get(name)) and name not in leaks:
            leaks.append(name)
    return leaks


def _root_name(node: ast.expr) -> str | None:
    """El nombre del que sale un valor: ``_full`` en ``_full[:, -2:]`` o en ``_expected.float()``."""
    while True:
        if isinstance(node, ast.Name):
            return node.id
        if isinstance(node, (ast.Subscript, ast.Attribute)):
            node = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            node = node.func.value
        else:
            return None


def _is_copy(value: ast.expr | None) -> bool:
    """``x.clone()``, ``dict(x)``, ``copy.deepcopy(x)``: una copia de otra variable."""
    if not isinstance(value, ast.Call) or final_name(value.func) not in COPIES:
        return False
    if isinstance(value.func, ast.Attribute) and value.func.attr in ("clone", "copy"):
        return isinstance(value.func.value, (ast.Name, ast.Call))
    return len(value.args) == 1 and isinstance(value.args[0], ast.Name)


def rule_calls(tree: ast.AST, lines: set[int] | None, rule_helpers: frozenset[str]) -> dict[str, int]:
    """Las llamadas a comprobaciones de reglas de ``tree`` (de las líneas ``lines``), como texto → línea."""
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and final_name(node.func) in rule_helpers:
            if lines is None or node.lineno in lines:
                arguments = [ast.unparse(a) for a in node.args] + [f"{k.arg}={ast.unparse(k.value)}" for k in node.keywords]
                found.setdefault(f"{final_name(node.func)}({', '.join(arguments)})", node.lineno)
    return found
