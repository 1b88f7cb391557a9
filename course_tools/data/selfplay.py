"""Partidas de autojuego de Stockfish para el cuaderno 18: ``python -m course_tools partidas``.

Cada partida enfrenta dos «jugadores» con un Elo al azar. Stockfish analiza cada posición con
un número fijo de nodos y varias líneas (MultiPV); el jugador elige entre esas jugadas con una
probabilidad que depende de su Elo: con Elo alto casi siempre la mejor, con Elo bajo se
equivoca más a menudo. Así los tokens de Elo significan algo.

Todo es determinista: un hilo, tabla hash vacía en cada partida, búsquedas por nodos (no por
tiempo) y el azar de cada partida sale de ``random.Random(semilla, partida)``. La misma orden
en la misma versión de Stockfish da el mismo fichero, byte a byte.

Stockfish (GPL-3) es el programa que juega; las partidas que produce son datos, y el curso
las reparte con su propia licencia. python-chess comprueba la legalidad de cada jugada.
"""

from __future__ import annotations

import gzip
import json
import math
import random
import shutil
import subprocess
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import chess
import chess.engine

from rukh_helpers.games import SELFPLAY_FILE, SELFPLAY_META

from . import DATA_DIR, file_sha256, write_meta

GAMES = 10_912  # las que cupieron en el tiempo de GPU de una sesión (ver la ficha del checkpoint)
SEED = 18
NODES = 100  # con 800 nodos cada partida cuesta el doble; 100 bastan para jugar con sentido
LINES = 5
MAX_PLIES = 300  # a las 300 jugadas la partida se da por tablas (nunca pasa en la práctica)
ELO_RANGE = (1000, 2600)
ENGINE_CANDIDATES = ("stockfish", "/usr/games/stockfish")


def temperature(elo: int) -> float:
    """Centipeones de «tolerancia»: 200 con Elo 1000, unos 8 con Elo 2600."""
    return 200.0 * math.exp(-(elo - ELO_RANGE[0]) / 500.0)


def find_engine() -> str:
    for name in ENGINE_CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit(
        "No encuentro Stockfish. En Debian o Ubuntu: apt-get install stockfish "
        "(queda en /usr/games/stockfish)."
    )


def engine_version(path: str) -> str:
    out = subprocess.run([path], input="uci\nquit\n", capture_output=True, text=True, timeout=30).stdout
    for line in out.splitlines():
        if line.startswith("id name "):
            return line[len("id name "):].strip()
    return "desconocida"


def _choose(engine: chess.engine.SimpleEngine, board: chess.Board, elo: int, rng: random.Random) -> chess.Move:
    infos = engine.analyse(board, chess.engine.Limit(nodes=NODES), multipv=LINES)
    moves = [info["pv"][0] for info in infos if info.get("pv")]
    scores = [info["score"].relative.score(mate_score=10_000) for info in infos if info.get("pv")]
    best = max(scores)
    weights = [math.exp((score - best) / temperature(elo)) for score in scores]
    return rng.choices(moves, weights=weights)[0]


def play_game(engine_path: str, index: int) -> dict:
    """La partida número ``index``: siempre la misma para la misma semilla."""
    rng = random.Random(f"{SEED}-{index}")
    white_elo = rng.randint(*ELO_RANGE)
    black_elo = rng.randint(*ELO_RANGE)
    engine = chess.engine.SimpleEngine.popen_uci(engine_path)
    try:
        engine.configure({"Threads": 1, "Hash": 16})
        board = chess.Board()
        while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
            elo = white_elo if board.turn == chess.WHITE else black_elo
            move = _choose(engine, board, elo, rng)
            if move not in board.legal_moves:
                raise RuntimeError(f"partida {index}: Stockfish propuso {move}, ilegal")
            board.push(move)
    finally:
        engine.quit()
    result = board.result(claim_draw=True)
    if result == "*":
        result = "1/2-1/2"
    return {
        "white_elo": white_elo,
        "black_elo": black_elo,
        "result": result,
        "uci": " ".join(move.uci() for move in board.move_stack),
    }


def _play(args: tuple[str, int]) -> dict:
    return play_game(*args)


def play_range(start: int, stop: int, workers: int = 2) -> list[dict]:
    """Las partidas ``start`` … ``stop - 1``, jugadas en ``workers`` procesos (cada una sale igual en cualquier máquina)."""
    engine_path = find_engine()
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(_play, [(engine_path, i) for i in range(start, stop)], chunksize=8))


def write_games(played: list[dict], data_dir: Path = DATA_DIR) -> Path:
    """Escribe las partidas (todas, de la 0 en adelante) y su ficha de procedencia en ``data_dir``."""
    engine_path = find_engine()
    lines = "".join(json.dumps(game, sort_keys=True) + "\n" for game in played).encode()
    target = data_dir / SELFPLAY_FILE
    with open(target, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as out:
        out.write(lines)
    meta = {
        "engine": engine_version(engine_path),
        "command": "python -m course_tools partidas",
        "games": len(played),
        "seed": SEED,
        "nodes": NODES,
        "multipv": LINES,
        "elo_range": list(ELO_RANGE),
        "max_plies": MAX_PLIES,
        "choice": "softmax de la evaluación de las MultiPV líneas, temperatura 200·exp(-(elo-1000)/500) centipeones",
        "legality": "python-chess " + chess.__version__,
        "licence": "Partidas generadas para el curso; se reparten con la licencia del curso (MIT). Stockfish es GPL-3.",
        "sha256": file_sha256(target),
    }
    write_meta(data_dir / SELFPLAY_META, meta)
    return target


def generate(workers: int = 2, games: int = GAMES) -> Path:
    """Juega las ``games`` partidas y las escribe, con su ficha, en ``rukh_helpers/data/``."""
    return write_games(play_range(0, games, workers))
