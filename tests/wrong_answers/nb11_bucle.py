"""Respuestas equivocadas plausibles de 11-bucle: {grade_id: [(motivo, celda completa), ...]}."""

WRONG_ANSWERS = {
    "nb11-make-xy": [
        ("intercambia x e y", '''
def make_xy(ids):
    return ids[:, 1:], ids[:, :-1]
'''),
        ("recorta el eje de las partidas en vez del de las posiciones", '''
def make_xy(ids):
    return ids[:-1], ids[1:]
'''),
        ("deja x entero: x tiene una posición de más", '''
def make_xy(ids):
    return ids, ids[:, 1:]
'''),
        ("se pasa de largo: quita dos fichas del final de x", '''
def make_xy(ids):
    return ids[:, :-2], ids[:, 1:-1]
'''),
        ("devuelve una lista en vez de una tupla", '''
def make_xy(ids):
    return [ids[:, :-1], ids[:, 1:]]
'''),
    ],
    "nb11-forma-rukh": [
        ("aplana los tres ejes", "forma_rukh = (64 * 200 * 2030,)"),
        ("no junta B y T", "forma_rukh = (64, 200, 2030)"),
        ("junta T y V en vez de B y T", "forma_rukh = (64, 200 * 2030)"),
        ("escribe una lista en vez de una tupla", "forma_rukh = [12800, 2030]"),
        ("olvida el lote: una sola partida", "forma_rukh = (200, 2030)"),
    ],
    "nb11-bigram-loss": [
        ("no aplana: F.cross_entropy lee el eje T como si fueran las clases", '''
def bigram_loss(logits, y):
    V = logits.shape[-1]
    return F.cross_entropy(logits, y)
'''),
        ("usa view en y, que no es contiguo", '''
def bigram_loss(logits, y):
    V = logits.shape[-1]
    return F.cross_entropy(logits.view(-1, V), y.view(-1))
'''),
        ("aplana con los ejes al revés: V filas", '''
def bigram_loss(logits, y):
    V = logits.shape[-1]
    return F.cross_entropy(logits.reshape(V, -1), y.reshape(-1))
'''),
        ("solo usa la última posición de cada partida", '''
def bigram_loss(logits, y):
    V = logits.shape[-1]
    return F.cross_entropy(logits[:, -1], y[:, -1])
'''),
        ("suma en vez de promediar", '''
def bigram_loss(logits, y):
    V = logits.shape[-1]
    return F.cross_entropy(logits.view(-1, V), y.reshape(-1), reduction="sum")
'''),
    ],
    "nb11-train-step": [
        ("olvida zero_grad(): los gradientes se acumulan entre pasos", '''
def train_step(model, opt, x, y):
    logits = model(x)
    V = logits.shape[-1]
    loss = F.cross_entropy(logits.view(-1, V), y.reshape(-1))
    loss.backward()
    opt.step()
    return loss.item()
'''),
        ("olvida opt.step(): los pesos no se mueven", '''
def train_step(model, opt, x, y):
    logits = model(x)
    V = logits.shape[-1]
    loss = F.cross_entropy(logits.view(-1, V), y.reshape(-1))
    opt.zero_grad()
    loss.backward()
    return loss.item()
'''),
        ("borra los gradientes entre backward() y step(): el paso no hace nada", '''
def train_step(model, opt, x, y):
    logits = model(x)
    V = logits.shape[-1]
    loss = F.cross_entropy(logits.view(-1, V), y.reshape(-1))
    loss.backward()
    opt.zero_grad()
    opt.step()
    return loss.item()
'''),
        ("da el paso antes de retropropagar", '''
def train_step(model, opt, x, y):
    logits = model(x)
    V = logits.shape[-1]
    loss = F.cross_entropy(logits.view(-1, V), y.reshape(-1))
    opt.zero_grad()
    opt.step()
    loss.backward()
    return loss.item()
'''),
        ("devuelve la pérdida recalculada después del paso", '''
def train_step(model, opt, x, y):
    logits = model(x)
    V = logits.shape[-1]
    loss = F.cross_entropy(logits.view(-1, V), y.reshape(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()
    return F.cross_entropy(model(x).view(-1, V), y.reshape(-1)).item()
'''),
    ],
    "nb11-data-floor": [
        ("promedia la entropía de cada ficha actual sin pesar por cuántas veces aparece", '''
import math
from collections import Counter


def data_floor(x, y):
    parejas = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
    veces_pareja = Counter(parejas)
    veces_actual = Counter(a for a, _ in parejas)
    entropias = []
    for a, n_a in veces_actual.items():
        h = 0.0
        for (a2, b), n in veces_pareja.items():
            if a2 == a:
                h -= n / n_a * math.log(n / n_a)
        entropias.append(h)
    return sum(entropias) / len(entropias)
'''),
        ("usa logaritmo en base 2", '''
import math
from collections import Counter


def data_floor(x, y):
    parejas = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
    veces_pareja = Counter(parejas)
    veces_actual = Counter(a for a, _ in parejas)
    total = 0.0
    for a, b in parejas:
        total -= math.log2(veces_pareja[(a, b)] / veces_actual[a])
    return total / len(parejas)
'''),
        ("ignora la ficha actual: entropía de la siguiente ficha sola", '''
import math
from collections import Counter


def data_floor(x, y):
    parejas = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
    veces_siguiente = Counter(b for _, b in parejas)
    total = 0.0
    for a, b in parejas:
        total -= math.log(veces_siguiente[b] / len(parejas))
    return total / len(parejas)
'''),
        ("suma una vez por pareja distinta en vez de una vez por posición", '''
import math
from collections import Counter


def data_floor(x, y):
    parejas = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
    veces_pareja = Counter(parejas)
    veces_actual = Counter(a for a, _ in parejas)
    total = 0.0
    for (a, b) in veces_pareja:
        total -= math.log(veces_pareja[(a, b)] / veces_actual[a])
    return total / len(parejas)
'''),
        ("copia el número de las partidas de juguete", '''
def data_floor(x, y):
    return 0.3727359974682001
'''),
    ],
}
