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
