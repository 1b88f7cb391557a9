"""¿Es legal la jugada que propone un modelo? python-chess lo dice, posición a posición.

``legal_predictions(moves, predicted)`` reproduce una partida desde la posición inicial y, antes
de cada jugada ``moves[k]``, mira si el token ``predicted[k]`` es una jugada legal en esa posición.
Un token que no es una jugada (``<eos>``, un tramo de Elo, un resultado…) cuenta como ilegal.
``board_with_arrows`` dibuja una posición con flechas para unas jugadas propuestas.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .vocab import TOKENS

__all__ = ["legal_after", "legal_predictions", "board_with_arrows"]


def _as_move(token: str):
    import chess

    if token.startswith("<"):
        return None
    try:
        return chess.Move.from_uci(token)
    except ValueError:
        return None


def legal_predictions(moves: Sequence[str], predicted: Iterable[int]) -> list[bool]:
    """Un bool por cada id de ``predicted``: ¿es legal ese token antes de la jugada ``moves[k]``?

    ``predicted`` puede ser más corto que ``moves`` (la ventana del modelo acaba antes), nunca más
    largo. Las jugadas de ``moves`` deben ser legales: son una partida de verdad.
    """
    import chess

    predicted = [int(i) for i in predicted]
    if len(predicted) > len(moves):
        raise ValueError(f"Hay {len(predicted)} predicciones y la partida solo tiene {len(moves)} jugadas.")
    board = chess.Board()
    legal = []
    for played, guess in zip(moves, predicted):
        move = _as_move(TOKENS[guess])
        legal.append(move is not None and board.is_legal(move))
        board.push_uci(played)
    return legal


def legal_after(moves: Sequence[str], token: int) -> bool:
    """¿Es el token ``token`` una jugada legal tras jugar ``moves`` (UCI) desde la posición inicial?"""
    import chess

    board = chess.Board()
    for uci in moves:
        board.push_uci(uci)
    move = _as_move(TOKENS[int(token)])
    return move is not None and board.is_legal(move)


class board_with_arrows:  # noqa: N801 (se muestra como una imagen, igual que plots.Board)
    """La posición tras ``moves`` con una flecha por cada jugada de ``arrows`` (UCI); Jupyter la dibuja."""

    def __init__(self, moves: Sequence[str], arrows: Sequence[str], size: int = 320):
        import chess
        import chess.svg

        board = chess.Board()
        for uci in moves:
            board.push_uci(uci)
        colours = ("#15781Bcc", "#882020aa", "#003088aa", "#888888aa")
        drawn = []
        for n, uci in enumerate(arrows):
            move = _as_move(uci)
            if move is not None:
                drawn.append(chess.svg.Arrow(move.from_square, move.to_square, color=colours[min(n, len(colours) - 1)]))
        self.moves, self.arrows = list(moves), list(arrows)
        self.svg = chess.svg.board(board, arrows=drawn, size=size)

    def __repr__(self) -> str:
        return f"Tablero tras {len(self.moves)} medias jugadas, con {len(self.arrows)} flechas"

    def _repr_svg_(self) -> str:
        return self.svg
