"""Partidas de ajedrez para los cuadernos: las de juguete y las clásicas.

Hay dos colecciones:

* ``TOY_GAMES``: las cuatro partidas diminutas de la lección del bucle de
  entrenamiento, ya escritas en UCI (``e2e4``, ``g1f3``…). Usa
  ``toy_games()`` si quieres una copia que puedas modificar.
* Las partidas clásicas de ``data/classic_games.json``: partidas históricas
  (y dos mates de manual) con jugadores, año, resultado, un Elo aproximado y
  las jugadas en SAN y en UCI. Se leen con ``classic_games()`` o, una a una,
  con ``classic_game(slug)``.
* Las partidas de autojuego de ``data/selfplay_games.jsonl.gz``: 2400 partidas
  que Stockfish jugó contra sí mismo con un Elo al azar por bando (de dónde
  salen lo dice ``data/selfplay_games.meta.json``). ``selfplay_games("train")``
  da las de entrenamiento y ``selfplay_games("val")`` las de validación: una de
  cada diez, siempre las mismas.

Este módulo solo usa la biblioteca estándar: no importa torch ni python-chess
(python-chess aparece únicamente en las pruebas, para validar las partidas).
"""

from __future__ import annotations

import functools
import gzip
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

__all__ = [
    "TOY_GAMES",
    "ClassicGame",
    "classic_game",
    "classic_games",
    "SelfplayGame",
    "selfplay_games",
    "toy_games",
]

TOY_GAMES: tuple[tuple[str, ...], ...] = (
    ("e2e4", "e7e5", "g1f3", "b8c6", "f1b5"),
    ("e2e4", "e7e5", "g1f3", "b8c6", "f1c4"),
    ("e2e4", "c7c5", "g1f3", "d7d6", "d2d4"),
    ("d2d4", "d7d5", "c2c4", "e7e6", "b1c3"),
)

# Claves que debe tener, ni más ni menos, cada partida del JSON.
GAME_KEYS = (
    "slug",
    "white",
    "black",
    "year",
    "event",
    "result",
    "white_elo",
    "black_elo",
    "note",
    "san",
    "uci",
)
RESULTS = ("1-0", "0-1", "1/2-1/2")

_DATA_FILE = "classic_games.json"
SELFPLAY_FILE = "selfplay_games.jsonl.gz"
SELFPLAY_META = "selfplay_games.meta.json"
SELFPLAY_KEYS = ("black_elo", "result", "uci", "white_elo")
SPLITS = ("train", "val")
VAL_EVERY = 10  # la partida i es de validación si i % 10 == 9


def toy_games() -> list[list[str]]:
    """Devuelve las partidas de juguete como listas nuevas.

    Puedes modificarlas sin miedo: cada llamada crea listas nuevas y
    ``TOY_GAMES`` no cambia.
    """
    return [list(game) for game in TOY_GAMES]


@dataclass(frozen=True)
class ClassicGame:
    """Una partida clásica con sus datos y sus jugadas.

    ``san`` guarda las jugadas en notación algebraica (``"Nf3"``, ``"O-O"``) y
    ``uci`` las mismas jugadas como casilla de origen y de destino
    (``"g1f3"``, ``"e1g1"``), que es lo que entiende el tokenizador de rukh.
    ``year``, ``white_elo`` y ``black_elo`` son enteros; en las partidas
    anteriores al sistema Elo, la fuerza de cada jugador es una estimación.
    """

    slug: str
    white: str
    black: str
    year: int
    event: str
    result: str
    white_elo: int
    black_elo: int
    note: str
    san: tuple[str, ...]
    uci: tuple[str, ...]

    @property
    def moves(self) -> list[str]:
        """Las jugadas en UCI, en una lista nueva que puedes modificar."""
        return list(self.uci)

    def __str__(self) -> str:
        return (
            f"{self.white} – {self.black} ({self.event}, {self.year}), "
            f"{self.result}, {len(self.uci)} medias jugadas"
        )


def _describe(record: Any, index: int) -> str:
    """Nombra una partida del JSON para los mensajes de error."""
    if isinstance(record, dict) and isinstance(record.get("slug"), str):
        return f"la partida «{record['slug']}» (posición {index})"
    return f"la partida en la posición {index}"


def _key_problem(name: str, verb_one: str, verb_many: str, keys: list[str]) -> str:
    """Redacta «a la partida X le falta la clave 'k'» en singular o en plural."""
    listed = ", ".join(repr(key) for key in keys)
    if len(keys) == 1:
        return f"A {name} le {verb_one} la clave {listed}."
    return f"A {name} le {verb_many} las claves {listed}."


def _game_from_record(record: Any, index: int) -> ClassicGame:
    """Comprueba un registro del JSON y lo convierte en ``ClassicGame``.

    Lanza ``ValueError`` con un mensaje que nombra la partida y el problema:
    una clave que falta o que sobra, un resultado desconocido o listas de
    jugadas SAN y UCI de distinta longitud.
    """
    name = _describe(record, index)
    subject = name[0].upper() + name[1:]
    if not isinstance(record, dict):
        raise ValueError(
            f"Cada partida de {_DATA_FILE} debe ser un objeto JSON; "
            f"{name} es de tipo {type(record).__name__}."
        )
    missing = [key for key in GAME_KEYS if key not in record]
    if missing:
        raise ValueError(_key_problem(name, "falta", "faltan", missing))
    extra = sorted(str(key) for key in record if key not in GAME_KEYS)
    if extra:
        raise ValueError(_key_problem(name, "sobra", "sobran", extra))
    if record["result"] not in RESULTS:
        raise ValueError(
            f"{subject} tiene el resultado {record['result']!r}; "
            f"los válidos son {', '.join(RESULTS)}."
        )
    if len(record["san"]) != len(record["uci"]):
        raise ValueError(
            f"{subject} tiene {len(record['san'])} jugadas en SAN "
            f"y {len(record['uci'])} en UCI; deberían coincidir."
        )
    fields = {key: record[key] for key in GAME_KEYS}
    fields["san"] = tuple(record["san"])
    fields["uci"] = tuple(record["uci"])
    return ClassicGame(**fields)


def _parse_games(data: Any) -> tuple[ClassicGame, ...]:
    """Convierte el contenido ya decodificado del JSON en partidas."""
    if not isinstance(data, list):
        raise ValueError(f"{_DATA_FILE} debe contener una lista de partidas.")
    games = tuple(_game_from_record(record, index) for index, record in enumerate(data))
    seen: set[str] = set()
    for game in games:
        if game.slug in seen:
            raise ValueError(f"El slug {game.slug!r} aparece más de una vez en {_DATA_FILE}.")
        seen.add(game.slug)
    return games


def _read_data_text() -> str:
    """Lee el JSON de partidas que viaja dentro del paquete."""
    path = resources.files("rukh_helpers") / "data" / _DATA_FILE
    return path.read_text(encoding="utf-8")


@functools.lru_cache(maxsize=None)
def _load_games() -> tuple[ClassicGame, ...]:
    """Lee y valida el JSON una sola vez; las llamadas siguientes usan la caché."""
    return _parse_games(json.loads(_read_data_text()))


def classic_games() -> list[ClassicGame]:
    """Devuelve todas las partidas clásicas, en el orden del JSON.

    La lista es nueva en cada llamada; las partidas son inmutables.
    """
    return list(_load_games())


def classic_game(slug: str) -> ClassicGame:
    """Busca una partida clásica por su ``slug`` (por ejemplo ``"opera-1858"``).

    Si el slug no existe, lanza ``ValueError`` con la lista de slugs válidos.
    """
    games = _load_games()
    for game in games:
        if game.slug == slug:
            return game
    valid = ", ".join(game.slug for game in games)
    raise ValueError(
        f"No hay ninguna partida con el slug {slug!r}. Los slugs válidos son: {valid}."
    )


@dataclass(frozen=True)
class SelfplayGame:
    """Una partida de autojuego: el Elo de cada bando, el resultado y las jugadas en UCI."""

    white_elo: int
    black_elo: int
    result: str
    uci: tuple[str, ...]

    @property
    def moves(self) -> list[str]:
        """Las jugadas en UCI, en una lista nueva que puedes modificar."""
        return list(self.uci)


@functools.lru_cache(maxsize=None)
def _load_selfplay() -> tuple[SelfplayGame, ...]:
    path = resources.files("rukh_helpers") / "data" / SELFPLAY_FILE
    games = []
    with gzip.open(path.open("rb"), "rt", encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            record = json.loads(line)
            if not isinstance(record, dict) or tuple(sorted(record)) != SELFPLAY_KEYS:
                raise ValueError(
                    f"La línea {number} de {SELFPLAY_FILE} debe tener exactamente las claves "
                    f"{', '.join(SELFPLAY_KEYS)}."
                )
            if record["result"] not in RESULTS:
                raise ValueError(f"La línea {number} de {SELFPLAY_FILE} tiene el resultado {record['result']!r}.")
            games.append(
                SelfplayGame(
                    int(record["white_elo"]),
                    int(record["black_elo"]),
                    record["result"],
                    tuple(record["uci"].split()),
                )
            )
    return tuple(games)


def selfplay_games(split: str = "train") -> list[SelfplayGame]:
    """Las partidas de autojuego de ``split``: ``"train"`` (nueve de cada diez) o ``"val"``.

    El reparto se hace una vez y siempre igual: la partida número ``i`` del fichero es de
    validación si ``i % 10 == 9``. Ninguna partida está en los dos lados.
    """
    if split not in SPLITS:
        raise ValueError(f"split debe ser \"train\" o \"val\", no {split!r}.")
    games = _load_selfplay()
    is_val = split == "val"
    return [game for index, game in enumerate(games) if (index % VAL_EVERY == VAL_EVERY - 1) == is_val]
