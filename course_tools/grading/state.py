"""Reanudar: lo ya corregido (y sin cambios desde entonces) no se corrige otra vez."""

from __future__ import annotations

import json

from ..layout.course import AUTOGRADED, Course
from .model import Outcome

STATE_FILE = ".correccion-hecha.jsonl"


def load(course: Course) -> dict[tuple[str, str], Outcome]:
    """Lo que dejó hecho una corrección anterior, por (alumno, tarea)."""
    path = course.layout.step(AUTOGRADED) / STATE_FILE
    state = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                outcome = Outcome.from_json(json.loads(line))
            except (ValueError, TypeError, KeyError, AttributeError):
                continue  # una línea a medias de una ejecución interrumpida, o de otra versión
            state[(outcome.student, outcome.assignment)] = outcome
    return state


def save(course: Course, outcome: Outcome) -> None:
    path = course.layout.step(AUTOGRADED) / STATE_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(outcome.to_json(), ensure_ascii=False) + "\n")
