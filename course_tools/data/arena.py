"""Tiradas de partidas mayores que las del cuaderno 19: ``python -m course_tools arena --partidas 1000``.

Un solo sitio para cómo juega el modelo: el cuaderno. Esta orden ejecuta las celdas marcadas del 18
(``decoder.DEFINITION_TAG``: el ``MoveDecoder``) y las del 19 marcadas con ``PLAYER_TAG``
(``legal_ids``, ``mask_illegal``, ``sample_move`` y ``model_player``, con las soluciones del
profesorado y sin las marcas de nbgrader), carga el checkpoint del paquete y juega con
``rukh_helpers.arena.play_match`` las partidas pedidas, en lote, y las mismas con un jugador al azar.
Imprime la tabla de resultados, la puntuación con su intervalo de Wilson del 95 % y la legalidad sin
máscara. No se ejecuta en ``make test``.

``--escalera`` entrena además el mismo modelo con un noveno y con un tercio de los pasos (en carpetas
temporales), juega con cada uno y con el checkpoint del paquete (el de todos los pasos: no se vuelve a
entrenar) y apunta en su ficha la fuerza frente a los tokens de entrenamiento de los tres
(``strength``), que dibuja el cuaderno 19.
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

from ..layout.course import Notebook
from . import decoder, write_meta

NOTEBOOK = Notebook("19-rukh-juega").source
PLAYER_TAG = "juego-definicion"
LADDER = (9, 3)  # la escalera: los pasos del checkpoint divididos entre estos números; el último peldaño, él


def player_sources(notebook: Path = NOTEBOOK) -> list[str]:
    """El código de las celdas del 19 con ``PLAYER_TAG``."""
    return decoder.tagged_sources(notebook, PLAYER_TAG, "no sé cómo juega el modelo.")


def load_player(notebook: Path = NOTEBOOK, definition: list[str] | None = None,
                player: list[str] | None = None) -> dict:
    """El espacio de nombres con el decoder del 18 y las funciones de juego del 19 (o ``definition`` y
    ``player``, su código ya leído)."""
    player = player_sources(notebook) if player is None else player
    namespace = decoder.run_sources(player, decoder.load_definition(sources=definition), "cuaderno 19")
    if "model_player" not in namespace:
        raise ValueError(f"A las celdas marcadas de {notebook.name} les falta model_player.")
    return namespace


def measure(namespace: dict, config: dict, state: dict, n_games: int, seed: int) -> dict:
    """El modelo de ``config`` con los pesos ``state`` contra el rival al azar: puntuación, intervalo,
    tabla y legalidad sin máscara (muestra cruda y jugada voraz)."""
    import torch

    from rukh_helpers.arena import play_match

    model = namespace["MoveDecoder"](**config)
    model.load_state_dict(state)
    model.eval()
    policy, tally = namespace["model_player"](model, seed=seed)
    with torch.no_grad():
        games = play_match(policy, n_games, seed=seed)
    turns = tally["turnos"]
    return {**_summary(games), "raw_legal": round(tally["muestra cruda legal"] / turns, 4),
            "greedy_legal": round(tally["voraz legal"] / turns, 4)}


def _summary(games) -> dict:
    """Partidas, puntuación, su intervalo de Wilson y la tabla de resultados."""
    from rukh_helpers.arena import outcome_table, score, wilson

    share = score(games)
    low, high = wilson(share, len(games))
    return {"games": len(games), "score": round(share, 4), "low": round(low, 4), "high": round(high, 4),
            "table": outcome_table(games)}


def _random_report(n_games: int, seed: int) -> dict:
    from rukh_helpers.arena import play_match, random_policy

    return _summary(play_match(random_policy(seed + 1000), n_games, seed=seed))


def run_match(n_games: int, seed: int) -> str:
    """Juega y devuelve el informe en texto."""
    import torch

    from rukh_helpers.checkpoint import decoder_meta, decoder_state

    torch.set_num_threads(1)
    started = time.perf_counter()
    found = measure(load_player(), decoder_meta()["config"], decoder_state(), n_games, seed)
    lines = []
    for name, report in (("el modelo", found), ("el azar", _random_report(n_games, seed))):
        lines += [f"{name} contra el rival al azar: {report['score']:.1%} (intervalo del 95 %: "
                  f"{report['low']:.1%} a {report['high']:.1%})", report["table"], ""]
    lines.append(f"legal sin máscara: muestra cruda {found['raw_legal']:.1%}, jugada voraz {found['greedy_legal']:.1%}")
    lines.append(f"{2 * n_games} partidas en {time.perf_counter() - started:.1f} s")
    return "\n".join(lines)


def ladder(n_games: int, seed: int, device: str = "cpu", definition: list[str] | None = None,
           player: list[str] | None = None, steps: int | None = None) -> list[dict]:
    """Entrena el modelo con los pasos de ``LADDER`` (carpetas temporales), juega con cada uno y devuelve
    sus peldaños (``rung``), de menos a más tokens."""
    import torch

    total = steps or decoder.TRAINING["steps"]
    namespace = load_player(definition=definition, player=player)
    rungs = []
    for divisor in LADDER:
        with tempfile.TemporaryDirectory() as folder:
            meta = decoder.train_checkpoint(Path(folder), steps=total // divisor, device=device, sources=definition)
            state = torch.load(Path(folder) / decoder.CHECKPOINT_FILE, map_location="cpu", weights_only=True)
        rungs.append(rung(meta, measure(namespace, meta["config"], state, n_games, seed)))
    return rungs


def rung(meta: dict, found: dict) -> dict:
    """Un peldaño de la escalera: los pasos y tokens de un checkpoint (su ficha) y cómo jugó (``measure``)."""
    return {"steps": meta["training"]["steps"], "train_tokens": meta["train_tokens"], "val_loss": meta["val_loss"],
            **{k: found[k] for k in ("games", "score", "low", "high", "raw_legal")}}


def record(meta_path: Path, arena: dict, strength: list[dict] | None) -> None:
    """Apunta en la ficha del checkpoint lo medido en la arena (y la escalera, si la hay)."""
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    meta["arena"] = {k: v for k, v in arena.items() if k != "table"}
    if strength is not None:
        meta["strength"] = strength
    write_meta(meta_path, meta)


def _run(args) -> int:
    if not args.escalera:
        print(run_match(args.partidas, args.semilla))
        return 0
    from rukh_helpers.checkpoint import decoder_meta, decoder_state

    meta = decoder_meta()
    found = measure(load_player(), meta["config"], decoder_state(), args.partidas, args.semilla)
    rungs = ladder(args.partidas, args.semilla, device=args.dispositivo) + [rung(meta, found)]
    record(decoder.DATA_DIR / decoder.CHECKPOINT_META, found, rungs)
    for done in rungs:
        print(f"{done['train_tokens']:>12_} tokens: {done['score']:.1%} ({done['low']:.1%} a {done['high']:.1%})")
    return 0


def register(sub) -> None:
    p = sub.add_parser("arena", help="el decoder del 18 contra un rival al azar, en lote, con su intervalo (cuaderno 19)")
    p.add_argument("--partidas", type=int, default=1000, help="partidas de cada tirada (por defecto 1000)")
    p.add_argument("--semilla", type=int, default=19)
    p.add_argument("--escalera", action="store_true",
                   help="entrena también con 1/9 y 1/3 de los pasos y apunta la fuerza de los tres en la ficha")
    p.add_argument("--dispositivo", default="cpu", help="con --escalera: cpu o cuda")
    p.set_defaults(func=_run)
