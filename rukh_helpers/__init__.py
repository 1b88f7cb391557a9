"""Ayudas del curso «PyTorch mínimo»: vocabulario UCI de rukh, partidas, dispositivo y comprobaciones.

Se importa en Colab y en local; no depende de nbgrader ni de Jupyter. Lo de aquí arriba se carga al usarlo
(``from rukh_helpers import pick_device`` funciona igual): importar ``rukh_helpers.checkpoint`` o
``rukh_helpers.games`` no arrastra torch, que tarda segundos en cargarse, a quien no lo necesita (las órdenes
del profesorado, como ``make check``).
"""

from importlib import import_module

_WHERE = {
    "PAD_ID": "vocab",
    "TOKENS": "vocab",
    "VOCAB_SIZE": "vocab",
    "autocast": "device",
    "decode": "vocab",
    "describe_device": "device",
    "encode_game": "vocab",
    "pick_device": "device",
    "seed_everything": "device",
    "show_error": "errors",
    "toy_vocab": "vocab",
}
__all__ = sorted(_WHERE)
__version__ = "0.1.0"


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{_WHERE[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
