"""Respuestas equivocadas plausibles de 06-indexado: {grade_id: [(motivo, celda), ...]}.

Una respuesta que es un cambio pequeño de la solución se escribe como ese cambio (``edit``, ``answers``:
la solución se lee del cuaderno del profesor); una que sigue otro camino, entera.
"""

from catalogues.edits import answers, edit

SLUG = "06-indexado"


def _prediction(**values):
    return answers(SLUG, "nb06-predict-shapes", **values)

WRONG_ANSWERS = {
    "nb06-header": [
        ("[copia] copia `batch[:, 3]` de la demo: la primera jugada sale como vector (B,), sin su eje", edit(SLUG, "nb06-header", ("ids[:, 3:4]", "ids[:, 3]"))),
        ("[global] lee el lote del cuaderno (`batch`) en vez del argumento", edit(SLUG, "nb06-header", ("ids[:, 1:3]", "batch[:, 1:3]"), ("ids[:, 3:4]", "batch[:, 3:4]"))),
        ("[fijo] devuelve los valores del test visible", '''
def header(ids):
    return torch.tensor([[14, 37], [27, 54], [10, 41]]), torch.tensor([[997], [997], [1242]])
'''),
        ("se olvida de que el <bos> ocupa la posición 0: se corre una posición", edit(SLUG, "nb06-header", ("ids[:, 1:3]", "ids[:, 0:2]"), ("ids[:, 3:4]", "ids[:, 2:3]"))),
        ("corta en el eje de las partidas (falta la coma)", edit(SLUG, "nb06-header", ("ids[:, 1:3]", "ids[1:3]"), ("ids[:, 3:4]", "ids[3:4]"))),
        ("el corte de los Elo se queda corto: 1:2 solo toma el de las blancas", edit(SLUG, "nb06-header", ("ids[:, 1:3]", "ids[:, 1:2]"))),
        ("usa la trampa de JavaScript: batch[:][i] elige filas, no columnas", edit(SLUG, "nb06-header", ("ids[:, 1:3]", "ids[:][1:3]"), ("ids[:, 3:4]", "ids[:][3:4]"))),
    ],
    "nb06-greedy-legal": [
        ("[copia] la demo de argmax: ignora qué tokens están permitidos", '''
def greedy_legal(logits, legal):
    return logits.argmax(dim=-1)
'''),
        ("[copia] la demo de escribir con máscara, con <unk> como valor: los prohibidos valen 4.0 y ganan", edit(SLUG, "nb06-greedy-legal", ('float("-inf")', "UNK_ID"))),
        ("escribe sobre logits sin clone(): el resultado es bueno, pero cambia los logits de quien llama", edit(SLUG, "nb06-greedy-legal", ("logits.clone()", "logits"))),
        ("multiplica por la máscara: un prohibido vale 0 y gana a los permitidos negativos", '''
def greedy_legal(logits, legal):
    return (logits * legal).argmax(dim=-1)
'''),
        ("invierte la máscara: tapa los permitidos", edit(SLUG, "nb06-greedy-legal", ("masked[~legal]", "masked[legal]"))),
        ("indexa con la máscara y pierde la estructura: un índice del tensor aplanado", '''
def greedy_legal(logits, legal):
    return logits[legal].argmax()
'''),
        ("devuelve el primer token permitido, sin mirar los logits", '''
def greedy_legal(logits, legal):
    return legal.int().argmax(dim=-1)
'''),
        ("[bucle] recorre las posiciones una a una en Python", '''
def greedy_legal(logits, legal):
    flat = logits.reshape(-1, logits.shape[-1])
    ok = legal.reshape(-1, legal.shape[-1])
    best = []
    for row, allowed in zip(flat, ok):
        row = row.clone()
        row[~allowed] = float("-inf")
        best.append(int(row.argmax()))
    return torch.tensor(best).reshape(logits.shape[:-1])
'''),
        ("[fijo] devuelve los índices del test visible", '''
def greedy_legal(logits, legal):
    return torch.tensor([3, 1, 2])
'''),
    ],
    "nb06-predict-shapes": [
        ("[mensaje] cree que argmax conserva el eje con tamaño 1", _prediction(shape_greedy="(64, 200, 1)", shape_dim1="(64, 1, 2030)")),
        ("confunde qué eje desaparece con dim=1", _prediction(shape_dim1="(200, 2030)")),
        ("cree que un corte de un elemento también quita el eje", _prediction(shape_last_kept="(64, 2030)")),
        ("[mensaje] cree que indexar con una máscara siempre deja un vector plano de elementos", _prediction(shape_real="(22330000,)")),
        ("cree que la máscara conserva la forma y solo cambia valores", _prediction(shape_real="(64, 200, 2030)")),
        ("cree que un índice suelto deja el eje con tamaño 1", _prediction(shape_last="(64, 1, 2030)")),
        ("[copia] copia las formas que imprime la demo con (4, 11, 2030)", _prediction(
            shape_greedy="(4, 11)", shape_dim1="(4, 2030)", shape_last="(4, 2030)", shape_last_kept="(4, 1, 2030)",
            shape_real="(41, 2030)")),
    ],
    "nb06-last-real": [
        ("[bucle] partida a partida con map y una función auxiliar", '''
def _last(row):
    return row[row != 0][-1]

def last_real(ids):
    return torch.stack(list(map(_last, ids)))
'''),
        ("[copia] toma la última columna, como los cortes de la demo: en las partidas con relleno da 0", '''
def last_real(ids):
    return ids[:, -1]
'''),
        ("[copia] la tentación de la demo: cruza cada fila con cada longitud y sale (B, B)", edit(SLUG, "nb06-last-real", ("ids[torch.arange(ids.shape[0]), lengths - 1]", "ids[:, lengths - 1]"))),
        ("[global] usa la máscara del cuaderno (`is_pad`) en vez de la del argumento", edit(SLUG, "nb06-last-real", ("(ids != PAD_ID).sum(dim=1)", "(~is_pad).sum(dim=1)"))),
        ("[global] usa el tamaño del lote del cuaderno (4 partidas) en vez del de ids", edit(SLUG, "nb06-last-real", ("torch.arange(ids.shape[0])", "torch.arange(batch.shape[0])"))),
        ("[fijo] devuelve los valores del test visible", '''
def last_real(ids):
    return torch.tensor([997, 2, 27])
'''),
        ("se pasa en uno: usa la longitud como índice (sale el primer relleno, o se sale del tensor)", edit(SLUG, "nb06-last-real", ("lengths - 1]", "lengths.clamp(max=ids.shape[1] - 1)]"))),
        ("usa el número de rellenos como índice", edit(SLUG, "nb06-last-real", ("lengths = (ids != PAD_ID)", "pads = (ids == PAD_ID)"), ("lengths - 1]", "pads - 1]"))),
        ("indexa con la máscara y toma el último: un solo número para todo el lote", '''
def last_real(ids):
    return ids[ids != PAD_ID][-1]
'''),
        ("[bucle] recorre las partidas en Python", '''
def last_real(ids):
    out = []
    for row in ids:
        real = row[row != PAD_ID]
        out.append(int(real[-1]))
    return torch.tensor(out)
'''),
    ],
    "nb06-game-nll": [
        ("[copia] la media de la demo: un solo número para todo el lote, no uno por partida", '''
def game_nll(logits, y):
    logp = torch.log_softmax(logits, dim=-1)
    logp_played = logp.gather(-1, y.unsqueeze(-1)).squeeze(-1)
    real = y != PAD_ID
    return -logp_played[real].mean()
'''),
        ("[copia] la media de la demo por partida, pero con el relleno dentro", '''
def game_nll(logits, y):
    logp = torch.log_softmax(logits, dim=-1)
    logp_played = logp.gather(-1, y.unsqueeze(-1)).squeeze(-1)
    return -logp_played.mean(dim=1)
'''),
        ("[bucle] una F.cross_entropy con ignore_index por partida, en un bucle de Python", '''
def game_nll(logits, y):
    return torch.stack([F.cross_entropy(logits[b], y[b], ignore_index=PAD_ID) for b in range(logits.shape[0])])
'''),
        ("[global] aplana con el VOCAB_SIZE del cuaderno en vez de la V de los logits", '''
def game_nll(logits, y):
    B, T = y.shape
    nll = F.cross_entropy(logits.reshape(-1, VOCAB_SIZE), y.reshape(-1), reduction="none", ignore_index=PAD_ID)
    real = (y != PAD_ID).float()
    return nll.view(B, T).sum(dim=1) / real.sum(dim=1)
'''),
        ("[fijo] devuelve los valores del caso hecho a mano", '''
def game_nll(logits, y):
    import math
    return torch.tensor([(math.log(2) + math.log(4)) / 2, (2 * math.log(2) + math.log(4)) / 3])
'''),
        ("pone el relleno a 0 pero divide entre todas las posiciones, no entre las reales", edit(SLUG, "nb06-game-nll", ("(nll * real).sum(dim=1) / real.sum(dim=1)", "(nll * real).mean(dim=1)"))),
        ("olvida el log_softmax: usa los logits crudos como si fueran log p", edit(SLUG, "nb06-game-nll", ("-logp.gather", "-logits.gather"))),
        ("usa softmax en vez de log_softmax: promedia −p, no −log p", edit(SLUG, "nb06-game-nll", ("torch.log_softmax(logits", "torch.softmax(logits"))),
        ("promedia en el eje de las partidas: una media por posición", edit(SLUG, "nb06-game-nll", ("(nll * real).sum(dim=1) / real.sum(dim=1)", "(nll * real).sum(dim=0) / real.sum(dim=0)"))),
        ("olvida el signo: devuelve log p medio, negativo", edit(SLUG, "nb06-game-nll", ("nll = -logp", "nll = logp"))),
        ("log_softmax en el eje de las posiciones en vez del vocabulario", edit(SLUG, "nb06-game-nll", ("torch.log_softmax(logits, dim=-1)", "torch.log_softmax(logits, dim=1)"))),
    ],
}
