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
- ``draw_graph``: un grafo de cálculo: cajas con el valor de cada paso y, en cada flecha, su
  derivada local.

El lienzo (cuadrículas, colores, rótulos) está en ``canvas``. matplotlib se importa dentro de cada
función: ``import rukh_helpers`` sigue siendo ligero.
"""

from __future__ import annotations

from typing import Callable, Sequence

import torch

from .canvas import (  # noqa: F401  (los colores y el texto de una celda también se leen desde aquí)
    CELL_INCHES, EDGE, FACE, FALSE_FACE, HEAD_COLORS, MAX_WIDTH_INCHES, NEG_INF_FACE, PICKED, TEXT, TRUE_FACE, Canvas,
    Style, as_tensor, cell_text, dim_names, kept_indices, pyplot, shape_text,
)

OPERATIONS: dict[str, Callable[[torch.Tensor, torch.Tensor], torch.Tensor]] = {
    "+": torch.add,
    "-": torch.sub,
    "*": torch.mul,
    "/": torch.div,
}


def draw_tensor(x, names: Sequence[str] | None = None, title: str | None = None, *, edgeitems: int | None = None,
                picked=None, colors=None):
    """Un tensor de 1 a 4 dimensiones como cuadrícula (3-D y 4-D: un panel por corte)."""
    x = as_tensor(x)
    edge = edgeitems if edgeitems is not None else (3 if x.dim() <= 2 else 2)
    canvas = Canvas()
    canvas.place(x, title or f"forma {shape_text(x)} · {str(x.dtype).removeprefix('torch.')}", dim_names(names, x),
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


BROADCAST_TITLE = "En fantasma, las copias del estiramiento: no ocupan memoria"


def draw_broadcast(a, b, op: str = "+", names: Sequence[str] | None = None, *, edgeitems: int = 3,
                   labels: Sequence[str] = ("a", "b"), title: str | None = None):
    """``a op b`` con broadcasting: los operandos estirados (en fantasma lo que no existe en memoria) y el resultado.

    ``labels`` nombra los dos operandos en sus rótulos (``"elo[:, None]"`` en vez de ``"a"``) y ``title``
    cambia el título de la figura."""
    if isinstance(labels, str) or len(labels) != 2:
        raise ValueError(f"labels debe dar dos nombres, uno por operando; recibí {labels!r}.")
    a, b = as_tensor(a, labels[0]), as_tensor(b, labels[1])
    if op not in OPERATIONS:
        raise ValueError(f"op debe ser una de {' '.join(OPERATIONS)}; recibí {op!r}.")
    try:
        shape = torch.broadcast_shapes(a.shape, b.shape)
    except RuntimeError:
        raise ValueError(
            f"las formas {shape_text(a)} y {shape_text(b)} no se pueden alinear por la derecha: "
            "en alguna dimensión los tamaños son distintos y ninguno es 1."
        ) from None
    result = OPERATIONS[op](a, b)
    out = as_tensor(result, "el resultado")
    dims = dim_names(names, out)
    canvas = Canvas()
    for k, (label, operand) in enumerate(zip(labels, (a, b))):
        stretched, ghost = _stretch(operand, shape)
        canvas.place(stretched, f"{label} {shape_text(operand)} → {tuple(shape)}", dims, Style(ghost=ghost), edgeitems)
        canvas.symbol(op if k == 0 else "=")
    canvas.place(out, f"resultado {tuple(shape)}", dims, Style(), edgeitems)
    return canvas.figure(title or BROADCAST_TITLE)


def _draw_pick(x: torch.Tensor, picked_ids: torch.Tensor, result: torch.Tensor, names, result_names, title,
               result_title, edgeitems):
    ids = torch.arange(x.numel()).view(x.shape)
    picked = torch.isin(ids, picked_ids.flatten())
    canvas = Canvas()
    canvas.place(x, f"origen {shape_text(x)}", dim_names(names, x), Style(picked=picked), edgeitems)
    canvas.symbol("→")
    out = as_tensor(result.reshape(1) if result.dim() == 0 else result, "el resultado")
    canvas.place(out, result_title, dim_names(result_names, out), Style(picked=torch.ones_like(out, dtype=torch.bool)), edgeitems)
    return canvas.figure(title)


def draw_selection(x, key, names: Sequence[str] | None = None, result_names: Sequence[str] | None = None, *,
                   title: str | None = None, edgeitems: int = 3):
    """Las celdas que elige ``x[key]`` (un corte, una máscara booleana, una lista de índices) y el resultado."""
    x = as_tensor(x)
    if type(key).__module__ == "numpy":  # una máscara o una lista de índices de NumPy
        key = torch.from_numpy(key)
    try:
        picked_ids = torch.arange(x.numel()).view(x.shape)[key]
        result = x[key]
    except (IndexError, RuntimeError, TypeError) as err:
        raise ValueError(f"x[key] falla con un tensor de forma {shape_text(x)}: {err}") from None
    return _draw_pick(x, torch.as_tensor(picked_ids), result, names, result_names, title or "Qué elige el índice",
                      f"resultado {shape_text(result)}", edgeitems)


def draw_gather(x, dim: int, index, names: Sequence[str] | None = None, result_names: Sequence[str] | None = None,
                *, title: str | None = None, edgeitems: int = 3):
    """``x.gather(dim, index)``: en cada fila, la celda que dice ``index``, y el resultado (con los nombres de
    ``result_names``; si no se dan, los de ``x``)."""
    x = as_tensor(x)
    index = as_tensor(index, "index")
    if index.dtype != torch.int64:
        raise TypeError(f"index debe ser int64 (torch.long), como pide gather; es {index.dtype}.")
    try:
        picked_ids = torch.arange(x.numel()).view(x.shape).gather(dim, index)
        result = x.gather(dim, index)
    except RuntimeError as err:
        raise ValueError(
            f"gather(dim={dim}) no cuadra: x tiene forma {shape_text(x)} e index {shape_text(index)} "
            f"(deben tener las mismas dimensiones). PyTorch dice: {err}"
        ) from None
    return _draw_pick(x, picked_ids, result, names, result_names or names, title or f"gather(dim={dim})",
                      f"resultado {shape_text(result)}", edgeitems)


def draw_argmax(x, dim: int = -1, names: Sequence[str] | None = None, result_names: Sequence[str] | None = None, *,
                edgeitems: int = 3):
    """``x.argmax(dim)``: la celda ganadora de cada fila marcada, y los índices que devuelve (con los nombres
    de ``result_names``; si no se dan, los de ``x`` sin el eje que desaparece)."""
    x = as_tensor(x)
    if x.dtype == torch.bool:
        raise TypeError("argmax no trabaja con booleanos; conviértelo antes con .int() o .float().")
    winners = x.argmax(dim=dim, keepdim=True)
    picked_ids = torch.arange(x.numel()).view(x.shape).gather(dim, winners)
    result = winners.squeeze(dim)
    names_out = result_names
    if names_out is None and names is not None:
        names_out = tuple(n for k, n in enumerate(names) if k != dim % x.dim())
    return _draw_pick(x, picked_ids, result, names, names_out if names_out else None, f"argmax(dim={dim})",
                      f"índices {shape_text(result)}", edgeitems)


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
    tensors = tuple(as_tensor(t, f"el tensor {k}") for k, t in enumerate(tensors))
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
        title = f"{label} {shape_text(t)}{where}\nstride {t.stride()} · contiguo: {'sí' if t.is_contiguous() else 'no'}"
        canvas.place(t, title, dim_names(names or None, t),
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
    x = as_tensor(x)
    if x.dim() != 2:
        raise ValueError(f"draw_heads dibuja una matriz (T, d); este tensor tiene forma {shape_text(x)}. Usa x[0] si es un lote.")
    width = x.shape[-1]
    if heads < 1 or width % heads:
        raise ValueError(f"d = {width} no se reparte en {heads} cabezas iguales: d debe ser múltiplo de H.")
    per_head = width // heads
    owner = (torch.arange(width) // per_head).expand_as(x)
    split = x.view(x.shape[0], heads, per_head).transpose(0, 1)
    canvas = Canvas()
    canvas.place(x, f"(T, d) = {shape_text(x)}", tuple(names), Style(colors=owner), edgeitems)
    canvas.symbol("→")
    head_of = torch.arange(heads).view(heads, 1, 1).expand_as(split)
    canvas.place(split, f"(H, T, D) = {shape_text(split)}", ("H", names[0], "D"), Style(colors=head_of), edgeitems)
    return canvas.figure(f"{heads} cabezas de D = {per_head}: cada una se queda con sus columnas")


def draw_graph(nodes: dict, edges: Sequence, title: str | None = None, note: str | None = None):
    """Un grafo de cálculo. ``nodes``: ``{nombre: (x, y, texto)}``, la caja de cada valor;
    ``edges``: ``(origen, destino, rótulo)`` o ``(origen, destino, rótulo, curva)``, una flecha por
    camino con su rótulo (la derivada local) en medio; ``curva`` separa dos flechas entre las mismas
    cajas (0.3 y −0.3). ``note``, debajo: la cuenta del gradiente."""
    for edge in edges:
        if len(edge) not in (3, 4):
            raise ValueError(f"cada flecha es (origen, destino, rótulo[, curva]); recibí {edge!r}.")
        missing = [name for name in edge[:2] if name not in nodes]
        if missing:
            raise ValueError(f"la flecha {edge[:2]} nombra cajas que no existen: {', '.join(map(str, missing))}.")
    plt = pyplot()
    xs = [x for x, _, _ in nodes.values()]
    ys = [y for _, y, _ in nodes.values()]
    width, height = max(xs) - min(xs) + 2.4, max(ys) - min(ys) + 1.6 + (0.8 if note else 0)
    inches = min(1.0, MAX_WIDTH_INCHES / width)
    fig, ax = plt.subplots(figsize=(width * inches, height * inches), facecolor="white")
    ax.set_facecolor("white")
    for src, dst, label, *rest in edges:
        (x0, y0, _), (x1, y1, _) = nodes[src], nodes[dst]
        bend = rest[0] if rest else 0.0
        ax.annotate("", xy=(x1, y1), xytext=(x0, y0),
                    arrowprops=dict(arrowstyle="-|>", color=EDGE, shrinkA=24, shrinkB=24,
                                    connectionstyle=f"arc3,rad={bend}"))
        # El punto medio de la curva: la mitad del camino hacia su punto de control.
        mx, my = (x0 + x1) / 2 + bend / 2 * (y1 - y0), (y0 + y1) / 2 - bend / 2 * (x1 - x0)
        ax.text(mx, my, label, ha="center", va="center", fontsize=10, color=TEXT,
                bbox=dict(boxstyle="round,pad=0.15", facecolor="white", edgecolor="none"))
    for x, y, text in nodes.values():
        ax.text(x, y, text, ha="center", va="center", fontsize=11, color=TEXT,
                bbox=dict(boxstyle="round,pad=0.4", facecolor=FACE, edgecolor=EDGE))
    if note:
        ax.text((min(xs) + max(xs)) / 2, min(ys) - 0.9, note, ha="center", va="center", fontsize=11, color=TEXT)
    if title:
        ax.set_title(title, color=TEXT)
    ax.set_xlim(min(xs) - 1.2, max(xs) + 1.2)
    ax.set_ylim(min(ys) - (1.4 if note else 0.8), max(ys) + 0.8)
    ax.set_aspect("equal")
    ax.axis("off")
    plt.close(fig)  # se muestra una vez, como resultado de la celda
    return fig
