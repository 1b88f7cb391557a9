"""El modelo del cuaderno 18 dentro de otro cuaderno: una celda «dada», copia de sus celdas marcadas.

El cuaderno 19 se abre en Colab, donde el 18 no está, y juega con el ``MoveDecoder`` del 18. Por eso lleva
una celda de código bloqueada, con la etiqueta ``GIVEN_TAG``, cuyo texto es ``HEADER`` seguido del código
de las celdas ``decoder-definicion`` del 18 (las soluciones, sin las marcas de nbgrader: lo mismo que
muestra notebooks/18). El hecho vive en un solo sitio, el cuaderno 18: ``make check`` falla si la copia
no es idéntica y ``python -m course_tools.readings.given_cells`` la vuelve a escribir en cada cuaderno que la
tenga. No va en ``rukh_helpers``: un alumno que hace el 18 podría importar las soluciones.
"""

from __future__ import annotations

from ..rules.cells import read, tags, write
from ..layout.course import Notebook, notebooks
from ..layout.course import where as _where
from ..data.decoder import NOTEBOOK as DEFINITION_NOTEBOOK
from ..data.decoder import definition_sources

GIVEN_TAG = "decoder-dado"
HEADER = (
    "# Celda dada (no la cambies): el modelo, los datos y el bucle del cuaderno 18, copiados de sus\n"
    "# celdas `decoder-definicion`, con las soluciones. El repositorio comprueba que es la misma copia.\n\n"
)


def given_source() -> str:
    """El texto que debe tener una celda dada: la cabecera y las celdas marcadas del 18, en orden."""
    return HEADER + "\n\n\n".join(source.strip() for source in definition_sources(DEFINITION_NOTEBOOK))


def _given_indices(nb) -> list[int]:
    return [i for i, cell in enumerate(nb.cells) if cell.cell_type == "code" and GIVEN_TAG in tags(cell)]


def given_problems(selected: list[Notebook]) -> list[str]:
    """Cada celda dada de ``selected`` es copia exacta de las celdas marcadas del 18."""
    if not DEFINITION_NOTEBOOK.exists():
        return []
    expected = None
    problems = []
    for notebook in selected:
        try:
            nb = read(notebook.source)
        except Exception:
            continue  # ya lo dice check_source
        for i in _given_indices(nb):
            expected = expected if expected is not None else given_source()
            if nb.cells[i].source != expected:
                problems.append(
                    f"{_where(notebook.source, i)}: la celda «{GIVEN_TAG}» no es copia de las celdas "
                    "decoder-definicion del cuaderno 18; ejecuta `python -m course_tools.readings.given_cells`"
                )
    return problems


def write_given(selected: list[Notebook]) -> list[str]:
    """Reescribe las celdas dadas que no coinciden; devuelve los cuadernos cambiados."""
    expected = given_source()
    changed = []
    for notebook in selected:
        nb = read(notebook.source)
        stale = [i for i in _given_indices(nb) if nb.cells[i].source != expected]
        for i in stale:
            nb.cells[i].source = expected
        if stale:
            write(nb, notebook.source)
            changed.append(notebook.slug)
    return changed


if __name__ == "__main__":
    print("celdas dadas al día en:", ", ".join(write_given(notebooks())) or "ninguna (ya lo estaban)")
