"""Lectura de los metadatos de nbgrader y de las marcas de las celdas."""

from __future__ import annotations

import re

import nbformat

BEGIN_SOLUTION = "### BEGIN SOLUTION"
END_SOLUTION = "### END SOLUTION"
BEGIN_HIDDEN = "### BEGIN HIDDEN TESTS"
END_HIDDEN = "### END HIDDEN TESTS"
HIDDEN_REGION = re.compile(r"^[ \t]*### BEGIN HIDDEN TESTS[^\n]*\n.*?^[ \t]*### END HIDDEN TESTS[^\n]*(\n|$)", re.S | re.M)
SOLUTION_MARKER_LINE = re.compile(r"^[ \t]*### (BEGIN|END) SOLUTION[^\n]*(\n|$)", re.M)


def read(path) -> nbformat.NotebookNode:
    return nbformat.read(str(path), as_version=4)


def write(nb: nbformat.NotebookNode, path) -> None:
    nbformat.write(nb, str(path))


def nbgrader_meta(cell) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {})


def is_solution(cell) -> bool:
    return bool(nbgrader_meta(cell).get("solution"))


def is_graded_test(cell) -> bool:
    meta = nbgrader_meta(cell)
    return cell.cell_type == "code" and bool(meta.get("grade")) and not meta.get("solution")


def is_locked(cell) -> bool:
    return bool(nbgrader_meta(cell).get("locked"))


def grade_id(cell) -> str | None:
    return nbgrader_meta(cell).get("grade_id")


def tags(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def strip_hidden_tests(source: str) -> str:
    """Quita las regiones de tests ocultos (marcas incluidas)."""
    return HIDDEN_REGION.sub("", source)


def strip_solution_markers(source: str) -> str:
    """Quita las líneas ``### BEGIN/END SOLUTION`` y deja la solución."""
    return SOLUTION_MARKER_LINE.sub("", source)


def _marked_lines(source: str, begin: str, end: str) -> set[int]:
    """Números de línea (desde 1) entre una marca ``begin`` y su ``end``, marcas incluidas."""
    marked, inside = set(), False
    for number, line in enumerate(source.split("\n"), start=1):
        if line.strip().startswith(begin):
            inside = True
        if inside:
            marked.add(number)
        if line.strip().startswith(end):
            inside = False
    return marked


def hidden_lines(source: str) -> set[int]:
    """Las líneas de una celda de tests que caen dentro de una región de tests ocultos."""
    return _marked_lines(source, BEGIN_HIDDEN, END_HIDDEN)


def solution_lines(source: str) -> set[int]:
    """Las líneas de una celda de solución que escribe el alumno (entre ``### BEGIN/END SOLUTION``)."""
    return _marked_lines(source, BEGIN_SOLUTION, END_SOLUTION)


def exercises(nb) -> list[tuple[int, int]]:
    """Pares (índice de la celda de solución, índice de su celda de test)."""
    pairs = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and is_solution(cell):
            j = i + 1
            if j < len(nb.cells) and is_graded_test(nb.cells[j]):
                pairs.append((i, j))
    return pairs


def test_failure(cell, outputs=None) -> str | None:
    """Por qué nbgrader no daría la nota entera a esta celda de tests con estas salidas (por defecto, las suyas),
    o None si la daría: la regla de autograde (``nbgrader.utils.determine_grade``), no una parecida. Un
    error, cualquier línea en stderr (un aviso de torch) o un número que la celda deja como resultado
    (nbgrader lo toma como nota parcial) bastan para no darla."""
    from nbgrader.utils import determine_grade

    judged = nbformat.from_dict({**cell, "outputs": list(cell.get("outputs", []) if outputs is None else outputs)})
    error = error_message(judged.outputs)
    if error is not None:
        return error
    stderr = [o.get("text", "") for o in judged.outputs if o.get("output_type") == "stream" and o.get("name") == "stderr"]
    if stderr:
        return f"escribió en stderr (nbgrader la pone a 0): {' '.join(stderr).strip()[:160]}"
    try:
        score, maximum = determine_grade(judged)
    except ValueError as err:  # una nota parcial mayor que los puntos de la celda
        return f"nbgrader no puede puntuarla: {err}"
    if score is not None and maximum is not None and score < maximum:
        return f"deja un número como resultado y nbgrader le da {score:g} de {maximum:g} puntos"
    return None


def error_message(outputs) -> str | None:
    """«Tipo: mensaje» del primer error guardado en las salidas de una celda, o None si no hay ninguno."""
    for output in outputs:
        if output.get("output_type") == "error":
            return f"{output.get('ename', '')}: {output.get('evalue', '')}".strip()
    return None
