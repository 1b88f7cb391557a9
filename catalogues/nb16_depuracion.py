"""Respuestas equivocadas plausibles de 16-depuracion: {grade_id: [(motivo, celda completa), ...]}.

Las que empiezan por una etiqueta entre corchetes son las del alumno perezoso: [copia] pega la
función rota que el cuaderno enseña, [fijo] se ajusta al caso visible, [global] usa un valor de
las celdas de demostración en vez del argumento, [mensaje] prueba valores y lee el mensaje,
[bucle] un bucle de Python donde se pide el lote de una vez (también escondido en una función
auxiliar, un ``map``, una comprensión o una recursión). Las que son un cambio pequeño de la
solución se escriben con ``edit`` sobre la del cuaderno del profesor.
"""

from catalogues.edits import answers, edit

SLUG = "16-depuracion"


def _mse(*changes):
    return edit(SLUG, "nb16-elo-mse", *changes)


def _loss(*changes):
    return edit(SLUG, "nb16-game-loss", *changes)


def _top1(*changes):
    return edit(SLUG, "nb16-top1-accuracy", *changes)


_SQUARED = "((pred.squeeze(-1) - target) ** 2)"
_NO_V = ("V = logits.shape[-1]\n    ", "")


_FIXED_MODEL_HEAD = '''
class FixedModel(nn.Module):
    def __init__(self, V, d):
        super().__init__()
        self.embed = nn.Embedding(V, d)
        self.out = nn.Linear(d, V)

    def forward(self, x):
        return '''


def _fixed_model(returned: str) -> str:
    """La clase del ejercicio (lo que no es del alumno, escrito una vez) con ``returned`` tras el return."""
    return _FIXED_MODEL_HEAD + returned + "\n"


WRONG_ANSWERS = {
    "nb16-count-printed": [
        ("cree que el umbral se mira eje a eje y no con el total de elementos",
         answers(SLUG, "nb16-count-printed", count_a="72", count_d="2000")),
        ("cree que al resumir se recortan todos los ejes, también los cortos",
         answers(SLUG, "nb16-count-printed", count_a="64", count_d="36")),
        ("resume también el vector de 20, que no pasa del umbral", answers(SLUG, "nb16-count-printed", count_c="8")),
        ("cree que edgeitems solo recorta las filas", answers(SLUG, "nb16-count-printed", count_d="2000")),
        ("resume el (10, 30) aunque tiene menos de 1000 elementos", answers(SLUG, "nb16-count-printed", count_b="36")),
        ("[mensaje] prueba las respuestas del ejercicio antiguo a ver qué dice el test",
         answers(SLUG, "nb16-count-printed", count_a="64", count_d="36")),
        ("[mensaje] cuenta los elementos de cada tensor sin pensar en el resumen",
         answers(SLUG, "nb16-count-printed", count_a="72", count_d="2000")),
    ],
    "nb16-elo-mse": [
        ("[copia] pega la función rota tal cual", _mse(("pred.squeeze(-1)", "pred"))),
        ("promedia solo el primer eje: devuelve un vector en vez de un número",
         _mse(("pred.squeeze(-1)", "pred"), (".mean()", ".mean(dim=0)"))),
        ("promedia por filas y luego el total: sigue usando la tabla (N, N)",
         _mse(("pred.squeeze(-1)", "pred"), (".mean()", ".mean(dim=1).mean()"))),
        ("mueve el eje al objetivo: (N, 1) - (1, N) sigue siendo una tabla (N, N)",
         _mse(("pred.squeeze(-1) - target", "pred - target.unsqueeze(0)"))),
        ("divide la suma de la tabla (N, N) entre N",
         _mse(("pred.squeeze(-1)", "pred"), (".mean()", ".sum() / target.shape[0]"))),
        ("calcula el error absoluto medio, no el cuadrático",
         _mse((_SQUARED + ".mean()", "(pred.squeeze(-1) - target).abs().mean()"))),
        ("devuelve un número de Python con .item() en vez de un tensor", _mse((".mean()", ".mean().item()"))),
        ("[copia] copia el bucle de la referencia del test en vez de arreglar la resta", '''
import torch


def elo_mse(pred, target):
    n = target.shape[0]
    return torch.tensor(sum((float(pred[i, 0]) - float(target[i])) ** 2 for i in range(n)) / n)
'''),
        ("[fijo] devuelve el valor del test visible", '''
import torch


def elo_mse(pred, target):
    return torch.tensor(0.015)
'''),
        ("[bucle] partida a partida, en un bucle movido a una función auxiliar", '''
def _squares(diff):
    out = torch.empty_like(diff)
    for i in range(len(diff)):
        out[i] = diff[i] ** 2
    return out

def elo_mse(pred, target):
    return _squares(pred.squeeze(-1) - target).mean()
'''),
        ("[bucle] los cuadrados con map y una lambda", '''
_square = lambda d: d ** 2

def elo_mse(pred, target):
    diff = pred.squeeze(-1) - target
    return torch.stack(list(map(_square, diff))).mean()
'''),
        ("[bucle] el sum de Python sobre los cuadrados, en una función auxiliar", '''
def _total(squares):
    return sum(squares)

def elo_mse(pred, target):
    return _total((pred.squeeze(-1) - target) ** 2) / target.shape[0]
'''),
        ("[bucle] los cuadrados con una comprensión en una función auxiliar", '''
def _squares(diff):
    return torch.stack([d ** 2 for d in diff])

def elo_mse(pred, target):
    return _squares(pred.squeeze(-1) - target).mean()
'''),
        ("[bucle] una recursión: la primera partida y las demás", '''
def _sum_squares(diff):
    if len(diff) == 0:
        return diff.new_zeros(())
    return diff[0] ** 2 + _sum_squares(diff[1:])

def elo_mse(pred, target):
    return _sum_squares(pred.squeeze(-1) - target) / target.shape[0]
'''),
    ],
    "nb16-game-loss": [
        ("[copia] pega la función rota tal cual: view y la media de todas las posiciones", '''
import torch.nn.functional as F


def game_loss(logits, targets):
    B, T, V = logits.shape
    per_token = F.cross_entropy(logits.view(B * T, V), targets.view(B * T), ignore_index=0, reduction="none")
    return per_token.mean()
'''),
        ("arregla solo el error (reshape en vez de view): la media sigue contando el relleno", '''
import torch.nn.functional as F


def game_loss(logits, targets):
    B, T, V = logits.shape
    per_token = F.cross_entropy(logits.reshape(B * T, V), targets.reshape(B * T), ignore_index=0, reduction="none")
    return per_token.mean()
'''),
        ("arregla solo la media (divide por los tokens reales), pero sigue con view", '''
import torch.nn.functional as F


def game_loss(logits, targets):
    B, T, V = logits.shape
    per_token = F.cross_entropy(logits.view(B * T, V), targets.view(B * T), ignore_index=0, reduction="none")
    return per_token.sum() / (targets != 0).sum()
'''),
        ("[copia] pasa los logits (B, T, V) tal cual, sin el eje del vocabulario en su sitio",
         _loss(_NO_V, ("logits.reshape(-1, V), targets.reshape(-1)", "logits, targets"))),
        ("aplana con view: falla con targets de un corte, como y = tokens[:, 1:]",
         _loss(("logits.reshape(-1, V), targets.reshape(-1)", "logits.view(-1, V), targets.view(-1)"))),
        ("arregla la forma pero quita ignore_index: el relleno cuenta en la media",
         _loss(_NO_V, ("reshape(-1, V)", "reshape(-1, logits.shape[-1])"), (", ignore_index=0", ""))),
        ("aplana con el eje equivocado: usa T (shape[1]) como tamaño del vocabulario",
         _loss(_NO_V, ("reshape(-1, V)", "reshape(-1, logits.shape[1])"))),
        ("pone el eje del vocabulario con transpose(0, 2) en vez de (1, 2)", '''
import torch.nn.functional as F


def game_loss(logits, targets):
    return F.cross_entropy(logits.transpose(0, 2), targets.transpose(0, 1), ignore_index=0)
'''),
        ("suma en vez de promediar por token", _loss(("ignore_index=0)", 'ignore_index=0, reduction="sum")'))),
        ("promedia sobre todas las posiciones, relleno incluido (cuenta los ceros)",
         _loss(("return F.cross_entropy(", "losses = F.cross_entropy("),
               ("ignore_index=0)", 'ignore_index=0, reduction="none")\n    return losses.mean()'))),
        ("[global] escribe a mano la V = 6 de la celda de demostración",
         _loss(_NO_V, ("reshape(-1, V)", "reshape(-1, 6)"))),
        ("[copia] copia el bucle de la referencia del test: posición a posición", '''
import torch


def game_loss(logits, targets):
    total, count = 0.0, 0
    for b in range(targets.shape[0]):
        for t in range(targets.shape[1]):
            token = int(targets[b, t])
            if token != 0:
                total -= float(torch.log_softmax(logits[b, t].double(), dim=-1)[token])
                count += 1
    return torch.tensor(total / count)
'''),
        ("[fijo] devuelve ln 6, el valor del caso de logits iguales", '''
import math
import torch


def game_loss(logits, targets):
    return torch.tensor(math.log(6))
'''),
        ("[fijo] devuelve ln V, que solo vale cuando los logits son todos iguales", '''
import math
import torch


def game_loss(logits, targets):
    return torch.tensor(math.log(logits.shape[-1]))
'''),
        ("[bucle] una F.cross_entropy por partida, en un bucle movido a una función auxiliar", '''
import torch.nn.functional as F


def _sum_per_game(logits, targets):
    total = logits.new_zeros(())
    for b in range(targets.shape[0]):
        total = total + F.cross_entropy(logits[b], targets[b], ignore_index=0, reduction="sum")
    return total


def game_loss(logits, targets):
    return _sum_per_game(logits, targets) / (targets != 0).sum()
'''),
        ("[bucle] las partidas con map y una lambda", '''
import torch.nn.functional as F

_game_sum = lambda lg, tg: F.cross_entropy(lg, tg, ignore_index=0, reduction="sum")


def game_loss(logits, targets):
    return torch.stack(list(map(_game_sum, logits, targets))).sum() / (targets != 0).sum()
'''),
        ("[bucle] las partidas con una comprensión en una función auxiliar", '''
import torch.nn.functional as F


def _per_game(logits, targets):
    return torch.stack([F.cross_entropy(lg, tg, ignore_index=0, reduction="sum") for lg, tg in zip(logits, targets)])


def game_loss(logits, targets):
    return _per_game(logits, targets).sum() / (targets != 0).sum()
'''),
        ("[bucle] una recursión: la primera partida y las demás", '''
import torch.nn.functional as F


def _sum_from(logits, targets):
    if targets.shape[0] == 0:
        return logits.new_zeros(())
    first = F.cross_entropy(logits[0], targets[0], ignore_index=0, reduction="sum")
    return first + _sum_from(logits[1:], targets[1:])


def game_loss(logits, targets):
    return _sum_from(logits, targets) / (targets != 0).sum()
'''),
    ],
    "nb16-top1-accuracy": [
        ("[copia] pega la función rota tal cual: (B, T) contra (B, T, 1) no encaja", '''
def top1_accuracy(logits, targets):
    favourite = logits.argmax(dim=-1)
    hits = favourite == targets.unsqueeze(-1)
    return hits.float().mean().item()
'''),
        ("quita el unsqueeze y para ahí: el relleno cuenta en la media", '''
def top1_accuracy(logits, targets):
    hits = logits.argmax(dim=-1) == targets
    return hits.float().mean().item()
'''),
        ("cuenta los aciertos reales pero divide entre todas las posiciones, relleno incluido", '''
def top1_accuracy(logits, targets):
    real = targets != 0
    hits = (logits.argmax(dim=-1) == targets) & real
    return (hits.sum() / targets.numel()).item()
'''),
        ("divide entre las posiciones reales pero suma también los aciertos en el relleno", '''
def top1_accuracy(logits, targets):
    hits = logits.argmax(dim=-1) == targets
    return (hits.sum() / (targets != 0).sum()).item()
'''),
        ("hace la media de la tasa de cada partida: una partida corta pesa como una larga", '''
def top1_accuracy(logits, targets):
    real = targets != 0
    hits = (logits.argmax(dim=-1) == targets) & real
    return (hits.sum(dim=1) / real.sum(dim=1)).mean().item()
'''),
        ("mira el relleno en los favoritos del modelo y no en los objetivos", '''
def top1_accuracy(logits, targets):
    favourite = logits.argmax(dim=-1)
    real = favourite != 0
    return (favourite == targets)[real].float().mean().item()
'''),
        ("toma el favorito sobre el eje de las posiciones (dim=1): falla, salvo cuando T y V son iguales", '''
def top1_accuracy(logits, targets):
    real = targets != 0
    return (logits.argmax(dim=1) == targets)[real].float().mean().item()
'''),
        ("quita el relleno pero deja el unsqueeze: la comparación sigue sin encajar", '''
def top1_accuracy(logits, targets):
    real = targets != 0
    hits = logits.argmax(dim=-1) == targets.unsqueeze(-1)
    return hits[real].float().mean().item()
'''),
        ("arregla la cuenta pero devuelve un tensor 0-d en vez de un float", '''
def top1_accuracy(logits, targets):
    real = targets != 0
    return (logits.argmax(dim=-1) == targets)[real].float().mean()
'''),
        ("[copia] copia el bucle de la referencia del test, con listas de Python", '''
def top1_accuracy(logits, targets):
    hits = real = 0
    for game_logits, game_targets in zip(logits.tolist(), targets.tolist()):
        for scores, target in zip(game_logits, game_targets):
            if target != 0:
                real += 1
                hits += scores.index(max(scores)) == target
    return hits / real
'''),
        ("[fijo] devuelve el valor del caso escrito a mano", '''
def top1_accuracy(logits, targets):
    return 0.75
'''),
        ("[bucle] partida a partida, en un bucle movido a una función auxiliar", '''
def _hits_and_real(logits, targets):
    hits = real = 0
    for b in range(targets.shape[0]):
        counted = targets[b] != 0
        hits += (logits[b].argmax(dim=-1) == targets[b])[counted].sum().item()
        real += counted.sum().item()
    return hits, real

def top1_accuracy(logits, targets):
    hits, real = _hits_and_real(logits, targets)
    return hits / real
'''),
        ("[bucle] los aciertos de cada partida con map y una lambda", '''
_game_hits = lambda lg, tg: (lg.argmax(dim=-1) == tg)[tg != 0].sum()

def top1_accuracy(logits, targets):
    hits = torch.stack(list(map(_game_hits, logits, targets))).sum()
    return (hits / (targets != 0).sum()).item()
'''),
        ("[bucle] una comprensión en una función auxiliar", '''
def _game_hits(logits, targets):
    return sum(int((lg.argmax(dim=-1) == tg)[tg != 0].sum()) for lg, tg in zip(logits, targets))

def top1_accuracy(logits, targets):
    return _game_hits(logits, targets) / int((targets != 0).sum())
'''),
        ("[bucle] una recursión: la primera partida y las demás", '''
def _hits_from(logits, targets):
    if targets.shape[0] == 0:
        return 0
    first = int((logits[0].argmax(dim=-1) == targets[0])[targets[0] != 0].sum())
    return first + _hits_from(logits[1:], targets[1:])

def top1_accuracy(logits, targets):
    return _hits_from(logits, targets) / int((targets != 0).sum())
'''),
    ],
    "nb16-fixed-model": [
        ('[copia] deja el forward de StuckModel tal cual: logits encerrados entre -1 y 1', _fixed_model('torch.clamp(self.out(torch.relu(self.embed(x))), -1.0, 1.0)')),
        ('cambia el clamp por una softmax: devuelve probabilidades, no logits', _fixed_model('self.out(torch.relu(self.embed(x))).softmax(dim=-1)')),
        ('cambia el clamp por una sigmoide: otra manera de encerrar los logits', _fixed_model('torch.sigmoid(self.out(torch.relu(self.embed(x))))')),
        ('quita también la ReLU: ya no es el modelo que quería su autora', _fixed_model('self.out(self.embed(x))')),
        ('pone la ReLU detrás de la capa lineal: logits sin negativos', _fixed_model('torch.relu(self.out(self.embed(x)))')),
        ('devuelve log-probabilidades (log_softmax) en vez de los logits tal cual', _fixed_model('torch.log_softmax(self.out(torch.relu(self.embed(x))), dim=-1)')),
        ('encierra los logits en un intervalo más ancho, entre -3 y 3', _fixed_model('torch.clamp(self.out(torch.relu(self.embed(x))), -3.0, 3.0)')),
        ('[copia] corta el gradiente del embedding con detach: solo aprende la capa lineal', _fixed_model('self.out(torch.relu(self.embed(x)).detach())')),
    ],
}
