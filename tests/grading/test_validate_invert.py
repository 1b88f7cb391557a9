"""``nbgrader validate --invert`` sobre la release/ del repositorio: sin rellenar, ningún test pasa.

Va en su propio fichero (sin la ronda de ``course``) para que pytest-xdist lo corra en el otro proceso.
"""

from __future__ import annotations

import re
import shutil

from course_tools.rules import cells
from course_tools.layout.course import LAYOUT, RELEASE, Course, notebooks
from course_tools.grading.validate import validate_inverted_many


def test_validate_invert_sees_every_release_test_fail(tmp_path):
    # Una copia: el núcleo escribe en la carpeta de cada cuaderno lo que este guarde, y release/ no se toca.
    copy = Course(tmp_path).layout
    shutil.copytree(LAYOUT.step(RELEASE), copy.step(RELEASE))
    paths = [copy.notebook(RELEASE, n.slug) for n in notebooks()]
    printed = validate_inverted_many(paths, tmp_path)
    assert len(printed) == len(paths) > 0
    for path, text in printed.items():
        # nbgrader da por aprobada una celda de 0 puntos (0 de 0), aunque falle: las predicciones, que no puntúan.
        free = [c for c in cells.read(path).cells if cells.is_graded_test(c) and float(cells.nbgrader_meta(c)["points"]) == 0]
        assert all("check_prediction(" in c.source for c in free), f"{path.name}: una celda de 0 puntos que no es una predicción"
        if "does not pass any tests" in text:
            continue
        passed = re.search(r"PASA (\d+) CELDA", text)
        assert passed and int(passed.group(1)) == len(free) > 0, f"{path.name}: algún test pasa sin rellenar:\n{text[-2000:]}"
