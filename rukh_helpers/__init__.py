"""Ayudas del curso «PyTorch mínimo»: vocabulario UCI de rukh, partidas, dispositivo y comprobaciones.

Se importa en Colab y en local; no depende de nbgrader ni de Jupyter.
"""

from .device import autocast, describe_device, pick_device, seed_everything
from .errors import show_error
from .vocab import PAD_ID, TOKENS, VOCAB_SIZE, decode, encode_game, toy_vocab

__all__ = [
    "PAD_ID",
    "TOKENS",
    "VOCAB_SIZE",
    "autocast",
    "decode",
    "describe_device",
    "encode_game",
    "pick_device",
    "seed_everything",
    "show_error",
    "toy_vocab",
]
__version__ = "0.1.0"
