"""Respuestas equivocadas plausibles de 06-indexado: {grade_id: [(motivo, celda), ...]}.

Una respuesta que es un cambio pequeño de la solución se escribe como ese cambio (``edit``, ``answers``:
la solución se lee del cuaderno del profesor); una que sigue otro camino, entera.
"""

from catalogues.edits import answers, edit

SLUG = "06-indexado"


def _prediction(**values):
    return answers(SLUG, "nb06-predict-shapes", **values)

def _worst(*changes):
    return edit(SLUG, "nb06-worst-move", *changes)


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
    "nb06-worst-move": [
        ("[copia] la media de la demo: devuelve −log p medio, no una posición", '''
def worst_move(logits, y):
    logp = torch.log_softmax(logits, dim=-1)
    logp_played = logp.gather(-1, y.unsqueeze(-1)).squeeze(-1)
    real = y != PAD_ID
    return -logp_played[real].mean()
'''),
        ("olvida el relleno: una posición <pad> puede ganar", _worst(('nll[y == PAD_ID] = float("-inf")', "pass"))),
        ("tapa el relleno con +inf: el relleno gana siempre", _worst(('float("-inf")', 'float("inf")'))),
        ("argmin: la jugada que más esperaba, no la que menos", _worst(("nll.argmax(dim=-1)", "nll.argmin(dim=-1)"))),
        ("olvida el signo: el argmax de log p es la jugada más esperada", _worst(("nll = -logp", "nll = logp"))),
        ("olvida el log_softmax: usa los logits crudos como si fueran log p", _worst(("-logp.gather", "-logits.gather"))),
        ("devuelve el token que vino en la peor posición, no la posición", _worst(("return nll.argmax(dim=-1)", "return y.gather(1, nll.argmax(dim=-1, keepdim=True)).squeeze(1)"))),
        ("busca en el eje de las partidas: una respuesta por posición", _worst(("nll.argmax(dim=-1)", "nll.argmax(dim=0)"))),
        ("tapa el relleno en los logits de quien llama: los modifica (y su softmax da NaN)", '''
def worst_move(logits, y):
    logits[y == PAD_ID] = float("-inf")
    logp = torch.log_softmax(logits, dim=-1)
    return (-logp.gather(-1, y.unsqueeze(-1)).squeeze(-1)).argmax(dim=-1)
'''),
        ("[bucle] recorre las partidas en Python", '''
def worst_move(logits, y):
    out = []
    for b in range(y.shape[0]):
        logp = torch.log_softmax(logits[b], dim=-1)
        nll = -logp.gather(-1, y[b].unsqueeze(-1)).squeeze(-1)
        nll[y[b] == PAD_ID] = float("-inf")
        out.append(nll.argmax())
    return torch.stack(out)
'''),
        ("[fijo] devuelve las posiciones del caso hecho a mano", '''
def worst_move(logits, y):
    return torch.tensor([1, 2])
'''),
    ],
}
