"""El modelo del cuaderno 18 tiene el ``state_dict`` de rukh: las 53 claves, en su orden, y sus formas.

Las claves son un hecho de rukh (``models/decoder.py`` y ``models/layers.py`` de borja-glez/rukh:
``tokens``, ``positions``, ``blocks.N.{ln1, attn.qkv, attn.proj, ln2, mlp.fc, mlp.proj}``, ``ln_f``
y la cabeza atada ``lm_head``), escritas aquí como datos para el CONFIG del curso (V = 2030,
block = 256, d = 128, ff = 4d = 512, 4 bloques). Si el cuaderno cambia un nombre, un checkpoint del
curso ya no se carga en el ``MoveDecoder`` de rukh: esta prueba lo dice antes.
"""

from __future__ import annotations

import pytest

from course_tools.data import decoder

# Lo de cada bloque, en el orden de rukh: (nombre tras «blocks.N.», forma).
RUKH_BLOCK = [
    ("ln1.weight", (128,)),
    ("ln1.bias", (128,)),
    ("attn.qkv.weight", (384, 128)),
    ("attn.qkv.bias", (384,)),
    ("attn.proj.weight", (128, 128)),
    ("attn.proj.bias", (128,)),
    ("ln2.weight", (128,)),
    ("ln2.bias", (128,)),
    ("mlp.fc.weight", (512, 128)),
    ("mlp.fc.bias", (512,)),
    ("mlp.proj.weight", (128, 512)),
    ("mlp.proj.bias", (128,)),
]
RUKH_STATE = (
    [("tokens.weight", (2030, 128)), ("positions.weight", (256, 128))]
    + [(f"blocks.{n}.{name}", shape) for n in range(4) for name, shape in RUKH_BLOCK]
    + [("ln_f.weight", (128,)), ("ln_f.bias", (128,)), ("lm_head.weight", (2030, 128))]
)

# Los dropouts de rukh (sin parámetros, así que no están arriba): tras los embeddings, y en cada
# bloque tras attn.proj y tras mlp.proj; el de los pesos de atención es el dropout_p de SDPA.
RUKH_DROPOUTS = ["drop"] + [f"blocks.{n}.{where}" for n in range(4) for where in ("attn.resid_drop", "mlp.drop")]


def _shapes(state):
    return [(name, tuple(tensor.shape)) for name, tensor in state.items()]


@pytest.fixture(scope="module")
def defs():
    return decoder.load_definition()


def test_the_notebook_model_has_rukhs_keys_and_shapes(defs):
    model = defs["MoveDecoder"](**defs["CONFIG"])
    assert len(RUKH_STATE) == 53
    assert _shapes(model.state_dict()) == RUKH_STATE


def test_the_notebook_model_has_rukhs_dropouts(defs):
    import torch.nn as nn

    model = defs["MoveDecoder"](**defs["CONFIG"])
    found = [name for name, module in model.named_modules() if isinstance(module, nn.Dropout)]
    assert found == RUKH_DROPOUTS
    assert all(module.p == defs["CONFIG"]["dropout"] for module in model.modules() if isinstance(module, nn.Dropout))
    assert all(block.attn.dropout == defs["CONFIG"]["dropout"] for block in model.blocks)


@pytest.mark.skipif(not (decoder.DATA_DIR / decoder.CHECKPOINT_FILE).exists(), reason="falta rukh_helpers/data/decoder18.pt")
def test_the_checkpoint_has_rukhs_keys_and_shapes():
    from rukh_helpers.checkpoint import decoder_state

    assert _shapes(decoder_state()) == RUKH_STATE
