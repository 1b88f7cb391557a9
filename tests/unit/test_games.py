"""Pruebas de rukh_helpers.games: partidas de juguete y partidas clásicas.

python-chess solo se usa aquí, para comprobar que cada partida del JSON es
legal y que sus formas SAN y UCI dicen lo mismo.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import json
import re
from pathlib import Path

import chess
import pytest

from rukh_helpers import games
from rukh_helpers.games import TOY_GAMES, ClassicGame, classic_game, classic_games, toy_games

GAMES_PY = Path(games.__file__)
DATA_JSON = GAMES_PY.parent / "data" / "classic_games.json"

# Las claves documentadas, escritas a mano a propósito: si alguien cambia
# GAME_KEYS en el módulo, esta prueba debe enterarse.
DOCUMENTED_KEYS = {
    "slug",
    "white",
    "black",
    "year",
    "event",
    "result",
    "white_elo",
    "black_elo",
    "note",
    "san",
    "uci",
}

EXPECTED_TOY_GAMES = (
    ("e2e4", "e7e5", "g1f3", "b8c6", "f1b5"),
    ("e2e4", "e7e5", "g1f3", "b8c6", "f1c4"),
    ("e2e4", "c7c5", "g1f3", "d7d6", "d2d4"),
    ("d2d4", "d7d5", "c2c4", "e7e6", "b1c3"),
)


def _raw_records() -> list[dict]:
    return json.loads(DATA_JSON.read_text(encoding="utf-8"))


def _good_record() -> dict:
    """Un registro válido y pequeño para las pruebas de validación."""
    return {
        "slug": "prueba",
        "white": "Blancas",
        "black": "Negras",
        "year": 1900,
        "event": "Prueba",
        "result": "0-1",
        "white_elo": 800,
        "black_elo": 1200,
        "note": "Solo para las pruebas.",
        "san": ["f3", "e5", "g4", "Qh4#"],
        "uci": ["f2f3", "e7e5", "g2g4", "d8h4"],
    }


def _replay(game: ClassicGame) -> chess.Board:
    board = chess.Board()
    for ply, uci in enumerate(game.uci, start=1):
        move = chess.Move.from_uci(uci)
        assert move in board.legal_moves, f"{game.slug}: la jugada {ply} ({uci}) es ilegal"
        board.push(move)
    return board


ALL_GAMES = classic_games()
GAME_IDS = [game.slug for game in ALL_GAMES]


# --- Partidas de juguete ---------------------------------------------------


def test_toy_games_constant_is_exactly_the_lesson_games():
    assert TOY_GAMES == EXPECTED_TOY_GAMES


def test_toy_games_returns_fresh_lists_equal_to_constant():
    first = toy_games()
    assert first == [list(game) for game in TOY_GAMES]
    assert all(type(game) is list for game in first)
    first[0].append("e1e2")
    first.pop()
    second = toy_games()
    assert second == [list(game) for game in TOY_GAMES]
    assert TOY_GAMES == EXPECTED_TOY_GAMES
    assert second[0] is not first[0]


@pytest.mark.parametrize("game", TOY_GAMES, ids=lambda game: " ".join(game))
def test_toy_games_are_legal(game):
    board = chess.Board()
    for uci in game:
        move = chess.Move.from_uci(uci)
        assert move in board.legal_moves
        board.push(move)


# --- El JSON tal cual ------------------------------------------------------


def test_there_are_at_least_14_classic_games():
    assert len(ALL_GAMES) >= 14
    assert len(_raw_records()) == len(ALL_GAMES)


def test_slugs_are_unique_short_ascii():
    slugs = [record["slug"] for record in _raw_records()]
    assert len(slugs) == len(set(slugs))
    for slug in slugs:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", slug), slug
        assert len(slug) <= 40


def test_module_keys_match_documented_keys():
    assert set(games.GAME_KEYS) == DOCUMENTED_KEYS
    assert len(games.GAME_KEYS) == len(DOCUMENTED_KEYS)


@pytest.mark.parametrize("record", _raw_records(), ids=lambda record: record.get("slug", "?"))
def test_record_has_exactly_documented_keys_and_sane_types(record):
    assert set(record) == DOCUMENTED_KEYS
    for key in ("slug", "white", "black", "event", "note"):
        assert isinstance(record[key], str) and record[key].strip(), key
    assert record["result"] in {"1-0", "0-1", "1/2-1/2"}
    for key in ("year", "white_elo", "black_elo"):
        assert type(record[key]) is int, key
    assert 1400 <= record["year"] <= 2100
    for key in ("white_elo", "black_elo"):
        assert 600 <= record[key] <= 3200, key
        assert record[key] % 10 == 0, key
    for key in ("san", "uci"):
        assert isinstance(record[key], list) and record[key], key
        assert all(isinstance(move, str) for move in record[key]), key
    assert all(re.fullmatch(r"[a-h][1-8][a-h][1-8][qrbn]?", move) for move in record["uci"])


# --- Cada partida clásica con python-chess ---------------------------------


@pytest.mark.parametrize("game", ALL_GAMES, ids=GAME_IDS)
def test_classic_game_replays_legally(game):
    board = _replay(game)
    assert len(board.move_stack) == len(game.uci)


@pytest.mark.parametrize("game", ALL_GAMES, ids=GAME_IDS)
def test_san_and_uci_agree_move_by_move(game):
    assert len(game.san) == len(game.uci)
    board = chess.Board()
    for ply, (san, uci) in enumerate(zip(game.san, game.uci), start=1):
        move = board.parse_san(san)
        assert move.uci() == uci, f"{game.slug}, jugada {ply}: {san} es {move.uci()}, no {uci}"
        board.push(move)


@pytest.mark.parametrize("game", ALL_GAMES, ids=GAME_IDS)
def test_result_agrees_with_final_position(game):
    board = _replay(game)
    if board.is_checkmate():
        # Tras el mate le toca mover al bando que lo recibe.
        expected = "0-1" if board.turn == chess.WHITE else "1-0"
        assert game.result == expected
        assert game.san[-1].endswith("#")
    else:
        assert not game.san[-1].endswith("#")
        if board.is_stalemate():
            assert game.result == "1/2-1/2"


# Resultados históricos de las partidas que no acaban en mate (abandono o
# tablas): python-chess no puede deducirlos del tablero, así que se fijan aquí.
HISTORICAL_RESULTS = {
    "kasparov-topalov-1999": "1-0",
    "deep-blue-kasparov-1997": "1-0",
    "lasker-bauer-1889": "1-0",
    "rotlewi-rubinstein-1907": "0-1",
    "karpov-kasparov-1985-16": "0-1",
    "hamppe-meitner-1872": "1/2-1/2",
}


def test_games_without_mate_keep_their_historical_result():
    without_mate = {
        game.slug: game.result for game in ALL_GAMES if not _replay(game).is_checkmate()
    }
    assert without_mate == HISTORICAL_RESULTS


def _features() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {
        "underpromotion": [],
        "en_passant": [],
        "kingside_castle": [],
        "queenside_castle": [],
    }
    for game in ALL_GAMES:
        board = chess.Board()
        for uci in game.uci:
            move = chess.Move.from_uci(uci)
            if move.promotion is not None and move.promotion != chess.QUEEN:
                found["underpromotion"].append(game.slug)
            if board.is_en_passant(move):
                found["en_passant"].append(game.slug)
            if board.is_kingside_castling(move):
                found["kingside_castle"].append(game.slug)
            if board.is_queenside_castling(move):
                found["queenside_castle"].append(game.slug)
            board.push(move)
    return found


@pytest.mark.parametrize(
    "feature", ["underpromotion", "en_passant", "kingside_castle", "queenside_castle"]
)
def test_required_feature_appears_in_the_set(feature):
    assert _features()[feature], f"ninguna partida tiene {feature}"


def test_castling_is_stored_king_from_king_to():
    castling_squares = {"e1g1", "e1c1", "e8g8", "e8c8"}
    castles = {uci for game in ALL_GAMES for uci in game.uci if uci in castling_squares}
    assert {"e1g1", "e1c1"} <= castles


# --- La API de las partidas clásicas ---------------------------------------


def test_classic_games_returns_fresh_list_of_the_same_games():
    first = classic_games()
    first.clear()
    second = classic_games()
    assert len(second) == len(ALL_GAMES)
    assert second == ALL_GAMES
    assert all(isinstance(game, ClassicGame) for game in second)


def test_classic_game_finds_by_slug():
    opera = classic_game("opera-1858")
    assert opera.white == "Paul Morphy"
    assert opera.year == 1858
    assert opera.result == "1-0"
    assert opera.uci[:3] == ("e2e4", "e7e5", "g1f3")
    assert opera.san[-1] == "Rd8#"
    assert opera in classic_games()


def test_classic_game_unknown_slug_lists_valid_slugs():
    expected = r"No hay ninguna partida con el slug 'no-existe'\. Los slugs válidos son: "
    with pytest.raises(ValueError, match=expected) as info:
        classic_game("no-existe")
    message = str(info.value)
    for slug in GAME_IDS:
        assert slug in message


def test_classic_game_is_frozen_and_moves_is_a_new_list():
    game = classic_game("mate-del-loco")
    moves = game.moves
    assert moves == ["f2f3", "e7e5", "g2g4", "d8h4"]
    moves.append("e1f2")
    assert game.moves == ["f2f3", "e7e5", "g2g4", "d8h4"]
    assert game.moves is not game.moves
    assert isinstance(game.uci, tuple) and isinstance(game.san, tuple)
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.result = "1-0"  # type: ignore[misc]


def test_str_is_a_short_spanish_summary():
    text = str(classic_game("opera-1858"))
    assert text == (
        "Paul Morphy – Duque de Brunswick y conde Isouard "
        "(París, ópera italiana, 1858), 1-0, 33 medias jugadas"
    )


# --- Validación del JSON -----------------------------------------------------


def test_valid_record_becomes_a_classic_game():
    game = games._game_from_record(_good_record(), 0)
    assert game.slug == "prueba"
    assert game.uci == ("f2f3", "e7e5", "g2g4", "d8h4")
    assert game.san == ("f3", "e5", "g4", "Qh4#")


def test_missing_key_names_game_and_key():
    record = _good_record()
    del record["year"]
    expected = r"A la partida «prueba» \(posición 3\) le falta la clave 'year'\."
    with pytest.raises(ValueError, match=expected):
        games._game_from_record(record, 3)


def test_several_missing_keys_are_all_named():
    record = _good_record()
    del record["white_elo"]
    del record["note"]
    with pytest.raises(ValueError, match=r"le faltan las claves 'white_elo', 'note'\."):
        games._game_from_record(record, 0)


def test_missing_slug_names_game_by_position():
    record = _good_record()
    del record["slug"]
    expected = r"A la partida en la posición 7 le falta la clave 'slug'\."
    with pytest.raises(ValueError, match=expected):
        games._game_from_record(record, 7)


def test_extra_key_is_named():
    record = _good_record()
    record["eco"] = "C41"
    expected = r"A la partida «prueba» \(posición 0\) le sobra la clave 'eco'\."
    with pytest.raises(ValueError, match=expected):
        games._game_from_record(record, 0)


def test_several_extra_keys_are_named():
    record = _good_record()
    record["eco"] = "C41"
    record["date"] = "1900.01.01"
    with pytest.raises(ValueError, match=r"le sobran las claves 'date', 'eco'\."):
        games._game_from_record(record, 0)


def test_record_that_is_not_an_object_is_rejected():
    expected = r"debe ser un objeto JSON; la partida en la posición 2 es de tipo list"
    with pytest.raises(ValueError, match=expected):
        games._game_from_record(["e2e4"], 2)


def test_unknown_result_is_rejected():
    record = _good_record()
    record["result"] = "1-1"
    expected = r"La partida «prueba» \(posición 0\) tiene el resultado '1-1'"
    with pytest.raises(ValueError, match=expected):
        games._game_from_record(record, 0)


def test_san_and_uci_of_different_length_are_rejected():
    record = _good_record()
    record["uci"] = record["uci"][:-1]
    with pytest.raises(ValueError, match=r"tiene 4 jugadas en SAN y 3 en UCI"):
        games._game_from_record(record, 0)


def test_parse_games_needs_a_list():
    with pytest.raises(ValueError, match=r"debe contener una lista de partidas"):
        games._parse_games({"slug": "prueba"})


def test_parse_games_rejects_duplicate_slugs():
    with pytest.raises(ValueError, match=r"El slug 'prueba' aparece más de una vez"):
        games._parse_games([_good_record(), _good_record()])


@pytest.fixture
def fresh_loader():
    """Vacía la caché del cargador antes y después de la prueba."""
    games._load_games.cache_clear()
    yield
    games._load_games.cache_clear()


def test_loader_reports_bad_record_in_spanish(monkeypatch, fresh_loader):
    broken = copy.deepcopy(_raw_records())
    del broken[1]["note"]
    slug = broken[1]["slug"]
    monkeypatch.setattr(games, "_read_data_text", lambda: json.dumps(broken))
    expected = rf"A la partida «{slug}» \(posición 1\) le falta la clave 'note'"
    with pytest.raises(ValueError, match=expected):
        classic_games()


def test_loader_reads_the_packaged_file_once(monkeypatch, fresh_loader):
    calls = []
    real_read = games._read_data_text

    def counting_read() -> str:
        calls.append(1)
        return real_read()

    monkeypatch.setattr(games, "_read_data_text", counting_read)
    first = classic_games()
    classic_game("opera-1858")
    second = classic_games()
    assert len(calls) == 1
    assert first == second == ALL_GAMES


def test_packaged_text_is_the_json_file():
    assert games._read_data_text() == DATA_JSON.read_text(encoding="utf-8")


# --- Sin dependencias pesadas ---------------------------------------------


def test_games_module_imports_only_the_standard_library():
    tree = ast.parse(GAMES_PY.read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            imported.add((node.module or "").split(".")[0])
    assert imported <= {"__future__", "dataclasses", "functools", "gzip", "importlib", "json", "typing"}
    assert not imported & {"torch", "chess", "numpy", "nbgrader", "jupyter", "IPython"}
