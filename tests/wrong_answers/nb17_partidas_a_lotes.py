"""Respuestas equivocadas plausibles de 17-partidas-a-lotes: {grade_id: [(motivo, celda completa), ...]}."""

WRONG_ANSWERS = {
    "nb17-elo-token-ids": [
        ("[copia] llama a encode_game, como en la celda del mate del pastor, una vez por Elo", '''
def elo_token_ids(elos, white):
    position = 1 if white else 2
    return torch.tensor([encode_game([], int(e), int(e), "1-0")[position] for e in elos])
'''),
        ("[bucle] busca cada token en TOKEN_TO_ID con un f-string, uno por uno", '''
def elo_token_ids(elos, white):
    side = "w" if white else "b"
    return torch.tensor([TOKEN_TO_ID[f"<{side}{min(max(int(e), 600), 3200) // 100 * 100:04d}>"] for e in elos])
'''),
        ("[fijo] devuelve los ids de los dos casos visibles", '''
def elo_token_ids(elos, white):
    return torch.tensor([8, 28, 34]) if white else torch.tensor([49, 35, 61])
'''),
        ("no recorta a [600, 3200]: los Elos extremos se salen de sus tramos", '''
def elo_token_ids(elos, white):
    return elos // 100 - 6 + (8 if white else 35)
'''),
        ("divide con / en vez de //: sale float32 y sin redondear a la centena", '''
def elo_token_ids(elos, white):
    return elos.clamp(600, 3200) / 100 - 6 + (8 if white else 35)
'''),
        ("redondea a la centena más cercana en vez de a la de abajo", '''
def elo_token_ids(elos, white):
    bins = torch.round(elos.clamp(600, 3200) / 100).long() - 6
    return bins + (8 if white else 35)
'''),
        ("se equivoca en uno al colocar los tramos de las negras", '''
def elo_token_ids(elos, white):
    bins = elos.clamp(600, 3200) // 100 - 6
    return bins + (8 if white else 34)
'''),
        ("empieza a contar los tramos en el id 0, como si no hubiera especiales", '''
def elo_token_ids(elos, white):
    bins = elos.clamp(600, 3200) // 100 - 6
    return bins + (0 if white else 27)
'''),
    ],
    "nb17-pad-to": [
        ("[copia] pad_sequence de la celda de arriba: rellena hasta la más larga, no hasta T", '''
def pad_to(seqs, T, pad_id=0):
    return pad_sequence([torch.tensor(s) for s in seqs], batch_first=True, padding_value=pad_id)
'''),
        ("[copia] pad_sequence y cortar a T: si todas son más cortas que T, faltan columnas", '''
def pad_to(seqs, T, pad_id=0):
    return pad_sequence([torch.tensor(s) for s in seqs], batch_first=True, padding_value=pad_id)[:, :T]
'''),
        ("[global] rellena con el PAD_ID del cuaderno en vez del pad_id que recibe", '''
def pad_to(seqs, T, pad_id=0):
    batch = torch.full((len(seqs), T), PAD_ID, dtype=torch.int64)
    for i, seq in enumerate(seqs):
        kept = list(seq)[:T]
        batch[i, : len(kept)] = torch.tensor(kept)
    return batch
'''),
        ("[fijo] devuelve el lote del primer caso visible", '''
def pad_to(seqs, T, pad_id=0):
    return torch.tensor([[1, 14, 37, 997, 1164], [1, 28, 49, 2, 0], [1, 20, 45, 1164, 6]])
'''),
        ("no corta: una secuencia más larga que T no cabe en su fila", '''
def pad_to(seqs, T, pad_id=0):
    batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
    for i, seq in enumerate(seqs):
        batch[i, : len(seq)] = torch.tensor(seq)
    return batch
'''),
        ("corta por el principio: se queda con los T últimos ids", '''
def pad_to(seqs, T, pad_id=0):
    batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
    for i, seq in enumerate(seqs):
        kept = list(seq)[-T:]
        batch[i, : len(kept)] = torch.tensor(kept)
    return batch
'''),
        ("rellena por la izquierda", '''
def pad_to(seqs, T, pad_id=0):
    batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
    for i, seq in enumerate(seqs):
        kept = list(seq)[:T]
        batch[i, T - len(kept):] = torch.tensor(kept)
    return batch
'''),
        ("crea el lote con torch.full sin dtype y un pad_id de coma flotante: sale float32", '''
def pad_to(seqs, T, pad_id=0):
    batch = torch.full((len(seqs), T), float(pad_id))
    for i, seq in enumerate(seqs):
        kept = list(seq)[:T]
        batch[i, : len(kept)] = torch.tensor(kept, dtype=torch.float32)
    return batch
'''),
    ],
    "nb17-counted-positions": [
        ("[mensaje] cuenta todas las posiciones de y, relleno incluido", '''
shape_y = (3, 25)
n_counted = 75
'''),
        ("[mensaje] olvida que y pierde una columna", '''
shape_y = (3, 26)
n_counted = 47
'''),
        ("cuenta solo las medias jugadas, sin los tokens de contexto", '''
shape_y = (3, 20)
n_counted = 32
'''),
        ("cuenta los ids de cada partida en vez de sus objetivos (no resta uno por partida)", '''
shape_y = (3, 25)
n_counted = 47
'''),
        ("escribe la forma del lote rellenado, no la de y", '''
shape_y = (3, 26)
n_counted = 44
'''),
    ],
    "nb17-no-ignore": [
        ("[mensaje] cree que sin ignore_index nada cambia para ninguno", '''
loss_a_no_ignore = 7.62
loss_b_no_ignore = 7.62
'''),
        ("[mensaje] cree que A deja de pagar en el relleno, como B", '''
loss_a_no_ignore = 3.05
loss_b_no_ignore = 3.05
'''),
        ("divide por las 16 posiciones reales aunque cuente las 40", '''
loss_a_no_ignore = 19.04
loss_b_no_ignore = 7.62
'''),
        ("da a B la proporción de relleno en vez de la de posiciones reales", '''
loss_a_no_ignore = 7.62
loss_b_no_ignore = 4.57
'''),
        ("cree que sin ignore_index la pérdida de B sube por el relleno", '''
loss_a_no_ignore = 7.62
loss_b_no_ignore = 12.18
'''),
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
        ("[fijo] devuelve ln 4 y ln 2, las pérdidas del caso visible", '''
import math


def loss_per_game(logits, y):
    return torch.tensor([math.log(4), math.log(2)])
'''),
        ("ignore_index y luego mean(dim=1): divide también por las posiciones de relleno", '''
def loss_per_game(logits, y):
    B, T, V = logits.shape
    per_position = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none", ignore_index=0)
    return per_position.view(B, T).mean(dim=1)
'''),
        ("no quita el relleno: media de todas las posiciones de cada partida", '''
def loss_per_game(logits, y):
    B, T, V = logits.shape
    return F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T).mean(dim=1)
'''),
        ("usa view en y, que viene de un corte y no es contiguo", '''
def loss_per_game(logits, y):
    B, T, V = logits.shape
    per_position = F.cross_entropy(logits.view(B * T, V), y.view(B * T), reduction="none").view(B, T)
    counts = y != 0
    return (per_position * counts).sum(dim=1) / counts.sum(dim=1)
'''),
        ("promedia por posición (dim=0) en vez de por partida", '''
def loss_per_game(logits, y):
    B, T, V = logits.shape
    per_position = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)
    counts = y != 0
    return (per_position * counts).sum(dim=0) / counts.sum(dim=0)
'''),
        ("deshace el aplanado al revés: view(T, B) mezcla partidas", '''
def loss_per_game(logits, y):
    B, T, V = logits.shape
    per_position = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(T, B).t()
    counts = y != 0
    return (per_position * counts).sum(dim=1) / counts.sum(dim=1)
'''),
        ("no aplana: F.cross_entropy toma el eje T como el de las clases", '''
def loss_per_game(logits, y):
    per_position = F.cross_entropy(logits, y, reduction="none")
    counts = y != 0
    return (per_position * counts).sum(dim=1) / counts.sum(dim=1)
'''),
        ("suma las pérdidas de cada partida en vez de promediarlas", '''
def loss_per_game(logits, y):
    B, T, V = logits.shape
    per_position = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)
    return (per_position * (y != 0)).sum(dim=1)
'''),
    ],
}
