"""Lo que ``make check`` comprueba de los datos que viajan con las ayudas (cuaderno 18).

``data_problems()`` devuelve una lista de problemas en castellano (vacía si todo está bien):

* las partidas de autojuego (``rukh_helpers/data/selfplay_games.jsonl.gz``): bien formadas, cada
  jugada legal (python-chess) y dentro del vocabulario de 2030 tokens, al menos ``MIN_GAMES``,
  como mucho ``MAX_GAMES_BYTES``, con el sha256 que dice su ficha y su procedencia en la ficha;
* el checkpoint del decoder (``decoder18.pt``): se carga, sus claves y formas son las del
  ``MoveDecoder`` que define hoy el cuaderno 18, pesa como mucho 2 MB y se entrenó con la
  definición actual del cuaderno y con las partidas actuales.

Cada problema dice qué orden vuelve a generar el fichero.
"""

from __future__ import annotations

import gzip
import json
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from rukh_helpers.games import RESULTS, SELFPLAY_FILE, SELFPLAY_KEYS, SELFPLAY_META

from . import DATA_DIR, decoder, file_sha256


GAMES_FILE = SELFPLAY_FILE
GAMES_META = SELFPLAY_META
GAMES_COMMAND = "python -m course_tools partidas"
MIN_GAMES = 2000
MAX_GAMES_BYTES = 8 * 1024 * 1024
GAME_KEYS = SELFPLAY_KEYS
PROVENANCE_KEYS = ("command", "engine", "licence", "sha256")
WORKERS = 2
CHECKPOINT_KEYS = ("command", "definition_sha256", "data_sha256", "config", "training", "sha256")


def _shipped(path: Path, meta_path: Path, max_bytes: int, keys: tuple[str, ...], redo: str):
    """Lo común a un fichero que viaja con su ficha: existe, no pesa de más, la ficha se lee, dice
    ``keys`` y su sha256 es el del fichero. Devuelve (problemas, ficha o None si no se puede leer)."""
    where = f"rukh_helpers/data/{path.name}"
    if not path.exists():
        return [f"Falta {where}; {redo}."], None
    problems = []
    size = path.stat().st_size
    if size > max_bytes:
        problems.append(f"{where} pesa {size:_} bytes, más que el máximo de {max_bytes:_}.")
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        return problems + [f"No puedo leer la ficha rukh_helpers/data/{meta_path.name} ({err}); {redo}."], None
    missing = [key for key in keys if not meta.get(key)]
    if missing:
        problems.append(f"La ficha {meta_path.name} no dice su procedencia: le falta {', '.join(missing)}; {redo}.")
    if meta.get("sha256") and meta["sha256"] != file_sha256(path):
        problems.append(f"El sha256 de {where} no es el de su ficha {meta_path.name}: el fichero cambió; {redo}.")
    return problems, meta


def _games_problems(data_dir: Path) -> list[str]:
    path = data_dir / GAMES_FILE
    where = f"rukh_helpers/data/{GAMES_FILE}"
    redo = f"vuelve a generarlo con `{GAMES_COMMAND}`"
    problems, meta = _shipped(path, data_dir / GAMES_META, MAX_GAMES_BYTES, PROVENANCE_KEYS, redo)
    if meta is None:
        return problems
    try:
        with gzip.open(path, "rt", encoding="utf-8") as lines:
            records = [json.loads(line) for line in lines]
    except (OSError, ValueError, EOFError) as err:
        return problems + [f"{where} no es un JSON por línea comprimido con gzip ({err}); {redo}."]
    if len(records) < MIN_GAMES:
        problems.append(f"{where} tiene {len(records)} partidas; hacen falta al menos {MIN_GAMES}.")
    found = _replay_cached(records, path)
    for number, problem in found[:5]:
        problems.append(f"{where}, partida {number}: {problem}; {redo}.")
    if len(found) > 5:
        problems.append(f"(y {len(found) - 5} partidas más con problemas)")
    return problems


def replay_stamp(sha256: str) -> Path:
    """El fichero que dice «estas partidas, con este python-chess, ya se repasaron y están bien».

    Va en la caché del usuario (``XDG_CACHE_HOME``), no en el curso: así lo comparten las copias que
    comprueban las pruebas. La clave es el contenido (su sha256) y la versión de python-chess, nunca
    el nombre: un fichero cambiado, aunque sea una letra, se repasa entero."""
    import chess

    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pytorch-minimo"
    return cache / f"partidas-{sha256}-python-chess-{chess.__version__}.ok"


def _replay_cached(records: list, path: Path) -> list[tuple[int, str]]:
    """``_replay_all``, salvo que ese mismo contenido ya se repasara sin problemas."""
    stamp = replay_stamp(file_sha256(path))
    if stamp.exists():
        return []
    found = _replay_all(records)
    if not found:
        try:
            stamp.parent.mkdir(parents=True, exist_ok=True)
            stamp.write_text(f"{len(records)} partidas legales\n", encoding="utf-8")
        except OSError:
            pass  # sin caché, la próxima vez se repasan otra vez; nada más
    return found


def _replay_chunk(chunk: list[tuple[int, object]]) -> list[tuple[int, str]]:
    import chess

    from rukh_helpers.vocab import UNK_ID, VOCAB_SIZE, encode_game

    found = []
    for number, record in chunk:
        problem = _game_problem(record, chess, UNK_ID, VOCAB_SIZE, encode_game)
        if problem:
            found.append((number, problem))
    return found


def _replay_all(records: list) -> list[tuple[int, str]]:
    """Repasa cada partida con python-chess; con varios núcleos, en WORKERS procesos (la mitad de tiempo con 2)."""
    numbered = list(enumerate(records, start=1))
    workers = min(WORKERS, os.cpu_count() or 1)
    if workers < 2 or len(numbered) < 200:
        return _replay_chunk(numbered)
    chunks = [numbered[i::workers] for i in range(workers)]
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        found = [item for part in pool.map(_replay_chunk, chunks) for item in part]
    return sorted(found)


def _game_problem(record, chess, unk_id: int, vocab_size: int, encode_game) -> str | None:
    if not isinstance(record, dict) or tuple(sorted(record)) != GAME_KEYS:
        return f"debe tener exactamente las claves {', '.join(GAME_KEYS)}"
    if record["result"] not in RESULTS:
        return f"el resultado {record['result']!r} no es ninguno de {', '.join(RESULTS)}"
    for side in ("white_elo", "black_elo"):
        if not isinstance(record[side], int) or not 0 < record[side] < 4000:
            return f"{side} debe ser un entero entre 1 y 3999, no {record[side]!r}"
    if not isinstance(record["uci"], str) or not record["uci"].strip():
        return "no tiene jugadas (uci debe ser un texto con jugadas separadas por espacios)"
    moves = record["uci"].split()
    ids = encode_game(moves, record["white_elo"], record["black_elo"], record["result"], max_len=10_000)
    for ply, token in enumerate(ids[3:-2], start=1):
        if token == unk_id or not 0 <= token < vocab_size:
            return f"la jugada {ply} ({moves[ply - 1]!r}) no está en el vocabulario de {vocab_size} tokens"
    board = chess.Board()
    for ply, uci in enumerate(moves, start=1):
        try:
            move = chess.Move.from_uci(uci)
        except ValueError:
            return f"la jugada {ply} ({uci!r}) no está en UCI"
        if not board.is_legal(move):
            return f"la jugada {ply} ({uci!r}) es ilegal en {board.fen()}"
        board.push(move)
    return None


def _checkpoint_problems(data_dir: Path, notebook: Path) -> list[str]:
    import torch

    path = data_dir / decoder.CHECKPOINT_FILE
    where = f"rukh_helpers/data/{decoder.CHECKPOINT_FILE}"
    redo = f"vuelve a entrenarlo con `{decoder.COMMAND}`"
    problems, meta = _shipped(path, data_dir / decoder.CHECKPOINT_META, decoder.MAX_BYTES, CHECKPOINT_KEYS, redo)
    if meta is None or not all(meta.get(key) for key in CHECKPOINT_KEYS):
        return problems
    games = data_dir / GAMES_FILE
    if games.exists() and meta["data_sha256"] != file_sha256(games):
        problems.append(f"{where} se entrenó con otras partidas (su data_sha256 no es el de {GAMES_FILE}); {redo}.")
    try:
        current = decoder.definition_sha256(notebook)
    except (OSError, ValueError) as err:
        return problems + [f"No puedo leer la definición del modelo en {notebook.name}: {err}"]
    if meta["definition_sha256"] != current:
        problems.append(
            f"{where} se entrenó con otra definición del modelo o del bucle: las celdas "
            f"«{decoder.DEFINITION_TAG}» de {notebook.name} han cambiado desde entonces; {redo} "
            f"y vuelve a construir el cuaderno (python -m course_tools release 18-decoder)."
        )
    try:
        state = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as err:  # noqa: BLE001 (cualquier fallo al cargar es el mismo problema)
        return problems + [f"{where} no se puede cargar con torch.load ({type(err).__name__}: {err}); {redo}."]
    try:
        defs = decoder.load_definition(notebook)
        if dict(defs["CONFIG"]) != meta["config"]:
            problems.append(f"El CONFIG de {notebook.name} no es el de {decoder.CHECKPOINT_META}; {redo}.")
        expected = {name: tuple(t.shape) for name, t in defs["MoveDecoder"](**meta["config"]).state_dict().items()}
    except Exception as err:  # noqa: BLE001
        return problems + [f"No puedo crear el MoveDecoder de {notebook.name} ({type(err).__name__}: {err})."]
    got = {name: tuple(t.shape) for name, t in state.items()} if isinstance(state, dict) else {}
    if set(got) != set(expected):
        missing_keys = sorted(set(expected) - set(got))
        extra = sorted(set(got) - set(expected))
        problems.append(f"Las claves de {where} no son las del MoveDecoder: faltan {missing_keys or 'ninguna'}, sobran {extra or 'ninguna'}; {redo}.")
    else:
        wrong = [f"{name} {got[name]} en vez de {expected[name]}" for name in sorted(got) if got[name] != expected[name]]
        if wrong:
            problems.append(f"Formas distintas en {where}: {'; '.join(wrong[:3])}; {redo}.")
    return problems


def data_problems(data_dir: Path | None = None, notebook: Path | None = None) -> list[str]:
    """Los problemas de las partidas de autojuego y del checkpoint del cuaderno 18 (vacía: todo en orden)."""
    data_dir = Path(data_dir or DATA_DIR)
    notebook = Path(notebook or decoder.NOTEBOOK)
    return _games_problems(data_dir) + _checkpoint_problems(data_dir, notebook)
