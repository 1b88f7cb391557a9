"""Partidas en lote contra un rival al azar, adjudicadas por material, y su puntuación con intervalo.

``play_match(policy, n_games, seed)`` juega ``n_games`` partidas a la vez, la mitad con cada color
para quien juega con ``policy`` (las pares con blancas), contra un rival que elige al azar entre las
legales con un ``random.Random(seed)``. Todas avanzan una media jugada por pasada: en cada pasada,
``policy(boards, histories)`` recibe **juntas** las partidas vivas en las que le toca y devuelve una
jugada UCI para cada una (así un modelo las calcula con una sola pasada hacia delante, en lote: todas
tienen la misma longitud). Una partida acaba cuando python-chess dice que ha terminado o a las
``max_plies`` medias jugadas; ahí gana quien tenga al menos ``LEAD`` puntos más de material, y si no,
tablas.

``random_policy(seed)`` es el mismo rival al azar, para medir con las mismas reglas el azar contra el
azar: la referencia con la que se compara un modelo. ``wilson`` da el intervalo del 95 %.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Callable, Sequence

__all__ = ["Game", "LEAD", "material", "outcome_table", "play_match", "random_policy", "score", "wilson"]

LEAD = 3
"""Puntos de material de ventaja con los que se adjudica una partida que llega al límite."""


def _pieces():
    import chess

    return {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}


@dataclass(frozen=True)
class Game:
    """Una partida acabada: el color de ``policy`` (True: blancas), sus jugadas, sus puntos (1, ½ o 0),
    cómo acabó (``checkmate``, ``stalemate``… o ``adjudicada``) y el material final de cada bando."""

    white: bool
    moves: tuple[str, ...]
    points: float
    ending: str
    material: tuple[int, int]


def material(board, colour) -> int:
    """Los puntos de material de un bando (peón 1, caballo y alfil 3, torre 5, dama 9)."""
    return sum(value * len(board.pieces(piece, colour)) for piece, value in _pieces().items())


def _finish(board, white: bool, moves: list[str]) -> Game:
    import chess

    final = (material(board, chess.WHITE), material(board, chess.BLACK))
    if board.is_game_over():
        outcome = board.outcome()
        points = 0.5 if outcome.winner is None else float(outcome.winner == white)
        return Game(white, tuple(moves), points, outcome.termination.name.lower(), final)
    lead = (final[0] - final[1]) * (1 if white else -1)
    points = 1.0 if lead >= LEAD else 0.0 if lead <= -LEAD else 0.5
    return Game(white, tuple(moves), points, "adjudicada", final)


def random_policy(seed: int) -> Callable:
    """Un jugador que elige al azar entre las legales, con su propio ``random.Random(seed)``."""
    rng = random.Random(seed)
    return lambda boards, histories: [rng.choice(list(board.legal_moves)).uci() for board in boards]


def play_match(policy: Callable, n_games: int, seed: int, max_plies: int = 80) -> list[Game]:
    """``n_games`` partidas en lote de ``policy`` contra el rival al azar; las pares, con blancas."""
    import chess

    if n_games < 1:
        raise ValueError(f"play_match necesita al menos una partida; recibió n_games={n_games}.")
    opponent = random_policy(seed)
    boards = [chess.Board() for _ in range(n_games)]
    histories: list[list[str]] = [[] for _ in range(n_games)]
    whites = [number % 2 == 0 for number in range(n_games)]
    for _ in range(max_plies):
        alive = [i for i, board in enumerate(boards) if not board.is_game_over()]
        if not alive:
            break
        own_turn = {i: boards[i].turn == whites[i] for i in alive}   # antes de jugar nada en esta pasada
        for own in (True, False):
            group = [i for i in alive if own_turn[i] == own]
            if not group:
                continue
            chooser = policy if own else opponent
            chosen = chooser([boards[i] for i in group], [histories[i] for i in group])
            if len(chosen) != len(group):
                raise ValueError(f"La política devolvió {len(chosen)} jugadas para {len(group)} partidas.")
            for i, uci in zip(group, chosen):
                boards[i].push_uci(uci)
                histories[i].append(uci)
    return [_finish(board, white, moves) for board, white, moves in zip(boards, whites, histories)]


def score(games: Sequence[Game]) -> float:
    """La puntuación: los puntos (1 ganada, ½ tablas, 0 perdida) entre el número de partidas."""
    return sum(g.points for g in games) / len(games)


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """El intervalo de Wilson (95 % con z = 1.96) de una proporción ``share`` medida en ``n`` ensayos.

    Con tablas (½ punto) la puntuación no es una proporción de aciertos; tratarla como tal da un
    intervalo algo más ancho de lo necesario, nunca más estrecho.
    """
    if n < 1:
        raise ValueError("wilson necesita al menos un ensayo.")
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def outcome_table(games: Sequence[Game]) -> str:
    """Ganadas, tablas, perdidas y puntos, con blancas, con negras y en total, como texto."""
    lines = [f"{'':14}{'ganadas':>8}{'tablas':>8}{'perdidas':>9}{'puntos':>13}"]
    for name, side in (("con blancas", True), ("con negras", False), ("total", None)):
        points = [g.points for g in games if side is None or g.white == side]
        wins, draws, losses = points.count(1.0), points.count(0.5), points.count(0.0)
        lines.append(f"{name:14}{wins:>8}{draws:>8}{losses:>9}{sum(points):>7} / {len(points)}")
    return "\n".join(lines)
