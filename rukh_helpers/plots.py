"""Dibujos del curso: curva de pérdida, mapa de calor y tablero de ajedrez."""

from __future__ import annotations

from typing import Sequence

import torch


def _pyplot():
    import matplotlib.pyplot as plt  # import tardío: importar rukh_helpers sigue siendo ligero

    return plt


def plot_loss(losses: Sequence[float], floor: float | None = None, title: str = "Curva de pérdida", ax=None):
    """Dibuja la pérdida por paso y, si se da, una línea horizontal con el suelo de los datos."""
    values = [float(v) for v in losses]
    if not values:
        raise ValueError("plot_loss necesita al menos un valor de pérdida.")
    if ax is None:
        _, ax = _pyplot().subplots(figsize=(6, 3.5))
    ax.plot(range(len(values)), values, label="pérdida de entrenamiento", color="tab:blue")
    if floor is not None:
        ax.axhline(floor, linestyle="--", color="tab:red", label=f"suelo de los datos ({floor:.3f})")
    ax.set_title(title)
    ax.set_xlabel("paso")
    ax.set_ylabel("entropía cruzada")
    ax.grid(alpha=0.3)
    ax.legend()
    return ax


def plot_heatmap(
    matrix,
    title: str = "Mapa de calor",
    xlabel: str = "columna",
    ylabel: str = "fila",
    labels: Sequence[str] | None = None,
    ax=None,
):
    """Mapa de calor de una matriz 2D (una máscara, pesos de atención…), con barra de color."""
    data = torch.as_tensor(matrix).detach().cpu().float()
    if data.dim() != 2:
        raise ValueError(f"plot_heatmap necesita una matriz 2D; recibí forma {tuple(data.shape)}.")
    if ax is None:
        _, ax = _pyplot().subplots(figsize=(4.5, 4))
    image = ax.imshow(data.numpy(), cmap="viridis")
    ax.figure.colorbar(image, ax=ax)
    if labels is not None:
        ax.set_xticks(range(len(labels)), labels, rotation=90)
        ax.set_yticks(range(len(labels)), labels)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    return ax


ARROW_COLOURS = ("#15781Bcc", "#882020aa", "#003088aa", "#888888aa")  # la primera, verde; las demás, más tenues


def board_svg(moves: Sequence[str] | str = (), size: int = 280, arrows: Sequence[str] = ()) -> str:
    """SVG del tablero tras jugar ``moves`` (UCI) desde la posición inicial, con una flecha por cada
    jugada de ``arrows`` (UCI; la primera en verde; un token que no es una jugada, como ``<eos>``, no
    se dibuja).

    Una jugada ilegal lanza ``ValueError`` con su número y la posición en FEN.
    """
    import chess
    import chess.svg

    from .legal import _as_move, replay

    if isinstance(moves, str):
        moves = moves.split()
    board = replay(moves)
    last = board.peek() if board.move_stack else None
    drawn = []
    for n, uci in enumerate(arrows):
        move = _as_move(uci)
        if move is None:
            continue
        drawn.append(chess.svg.Arrow(move.from_square, move.to_square, color=ARROW_COLOURS[min(n, len(ARROW_COLOURS) - 1)]))
    return chess.svg.board(board, lastmove=last, arrows=drawn, size=size)


class Board:
    """Un tablero que Jupyter y Colab muestran como imagen: ``Board("e2e4 e7e5")``; con ``arrows``,
    una flecha por jugada propuesta: ``Board("e2e4", arrows=["e7e5", "c7c5"])``; con ``caption``, un
    pie de texto debajo: ``Board("e2e4", caption="tras 1. e4")``."""

    def __init__(self, moves: Sequence[str] | str = (), size: int = 280, arrows: Sequence[str] = (),
                 caption: str | None = None):
        self.moves = moves.split() if isinstance(moves, str) else list(moves)
        self.arrows = list(arrows)
        self.caption = caption
        self.svg = board_svg(self.moves, size, self.arrows)

    def __repr__(self) -> str:
        with_arrows = f", {len(self.arrows)} flechas" if self.arrows else ""
        with_caption = f": {self.caption}" if self.caption else ""
        return f"Board(tras {len(self.moves)} medias jugadas{with_arrows}){with_caption}"

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str | None:
        """Con pie, el tablero y su texto debajo; sin pie, nada (Jupyter usa entonces el SVG)."""
        if not self.caption:
            return None
        from html import escape

        return (f'<figure style="display:inline-block;margin:4px">{self.svg}'
                f'<figcaption style="text-align:center">{escape(self.caption)}</figcaption></figure>')
