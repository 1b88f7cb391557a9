"""Vocabulario UCI de rukh: 2030 tokens en un orden fijo.

Invariante: el id de cada token es su posición en ``TOKENS`` y ese orden es
exactamente el del tokenizador de rukh:

1. 8 especiales: ``<pad>``=0, ``<bos>``, ``<eos>``, ``<mask>``, ``<unk>``,
   ``<1-0>``, ``<0-1>``, ``<1/2>``.
2. 27 tramos de Elo de las blancas, ``<w0600>`` … ``<w3200>`` (ids 8–34).
3. 27 tramos de Elo de las negras, ``<b0600>`` … ``<b3200>`` (ids 35–61).
4. 1792 jugadas ``origendestino``: casillas en orden a1, a2, …, a8, b1, …, h8;
   el origen es el bucle exterior y el destino el interior; se guarda el par
   si una dama o un caballo pueden ir de una casilla a la otra.
5. 176 coronaciones: primero las blancas (fila 7 → 8), luego las negras
   (fila 2 → 1); columna de origen por fuera, columna de destino (a lo sumo
   una de distancia) por dentro, y la pieza en el orden q, r, b, n.

Una partida se codifica como
``[<bos>, <wElo>, <bElo>, jugadas…, <resultado>, <eos>]``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable, Sequence

SPECIAL_TOKENS = ("<pad>", "<bos>", "<eos>", "<mask>", "<unk>", "<1-0>", "<0-1>", "<1/2>")
PAD_ID, BOS_ID, EOS_ID, MASK_ID, UNK_ID, WHITE_WINS_ID, BLACK_WINS_ID, DRAW_ID = range(8)

ELO_MIN, ELO_MAX, ELO_STEP = 600, 3200, 100
ELO_BINS = tuple(range(ELO_MIN, ELO_MAX + 1, ELO_STEP))
SIDES = ("w", "b")
RESULT_TOKENS = {"1-0": "<1-0>", "0-1": "<0-1>", "1/2-1/2": "<1/2>"}
PROMOTION_PIECES = ("q", "r", "b", "n")
DEFAULT_MAX_LEN = 200

FILES = "abcdefgh"
RANKS = "12345678"
# Orden por columnas: a1, a2, …, a8, b1, …, h8.
SQUARES = tuple(f + r for f in FILES for r in RANKS)


def _queen_or_knight_reach(origin: str, target: str) -> bool:
    df = abs(FILES.index(origin[0]) - FILES.index(target[0]))
    dr = abs(RANKS.index(origin[1]) - RANKS.index(target[1]))
    if df == dr == 0:
        return False
    queen = df == 0 or dr == 0 or df == dr
    knight = {df, dr} == {1, 2}
    return queen or knight


def _elo_tokens(side: str) -> list[str]:
    return [f"<{side}{elo:04d}>" for elo in ELO_BINS]


def _move_tokens() -> list[str]:
    return [o + t for o in SQUARES for t in SQUARES if _queen_or_knight_reach(o, t)]


def _promotion_tokens() -> list[str]:
    tokens = []
    for from_rank, to_rank in (("7", "8"), ("2", "1")):
        for fi, from_file in enumerate(FILES):
            for to_file in FILES[max(fi - 1, 0): fi + 2]:
                for piece in PROMOTION_PIECES:
                    tokens.append(f"{from_file}{from_rank}{to_file}{to_rank}{piece}")
    return tokens


TOKENS: tuple[str, ...] = tuple(
    list(SPECIAL_TOKENS) + _elo_tokens("w") + _elo_tokens("b") + _move_tokens() + _promotion_tokens()
)
TOKEN_TO_ID: dict[str, int] = {token: i for i, token in enumerate(TOKENS)}
VOCAB_SIZE = len(TOKENS)
FIRST_MOVE_ID = len(SPECIAL_TOKENS) + 2 * len(ELO_BINS)


def token_id(token: str) -> int:
    """Id de un token; una jugada que no está en el vocabulario da ``UNK_ID``."""
    return TOKEN_TO_ID.get(token, UNK_ID)


def elo_bin(elo: int) -> int:
    """Borde inferior del tramo de 100 que contiene ``elo``, recortado a [600, 3200]."""
    if isinstance(elo, bool) or not isinstance(elo, (int, float)):
        raise ValueError(f"El Elo debe ser un número, por ejemplo 1500; recibí {elo!r}.")
    clamped = min(max(int(elo), ELO_MIN), ELO_MAX)
    return clamped - clamped % ELO_STEP


def elo_token(elo: int, side: str) -> str:
    """Token del tramo de Elo de un bando, con los argumentos en el orden de rukh: ``elo_token(2650, "w") == "<w2600>"``."""
    if side not in SIDES:
        raise ValueError(f"El bando debe ser 'w' (blancas) o 'b' (negras); recibí {side!r}.")
    return f"<{side}{elo_bin(elo):04d}>"


def result_token(result: str) -> str:
    """Token del resultado: ``"1-0"``, ``"0-1"`` o ``"1/2-1/2"``."""
    if result not in RESULT_TOKENS:
        valid = ", ".join(repr(r) for r in RESULT_TOKENS)
        raise ValueError(f"Resultado desconocido {result!r}; los válidos son {valid}.")
    return RESULT_TOKENS[result]


def encode_game(
    moves: Iterable[str] | str,
    white_elo: int,
    black_elo: int,
    result: str,
    max_len: int = DEFAULT_MAX_LEN,
) -> list[int]:
    """Codifica una partida como ``[<bos>, <wElo>, <bElo>, jugadas…, <resultado>, <eos>]``.

    ``moves`` es una lista de jugadas UCI o un texto separado por espacios. Una
    jugada fuera del vocabulario pasa a ``<unk>``. Si la secuencia supera
    ``max_len`` se queda con sus primeros ``max_len`` ids.
    """
    if isinstance(moves, str):
        moves = moves.split()
    if isinstance(max_len, bool) or not isinstance(max_len, int) or max_len < 1:
        raise ValueError(f"max_len debe ser un entero positivo; recibí {max_len!r}.")
    ids = [BOS_ID, TOKEN_TO_ID[elo_token(white_elo, "w")], TOKEN_TO_ID[elo_token(black_elo, "b")]]
    ids += [token_id(m) for m in moves]
    ids += [TOKEN_TO_ID[result_token(result)], EOS_ID]
    return ids[:max_len]


def decode(ids: Iterable[int]) -> list[str]:
    """Convierte ids en tokens; un id fuera de [0, 2030) da ``IndexError``."""
    tokens = []
    for i in ids:
        i = int(i)
        if not 0 <= i < VOCAB_SIZE:
            raise IndexError(f"El id {i} no existe: los ids válidos van de 0 a {VOCAB_SIZE - 1}.")
        tokens.append(TOKENS[i])
    return tokens


def decode_moves(ids: Iterable[int]) -> list[str]:
    """Solo las jugadas (y coronaciones) de una secuencia codificada."""
    return [token for token in decode(ids) if TOKEN_TO_ID[token] >= FIRST_MOVE_ID]


VOCAB_FILE_VERSION = 1


def vocab_file_content() -> dict:
    """Lo que guarda el ``vocab.json`` de rukh: versión, tamaño, especiales, tramos de Elo y los tokens en orden de id."""
    return {
        "version": VOCAB_FILE_VERSION,
        "size": VOCAB_SIZE,
        "specials": list(SPECIAL_TOKENS),
        "elo_bins": {"min": ELO_MIN, "max": ELO_MAX, "step": ELO_STEP},
        "tokens": list(TOKENS),
    }


def save_vocab(path: str | Path) -> None:
    """Escribe el vocabulario en el formato del ``vocab.json`` de rukh (ASCII, sin sangría, salto de línea final)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(vocab_file_content(), indent=0, ensure_ascii=True) + "\n", encoding="utf-8", newline="\n")


def load_vocab(path: str | Path) -> tuple[str, ...]:
    """Lee un ``vocab.json`` como el de rukh y comprueba que sus tokens son, id a id, los de este curso."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise ValueError(f"{path} no es un JSON válido ({err}); esperaba el vocab.json de rukh.") from err
    tokens = data.get("tokens") if isinstance(data, dict) else None
    if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
        raise ValueError(f"{path} debe ser un objeto JSON con la lista de textos «tokens», como el vocab.json de rukh.")
    if len(tokens) != VOCAB_SIZE:
        raise ValueError(f"{path} tiene {len(tokens)} tokens; el vocabulario de rukh tiene {VOCAB_SIZE}.")
    for i, (got, expected) in enumerate(zip(tokens, TOKENS)):
        if got != expected:
            raise ValueError(f"{path}: el id {i} es {got!r}, pero en rukh es {expected!r}.")
    return tuple(tokens)


def toy_vocab(games: Sequence[Sequence[str]]) -> list[str]:
    """Vocabulario de juguete de la lección del bucle: ``["<bos>"] + sorted(jugadas)``."""
    moves = set()
    for game in games:
        if isinstance(game, str):
            game = game.split()
        moves.update(game)
    return ["<bos>"] + sorted(moves)
