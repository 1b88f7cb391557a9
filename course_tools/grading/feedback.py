"""Devoluciones HTML: ``nbgrader generate_feedback`` con la configuración del curso, nada más.

La cadena de ``preprocessors.py`` quita el código de los tests ocultos (``HideHiddenTests``) y
la plantilla ``templates/feedback`` escribe la página en castellano, así que esto hace lo
mismo que un ``nbgrader generate_feedback`` a secas en la raíz del curso.
"""

from __future__ import annotations

from pathlib import Path


def feedback(root: Path, db_url: str | None = None, outcomes: list | None = None) -> list[Path]:
    """Un HTML por alumno y tarea en feedback/; si se dan ``outcomes``, solo de los corregidos."""
    from ..course import Course

    root = Path(root)
    pairs = sorted({(p.parent.parent.name, p.parent.name) for p in (root / "autograded").glob("*/*/*.ipynb")})
    if outcomes is not None:
        wanted = {(o.student, o.assignment) for o in outcomes if o.graded}
        pairs = [pair for pair in pairs if pair in wanted]
    api = Course(root, db_url).api()
    written = []
    for student, assignment in pairs:
        result = api.generate_feedback(assignment, student, force=True)
        if not result.get("success"):
            lines = (result.get("error") or result.get("log") or "").strip().splitlines()
            print(f"✗ {student}/{assignment}: no se pudo generar la devolución ({lines[-1] if lines else 'sin detalle'}); "
                  "mira el registro con `nbgrader generate_feedback` en la raíz del curso.")
            continue
        written.extend(sorted((root / "feedback" / student / assignment).glob("*.html")))
    return written
