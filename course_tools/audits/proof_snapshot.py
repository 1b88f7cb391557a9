"""La copia del estado de un núcleo, del lado del núcleo: la carga la prueba (``proof_execution``) en él.

Tras lo que va antes de un ejercicio, ``take`` guarda una copia honda del espacio de nombres del
cuaderno, de los generadores aleatorios y de los filtros de avisos; ``restore`` la devuelve antes de
cada variante. La copia vive fuera del espacio de nombres del cuaderno (en el objeto ``Snapshot``
colgado del shell de IPython), así que ``reset`` no la borra y ninguna celda la ve.

Una sola memo por copia: lo que se comparte (el modelo y el optimizador que apunta a sus parámetros)
sigue compartido. Módulos, funciones y clases no se copian: las funciones leen sus globales del mismo
diccionario, que se rellena en su sitio. Solo usa la biblioteca estándar (el núcleo la carga por su
ruta, sin importar ``course_tools``).
"""

from __future__ import annotations

import copy
import json
import random
import sys
import types
import warnings

KEEP = (types.ModuleType, types.FunctionType, types.BuiltinFunctionType, type)
OUTPUT_CACHE = ("_", "__", "___")
ATTRIBUTE = "curso_prueba"  # el atributo del shell donde vive la copia


def rng_state() -> dict:
    """El estado de los generadores aleatorios (``random`` y, si están cargados, numpy y torch)."""
    states = {"random": random.getstate()}
    if "numpy" in sys.modules:
        states["numpy"] = sys.modules["numpy"].random.get_state()
    if "torch" in sys.modules:
        torch = sys.modules["torch"]
        states["torch"] = (torch.get_rng_state(), torch.get_default_dtype(), torch.is_grad_enabled())
    return states


def set_rng_state(states: dict) -> None:
    random.setstate(states["random"])
    if "numpy" in states:
        sys.modules["numpy"].random.set_state(states["numpy"])
    if "torch" in states:
        torch = sys.modules["torch"]
        torch.set_rng_state(states["torch"][0])
        torch.set_default_dtype(states["torch"][1])
        torch.set_grad_enabled(states["torch"][2])


class Snapshot:
    """La copia del estado de ``shell`` (un InteractiveShell: ``user_ns`` y ``user_ns_hidden``)."""

    def __init__(self, shell):
        self.shell = shell
        self.saved: dict[str, tuple[bool, object]] = {}  # nombre -> (se copia al devolverlo, valor)
        self.rng: dict = {}
        self.filters: list = []

    def take(self, unread=()) -> list[str]:
        """Guarda la copia. Lo que no se deja copiar (un tensor con grad_fn) se guarda tal cual solo si está
        en ``unread`` (ninguna celda de las que corren las variantes lo nombra); si no, se devuelve su nombre."""
        ns, hidden = self.shell.user_ns, self.shell.user_ns_hidden
        saved, memo, refused = {}, {}, []
        for name, value in ns.items():
            if name in hidden or name.startswith("__") or name in OUTPUT_CACHE or isinstance(value, KEEP):
                saved[name] = (False, value)
                continue
            try:
                saved[name] = (True, copy.deepcopy(value, memo))
            except Exception:
                if name in unread:
                    saved[name] = (False, value)
                else:
                    refused.append(name)
        self.saved, self.rng, self.filters = saved, rng_state(), list(warnings.filters)
        return refused

    def restore(self) -> None:
        """Devuelve el espacio de nombres, el azar y los avisos a como estaban en ``take`` (otra copia honda:
        la guardada sirve para la variante siguiente) y cierra las figuras abiertas."""
        memo = {}
        fresh = {name: copy.deepcopy(value, memo) if deep else value for name, (deep, value) in self.saved.items()}
        self.shell.user_ns.clear()
        self.shell.user_ns.update(fresh)
        set_rng_state(self.rng)
        warnings.filters[:] = self.filters
        if "matplotlib.pyplot" in sys.modules:
            sys.modules["matplotlib.pyplot"].close("all")


def take(shell, unread=()) -> None:
    """Guarda la copia en ``shell`` e imprime, en JSON, los nombres que no se dejaron copiar."""
    snapshot = Snapshot(shell)
    setattr(shell, ATTRIBUTE, snapshot)
    print(json.dumps(snapshot.take(set(unread))))


def restore(shell) -> None:
    getattr(shell, ATTRIBUTE).restore()
