"""Respuestas equivocadas plausibles de 03-tensores: {grade_id: [(motivo, celda), ...]}.

Una respuesta que es un cambio pequeño de la solución se escribe como ese cambio (``edit``, ``answers``:
la solución se lee del cuaderno del profesor); una que sigue otro camino, entera.

Las que empiezan por una etiqueta entre corchetes son las del alumno perezoso: [copia] pega una
línea que el cuaderno ya enseña, [global] usa una variable del cuaderno en vez del argumento,
[fijo] se ajusta al caso visible, [bucle] recorre los elementos con un for, [mensaje] prueba un
valor y lee el mensaje del test.
"""

from catalogues.edits import answers, edit

SLUG = "03-tensores"


def _shapes(**values):
    return answers(SLUG, "nb03-predict-shapes", **values)


def _fraction(*changes):
    return edit(SLUG, "nb03-real-fraction", *changes)


def _average(*changes):
    return edit(SLUG, "nb03-average-distribution", *changes)


WRONG_ANSWERS = {
    "nb03-pad-batch": [
        ("[copia] pasa la lista de listas tal cual, como la celda del error: el tensor no puede ser irregular", '''
from rukh_helpers import PAD_ID

def pad_batch(games):
    return torch.tensor(games)
'''),
        ("rellena por la izquierda en vez de por la derecha", '''
from rukh_helpers import PAD_ID

def pad_batch(games):
    length = max(len(g) for g in games)
    rows = [[PAD_ID] * (length - len(g)) + list(g) for g in games]
    return torch.tensor(rows)
'''),
        ("rellena siempre hasta 200 (la T de rukh-small) en vez de hasta la partida más larga", '''
from rukh_helpers import PAD_ID

def pad_batch(games):
    rows = [list(g) + [PAD_ID] * (200 - len(g)) for g in games]
    return torch.tensor(rows)
'''),
        ("mide la primera partida en vez de la más larga", '''
from rukh_helpers import PAD_ID

def pad_batch(games):
    length = len(games[0])
    rows = [(list(g) + [PAD_ID] * length)[:length] for g in games]
    return torch.tensor(rows)
'''),
        ("crea el tensor con tipo float32",
         edit(SLUG,
              "nb03-pad-batch",
              ("return torch.tensor(rows, dtype=torch.int64)", "return torch.tensor(rows, dtype=torch.float32)"))),
        ("rellena con <eos> (id 2) en vez de con <pad>", '''
from rukh_helpers import PAD_ID

def pad_batch(games):
    length = max(len(g) for g in games)
    rows = [list(g) + [2] * (length - len(g)) for g in games]
    return torch.tensor(rows)
'''),
        ("[global] rellena hasta la anchura del lote de ejemplo del cuaderno (5)", '''
from rukh_helpers import PAD_ID

def pad_batch(games):
    length = batch.shape[1]
    rows = [(list(g) + [PAD_ID] * length)[:length] for g in games]
    return torch.tensor(rows)
'''),
        ("[fijo] devuelve el lote del ejemplo del enunciado", '''
from rukh_helpers import PAD_ID

def pad_batch(games):
    return torch.tensor([[1, 14, 37], [1, 8, 0]])
'''),
    ],
    "nb03-real-fraction": [
        ("[copia] pega la media de la demostración: promedia cada partida (dim=1), no cada posición",
         _fraction(("mean(dim=0)", "mean(dim=1)"))),
        ("promedia el tensor de bool sin convertirlo: mean no acepta bool",
         _fraction(("real.float().mean", "real.mean"))),
        ("cuenta las partidas en vez de dar la fracción", _fraction(("real.float().mean(dim=0)", "real.sum(dim=0)"))),
        ("divide con // : todo sale 0 o 1 y el tipo es int64",
         _fraction(("real.float().mean(dim=0)", "real.sum(dim=0) // tokens.shape[0]"))),
        ("da la vuelta a la comparación: la fracción de relleno", _fraction(("tokens != PAD_ID", "tokens == PAD_ID"))),
        ("divide por la longitud T en vez de por el número de partidas B",
         _fraction(("real.float().mean(dim=0)", "real.sum(dim=0) / tokens.shape[1]"))),
        ("convierte a float64 con .double(): el tipo no es float32", _fraction(("real.float()", "real.double()"))),
        ("promedia los ids en vez de la máscara", _fraction(("real.float()", "tokens.float()"))),
        ("[global] divide por el número de partidas del lote de ejemplo del cuaderno (3)",
         _fraction(("real.float().mean(dim=0)", "real.sum(dim=0) / batch.shape[0]"))),
        ("[bucle] recorre las posiciones con un for", '''
from rukh_helpers import PAD_ID

def real_fraction(tokens):
    return torch.stack([(tokens[:, t] != PAD_ID).float().mean() for t in range(tokens.shape[1])])
'''),
        ("[fijo] devuelve las fracciones del test visible", '''
from rukh_helpers import PAD_ID

def real_fraction(tokens):
    return torch.tensor([1.0, 1.0, 1.0, 0.75, 0.5, 0.25])
'''),
    ],
    "nb03-predict-shapes": [
        ("cree que indexar la tabla con los tokens da la forma de los tokens", _shapes(shape_embedded="(64, 200)")),
        ("cree que sum(dim=0) quita la última dimensión (suma por token)", _shapes(shape_batch_sum="(64, 200)")),
        ("cree que dim=0 deja el lote y quita la posición", _shapes(shape_batch_sum="(64, 2030)")),
        ("escribe el stride como si la memoria fuera por columnas", _shapes(stride_logits="(1, 64, 12_800)")),
        ("confunde el stride con la forma", _shapes(stride_logits="(64, 200, 2030)")),
        ("para saltar una partida salta solo una fila de 2030", _shapes(stride_logits="(2030, 2030, 1)")),
        ("cree que la suma de una máscara sigue siendo bool", _shapes(dtype_count="torch.bool")),
        ("cree que sumar da float32, como mean", _shapes(dtype_count="torch.float32")),
        ("cree que dim=-1 es la primera dimensión", _shapes(shape_last_sum="(200, 2030)")),
        ("[mensaje] copia las formas que imprime la celda de rukh-small",
         _shapes(shape_embedded="(2030, 512)", shape_batch_sum="(64, 200, 2030)", stride_logits="(64, 200, 2030)")),
        ("[mensaje] deja el tipo sin escribir", _shapes(dtype_count="...")),
    ],
    "nb03-average-distribution": [
        ("[copia] pega la suma de la demostración: quita el vocabulario y deja el resto", '''
def average_distribution(probs):
    return probs.sum(dim=-1)
'''),
        ("promedia solo la primera dimensión", '''
def average_distribution(probs):
    return probs.mean(dim=0)
'''),
        ("promedia las dos primeras dimensiones: solo sirve para (B, T, V)", '''
def average_distribution(probs):
    return probs.mean(dim=(0, 1))
'''),
        ("promedia dos veces la dimensión 0: falla con dos o cuatro dimensiones", '''
def average_distribution(probs):
    return probs.mean(dim=0).mean(dim=0)
'''),
        ("suma en vez de promediar: el resultado no suma 1", _average((".mean(dim=0)", ".sum(dim=0)"))),
        ("aplana mal: toma la primera dimensión como vocabulario",
         _average(("reshape(-1, vocab_size)", "reshape(probs.shape[0], -1)"))),
        ("promedia la penúltima dimensión: en (B, T, V) deja (B, V)", '''
def average_distribution(probs):
    return probs.mean(dim=-2)
'''),
        ("convierte a float32 con .float(): cambia el tipo de la entrada",
         _average((".mean(dim=0)", ".float().mean(dim=0)"))),
        ("[global] aplana con la V = 2030 del cuaderno en vez de la del tensor",
         _average(("reshape(-1, vocab_size)", "reshape(-1, V)"))),
        ("[bucle] suma las distribuciones una a una con un for", '''
def average_distribution(probs):
    rows = probs.reshape(-1, probs.shape[-1])
    total = torch.zeros(probs.shape[-1], dtype=probs.dtype)
    for r in range(rows.shape[0]):
        total += rows[r]
    return total / rows.shape[0]
'''),
        ("aplana del todo con reshape(-1): una sola media de todos los números, no una por token",
         _average(("reshape(-1, vocab_size).mean(dim=0)", "reshape(-1).mean()"))),
        ("aplana con el vocabulario delante: cada fila mezcla números de distribuciones distintas",
         _average(("reshape(-1, vocab_size).mean(dim=0)", "reshape(vocab_size, -1).mean(dim=1)"))),
        ("[fijo] devuelve la media del test visible", '''
def average_distribution(probs):
    return torch.tensor([0.375, 0.375, 0.25])
'''),
    ],
}
