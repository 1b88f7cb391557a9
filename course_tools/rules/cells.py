"""Las reglas de las celdas de nbgrader, en un solo sitio y sobre nbgrader mismo.

* Qué celda es de solución, de tests (calificada) o bloqueada: ``nbgrader.utils``.
* Las marcas de solución y la región de tests ocultos: los delimitadores de ``ClearSolutions`` y
  ``ClearHiddenTests`` tal como los deja ``nbgrader_config.py`` (una línea es marca si contiene el
  delimitador, como en nbgrader); la región oculta la quita el propio ``ClearHiddenTests``.
* Cómo es un hueco: el ``code_stub`` de ``ClearSolutions`` configurado (el hueco de código) y el de
  una predicción, ``PREDICTION_STUB_HEADER`` y una línea ``nombre = ...`` por variable.
* Cuándo aprueba una celda de tests: la regla de autograde, ``IgnorePattern`` del curso y
  ``nbgrader.utils.determine_grade`` (un error, una línea en stderr que el curso no ignora o un
  número como resultado bastan para no dar la nota entera).

La prueba de respuestas equivocadas, ``make progreso``, ``make check``, la construcción y la
corrección leen estas reglas de aquí.
"""

from __future__ import annotations

import re
import textwrap
from functools import lru_cache

import nbformat
from nbgrader import utils

from ..layout.course import Course


def read(path) -> nbformat.NotebookNode:
    return nbformat.read(str(path), as_version=4)


def write(nb: nbformat.NotebookNode, path) -> None:
    nbformat.write(nb, str(path))


# --- Qué es cada celda -----------------------------------------------------------------------

def nbgrader_meta(cell) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {})


def is_solution(cell) -> bool:
    return bool(utils.is_solution(cell))


def is_graded_test(cell) -> bool:
    """Una celda de código calificada que no es de solución: la de los tests de un ejercicio."""
    return cell.cell_type == "code" and bool(utils.is_grade(cell)) and not is_solution(cell)


def is_locked(cell) -> bool:
    """Bloqueada para nbgrader: las calificadas que no son de solución lo están siempre."""
    return bool(utils.is_locked(cell))


def grade_id(cell) -> str | None:
    return nbgrader_meta(cell).get("grade_id")


def tags(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def exercises(nb) -> list[tuple[int, int]]:
    """Pares (índice de la celda de solución, índice de su celda de test)."""
    pairs = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and is_solution(cell):
            j = i + 1
            if j < len(nb.cells) and is_graded_test(nb.cells[j]):
                pairs.append((i, j))
    return pairs


# --- Los preprocesadores de nbgrader, configurados como los usa el curso ---------------------

@lru_cache(maxsize=None)
def configured(name: str):
    """El preprocesador ``name`` de nbgrader con la configuración de ``nbgrader_config.py``."""
    from nbgrader import preprocessors

    return getattr(preprocessors, name)(config=Course().nbgrader_config())


def solution_delimiters() -> tuple[str, str]:
    clear = configured("ClearSolutions")
    return clear.begin_solution_delimeter, clear.end_solution_delimeter


def hidden_delimiters() -> tuple[str, str]:
    clear = configured("ClearHiddenTests")
    return clear.begin_test_delimeter, clear.end_test_delimeter


def __getattr__(name: str) -> str:
    """``BEGIN_HIDDEN``, ``END_HIDDEN``, ``BEGIN_SOLUTION`` y ``END_SOLUTION``: los delimitadores configurados."""
    markers = {"BEGIN_HIDDEN": (hidden_delimiters, 0), "END_HIDDEN": (hidden_delimiters, 1),
               "BEGIN_SOLUTION": (solution_delimiters, 0), "END_SOLUTION": (solution_delimiters, 1)}
    if name not in markers:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    delimiters, which = markers[name]
    return delimiters()[which]


# --- Regiones: tests ocultos y marcas de solución ---------------------------------------------

def _marked_lines(source: str, begin: str, end: str) -> set[int]:
    """Números de línea (desde 1) entre una marca ``begin`` y su ``end``, marcas incluidas."""
    marked, inside = set(), False
    for number, line in enumerate(source.split("\n"), start=1):
        if begin in line:
            inside = True
        if inside:
            marked.add(number)
        if end in line:
            inside = False
    return marked


def hidden_lines(source: str) -> set[int]:
    """Las líneas de una celda de tests que caen dentro de una región de tests ocultos."""
    return _marked_lines(source, *hidden_delimiters())


def solution_lines(source: str) -> set[int]:
    """Las líneas de una celda de solución que escribe el alumno (entre sus marcas)."""
    return _marked_lines(source, *solution_delimiters())


def _clear_hidden_tests(source: str) -> tuple[str, str | None]:
    """(la celda tras ``ClearHiddenTests``, None), o (la celda tal cual, por qué nbgrader no la acepta)."""
    cell = nbformat.v4.new_code_cell(source, metadata={"nbgrader": {"grade": True}})
    try:
        cell, _ = configured("ClearHiddenTests").preprocess_cell(cell, {}, 0)
    except RuntimeError as err:  # una región sin cerrar o una dentro de otra
        return source, str(err)
    return cell.source, None


def strip_hidden_tests(source: str) -> str:
    """La celda de tests como la ve el alumno: ``ClearHiddenTests`` quita las regiones ocultas (marcas incluidas).

    Una región que nbgrader no acepta (sin cerrar, o una dentro de otra) no se quita: ``make check`` no la
    deja pasar en source/, y en una entrega retocada la celda queda distinta de la original."""
    return _clear_hidden_tests(source)[0]


def hidden_region_error(source: str) -> str | None:
    """Por qué ``ClearHiddenTests`` no aceptaría las regiones ocultas de esta celda, o None si las acepta."""
    return _clear_hidden_tests(source)[1]


def strip_solution_markers(source: str) -> str:
    """Quita las líneas de marca de solución y deja la solución (lo que haría un alumno que la escribe)."""
    begin, end = solution_delimiters()
    return "\n".join(line for line in source.split("\n") if begin not in line and end not in line)


# --- Lo que escribe un alumno en una celda de solución -------------------------------------

PARTS_SEPARATOR = "# ---"  # en un cuerpo para una celda con varias regiones de solución, la línea entre ellas


def _regions(lines: list[str]) -> list[tuple[int, int]]:
    """(primera, última) línea de cada región de solución, marcas incluidas."""
    begin, end = solution_delimiters()
    starts = [i for i, line in enumerate(lines) if begin in line]
    return [(first, next(i for i in range(first, len(lines)) if end in lines[i])) for first in starts]


def solution_regions(source: str) -> list[str]:
    """El código de cada región de solución de una celda, sin las marcas ni su sangría."""
    lines = source.split("\n")
    return [textwrap.dedent("\n".join(lines[first + 1:last])) for first, last in _regions(lines)]


def join_parts(parts: list[str]) -> str:
    """Un cuerpo para una celda con una región de solución por parte (``split_parts`` lo vuelve a partir)."""
    return f"\n{PARTS_SEPARATOR}\n".join(part.strip("\n") for part in parts)


def split_parts(body: str) -> list[str]:
    """Las partes de un cuerpo, una por región de solución (una sola si no trae la línea ``# ---``)."""
    return re.split(rf"(?m)^{re.escape(PARTS_SEPARATOR)}$", body)


def answered(source: str, body: str) -> str:
    """La celda de solución ``source`` como la entrega quien escribe ``body``: ``body`` en su región de solución,
    sangrado como su marca. Con varias regiones, ``body`` trae el código de cada una en orden, separado por una
    línea ``# ---`` (``join_parts``), o la celda entera, como la escribiría el alumno."""
    lines = source.split("\n")
    regions = _regions(lines)
    parts = [body] if len(regions) == 1 else split_parts(body)
    if len(parts) != len(regions):
        return body
    for (first, last), part in reversed(list(zip(regions, parts))):
        margin = lines[first][: len(lines[first]) - len(lines[first].lstrip())]
        lines[first:last + 1] = [textwrap.indent(part.strip("\n"), margin)]
    return "\n".join(lines)


# --- Cómo es un hueco ------------------------------------------------------------------------

PREDICTION_STUB_HEADER = "# ESCRIBE AQUÍ TU PREDICCIÓN: cambia cada ... por tu respuesta (razónala sin ejecutar nada)."
PREDICTION_BLANK = re.compile(r"^\s*\w+\s*=\s*\.\.\.\s*(#.*)?$", re.M)  # la línea «nombre = ...» de prediction_blank


def code_stub() -> str:
    """El hueco de código que pone ``ClearSolutions`` en la versión de alumno."""
    return configured("ClearSolutions").code_stub["python"]


def prediction_blank(names: list[str]) -> str:
    """El hueco de una predicción: la cabecera y una línea ``nombre = ...`` por variable."""
    return "\n".join([PREDICTION_STUB_HEADER] + [f"{name} = ..." for name in names])


def is_blank(source: str) -> bool:
    """¿Sigue sin rellenar? Aún tiene la orden del hueco de código (su última línea, con o sin
    paréntesis: ``raise NotImplementedError``) o una línea ``nombre = ...`` del hueco de predicción."""
    statement = code_stub().splitlines()[-1].strip().removesuffix("()")
    return statement in source or bool(PREDICTION_BLANK.search(source))


# --- Cuándo aprueba una celda de tests ------------------------------------------------------

def test_failure(cell, outputs=None) -> str | None:
    """Por qué autograde no daría la nota entera a esta celda de tests con estas salidas (por defecto, las
    suyas), o None si la daría. Es la regla de autograde, no una parecida: primero ``IgnorePattern`` con la
    configuración del curso (quita las salidas de stderr que son avisos, como los de torch) y después
    ``nbgrader.utils.determine_grade``: un error, cualquier otra línea en stderr o un número que la celda deja
    como resultado (nbgrader lo toma como nota parcial) bastan para no darla."""
    judged = nbformat.from_dict({**cell, "outputs": list(cell.get("outputs", []) if outputs is None else outputs)})
    ignore = configured("IgnorePattern")
    if ignore.enabled:
        judged, _ = ignore.preprocess_cell(judged, {}, 0)
    try:
        score, maximum = utils.determine_grade(judged)
    except ValueError as err:  # una nota parcial mayor que los puntos de la celda
        return f"nbgrader no puede puntuarla: {err}"
    error = error_message(judged.outputs)
    stderr = [o.get("text", "") for o in judged.outputs if o.get("output_type") == "stream" and o.get("name") == "stderr"]
    # Una celda de 0 puntos (una predicción) siempre tiene «la nota entera»: suspende si da error o escribe en stderr.
    if score is None or (score >= maximum and (maximum > 0 or (error is None and not stderr))):
        return None
    if error is not None:
        return error
    if stderr:
        return f"escribió en stderr (nbgrader la pone a 0): {' '.join(stderr).strip()[:160]}"
    return f"deja un número como resultado y nbgrader le da {score:g} de {maximum:g} puntos"


def error_message(outputs) -> str | None:
    """«Tipo: mensaje» del primer error guardado en las salidas de una celda, o None si no hay ninguno."""
    for output in outputs:
        if output.get("output_type") == "error":
            return f"{output.get('ename', '')}: {output.get('evalue', '')}".strip()
    return None
