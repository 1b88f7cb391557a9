"""Qué escribe el alumno en un ejercicio: las funciones, clases y métodos de la celda de solución, y sus
«miembros» (las partes con hueco).

Cada parte que escribe el alumno es un «miembro»: ``f`` (una función), ``Clase`` (crear un
objeto: su ``__init__``), ``Clase()`` (llamar al objeto: su ``forward``) y ``Clase.metodo``.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ...rules import cells


@dataclass(frozen=True)
class Exercise:
    """Lo que define la celda de solución y qué miembros escribe el alumno."""

    functions: frozenset[str]
    classes: frozenset[str]
    methods: frozenset[str]
    written: tuple[str, ...]


def exercise_of(solution_source: str) -> Exercise:
    tree = ast.parse(solution_source)
    lines = cells.solution_lines(solution_source)
    functions, classes, methods, written = set(), set(), set(), []

    def blanked(node) -> bool:
        return bool(set(range(node.lineno, node.end_lineno + 1)) & lines)

    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.add(node.name)
            if blanked(node):
                written.append(node.name)
        elif isinstance(node, ast.ClassDef):
            classes.add(node.name)
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    methods.add(item.name)
                    if blanked(item):
                        written.append(method_member(node.name, item.name))
    return Exercise(frozenset(functions), frozenset(classes), frozenset(methods), tuple(dict.fromkeys(written)))


def method_member(cls: str, method: str) -> str:
    if method == "__init__":
        return cls
    if method in ("forward", "__call__"):
        return f"{cls}()"
    return f"{cls}.{method}"


def member_of(cls: str, suffix: str) -> str:
    return f"{cls}()" if suffix == "()" else method_member(cls, suffix[1:])
