"""Dibujos de tensores: ver una operación de formas en vez de leerla.

Cada función devuelve una figura de matplotlib (escríbela como última línea de la celda para
verla), con fondo blanco (se lee igual en el tema claro y en el oscuro de Colab y JupyterLab) y,
como mucho, del ancho de una celda de Colab:

- ``draw_tensor``: un tensor de 1 a 4 dimensiones como una cuadrícula con sus valores, los
  nombres de sus dimensiones (B, T, d, H, D, V) y los índices; 3-D y 4-D como cortes apilados.
- ``draw_broadcast``: los dos operandos estirados (las copias, en fantasma: no existen en
  memoria) y el resultado.
- ``draw_selection``, ``draw_gather``, ``draw_argmax``: qué celdas elige un índice, una máscara,
  ``gather`` o ``argmax``, marcadas en el tensor de origen y colocadas en el resultado.
- ``draw_memory``: la memoria como una fila junto a la cuadrícula lógica, con los *strides*.
- ``draw_heads``: (T, d) → (H, T, D), las celdas coloreadas por cabeza.

matplotlib se importa dentro de cada función: ``import rukh_helpers`` sigue siendo ligero.
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
OPERATIONS: dict[str, Callable[[torch.Tensor, torch.Tensor], torch.Tensor]] = {
    "+": torch.add,
    "-": torch.sub,
    "*": torch.mul,
    "/": torch.div,
}


def _pyplot():
    import matplotlib.pyplot as plt  # import tardío: importar rukh_helpers sigue siendo ligero

    return plt


# --- comprobaciones de entrada, con mensajes en castellano ------------------------------------------


def _as_tensor(x: Any, what: str = "el tensor") -> torch.Tensor:
    if type(x).__module__ == "numpy" and type(x).__name__ == "ndarray":  # los arrays de NumPy (cuaderno 02) también
        x = torch.from_numpy(x)
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"{what}: esperaba un tensor de PyTorch o un array de NumPy, pero es {type(x).__name__}.")
    if not 1 <= x.dim() <= 4:
        raise ValueError(f"{what}: sé dibujar tensores de 1 a 4 dimensiones; este tiene forma {tuple(x.shape)}.")
    if x.numel() == 0:
        raise ValueError(f"{what}: está vacío (forma {tuple(x.shape)}); no hay nada que dibujar.")
    return x.detach().cpu()


def _names(names: Sequence[str] | None, x: torch.Tensor) -> tuple[str, ...]:
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


def _face(value: Any) -> str:
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
        panels = _panels(x, names, edgeitems)
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
                    _draw_panel(ax, x, prefix, rows, cols, names, style, x0 + c * panel_w + 1.2, top, label, scale)

        self._add(width, height, draw)

    def symbol(self, text: str) -> None:
        def draw(ax, x0, scale):
            ax.text(x0 + 0.6, (self.height + 1.0) / 2, SYMBOLS.get(text, text), ha="center", va="center",
                    fontsize=18 * scale, color=TEXT)

        self._add(1.2, 0.0, draw)

    def figure(self, title: str | None = None):
        """La figura, del tamaño justo: una celda mide CELL_INCHES salvo que no quepa en MAX_WIDTH_INCHES."""
        plt = _pyplot()
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


def _panels(x: torch.Tensor, names: tuple[str, ...], edgeitems: int):
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


def _draw_panel(ax, x, prefix, rows, cols, names, style: Style, left, top, label, scale) -> None:
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
            face = _face(value)
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


def _shape(x: torch.Tensor) -> str:
    return str(tuple(x.shape))


# --- lo que usan los cuadernos ----------------------------------------------------------------------


def draw_tensor(x, names: Sequence[str] | None = None, title: str | None = None, *, edgeitems: int | None = None,
                picked=None, colors=None):
    """Un tensor de 1 a 4 dimensiones como cuadrícula (3-D y 4-D: un panel por corte)."""
    x = _as_tensor(x)
    edge = edgeitems if edgeitems is not None else (3 if x.dim() <= 2 else 2)
    canvas = Canvas()
    canvas.place(x, title or f"forma {_shape(x)} · {str(x.dtype).removeprefix('torch.')}", _names(names, x),
                 Style(colors=colors, picked=picked), edge)
    return canvas.figure()


def _stretch(x: torch.Tensor, shape: torch.Size) -> tuple[torch.Tensor, torch.Tensor]:
    """``x`` estirado a ``shape`` y la máscara de sus celdas fantasma (las copias del estiramiento)."""
    view = x.reshape((1,) * (len(shape) - x.dim()) + tuple(x.shape))
    ghost = torch.zeros(shape, dtype=torch.bool)
    for dim, (own, full) in enumerate(zip(view.shape, shape)):
        if own == 1 and full > 1:
            index = torch.arange(full).view([-1 if k == dim else 1 for k in range(len(shape))])
            ghost |= index > 0
    return view.expand(shape), ghost


def draw_broadcast(a, b, op: str = "+", names: Sequence[str] | None = None, *, edgeitems: int = 3):
    """``a op b`` con broadcasting: los operandos estirados (en fantasma lo que no existe en memoria) y el resultado."""
    a, b = _as_tensor(a, "a"), _as_tensor(b, "b")
    if op not in OPERATIONS:
        raise ValueError(f"op debe ser una de {' '.join(OPERATIONS)}; recibí {op!r}.")
    try:
        shape = torch.broadcast_shapes(a.shape, b.shape)
    except RuntimeError:
        raise ValueError(
            f"las formas {_shape(a)} y {_shape(b)} no se pueden alinear por la derecha: "
            "en alguna dimensión los tamaños son distintos y ninguno es 1."
        ) from None
    result = OPERATIONS[op](a, b)
    out = _as_tensor(result, "el resultado")
    dims = _names(names, out)
    canvas = Canvas()
    for label, operand in (("a", a), ("b", b)):
        stretched, ghost = _stretch(operand, shape)
        canvas.place(stretched, f"{label} {_shape(operand)} → {tuple(shape)}", dims, Style(ghost=ghost), edgeitems)
        canvas.symbol(op if label == "a" else "=")
    canvas.place(out, f"resultado {tuple(shape)}", dims, Style(), edgeitems)
    return canvas.figure("En fantasma, las copias del estiramiento: no ocupan memoria")


def _draw_pick(x: torch.Tensor, picked_ids: torch.Tensor, result: torch.Tensor, names, result_names, title,
               result_title, edgeitems):
    ids = torch.arange(x.numel()).view(x.shape)
    picked = torch.isin(ids, picked_ids.flatten())
    canvas = Canvas()
    canvas.place(x, f"origen {_shape(x)}", _names(names, x), Style(picked=picked), edgeitems)
    canvas.symbol("→")
    out = _as_tensor(result.reshape(1) if result.dim() == 0 else result, "el resultado")
    canvas.place(out, result_title, _names(result_names, out), Style(picked=torch.ones_like(out, dtype=torch.bool)), edgeitems)
    return canvas.figure(title)


def draw_selection(x, key, names: Sequence[str] | None = None, result_names: Sequence[str] | None = None, *,
                   title: str | None = None, edgeitems: int = 3):
    """Las celdas que elige ``x[key]`` (un corte, una máscara booleana, una lista de índices) y el resultado."""
    x = _as_tensor(x)
    if type(key).__module__ == "numpy":  # una máscara o una lista de índices de NumPy
        key = torch.from_numpy(key)
    try:
        picked_ids = torch.arange(x.numel()).view(x.shape)[key]
        result = x[key]
    except (IndexError, RuntimeError, TypeError) as err:
        raise ValueError(f"x[key] falla con un tensor de forma {_shape(x)}: {err}") from None
    return _draw_pick(x, torch.as_tensor(picked_ids), result, names, result_names, title or "Qué elige el índice",
                      f"resultado {_shape(result)}", edgeitems)


def draw_gather(x, dim: int, index, names: Sequence[str] | None = None, result_names: Sequence[str] | None = None,
                *, title: str | None = None, edgeitems: int = 3):
    """``x.gather(dim, index)``: en cada fila, la celda que dice ``index``, y el resultado (con los nombres de
    ``result_names``; si no se dan, los de ``x``)."""
    x = _as_tensor(x)
    index = _as_tensor(index, "index")
    if index.dtype != torch.int64:
        raise TypeError(f"index debe ser int64 (torch.long), como pide gather; es {index.dtype}.")
    try:
        picked_ids = torch.arange(x.numel()).view(x.shape).gather(dim, index)
        result = x.gather(dim, index)
    except RuntimeError as err:
        raise ValueError(
            f"gather(dim={dim}) no cuadra: x tiene forma {_shape(x)} e index {_shape(index)} "
            f"(deben tener las mismas dimensiones). PyTorch dice: {err}"
        ) from None
    return _draw_pick(x, picked_ids, result, names, result_names or names, title or f"gather(dim={dim})",
                      f"resultado {_shape(result)}", edgeitems)


def draw_argmax(x, dim: int = -1, names: Sequence[str] | None = None, result_names: Sequence[str] | None = None, *,
                edgeitems: int = 3):
    """``x.argmax(dim)``: la celda ganadora de cada fila marcada, y los índices que devuelve (con los nombres
    de ``result_names``; si no se dan, los de ``x`` sin el eje que desaparece)."""
    x = _as_tensor(x)
    if x.dtype == torch.bool:
        raise TypeError("argmax no trabaja con booleanos; conviértelo antes con .int() o .float().")
    winners = x.argmax(dim=dim, keepdim=True)
    picked_ids = torch.arange(x.numel()).view(x.shape).gather(dim, winners)
    result = winners.squeeze(dim)
    names_out = result_names
    if names_out is None and names is not None:
        names_out = tuple(n for k, n in enumerate(names) if k != dim % x.dim())
    return _draw_pick(x, picked_ids, result, names, names_out if names_out else None, f"argmax(dim={dim})",
                      f"índices {_shape(result)}", edgeitems)


def _storage_size(x: torch.Tensor) -> int:
    """Cuántos números caben en la memoria que ``x`` comparte con sus vistas."""
    return x.untyped_storage().nbytes() // x.element_size()


def storage_positions(x: torch.Tensor) -> torch.Tensor:
    """En qué posición de la memoria vive cada elemento de ``x``: offset + Σ índice × stride."""
    return torch.arange(_storage_size(x)).as_strided(x.shape, x.stride(), x.storage_offset())


def draw_memory(*tensors, labels: Sequence[str] | None = None, names: Sequence[str] | None = None,
                edgeitems: int = 4):
    """La memoria del primer tensor como una fila, y cada tensor como cuadrícula coloreada por su posición en ella.

    Con ``x`` y ``x.t()``: la misma memoria, otro orden de lectura. Si al leer la cuadrícula por
    filas los colores saltan, el tensor no es contiguo y ``view`` se niega.
    """
    if not tensors:
        raise ValueError("draw_memory necesita al menos un tensor.")
    tensors = tuple(_as_tensor(t, f"el tensor {k}") for k, t in enumerate(tensors))
    labels = list(labels) if labels is not None else [f"tensor {k}" for k in range(len(tensors))]
    if len(labels) != len(tensors):
        raise ValueError(f"labels tiene {len(labels)} rótulos para {len(tensors)} tensores.")
    first = tensors[0]
    size = _storage_size(first)
    storage = first.as_strided((size,), (1,), 0)
    palette = _ramp(size)
    canvas = Canvas()
    canvas.place(storage, f"memoria ({size} números seguidos)", ("posición",),
                 Style(colors=torch.arange(size), palette=palette), edgeitems * 3)
    for label, t in zip(labels, tensors):
        canvas.symbol(" ")
        same = t.untyped_storage().data_ptr() == first.untyped_storage().data_ptr()
        where = "" if same else " · otra memoria"
        title = f"{label} {_shape(t)}{where}\nstride {t.stride()} · contiguo: {'sí' if t.is_contiguous() else 'no'}"
        canvas.place(t, title, _names(names or None, t),
                     Style(colors=storage_positions(t) if same else None, palette=palette), edgeitems)
    return canvas.figure("Cada color es una posición de la memoria")


def _ramp(size: int) -> list[str]:
    """Una gama de colores claros, de azul a naranja, con un color por posición de memoria."""
    start, end = (0x90, 0xCD, 0xF4), (0xFB, 0xD3, 0x8D)
    steps = max(size - 1, 1)
    return [
        "#" + "".join(f"{round(s + (e - s) * k / steps):02x}" for s, e in zip(start, end)) for k in range(size)
    ]


def draw_heads(x, heads: int, names: Sequence[str] = ("T", "d"), *, edgeitems: int = 8):
    """(T, d) → (H, T, D): cada columna coloreada por la cabeza a la que va, antes y después de separar."""
    x = _as_tensor(x)
    if x.dim() != 2:
        raise ValueError(f"draw_heads dibuja una matriz (T, d); este tensor tiene forma {_shape(x)}. Usa x[0] si es un lote.")
    width = x.shape[-1]
    if heads < 1 or width % heads:
        raise ValueError(f"d = {width} no se reparte en {heads} cabezas iguales: d debe ser múltiplo de H.")
    per_head = width // heads
    owner = (torch.arange(width) // per_head).expand_as(x)
    split = x.view(x.shape[0], heads, per_head).transpose(0, 1)
    canvas = Canvas()
    canvas.place(x, f"(T, d) = {_shape(x)}", tuple(names), Style(colors=owner), edgeitems)
    canvas.symbol("→")
    head_of = torch.arange(heads).view(heads, 1, 1).expand_as(split)
    canvas.place(split, f"(H, T, D) = {_shape(split)}", ("H", names[0], "D"), Style(colors=head_of), edgeitems)
    return canvas.figure(f"{heads} cabezas de D = {per_head}: cada una se queda con sus columnas")
