"""Respuestas equivocadas plausibles de 17-partidas-a-lotes: {grade_id: [(motivo, celda completa), ...]}.

Las que empiezan por una etiqueta entre corchetes son las del alumno perezoso: [copia] código del
cuaderno o del test visible, [fijo] el caso visible escrito a mano, [global] una variable del
cuaderno en vez del argumento, [mensaje] un valor al tuntún para leer el mensaje, [bucle] un bucle
de Python donde se pide el lote de una vez (también escondido en una función auxiliar, un ``map``,
una comprensión o una recursión). Las que son un cambio pequeño de la solución se escriben con
``edit`` sobre la del cuaderno del profesor.
"""

from catalogues.edits import answers, edit

SLUG = "17-partidas-a-lotes"


def _pad(*changes):
    return edit(SLUG, "nb17-pad-to", *changes)


def _item(*changes):
    return edit(SLUG, "nb17-packed-item", *changes)


def _per_game(*changes):
    return edit(SLUG, "nb17-loss-per-game", *changes)


_KEPT = ("torch.tensor(kept, dtype=torch.int64)", "torch.tensor(kept)")  # las respuestas antiguas no repetían el tipo
_Y_FROM_X = "    y = torch.full((block,), 0, dtype=torch.int64)\n    y[:-1] = x[1:]\n"
_MEAN_OF_REAL = "    counts = y != 0\n    return (per_position * counts).sum(dim=1) / counts.sum(dim=1)"

WRONG_ANSWERS = {
    "nb17-pad-to": [
        ("[copia] pad_sequence de la celda de arriba: rellena hasta la más larga, no hasta T", '''
def pad_to(seqs, T, pad_id=0):
    return pad_sequence([torch.tensor(s) for s in seqs], batch_first=True, padding_value=pad_id)
'''),
        ("[copia] pad_sequence y cortar a T: si todas son más cortas que T, faltan columnas", '''
def pad_to(seqs, T, pad_id=0):
    return pad_sequence([torch.tensor(s) for s in seqs], batch_first=True, padding_value=pad_id)[:, :T]
'''),
        ("[global] rellena con el PAD_ID del cuaderno en vez del pad_id que recibe",
         _pad(("T), pad_id,", "T), PAD_ID,"), _KEPT)),
        ("[fijo] devuelve el lote del primer caso visible", '''
def pad_to(seqs, T, pad_id=0):
    return torch.tensor([[1, 14, 37, 997, 1164], [1, 28, 49, 2, 0], [1, 20, 45, 1164, 6]])
'''),
        ("[fijo] devuelve los lotes de los dos casos escritos a mano, según T", '''
def pad_to(seqs, T, pad_id=0):
    if T == 5:
        return torch.tensor([[1, 14, 37, 997, 1164], [1, 28, 49, 2, 0], [1, 20, 45, 1164, 6]])
    return torch.tensor([[1, 14, 37, 997, 1164, 5, 2, 0], [1, 28, 49, 2, 0, 0, 0, 0], [1, 20, 45, 1164, 6, 2, 0, 0]])
'''),
        ("no corta: una secuencia más larga que T no cabe en su fila", '''
def pad_to(seqs, T, pad_id=0):
    batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
    for i, seq in enumerate(seqs):
        batch[i, : len(seq)] = torch.tensor(seq)
    return batch
'''),
        ("corta por el principio: se queda con los T últimos ids", _pad(("list(seq)[:T]", "list(seq)[-T:]"), _KEPT)),
        ("rellena por la izquierda", _pad(("batch[i, : len(kept)]", "batch[i, T - len(kept):]"), _KEPT)),
        ("crea el lote con torch.full sin dtype y un pad_id de coma flotante: sale float32", '''
def pad_to(seqs, T, pad_id=0):
    batch = torch.full((len(seqs), T), float(pad_id))
    for i, seq in enumerate(seqs):
        kept = list(seq)[:T]
        batch[i, : len(kept)] = torch.tensor(kept, dtype=torch.float32)
    return batch
'''),
    ],
    "nb17-packed-item": [
        ("[copia] el objetivo sale del diccionario «token → el que le sigue» del test visible", _item((_Y_FROM_X,
            "    after = dict(zip(stream[:-1].tolist(), stream[1:].tolist()))\n"
            "    y = torch.tensor([after.get(token, 0) for token in x.tolist()])\n"
            "    y[-1] = 0\n"))),
        ("[fijo] devuelve el x y la y del ejemplo del enunciado", '''
def packed_item(stream, starts, i, block):
    return torch.tensor([1, 7, 2, 1, 6]), torch.tensor([7, 2, 1, 6, 0])
'''),
        ("[copia] rellena cada partida, como el lote de la sección 3: la ventana se para en el <bos> siguiente", '''
def packed_item(stream, starts, i, block):
    start = int(starts[i])
    end = int(starts[i + 1]) if i + 1 < len(starts) else len(stream)
    game = stream[start : min(end, start + block)]
    x = torch.full((block,), 0, dtype=torch.int64)
    x[: len(game)] = game
    y = torch.full((block,), 0, dtype=torch.int64)
    y[:-1] = x[1:]
    return x, y
'''),
        ("[copia] ventanas consecutivas del cuaderno 11: empieza en i * block y no en el <bos> de la partida i", '''
def packed_item(stream, starts, i, block):
    window = stream[i * block : i * block + block]
    x = torch.full((block,), 0, dtype=torch.int64)
    x[: len(window)] = window
    y = torch.full((block,), 0, dtype=torch.int64)
    y[:-1] = x[1:]
    return x, y
'''),
        ("como el loader de rukh pero sin .copy(): escribe el <pad> final de y dentro del flujo", '''
def packed_item(stream, starts, i, block):
    start = int(starts[i])
    chunk = stream[start : start + block + 1]
    if len(chunk) < block + 1:
        chunk = torch.cat([chunk, torch.zeros(block + 1 - len(chunk), dtype=chunk.dtype)])
    x, y = chunk[:block], chunk[1:]
    y[-1] = 0
    return x.long(), y.long()
'''),
        ("toma y del flujo: su última posición es el token siguiente, no <pad>", '''
def packed_item(stream, starts, i, block):
    start = int(starts[i])
    chunk = torch.full((block + 1,), 0, dtype=torch.int64)
    window = stream[start : start + block + 1]
    chunk[: len(window)] = window
    return chunk[:block], chunk[1:]
'''),
        ("rellena con torch.cat y el tipo del flujo: con un flujo int32, x e y salen int32", '''
def packed_item(stream, starts, i, block):
    start = int(starts[i])
    window = stream[start : start + block]
    x = torch.cat([window, torch.zeros(block - len(window), dtype=stream.dtype)])
    y = torch.cat([x[1:], torch.zeros(1, dtype=stream.dtype)])
    return x, y
'''),
        ("empieza en la posición i del flujo en vez de en starts[i]", '''
def packed_item(stream, starts, i, block):
    window = stream[i : i + block]
    x = torch.full((block,), 0, dtype=torch.int64)
    x[: len(window)] = window
    y = torch.full((block,), 0, dtype=torch.int64)
    y[:-1] = x[1:]
    return x, y
'''),
        ("y es x sin su primer token, sin el <pad> final: le falta una posición",
         _item((_Y_FROM_X + "    return x, y", "    return x, x[1:]"))),
        ("no rellena: al final del flujo la ventana sale más corta que block", '''
def packed_item(stream, starts, i, block):
    start = int(starts[i])
    x = stream[start : start + block].long()
    y = torch.cat([x[1:], torch.zeros(1, dtype=torch.int64)])
    return x, y
'''),
    ],
    "nb17-counted-positions": [
        ("[mensaje] cuenta todas las posiciones de y, relleno incluido",
         answers(SLUG, "nb17-counted-positions", n_counted="75")),
        ("[mensaje] olvida que y pierde una columna",
         answers(SLUG, "nb17-counted-positions", shape_y="(3, 26)", n_counted="47")),
        ("cuenta solo las medias jugadas, sin los tokens de contexto",
         answers(SLUG, "nb17-counted-positions", shape_y="(3, 20)", n_counted="32")),
        ("cuenta los ids de cada partida en vez de sus objetivos (no resta uno por partida)",
         answers(SLUG, "nb17-counted-positions", n_counted="47")),
        ("escribe la forma del lote rellenado, no la de y",
         answers(SLUG, "nb17-counted-positions", shape_y="(3, 26)")),
        ("[mensaje] cree que cada ventana solo lleva su partida, como una fila rellenada",
         answers(SLUG, "nb17-counted-positions", n_counted_packed="44")),
        ("[mensaje] cuenta block objetivos por ventana",
         answers(SLUG, "nb17-counted-positions", n_counted_packed="90")),
        ("olvida que el último objetivo de cada ventana es <pad>",
         answers(SLUG, "nb17-counted-positions", n_counted_packed="86")),
        ("cree que la tercera ventana también se llena (no ve que se sale del flujo)",
         answers(SLUG, "nb17-counted-positions", n_counted_packed="87")),
    ],
    "nb17-no-ignore": [
        ("[mensaje] cree que sin ignore_index nada cambia para ninguno",
         answers(SLUG, "nb17-no-ignore", loss_b_no_ignore="7.62")),
        ("[mensaje] cree que A deja de pagar en el relleno, como B",
         answers(SLUG, "nb17-no-ignore", loss_a_no_ignore="3.05")),
        ("divide por las 16 posiciones reales aunque cuente las 40", '''
loss_a_no_ignore = 19.04
loss_b_no_ignore = 7.62
'''),
        ("da a B la proporción de relleno en vez de la de posiciones reales",
         answers(SLUG, "nb17-no-ignore", loss_b_no_ignore="4.57")),
        ("cree que sin ignore_index la pérdida de B sube por el relleno",
         answers(SLUG, "nb17-no-ignore", loss_b_no_ignore="12.18")),
    ],
    "nb17-loss-per-game": [
        ("[copia] la pérdida del lote de la celda de T_big: un solo número, no uno por partida", '''
def loss_per_game(logits, y):
    V = logits.shape[-1]
    return F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0)
'''),
        ("[bucle] una F.cross_entropy con ignore_index por partida, en un bucle", '''
def loss_per_game(logits, y):
    return torch.stack([F.cross_entropy(logits[b], y[b], ignore_index=0) for b in range(y.shape[0])])
'''),
        ("[global] aplana con el VOCAB_SIZE del cuaderno en vez de la V de los logits", '''
def loss_per_game(logits, y):
    B, T, _ = logits.shape
    per_position = F.cross_entropy(logits.reshape(-1, VOCAB_SIZE), y.reshape(-1), reduction="none").view(B, T)
    counts = y != 0
    return (per_position * counts).sum(dim=1) / counts.sum(dim=1)
'''),
        ("[fijo] devuelve ln 4 y ln 2, las pérdidas del primer caso visible", '''
import math


def loss_per_game(logits, y):
    return torch.tensor([math.log(4), math.log(2)])
'''),
        ("[fijo] devuelve las pérdidas de los dos casos visibles según cuántas partidas lleguen", '''
import math


def loss_per_game(logits, y):
    if logits.shape[0] == 2:
        return torch.tensor([math.log(4), math.log(2)])
    return torch.tensor([math.log(2), math.log(4), math.log(2)])
'''),
        ("ignore_index y luego mean(dim=1): divide también por las posiciones de relleno",
         _per_game(('reduction="none").view(B, T)', 'reduction="none", ignore_index=0)'),
                   (_MEAN_OF_REAL, "    return per_position.view(B, T).mean(dim=1)"))),
        ("no quita el relleno: media de todas las posiciones de cada partida",
         _per_game(("per_position = F.cross_entropy", "return F.cross_entropy"),
                   (".view(B, T)\n" + _MEAN_OF_REAL, ".view(B, T).mean(dim=1)"))),
        ("usa view en y, que viene de un corte y no es contiguo",
         _per_game(("logits.reshape(B * T, V), y.reshape(B * T)", "logits.view(B * T, V), y.view(B * T)"))),
        ("promedia por posición (dim=0) en vez de por partida",
         _per_game(("sum(dim=1) / counts.sum(dim=1)", "sum(dim=0) / counts.sum(dim=0)"))),
        ("deshace el aplanado al revés: view(T, B) mezcla partidas",
         _per_game(('reduction="none").view(B, T)', 'reduction="none").view(T, B).t()'))),
        ("no aplana: F.cross_entropy toma el eje T como el de las clases",
         _per_game(("    B, T, V = logits.shape\n", ""),
                   ('logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)',
                    'logits, y, reduction="none")'))),
        ("suma las pérdidas de cada partida en vez de promediarlas",
         _per_game((_MEAN_OF_REAL, "    return (per_position * (y != 0)).sum(dim=1)"))),
        ("[bucle] una F.cross_entropy por partida, en un bucle movido a una función auxiliar", '''
def _each_game(logits, y):
    out = torch.empty(y.shape[0])
    for b in range(y.shape[0]):
        out[b] = F.cross_entropy(logits[b], y[b], ignore_index=0)
    return out

def loss_per_game(logits, y):
    return _each_game(logits, y)
'''),
        ("[bucle] las partidas con map y una lambda, en una función auxiliar", '''
def _each_game(logits, y):
    return torch.stack(list(map(lambda lg, tg: F.cross_entropy(lg, tg, ignore_index=0), logits, y)))

def loss_per_game(logits, y):
    return _each_game(logits, y)
'''),
        ("[bucle] map de F.cross_entropy (con functools.partial) en una función auxiliar", '''
import functools


def _each_game(logits, y):
    return torch.stack(list(map(functools.partial(F.cross_entropy, ignore_index=0), logits, y)))

def loss_per_game(logits, y):
    return _each_game(logits, y)
'''),
        ("[bucle] las partidas con una comprensión en una función auxiliar", '''
def _each_game(logits, y):
    return torch.stack([F.cross_entropy(lg, tg, ignore_index=0) for lg, tg in zip(logits, y)])

def loss_per_game(logits, y):
    return _each_game(logits, y)
'''),
        ("[bucle] una recursión: la primera partida y las demás", '''
def _from_game(logits, y):
    if y.shape[0] == 0:
        return logits.new_zeros(0)
    first = F.cross_entropy(logits[0], y[0], ignore_index=0).view(1)
    return torch.cat([first, _from_game(logits[1:], y[1:])])

def loss_per_game(logits, y):
    return _from_game(logits, y)
'''),
    ],
}
