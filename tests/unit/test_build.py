"""make release es la release de nbgrader: los dos pasos del curso van dentro de su cadena (que
``nbgrader generate_assignment`` a secas da release/ byte a byte lo prueba tests/integration/test_plain_release.py)."""

from __future__ import annotations

from nbgrader.converters import GenerateAssignment
from traitlets.utils.importstring import import_item

from course_tools.publish import release_preprocessors
from course_tools.layout.course import Course


def test_the_course_chain_is_nbgraders_between_the_two_course_steps():
    chain = [import_item(name) for name in Course().nbgrader_config().GenerateAssignment.preprocessors]
    nbgrader_chain = GenerateAssignment.class_traits()["preprocessors"].default()
    assert chain == [release_preprocessors.LearnerLinks, *nbgrader_chain, release_preprocessors.PredictionStubs]
