"""Si una entrada de un test está escrita tal cual en la celda (números, listas, ``torch.tensor([...])``…) o se
construye al ejecutarla, y los recorridos del árbol de sintaxis que usa la lectura de un test visible."""

from __future__ import annotations

import ast
from dataclasses import dataclass

# Envolver, copiar o recolocar números escritos tal cual no construye una entrada nueva: sigue
# escrita tal cual (``torch.tensor([[1, 2]]).float().view(2, 1)``, ``_ids[:, 1:]``).
LITERAL_BUILDERS = frozenset({"tensor", "array", "as_tensor", "asarray", "list", "tuple", "dict", "set", "frozenset",
                              "int", "float", "str", "bool", "range", "Size", "device"})
REARRANGE = frozenset({"clone", "copy", "detach", "contiguous", "to", "float", "double", "long", "int", "bool", "half",
                       "reshape", "view", "transpose", "permute", "unsqueeze", "squeeze", "flatten", "t"})


@dataclass(frozen=True)
class Opaque:
    """Un valor del que solo se sabe si está escrito tal cual: la variable de un bucle, un parámetro."""

    literal: bool


def names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def stored(statements: list[ast.stmt]) -> set[str]:
    found = set()
    for statement in statements:
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                found.add(node.id)
    return found


def final_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def calls(node: ast.AST):
    """Las llamadas de ``node`` sin entrar en definiciones anidadas (las lambdas sí cuentan)."""
    pending = [node]
    while pending:
        current = pending.pop(0)
        if isinstance(current, ast.Call):
            yield current
        for child in ast.iter_child_nodes(current):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                pending.append(child)


def is_literal(node: ast.AST, bindings: dict, math_modules: frozenset[str] = frozenset(),
               seen: frozenset[str] = frozenset()) -> bool:
    """¿Está ``node`` escrito tal cual en la celda (números, listas, ``torch.tensor([...])``…)? ``bindings``: lo que
    vale cada nombre (una expresión o un ``Opaque``); ``math_modules``: los nombres con que se importó ``math``."""

    def literal(child: ast.AST, seen: frozenset[str] = seen) -> bool:
        return is_literal(child, bindings, math_modules, seen)

    if isinstance(node, (ast.Constant, ast.Lambda)):
        return True
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return all(literal(e) for e in node.elts)
    if isinstance(node, ast.Dict):
        return all(literal(e) for e in node.keys + node.values if e is not None)
    if isinstance(node, ast.UnaryOp):
        return literal(node.operand)
    if isinstance(node, ast.BinOp):
        return literal(node.left) and literal(node.right)
    if isinstance(node, ast.Starred):
        return literal(node.value)
    if isinstance(node, ast.Subscript):
        return literal(node.value) and literal(node.slice)
    if isinstance(node, ast.Slice):
        return all(literal(b) for b in (node.lower, node.upper, node.step) if b is not None)
    if isinstance(node, ast.Name):
        value = bindings.get(node.id)
        if isinstance(value, Opaque):
            return value.literal
        return value is not None and node.id not in seen and literal(value, seen | {node.id})
    if isinstance(node, ast.Attribute):  # torch.float32: una constante de una biblioteca
        root = node
        while isinstance(root, ast.Attribute):
            root = root.value
        return isinstance(root, ast.Name) and (root.id not in bindings or literal(root))
    if isinstance(node, ast.Call):
        arguments = node.args + [k.value for k in node.keywords]
        if not all(literal(a) for a in arguments):
            return False
        if isinstance(node.func, ast.Attribute) and node.func.attr in REARRANGE:
            return literal(node.func.value)
        if isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name):
            if node.func.value.id in math_modules:  # math.log(3): un número escrito de otra forma
                return True
        return final_name(node.func) in LITERAL_BUILDERS
    return False
