"""Respuestas equivocadas plausibles de 11-bucle: {grade_id: [(motivo, celda completa), ...]}.

Las que son un cambio pequeño de la solución se escriben como ese cambio (``edit``, ``answers``: la
solución se lee del cuaderno del profesor); las que siguen otro camino, enteras.
"""

from catalogues.edits import answers, edit

SLUG = "11-bucle"


def _make_xy(*changes):
    return edit(SLUG, "nb11-make-xy", *changes)


def _shapes(**values):
    return answers(SLUG, "nb11-flat-shapes", **values)


def _step(*changes):
    return edit(SLUG, "nb11-accumulated-step", *changes)


def _floor(*changes):
    return edit(SLUG, "nb11-data-floor", *changes)


# Trozos de las soluciones de accumulated_step y data_floor que varias respuestas cambian.
_LOOP = "for start in range(0, x.shape[0], size):\n"
_ZERO_GRAD = ("opt.zero_grad()\n    ", "")
_ZERO_GRAD_IN_LOOP = (_LOOP, _LOOP + "        opt.zero_grad()\n")
_CURRENT_COUNTS = "current_counts = Counter(a for a, _ in pairs)"
_NEXT_COUNTS = "next_counts = Counter(b for _, b in pairs)"

WRONG_ANSWERS = {
    "nb11-make-xy": [
        ("[copia] la línea del lote de cuatro partidas aplicada al flujo: sale 1-D, sin ventanas", '''
def make_xy(stream, T):
    return stream[:-1], stream[1:]
'''),
        ("[fijo] devuelve las ventanas del caso visible escritas a mano", '''
def make_xy(stream, T):
    return (torch.tensor([[1, 7, 3, 9], [4, 1, 8, 8], [2, 6, 5, 3]]),
            torch.tensor([[7, 3, 9, 4], [1, 8, 8, 2], [6, 5, 3, 12]]))
'''),
        ("[copia] corta en filas de T + 1 y luego desplaza como en el lote: las ventanas no se solapan", '''
def make_xy(stream, T):
    n = len(stream) // (T + 1)
    rows = stream[: n * (T + 1)].reshape(n, T + 1)
    return rows[:, :-1], rows[:, 1:]
'''),
        ("cuenta las ventanas con L // T: la última se queda sin su objetivo final",
         _make_xy(("(len(stream) - 1) // T", "len(stream) // T"))),
        ("desplaza dentro de cada ventana: el último objetivo de cada fila se pierde", '''
def make_xy(stream, T):
    n = (len(stream) - 1) // T
    rows = stream[: n * T].reshape(n, T)
    x = rows
    y = torch.cat([rows[:, 1:], rows[:, -1:]], dim=1)
    return x, y
'''),
        ("[fijo] las ventanas del caso visible escritas a mano y, con otro flujo, L // T ventanas", '''
def make_xy(stream, T):
    if len(stream) == 13 and T == 4:
        return (torch.tensor([[1, 7, 3, 9], [4, 1, 8, 8], [2, 6, 5, 3]]),
                torch.tensor([[7, 3, 9, 4], [1, 8, 8, 2], [6, 5, 3, 12]]))
    n = len(stream) // T
    return stream[: n * T].reshape(n, T), stream[1 : n * T + 1].reshape(n, T)
'''),
        ("intercambia x e y", _make_xy(("return x, y", "return y, x"))),
        ("devuelve una lista en vez de una tupla", _make_xy(("return x, y", "return [x, y]"))),
    ],
    "nb11-flat-shapes": [
        ("[mensaje] copia la forma de la celda del juguete: (20, 14)",
         _shapes(shape_flat_logits="(20, 14)", shape_flat_targets="(20,)", n_logits="280")),
        ("[mensaje] no junta B y T: deja la forma de los logits tal cual",
         _shapes(shape_flat_logits="(64, 200, 2030)", shape_flat_targets="(64, 200)")),
        ("aplana los tres ejes en uno", _shapes(shape_flat_logits="(25_984_000,)")),
        ("junta T y V en vez de B y T", _shapes(shape_flat_logits="(64, 406_000)")),
        ("olvida el lote: una sola partida",
         _shapes(shape_flat_logits="(200, 2030)", shape_flat_targets="(200,)", n_logits="406_000")),
        ("cuenta solo las filas, no los números de cada fila", _shapes(n_logits="12_800")),
        ("escribe el objetivo aplanado como (B·T, 1)", _shapes(shape_flat_targets="(12_800, 1)")),
    ],
    "nb11-accumulated-step": [
        ("[copia] el paso del bucle de la sección 4 con el lote entero: no cabe en el modelo", '''
def accumulated_step(model, opt, x, y, n_micro):
    logits = model(x)
    V = logits.shape[-1]
    loss = F.cross_entropy(logits.view(-1, V), y.reshape(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()
'''),
        ("[referencia] pega el paso con el lote entero del test visible", '''
def accumulated_step(model, opt, x, y, n_micro):
    opt.zero_grad()
    full = F.cross_entropy(model(x).reshape(-1, model(x).shape[-1]), y.reshape(-1))
    full.backward()
    opt.step()
    return full.item()
'''),
        ("[global] aplana con la V = 14 del cuaderno en vez de la de los logits",
         _step(("logits.reshape(-1, logits.shape[-1])", "logits.reshape(-1, V)"))),
        ("[fijo] parte siempre en dos mitades, sea cual sea n_micro", '''
def accumulated_step(model, opt, x, y, n_micro):
    half = x.shape[0] // 2
    opt.zero_grad()
    total = 0.0
    for part in (slice(0, half), slice(half, None)):
        logits = model(x[part])
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y[part].reshape(-1))
        (loss / 2).backward()
        total += loss.item()
    opt.step()
    return total / 2
'''),
        ("no divide por n_micro: el gradiente acumulado es n_micro veces el del lote entero",
         _step(("(loss / n_micro).backward()", "loss.backward()"))),
        ("borra los gradientes en cada trozo: solo cuenta el último", _step(_ZERO_GRAD, _ZERO_GRAD_IN_LOOP)),
        ("da un paso del optimizador por trozo en vez de uno al final", _step(
            _ZERO_GRAD, _ZERO_GRAD_IN_LOOP, ("(loss / n_micro).backward()", "loss.backward()\n        opt.step()"),
            ("opt.step()\n    return", "return"))),
        ("olvida zero_grad(): arrastra los gradientes que ya había en .grad", _step(_ZERO_GRAD)),
        ("devuelve la pérdida del último trozo, no la del lote entero", _step(
            ("total = 0.0\n    ", ""), ("\n        total += loss.item()", ""),
            ("return total / n_micro", "return loss.item()"))),
        ("devuelve la suma de las pérdidas de los trozos, no su media",
         _step(("return total / n_micro", "return total"))),
        ("devuelve un tensor en vez de un float", _step(("total += loss.item()", "total = total + loss.detach()"))),
        ("[atajo] llama a la tabla interna del modelo del test visible con el lote entero: sin microlotes", '''
def accumulated_step(model, opt, x, y, n_micro):
    logits = model.table(x)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y.reshape(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()
'''),
        ("[atajo] llama al modelo en trozos para cumplir, pero el gradiente sale de la tabla con el lote entero", '''
def accumulated_step(model, opt, x, y, n_micro):
    size = x.shape[0] // n_micro
    with torch.no_grad():
        for start in range(0, x.shape[0], size):
            model(x[start : start + size])
    logits = torch.nn.functional.embedding(x, model.table.weight)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y.reshape(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()
'''),
        ("[atajo] salta forward: model.forward no pasa, pero usa los pesos del primer parámetro del modelo con el lote entero", '''
def accumulated_step(model, opt, x, y, n_micro):
    weight = next(model.parameters())
    logits = weight[x]
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y.reshape(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()
'''),
        ("parte las posiciones (el eje T) en vez de las partidas", _step(
            ("x.shape[0] // n_micro", "x.shape[1] // n_micro"),
            ("range(0, x.shape[0], size)", "range(0, x.shape[1], size)"),
            ("x[start : start + size]", "x[:, start : start + size]"),
            ("y[start : start + size]", "y[:, start : start + size]"))),
    ],
    "nb11-data-floor": [
        ("[copia] generaliza la cuenta del test construido al revés: ln del número de seguidores distintos de cada token", '''
def data_floor(x, y):
    import math
    pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
    followers = {}
    for a, b in pairs:
        followers.setdefault(a, set()).add(b)
    return sum(math.log(len(followers[a])) for a, _ in pairs) / len(pairs)
'''),
        ("[global] la tabla de V × V cuentas con la V = 14 del cuaderno: los ids mayores no caben", '''
def data_floor(x, y):
    counts = torch.zeros(V, V)
    counts.index_put_((x.reshape(-1), y.reshape(-1)), torch.ones(x.numel()), accumulate=True)
    p_next = counts / counts.sum(dim=1, keepdim=True).clamp(min=1)
    return (-(counts * p_next.clamp(min=1e-12).log()).sum() / x.numel()).item()
'''),
        ("[fijo] copia el número de las partidas de juguete", '''
def data_floor(x, y):
    return 0.3727359974682001
'''),
        ("[fijo] devuelve el suelo del primer caso visible, y 0 si no hay ambigüedad", '''
import math


def data_floor(x, y):
    if x.shape == (1, 4):
        return (2 * math.log(3 / 2) + math.log(3)) / 4
    return 0.0
'''),
        ("[copia] el Counter de la celda de e2e4, para cada token actual, promediado por token y no por posición", '''
import math
from collections import Counter


def data_floor(x, y):
    pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
    entropies = []
    for a in set(p[0] for p in pairs):
        after_a = Counter(b for c, b in pairs if c == a)
        n_a = sum(after_a.values())
        entropies.append(-sum(n / n_a * math.log(n / n_a) for n in after_a.values()))
    return sum(entropies) / len(entropies)
'''),
        ("usa logaritmo en base 2", _floor(("math.log(", "math.log2("))),
        ("ignora el token actual: entropía del token siguiente a secas", _floor(
            ("pair_counts = Counter(pairs)\n    " + _CURRENT_COUNTS, _NEXT_COUNTS),
            ("pair_counts[(a, b)] / current_counts[a]", "next_counts[b] / len(pairs)"))),
        ("suma una vez por pareja distinta en vez de una vez por posición",
         _floor(("for a, b in pairs:", "for a, b in pair_counts:"))),
        ("divide por las veces que aparece el token siguiente en vez del actual",
         _floor((_CURRENT_COUNTS, _NEXT_COUNTS), ("current_counts[a]", "next_counts[b]"))),
        ("devuelve un tensor de 0 dimensiones en vez de un float",
         _floor(("return total / len(pairs)", "return torch.tensor(total / len(pairs))"))),
    ],
}
