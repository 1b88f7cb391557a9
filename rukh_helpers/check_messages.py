"""Cómo hablan las comprobaciones del curso: el error que lanzan (``CheckFailed``) y cómo dicen en castellano
qué llegó (un tipo, un valor, una llamada), y ``call``, que llama a la función del alumno y dice en castellano
por qué no devolvió nada. Lo usan ``checks``, ``code_checks``, ``runtime_checks`` y ``predictions``."""

from __future__ import annotations

from typing import Any

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


def plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def one_line(value: Any, limit: int) -> str:
    """El repr de ``value`` en una sola línea (el de un módulo o un dict ocupa varias), cortado a ``limit``."""
    text = " ".join(repr(value).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe_value(value: Any) -> str:
    if value is None:
        return "None (¿te falta un `return`?)"
    if isinstance(value, torch.Tensor):
        return f"un tensor de forma {tuple(value.shape)} y tipo {value.dtype}"
    if isinstance(value, np.ndarray):
        return f"un array de NumPy de forma {value.shape} y tipo {value.dtype}"
    return f"{type_name(value)}: {one_line(value, 60)}"


def fail(message: str) -> None:
    """Lanza ``CheckFailed`` con ``message``."""
    raise CheckFailed(message)


def call_text(label: str, args: tuple, kwargs: dict) -> str:
    parts = [short_text(a) for a in args] + [f"{k}={short_text(v)}" for k, v in kwargs.items()]
    return f"{label}({', '.join(parts)})"


def short_text(value: Any) -> str:
    if isinstance(value, (torch.Tensor, np.ndarray)):
        return f"<{type(value).__name__} de forma {tuple(value.shape)}>"
    if callable(value) and not isinstance(value, type):  # su repr lleva una dirección de memoria: ruido
        name = getattr(value, "__name__", "")
        return "una función lambda" if name == "<lambda>" else f"la función {name or type(value).__name__}"
    return one_line(value, 40)


def call(func: Any, *args: Any, name: str | None = None, **kwargs: Any) -> Any:
    """Llama a la función del alumno y traduce los errores típicos en un mensaje claro."""
    label = name or getattr(func, "__name__", "tu función")
    if not callable(func):
        fail(f"`{label}` debería ser una función, pero es {describe_value(func)}.")
    try:
        return func(*args, **kwargs)
    except NotImplementedError:
        fail(f"`{label}` aún no está escrita: cambia `raise NotImplementedError()` por tu código.")
    except CheckFailed:
        raise
    except Exception as err:  # el alumno ve el error original encadenado debajo
        raise CheckFailed(
            f"`{call_text(label, args, kwargs)}` debería devolver un resultado, pero lanzó "
            f"{type(err).__name__}: {err}. Prueba tu función con esa misma entrada."
        ) from err
