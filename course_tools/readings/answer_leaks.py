"""La respuesta al alcance: líneas de una solución que el alumno ya ve escritas después del ejercicio.

Un ejercicio no es una copia: lo que viene después de él en el cuaderno del alumno (su test visible, las
demostraciones y el resumen) no debe traer la solución escrita. Esta comprobación lo mide sin ejecutar nada:

* de cada celda de solución se toman sus líneas entre las marcas, normalizadas (los tokens de Python sin
  comentarios ni espacios) y solo las que no son triviales (``MIN_CHARS`` caracteres o más);
* una celda posterior, tal como la ve el alumno (sin los tests ocultos; las de solución no cuentan), **delata**
  la solución si contiene más de la mitad de esas líneas. En una celda de código se compara línea a línea; en
  una de texto, dentro del texto sin espacios (el código entre comillas invertidas también se lee).

Las líneas sueltas de antes del ejercicio no cuentan: son los ingredientes que el cuaderno enseña. Tampoco
una línea suelta de una solución larga (``with torch.no_grad():`` aparece en muchas celdas): hace falta más
de la mitad de la solución en una sola celda. Lo que no ve son las variantes (otra variable, otro orden);
eso lo sigue buscando quien revisa.
"""

from __future__ import annotations

import io
import re
import tokenize

from ..rules import cells
from ..layout.course import Notebook
from ..layout.course import where as _where

MIN_CHARS = 20  # una línea normalizada más corta (``h = layer(h)``) es un ingrediente, no la respuesta
_SKIPPED = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER}


def code_lines(source: str) -> dict[int, str]:
    """{número de línea (desde 1): sus tokens de Python juntos, sin comentarios ni espacios}."""
    lines: dict[int, list[str]] = {}
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type not in _SKIPPED:
                lines.setdefault(token.start[0], []).append(token.string)
    except (tokenize.TokenError, SyntaxError):  # una celda a medio escribir o con magia de IPython
        return {}
    return {number: "".join(parts) for number, parts in lines.items()}


def answer_lines(solution_source: str) -> list[str]:
    """Las líneas no triviales que escribe el alumno en una celda de solución, normalizadas y sin repetir."""
    marked = cells.solution_lines(solution_source)
    begin, end = cells.solution_delimiters()
    found = []
    for number, text in code_lines(solution_source).items():
        if number in marked and begin not in text and end not in text and len(text) >= MIN_CHARS and text not in found:
            found.append(text)
    return found


def _as_seen(cell) -> tuple[set[str], str | None]:
    """(líneas de código normalizadas, texto sin espacios de una celda de texto) de una celda del alumno."""
    if cell.cell_type == "code":
        source = cells.strip_hidden_tests(cell.source) if cells.is_graded_test(cell) else cell.source
        return set(code_lines(source).values()), None
    return set(), re.sub(r"\s+", "", cell.source)


def leaks(nb) -> list[tuple[int, int, list[str]]]:
    """[(celda de solución, celda posterior que la delata, líneas encontradas)] de un cuaderno fuente."""
    found = []
    for index, cell in enumerate(nb.cells):
        if not (cell.cell_type == "code" and cells.is_solution(cell)):
            continue
        answer = answer_lines(cell.source)
        if not answer:
            continue
        for later_index in range(index + 1, len(nb.cells)):
            later = nb.cells[later_index]
            if cells.is_solution(later):
                continue
            code, text = _as_seen(later)
            shown = [line for line in answer if line in code or (text is not None and line in text)]
            if len(shown) > len(answer) / 2:
                found.append((index, later_index, shown))
    return found


def check_answer_leaks(notebook: Notebook) -> list[str]:
    """Para ``make check``: cada celda posterior a un ejercicio que trae escrita más de la mitad de su solución."""
    path = notebook.source
    try:
        nb = cells.read(path)
    except Exception:  # noqa: BLE001 - un cuaderno que no se lee ya lo señala check_source
        return []
    return [
        f"{_where(path, later)}: trae escrita la solución de «{cells.grade_id(nb.cells[solution])}» "
        f"({len(shown)} de {len(answer_lines(nb.cells[solution].source))} líneas, p. ej. «{shown[0]}»): "
        "el alumno la copiaría; constrúyela al revés o cuéntala de otra manera"
        for solution, later, shown in leaks(nb)
    ]
