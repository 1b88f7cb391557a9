"""El decoder entrenado del cuaderno 18: su ``state_dict`` y su ficha, dentro del paquete.

Los escribe ``python -m course_tools decoder`` (en el repositorio del curso) a partir de las
partidas de autojuego; la ficha dice con qué orden, semilla, pasos y datos.
"""

from __future__ import annotations

import json
from importlib import resources

__all__ = ["decoder_meta", "decoder_state"]

CHECKPOINT_FILE = "decoder18.pt"
CHECKPOINT_META = "decoder18.meta.json"


def decoder_meta() -> dict:
    """La ficha del checkpoint: ``config`` (los argumentos de MoveDecoder), ``training``, ``val_loss``…"""
    path = resources.files("rukh_helpers") / "data" / CHECKPOINT_META
    return json.loads(path.read_text(encoding="utf-8"))


def decoder_state() -> dict:
    """El ``state_dict`` entrenado, en CPU: pásalo a ``model.load_state_dict``."""
    import torch

    path = resources.files("rukh_helpers") / "data" / CHECKPOINT_FILE
    with path.open("rb") as raw:
        return torch.load(raw, map_location="cpu", weights_only=True)
