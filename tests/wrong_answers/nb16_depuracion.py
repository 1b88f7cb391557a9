"""Respuestas equivocadas plausibles de 16-depuracion: {grade_id: [(motivo, celda completa), ...]}.

Las que empiezan por una etiqueta entre corchetes son las del alumno perezoso: [copia] pega la
función rota que el cuaderno enseña, [fijo] se ajusta al caso visible, [global] usa un valor de
las celdas de demostración en vez del argumento, [mensaje] prueba valores y lee el mensaje.
"""

WRONG_ANSWERS = {
    "nb16-count-printed": [
        ("cree que el umbral se mira eje a eje y no con el total de elementos", '''
count_a = 72
count_b = 300
count_c = 20
count_d = 2000
'''),
        ("cree que al resumir se recortan todos los ejes, también los cortos", '''
count_a = 64
count_b = 300
count_c = 20
count_d = 36
'''),
        ("resume también el vector de 20, que no pasa del umbral", '''
count_a = 48
count_b = 300
count_c = 8
count_d = 30
'''),
        ("cree que edgeitems solo recorta las filas", '''
count_a = 48
count_b = 300
count_c = 20
count_d = 2000
'''),
        ("resume el (10, 30) aunque tiene menos de 1000 elementos", '''
count_a = 48
count_b = 36
count_c = 20
count_d = 30
'''),
        ("[mensaje] prueba las respuestas del ejercicio antiguo a ver qué dice el test", '''
count_a = 64
count_b = 300
count_c = 20
count_d = 36
'''),
        ("[mensaje] cuenta los elementos de cada tensor sin pensar en el resumen", '''
count_a = 72
count_b = 300
count_c = 20
count_d = 2000
'''),
    ],
    "nb16-elo-mse": [
        ("[copia] pega la función rota tal cual", '''
def elo_mse(pred, target):
    return ((pred - target) ** 2).mean()
'''),
        ("promedia solo el primer eje: devuelve un vector en vez de un número", '''
def elo_mse(pred, target):
    return ((pred - target) ** 2).mean(dim=0)
'''),
        ("promedia por filas y luego el total: sigue usando la tabla (N, N)", '''
def elo_mse(pred, target):
    return ((pred - target) ** 2).mean(dim=1).mean()
'''),
        ("mueve el eje al objetivo: (N, 1) - (1, N) sigue siendo una tabla (N, N)", '''
def elo_mse(pred, target):
    return ((pred - target.unsqueeze(0)) ** 2).mean()
'''),
        ("divide la suma de la tabla (N, N) entre N", '''
def elo_mse(pred, target):
    return ((pred - target) ** 2).sum() / target.shape[0]
'''),
        ("calcula el error absoluto medio, no el cuadrático", '''
def elo_mse(pred, target):
    return (pred.squeeze(-1) - target).abs().mean()
'''),
        ("devuelve un número de Python con .item() en vez de un tensor", '''
def elo_mse(pred, target):
    return ((pred.squeeze(-1) - target) ** 2).mean().item()
'''),
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
    ],
    "nb16-game-loss": [
        ("[copia] pega la función rota tal cual", '''
import torch.nn.functional as F


def game_loss(logits, targets):
    return F.cross_entropy(logits, targets, ignore_index=0)
'''),
        ("aplana con view: falla con targets de un corte, como y = tokens[:, 1:]", '''
import torch.nn.functional as F


def game_loss(logits, targets):
    V = logits.shape[-1]
    return F.cross_entropy(logits.view(-1, V), targets.view(-1), ignore_index=0)
'''),
        ("arregla la forma pero quita ignore_index: el relleno cuenta en la media", '''
import torch.nn.functional as F


def game_loss(logits, targets):
    return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))
'''),
        ("aplana con el eje equivocado: usa T (shape[1]) como número de clases", '''
import torch.nn.functional as F


def game_loss(logits, targets):
    return F.cross_entropy(logits.reshape(-1, logits.shape[1]), targets.reshape(-1), ignore_index=0)
'''),
        ("pone el eje de las clases con transpose(0, 2) en vez de (1, 2)", '''
import torch.nn.functional as F


def game_loss(logits, targets):
    return F.cross_entropy(logits.transpose(0, 2), targets.transpose(0, 1), ignore_index=0)
'''),
        ("suma en vez de promediar por token", '''
import torch.nn.functional as F


def game_loss(logits, targets):
    V = logits.shape[-1]
    return F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), ignore_index=0, reduction="sum")
'''),
        ("promedia sobre todas las posiciones, relleno incluido (cuenta los ceros)", '''
import torch.nn.functional as F


def game_loss(logits, targets):
    V = logits.shape[-1]
    losses = F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), ignore_index=0, reduction="none")
    return losses.mean()
'''),
        ("[global] escribe a mano la V = 6 de la celda de demostración", '''
import torch.nn.functional as F


def game_loss(logits, targets):
    return F.cross_entropy(logits.reshape(-1, 6), targets.reshape(-1), ignore_index=0)
'''),
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
    ],
    "nb16-mask-padding": [
        ("[copia] pega la función rota tal cual: tapa las filas de las posiciones de relleno", '''
def mask_padding(scores, is_pad):
    return scores.masked_fill(is_pad.unsqueeze(-1), float("-inf"))
'''),
        ("quita el unsqueeze: (B, T) contra (B, T, T) se alinea por la derecha con el eje equivocado", '''
def mask_padding(scores, is_pad):
    return scores.masked_fill(is_pad, float("-inf"))
'''),
        ("añade el eje delante (unsqueeze(0)): el lote acaba en el eje de las filas", '''
def mask_padding(scores, is_pad):
    return scores.masked_fill(is_pad.unsqueeze(0), float("-inf"))
'''),
        ("tapa filas y columnas de relleno a la vez", '''
def mask_padding(scores, is_pad):
    both = is_pad.unsqueeze(1) | is_pad.unsqueeze(-1)
    return scores.masked_fill(both, float("-inf"))
'''),
        ("usa -1e9 en vez de -inf", '''
def mask_padding(scores, is_pad):
    return scores.masked_fill(is_pad.unsqueeze(1), -1e9)
'''),
        ("tapa lo contrario: las posiciones que no son relleno", '''
def mask_padding(scores, is_pad):
    return scores.masked_fill(~is_pad.unsqueeze(1), float("-inf"))
'''),
        ("usa la máscara de la primera partida para todo el lote", '''
def mask_padding(scores, is_pad):
    return scores.masked_fill(is_pad[0], float("-inf"))
'''),
        ("arregla la máscara pero cambia scores en su sitio con masked_fill_", '''
def mask_padding(scores, is_pad):
    return scores.masked_fill_(is_pad.unsqueeze(1), float("-inf"))
'''),
        ("asigna con índices booleanos sobre el propio scores", '''
def mask_padding(scores, is_pad):
    scores[is_pad.unsqueeze(1).expand_as(scores)] = float("-inf")
    return scores
'''),
        ("[fijo] devuelve la tabla del test visible", '''
import torch


def mask_padding(scores, is_pad):
    inf = float("-inf")
    return torch.tensor([[[0.0, 1.0, inf], [3.0, 4.0, inf], [6.0, 7.0, inf]],
                         [[9.0, inf, inf], [12.0, inf, inf], [15.0, inf, inf]]])
'''),
    ],
}
