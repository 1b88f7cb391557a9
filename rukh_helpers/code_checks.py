"""Reglas sobre el código del alumno, leído sin ejecutarlo: sin bucles (``check_vectorized``) y sin una función
prohibida (``check_not_called``). También se importan desde ``rukh_helpers.checks``; las que miran lo que se
ejecuta están en ``runtime_checks``."""

from __future__ import annotations

import ast
from typing import Any

from .check_messages import describe_value, fail

_LOOP_NODES = ("For", "AsyncFor", "While", "ListComp", "SetComp", "DictComp", "GeneratorExp")
_LOOP_CALLS = ("map", "filter")  # recorren elemento a elemento, como un for escrito de otra manera


def _source_tree(func: Any) -> ast.Module | None:
    """El árbol del código de ``func``, o None si no se puede leer (una función creada al vuelo, una de C)."""
    import inspect
    import textwrap

    try:
        return ast.parse(textwrap.dedent(inspect.getsource(func)))
    except (OSError, TypeError, SyntaxError):
        return None


def _own_names(tree: ast.AST) -> set[str]:
    """Los nombres que pone el propio código del alumno (variables, funciones y argumentos): un ``map`` o un
    ``softmax`` suyo no es el de Python ni el de torch."""
    nodes = list(ast.walk(tree))
    own = {n.id for n in nodes if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    own |= {n.name for n in nodes if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return own | {n.arg for n in nodes if isinstance(n, ast.arg)}


def check_vectorized(func: Any, name: str | None = None) -> None:
    """Falla si el código de ``func`` recorre elementos con un bucle (for, while, una comprensión, ``map`` o
    ``filter``).

    Para los ejercicios cuyo objetivo es vectorizar. Si el código no se puede leer (una función
    creada en tiempo de ejecución), no se comprueba: los demás tests siguen juzgando el resultado.
    """
    label = name or getattr(func, "__name__", "tu función")
    tree = _source_tree(func)
    nodes = [] if tree is None else list(ast.walk(tree))
    own = set() if tree is None else _own_names(tree)
    for node in nodes:
        if type(node).__name__ in _LOOP_NODES:
            loop = "un bucle"
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _LOOP_CALLS
              and node.func.id not in own):
            loop = f"un bucle escondido en `{node.func.id}(...)`, que recorre los elementos uno a uno,"
        else:
            continue
        fail(
            f"`{label}` debería operar sobre todo el tensor (o array) de una vez, sin recorrer sus elementos, "
            f"pero tiene {loop} en la línea {node.lineno} de la función. Busca la operación que lo hace de una vez."
        )


def check_not_called(func: Any, *forbidden: str, name: str | None = None) -> None:
    """Falla si el código de ``func`` llama o usa alguna de las funciones ``forbidden``.

    Cada prohibida se compara con la última parte de lo que escribe el alumno: ``"softmax"`` veta
    ``F.softmax(x)``, ``x.softmax(-1)``, ``torch.softmax`` (aunque no se llame) y ``softmax(x)``
    importada a mano; ``"F.softmax"`` veta lo mismo. Solo mira llamadas, atributos e imports,
    nunca los nombres que el alumno da a sus variables: ``log_softmax = x - m`` está permitido.
    Si el código no se puede leer, no se comprueba: los demás tests siguen juzgando el resultado.
    """
    label = name or getattr(func, "__name__", "tu función")
    if not callable(func):
        fail(f"`{label}` debería ser una función, pero es {describe_value(func)}.")
    tree = _source_tree(func)
    if tree is None:
        return
    banned = {f.rsplit(".", 1)[-1] for f in forbidden}
    own = _own_names(tree)
    for node in ast.walk(tree):
        used = None
        if isinstance(node, ast.Attribute) and node.attr in banned:
            used = ast.unparse(node)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in banned - own:
            used = f"{node.func.id}(...)"
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            used = next((a.name for a in node.names if a.name.rsplit(".", 1)[-1] in banned), None)
        if used:
            fail(
                f"`{label}` no debe usar `{used}` (línea {node.lineno} de la función): aquí se trata de "
                f"escribirlo tú con las operaciones del cuaderno, sin {', '.join(f'`{f}`' for f in forbidden)}."
            )
