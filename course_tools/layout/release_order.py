"""Publicar en el intercambio de nbgrader solo en orden: una tarea que enseña las soluciones de otra espera a
que esa se haya recogido.

La celda dada del 19 trae el decodificador del 18 resuelto (lo necesita para jugar). Si el 19 llegara a la
clase antes de que entregue el 18, cualquiera copiaría de ahí los ejercicios del 18. ``CourseSettings.release_after``
dice qué tarea espera a cuál; ``OrderedReleaseAssignment`` es el publicador de nbgrader que lo cumple, nombrado en
``nbgrader_config.py`` (``c.ExchangeFactory.release_assignment``): así lo cumplen ``nbgrader release_assignment``, el
botón de publicar del Formgrader y el hub de la clase, que leen esa configuración.
"""

from __future__ import annotations

from nbgrader.exchange.default.release_assignment import ExchangeReleaseAssignment

from ..settings import CourseSettings
from .course import SUBMITTED, CourseLayout


def collected_students(layout: CourseLayout, slug: str) -> list[str]:
    """Quién tiene una entrega recogida de ``slug`` en ``submitted/``."""
    return [student for student, assignment, path in layout.entries(SUBMITTED) if assignment == slug and path.is_dir()]


def release_refusal(layout: CourseLayout, slug: str, release_after: dict) -> str | None:
    """Por qué no se puede publicar ``slug`` todavía (en castellano, con qué hacer), o None si se puede."""
    first = release_after.get(slug)
    if not first or collected_students(layout, first):
        return None
    return (
        f"«{slug}» no se publica todavía: enseña las soluciones de «{first}», y de «{first}» no se ha recogido "
        f"ninguna entrega (nada en {layout.assignment(SUBMITTED, first, '*')}). Recoge antes {first} "
        f"(nbgrader collect {first}, el Formgrader o make grade ZIP=… con la descarga de Moodle) y publica después. "
        f"Si tu clase no corrige {first}, quita la regla en nbgrader_config.py: c.CourseSettings.release_after = {{}}."
    )


class OrderedReleaseAssignment(ExchangeReleaseAssignment):
    """El publicador de nbgrader, que antes de copiar nada mira ``CourseSettings.release_after``."""

    def init_src(self):
        layout = CourseLayout(self.coursedir.root, coursedir=self.coursedir)
        refusal = release_refusal(layout, self.coursedir.assignment_id, CourseSettings(parent=self).release_after)
        if refusal:
            self.fail(refusal)
        super().init_src()
