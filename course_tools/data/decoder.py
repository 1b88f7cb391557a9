"""Entrena el decoder del cuaderno 18 y guarda su ``state_dict``: ``python -m course_tools decoder``.

Un solo sitio para la arquitectura y el bucle: el cuaderno. Esta orden no tiene su propia copia
del modelo: lee ``source/18-decoder/18-decoder.ipynb``, toma las celdas de código marcadas con la
etiqueta ``DEFINITION_TAG`` (las soluciones del profesorado, sin las marcas de nbgrader), las
ejecuta en orden y entrena ese ``MoveDecoder`` con ese ``train``, sobre las partidas de
entrenamiento de ``rukh_helpers.games.selfplay_games("train")``. Luego escribe en
``rukh_helpers/data/``:

* ``decoder18.pt``: el ``state_dict`` (float32, unos 1 MB);
* ``decoder18.meta.json``: de dónde sale (orden, semilla, pasos, hiperparámetros, sha256 de las
  partidas, sha256 de la definición con la que se entrenó, pérdida de validación final) y la curva
  de aprendizaje: la pérdida de entrenamiento media de cada ``log_every`` pasos y la de validación
  cada ``eval_every`` pasos (``curve``), que el cuaderno dibuja.

Es determinista: un hilo, CPU, semillas fijas y un ``DataLoader`` con su ``torch.Generator``. Si
cambias una celda marcada del cuaderno, ``course_tools.data.validate`` lo nota (el sha256 de la
definición ya no es el del checkpoint) y pide volver a ejecutar esta orden.
"""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

from rukh_helpers.checkpoint import CHECKPOINT_FILE, CHECKPOINT_META

from ..layout.course import ROOT, Notebook
from . import DATA_DIR, file_sha256, write_meta

NOTEBOOK = Notebook("18-decoder").source
DEFINITION_TAG = "decoder-definicion"
COMMAND = "python -m course_tools decoder"
MAX_BYTES = 16 * 1024 * 1024

# Cómo se entrena (el modelo lo fija CONFIG, en el cuaderno). El calentamiento y la distancia entre
# puntos de la curva se ajustan a los pasos (``_settings``): la escalera de ``arena`` entrena con menos.
TRAINING = {
    "seed": 18,
    "steps": 1500,
    "batch_size": 256,
    "grad_accum": 1,
    "lr": 2e-3,
    "warmup": 100,
    "min_lr_ratio": 0.1,
    "weight_decay": 0.1,
    "betas": [0.9, 0.95],
    "log_every": 10,
    "curve_points": 15,
    "eval_batches": 1000,
}


def tagged_sources(notebook: Path, tag: str, missing: str) -> list[str]:
    """El código de las celdas de ``notebook`` con la etiqueta ``tag``, en orden y sin las marcas
    ``### BEGIN/END SOLUTION``; si no hay ninguna, ``ValueError`` que acaba con ``missing``."""
    from ..rules import cells  # aquí dentro: entrenar en otra máquina no necesita nbgrader si recibe el código

    found = [cells.strip_solution_markers(cell.source) for cell in cells.read(notebook).cells
             if cell.cell_type == "code" and tag in cells.tags(cell)]
    if not found:
        raise ValueError(f"{notebook} no tiene celdas con la etiqueta {tag!r}: {missing}")
    return found


def run_sources(sources: list[str], namespace: dict, where: str) -> dict:
    """Ejecuta ``sources`` en orden en ``namespace`` (cada una se llama «<``where``, celda marcada N>»)."""
    for index, source in enumerate(sources):
        exec(compile(source, f"<{where}, celda marcada {index}>", "exec"), namespace)  # noqa: S102
    return namespace


def definition_sources(notebook: Path = NOTEBOOK) -> list[str]:
    """El código de las celdas marcadas con ``DEFINITION_TAG``."""
    return tagged_sources(notebook, DEFINITION_TAG, "no sé qué modelo entrenar.")


def sources_sha256(sources: list[str]) -> str:
    text = "\n\n".join(source.strip() for source in sources)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def definition_sha256(notebook: Path = NOTEBOOK) -> str:
    return sources_sha256(definition_sources(notebook))


def load_definition(notebook: Path = NOTEBOOK, sources: list[str] | None = None) -> dict:
    """Ejecuta las celdas marcadas (o ``sources``, su código ya leído) y devuelve su espacio de nombres."""
    sources = definition_sources(notebook) if sources is None else sources
    namespace = run_sources(sources, {"__name__": "cuaderno18"}, "cuaderno 18")
    missing = [name for name in ("CONFIG", "MoveDecoder", "param_groups", "PackedDataset", "make_loader", "train", "evaluate")
               if name not in namespace]
    if missing:
        raise ValueError(f"A las celdas marcadas de {notebook.name} les falta: {', '.join(missing)}.")
    return namespace


def _describe(device: str) -> str:
    import torch

    if device.startswith("cuda"):
        return f"{device} ({torch.cuda.get_device_name(device)}, bf16 con autocast)"
    return f"{device} (float32, {torch.get_num_threads()} hilo)"


def train_checkpoint(data_dir: Path = DATA_DIR, notebook: Path = NOTEBOOK, steps: int | None = None,
                     device: str = "cpu", sources: list[str] | None = None) -> dict:
    """Entrena y escribe el checkpoint y su ficha en ``data_dir``; devuelve la ficha.

    Las partidas se leen siempre del paquete (``rukh_helpers/data``); ``sources``, si se da, es el código
    de las celdas marcadas ya leído (para entrenar donde no está nbgrader)."""
    import torch
    from torch.utils.data import Subset

    from rukh_helpers.games import SELFPLAY_FILE, selfplay_games

    torch.set_num_threads(1)
    if device.startswith("cuda"):
        os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")  # lo que pide cuBLAS para repetir sus cuentas
        torch.use_deterministic_algorithms(True, warn_only=True)  # las mismas semillas, el mismo resultado en la misma GPU
    sources = definition_sources(notebook) if sources is None else sources
    settings = _settings(steps or TRAINING["steps"])
    defs = load_definition(notebook, sources)
    config = dict(defs["CONFIG"])
    torch.manual_seed(settings["seed"])
    model = defs["MoveDecoder"](**config).to(device)
    optimizer = torch.optim.AdamW(
        defs["param_groups"](model, settings["weight_decay"]), lr=settings["lr"], betas=tuple(settings["betas"])
    )
    train_set = defs["PackedDataset"](selfplay_games("train"), config["block"])
    val_set = defs["PackedDataset"](selfplay_games("val"), config["block"])
    loader = defs["make_loader"](train_set, settings["batch_size"], settings["seed"])
    val_loader = defs["make_loader"](val_set, settings["batch_size"], settings["seed"], shuffle=False)
    # Tantas ventanas de entrenamiento como de validación, medidas igual (eval, sin dropout) en cada punto.
    train_eval_loader = defs["make_loader"](Subset(train_set, range(len(val_set))), settings["batch_size"],
                                            settings["seed"], shuffle=False)
    started = time.monotonic()
    losses, curve = defs["train"](
        model, optimizer, loader, settings["steps"], settings["lr"], settings["warmup"], settings["min_lr_ratio"],
        grad_accum=settings["grad_accum"], device=device, val_loader=val_loader, train_eval_loader=train_eval_loader,
        eval_every=settings["eval_every"], eval_batches=settings["eval_batches"],
    )
    seconds = time.monotonic() - started
    val_loss, val_top1 = defs["evaluate"](model, val_loader, settings["eval_batches"], device)
    train_curve = _averaged(losses, settings["log_every"])
    data_dir = Path(data_dir)
    target = data_dir / CHECKPOINT_FILE
    torch.save({name: value.detach().to("cpu", torch.float32) for name, value in model.state_dict().items()}, target)
    meta = {
        "command": COMMAND + (f" --dispositivo {device}" if device != "cpu" else ""),
        "notebook": str(notebook.relative_to(ROOT)) if notebook.is_relative_to(ROOT) else str(notebook),
        "definition_tag": DEFINITION_TAG,
        "definition_sha256": sources_sha256(sources),
        "data": f"rukh_helpers/data/{SELFPLAY_FILE}",
        "data_sha256": file_sha256(DATA_DIR / SELFPLAY_FILE),
        "train_games": len(train_set),
        "val_games": len(val_set),
        "train_tokens": int(settings["steps"] * settings["batch_size"] * settings["grad_accum"] * config["block"]),
        "config": config,
        "parameters": sum(p.numel() for p in model.parameters()),
        "training": settings,
        "torch": torch.__version__,
        "device": _describe(device),
        "train_seconds": round(seconds, 1),
        "final_train_loss": train_curve[-1][1],
        "val_loss": round(val_loss, 4),
        "val_top1": round(val_top1, 4),
        "curve": {
            "train_every": settings["log_every"],
            "train": train_curve,
            "val": [[step, round(val, 4)] for step, val, _ in curve],
            "train_eval": [[step, round(seen, 4)] for step, _, seen in curve],
        },
        "bytes": target.stat().st_size,
        "sha256": file_sha256(target),
        "licence": "Pesos entrenados para el curso a partir de sus partidas de autojuego; se reparten con la licencia del curso (MIT).",
    }
    write_meta(data_dir / CHECKPOINT_META, meta)
    return meta


def _settings(steps: int) -> dict:
    """``TRAINING`` para ``steps`` pasos: calentamiento de a lo sumo una décima parte y ``curve_points`` puntos."""
    return dict(TRAINING, steps=steps, warmup=max(1, min(TRAINING["warmup"], steps // 10)),
                eval_every=max(1, steps // TRAINING["curve_points"]))


def _averaged(losses: list[float], every: int) -> list[list]:
    """[[paso, media de la pérdida de los ``every`` pasos que acaban en él], ...]; el último tramo puede ser más corto."""
    return [
        [min(start + every, len(losses)), round(sum(losses[start : start + every]) / len(losses[start : start + every]), 4)]
        for start in range(0, len(losses), every)
    ]


def _run(args) -> int:
    meta = train_checkpoint(steps=args.steps, device=args.dispositivo)
    print(
        f"{CHECKPOINT_FILE}: {meta['bytes']:_} bytes, {meta['training']['steps']} pasos en {meta['train_seconds']} s, "
        f"pérdida de entrenamiento {meta['final_train_loss']:.3f}, de validación {meta['val_loss']:.3f}, "
        f"acierto top-1 {meta['val_top1']:.1%}"
    )
    return 0


def register(sub) -> None:
    p = sub.add_parser("decoder", help="entrena el decoder del cuaderno 18 y guarda su state_dict (minutos)")
    p.add_argument("--steps", type=int, default=None, help=f"pasos (por defecto {TRAINING['steps']})")
    p.add_argument("--dispositivo", default="cpu", help="cpu (por defecto) o cuda: en una GPU, bf16 con autocast")
    p.set_defaults(func=_run)
