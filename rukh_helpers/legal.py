"""¿Es legal la jugada que propone un modelo? python-chess lo dice, posición a posición.

``legal_predictions(moves, predicted)`` reproduce una partida desde la posición inicial y, antes
de cada jugada ``moves[k]``, mira si el token ``predicted[k]`` es una jugada legal en esa posición.
Un token que no es una jugada (``<eos>``, un tramo de Elo, un resultado…) cuenta como ilegal.
``replay(moves)`` da el tablero tras una partida, comprobando cada jugada (lo usan también los
tableros de ``plots``).
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .vocab import TOKENS

__all__ = ["legal_after", "legal_predictions", "replay"]


def _as_move(token: str):
    import chess

    if token.startswith("<"):
        return None
    try:
        return chess.Move.from_uci(token)
    except ValueError:
        return None


def replay(moves: Sequence[str]):
    """El ``chess.Board`` tras jugar ``moves`` (UCI) desde la posición inicial.

    Una jugada que no está en formato UCI o que es ilegal lanza ``ValueError`` con su número y, si es
    ilegal, la posición en FEN.
    """
    import chess

    board = chess.Board()
    for number, uci in enumerate(moves, start=1):
        try:
            move = chess.Move.from_uci(uci)
        except (chess.InvalidMoveError, ValueError) as err:
            raise ValueError(f"La jugada {number} ({uci!r}) no está en formato UCI, p. ej. 'e2e4'.") from err
        if move not in board.legal_moves:
            raise ValueError(f"La jugada {number} ({uci!r}) es ilegal en la posición {board.fen()}.")
        board.push(move)
    return board


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
    move = _as_move(TOKENS[int(token)])
    return move is not None and replay(moves).is_legal(move)
