"""Pruebas de course_tools.data.validate: las partidas de autojuego y el checkpoint del cuaderno 18.

Cada fichero roto se escribe en una carpeta temporal (copias de los de verdad, estropeadas a
propósito) y el validador debe decir el problema con un mensaje que nombra la orden a repetir.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil

import pytest

from course_tools.data import decoder, validate

DATA = decoder.DATA_DIR
HAVE_DATA = (DATA / validate.GAMES_FILE).exists() and (DATA / decoder.CHECKPOINT_FILE).exists()
needs_data = pytest.mark.skipif(not HAVE_DATA, reason="faltan las partidas o el checkpoint en rukh_helpers/data")

SCHOLAR = {"white_elo": 1200, "black_elo": 1100, "result": "1-0", "uci": "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7"}


def _write_games(folder, records, meta_extra=None):
    """Escribe unas partidas y su ficha (con el sha256 correcto) en `folder`."""
    target = folder / validate.GAMES_FILE
    lines = "".join(json.dumps(r, sort_keys=True) + "\n" for r in records).encode()
    with open(target, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
        out.write(lines)
    meta = {"command": "python -m course_tools partidas", "engine": "Stockfish", "licence": "MIT",
            "sha256": hashlib.sha256(target.read_bytes()).hexdigest()}
    meta.update(meta_extra or {})
    (folder / validate.GAMES_META).write_text(json.dumps(meta), encoding="utf-8")


def _games_only(folder):
    return validate._games_problems(folder)


def test_good_games_pass_except_the_count(tmp_path, monkeypatch):
    monkeypatch.setattr(validate, "MIN_GAMES", 3)
    _write_games(tmp_path, [SCHOLAR] * 3)
    assert _games_only(tmp_path) == []


def test_too_few_games(tmp_path):
    _write_games(tmp_path, [SCHOLAR] * 3)
    problems = _games_only(tmp_path)
    assert any("3 partidas" in p and "2000" in p for p in problems)


@pytest.mark.parametrize(
    "change, words",
    [
        ({"uci": "e2e4 e7e5 e1e3"}, "ilegal"),
        ({"uci": "e2e4 zz99"}, "vocabulario"),
        ({"uci": "e2e4 e7e5 a1a8"}, "ilegal"),
        ({"result": "2-0"}, "resultado"),
        ({"white_elo": "mil"}, "white_elo"),
        ({"uci": ""}, "no tiene jugadas"),
    ],
)
def test_a_broken_game_is_named(tmp_path, monkeypatch, change, words):
    monkeypatch.setattr(validate, "MIN_GAMES", 1)
    _write_games(tmp_path, [SCHOLAR, dict(SCHOLAR, **change)])
    problems = _games_only(tmp_path)
    assert len(problems) == 1, problems
    assert "partida 2" in problems[0] and words in problems[0]
    assert "python -m course_tools partidas" in problems[0]


def test_a_move_outside_the_vocabulary(tmp_path, monkeypatch):
    # a1a8 con la torre: legal si el camino está libre, pero aquí basta con un token raro: e7e8k no existe.
    monkeypatch.setattr(validate, "MIN_GAMES", 1)
    _write_games(tmp_path, [dict(SCHOLAR, uci="e2e4 e7e8k")])
    problems = _games_only(tmp_path)
    assert problems and "vocabulario" in problems[0]


def test_extra_key_and_missing_provenance(tmp_path, monkeypatch):
    monkeypatch.setattr(validate, "MIN_GAMES", 1)
    _write_games(tmp_path, [dict(SCHOLAR, event="x")], meta_extra={"engine": ""})
    problems = _games_only(tmp_path)
    assert any("procedencia" in p and "engine" in p for p in problems)
    assert any("exactamente las claves" in p for p in problems)


def test_sha_mismatch_and_size(tmp_path, monkeypatch):
    monkeypatch.setattr(validate, "MIN_GAMES", 1)
    monkeypatch.setattr(validate, "MAX_GAMES_BYTES", 10)
    _write_games(tmp_path, [SCHOLAR], meta_extra={"sha256": "0" * 64})
    problems = _games_only(tmp_path)
    assert any("sha256" in p for p in problems)
    assert any("pesa" in p for p in problems)


def test_not_gzip(tmp_path):
    (tmp_path / validate.GAMES_FILE).write_bytes(b"esto no es gzip")
    (tmp_path / validate.GAMES_META).write_text(json.dumps({"command": "c", "engine": "e", "licence": "l", "sha256": ""}))
    problems = _games_only(tmp_path)
    assert any("gzip" in p for p in problems)


def test_missing_files(tmp_path):
    problems = validate.data_problems(tmp_path)
    assert any("Falta" in p and "partidas" in p for p in problems)
    assert any("Falta" in p and "course_tools decoder" in p for p in problems)


@needs_data
def test_shipped_data_is_valid():
    assert validate.data_problems() == []


@needs_data
def test_checkpoint_from_another_definition_is_caught(tmp_path):
    for name in (validate.GAMES_FILE, validate.GAMES_META, decoder.CHECKPOINT_FILE, decoder.CHECKPOINT_META):
        shutil.copy(DATA / name, tmp_path / name)
    notebook = tmp_path / "18.ipynb"
    nb = json.loads(decoder.NOTEBOOK.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if decoder.DEFINITION_TAG in cell.get("metadata", {}).get("tags", []) and "CONFIG = " in "".join(cell["source"]):
            cell["source"] = "".join(cell["source"]).replace("n_layer=4", "n_layer=3")
    notebook.write_text(json.dumps(nb), encoding="utf-8")
    problems = validate._checkpoint_problems(tmp_path, notebook)
    assert any("otra definición" in p and "python -m course_tools decoder" in p for p in problems)
    assert any("CONFIG" in p for p in problems)


@needs_data
def test_checkpoint_with_a_missing_key_is_caught(tmp_path):
    import torch

    for name in (validate.GAMES_FILE, decoder.CHECKPOINT_META):
        shutil.copy(DATA / name, tmp_path / name)
    state = torch.load(DATA / decoder.CHECKPOINT_FILE, weights_only=True)
    state.pop("ln_f.bias")
    torch.save(state, tmp_path / decoder.CHECKPOINT_FILE)
    problems = validate._checkpoint_problems(tmp_path, decoder.NOTEBOOK)
    assert any("ln_f.bias" in p and "faltan" in p for p in problems)
    assert any("sha256" in p for p in problems)


def test_the_replay_is_remembered_by_content_only(tmp_path, monkeypatch):
    """Un fichero ya repasado sin problemas no se repasa otra vez; con una letra cambiada, sí."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(validate, "MIN_GAMES", 1)
    replays = []
    real = validate._replay_all
    monkeypatch.setattr(validate, "_replay_all", lambda records: replays.append(len(records)) or real(records))
    _write_games(tmp_path, [SCHOLAR] * 2)
    assert _games_only(tmp_path) == [] and _games_only(tmp_path) == []
    assert replays == [2]                                   # la segunda vez, de la caché
    _write_games(tmp_path, [SCHOLAR, dict(SCHOLAR, uci="e2e4 e7e5 e1e3")])
    assert any("ilegal" in p for p in _games_only(tmp_path)) and replays == [2, 2]
    assert any("ilegal" in p for p in _games_only(tmp_path)) and replays == [2, 2, 2]   # lo roto no se recuerda
