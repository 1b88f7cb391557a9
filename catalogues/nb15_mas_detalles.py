"""Respuestas equivocadas plausibles de 15-mas-detalles: {grade_id: [(motivo, celda completa), ...]}.

Las entradas que empiezan por una etiqueta entre corchetes son las del alumno perezoso:
[copia] código del cuaderno pegado, [referencia] la referencia del test visible, [fijo] el caso
visible escrito a mano, [global] una variable del cuaderno en vez del argumento, [bucle] un bucle
de Python donde se pide vectorizar (también escondido en una función auxiliar, un ``map``, una
comprensión o una recursión), [mensaje] un valor al tuntún para leer el mensaje. Las que son un
cambio pequeño de la solución se escriben con ``edit`` sobre la del cuaderno del profesor.
"""

from catalogues.edits import answers, edit

SLUG = "15-mas-detalles"


def _shapes(a, b, c, d):
    return f"\nshape_a = {a}\nshape_b = {b}\nshape_c = {c}\nshape_d = {d}\n"


def _strides(t, contiguous, tc, s):
    return f"\nstride_t = {t}\ncontiguous_t = {contiguous}\nstride_tc = {tc}\nstride_s = {s}\n"


def _played(body):
    return "\ndef played_logits(h, w_out, y):\n" + body


def _heads(body):
    return "\ndef per_head_linear(x, w, b):\n" + body


def _played_edit(new_call):
    return edit(SLUG, "nb15-played-logits", ("torch.einsum('btd,btd->bt', h, w_out[y])", new_call))


def _heads_edit(*changes):
    return edit(SLUG, "nb15-per-head-linear", *changes)


# La solución calcula x @ w + b.unsqueeze(1); el bucle, cabeza a cabeza.
_ONE_HEAD = "        out[:, h] = x[:, h] @ w[h] + b[h]\n"


WRONG_ANSWERS = {
    "nb15-predict-shapes": [
        ("cree que el vector de la derecha actúa como columna y su eje se queda",
         answers(SLUG, "nb15-predict-shapes", shape_a="(4, 1)")),
        ("cree que el vector de la izquierda se queda como fila",
         answers(SLUG, "nb15-predict-shapes", shape_b="(2, 1, 5)")),
        ("no estira el eje de lote de tamaño 1", answers(SLUG, "nb15-predict-shapes", shape_c="(2, 4, 6)")),
        ("alinea los ejes de lote por la izquierda", answers(SLUG, "nb15-predict-shapes", shape_c="(5, 2, 4, 6)")),
        ("cree que (5, 1) + (3,) solo suma en la columna: deja la forma de la columna",
         answers(SLUG, "nb15-predict-shapes", shape_d="(5, 1)")),
        ("[copia] las formas de los ejemplos de las secciones 2 y 4",
         _shapes("()", (1, 1), (2, 4, 5), (3, 3))),
        ("[mensaje] prueba valores cualquiera para que el mensaje le diga los buenos",
         _shapes((1,), (1,), (1,), (1,))),
    ],
    "nb15-predict-strides": [
        ("cree que transpose deja los strides como estaban",
         answers(SLUG, "nb15-predict-strides", stride_t="(12, 4, 1)")),
        ("cree que transpose copia en orden: el tensor sigue contiguo",
         answers(SLUG, "nb15-predict-strides", contiguous_t="True")),
        ("cree que contiguous devuelve los strides del tensor original",
         answers(SLUG, "nb15-predict-strides", stride_tc="(12, 4, 1)")),
        ("calcula los strides de contiguous con la forma original (2, 3, 4) al revés",
         answers(SLUG, "nb15-predict-strides", stride_tc="(1, 2, 6)")),
        ("cree que fijar un índice deja un tensor nuevo y contiguo (4, 1)",
         answers(SLUG, "nb15-predict-strides", stride_s="(4, 1)")),
        ("[copia] los strides del ejemplo de dos ejes de la sección 5",
         _strides((1, 3), False, (2, 1), (3, 1))),
        ("[mensaje] prueba valores cualquiera para que el mensaje le diga los buenos",
         _strides((1, 1, 1), True, (1, 1, 1), (1, 1))),
    ],
    "nb15-played-logits": [
        ("[copia] la diagonal de la sección 6 aplicada a h y w_out",
         _played_edit("torch.einsum('ij,ji->i', h, w_out)")),
        ("[copia] la cadena de las puntuaciones de la sección 6: suma sobre todo el vocabulario",
         _played_edit("torch.einsum('btd,vd->bt', h, w_out)")),
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
        ("[bucle] los dos bucles, movidos a una función auxiliar", '''
def _dot_each(h, rows):
    out = torch.empty(h.shape[:-1], dtype=h.dtype)
    for b in range(h.shape[0]):
        for t in range(h.shape[1]):
            out[b, t] = h[b, t] @ rows[b, t]
    return out

def played_logits(h, w_out, y):
    return _dot_each(h, w_out[y])
'''),
        ("[bucle] un producto escalar por posición con map y una lambda, en una función auxiliar", '''
def _dots(a, b):
    return torch.stack(list(map(lambda u, v: (u * v).sum(), a, b)))

def played_logits(h, w_out, y):
    d = h.shape[-1]
    return _dots(h.reshape(-1, d), w_out[y].reshape(-1, d)).view(y.shape)
'''),
        ("[bucle] map(torch.dot) en una función auxiliar: ninguna línea propia por vuelta", '''
def _dots(a, b):
    return torch.stack(list(map(torch.dot, a, b)))

def played_logits(h, w_out, y):
    d = h.shape[-1]
    return _dots(h.reshape(-1, d), w_out[y].reshape(-1, d)).view(y.shape)
'''),
        ("[bucle] una comprensión en una función auxiliar", '''
def _dots(a, b):
    return torch.stack([u @ v for u, v in zip(a, b)])

def played_logits(h, w_out, y):
    d = h.shape[-1]
    return _dots(h.reshape(-1, d), w_out[y].reshape(-1, d)).view(y.shape)
'''),
        ("[bucle] una recursión: la primera posición y el resto", '''
def _dots(a, b):
    if len(a) == 0:
        return a.new_zeros(0)
    return torch.cat([(a[0] * b[0]).sum().view(1), _dots(a[1:], b[1:])])

def played_logits(h, w_out, y):
    d = h.shape[-1]
    return _dots(h.reshape(-1, d), w_out[y].reshape(-1, d)).view(y.shape)
'''),
    ],
    "nb15-per-head-linear": [
        ("[copia] la línea de la sección 1: el sesgo (H, E) se alinea con (T, E), no con las cabezas",
         _heads_edit(("x @ w + b.unsqueeze(1)", "torch.matmul(x, w) + b"))),
        ("le pone al sesgo un eje delante, que también se alinea con (T, E)",
         _heads_edit(("b.unsqueeze(1)", "b.unsqueeze(0)"))),
        ("el eje de tamaño 1 del sesgo, al final: (H, E, 1)",
         _heads_edit(("b.unsqueeze(1)", "b.unsqueeze(-1)"))),
        ("nombra bien los ejes con einsum pero suma el sesgo sin alinearlo",
         _heads("    return torch.einsum('bhtd,hde->bhte', x, w) + b\n")),
        ("olvida el sesgo",
         _heads_edit((" + b.unsqueeze(1)", ""))),
        ("traspone w como en nn.Linear (x @ W.T)",
         _heads_edit(("x @ w +", "x @ w.transpose(-2, -1) +"))),
        ("suma también sobre las cabezas con einsum",
         _heads("    return torch.einsum('bhtd,hde->bte', x, w).unsqueeze(1) + b.unsqueeze(1)\n")),
        ("usa la capa de la cabeza 0 para todas",
         _heads_edit(("x @ w + b.unsqueeze(1)", "x @ w[0] + b[0]"))),
        ("pone las cabezas detrás para que el sesgo (H, E) encaje: @ multiplica entonces (H, D) por cada w[t]",
         _heads("    return (x.transpose(1, 2) @ w + b).transpose(1, 2)\n")),
        ("[copia] torch.mm de la sección 4: no acepta lotes",
         _heads_edit(("x @ w +", "torch.mm(x, w) +"))),
        ("pasa a float32 y pierde el tipo de la entrada",
         _heads_edit(("x @ w + b.unsqueeze(1)", "x.float() @ w.float() + b.float().unsqueeze(1)"))),
        ("[fijo] devuelve el resultado del ejemplo visible", _heads(
            "    return torch.tensor([[[[100.0, 201.0, 301.0], [102.0, 203.0, 305.0], [104.0, 205.0, 309.0]],\n"
            "                          [[-88.0, -207.0, -300.0], [-84.0, -209.0, -300.0], [-80.0, -211.0, -300.0]]]])\n")),
        ("[bucle] recorre las cabezas y aplica cada capa", _heads(
            "    B, H, T, D = x.shape\n"
            "    out = torch.empty(B, H, T, w.shape[-1], dtype=x.dtype)\n"
            "    for h in range(H):\n"
            + _ONE_HEAD +
            "    return out\n")),
        ("[bucle] el bucle sobre las cabezas, movido a una función auxiliar", '''
def _each_head(x, w, b):
    out = torch.empty(*x.shape[:-1], w.shape[-1], dtype=x.dtype)
    for h in range(x.shape[1]):
''' + _ONE_HEAD + '''    return out

def per_head_linear(x, w, b):
    return _each_head(x, w, b)
'''),
        ("[bucle] las cabezas con map y una función auxiliar", '''
def _one_head(x_h, w_h, b_h):
    return x_h @ w_h + b_h

def per_head_linear(x, w, b):
    return torch.stack(list(map(_one_head, x.unbind(1), w, b)), dim=1)
'''),
        ("[bucle] las cabezas con una comprensión en una función auxiliar", '''
def _heads_of(x, w, b):
    return torch.stack([x[:, h] @ w[h] + b[h] for h in range(w.shape[0])], dim=1)

def per_head_linear(x, w, b):
    return _heads_of(x, w, b)
'''),
        ("[bucle] una recursión: la primera cabeza y las demás", '''
def _from_head(x, w, b):
    if w.shape[0] == 0:
        return x.new_zeros(x.shape[0], 0, x.shape[2], b.shape[-1])
    first = (x[:, 0] @ w[0] + b[0]).unsqueeze(1)
    return torch.cat([first, _from_head(x[:, 1:], w[1:], b[1:])], dim=1)

def per_head_linear(x, w, b):
    return _from_head(x, w, b)
'''),
    ],
}
