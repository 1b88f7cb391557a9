"""Comprobaciones para los tests de los cuadernos, con mensajes en castellano.

Cada función mira primero el tipo, luego la forma, luego el tipo de dato
(*dtype*) y por último los valores. Si algo no cuadra lanza ``CheckFailed``
(una ``AssertionError``) con un mensaje que dice qué se esperaba y qué llegó.
Nunca se estrellan con ``None``, un número de Python, un tensor de 0
dimensiones, un array de NumPy o un objeto cuyo ``__eq__`` siempre dice que sí.

Todo se importa desde aquí (``from rukh_helpers.checks import ...``), aunque viva en otro módulo: los
mensajes en ``check_messages``, las reglas sobre el código en ``code_checks`` y ``runtime_checks``, las
predicciones en ``predictions``.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np
import torch

from .check_messages import TYPE_NAMES, CheckFailed, call, call_text, describe_value, fail, plural, type_name  # noqa: F401
from .code_checks import check_not_called, check_vectorized  # noqa: F401


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
            f"pero obtuve {describe_value(got)}."
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
        fail(f"{name}: esperaba un array de NumPy de forma {expected.shape}, pero obtuve {describe_value(got)}.")
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
        fail(f"{name}: esperaba un número cercano a {expected:.4f}, pero obtuve {describe_value(got)}.")
    if not math.isfinite(got) or abs(got - expected) > tol:
        fail(f"{name}: esperaba {expected:.4f} (± {tol:g}), obtuve {got:.4f}.")


def check_equal(got: Any, expected: Any, name: str = "el resultado") -> None:
    """Igualdad exacta para listas, tuplas, diccionarios, textos y enteros; el tipo también cuenta."""
    if type(got) is not type(expected):
        fail(f"{name}: esperaba {type_name(expected)}, pero obtuve {describe_value(got)}.")
    if isinstance(expected, (list, tuple)):
        if len(got) != len(expected):
            fail(
                f"{name}: esperaba {plural(len(expected), 'elemento', 'elementos')}, "
                f"obtuve {plural(len(got), 'elemento', 'elementos')}."
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
