"""Devoluciones HTML: ``nbgrader generate_feedback`` con la configuración del curso, nada más.

La cadena de ``preprocessors.py`` quita el código de los tests ocultos (``HideHiddenTests``) y
la plantilla ``templates/feedback`` escribe la página en castellano, así que esto hace lo
mismo que un ``nbgrader generate_feedback`` a secas en la raíz del curso.
"""

from __future__ import annotations

from pathlib import Path


def feedback(root: Path, db_url: str | None = None, outcomes: list | None = None) -> list[Path]:
    """Un HTML por alumno y tarea en feedback/; si se dan ``outcomes``, solo de los corregidos."""
    from ..layout.course import AUTOGRADED, FEEDBACK, Course
    from ..layout.nbgrader_compat import api_failure

    course = Course(Path(root), db_url)
    pairs = course.layout.graded_notebooks(AUTOGRADED)
    if outcomes is not None:
        wanted = {(o.student, o.assignment) for o in outcomes if o.graded}
        pairs = [pair for pair in pairs if pair in wanted]
    api = course.api()
    written = []
    for student, assignment in pairs:
        result = api.generate_feedback(assignment, student, force=True)
        if not result.get("success"):
            print(f"✗ {student}/{assignment}: no se pudo generar la devolución ({api_failure(result)}); "
                  "mira el registro con `nbgrader generate_feedback` en la raíz del curso.")
            continue
        written.extend(sorted(course.layout.assignment(FEEDBACK, assignment, student).glob("*.html")))
    return written
