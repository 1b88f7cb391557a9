"""Respuestas equivocadas plausibles de 14-atencion: {grade_id: [(motivo, celda completa), ...]}.

Las entradas que empiezan por una etiqueta entre corchetes son las del alumno perezoso:
[copia] código del cuaderno pegado, [referencia] la referencia del test visible, [fijo] el caso
visible escrito a mano, [global] una variable del cuaderno en vez del argumento, [bucle] un bucle
de Python donde se pide vectorizar, [mensaje] un valor al tuntún para leer el mensaje.
"""


def _received(body):
    return f'''
def attention_received(weights):
    {body}
'''


def _shapes(qkv, heads, scores, count):
    return f'''
shape_qkv = {qkv}
shape_q_heads = {heads}
shape_scores = {scores}
n_scores_long = {count}
'''


_GOOD = ((3, 7, 72), (3, 6, 7, 4), (3, 6, 7, 7), "81_920_000")


def _window(body):
    return "\ndef window_mask(T, window):\n" + body


def _cached(body):
    return "\ndef cached_attention(q, k, v):\n    Tq, Tk = q.shape[-2], k.shape[-2]\n" + body


_SCORES = "    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])\n"
_MIX = "    return scores.masked_fill(~allowed, float('-inf')).softmax(dim=-1) @ v\n"

WRONG_ANSWERS = {
    "nb14-attention-received": [
        ("media sobre cabezas y claves en vez de cabezas y consultas: todas las posiciones valen 1/T",
         _received("return weights.mean(dim=(1, 3))")),
        ("suma en vez de media", _received("return weights.sum(dim=(1, 2))")),
        ("promedia solo las consultas y se olvida de las cabezas", _received("return weights.mean(dim=2)")),
        ("promedia las cabezas y suma las consultas", _received("return weights.mean(dim=1).sum(dim=1)")),
        ("pasa a float32 y pierde el tipo de la entrada", _received("return weights.float().mean(dim=(1, 2))")),
        ("[copia] la suma por filas de la sección 3 aplicada al argumento",
         _received("return weights[0, 0].sum(dim=-1)")),
        ("[copia] la suma por filas de la sección 3 promediada sobre las cabezas",
         _received("return weights.sum(dim=-1).mean(dim=1)")),
        ("[fijo] devuelve el resultado del ejemplo visible", _received("return torch.tensor([[0.675, 0.325]])")),
        ("[global] divide entre el H del cuaderno en vez de contar las cabezas de los pesos",
         _received("return weights.sum(dim=(1, 2)) / (H * weights.shape[-1])")),
        ("[referencia] la comprensión de listas del test visible, en vez de una operación sobre el tensor",
         _received("n_b, n_h, n_i, n_j = weights.shape\n"
                   "    rows = weights.tolist()\n"
                   "    return torch.tensor([[sum(rows[b][h][i][j] for h in range(n_h) for i in range(n_i)) / (n_h * n_i)\n"
                   "                          for j in range(n_j)] for b in range(n_b)], dtype=weights.dtype)")),
    ],
    "nb14-predict-shapes": [
        ("cree que qkv(x) ya tiene el ancho d", _shapes((3, 7, 24), *_GOOD[1:])),
        ("olvida el transpose: cabezas detrás de las posiciones",
         _shapes(_GOOD[0], (3, 7, 6, 4), (3, 7, 6, 6), _GOOD[3])),
        ("confunde H con D", _shapes(_GOOD[0], (3, 4, 7, 6), (3, 4, 7, 7), _GOOD[3])),
        ("cree que las puntuaciones tienen la forma de q", _shapes(*_GOOD[:2], (3, 6, 7, 4), _GOOD[3])),
        ("cree que la tabla crece en proporción a T: la duplica", _shapes(*_GOOD[:3], "40_960_000")),
        ("cuenta los 12 bloques en vez de uno", _shapes(*_GOOD[:3], "983_040_000")),
        ("[copia] la cifra de rukh-small de la sección 1, con T = 200", _shapes(*_GOOD[:3], "20_480_000")),
        ("[copia] las formas del ejemplo pequeño del cuaderno",
         _shapes((2, 5, 48), (2, 4, 5, 4), (2, 4, 5, 5), "20_480_000")),
        ("[mensaje] prueba valores cualquiera para que el mensaje le diga los buenos",
         _shapes((1, 1, 1), (1, 1, 1, 1), (1, 1, 1, 1), "1")),
    ],
    "nb14-window-mask": [
        ("[copia] la máscara causal de la sección 3, sin ventana",
         _window("    return torch.tril(torch.ones(T, T, dtype=torch.bool))\n")),
        ("[fijo] devuelve la matriz del ejemplo visible", _window(
            "    return torch.tensor([[True, False, False, False], [True, True, False, False],\n"
            "                         [False, True, True, False], [False, False, True, True]])\n")),
        ("[global] combina la máscara `mask` del cuaderno (5 × 5) con la ventana", _window(
            "    return mask & torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1 - window)\n")),
        ("una posición de más en la ventana: i − j ≤ window", _window(
            "    ones = torch.ones(T, T, dtype=torch.bool)\n"
            "    return torch.tril(ones) & torch.triu(ones, diagonal=-window)\n")),
        ("olvida la parte causal: la ventana mira también hacia el futuro", _window(
            "    i = torch.arange(T)[:, None]\n    j = torch.arange(T)[None, :]\n"
            "    return (i - j).abs() < window\n")),
        ("la banda por encima de la diagonal: la máscara traspuesta", _window(
            "    i = torch.arange(T)[:, None]\n    j = torch.arange(T)[None, :]\n"
            "    return (j >= i) & (j - i < window)\n")),
        ("[referencia] la comprensión de listas del test visible, con un bucle por casilla", _window(
            "    return torch.tensor([[j <= i and i - j < window for j in range(T)] for i in range(T)], dtype=torch.bool)\n")),
        ("[copia] la diagonal=-1 de la demo: la ventana deja fuera la propia posición", _window(
            "    ones = torch.ones(T, T, dtype=torch.bool)\n"
            "    return torch.tril(ones, diagonal=-1) & torch.triu(ones, diagonal=-window)\n")),
        ("el signo de la diagonal al revés: triu(diagonal=window - 1)", _window(
            "    ones = torch.ones(T, T, dtype=torch.bool)\n"
            "    return torch.tril(ones) & torch.triu(ones, diagonal=window - 1)\n")),
        ("devuelve unos y ceros en float32 en vez de bool", _window(
            "    ones = torch.ones(T, T)\n    return torch.tril(ones) * torch.triu(ones, diagonal=1 - window)\n")),
    ],
    "nb14-cached-attention": [
        ("[copia] la atención a mano de la sección 6, con la máscara cuadrada (Tq, Tq)", _cached(
            _SCORES + "    allowed = torch.tril(torch.ones(Tq, Tq, dtype=torch.bool))\n" + _MIX)),
        ("[referencia] la llamada del test visible aplicada a las consultas nuevas", _cached(
            "    return F.scaled_dot_product_attention(q, k, v, is_causal=True)\n")),
        ("máscara (Tq, Tk) sin desplazar: tril la alinea arriba a la izquierda", _cached(
            _SCORES + "    allowed = torch.ones(Tq, Tk, dtype=torch.bool).tril()\n" + _MIX)),
        ("desplaza la máscara una posición de menos: la consulta no se mira a sí misma", _cached(
            _SCORES + "    allowed = torch.ones(Tq, Tk, dtype=torch.bool).tril(diagonal=Tk - Tq - 1)\n" + _MIX)),
        ("desplaza la máscara una posición de más: mira la jugada siguiente", _cached(
            _SCORES + "    allowed = torch.ones(Tq, Tk, dtype=torch.bool).tril(diagonal=Tk - Tq + 1)\n" + _MIX)),
        ("sin máscara: solo vale cuando hay una única consulta nueva", _cached(
            _SCORES + "    return scores.softmax(dim=-1) @ v\n")),
        ("escala con √Tk en vez de √D", _cached(
            "    scores = q @ k.transpose(-2, -1) / math.sqrt(Tk)\n"
            "    allowed = torch.ones(Tq, Tk, dtype=torch.bool).tril(diagonal=Tk - Tq)\n" + _MIX)),
        ("softmax sobre el eje de las consultas", _cached(
            _SCORES + "    allowed = torch.ones(Tq, Tk, dtype=torch.bool).tril(diagonal=Tk - Tq)\n"
            "    return scores.masked_fill(~allowed, float('-inf')).softmax(dim=-2) @ v\n")),
        ("tapa el futuro con 0 en vez de −∞: el futuro sigue recibiendo peso", _cached(
            _SCORES + "    allowed = torch.ones(Tq, Tk, dtype=torch.bool).tril(diagonal=Tk - Tq)\n"
            "    return scores.masked_fill(~allowed, 0.0).softmax(dim=-1) @ v\n")),
        ("[global] escala con el D del cuaderno (4) en vez del de q", _cached(
            "    scores = q @ k.transpose(-2, -1) / math.sqrt(D)\n"
            "    allowed = torch.ones(Tq, Tk, dtype=torch.bool).tril(diagonal=Tk - Tq)\n" + _MIX)),
        ("[fijo] rehace las entradas al azar del test visible con su semilla y devuelve su referencia", _cached(
            "    gen = torch.Generator().manual_seed(0 if Tk == 6 else 1)\n"
            "    q_all = torch.randn(*k.shape, generator=gen)\n"
            "    return F.scaled_dot_product_attention(q_all, k, v, is_causal=True)[:, :, -Tq:]\n")),
        ("[bucle] una consulta cada vez, con SDPA sobre las claves que puede mirar", _cached(
            "    rows = []\n"
            "    for i in range(Tq):\n"
            "        p = Tk - Tq + i\n"
            "        rows.append(F.scaled_dot_product_attention(q[:, :, i:i + 1], k[:, :, :p + 1], v[:, :, :p + 1]))\n"
            "    return torch.cat(rows, dim=2)\n")),
    ],
}
