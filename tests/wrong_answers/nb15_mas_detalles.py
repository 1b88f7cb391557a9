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


def _scores(body):
    return "\ndef scores_heads_last(q, k):\n" + body


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
    "nb15-scores-heads-last": [
        ("[copia] la cadena de la sección 6 tal cual: con las cabezas detrás compara cabezas con cabezas",
         _scores("    return torch.einsum('bhtd,bhsd->bhts', q, k) / q.shape[-1] ** 0.5\n")),
        ("[copia] q @ k.transpose(-2, -1) del cuaderno 14 sin mover las cabezas",
         _scores("    return q @ k.transpose(-2, -1) / q.shape[-1] ** 0.5\n")),
        ("nombra bien los ejes pero escribe el resultado en el orden de la entrada (B, T, H, S)",
         _scores("    return torch.einsum('bthd,bshd->bths', q, k) / q.shape[-1] ** 0.5\n")),
        ("olvida dividir entre √D",
         _scores("    return torch.einsum('bthd,bshd->bhts', q, k)\n")),
        ("divide entre √d, el ancho del modelo (H · D), en vez de √D",
         _scores("    return torch.einsum('bthd,bshd->bhts', q, k) / (q.shape[-2] * q.shape[-1]) ** 0.5\n")),
        ("divide entre D en vez de √D",
         _scores("    return torch.einsum('bthd,bshd->bhts', q, k) / q.shape[-1]\n")),
        ("suma también sobre las cabezas",
         _scores("    return torch.einsum('bthd,bshd->bts', q, k) / q.shape[-1] ** 0.5\n")),
        ("mueve las cabezas de q pero no las de k",
         _scores("    return q.transpose(1, 2) @ k.transpose(-2, -1) / q.shape[-1] ** 0.5\n")),
        ("[fijo] devuelve las puntuaciones del ejemplo visible", _scores(
            "    return torch.tensor([[[[10.0, 14.0, 2.0], [30.0, 42.0, 6.0]],\n"
            "                          [[24.0, 32.0, 0.0], [48.0, 64.0, 0.0]]]])\n")),
        ("[bucle] recorre partidas y cabezas y multiplica matrices de dos ejes", _scores(
            "    B, T, H, D = q.shape\n"
            "    out = torch.empty(B, H, T, k.shape[1], dtype=q.dtype)\n"
            "    for b in range(B):\n"
            "        for h in range(H):\n"
            "            out[b, h] = q[b, :, h] @ k[b, :, h].T / D ** 0.5\n"
            "    return out\n")),
    ],
}
