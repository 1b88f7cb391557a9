"""Comprobaciones para los tests de los cuadernos, con mensajes en castellano.

Cada función mira primero el tipo, luego la forma, luego el tipo de dato
(*dtype*) y por último los valores. Si algo no cuadra lanza ``CheckFailed``
(una ``AssertionError``) con un mensaje que dice qué se esperaba y qué llegó.
Nunca se estrellan con ``None``, un número de Python, un tensor de 0
dimensiones, un array de NumPy o un objeto cuyo ``__eq__`` siempre dice que sí.
"""

from __future__ import annotations

import ast
import math
from typing import Any, Callable

import numpy as np
import torch


class CheckFailed(AssertionError):
    """Un test del curso ha fallado; el mensaje explica qué se esperaba."""


# El nombre de cada tipo de Python con su artículo, tal como se lee en castellano.
TYPE_NAMES = {
    "tuple": "una tupla",
    "list": "una lista",
    "dict": "un diccionario",
    "set": "un conjunto",
    "str": "un texto (str)",
    "int": "un entero (int)",
    "float": "un número de coma flotante (float)",
    "bool": "un booleano (bool)",
    "Size": "un torch.Size",
    "dtype": "un tipo de dato (dtype)",
    "Tensor": "un tensor",
    "ndarray": "un array de NumPy",
    "NoneType": "None",
    "function": "una función",
}


def type_name(value_or_type: Any) -> str:
    """«una tupla», «un entero (int)»…: el tipo de ``value_or_type`` dicho en castellano."""
    kind = value_or_type if isinstance(value_or_type, type) else type(value_or_type)
    return TYPE_NAMES.get(kind.__name__, f"un objeto de tipo {kind.__name__}")


def _plural(count: int, singular: str, plural: str) -> str:
    return f"{count} {singular if count == 1 else plural}"


def _one_line(value: Any, limit: int) -> str:
    """El repr de ``value`` en una sola línea (el de un módulo o un dict ocupa varias), cortado a ``limit``."""
    text = " ".join(repr(value).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _describe(value: Any) -> str:
    if value is None:
        return "None (¿te falta un `return`?)"
    if isinstance(value, torch.Tensor):
        return f"un tensor de forma {tuple(value.shape)} y tipo {value.dtype}"
    if isinstance(value, np.ndarray):
        return f"un array de NumPy de forma {value.shape} y tipo {value.dtype}"
    return f"{type_name(value)}: {_one_line(value, 60)}"


def fail(message: str) -> None:
    """Lanza ``CheckFailed`` con ``message``."""
    raise CheckFailed(message)


def _call_text(label: str, args: tuple, kwargs: dict) -> str:
    parts = [_short(a) for a in args] + [f"{k}={_short(v)}" for k, v in kwargs.items()]
    return f"{label}({', '.join(parts)})"


def _short(value: Any) -> str:
    if isinstance(value, (torch.Tensor, np.ndarray)):
        return f"<{type(value).__name__} de forma {tuple(value.shape)}>"
    if callable(value) and not isinstance(value, type):  # su repr lleva una dirección de memoria: ruido
        name = getattr(value, "__name__", "")
        return "una función lambda" if name == "<lambda>" else f"la función {name or type(value).__name__}"
    return _one_line(value, 40)


def call(func: Any, *args: Any, name: str | None = None, **kwargs: Any) -> Any:
    """Llama a la función del alumno y traduce los errores típicos en un mensaje claro."""
    label = name or getattr(func, "__name__", "tu función")
    if not callable(func):
        fail(f"`{label}` debería ser una función, pero es {_describe(func)}.")
    try:
        return func(*args, **kwargs)
    except NotImplementedError:
        fail(f"`{label}` aún no está escrita: cambia `raise NotImplementedError()` por tu código.")
    except CheckFailed:
        raise
    except Exception as err:  # el alumno ve el error original encadenado debajo
        raise CheckFailed(
            f"`{_call_text(label, args, kwargs)}` debería devolver un resultado, pero lanzó "
            f"{type(err).__name__}: {err}. Prueba tu función con esa misma entrada."
        ) from err


def _format_shape(shape: Any) -> str:
    return str(tuple(shape))


def check_tensor(
    got: Any,
    expected: torch.Tensor,
    name: str = "el resultado",
    *,
    atol: float | None = None,
    rtol: float | None = None,
    check_dtype: bool = True,
) -> None:
    """Comprueba que ``got`` es un tensor con la forma, el tipo y los valores de ``expected``."""
    if not isinstance(got, torch.Tensor):
        fail(
            f"{name}: esperaba un tensor de forma {_format_shape(expected.shape)} y tipo {expected.dtype}, "
            f"pero obtuve {_describe(got)}."
        )
    if got.shape != expected.shape:
        fail(f"{name}: forma incorrecta: esperaba {_format_shape(expected.shape)}, obtuve {_format_shape(got.shape)}.")
    if check_dtype and got.dtype != expected.dtype:
        fail(f"{name}: tipo incorrecto: esperaba {expected.dtype}, obtuve {got.dtype}.")
    got_cmp = got.detach().cpu()
    expected_cmp = expected.detach().cpu()
    if not check_dtype:
        got_cmp = got_cmp.to(expected_cmp.dtype)
    _compare_values(got_cmp, expected_cmp, name, atol=atol, rtol=rtol)


# Tolerancias por defecto (las mismas que usa torch.testing.assert_close), sin su coste de arranque.
DEFAULT_TOLERANCES = {
    torch.float16: (1e-3, 1e-5),
    torch.bfloat16: (1.6e-2, 1e-5),
    torch.float32: (1.3e-6, 1e-5),
    torch.float64: (1e-7, 1e-7),
}


def _compare_values(got: torch.Tensor, expected: torch.Tensor, name: str, *, atol, rtol) -> None:
    if got.dtype.is_floating_point:
        default_rtol, default_atol = DEFAULT_TOLERANCES.get(got.dtype, (1.3e-6, 1e-5))
        if atol is None and rtol is None:
            rtol, atol = default_rtol, default_atol
        close = torch.isclose(got, expected, rtol=rtol or 0.0, atol=atol or 0.0, equal_nan=True)
        if bool(close.all()):
            return
        # Las posiciones que ya coinciden (también -inf con -inf) no cuentan como diferencia.
        diff = torch.where(close, 0.0, (got.double() - expected.double()).abs().nan_to_num(nan=math.inf))
        worst = int(diff.flatten().argmax()) if diff.numel() else 0
        index = tuple(int(i) for i in np.unravel_index(worst, tuple(got.shape))) if got.dim() else ()
        fail(
            f"{name}: valores incorrectos: en la posición {index} esperaba {expected[index].item():.4f}, "
            f"obtuve {got[index].item():.4f} (la mayor diferencia es {diff.flatten()[worst].item():.4g})."
        )
    if not torch.equal(got, expected):
        wrong = (got != expected).nonzero()
        index = tuple(int(i) for i in wrong[0]) if got.dim() else ()
        fail(
            f"{name}: valores incorrectos: en la posición {index} esperaba {expected[index].item()}, "
            f"obtuve {got[index].item()} ({len(wrong)} de {got.numel()} valores distintos)."
        )


def check_array(
    got: Any,
    expected: np.ndarray,
    name: str = "el resultado",
    *,
    atol: float = 1e-6,
    rtol: float = 1e-6,
    check_dtype: bool = True,
    exact_dtype: bool = False,
) -> None:
    """Como ``check_tensor`` pero para arrays de NumPy. Por defecto basta la clase de tipo (entero, coma
    flotante…); con ``exact_dtype=True``, donde el enunciado nombra un tipo, tiene que ser ese mismo."""
    if not isinstance(got, np.ndarray):
        fail(f"{name}: esperaba un array de NumPy de forma {expected.shape}, pero obtuve {_describe(got)}.")
    if got.shape != expected.shape:
        fail(f"{name}: forma incorrecta: esperaba {expected.shape}, obtuve {got.shape}.")
    if exact_dtype and got.dtype != expected.dtype:
        fail(f"{name}: tipo incorrecto: esperaba {expected.dtype}, obtuve {got.dtype}.")
    if check_dtype and got.dtype.kind != expected.dtype.kind:
        fail(f"{name}: tipo incorrecto: esperaba {expected.dtype}, obtuve {got.dtype}.")
    check_tensor(
        torch.from_numpy(np.ascontiguousarray(got, dtype=expected.dtype)),
        torch.from_numpy(np.ascontiguousarray(expected)),
        name,
        atol=atol,
        rtol=rtol,
    )


def check_number(got: Any, expected: float, name: str = "el resultado", *, tol: float = 1e-6) -> None:
    """Comprueba un número de Python (o un tensor de un solo elemento) con tolerancia ``tol``."""
    if isinstance(got, torch.Tensor) and got.numel() == 1:
        got = got.item()
    elif isinstance(got, np.generic):
        got = got.item()
    if isinstance(got, bool) or not isinstance(got, (int, float)):
        fail(f"{name}: esperaba un número cercano a {expected:.4f}, pero obtuve {_describe(got)}.")
    if not math.isfinite(got) or abs(got - expected) > tol:
        fail(f"{name}: esperaba {expected:.4f} (± {tol:g}), obtuve {got:.4f}.")


def check_equal(got: Any, expected: Any, name: str = "el resultado") -> None:
    """Igualdad exacta para listas, tuplas, diccionarios, textos y enteros; el tipo también cuenta."""
    if type(got) is not type(expected):
        fail(f"{name}: esperaba {type_name(expected)}, pero obtuve {_describe(got)}.")
    if isinstance(expected, (list, tuple)):
        if len(got) != len(expected):
            fail(
                f"{name}: esperaba {_plural(len(expected), 'elemento', 'elementos')}, "
                f"obtuve {_plural(len(got), 'elemento', 'elementos')}."
            )
        for i, (g, e) in enumerate(zip(got, expected)):
            check_equal(g, e, f"{name}[{i}]")
        return
    if isinstance(expected, dict):
        missing = [k for k in expected if k not in got]
        extra = [k for k in got if k not in expected]
        if missing or extra:
            fail(f"{name}: esperaba las claves {sorted(map(str, expected))[:8]}; faltan {missing[:5]}, sobran {extra[:5]}.")
        for key in expected:
            check_equal(got[key], expected[key], f"{name}[{key!r}]")
        return
    if isinstance(expected, float):
        check_number(got, expected, name)
        return
    if not expected == got:  # el tipo ya es idéntico: un __eq__ trucado no llega aquí
        fail(f"{name}: esperaba {expected!r}, obtuve {got!r}.")


def check_true(condition: Any, message: str) -> None:
    """Falla con ``message`` si ``condition`` no es exactamente ``True``."""
    if not (condition is True or (isinstance(condition, np.bool_) and bool(condition))):
        fail(message)


def expect_raises(func: Callable[[], Any], error: type[BaseException], message: str) -> BaseException:
    """Comprueba que ``func()`` lanza ``error``; si no, falla con ``message``."""
    try:
        func()
    except error as err:
        return err
    except NotImplementedError:
        fail("Esta parte aún no está escrita: cambia `raise NotImplementedError()` por tu código.")
    except Exception as err:
        fail(f"{message} (lanzó {type(err).__name__}: {err}).")
    fail(message)


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
        fail(f"`{label}` debería ser una función, pero es {_describe(func)}.")
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


# Las reglas comprobadas al ejecutar viven en runtime_checks.py; también se importan desde aquí
# (``from rukh_helpers.checks import check_vectorized_at_run``).
_ELSEWHERE_RUNTIME = ("check_not_called_at_run", "check_vectorized_at_run", "executed_lines")

# Las predicciones y los errores mostrados viven en sus módulos; también se importan desde aquí
# (``from rukh_helpers.checks import check_prediction``), sin import circular.
_ELSEWHERE = {
    "check_prediction": "predictions",
    "check_answer": "predictions",
    "fingerprint": "predictions",
    "show_error": "errors",
}


def __getattr__(name: str) -> Any:
    if name in _ELSEWHERE_RUNTIME:
        from . import runtime_checks

        return getattr(runtime_checks, name)
    if name in _ELSEWHERE:
        import importlib

        return getattr(importlib.import_module(f"{__package__}.{_ELSEWHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
