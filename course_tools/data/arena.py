"""Tiradas de partidas mayores que las del cuaderno 19: ``python -m course_tools arena --partidas 1000``.

Un solo sitio para cómo juega el modelo: el cuaderno. Esta orden ejecuta las celdas marcadas del 18
(``decoder.DEFINITION_TAG``: el ``MoveDecoder``) y las del 19 marcadas con ``PLAYER_TAG``
(``legal_ids``, ``mask_illegal``, ``sample_move`` y ``model_player``, con las soluciones del
profesorado y sin las marcas de nbgrader), carga el checkpoint del paquete y juega con
``rukh_helpers.arena.play_match`` las partidas pedidas, en lote, y las mismas con un jugador al azar.
Imprime la tabla de resultados, la puntuación con su intervalo de Wilson del 95 % y la legalidad sin
máscara. No se ejecuta en ``make test``: 200 partidas cuestan unos 10 s aquí; 1000, un minuto.
"""

from __future__ import annotations

import time
from pathlib import Path

from ..layout.course import Notebook
from . import decoder

NOTEBOOK = Notebook("19-rukh-juega").source
PLAYER_TAG = "juego-definicion"


def player_sources(notebook: Path = NOTEBOOK) -> list[str]:
    """El código de las celdas del 19 con ``PLAYER_TAG``."""
    return decoder.tagged_sources(notebook, PLAYER_TAG, "no sé cómo juega el modelo.")


def load_player(notebook: Path = NOTEBOOK) -> dict:
    """El espacio de nombres con el decoder del 18 y las funciones de juego del 19."""
    namespace = decoder.run_sources(player_sources(notebook), decoder.load_definition(), "cuaderno 19")
    if "model_player" not in namespace:
        raise ValueError(f"A las celdas marcadas de {notebook.name} les falta model_player.")
    return namespace


def run_match(n_games: int, seed: int) -> str:
    """Juega y devuelve el informe en texto."""
    import torch

    from rukh_helpers.arena import outcome_table, play_match, random_policy, score, wilson
    from rukh_helpers.checkpoint import decoder_meta, decoder_state

    torch.set_num_threads(1)
    namespace = load_player()
    model = namespace["MoveDecoder"](**decoder_meta()["config"])
    model.load_state_dict(decoder_state())
    model.eval()
    policy, tally = namespace["model_player"](model, seed=seed)
    started = time.perf_counter()
    games = play_match(policy, n_games, seed=seed)
    baseline = play_match(random_policy(seed + 1000), n_games, seed=seed)
    lines = []
    for name, played in (("el modelo", games), ("el azar", baseline)):
        share = score(played)
        low, high = wilson(share, len(played))
        lines += [f"{name} contra el rival al azar: {share:.1%} (intervalo del 95 %: {low:.1%} a {high:.1%})",
                  outcome_table(played), ""]
    turns = tally["turnos"]
    lines.append(f"legal sin máscara en {turns} turnos: muestra cruda {tally['muestra cruda legal'] / turns:.1%},"
                 f" jugada voraz {tally['voraz legal'] / turns:.1%}")
    lines.append(f"{2 * n_games} partidas en {time.perf_counter() - started:.1f} s")
    return "\n".join(lines)


def _run(args) -> int:
    print(run_match(args.partidas, args.semilla))
    return 0


def register(sub) -> None:
    p = sub.add_parser("arena", help="el decoder del 18 contra un rival al azar, en lote, con su intervalo (cuaderno 19)")
    p.add_argument("--partidas", type=int, default=1000, help="partidas de cada tirada (por defecto 1000)")
    p.add_argument("--semilla", type=int, default=19)
    p.set_defaults(func=_run)
