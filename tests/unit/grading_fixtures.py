"""Una tarea de juguete hecha a mano para las pruebas unitarias de la corrección (sin núcleos).

La tarea «99-demo» tiene un cuaderno con dos ejercicios: ``add`` (tests con una parte oculta,
2 puntos) y ``mul`` (1 punto). ``DEFINITION`` tiene la forma que devuelve
``gradebook.export_assignment``; ``learner_notebook`` es el cuaderno que recibe el alumno
(sin soluciones ni tests ocultos, con las sumas de control que pone ``generate_assignment``).
"""

from __future__ import annotations

import json

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output
from nbgrader.utils import compute_checksum

from course_tools.layout.course import notebook_file
from course_tools.grading.model import AssignmentSpec
from course_tools.kernels.spec import NOTEBOOK_KERNELSPEC

ASSIGNMENT = "99-demo"
NOTEBOOK = notebook_file(ASSIGNMENT)
KERNELSPEC = json.dumps(NOTEBOOK_KERNELSPEC)

ADD_SOLUTION = "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"
MUL_SOLUTION = "def mul(a, b):\n    ### BEGIN SOLUTION\n    return a * b\n    ### END SOLUTION"
STUB = "# ESCRIBE AQUÍ TU CÓDIGO\nraise NotImplementedError()"
ADD_TESTS = "assert add(1, 2) == 3\n### BEGIN HIDDEN TESTS\nassert add(2, 5) == 7\n### END HIDDEN TESTS"
ADD_TESTS_VISIBLE = "assert add(1, 2) == 3\n"
MUL_TESTS = "assert mul(2, 3) == 6"


def solution_cell(gid: str, source: str):
    return new_code_cell(source, metadata={"nbgrader": {
        "solution": True, "grade": False, "locked": False, "grade_id": gid, "schema_version": 3}})


def graded_cell(gid: str, source: str, points: float, *, checksum: bool = True):
    cell = new_code_cell(source, metadata={"nbgrader": {
        "grade": True, "grade_id": gid, "points": points, "locked": True, "solution": False, "schema_version": 3}})
    if checksum:
        cell.metadata.nbgrader["checksum"] = compute_checksum(cell)
    return cell


# Lo que la libreta sabe de la tarea, escrito a mano (las sumas de control, de las celdas del profesor).
DEFINITION = {
    ASSIGNMENT: {
        "kernelspec": KERNELSPEC,
        "grade_cells": [
            {"name": "nb99-add-tests", "max_score": 2.0, "cell_type": "code"},
            {"name": "nb99-mul-tests", "max_score": 1.0, "cell_type": "code"},
        ],
        "solution_cells": [{"name": "nb99-add"}, {"name": "nb99-mul"}],
        "task_cells": [],
        "source_cells": [
            {"name": "nb99-add", "cell_type": "code", "locked": False, "source": ADD_SOLUTION,
             "checksum": compute_checksum(solution_cell("nb99-add", ADD_SOLUTION))},
            {"name": "nb99-add-tests", "cell_type": "code", "locked": True, "source": ADD_TESTS,
             "checksum": compute_checksum(graded_cell("nb99-add-tests", ADD_TESTS, 2, checksum=False))},
            {"name": "nb99-mul", "cell_type": "code", "locked": False, "source": MUL_SOLUTION,
             "checksum": compute_checksum(solution_cell("nb99-mul", MUL_SOLUTION))},
            {"name": "nb99-mul-tests", "cell_type": "code", "locked": True, "source": MUL_TESTS,
             "checksum": compute_checksum(graded_cell("nb99-mul-tests", MUL_TESTS, 1, checksum=False))},
        ],
    }
}


def spec(files: dict[str, bytes] | None = None) -> AssignmentSpec:
    return AssignmentSpec(ASSIGNMENT, json.loads(json.dumps(DEFINITION)), dict(files or {}))


def learner_notebook(add: str = STUB, mul: str = STUB):
    """El cuaderno del alumno, con ``add`` y ``mul`` como código de sus soluciones."""
    return new_notebook(cells=[
        new_markdown_cell("# Cuaderno de juguete"),
        solution_cell("nb99-add", add),
        graded_cell("nb99-add-tests", ADD_TESTS_VISIBLE, 2),
        solution_cell("nb99-mul", mul),
        graded_cell("nb99-mul-tests", MUL_TESTS, 1),
    ], metadata={"kernelspec": json.loads(KERNELSPEC)})


def solved_notebook():
    return learner_notebook("def add(a, b):\n    return a + b", "def mul(a, b):\n    return a * b")


def autograded_notebook(failing: tuple[str, ...] = ()):
    """Un cuaderno «corregido»: las celdas de tests de ``failing`` tienen un error en su salida."""
    nb = solved_notebook()
    for cell in nb.cells:
        gid = cell.metadata.get("nbgrader", {}).get("grade_id")
        if cell.cell_type == "code":
            cell.execution_count = 1
        if gid in failing:
            cell.outputs = [new_output("error", ename="AssertionError", evalue="", traceback=[])]
    return nb


def to_bytes(nb) -> bytes:
    return nbformat.writes(nb).encode("utf-8")
