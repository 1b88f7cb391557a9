"""Cinco soluciones independientes de 01-python (ver ``catalogues/independent``).

Solo con lo que enseña el cuaderno hasta cada ejercicio (listas, conjuntos, diccionarios, comprensiones,
``enumerate``, ``zip``, ``range``, ``try``/``except``, clases y ``super().__init__()``, ``Counter``).

``nb01-game-tokenizer`` tiene tres regiones de solución en una celda (un método cada una): su juego es la
celda entera, con lo que trae la versión de alumno (``SPECIALS``, la clase, las firmas y los docstrings)
tal cual, como la entregaría el alumno.
"""

_SPECIALS = 'SPECIALS = ["<pad>", "<bos>", "<eos>", "<mask>", "<unk>"]\n'
_CLASS = '''

class GameTokenizer(Tokenizer):
    """Tokenizador de partidas: los especiales de SPECIALS (ids 0-4) y detrás las jugadas."""

    def __init__(self, moves: list[str]):
{init}
    def encode_game(self, game: list[str]) -> list[int]:
        """[<bos>, un id por jugada, <eos>]; una jugada desconocida da el id de <unk>."""
{encode}
    def decode_game(self, ids: list[int]) -> list[str]:
        """Las jugadas de `ids`, sin <pad>, <bos> ni <eos>."""
{decode}'''


def _tokenizer(init: str, encode: str, decode: str) -> str:
    """La celda entera del tokenizador con el cuerpo de cada método (sin sangría) en su sitio."""
    def body(code):
        return "".join(f"        {line}\n" if line else "\n" for line in code.strip("\n").split("\n"))

    return _SPECIALS + _CLASS.format(init=body(init), encode=body(encode), decode=body(decode))


SETS = [
    {  # 1: un conjunto de vistas; comprensiones con get
        "nb01-vocab-by-appearance": """
vocab = ["<bos>"]
seen = set()
for game in games:
    for move in game:
        if move not in seen:
            seen.add(move)
            vocab.append(move)
return vocab
""",
        "nb01-game-tokenizer": _tokenizer(
            """
super().__init__(SPECIALS + list(moves))
""",
            """
unk = self.token_to_id["<unk>"]
ids = [self.token_to_id.get(m, unk) for m in game]
return [self.token_to_id["<bos>"]] + ids + [self.token_to_id["<eos>"]]
""",
            """
return [t for t in self.decode(ids) if t not in ("<pad>", "<bos>", "<eos>")]
"""),
        "nb01-count-after-pair": """
for g in games:
    for a, b, c in zip(g, g[1:], g[2:]):
        if (a, b) == tuple(pair):
            counts[c] += 1
""",
    },
    {  # 2: bucles con índices y los ids de los especiales a mano
        "nb01-vocab-by-appearance": """
result = ["<bos>"]
for g in games:
    for m in g:
        if m not in result:
            result.append(m)
return result
""",
        "nb01-game-tokenizer": _tokenizer(
            """
vocab = list(SPECIALS)
for move in moves:
    vocab.append(move)
super().__init__(vocab)
""",
            """
out = [1]
for move in game:
    if move in self.token_to_id:
        out.append(self.token_to_id[move])
    else:
        out.append(4)
out.append(2)
return out
""",
            """
tokens = []
for i in ids:
    if i > 2:
        tokens.append(self.vocab[i])
return tokens
"""),
        "nb01-count-after-pair": """
first, second = pair
for game in games:
    for i in range(len(game) - 2):
        if game[i] == first and game[i + 1] == second:
            counts[game[i + 2]] += 1
""",
    },
    {  # 3: un diccionario de ids; tokens primero y encode heredado
        "nb01-vocab-by-appearance": """
token_to_id = {"<bos>": 0}
for game in games:
    for move in game:
        if move not in token_to_id:
            token_to_id[move] = len(token_to_id)
return sorted(token_to_id, key=lambda tok: token_to_id[tok])
""",
        "nb01-game-tokenizer": _tokenizer(
            """
super().__init__(list(SPECIALS) + list(moves))
""",
            """
bos, eos, unk = SPECIALS[1], SPECIALS[2], SPECIALS[4]
tokens = [bos]
for m in game:
    tokens.append(m if m in self.token_to_id else unk)
tokens.append(eos)
return self.encode(tokens)
""",
            """
skip = set(SPECIALS[:3])
words = self.decode(ids)
return [w for w in words if w not in skip]
"""),
        "nb01-count-after-pair": """
target = tuple(pair)
for game in games:
    moves = list(game)
    for i in range(2, len(moves)):
        if tuple(moves[i - 2:i]) == target:
            counts[moves[i]] += 1
""",
    },
    {  # 4: todo en una lista plana; try/except para lo desconocido
        "nb01-vocab-by-appearance": """
flat = [m for g in games for m in g]
vocab = ["<bos>"]
for i, move in enumerate(flat):
    if move not in flat[:i]:
        vocab.append(move)
return vocab
""",
        "nb01-game-tokenizer": _tokenizer(
            """
all_tokens = SPECIALS + [m for m in moves]
super().__init__(all_tokens)
""",
            """
result = [self.token_to_id["<bos>"]]
for move in game:
    try:
        result.append(self.token_to_id[move])
    except KeyError:
        result.append(self.token_to_id["<unk>"])
return result + [self.token_to_id["<eos>"]]
""",
            """
kept = []
for token in self.decode(ids):
    if token not in ["<pad>", "<bos>", "<eos>"]:
        kept.append(token)
return kept
"""),
        "nb01-count-after-pair": """
a, b = pair
for game in games:
    for i, move in enumerate(game):
        if i >= 2 and game[i - 2] == a and game[i - 1] == b:
            counts[move] += 1
""",
    },
    {  # 5: una bandera por jugada nueva; filtrar ids antes de decodificar
        "nb01-vocab-by-appearance": """
seen = set()
order = []
for game in games:
    for move in game:
        new = move not in seen
        if new:
            order.append(move)
        seen.add(move)
return ["<bos>"] + order
""",
        "nb01-game-tokenizer": _tokenizer(
            """
super().__init__(SPECIALS + moves)
""",
            """
unknown = self.token_to_id["<unk>"]
middle = [self.token_to_id[m] if m in self.token_to_id else unknown for m in game]
start = [self.token_to_id["<bos>"]]
end = [self.token_to_id["<eos>"]]
return start + middle + end
""",
            """
dropped = {self.token_to_id[s] for s in ("<pad>", "<bos>", "<eos>")}
return self.decode([i for i in ids if i not in dropped])
"""),
        "nb01-count-after-pair": """
wanted = list(pair)
for moves in games:
    triples = zip(moves[:-2], moves[1:-1], moves[2:])
    for x, y, z in triples:
        if [x, y] == wanted:
            counts[z] = counts[z] + 1
""",
    },
]
