"""Respuestas equivocadas escritas como cambios pequeños sobre la solución del cuaderno.

La solución se lee del cuaderno del profesor (``source/NN-slug/NN-slug.ipynb``), que es su único
sitio: el catálogo dice solo qué tiene de distinto cada respuesta.
"""

from __future__ import annotations

from functools import lru_cache

from course_tools.layout.course import Notebook
from course_tools.rules import cells


@lru_cache(maxsize=None)
def _solutions(slug: str) -> dict[str, str]:
    nb = cells.read(Notebook(slug).source)
    return {cells.grade_id(cell): cell.source for cell in nb.cells if cells.is_solution(cell) and cells.grade_id(cell)}


def solution(slug: str, grade_id: str) -> str:
    """La celda de solución ``grade_id`` del cuaderno ``slug``, tal cual."""
    found = _solutions(slug)
    if grade_id not in found:
        raise KeyError(f"{slug} no tiene una celda de solución {grade_id!r} (tiene: {', '.join(found)})")
    return found[grade_id]


def with_changes(text: str, *changes: tuple[str, str]) -> str:
    """``text`` con cada ``viejo`` cambiado por ``nuevo``; cada ``viejo`` debe estar una sola vez."""
    for old, new in changes:
        count = text.count(old)
        if count != 1:
            raise ValueError(f"{old!r} está {count} veces en la solución; un cambio debe señalar un solo sitio")
        text = text.replace(old, new)
    return text


def edit(slug: str, grade_id: str, *changes: tuple[str, str]) -> str:
    """La solución de ``grade_id`` con ``changes`` aplicados: la forma corta de una respuesta casi correcta."""
    return with_changes(solution(slug, grade_id), *changes)


def answers(slug: str, grade_id: str, **values: str) -> str:
    """La predicción ``grade_id`` de la solución con algunas respuestas cambiadas: ``answers(slug, id, shape_a="(4, 6)")``
    cambia la línea ``shape_a = ...`` por ``shape_a = (4, 6)``."""
    lines = {line.split(" = ", 1)[0]: line for line in solution(slug, grade_id).splitlines() if " = " in line}
    unknown = [name for name in values if name not in lines]
    if unknown:
        raise KeyError(f"{slug} {grade_id} no tiene {', '.join(unknown)} (tiene: {', '.join(lines)})")
    return edit(slug, grade_id, *((lines[name], f"{name} = {value}") for name, value in values.items()))


@lru_cache(maxsize=None)
def _solution_markers() -> tuple[str, str]:
    return cells.solution_delimiters()  # los de nbgrader_config.py, su único sitio


def with_body(slug: str, grade_id: str, body: str) -> str:
    """La celda ``grade_id`` con ``body`` en lugar de lo que va entre sus marcas de solución: otro camino
    en el mismo sitio, sin repetir la cabecera de la clase o de la función que da el cuaderno."""
    begin_marker, end_marker = _solution_markers()
    cell = solution(slug, grade_id)
    start = cell.index("\n", cell.index(begin_marker)) + 1
    end = cell.rindex("\n", 0, cell.index(end_marker)) + 1
    return with_changes(cell, (cell[start:end], body.strip("\n") + "\n"))
