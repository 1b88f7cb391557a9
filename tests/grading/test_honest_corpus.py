"""El corpus de trabajo honrado (``catalogues/independent/learners.py``): es lo que sale de las clases apartadas, y
entre compañeros lo que escribe uno de ellos no es evidencia."""

from __future__ import annotations

import honest_corpus
from copies_class import make_class

from course_tools.grading.copies import compare_class
from course_tools.grading.evidence import honest_learners
from course_tools.grading.similarity import SAME_AS_CLASSMATE, SAME_IN_COURSE
from course_tools.layout.course import ROOT, Course


def test_the_corpus_file_is_what_the_held_out_classes_make():
    """Se genera con ``python tests/grading/honest_corpus.py``: si una clase cambia o llega otra, hay que regenerarlo."""
    assert honest_corpus.corpus_file().read_text(encoding="utf-8") == honest_corpus.render(honest_corpus.learners())


def test_the_corpus_holds_only_the_honest_learners_of_each_class():
    found = honest_learners(Course(ROOT).layout.catalogue_dir)
    for name, module in honest_corpus.classes().items():
        assert {key for key in found if key.startswith(f"{name}/")} == {f"{name}/{s}" for s in module.HONEST}
        for copier in (getattr(module, "PAIR", ()) + (getattr(module, "COPIER", ""),)):
            assert f"{name}/{copier}" not in found
    assert len(found) >= 70


def test_a_held_out_class_is_judged_without_its_own_learners_in_the_corpus(tmp_path):
    root = make_class(tmp_path / "clase", ROOT, work={}, corpus_without=("third", "styles"))
    kept = honest_learners(Course(root).layout.catalogue_dir)
    assert kept and not [key for key in kept if key.split("/")[0] in ("third", "styles")]


def test_what_a_learner_of_the_corpus_also_writes_is_not_evidence_of_a_pair(tmp_path):
    """Dos alumnos que entregan el mismo trabajo, uno propio (el de quien resuelve en la pareja de la cuarta): salen
    emparejados; si un alumno honrado del corpus lo escribió igual, lo que comparten es natural y no salen."""
    from course_tools.grading.evidence import learners_file

    module = honest_corpus.classes()["fourth"]
    own = module.WORK[module.PAIR[0]]

    def paired(corpus):
        root = make_class(tmp_path / str(len(corpus)), ROOT, work={"uno": own, "dos": own}, corpus_without=())
        learners_file(Course(root).layout.catalogue_dir).write_text(honest_corpus.render(corpus))
        result = compare_class(Course(root))
        return {frozenset((f.student, f.other)) for f in result.findings if f.code in (SAME_AS_CLASSMATE, SAME_IN_COURSE)}

    assert paired({}) == {frozenset(("uno", "dos"))}
    assert paired({"otra/alguien": own}) == set()
