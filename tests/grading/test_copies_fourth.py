"""El informe de parecidos con la cuarta clase apartada (``copies_class_fourth``, escrita a ciegas: sin ver los
juegos independientes, las otras clases ni los umbrales) en 11, 17 y 18. Lo que pide la issue 43: se señala
exactamente a la pareja que comparte trabajo (diego y elena) y a quien pegó la solución disfrazada (fermin), en
cada cuaderno; a ninguno de los tres que trabajan solos (alba, ciro y celia) y no al cuaderno en blanco (gloria)."""

from __future__ import annotations

import pytest

from copies_class import make_class
from copies_class_fourth import BLANK, COPIER, HONEST, PAIR, SLUGS, WORK

from course_tools.grading.copies import compare_class
from course_tools.grading.similarity import COPY_OF_SOLUTION, SAME_AS_CLASSMATE, SOLUTION
from course_tools.layout.course import ROOT, Course


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    return compare_class(Course(make_class(tmp_path_factory.mktemp("cuarta") / "clase", ROOT, work=WORK)))


def _flagged(result, code):
    return {(f.student, f.assignment, f.other) for f in result.findings if f.code == code}


def test_the_disguised_copy_of_the_solution_is_flagged_in_every_notebook_and_nobody_else(result):
    assert _flagged(result, COPY_OF_SOLUTION) == {(COPIER, slug, SOLUTION) for slug in SLUGS}


def test_the_pair_is_flagged_in_every_notebook_and_nobody_else(result):
    first, second = PAIR
    assert _flagged(result, SAME_AS_CLASSMATE) == {(a, slug, b) for slug in SLUGS for a, b in ((first, second),
                                                                                               (second, first))}
    assert all(result.groups(slug) == [list(PAIR)] for slug in SLUGS)


def test_no_honest_learner_nor_the_blank_notebook_is_flagged(result):
    innocent = set(HONEST) | {BLANK}
    assert not {f.student for f in result.findings} & innocent
    assert not {f.other for f in result.findings} & innocent
    assert not result.skipped
