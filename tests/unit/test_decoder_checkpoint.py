"""Pruebas de la orden del decoder (course_tools.data.decoder) y de las ayudas que usa el cuaderno 18."""

from __future__ import annotations

import json

import pytest

from course_tools.data import decoder
from rukh_helpers.legal import legal_after, legal_predictions
from rukh_helpers.vocab import EOS_ID, TOKEN_TO_ID

HAVE_CHECKPOINT = (decoder.DATA_DIR / decoder.CHECKPOINT_FILE).exists()


def test_definition_cells_are_found_and_define_the_model():
    sources = decoder.definition_sources()
    assert len(sources) >= 5
    assert not any("### BEGIN SOLUTION" in s for s in sources)
    defs = decoder.load_definition()
    for name in ("MoveDecoder", "Block", "param_groups", "lr_at", "PackedDataset", "make_loader", "train", "evaluate"):
        assert name in defs


def test_definition_hash_changes_with_the_code(tmp_path):
    nb = json.loads(decoder.NOTEBOOK.read_text(encoding="utf-8"))
    before = decoder.definition_sha256()
    for cell in nb["cells"]:
        if decoder.DEFINITION_TAG in cell.get("metadata", {}).get("tags", []):
            cell["source"] = "".join(cell["source"]) + "\n# un cambio\n"
            break
    changed = tmp_path / "18.ipynb"
    changed.write_text(json.dumps(nb), encoding="utf-8")
    assert decoder.definition_sha256(changed) != before


def test_a_notebook_without_definition_says_so(tmp_path):
    empty = tmp_path / "vacío.ipynb"
    empty.write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")
    with pytest.raises(ValueError, match="decoder-definicion"):
        decoder.definition_sources(empty)


def test_the_model_trains_a_couple_of_steps():
    import torch

    defs = decoder.load_definition()
    torch.manual_seed(0)
    model = defs["MoveDecoder"](vocab_size=50, block=8, d=16, n_head=2, n_layer=1)
    opt = torch.optim.AdamW(defs["param_groups"](model, 0.1), lr=1e-2, betas=(0.9, 0.95))
    data = [(torch.randint(1, 50, (4, 8)), torch.randint(0, 50, (4, 8)))]
    losses, val = defs["train"](model, opt, data, 5, 1e-2, 1, 0.1, grad_accum=2, val_loader=data, eval_every=2)
    assert len(losses) == 5 and all(torch.isfinite(torch.tensor(losses)))
    assert [step for step, _, _ in val] == [2, 4, 5]   # cada eval_every pasos y en el último
    assert all(seen is None for _, _, seen in val)       # sin train_eval_loader, sin esa medida
    _, both = defs["train"](model, opt, data, 2, 1e-2, 1, 0.1, val_loader=data, train_eval_loader=data, eval_every=1)
    # Las mismas ventanas, medidas las dos en eval(): la misma pérdida.
    assert [step for step, _, _ in both] == [1, 2] and all(seen == pytest.approx(v) for _, v, seen in both)
    assert model.training                                # evaluate deja el modo como estaba
    loss, top1 = defs["evaluate"](model, data, max_batches=1)
    assert loss > 0 and 0.0 <= top1 <= 1.0
    assert defs["train"](model, opt, data, 2, 1e-2, 1, 0.1)[1] == []   # sin val_loader, sin curva


def test_lr_at_is_rukhs_schedule():
    lr_at = decoder.load_definition()["lr_at"]
    assert lr_at(0, 3e-3, 60, 900, 0.1) == 0.0
    assert lr_at(30, 3e-3, 60, 900, 0.1) == pytest.approx(1.5e-3)
    assert lr_at(60, 3e-3, 60, 900, 0.1) == pytest.approx(3e-3)
    assert lr_at(900, 3e-3, 60, 900, 0.1) == pytest.approx(3e-4)
    assert lr_at(5000, 3e-3, 60, 900, 0.1) == pytest.approx(3e-4)


@pytest.mark.skipif(not HAVE_CHECKPOINT, reason="falta rukh_helpers/data/decoder18.pt")
def test_checkpoint_loads_strictly():
    from rukh_helpers.checkpoint import decoder_meta, decoder_state

    defs = decoder.load_definition()
    meta = decoder_meta()
    model = defs["MoveDecoder"](**meta["config"])
    result = model.load_state_dict(decoder_state())
    assert result.missing_keys == [] and result.unexpected_keys == []
    assert model.lm_head.weight is model.tokens.weight
    assert meta["bytes"] <= decoder.MAX_BYTES


@pytest.mark.skipif(not HAVE_CHECKPOINT, reason="falta rukh_helpers/data/decoder18.pt")
def test_meta_has_the_learning_curve():
    from rukh_helpers.checkpoint import decoder_meta

    meta = decoder_meta()
    curve, steps = meta["curve"], meta["training"]["steps"]
    assert curve["train_every"] == meta["training"]["log_every"]
    assert [s for s, _ in curve["train"]] == list(range(curve["train_every"], steps + 1, curve["train_every"]))
    val_steps = [s for s, _ in curve["val"]]
    assert 10 <= len(val_steps) <= 20 and val_steps[-1] == steps
    assert all(2.0 < loss < 8.0 for _, loss in curve["train"] + curve["val"])
    assert curve["val"][-1][1] == pytest.approx(meta["val_loss"], abs=1e-3)
    assert [s for s, _ in curve["train_eval"]] == val_steps       # la de entrenamiento en eval(), en cada punto
    assert all(2.0 < loss < 8.0 for _, loss in curve["train_eval"])
    assert meta["final_train_loss"] == curve["train"][-1][1]


def test_legal_predictions():
    moves = ["e2e4", "e7e5", "g1f3"]
    guesses = [TOKEN_TO_ID["e2e4"], TOKEN_TO_ID["e2e4"], EOS_ID]
    assert legal_predictions(moves, guesses) == [True, False, False]
    assert legal_predictions(moves, guesses[:1]) == [True]
    with pytest.raises(ValueError):
        legal_predictions(moves[:1], guesses)
    assert legal_after(["e2e4"], TOKEN_TO_ID["e7e5"]) and not legal_after(["e2e4"], TOKEN_TO_ID["e2e4"])


@pytest.mark.skipif(not HAVE_CHECKPOINT, reason="falta rukh_helpers/data/decoder18.pt")
def test_meta_records_the_arena_and_the_ladder():
    """La ficha dice cómo juega el checkpoint y cuánto jugaban los de menos tokens (el dibujo del 19)."""
    from rukh_helpers.checkpoint import decoder_meta

    meta = decoder_meta()
    arena = meta["arena"]
    assert arena["games"] >= 400 and arena["low"] > 0.65 and arena["score"] >= 0.75 and arena["raw_legal"] >= 0.60
    rungs = meta["strength"]
    assert [r["steps"] for r in rungs] == sorted(r["steps"] for r in rungs) and len(rungs) == 3
    assert rungs[-1]["steps"] == meta["training"]["steps"] and rungs[-1]["val_loss"] == pytest.approx(meta["val_loss"], abs=1e-3)
    assert all(r["low"] <= r["score"] <= r["high"] for r in rungs)


def test_training_settings_scale_with_the_steps():
    """La escalera entrena con menos pasos: el calentamiento y la curva se ajustan, el resto no cambia."""
    short = decoder._settings(55)
    assert short["warmup"] == 5 and short["eval_every"] == 3 and short["lr"] == decoder.TRAINING["lr"]
    full = decoder._settings(decoder.TRAINING["steps"])
    assert full["warmup"] == decoder.TRAINING["warmup"]
    assert 10 <= full["steps"] // full["eval_every"] <= 20
