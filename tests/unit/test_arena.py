"""rukh_helpers.arena: partidas en lote, adjudicación por material e intervalo de Wilson."""

import chess
import pytest

from rukh_helpers.arena import Game, material, outcome_table, play_match, random_policy, score, wilson


def test_wilson_matches_the_textbook_value():
    low, high = wilson(0.5, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    low, high = wilson(0.0, 10)
    assert low == pytest.approx(0.0, abs=1e-12) and round(high, 4) == 0.2775


def test_a_batch_of_games_moves_together_and_alternates_colours():
    lengths = []

    def policy(boards, histories):
        lengths.append({len(h) for h in histories})
        for board, history in zip(boards, histories):
            assert board.move_stack == [chess.Move.from_uci(m) for m in history]
        return [next(iter(board.legal_moves)).uci() for board in boards]

    games = play_match(policy, 6, seed=3, max_plies=12)
    assert all(len(seen) == 1 for seen in lengths)          # una pasada: todas con la misma longitud
    assert [g.white for g in games] == [True, False] * 3
    assert all(len(g.moves) <= 12 for g in games)
    assert {g.ending for g in games} <= {"adjudicada", "checkmate", "stalemate", "insufficient_material",
                                         "fivefold_repetition", "seventyfive_moves"}


def test_adjudication_needs_three_points_of_material():
    board = chess.Board()
    assert material(board, chess.WHITE) == material(board, chess.BLACK) == 39
    games = play_match(random_policy(1), 40, seed=2)
    for g in games:
        if g.ending == "adjudicada":
            lead = (g.material[0] - g.material[1]) * (1 if g.white else -1)
            assert g.points == (1.0 if lead >= 3 else 0.0 if lead <= -3 else 0.5)
    assert 0.0 <= score(games) <= 1.0


def test_the_same_seeds_give_the_same_games():
    first = play_match(random_policy(5), 4, seed=9, max_plies=20)
    again = play_match(random_policy(5), 4, seed=9, max_plies=20)
    assert first == again


def test_outcome_table_counts_by_colour():
    games = [Game(True, (), 1.0, "adjudicada", (39, 30)), Game(False, (), 0.5, "adjudicada", (39, 39)),
             Game(False, (), 0.0, "checkmate", (39, 39))]
    lines = outcome_table(games).splitlines()
    assert lines[1].split() == ["con", "blancas", "1", "0", "0", "1.0", "/", "1"]
    assert lines[2].split() == ["con", "negras", "0", "1", "1", "0.5", "/", "2"]
    assert lines[3].split() == ["total", "1", "1", "1", "1.5", "/", "3"]


def test_a_policy_that_skips_games_is_refused():
    with pytest.raises(ValueError, match="jugadas para"):
        play_match(lambda boards, histories: [], 2, seed=0)


def test_the_teachers_arena_measures_with_the_notebooks_cells_and_records_it(tmp_path):
    """``course_tools.data.arena``: mide con las celdas del 19 y apunta lo medido en una ficha."""
    import json

    import torch

    from course_tools.data import arena

    namespace = arena.load_player()
    config = dict(namespace["CONFIG"], d=8, n_head=2, n_layer=1)
    torch.manual_seed(0)
    state = namespace["MoveDecoder"](**config).state_dict()
    found = arena.measure(namespace, config, state, 4, seed=3)
    assert found["games"] == 4 and found["low"] <= found["score"] <= found["high"]
    assert 0.0 <= found["raw_legal"] <= 1.0 and "total" in found["table"]
    assert arena.measure(namespace, config, state, 4, seed=3) == found          # la misma semilla, lo mismo
    meta = tmp_path / "ficha.json"
    meta.write_text(json.dumps({"command": "x"}), encoding="utf-8")
    rungs = [{"steps": 1, "score": 0.5}]
    arena.record(meta, found, rungs)
    written = json.loads(meta.read_text(encoding="utf-8"))
    assert written["command"] == "x" and written["strength"] == rungs
    assert written["arena"]["score"] == found["score"] and "table" not in written["arena"]
    # El peldaño del checkpoint del paquete sale de su ficha y de lo medido, sin entrenar otra vez.
    shipped = {"training": {"steps": 1500}, "train_tokens": 98, "val_loss": 3.7}
    assert arena.rung(shipped, found) == {"steps": 1500, "train_tokens": 98, "val_loss": 3.7, "games": 4,
                                          **{k: found[k] for k in ("score", "low", "high", "raw_legal")}}
