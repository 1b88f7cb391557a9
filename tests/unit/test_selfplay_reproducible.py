"""Las partidas de autojuego se pueden rehacer: la orden da, jugada a jugada, las del fichero."""

from __future__ import annotations

import shutil

import pytest

from course_tools.data import selfplay
from rukh_helpers.games import _load_selfplay

ENGINE = next(filter(None, map(shutil.which, selfplay.ENGINE_CANDIDATES)), None)


@pytest.mark.skipif(ENGINE is None, reason="sin Stockfish (apt-get install stockfish) no se puede rehacer")
@pytest.mark.parametrize("index", [419, 1983])  # dos de las más cortas: rehacerlas es rápido
def test_replaying_a_game_gives_the_shipped_one(index):
    shipped = _load_selfplay()[index]
    replayed = selfplay.play_game(ENGINE, index)
    assert replayed["white_elo"] == shipped.white_elo
    assert replayed["black_elo"] == shipped.black_elo
    assert replayed["result"] == shipped.result
    assert tuple(replayed["uci"].split()) == shipped.uci


def test_low_elo_tolerates_bigger_mistakes():
    assert selfplay.temperature(selfplay.ELO_RANGE[0]) == pytest.approx(200.0)
    assert selfplay.temperature(2600) < selfplay.temperature(1800) < selfplay.temperature(1000)
