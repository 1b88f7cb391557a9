"""Reglas comprobadas por lo que se ejecuta, no por los nombres (también ``from rukh_helpers.checks import ...``).

La lectura del código (``check_vectorized``, ``check_not_called``) da el primer mensaje, rápido y con
su línea. Lo de aquí mira lo que de verdad corre mientras se ejecuta la función del alumno: una
función prohibida llamada con otro nombre (``torch.native_layer_norm``, ``torch.ops.aten...``, el
``forward`` de un módulo, ``sorted`` en una función auxiliar) o un bucle escondido en una función
auxiliar, un ``map``, una comprensión o una recursión.
"""

from __future__ import annotations

from typing import Any, Callable

from .check_messages import CheckFailed, call, fail
from .code_checks import check_not_called, check_vectorized


def _snake(name: str) -> str:
    """``LayerNorm`` → ``layer_norm``; ``F.layer_norm`` → ``layer_norm``."""
    import re

    last = name.rsplit(".", 1)[-1]
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", last).lower()


def _op_key(name: str) -> str:
    """El nombre de una operación sin su espacio ni sus prefijos internos: ``torch.ops.aten.native_layer_norm`` →
    ``layer_norm``, ``_softmax`` → ``softmax``; el núcleo de una pérdida, sin su variante:
    ``nll_loss_forward``, ``nll_loss_nd`` y ``nll_loss2d`` → ``nll_loss``."""
    import re

    base = name.rsplit(".", 1)[-1].lstrip("_")
    base = base[len("native_"):] if base.startswith("native_") else base
    return re.sub(r"(?<=_loss)(2d|_nd)?(_forward)?$", "", base)


def _trapped_call(func: Any, args: tuple, banned: set[str], label: str, forbidden: tuple[str, ...]) -> Any:
    """Llama a ``func(*args)`` con las funciones de ``banned`` (y todos sus alias de torch) convertidas en trampa."""
    from torch.overrides import TorchFunctionMode
    from torch.utils._python_dispatch import TorchDispatchMode

    caught: list[str] = []
    message = lambda used: (  # noqa: E731
        f"`{label}` no debe usar {', '.join(f'`{f}`' for f in forbidden)}, tampoco con otro nombre, pero mientras se "
        f"ejecutaba llamó a `{used}`. Aquí se trata de escribirlo tú con las operaciones del cuaderno.")

    def _check(used: str) -> None:
        if _op_key(_snake(used)) in banned:
            caught.append(used)
            raise CheckFailed(message(used))

    class _Functions(TorchFunctionMode):
        def __torch_function__(self, fn, types, fn_args=(), kwargs=None):
            _check(getattr(fn, "__name__", ""))
            return fn(*fn_args, **(kwargs or {}))

    class _Operations(TorchDispatchMode):
        def __torch_dispatch__(self, op, types, op_args=(), kwargs=None):
            schema = getattr(op, "_schema", None)  # aten::native_layer_norm, sin la variante (.default)
            _check(f"torch.ops.{schema.name.replace('::', '.')}" if schema is not None else str(op))
            return op(*op_args, **(kwargs or {}))

    try:
        with _Functions(), _Operations(), _python_traps(func, forbidden, _check):
            result = call(func, *args, name=label)
    except CheckFailed:
        if caught:  # el mensaje de la trampa, aunque el alumno la haya envuelto en otra excepción
            raise CheckFailed(message(caught[0])) from None
        raise
    if caught:  # la trampa saltó y el alumno se tragó la excepción con un try
        fail(message(caught[0]))
    return result


class _python_traps:
    """Mientras dura el ``with``, las funciones y clases de Python prohibidas (``sorted``, ``Counter``…) son
    trampas cuando las llama el código del alumno: en ``builtins``, en sus variables globales y en los
    módulos que ha importado. Si las llama otro (torch, NumPy), siguen funcionando."""

    def __init__(self, func: Any, forbidden: tuple[str, ...], check: Callable[[str], None]):
        import builtins
        import sys

        self.saved: list[tuple[Any, str, Any]] = []
        names = {f.rsplit(".", 1)[-1] for f in forbidden}
        own = _own_code(func)
        places = [builtins, getattr(inspect_unwrap(func), "__globals__", {})]
        places += [v for v in list(places[1].values()) if type(v) is type(sys) and v.__name__ != "torch"]

        def trap(name: str, original: Any) -> Any:
            def trapped(*args: Any, **kwargs: Any) -> Any:
                if own(sys._getframe(1).f_code):
                    check(name)
                return original(*args, **kwargs)

            return trapped

        for place in places:
            getter = place.get if isinstance(place, dict) else lambda k, p=place: getattr(p, k, None)
            keys = list(place) if isinstance(place, dict) else list(names)
            for key in keys:
                value = getter(key)
                if key in names or getattr(value, "__name__", None) in names:
                    if value is not None and callable(value):
                        self.saved.append((place, key, value))
        self.traps = [(place, key, trap(getattr(value, "__name__", key), value)) for place, key, value in self.saved]

    def __enter__(self) -> None:
        for place, key, trapped in self.traps:
            if isinstance(place, dict):
                place[key] = trapped
            else:
                setattr(place, key, trapped)

    def __exit__(self, *exc: Any) -> None:
        for place, key, original in self.saved:
            if isinstance(place, dict):
                place[key] = original
            else:
                setattr(place, key, original)


def check_not_called_at_run(func: Any, args: tuple, *forbidden: str, name: str | None = None) -> Any:
    """Como ``check_not_called`` y además ejecuta ``func(*args)`` con las prohibidas convertidas en trampa.

    Primero lee el código (el mensaje rápido, con la línea). Después llama a la función: si mientras
    corre se llega a una prohibida por cualquier camino (``F.layer_norm``, ``torch.layer_norm``,
    ``torch.native_layer_norm``, ``torch.ops.aten.native_layer_norm``, el ``forward`` de
    ``nn.LayerNorm``…), falla aunque el alumno la haya capturado en un ``try``. Devuelve lo que
    devolvió ``func``. Solo las funciones de torch se vigilan al ejecutar; las demás, al leer.
    """
    check_not_called(func, *forbidden, name=name)
    label = name or getattr(func, "__name__", "tu función")
    banned = {_snake(f) for f in forbidden}
    return _trapped_call(func, tuple(args), banned, label, forbidden)


def _own_code(func: Any) -> Callable[[Any], bool]:
    """¿Es de la libreta del alumno este objeto de código? Lo es si está en la carpeta de ``func`` (en Jupyter,
    todas las celdas de un núcleo comparten la suya); nunca lo son torch, NumPy ni rukh_helpers."""
    import os

    code = getattr(inspect_unwrap(func), "__code__", None) or getattr(getattr(func, "__call__", None), "__code__", None)
    home = os.path.dirname(code.co_filename) if code is not None else None
    helpers = os.path.dirname(os.path.abspath(__file__))

    def own(code_object: Any) -> bool:
        folder = os.path.dirname(code_object.co_filename)
        return home is not None and folder == home and folder != helpers

    return own


def inspect_unwrap(func: Any) -> Any:
    import inspect

    try:
        return inspect.unwrap(func)
    except (ValueError, TypeError):
        return func


def executed_lines(func: Any, args: tuple, name: str | None = None) -> int:
    """Cuántas líneas del propio código del alumno (``func`` y cualquier función suya a la que llame, también
    comprensiones, lambdas y recursión) se ejecutan en ``func(*args)``, más las funciones de torch que ese código
    llama: un ``map(torch.dot, a, b)`` o un ``sum`` de Python recorren los elementos sin ejecutar ninguna línea
    del alumno, pero cada vuelta llama a torch desde su código."""
    import os
    import sys

    own = _own_code(func)
    count = 0
    torch = sys.modules.get("torch")
    torch_dir = os.path.dirname(torch.__file__) if torch is not None else None

    class _TorchCalls(torch.overrides.TorchFunctionMode if torch is not None else object):
        """Cuenta las llamadas a torch cuyo primer marco de Python fuera de torch es código del alumno."""

        def __torch_function__(self, fn, types, fn_args=(), kwargs=None):
            nonlocal count
            frame = sys._getframe(1)
            while frame is not None and frame.f_code.co_filename.startswith(torch_dir):
                frame = frame.f_back
            if frame is not None and own(frame.f_code):
                count += 1
            return fn(*fn_args, **(kwargs or {}))

    def lines(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
        return lines

    def calls(frame, event, arg):
        nonlocal count
        if event == "call" and own(frame.f_code):
            count += 1
            return lines
        return None

    previous = sys.gettrace()
    sys.settrace(calls)
    try:
        if torch is None:
            call(func, *args, name=name)
        else:
            with _TorchCalls():
                call(func, *args, name=name)
    finally:
        sys.settrace(previous)
    return count


def check_vectorized_at_run(func: Any, small: tuple, large: tuple, name: str | None = None) -> None:
    """Como ``check_vectorized`` y además mide: las líneas del alumno que se ejecutan con ``large`` (la misma
    entrada, varias veces mayor) no pueden ser más que con ``small``, ni las funciones de torch que llaman. Un
    bucle de Python escondido en una función auxiliar, un ``map`` (también de una función de torch), una
    comprensión o una recursión hace que crezcan; una operación sobre el tensor entero, no."""
    label = name or getattr(func, "__name__", "tu función")
    check_vectorized(func, label)
    few = executed_lines(func, tuple(small), label)
    many = executed_lines(func, tuple(large), label)
    if many > few + _LINE_SLACK:
        fail(
            f"`{label}` debería operar sobre todo el tensor (o array) de una vez, pero cuanto más grande es la "
            f"entrada, más líneas de tu código se ejecutan ({few} con la entrada pequeña, {many} con una varias veces "
            "mayor, contando las funciones de torch a las que llaman): hay un bucle de Python escondido (en una función "
            "auxiliar, un `map`, una comprensión o una recursión). Busca la operación que lo hace de una vez."
        )


_LINE_SLACK = 2  # una rama que dependa de los valores puede sumar alguna línea; un bucle suma muchas más
