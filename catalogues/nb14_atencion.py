"""Respuestas equivocadas plausibles de 14-atencion: {grade_id: [(motivo, celda completa), ...]}.

Las entradas que empiezan por una etiqueta entre corchetes son las del alumno perezoso: [copia] código
del cuaderno pegado, [referencia] la referencia del test visible, [fijo] el caso visible escrito a mano,
[global] una variable del cuaderno en vez del argumento, [bucle] un bucle de Python donde se pide
vectorizar (también escondido en una función auxiliar, un `map`, una comprensión o una recursión),
[mensaje] un valor al tuntún para leer el mensaje. Las que son un cambio pequeño de la solución se
escriben como ese cambio (``edit``); las demás, enteras.
"""

from catalogues.edits import answers, edit

SLUG = "14-atencion"


def _received(*changes):
    return edit(SLUG, "nb14-attention-received", *changes)


def _mean_as(new):
    """attention_received con otra cuenta en lugar de la media sobre cabezas y consultas."""
    return _received(("weights.mean(dim=(1, 2))", new))


def _shapes(**values):
    return answers(SLUG, "nb14-predict-shapes", **values)


def _window(*changes):
    return edit(SLUG, "nb14-window-mask", *changes)


def _cached(*changes):
    return edit(SLUG, "nb14-cached-attention", *changes)


_ALLOWED = "torch.ones(Tq, Tk, dtype=torch.bool, device=q.device).tril(diagonal=Tk - Tq)"
_MASKED = 'weights = scores.masked_fill(~allowed, float("-inf")).softmax(dim=-1)'

# Una consulta nueva cada vez, con la máscara que le toca: el cuerpo de los bucles de cached_attention.
_ONE_QUERY = '''
def _one_query(q_row, k, v, position):
    scores = q_row @ k[..., :position + 1, :].transpose(-2, -1) / math.sqrt(q_row.shape[-1])
    return scores.softmax(dim=-1) @ v[..., :position + 1, :]
'''

WRONG_ANSWERS = {
    "nb14-attention-received": [
        ("media sobre cabezas y claves en vez de cabezas y consultas: todas las posiciones valen 1/T",
         _received(("mean(dim=(1, 2))", "mean(dim=(1, 3))"))),
        ("suma en vez de media", _received(("mean(dim=(1, 2))", "sum(dim=(1, 2))"))),
        ("promedia solo las consultas y se olvida de las cabezas", _received(("mean(dim=(1, 2))", "mean(dim=2)"))),
        ("promedia las cabezas y suma las consultas", _received(("mean(dim=(1, 2))", "mean(dim=1).sum(dim=1)"))),
        ("pasa a float32 y pierde el tipo de la entrada", _received(("weights.mean", "weights.float().mean"))),
        ("[copia] la suma por filas de la sección 3 aplicada al argumento", _mean_as("weights[0, 0].sum(dim=-1)")),
        ("[copia] la suma por filas de la sección 3 promediada sobre las cabezas",
         _mean_as("weights.sum(dim=-1).mean(dim=1)")),
        ("[fijo] devuelve el resultado del ejemplo visible", _mean_as("torch.tensor([[0.675, 0.325]])")),
        ("[global] divide entre el H del cuaderno en vez de contar las cabezas de los pesos",
         _mean_as("weights.sum(dim=(1, 2)) / (H * weights.shape[-1])")),
        ("[referencia] la comprensión de listas del test visible, en vez de una operación sobre el tensor", '''
def attention_received(weights):
    n_b, n_h, n_i, n_j = weights.shape
    rows = weights.tolist()
    return torch.tensor([[sum(rows[b][h][i][j] for h in range(n_h) for i in range(n_i)) / (n_h * n_i)
                          for j in range(n_j)] for b in range(n_b)], dtype=weights.dtype)
'''),
        ("[bucle] un bucle sobre las filas del lote, movido a una función auxiliar", '''
def _per_window(weights):
    rows = []
    for window in weights:
        rows.append(window.mean(dim=(0, 1)))
    return torch.stack(rows)


def attention_received(weights):
    return _per_window(weights)
'''),
        ("[bucle] las cabezas recorridas con map y una lambda, dentro de una función auxiliar", '''
def _head_means(weights):
    return torch.stack(list(map(lambda head: head.mean(dim=1), weights.unbind(dim=1))), dim=1)


def attention_received(weights):
    return _head_means(weights).mean(dim=1)
'''),
        ("[bucle] una comprensión sobre las posiciones, dentro de una función auxiliar", '''
def _columns(weights):
    return [weights[..., j].mean(dim=(1, 2)) for j in range(weights.shape[-1])]


def attention_received(weights):
    return torch.stack(_columns(weights), dim=-1)
'''),
        ("[bucle] una recursión que suma las cabezas una a una", '''
def _sum_heads(weights):
    first = weights[:, 0].sum(dim=1)
    if weights.shape[1] == 1:
        return first
    return first + _sum_heads(weights[:, 1:])


def attention_received(weights):
    return _sum_heads(weights) / (weights.shape[1] * weights.shape[2])
'''),
        ("[bucle] el sum de Python sobre las cabezas: un bucle sin líneas del alumno, una suma de torch por cabeza",
         _mean_as("sum(weights.unbind(dim=1)).mean(dim=1) / weights.shape[1]")),
        ("[bucle] functools.reduce con una lambda que suma las cabezas", '''
from functools import reduce


def attention_received(weights):
    total = reduce(lambda a, b: a + b, weights.unbind(dim=1))
    return total.mean(dim=1) / weights.shape[1]
'''),
    ],
    "nb14-predict-shapes": [
        ("cree que qkv(x) ya tiene el ancho d", _shapes(shape_qkv="(3, 7, 24)")),
        ("olvida el transpose: cabezas detrás de las posiciones",
         _shapes(shape_q_heads="(3, 7, 6, 4)", shape_scores="(3, 7, 6, 6)")),
        ("confunde H con D", _shapes(shape_q_heads="(3, 4, 7, 6)", shape_scores="(3, 4, 7, 7)")),
        ("cree que las puntuaciones tienen la forma de q", _shapes(shape_scores="(3, 6, 7, 4)")),
        ("cree que la tabla crece en proporción a T: la duplica", _shapes(n_scores_long="40_960_000")),
        ("cuenta los 12 bloques en vez de uno", _shapes(n_scores_long="983_040_000")),
        ("[copia] la cifra de rukh-small de la sección 1, con T = 200", _shapes(n_scores_long="20_480_000")),
        ("[copia] las formas del ejemplo pequeño del cuaderno", _shapes(
            shape_qkv="(2, 5, 48)", shape_q_heads="(2, 4, 5, 4)", shape_scores="(2, 4, 5, 5)", n_scores_long="20_480_000")),
        ("[mensaje] prueba valores cualquiera para que el mensaje le diga los buenos", _shapes(
            shape_qkv="(1, 1, 1)", shape_q_heads="(1, 1, 1, 1)", shape_scores="(1, 1, 1, 1)", n_scores_long="1")),
    ],
    "nb14-window-mask": [
        ("[copia] la máscara causal de la sección 3, sin ventana", '''
def window_mask(T, window):
    return torch.tril(torch.ones(T, T, dtype=torch.bool))
'''),
        ("[fijo] devuelve la matriz del ejemplo visible", '''
def window_mask(T, window):
    return torch.tensor([[True, False, False, False], [True, True, False, False],
                         [False, True, True, False], [False, False, True, True]])
'''),
        ("[global] combina la máscara `mask` del cuaderno (5 × 5) con la ventana", '''
def window_mask(T, window):
    return mask & torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1 - window)
'''),
        ("una posición de más en la ventana: i − j ≤ window", _window(("diagonal=1 - window", "diagonal=-window"))),
        ("olvida la parte causal: la ventana mira también hacia el futuro", '''
def window_mask(T, window):
    i = torch.arange(T)[:, None]
    j = torch.arange(T)[None, :]
    return (i - j).abs() < window
'''),
        ("la banda por encima de la diagonal: la máscara traspuesta", '''
def window_mask(T, window):
    i = torch.arange(T)[:, None]
    j = torch.arange(T)[None, :]
    return (j >= i) & (j - i < window)
'''),
        ("[referencia] la comprensión de listas del test visible, con un bucle por casilla", '''
def window_mask(T, window):
    return torch.tensor([[j <= i and i - j < window for j in range(T)] for i in range(T)], dtype=torch.bool)
'''),
        ("[copia] la diagonal=-1 de la demo: la ventana deja fuera la propia posición",
         _window(("torch.tril(ones)", "torch.tril(ones, diagonal=-1)"), ("diagonal=1 - window", "diagonal=-window"))),
        ("el signo de la diagonal al revés: triu(diagonal=window - 1)",
         _window(("diagonal=1 - window", "diagonal=window - 1"))),
        ("devuelve unos y ceros en float32 en vez de bool",
         _window((", dtype=torch.bool", ""), ("torch.tril(ones) & ", "torch.tril(ones) * "))),
        ("[bucle] una fila cada vez, con el bucle en una función auxiliar", '''
def _rows(T, window):
    j = torch.arange(T)
    out = torch.zeros(T, T, dtype=torch.bool)
    for i in range(T):
        out[i] = (j <= i) & (i - j < window)
    return out


def window_mask(T, window):
    return _rows(T, window)
'''),
        ("[bucle] las filas con map y una lambda, dentro de una función auxiliar", '''
def _stacked_rows(T, window):
    j = torch.arange(T)
    return torch.stack(list(map(lambda i: (j <= i) & (i - j < window), range(T))))


def window_mask(T, window):
    return _stacked_rows(T, window)
'''),
        ("[bucle] una diagonal por cada posición de la ventana, en una comprensión dentro de una auxiliar", '''
def _diagonals(T, window):
    return [torch.ones(T - k).diag(-k) for k in range(min(window, T))]


def window_mask(T, window):
    return torch.stack(_diagonals(T, window)).sum(dim=0).bool()
'''),
        ("[bucle] una recursión que añade la última fila a la máscara de T − 1", '''
def _grow(T, window):
    if T == 0:
        return torch.zeros(0, 0, dtype=torch.bool)
    out = torch.zeros(T, T, dtype=torch.bool)
    out[:-1, :-1] = _grow(T - 1, window)
    out[-1] = torch.arange(T) > T - 1 - window
    return out


def window_mask(T, window):
    return _grow(T, window)
'''),
    ],
    "nb14-cached-attention": [
        ("[copia] la atención a mano de la sección 6, con la máscara cuadrada (Tq, Tq)",
         _cached((_ALLOWED, "torch.tril(torch.ones(Tq, Tq, dtype=torch.bool))"))),
        ("[referencia] la llamada del test visible aplicada a las consultas nuevas", '''
def cached_attention(q, k, v):
    Tq, Tk = q.shape[-2], k.shape[-2]
    return F.scaled_dot_product_attention(q, k, v, is_causal=True)
'''),
        ("máscara (Tq, Tk) sin desplazar: tril la alinea arriba a la izquierda",
         _cached(("tril(diagonal=Tk - Tq)", "tril()"))),
        ("desplaza la máscara una posición de menos: la consulta no se mira a sí misma",
         _cached(("diagonal=Tk - Tq)", "diagonal=Tk - Tq - 1)"))),
        ("desplaza la máscara una posición de más: mira la jugada siguiente",
         _cached(("diagonal=Tk - Tq)", "diagonal=Tk - Tq + 1)"))),
        ("sin máscara: solo vale cuando hay una única consulta nueva",
         _cached(("allowed = " + _ALLOWED + "\n    " + _MASKED, "weights = scores.softmax(dim=-1)"))),
        ("escala con √Tk en vez de √D", _cached(("math.sqrt(q.shape[-1])", "math.sqrt(Tk)"))),
        ("softmax sobre el eje de las consultas", _cached(("softmax(dim=-1)", "softmax(dim=-2)"))),
        ("tapa el futuro con 0 en vez de −∞: el futuro sigue recibiendo peso", _cached(('float("-inf")', "0.0"))),
        ("[global] escala con el D del cuaderno (4) en vez del de q", _cached(("math.sqrt(q.shape[-1])", "math.sqrt(D)"))),
        ("[fijo] rehace las entradas al azar del test visible con su semilla y devuelve su referencia", '''
def cached_attention(q, k, v):
    Tq, Tk = q.shape[-2], k.shape[-2]
    gen = torch.Generator().manual_seed(0 if Tk == 6 else 1)
    q_all = torch.randn(*k.shape, generator=gen)
    return F.scaled_dot_product_attention(q_all, k, v, is_causal=True)[:, :, -Tq:]
'''),
        ("[bucle] una consulta cada vez, con SDPA sobre las claves que puede mirar", '''
def cached_attention(q, k, v):
    Tq, Tk = q.shape[-2], k.shape[-2]
    rows = []
    for i in range(Tq):
        p = Tk - Tq + i
        rows.append(F.scaled_dot_product_attention(q[:, :, i:i + 1], k[:, :, :p + 1], v[:, :, :p + 1]))
    return torch.cat(rows, dim=2)
'''),
        ("[bucle] una consulta cada vez, con el bucle en una función auxiliar", _ONE_QUERY + '''

def _query_by_query(q, k, v):
    Tq, Tk = q.shape[-2], k.shape[-2]
    rows = []
    for i in range(Tq):
        rows.append(_one_query(q[..., i:i + 1, :], k, v, Tk - Tq + i))
    return torch.cat(rows, dim=-2)


def cached_attention(q, k, v):
    return _query_by_query(q, k, v)
'''),
        ("[bucle] las cabezas con map, una tabla por cabeza, dentro de una función auxiliar", '''
def _one_head(q, k, v):
    Tq, Tk = q.shape[-2], k.shape[-2]
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    allowed = torch.ones(Tq, Tk, dtype=torch.bool).tril(diagonal=Tk - Tq)
    return scores.masked_fill(~allowed, float("-inf")).softmax(dim=-1) @ v


def _by_heads(q, k, v):
    return torch.stack(list(map(_one_head, q.unbind(1), k.unbind(1), v.unbind(1))), dim=1)


def cached_attention(q, k, v):
    return _by_heads(q, k, v)
'''),
        ("[bucle] una comprensión sobre las consultas nuevas, dentro de una función auxiliar", _ONE_QUERY + '''

def _rows(q, k, v):
    Tq, Tk = q.shape[-2], k.shape[-2]
    return [_one_query(q[..., i:i + 1, :], k, v, Tk - Tq + i) for i in range(Tq)]


def cached_attention(q, k, v):
    return torch.cat(_rows(q, k, v), dim=-2)
'''),
        ("[bucle] una recursión: la última consulta nueva y, antes, las demás", _ONE_QUERY + '''

def _recursive(q, k, v):
    Tq, Tk = q.shape[-2], k.shape[-2]
    last = _one_query(q[..., -1:, :], k, v, Tk - 1)
    if Tq == 1:
        return last
    return torch.cat([_recursive(q[..., :-1, :], k[..., :-1, :], v[..., :-1, :]), last], dim=-2)


def cached_attention(q, k, v):
    return _recursive(q, k, v)
'''),
    ],
}
