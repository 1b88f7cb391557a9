"""El lienzo de los dibujos de tensores (``draw``): cuadrículas de celdas colocadas de izquierda a derecha,
con sus colores, sus rótulos y «…» donde una dimensión es larga.

matplotlib se importa al dibujar (``pyplot``): ``import rukh_helpers`` sigue siendo ligero.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import torch

MAX_WIDTH_INCHES = 9.0  # el ancho útil de una celda de Colab
CELL_INCHES = 0.42
FACE = "#dbe4ee"  # celda normal
EDGE = "#4a5568"
TEXT = "#1a202c"
PICKED = "#f6ad55"  # celda elegida por un índice
TRUE_FACE, FALSE_FACE = "#68d391", "#ffffff"
NEG_INF_FACE = "#2d3748"
HEAD_COLORS = ("#90cdf4", "#fbb6ce", "#9ae6b4", "#fbd38d", "#d6bcfa", "#feb2b2", "#b2f5ea", "#e2e8f0")
TITLE_CHAR_CELLS = 0.2  # ancho aproximado (en celdas) de un carácter del título de un tensor
PANEL_HEADER = 1.9  # alto (en celdas) de la cabecera de un panel: rótulo, nombre de la dimensión, índices
SYMBOLS = {"-": "−", "*": "×", "/": "÷"}


def pyplot():
    import matplotlib.pyplot as plt  # import tardío: importar rukh_helpers sigue siendo ligero

    return plt


# --- comprobaciones de entrada, con mensajes en castellano ------------------------------------------


def as_tensor(x: Any, what: str = "el tensor") -> torch.Tensor:
    if type(x).__module__ == "numpy" and type(x).__name__ == "ndarray":  # los arrays de NumPy (cuaderno 02) también
        x = torch.from_numpy(x)
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"{what}: esperaba un tensor de PyTorch o un array de NumPy, pero es {type(x).__name__}.")
    if not 1 <= x.dim() <= 4:
        raise ValueError(f"{what}: sé dibujar tensores de 1 a 4 dimensiones; este tiene forma {tuple(x.shape)}.")
    if x.numel() == 0:
        raise ValueError(f"{what}: está vacío (forma {tuple(x.shape)}); no hay nada que dibujar.")
    return x.detach().cpu()


def dim_names(names: Sequence[str] | None, x: torch.Tensor) -> tuple[str, ...]:
    if names is None:
        return tuple(f"dim {k}" for k in range(x.dim()))
    if len(names) != x.dim():
        raise ValueError(
            f"names tiene {len(names)} nombres, pero el tensor tiene {x.dim()} dimensiones (forma {tuple(x.shape)})."
        )
    return tuple(str(n) for n in names)


# --- qué celdas se ven: los extremos de cada dimensión y «…» en medio --------------------------------


def kept_indices(size: int, edgeitems: int) -> list[int | None]:
    """Los índices que se dibujan de una dimensión de tamaño ``size``; None es la marca «…»."""
    if size <= 2 * edgeitems + 1:
        return list(range(size))
    return list(range(edgeitems)) + [None] + list(range(size - edgeitems, size))


def cell_text(value: Any) -> str:
    """El texto de una celda: enteros tal cual, booleanos T/F, coma flotante con dos decimales, ±∞."""
    if isinstance(value, bool):
        return "T" if value else "F"
    if isinstance(value, int):
        return str(value)
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "−∞" if value < 0 else "∞"
    return f"{value:.2f}" if abs(value) < 100 else f"{value:.0f}"


def face_of(value: Any) -> str:
    if isinstance(value, bool):
        return TRUE_FACE if value else FALSE_FACE
    if isinstance(value, float) and math.isinf(value) and value < 0:
        return NEG_INF_FACE
    return FACE


# --- el lienzo: cuadrículas colocadas de izquierda a derecha, en unidades de celda -------------------


@dataclass
class Style:
    """Cómo pintar las celdas de un tensor: colores propios, celdas elegidas y celdas fantasma."""

    colors: torch.Tensor | None = None  # índice de color por celda (cabezas, posiciones en memoria)
    palette: Sequence[str] = HEAD_COLORS
    picked: torch.Tensor | None = None  # bool: celdas marcadas
    ghost: torch.Tensor | None = None  # bool: copias estiradas que no existen en memoria


@dataclass
class Canvas:
    """Un eje de matplotlib en el que cada celda mide 1 × 1; ``place`` coloca un tensor a la derecha del anterior."""

    items: list[Callable[[Any, float], None]] = field(default_factory=list)
    width: float = 0.0
    height: float = 0.0

    def _add(self, width: float, height: float, draw: Callable[[Any, float], None]) -> None:
        x0 = self.width + (1.0 if self.items else 0.0)
        self.items.append(lambda ax, scale, x0=x0, draw=draw: draw(ax, x0, scale))
        self.width = x0 + width
        self.height = max(self.height, height)

    def place(self, x: torch.Tensor, title: str, names: tuple[str, ...], style: Style, edgeitems: int) -> None:
        panels = slices(x, names, edgeitems)
        rows = kept_indices(x.shape[-2], edgeitems) if x.dim() >= 2 else [0]
        cols = kept_indices(x.shape[-1], edgeitems)
        header = PANEL_HEADER if x.dim() >= 3 else PANEL_HEADER - 0.7
        panel_w, panel_h = len(cols) + 1.4, len(rows) + header + 0.3
        grid_cols = max(len(p[1]) for p in panels) if x.dim() == 4 else len(panels)
        grid_rows = len(panels) if x.dim() == 4 else 1
        longest = max(len(line) for line in title.split("\n"))
        width, height = max(grid_cols * panel_w, longest * TITLE_CHAR_CELLS), grid_rows * panel_h + 1.0

        def draw(ax, x0, scale):
            ax.text(x0 + width / 2, 0.4, title, ha="center", va="center", fontsize=10 * scale, color=TEXT, weight="bold")
            for r, (_, entries) in enumerate(panels if x.dim() == 4 else [(None, panels)]):
                for c, (label, prefix) in enumerate(entries):
                    top = 1.0 + r * panel_h + header
                    if prefix is None:  # una dimensión delantera elidida: un «…» entre paneles
                        ax.text(x0 + c * panel_w + panel_w / 2, top + len(rows) / 2, "…", ha="center",
                                va="center", fontsize=16 * scale, color=TEXT)
                        continue
                    draw_panel(ax, x, prefix, rows, cols, names, style, x0 + c * panel_w + 1.2, top, label, scale)

        self._add(width, height, draw)

    def symbol(self, text: str) -> None:
        def draw(ax, x0, scale):
            ax.text(x0 + 0.6, (self.height + 1.0) / 2, SYMBOLS.get(text, text), ha="center", va="center",
                    fontsize=18 * scale, color=TEXT)

        self._add(1.2, 0.0, draw)

    def figure(self, title: str | None = None):
        """La figura, del tamaño justo: una celda mide CELL_INCHES salvo que no quepa en MAX_WIDTH_INCHES."""
        plt = pyplot()
        top = -1.2 if title else 0.0
        width, height = self.width + 1.0, self.height - top + 0.3
        inches = min(CELL_INCHES, MAX_WIDTH_INCHES / width)
        scale = inches / CELL_INCHES
        fig = plt.figure(figsize=(width * inches, height * inches), facecolor="white")
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_facecolor("white")
        for item in self.items:
            item(ax, scale)
        if title:
            ax.text(width / 2 - 0.5, top + 0.6, title, ha="center", va="center", fontsize=11 * scale, color=TEXT)
        ax.set_xlim(-0.5, width - 0.5)
        ax.set_ylim(self.height + 0.3, top)
        ax.axis("off")
        plt.close(fig)  # se muestra una vez, como resultado de la celda, y no otra más al terminarla
        return fig


def slices(x: torch.Tensor, names: tuple[str, ...], edgeitems: int):
    """Los cortes 2-D de un tensor: (rótulo, índices delanteros) por panel; None en lugar de «…»."""
    if x.dim() <= 2:
        return [(None, ())]
    if x.dim() == 3:
        return [(None, None) if i is None else (f"{names[0]} = {i}", (i,)) for i in kept_indices(x.shape[0], edgeitems)]
    rows = []
    for i in kept_indices(x.shape[0], edgeitems):
        entries = []
        for j in kept_indices(x.shape[1], edgeitems):
            ok = i is not None and j is not None
            entries.append((f"{names[0]} = {i}, {names[1]} = {j}", (i, j)) if ok else (None, None))
        rows.append((i, entries))
    return rows


def draw_panel(ax, x, prefix, rows, cols, names, style: Style, left, top, label, scale) -> None:
    from matplotlib.patches import Rectangle

    if label:
        ax.text(left + len(cols) / 2, top - 1.55, label, ha="center", va="center", fontsize=9 * scale, color=TEXT)
    ax.text(left + len(cols) / 2, top - 0.95, f"{names[-1]} →", ha="center", va="center", fontsize=8 * scale, color=EDGE)
    if x.dim() >= 2:
        ax.text(left - 1.0, top + len(rows) / 2, f"{names[-2]} ↓", ha="center", va="center", rotation=90,
                fontsize=8 * scale, color=EDGE)
    for r, i in enumerate(rows):
        if x.dim() >= 2:
            ax.text(left - 0.2, top + r + 0.5, "…" if i is None else str(i), ha="right", va="center",
                    fontsize=7 * scale, color=EDGE)
        for c, j in enumerate(cols):
            if r == 0:
                ax.text(left + c + 0.5, top - 0.35, "…" if j is None else str(j), ha="center", va="center",
                        fontsize=7 * scale, color=EDGE)
            if i is None or j is None:
                ax.text(left + c + 0.5, top + r + 0.5, "…", ha="center", va="center", fontsize=9 * scale, color=EDGE)
                continue
            index = prefix + ((i, j) if x.dim() >= 2 else (j,))
            value = x[index].item()
            face = face_of(value)
            if style.colors is not None:
                face = style.palette[int(style.colors[index]) % len(style.palette)]
            if style.picked is not None and bool(style.picked[index]):
                face = PICKED
            ghost = style.ghost is not None and bool(style.ghost[index])
            ax.add_patch(Rectangle((left + c, top + r), 1, 1, facecolor=face, edgecolor=EDGE,
                                   linewidth=0.8, linestyle="--" if ghost else "-", alpha=0.35 if ghost else 1.0))
            color = "white" if face == NEG_INF_FACE else TEXT
            text = cell_text(value)
            ax.text(left + c + 0.5, top + r + 0.5, text, ha="center", va="center",
                    fontsize=(7 if len(text) > 5 else 9) * scale, color=color, alpha=0.45 if ghost else 1.0)


def shape_text(x: torch.Tensor) -> str:
    return str(tuple(x.shape))
