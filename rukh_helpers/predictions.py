"""Comprobar una predicción sin revelar la respuesta.

En un ejercicio de predicción el alumno escribe un valor (una forma, un tipo de dato, un número,
un booleano). El test visible no guarda ese valor, sino su **huella**: un resumen que permite
saber si la predicción es igual, pero no cuál es la correcta. Si falla, el mensaje dice qué
apartado está mal y qué regla repasar, nunca el valor.

Respuestas iguales escritas de otra forma dan la misma huella: ``(3, 4)``, ``[3, 4]`` y
``torch.Size([3, 4])``; ``3`` y ``3.0``; ``torch.float32`` y ``"float32"``.
"""

from __future__ import annotations

import hashlib
from typing import Any

import torch

from .checks import fail, type_name

# Qué clase de respuesta es, dicho al alumno (la clase va delante de la huella: no revela el valor).
KINDS = {
    "bool": "True o False",
    "number": "un número",
    "sequence": "una tupla de valores entre paréntesis",
    "dtype": "un tipo de dato, como torch.float32",
    "text": "un texto entre comillas",
}
_DTYPES = {str(d).removeprefix("torch."): d for d in vars(torch).values() if isinstance(d, torch.dtype)}


def _number_text(value: float | int, digits: int | None) -> str:
    if digits is not None:
        text = f"{round(float(value), digits):.{digits}f}"
        return "0" + text[2:] if text.startswith("-0") and not text.strip("-0.") else text
    if isinstance(value, int):
        return str(value)
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def canonical(value: Any, digits: int | None = None) -> tuple[str, str] | None:
    """(clase, texto) de una respuesta, igual para las formas equivalentes de escribirla.

    Devuelve None si ``value`` no es una respuesta que se pueda comparar (None, ``...``, un objeto).
    """
    if isinstance(value, torch.Tensor) and value.numel() == 1:
        value = value.item()
    elif hasattr(value, "item") and type(value).__module__ == "numpy" and getattr(value, "ndim", 1) == 0:
        value = value.item()
    if isinstance(value, bool):
        return "bool", str(value)
    if isinstance(value, torch.dtype):
        return "dtype", str(value)
    if isinstance(value, str):
        text = value.strip()
        name = text.removeprefix("torch.")
        return ("dtype", str(_DTYPES[name])) if name in _DTYPES else ("text", text)
    if isinstance(value, (int, float)):
        if value != value or value in (float("inf"), float("-inf")):
            return "number", str(value)
        return "number", _number_text(value, digits)
    if isinstance(value, (tuple, list, torch.Size)):
        parts = []
        for item in value:
            inner = canonical(item, digits)
            if inner is None:
                return None
            parts.append(":".join(inner))
        return "sequence", "(" + ", ".join(parts) + ")"
    return None


def fingerprint(value: Any, name: str, digits: int | None = None) -> str:
    """Huella de la respuesta ``value`` del apartado ``name``: «clase:10 cifras hexadecimales»."""
    form = canonical(value, digits)
    if form is None:
        raise ValueError(f"No sé calcular la huella de {type_name(value)}.")
    kind, text = form
    digest = hashlib.sha256(f"{name}|{kind}|{text}".encode("utf-8")).hexdigest()[:10]
    return f"{kind}:{digest}"


def check_prediction(got: Any, expected_fingerprint: str, name: str, hint: str = "", *, digits: int | None = None) -> None:
    """Falla si la predicción ``got`` no tiene la huella esperada; el mensaje nunca dice el valor."""
    kind = expected_fingerprint.split(":", 1)[0]
    if got is None or got is Ellipsis:
        fail(f"{name}: aún no has escrito tu predicción (debe ser {KINDS.get(kind, 'un valor')}).")
    form = canonical(got, digits)
    if form is None or form[0] != kind:
        fail(f"{name} debería ser {KINDS.get(kind, 'otro tipo de valor')}, pero es {type_name(got)}.")
    if fingerprint(got, name, digits) != expected_fingerprint:
        rounding = f" Se compara redondeando a {digits} decimales." if digits is not None else ""
        hint = hint.strip()
        advice = f" Pista: {hint}{'' if hint.endswith(('.', '?', '!')) else '.'}" if hint else ""
        fail(f"El valor de {name} no es correcto (no te digo cuál es: razónalo otra vez).{advice}{rounding}")


def check_answer(got: Any, expected: Any, name: str, hint: str = "", *, digits: int | None = None) -> None:
    """Como ``check_prediction``, pero con el valor correcto (para los tests ocultos)."""
    check_prediction(got, fingerprint(expected, name, digits), name, hint, digits=digits)
