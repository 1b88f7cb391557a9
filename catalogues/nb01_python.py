"""Respuestas equivocadas plausibles de 01-python: {grade_id: [(motivo, celda), ...]}.

Una respuesta que es un cambio pequeño de la solución se escribe como ese cambio (``edit``, ``answers``:
la solución se lee del cuaderno del profesor); una que sigue otro camino, entera.

Las que empiezan por una etiqueta entre corchetes son las del alumno perezoso: [copia] pega código
que el cuaderno ya enseña, [fijo] se ajusta al caso visible, [global] usa una variable del cuaderno
en vez del argumento, [mensaje] prueba un valor y lee el mensaje del test.
"""

from catalogues.edits import answers, edit

SLUG = "01-python"


def _lengths(**values):
    return answers(SLUG, "nb01-predict-lengths", **values)


def _tokenizer(*changes):
    return edit(SLUG, "nb01-game-tokenizer", *changes)


def _vocab(*changes):
    return edit(SLUG, "nb01-vocab-by-appearance", *changes)


WRONG_ANSWERS = {
    "nb01-predict-lengths": [
        ("cree que el corte 3:10 da siete elementos aunque la partida tenga cinco", _lengths(slice_len="7")),
        ("cree que quedan tres jugadas desde la posición 3 (cuenta la 3, la 4 y una 5 que no existe)",
         _lengths(slice_len="3")),
        ("no quita los repetidos al unir las dos partidas", _lengths(set_len="10")),
        ("quita solo una de las dos jugadas repetidas", _lengths(set_len="9")),
        ("escribe las predicciones como texto", _lengths(slice_len='"2"', set_len='"8"')),
        ("[mensaje] prueba la longitud de una partida en los dos apartados a ver qué dice el test",
         _lengths(slice_len="5", set_len="5")),
        ("[mensaje] prueba un número cualquiera", _lengths(slice_len="0", set_len="0")),
    ],
    "nb01-vocab-by-appearance": [
        ("[copia] pega el vocabulario ordenado del cuaderno", '''
def vocab_by_appearance(games):
    return ["<bos>"] + sorted({m for g in games for m in g})
'''),
        ("pasa por un conjunto y pierde el orden de aparición", '''
def vocab_by_appearance(games):
    return ["<bos>"] + list({m for g in games for m in g})
'''),
        ("no quita las jugadas repetidas", '''
def vocab_by_appearance(games):
    return ["<bos>"] + [m for g in games for m in g]
'''),
        ("quita los repetidos solo dentro de cada partida",
         _vocab(("    seen = set()\n", ""), ("    for g in games:", "    for g in games:\n        seen = set()"))),
        ("pone <bos> al final",
         _vocab(('vocab = ["<bos>"]', "vocab = []"), ("return vocab", 'return vocab + ["<bos>"]'))),
        ("recorre las partidas de la última a la primera",
         _vocab(("for g in games:", "for g in reversed(list(games)):"))),
        ("[global] recorre las partidas de juguete del cuaderno en vez del argumento",
         _vocab(("for g in games:", "for g in TOY_GAMES:"))),
        ("[fijo] devuelve el vocabulario de las partidas de juguete escrito a mano", '''
def vocab_by_appearance(games):
    return ["<bos>", "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "f1c4", "c7c5", "d7d6", "d2d4",
            "d7d5", "c2c4", "e7e6", "b1c3"]
'''),
    ],
    "nb01-game-tokenizer": [
        ("[copia] pega el __init__ de Tokenizer sin los especiales", '''
SPECIALS = ["<pad>", "<bos>", "<eos>", "<mask>", "<unk>"]


class GameTokenizer(Tokenizer):
    def __init__(self, moves):
        self.vocab = list(moves)
        self.token_to_id = {tok: i for i, tok in enumerate(self.vocab)}

    def encode_game(self, game):
        unk = self.token_to_id.get("<unk>", 4)
        return [1] + [self.token_to_id.get(m, unk) for m in game] + [2]

    def decode_game(self, ids):
        return [tok for tok in self.decode(ids) if tok not in {"<pad>", "<bos>", "<eos>"}]
'''),
        ("olvida super().__init__(): self.vocab y self.token_to_id no existen",
         _tokenizer(("super().__init__(SPECIALS + list(moves))", "self.moves = list(moves)"))),
        ("pone los especiales detrás de las jugadas", _tokenizer(("SPECIALS + list(moves)", "list(moves) + SPECIALS"))),
        ("ordena las jugadas, como el vocabulario de juguete",
         _tokenizer(("SPECIALS + list(moves)", "SPECIALS + sorted(moves)"))),
        ("una jugada desconocida lanza KeyError (la busca con [] en vez de con get)",
         _tokenizer(("self.token_to_id.get(m, unk)", "self.token_to_id[m]"))),
        ("una jugada desconocida se convierte en <pad> (id 0)",
         _tokenizer(("self.token_to_id.get(m, unk)", "self.token_to_id.get(m, 0)"))),
        ("olvida el <eos> del final", _tokenizer(('ids + [self.token_to_id["<eos>"]]', "ids"))),
        ("decode_game deja <bos> y <eos> en la lista",
         _tokenizer(('markers = {"<pad>", "<bos>", "<eos>"}', 'markers = {"<pad>"}'))),
        ("decode_game también tira los <unk>",
         _tokenizer(('markers = {"<pad>", "<bos>", "<eos>"}', "markers = set(SPECIALS)"))),
        ("decode_game también tira los <mask> (el enunciado dice que se quedan)",
         _tokenizer(('markers = {"<pad>", "<bos>", "<eos>"}', 'markers = {"<pad>", "<bos>", "<eos>", "<mask>"}'))),
        ("no hereda de Tokenizer: copia todo en una clase suelta", '''
SPECIALS = ["<pad>", "<bos>", "<eos>", "<mask>", "<unk>"]


class GameTokenizer:
    def __init__(self, moves):
        self.vocab = SPECIALS + list(moves)
        self.token_to_id = {tok: i for i, tok in enumerate(self.vocab)}

    def encode_game(self, game):
        return [1] + [self.token_to_id.get(m, 4) for m in game] + [2]

    def decode_game(self, ids):
        return [self.vocab[i] for i in ids if i > 2]
'''),
        ("[global] construye el vocabulario con el vocab de juguete del cuaderno en vez de `moves`",
         _tokenizer(("SPECIALS + list(moves)", "SPECIALS + vocab[1:]"))),
        ("[fijo] devuelve las listas del primer caso del test visible",
         _tokenizer(('unk = self.token_to_id["<unk>"]', "return [1, 5, 6, 4, 2]"),
                    ('markers = {"<pad>", "<bos>", "<eos>"}', 'return ["e2e4", "e7e5", "<unk>"]'))),
    ],
    "nb01-count-after-pair": [
        ("[copia] adapta la tabla de bigramas del cuaderno: mira solo la jugada b e ignora a", '''
from collections import Counter, defaultdict


def count_after_pair(games, pair):
    next_counts = defaultdict(Counter)
    for g in games:
        tokens = list(g)
        for current, following in zip(tokens[:-1], tokens[1:]):
            next_counts[current][following] += 1
    return next_counts[pair[1]]
'''),
        ("aplana las partidas: cuenta parejas que cruzan de una partida a la siguiente", '''
from collections import Counter


def count_after_pair(games, pair):
    counts = Counter()
    flat = [m for g in games for m in g]
    for a, b, c in zip(flat, flat[1:], flat[2:]):
        if (a, b) == tuple(pair):
            counts[c] += 1
    return counts
'''),
        ("cuenta la jugada que sigue a `a` (la propia b), no la que sigue a la pareja",
         edit(SLUG, "nb01-count-after-pair", ("counts[c] += 1", "counts[b] += 1"))),
        ("mira dos posiciones más allá: la jugada que viene después de c",
         edit(SLUG,
              "nb01-count-after-pair",
              ("for a, b, c in zip(g, g[1:], g[2:]):", "for a, b, c, d in zip(g, g[1:], g[2:], g[3:]):"),
              ("counts[c] += 1", "counts[d] += 1"))),
        ("compara la pareja con == sin convertirla: una lista no es igual a una tupla",
         edit(SLUG, "nb01-count-after-pair", ("if (a, b) == tuple(pair):", "if (a, b) == pair:"))),
        ("solo mira la primera aparición de la pareja en cada partida", '''
from collections import Counter


def count_after_pair(games, pair):
    counts = Counter()
    for g in games:
        g = list(g)
        for i in range(len(g) - 2):
            if g[i] == pair[0] and g[i + 1] == pair[1]:
                counts[g[i + 2]] += 1
                break
    return counts
'''),
        ("devuelve una lista de jugadas en vez de un diccionario con las veces", '''
def count_after_pair(games, pair):
    out = []
    for g in games:
        for a, b, c in zip(g, g[1:], g[2:]):
            if (a, b) == tuple(pair):
                out.append(c)
    return out
'''),
        ("[global] recorre las partidas de juguete del cuaderno en vez del argumento",
         edit(SLUG, "nb01-count-after-pair", ("for g in games:", "for g in TOY_GAMES:"))),
        ("[fijo] devuelve los diccionarios del test visible", '''
def count_after_pair(games, pair):
    if tuple(pair) == ("g1f3", "b8c6"):
        return {"f1b5": 1, "f1c4": 1}
    return {"d7d6": 1}
'''),
    ],
}
