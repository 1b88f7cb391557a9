"""Respuestas equivocadas plausibles de 17-partidas-a-lotes: {grade_id: [(motivo, celda completa), ...]}."""

WRONG_ANSWERS = {
    "nb17-encode-all": [
        ("cruza los Elo: pasa el de las negras como el de las blancas", '''
def encode_all(games):
    return [encode_game(g.uci, g.black_elo, g.white_elo, g.result) for g in games]
'''),
        ("usa las jugadas en SAN, que el vocabulario no conoce (salen <unk>)", '''
def encode_all(games):
    return [encode_game(g.san, g.white_elo, g.black_elo, g.result) for g in games]
'''),
        ("pone siempre el resultado 1-0", '''
def encode_all(games):
    return [encode_game(g.uci, g.white_elo, g.black_elo, "1-0") for g in games]
'''),
        ("junta todas las partidas en una sola lista plana con extend", '''
def encode_all(games):
    ids = []
    for g in games:
        ids.extend(encode_game(g.uci, g.white_elo, g.black_elo, g.result))
    return ids
'''),
        ("se salta la primera partida al recorrer por índices", '''
def encode_all(games):
    out = []
    for i in range(1, len(games)):
        g = games[i]
        out.append(encode_game(g.uci, g.white_elo, g.black_elo, g.result))
    return out
'''),
    ],
    "nb17-pad-batch": [
        ("crea el lote en int32: la entropía cruzada lo rechazaría", '''
def pad_batch(seqs, pad_id=0):
    T_max = max(len(s) for s in seqs)
    lote = torch.full((len(seqs), T_max), pad_id, dtype=torch.int32)
    for i, s in enumerate(seqs):
        lote[i, : len(s)] = torch.tensor(s, dtype=torch.int32)
    return lote
'''),
        ("rellena por la izquierda en vez de por la derecha", '''
def pad_batch(seqs, pad_id=0):
    T_max = max(len(s) for s in seqs)
    lote = torch.full((len(seqs), T_max), pad_id, dtype=torch.int64)
    for i, s in enumerate(seqs):
        lote[i, T_max - len(s):] = torch.tensor(s, dtype=torch.int64)
    return lote
'''),
        ("rellena con 1 (que es <bos>) en vez de con pad_id", '''
def pad_batch(seqs, pad_id=0):
    T_max = max(len(s) for s in seqs)
    lote = torch.ones(len(seqs), T_max, dtype=torch.int64)
    for i, s in enumerate(seqs):
        lote[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
    return lote
'''),
        ("se pasa en uno: el lote mide T_max + 1 columnas", '''
def pad_batch(seqs, pad_id=0):
    T_max = max(len(s) for s in seqs) + 1
    lote = torch.full((len(seqs), T_max), pad_id, dtype=torch.int64)
    for i, s in enumerate(seqs):
        lote[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
    return lote
'''),
        ("usa torch.zeros sin dtype: el lote sale en float32", '''
def pad_batch(seqs, pad_id=0):
    T_max = max(len(s) for s in seqs)
    lote = torch.zeros(len(seqs), T_max) + pad_id
    for i, s in enumerate(seqs):
        lote[i, : len(s)] = torch.tensor(s)
    return lote
'''),
        ("ignora pad_id y rellena siempre con ceros", '''
def pad_batch(seqs, pad_id=0):
    T_max = max(len(s) for s in seqs)
    lote = torch.zeros(len(seqs), T_max, dtype=torch.int64)
    for i, s in enumerate(seqs):
        lote[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
    return lote
'''),
    ],
    "nb17-posiciones": [
        ("cuenta todas las posiciones de y, también el relleno: 3 × 25", "posiciones_que_cuentan = 75"),
        ("suma las longitudes sin quitar la primera ficha de cada partida", "posiciones_que_cuentan = 47"),
        ("quita dos fichas por partida en vez de una", "posiciones_que_cuentan = 41"),
        ("cuenta solo las jugadas, sin las fichas de contexto", "posiciones_que_cuentan = 32"),
        ("escribe la respuesta como float", "posiciones_que_cuentan = 44.0"),
    ],
    "nb17-masked-loss": [
        ("olvida ignore_index: la media incluye el relleno", '''
def masked_loss(logits, y):
    B, T, V = logits.shape
    return F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T))
'''),
        ("usa ignore_index=-100, el valor por defecto, que no coincide con <pad> = 0", '''
def masked_loss(logits, y):
    B, T, V = logits.shape
    return F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), ignore_index=-100)
'''),
        ("anula el relleno pero divide entre todas las posiciones", '''
def masked_loss(logits, y):
    B, T, V = logits.shape
    por_posicion = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none")
    mascara = (y.reshape(B * T) != 0).float()
    return (por_posicion * mascara).mean()
'''),
        ("pasa (B, T, V) sin aplanar: cross_entropy toma T como las clases", '''
def masked_loss(logits, y):
    return F.cross_entropy(logits, y, ignore_index=0)
'''),
        ("suma en vez de hacer la media", '''
def masked_loss(logits, y):
    B, T, V = logits.shape
    return F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), ignore_index=0, reduction="sum")
'''),
        ("aplana y con view, que falla con cortes no contiguos como lote[:, 1:]", '''
def masked_loss(logits, y):
    B, T, V = logits.shape
    return F.cross_entropy(logits.view(B * T, V), y.view(B * T), ignore_index=0)
'''),
    ],
    "nb17-bigram-floor": [
        ("cuenta también los objetivos <pad>", '''
import math
from collections import Counter


def bigram_floor(x, y, pad_id=0):
    pares = Counter()
    contextos = Counter()
    for a, s in zip(x.flatten().tolist(), y.flatten().tolist()):
        pares[(a, s)] += 1
        contextos[a] += 1
    N = sum(pares.values())
    return -sum(n * math.log(n / contextos[a]) for (a, s), n in pares.items()) / N
'''),
        ("usa log2 (bits) en vez del logaritmo natural de la entropía cruzada", '''
import math
from collections import Counter


def bigram_floor(x, y, pad_id=0):
    pares = Counter()
    contextos = Counter()
    for a, s in zip(x.flatten().tolist(), y.flatten().tolist()):
        if s == pad_id:
            continue
        pares[(a, s)] += 1
        contextos[a] += 1
    N = sum(pares.values())
    return -sum(n * math.log2(n / contextos[a]) for (a, s), n in pares.items()) / N
'''),
        ("hace la media de las entropías de cada contexto sin pesarlas por su frecuencia", '''
import math
from collections import Counter


def bigram_floor(x, y, pad_id=0):
    pares = Counter()
    contextos = Counter()
    for a, s in zip(x.flatten().tolist(), y.flatten().tolist()):
        if s == pad_id:
            continue
        pares[(a, s)] += 1
        contextos[a] += 1
    H = {a: 0.0 for a in contextos}
    for (a, s), n in pares.items():
        p = n / contextos[a]
        H[a] -= p * math.log(p)
    return sum(H.values()) / len(H)
'''),
        ("calcula la entropía de la siguiente ficha sin mirar la actual", '''
import math
from collections import Counter


def bigram_floor(x, y, pad_id=0):
    pares = Counter()
    contextos = Counter()
    for a, s in zip(x.flatten().tolist(), y.flatten().tolist()):
        if s == pad_id:
            continue
        pares[s] += 1
    N = sum(pares.values())
    return -sum(n * math.log(n / N) for n in pares.values()) / N
'''),
        ("divide entre el número de contextos distintos en vez de entre N", '''
import math
from collections import Counter


def bigram_floor(x, y, pad_id=0):
    pares = Counter()
    contextos = Counter()
    for a, s in zip(x.flatten().tolist(), y.flatten().tolist()):
        if s == pad_id:
            continue
        pares[(a, s)] += 1
        contextos[a] += 1
    return -sum(n * math.log(n / contextos[a]) for (a, s), n in pares.items()) / len(contextos)
'''),
    ],
}
