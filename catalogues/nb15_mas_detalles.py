"""Respuestas equivocadas plausibles de 15-mas-detalles: {grade_id: [(motivo, celda completa), ...]}.

Las entradas que empiezan por una etiqueta entre corchetes son las del alumno perezoso:
[copia] código del cuaderno pegado, [referencia] la referencia del test visible, [fijo] el caso
visible escrito a mano, [global] una variable del cuaderno en vez del argumento, [bucle] un bucle
de Python donde se pide vectorizar, [mensaje] un valor al tuntún para leer el mensaje.
"""


def _shapes(a, b, c, d):
    return f"\nshape_a = {a}\nshape_b = {b}\nshape_c = {c}\nshape_d = {d}\n"


_SHAPES = ((4,), (2, 5), (2, 5, 4, 6), (5, 3))


def _strides(t, contiguous, tc, s):
    return f"\nstride_t = {t}\ncontiguous_t = {contiguous}\nstride_tc = {tc}\nstride_s = {s}\n"


_STRIDES = ((1, 4, 12), False, (6, 2, 1), (12, 1))


def _played(body):
    return "\ndef played_logits(h, w_out, y):\n" + body


def _heads(body):
    return "\ndef per_head_linear(x, w, b):\n" + body


WRONG_ANSWERS = {
    "nb15-predict-shapes": [
        ("cree que el vector de la derecha actúa como columna y su eje se queda", _shapes((4, 1), *_SHAPES[1:])),
        ("cree que el vector de la izquierda se queda como fila", _shapes(_SHAPES[0], (2, 1, 5), *_SHAPES[2:])),
        ("no estira el eje de lote de tamaño 1", _shapes(*_SHAPES[:2], (2, 4, 6), _SHAPES[3])),
        ("alinea los ejes de lote por la izquierda", _shapes(*_SHAPES[:2], (5, 2, 4, 6), _SHAPES[3])),
        ("cree que (5, 1) + (3,) solo suma en la columna: deja la forma de la columna",
         _shapes(*_SHAPES[:3], (5, 1))),
        ("[copia] las formas de los ejemplos de las secciones 2 y 4",
         _shapes("()", (1, 1), (2, 4, 5), (3, 3))),
        ("[mensaje] prueba valores cualquiera para que el mensaje le diga los buenos",
         _shapes((1,), (1,), (1,), (1,))),
    ],
    "nb15-predict-strides": [
        ("cree que transpose deja los pasos como estaban", _strides((12, 4, 1), *_STRIDES[1:])),
        ("cree que transpose copia en orden: el tensor sigue contiguo", _strides(_STRIDES[0], True, *_STRIDES[2:])),
        ("cree que contiguous devuelve los pasos del tensor original", _strides(*_STRIDES[:2], (12, 4, 1), _STRIDES[3])),
        ("calcula los pasos de contiguous con la forma original (2, 3, 4) al revés", _strides(*_STRIDES[:2], (1, 2, 6), _STRIDES[3])),
        ("cree que fijar un índice deja un tensor nuevo y contiguo (4, 1)", _strides(*_STRIDES[:3], (4, 1))),
        ("[copia] los pasos del ejemplo de dos ejes de la sección 5",
         _strides((1, 3), False, (2, 1), (3, 1))),
        ("[mensaje] prueba valores cualquiera para que el mensaje le diga los buenos",
         _strides((1, 1, 1), True, (1, 1, 1), (1, 1))),
    ],
    "nb15-played-logits": [
        ("[copia] la diagonal de la sección 6 aplicada a h y w_out",
         _played("    return torch.einsum('ij,ji->i', h, w_out)\n")),
        ("[copia] la cadena de las puntuaciones de la sección 6: suma sobre todo el vocabulario",
         _played("    return torch.einsum('btd,vd->bt', h, w_out)\n")),
        ("devuelve todos los logits (B, T, V) sin quedarse con el de la jugada",
         _played("    return h @ w_out.T\n")),
        ("multiplica por la fila de la jugada pero no suma el eje d",
         _played("    return h * w_out[y]\n")),
        ("multiplica las sumas en vez de sumar los productos",
         _played("    return h.sum(dim=-1) * w_out[y].sum(dim=-1)\n")),
        ("suma sobre el eje de las posiciones en vez de sobre d",
         _played("    return (h * w_out[y]).sum(dim=1)\n")),
        ("pasa a float32 y pierde el tipo de la entrada",
         _played("    return (h.float() * w_out[y].float()).sum(dim=-1)\n")),
        ("[copia] los logits del enunciado con el gather de la sección 3: calcula los V logits",
         _played("    return (h @ w_out.T).gather(-1, y.unsqueeze(-1)).squeeze(-1)\n")),
        ("squeeze() sin eje: con una sola partida (B = 1) se lleva también el eje del lote",
         _played("    return (h.unsqueeze(-2) @ w_out[y].unsqueeze(-1)).squeeze()\n")),
        ("[fijo] devuelve los logits del ejemplo visible",
         _played("    return torch.tensor([[5.0, 4.0]])\n")),
        ("[bucle] un producto escalar por posición con dos bucles", _played(
            "    out = torch.empty(y.shape, dtype=h.dtype)\n"
            "    for b in range(y.shape[0]):\n"
            "        for t in range(y.shape[1]):\n"
            "            out[b, t] = h[b, t] @ w_out[y[b, t]]\n"
            "    return out\n")),
    ],
    "nb15-per-head-linear": [
        ("[copia] la línea de la sección 1: el sesgo (H, E) se alinea con (T, E), no con las cabezas",
         _heads("    return torch.matmul(x, w) + b\n")),
        ("le pone al sesgo un eje delante, que también se alinea con (T, E)",
         _heads("    return x @ w + b.unsqueeze(0)\n")),
        ("el eje de tamaño 1 del sesgo, al final: (H, E, 1)",
         _heads("    return x @ w + b.unsqueeze(-1)\n")),
        ("nombra bien los ejes con einsum pero suma el sesgo sin alinearlo",
         _heads("    return torch.einsum('bhtd,hde->bhte', x, w) + b\n")),
        ("olvida el sesgo",
         _heads("    return x @ w\n")),
        ("traspone w como en nn.Linear (x @ W.T)",
         _heads("    return x @ w.transpose(-2, -1) + b.unsqueeze(1)\n")),
        ("suma también sobre las cabezas con einsum",
         _heads("    return torch.einsum('bhtd,hde->bte', x, w).unsqueeze(1) + b.unsqueeze(1)\n")),
        ("usa la capa de la cabeza 0 para todas",
         _heads("    return x @ w[0] + b[0]\n")),
        ("pone las cabezas detrás para que el sesgo (H, E) encaje: @ multiplica entonces (H, D) por cada w[t]",
         _heads("    return (x.transpose(1, 2) @ w + b).transpose(1, 2)\n")),
        ("[copia] torch.mm de la sección 4: no acepta lotes",
         _heads("    return torch.mm(x, w) + b.unsqueeze(1)\n")),
        ("pasa a float32 y pierde el tipo de la entrada",
         _heads("    return x.float() @ w.float() + b.float().unsqueeze(1)\n")),
        ("[fijo] devuelve el resultado del ejemplo visible", _heads(
            "    return torch.tensor([[[[100.0, 201.0, 301.0], [102.0, 203.0, 305.0], [104.0, 205.0, 309.0]],\n"
            "                          [[-88.0, -207.0, -300.0], [-84.0, -209.0, -300.0], [-80.0, -211.0, -300.0]]]])\n")),
        ("[bucle] recorre las cabezas y aplica cada capa", _heads(
            "    B, H, T, D = x.shape\n"
            "    out = torch.empty(B, H, T, w.shape[-1], dtype=x.dtype)\n"
            "    for h in range(H):\n"
            "        out[:, h] = x[:, h] @ w[h] + b[h]\n"
            "    return out\n")),
    ],
}
