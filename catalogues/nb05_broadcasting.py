"""Respuestas equivocadas plausibles de 05-broadcasting: {grade_id: [(motivo, celda), ...]}.

Una respuesta que es un cambio pequeño de la solución se escribe como ese cambio (``edit``, ``answers``:
la solución se lee del cuaderno del profesor); una que sigue otro camino, entera.

Los motivos que empiezan por una etiqueta entre corchetes son los intentos de un alumno perezoso:
[copia] pega líneas del cuaderno, [fijo] se ajusta al caso visible, [global] usa una variable
del cuaderno en vez del argumento, [bucle] recorre elementos donde se pide vectorizar,
[mensaje] prueba un valor al azar o el de una lectura descuidada.
"""

from catalogues.edits import answers, edit

SLUG = "05-broadcasting"


def _prediction(**values):
    return answers(SLUG, "nb05-predict-shapes", **values)


WRONG_ANSWERS = {
    "nb05-predict-shapes": [
        ("alinea por la izquierda: la forma del primer operando manda", _prediction(shape_a="(4, 6)")),
        ("toma la forma del operando más grande sin estirar los unos", _prediction(shape_c="(8, 1, 6)")),
        ("cree que (64, 200) + (64,) funciona porque los dos empiezan por 64", _prediction(fails_e="False")),
        ("cree que (5, 3, 1) + (3, 4) da error porque tienen distinto número de ejes", _prediction(fails_f="True")),
        ("alinea (64, 200, 1) y (2030,) por la izquierda", _prediction(shape_d="(2030, 200, 1)")),
        ("olvida el eje de las cabezas al estirar la columna (200, 1)", _prediction(shape_b="(64, 200, 200)")),
        ("[mensaje] escribe ceros para leer el mensaje de error", _prediction(
            shape_a="(0, 0)", shape_b="(0, 0, 0, 0)", shape_c="(0, 0, 0)", shape_d="(0, 0, 0)", fails_e="False",
            fails_f="True")),
        ("[mensaje] copia las formas del enunciado en vez de calcular el resultado", _prediction(
            shape_a="(6, 1)", shape_c="(8, 1, 6)", shape_d="(64, 200, 1)")),
        ("[mensaje] escribe la forma de la tabla de la sección 2 en la primera", _prediction(shape_a="(3, 4)")),
    ],
    "nb05-elo-gaps": [
        ("[copia] pega la línea de la sección 2: elo[:, None] - rivals", '''
def elo_gaps(elo, rivals):
    return elo[:, None] - rivals
'''),
        ("[copia] añade un eje solo a elo: (B, N, 1) - (B, M) mezcla torneos", edit(SLUG, "nb05-elo-gaps", ("rivals[:, None, :]", "rivals"))),
        ("pone los None al revés: tabla traspuesta (B, M, N)", edit(SLUG, "nb05-elo-gaps", ("elo[:, :, None]", "elo[:, None, :]"), ("rivals[:, None, :]", "rivals[:, :, None]"))),
        ("resta al revés: rivales menos jugadores", '''
def elo_gaps(elo, rivals):
    return rivals[:, None, :] - elo[:, :, None]
'''),
        ("convierte a float32 por el camino", edit(SLUG, "nb05-elo-gaps", ("elo[:, :, None]", "elo[:, :, None].float()"), ("rivals[:, None, :]", "rivals[:, None, :].float()"))),
        ("[bucle] una tabla por torneo con un bucle y torch.stack", '''
def elo_gaps(elo, rivals):
    return torch.stack([elo[b][:, None] - rivals[b] for b in range(elo.shape[0])])
'''),
        ("[bucle] tres bucles anidados elemento a elemento", '''
def elo_gaps(elo, rivals):
    B, N = elo.shape
    M = rivals.shape[1]
    out = torch.zeros(B, N, M, dtype=torch.int64)
    for b in range(B):
        for i in range(N):
            for j in range(M):
                out[b, i, j] = elo[b, i] - rivals[b, j]
    return out
'''),
        ("[fijo] devuelve la tabla del test visible", '''
def elo_gaps(elo, rivals):
    return torch.tensor([
        [[100, -100, -300], [300, 100, -100]],
        [[-100, -300, -500], [100, -100, -300]],
    ])
'''),
    ],
    "nb05-normalize": [
        ("[copia] solo centra, como la celda de la sección 5", '''
def normalize(x, eps=1e-5):
    return x - x.mean(dim=-1, keepdim=True)
'''),
        ("olvida keepdim en las dos reducciones", edit(SLUG, "nb05-normalize", 
            ("x.mean(dim=-1, keepdim=True)", "x.mean(dim=-1)"),
            ("((x - mu) ** 2).mean(dim=-1, keepdim=True)", "((x - mu[..., None]) ** 2).mean(dim=-1)"),
            ("return (x - mu)", "return (x - mu[..., None])"))),
        ("olvida keepdim solo en la varianza (funciona si d == T)", edit(SLUG, "nb05-normalize", ("((x - mu) ** 2).mean(dim=-1, keepdim=True)", "((x - mu) ** 2).mean(dim=-1)"))),
        ("usa la desviación típica con d − 1 (la de torch.std por defecto)", edit(SLUG, "nb05-normalize", ("((x - mu) ** 2).mean(dim=-1, keepdim=True)", "x.var(dim=-1, keepdim=True)"))),
        ("normaliza por el eje de las posiciones (dim=1)", edit(SLUG, "nb05-normalize", 
            ("x.mean(dim=-1, keepdim=True)", "x.mean(dim=1, keepdim=True)"),
            ("((x - mu) ** 2).mean(dim=-1, keepdim=True)", "((x - mu) ** 2).mean(dim=1, keepdim=True)"))),
        ("usa la media y la varianza de todo el lote", '''
def normalize(x, eps=1e-5):
    return (x - x.mean()) / torch.sqrt(x.var(unbiased=False) + eps)
'''),
        ("suma eps fuera de la raíz", edit(SLUG, "nb05-normalize", ("torch.sqrt(var + eps)", "(torch.sqrt(var) + eps)"))),
        ("sin eps: una posición constante da 0 / 0", edit(SLUG, "nb05-normalize", ("torch.sqrt(var + eps)", "torch.sqrt(var)"))),
        ("ignora el argumento eps y deja 1e-5 fijo", edit(SLUG, "nb05-normalize", ("var + eps", "var + 1e-5"))),
        ("llama a F.layer_norm en vez de escribir la normalización", '''
import torch.nn.functional as F

def normalize(x, eps=1e-5):
    return F.layer_norm(x, x.shape[-1:], eps=eps)
'''),
        ("crea un nn.LayerNorm al vuelo en vez de escribir la normalización", '''
import torch.nn as nn

def normalize(x, eps=1e-5):
    return nn.LayerNorm(x.shape[-1], eps=eps)(x)
'''),
        ("[bucle] recorre las posiciones con dos bucles", '''
def normalize(x, eps=1e-5):
    out = torch.empty_like(x)
    for b in range(x.shape[0]):
        for t in range(x.shape[1]):
            row = x[b, t]
            out[b, t] = (row - row.mean()) / torch.sqrt(((row - row.mean()) ** 2).mean() + eps)
    return out
'''),
        ("[copia] la función del test con otro nombre: torch.native_layer_norm", '''
def normalize(x, eps=1e-5):
    return torch.native_layer_norm(x, x.shape[-1:], None, None, eps)[0]
'''),
        ("[copia] la operación interna de PyTorch: torch.ops.aten.native_layer_norm", '''
def normalize(x, eps=1e-5):
    return torch.ops.aten.native_layer_norm.default(x, list(x.shape[-1:]), None, None, eps)[0]
'''),
        ("[copia] una prima de layer_norm: F.group_norm con un solo grupo normaliza lo mismo", '''
import torch.nn.functional as F

def normalize(x, eps=1e-5):
    d = x.shape[-1]
    return F.group_norm(x.reshape(-1, 1, d), 1, eps=eps).reshape(x.shape)
'''),
        ("[copia] una prima de layer_norm: nn.GroupNorm sin pesos", '''
import torch.nn as nn

def normalize(x, eps=1e-5):
    d = x.shape[-1]
    return nn.GroupNorm(1, 1, eps=eps, affine=False)(x.reshape(-1, 1, d)).reshape(x.shape)
'''),
        ("[copia] una prima de layer_norm: F.instance_norm con cada posición como canal", '''
import torch.nn.functional as F

def normalize(x, eps=1e-5):
    d = x.shape[-1]
    return F.instance_norm(x.reshape(1, -1, d), eps=eps).reshape(x.shape)
'''),
        ("[copia] una prima de layer_norm: F.batch_norm en modo entrenamiento sobre la traspuesta", '''
import torch.nn.functional as F

def normalize(x, eps=1e-5):
    d = x.shape[-1]
    return F.batch_norm(x.reshape(-1, d).T, None, None, training=True, eps=eps).T.reshape(x.shape)
'''),
        ("[copia] centra a mano y deja la división a F.rms_norm", '''
import torch.nn.functional as F

def normalize(x, eps=1e-5):
    centered = x - x.mean(dim=-1, keepdim=True)
    return F.rms_norm(centered, centered.shape[-1:], eps=eps)
'''),
        ("[copia] F.layer_norm escondida en una variable de otro nombre", '''
_ln = getattr(torch, "layer" + "_norm")

def normalize(x, eps=1e-5):
    return _ln(x, x.shape[-1:], eps=eps)
'''),
        ("varianza como media(x²) − μ²: en float32 pierde los decimales de una posición casi constante", edit(SLUG, "nb05-normalize", ("((x - mu) ** 2).mean(dim=-1, keepdim=True)", "(x ** 2).mean(dim=-1, keepdim=True) - mu ** 2"))),
        ("[bucle] el bucle sobre las posiciones, movido a una función auxiliar", '''
def _one(row, eps):
    mu = row.mean()
    return (row - mu) / torch.sqrt(((row - mu) ** 2).mean() + eps)

def _rows(x, eps):
    flat = x.reshape(-1, x.shape[-1])
    out = torch.empty_like(flat)
    for i in range(flat.shape[0]):
        out[i] = _one(flat[i], eps)
    return out.reshape(x.shape)

def normalize(x, eps=1e-5):
    return _rows(x, eps)
'''),
        ("[bucle] las posiciones recorridas con map y una función auxiliar", '''
def _one(row, eps=1e-5):
    mu = row.mean()
    return (row - mu) / torch.sqrt(((row - mu) ** 2).mean() + eps)

def normalize(x, eps=1e-5):
    flat = x.reshape(-1, x.shape[-1])
    return torch.stack(list(map(lambda r: _one(r, eps), flat))).reshape(x.shape)
'''),
        ("[fijo] devuelve la fila normalizada del test visible", '''
def normalize(x, eps=1e-5):
    return torch.tensor([-1.5, -0.5, -0.5, -0.5, 0.0, 0.0, 1.0, 2.0]).expand(*x.shape).clone()
'''),
        ("[global] normaliza los logits de la sección 5 en vez de x", edit(SLUG, "nb05-normalize", ("x.mean(dim=-1, keepdim=True)", "logits.mean(dim=-1, keepdim=True)"), ("((x - mu) ** 2)", "((logits - mu) ** 2)"))),
    ],
    "nb05-attention-mask": [
        ("[copia] devuelve la máscara de relleno de la sección 6, sin la parte causal", '''
def attention_mask(pad_mask):
    return pad_mask[:, None, None, :]
'''),
        ("[copia] estira la máscara de relleno de la sección 6 a (B, 1, T, T), sin la parte causal", '''
def attention_mask(pad_mask):
    T = pad_mask.shape[1]
    return pad_mask[:, None, None, :].expand(-1, 1, T, T)
'''),
        ("solo la parte causal: olvida el relleno", edit(SLUG, "nb05-attention-mask", ("causal & pad_mask[:, None, None, :]", "causal.expand(pad_mask.shape[0], 1, T, T)"))),
        ("la tabla causal al revés: mira al futuro (j >= i)", edit(SLUG, "nb05-attention-mask", ("positions[:, None] >= positions", "positions[:, None] <= positions"))),
        ("usa < en vez de <=: la posición no se mira a sí misma", edit(SLUG, "nb05-attention-mask", ("positions[:, None] >= positions", "positions[:, None] > positions"))),
        ("el relleno tapa filas: mask[:, None, :, None]", edit(SLUG, "nb05-attention-mask", ("pad_mask[:, None, None, :]", "pad_mask[:, None, :, None]"))),
        ("tapa filas y columnas de relleno: filas enteras False (NaN en el softmax)", edit(SLUG, "nb05-attention-mask", 
            ("causal & pad_mask[:, None, None, :]", "causal & pad_mask[:, None, :, None] & pad_mask[:, None, None, :]"))),
        ("combina con | en vez de &", edit(SLUG, "nb05-attention-mask", ("causal & pad_mask", "causal | pad_mask"))),
        ("olvida el eje de las cabezas: devuelve (B, T, T)", edit(SLUG, "nb05-attention-mask", ("pad_mask[:, None, None, :]", "pad_mask[:, None, :]"))),
        ("devuelve 0 y 1 en float en vez de bool", '''
def attention_mask(pad_mask):
    T = pad_mask.shape[1]
    causal = torch.tril(torch.ones(T, T))
    return causal * pad_mask[:, None, None, :].float()
'''),
        ("[global] usa la T = 5 del cuaderno", edit(SLUG, "nb05-attention-mask", ("    T = pad_mask.shape[1]\n", ""))),
        ("[bucle] escribe la tabla causal con una comprensión de listas (sin arange)", edit(SLUG, "nb05-attention-mask", 
            ("positions[:, None] >= positions", "torch.tensor([[j <= i for j in range(T)] for i in range(T)])"))),
        ("[bucle] rellena la máscara elemento a elemento", '''
def attention_mask(pad_mask):
    B, T = pad_mask.shape
    out = torch.zeros(B, 1, T, T, dtype=torch.bool)
    for b in range(B):
        for i in range(T):
            for j in range(i + 1):
                out[b, 0, i, j] = pad_mask[b, j]
    return out
'''),
        ("[fijo] devuelve la máscara del test visible", '''
def attention_mask(pad_mask):
    return torch.tensor([
        [[[True, False, False, False], [True, True, False, False], [True, True, True, False], [True, True, True, True]]],
        [[[True, False, False, False], [True, True, False, False], [True, True, False, False], [True, True, False, False]]],
    ])
'''),
    ],
}
