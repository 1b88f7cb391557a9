"""Ronda de corrección real: cada tarea de source/, el catálogo hostil, informe y devoluciones."""

from __future__ import annotations

import csv

import nbformat
import pytest

from hostile_catalogue import (ATTACK_MARK, CATALOGUE, FULL_MARKS, LOOT_MARK, READERS, SLUG, hidden_only_lines, orphan_pid,
                             page_text, printed, said)
from course_tools.grading import feedback as grading_feedback, gradebook, report as grading_report
from course_tools.isolation import sandbox
from course_tools.grading.collect import read_folder
from course_tools.grading import run as grading_run
from course_tools.grading.run import grade_all
from course_tools.layout.course import AUTOGRADED, SOURCE, SUBMITTED, Course, notebooks
from tests.processes import alive

SLUGS = [n.slug for n in notebooks()]


@pytest.mark.parametrize("slug", SLUGS)
def test_every_solution_gets_full_marks(course, slug):
    _root, outcomes, _, _, _bait = course
    o = outcomes[("solucion", slug)]
    assert o.graded and o.max_score > 0
    assert o.score == o.max_score, o.status


def test_an_unfilled_notebook_gets_zero(course):
    """Con la cadena de nbgrader entera, en 00; que el hueco de cada ejercicio suspende lo prueba tests/proof."""
    _root, outcomes, _, _, _bait = course
    o = outcomes[("sin-rellenar", SLUG)]
    assert o.graded and o.score == 0, o.status


@pytest.mark.parametrize("student", sorted(CATALOGUE))
def test_hostile_submission(course, student):
    _root, outcomes, _, _, _bait = course
    _make, points, code = CATALOGUE[student]
    o = outcomes[(student, SLUG)]
    assert o.score == points, f"{student}: {o.score} en vez de {points} ({o.status})"
    assert code in o.codes(), f"{student}: falta el problema «{code}»: {o.codes()} ({o.status})"


@pytest.mark.parametrize("slug", SLUGS)
def test_the_sandbox_denies_nothing_to_an_honest_solution(course, slug):
    """Cada cuaderno del curso, resuelto, corre entero en el núcleo encerrado (imports, matplotlib, los datos
    de rukh_helpers) sin un acceso negado ni una línea en stderr."""
    root, outcomes, _, _, _bait = course
    o = outcomes[("solucion", slug)]
    assert "sandbox-denied" not in o.codes(), o.status
    nb = nbformat.read(str(Course(root).layout.notebook(AUTOGRADED, slug, "solucion")), as_version=4)
    stderr = [out.get("text", "") for cell in nb.cells for out in cell.get("outputs", []) if out.get("name") == "stderr"]
    assert stderr == [], (stderr, o.status)  # el estado dice si una celda se cortó por tiempo (máquina cargada)


def test_readers_take_nothing_and_are_seen(course):
    """Soluciones del profesor, entregas ajenas, su carpeta personal, su entorno y la red: nada llega."""
    root, outcomes, _, _, bait = course
    assert bait.calls == [], f"un núcleo llegó a los cebos de 127.0.0.1: {bait.calls}"
    for student in READERS:
        o = outcomes[(student, SLUG)]
        assert said(root, student, LOOT_MARK) in ([], ["nada"]), student
        denied = next(p for p in o.problems if p.code == "sandbox-denied")
        assert "leer" in denied.message or "a 127.0.0.1:" in denied.message, denied.message
    nb = Course(root).layout.notebook(AUTOGRADED, SLUG, "chivata").read_text(encoding="utf-8")
    # Lo que imprime, con las salidas de cada celda juntas: su línea del entorno es larga, y con la máquina cargada
    # llegaba partida en dos salidas (falló así dos veces en clones nuevos).
    spy, shown = outcomes[("chivata", SLUG)], "".join(printed(root, "chivata"))
    assert "entorno: None" in shown, (f"la chivata no llegó a mirar su entorno: la prueba no prueba nada (estado: "
                                      f"{spy.status}; problemas: {[(p.code, p.message) for p in spy.problems]})")
    assert bait.secret not in shown
    assert bait.secret not in nb
    assert "GRADEBOOK" not in nb  # tampoco la dirección de la libreta, si el profesor la exporta
    assert "leer /proc/" in outcomes[("chivata", SLUG)].status
    assert "a 127.0.0.1:" in outcomes[("red-tcp", SLUG)].status and "a 127.0.0.1:" in outcomes[("red-udp", SLUG)].status
    assert "submitted" in outcomes[("fisgona", SLUG)].status
    assert bait.home_file.name in outcomes[("casera", SLUG)].status
    feedback = grading_feedback.feedback(root, outcomes=[outcomes[("chivata", SLUG)]])
    assert bait.secret not in feedback[0].read_text(encoding="utf-8")


def test_the_intruders_victim_keeps_its_grade(course):
    root, outcomes, _, _, _bait = course
    o = outcomes[("solucion", SLUG)]
    assert o.score == o.max_score == FULL_MARKS
    assert gradebook.scores(f"sqlite:///{Course(root).layout.gradebook}", "solucion", SLUG)[0] == FULL_MARKS
    nbformat.read(str(Course(root).layout.notebook(SUBMITTED, SLUG, "solucion")), as_version=4)


def test_submitted_stays_byte_for_byte_as_handed_in(course):
    """El corrector no escribe en submitted/, y un núcleo hostil tampoco: el encierro se lo impide."""
    root, outcomes, _, handed_in, _bait = course
    assert read_folder(Course(root).layout.step(SUBMITTED)) == handed_in
    victim = outcomes[("solucion", SLUG)]
    if sandbox.abi_version():
        attempts = said(root, "intrusa", ATTACK_MARK)  # autograded/ de la víctima, solo si ya la habían corregido
        assert {"libreta no", "submitted no"} <= set(attempts) <= {"libreta no", "submitted no", "autograded no"}
        assert "submission-altered" not in victim.codes()
    else:  # sin Landlock, la intrusa escribe y la ronda lo deshace (como en test_unconfined_kernel.py)
        assert "submission-altered" in victim.codes(), "la intrusa no llegó a atacar: la prueba no prueba nada"


def test_a_kernel_cannot_reach_the_gradebook_where_its_grade_is_computed(course):
    """La nota de una entrega es la que nbgrader calcula en la libreta del trabajo: «falsificadora» no llega a ella."""
    root, outcomes, _, _, _bait = course
    if not sandbox.abi_version():
        pytest.skip("sin Landlock el núcleo llega a esa libreta (lo prueba test_unconfined_kernel.py)")
    assert said(root, "falsificadora", ATTACK_MARK) == ["libreta del trabajo no"]
    assert outcomes[("falsificadora", SLUG)].score == 0


def test_no_process_of_a_submission_outlives_grading(course):
    """El nieto que deja «huerfano» (en otra sesión, esperando a que acabe la corrección) muere con su trabajo."""
    root, _outcomes, _, _, _bait = course
    assert not alive(orphan_pid(root)), "un proceso de una entrega sobrevivió a la corrección"
    nbformat.read(str(Course(root).layout.notebook(SUBMITTED, SLUG, "solucion")), as_version=4)


def test_resuming_grades_nothing_again(course, monkeypatch):
    """Otra ronda sobre el mismo curso no manda al ejecutor ninguna entrega ya corregida (solo las que no se
    pudieron corregir, como un cuaderno roto) ni reescribe un cuaderno corregido, y las notas son las de antes."""
    root, outcomes, _, _, _bait = course
    sent = []

    class Recording:
        """El ejecutor de verdad, apuntando cada trabajo que se le manda."""

        def __init__(self, inner):
            self.inner = inner

        def __enter__(self):
            self.executor = self.inner.__enter__()
            return self

        def __exit__(self, *exc):
            return self.inner.__exit__(*exc)

        def run(self, func, jobs):
            jobs = list(jobs)
            sent.extend(job.key for job in jobs)
            return self.executor.run(func, jobs)

    real = grading_run.make_executor
    monkeypatch.setattr(grading_run, "make_executor", lambda **options: Recording(real(**options)))
    graded = {path: (path.stat().st_mtime_ns, path.read_bytes()) for path in Course(root).layout.all_notebooks(AUTOGRADED)}
    assert len(graded) >= len(SLUGS)
    again = grade_all(root, selected=notebooks(), quiet=True)
    assert [key for key in sent if outcomes[key].graded] == [], f"se corrigieron otra vez: {sent}"
    changed = [path for path, (mtime, data) in graded.items()
               if path.stat().st_mtime_ns != mtime or path.read_bytes() != data]
    assert changed == [], f"cuadernos corregidos reescritos: {changed}"
    by_key = {(o.student, o.assignment): o for o in again}
    for key, o in outcomes.items():
        assert by_key[key].score == o.score, key


def test_report_csv_summary_and_histograms(course, tmp_path):
    _root, outcomes, _, _, _bait = course
    made = grading_report.report(list(outcomes.values()), tmp_path)
    rows = list(csv.DictReader(made["csv"].open(encoding="utf-8")))
    assert len(rows) == len(outcomes)
    summary = made["summary"][SLUG]
    # La predicción vale 0 puntos: el resumen solo cuenta los ejercicios que puntúan.
    assert set(summary) == {"nb00-count-moves-to-tests", "nb00-side-moves-tests", "nb00-last-move-tests"}
    assert all(0 <= row["full_share"] <= 1 for row in summary.values())
    for png in made["histograms"]:
        assert png.read_bytes()[:4] == b"\x89PNG"


def test_feedback_is_spanish_without_hidden_tests(course):
    root, outcomes, _, _, _bait = course
    wanted = [o for key, o in outcomes.items() if key in {("sin-rellenar", SLUG), ("solucion", SLUG)}]
    written = grading_feedback.feedback(root, outcomes=wanted)
    hidden = hidden_only_lines(nbformat.read(str(Course(root).layout.notebook(SOURCE, SLUG)), as_version=4))
    assert hidden
    assert len(written) == 2
    for html in written:
        text = html.read_text(encoding="utf-8")
        assert "Nota:" in text and "Score:" not in text
        assert "BEGIN HIDDEN TESTS" not in text
        assert not [line for line in hidden if line in page_text(text)]
    empty = next(p for p in written if "sin-rellenar" in str(p))
    assert "NotImplementedError" in empty.read_text(encoding="utf-8") or "CheckFailed" in empty.read_text(encoding="utf-8")


def test_a_submission_holds_no_root_power(course):
    """Corregida por root (CI) o por quien sea: ni un nodo de dispositivo, ni BPF, ni capacidades (como otro
    usuario lo prueban tests/unit/test_sandbox.py y tests/kernels/test_isolation.py)."""
    root, outcomes, _, _, _bait = course
    assert said(root, "privilegiada", ATTACK_MARK) == ["mknod EPERM", "bpf EPERM", "CapEff 0000000000000000"]
    assert not list(Course(root).layout.assignment(AUTOGRADED, SLUG, "privilegiada").rglob("disco"))


@pytest.mark.parametrize("student", ["imagen-gigante", "html-gigante"])
def test_a_giant_output_leaves_a_small_notebook_and_feedback(course, student):
    from course_tools.grading.defences import TOO_BIG_MARK
    from course_tools.settings import course_settings

    root, outcomes, _, _, _bait = course
    limit = course_settings().output_max_bytes
    graded = Course(root).layout.notebook(AUTOGRADED, SLUG, student)
    assert graded.stat().st_size < limit and TOO_BIG_MARK in graded.read_text(encoding="utf-8")
    [page] = grading_feedback.feedback(root, outcomes=[outcomes[(student, SLUG)]])
    assert page.stat().st_size < limit and TOO_BIG_MARK in page.read_text(encoding="utf-8")


def test_healthy_notebooks_are_far_below_the_output_limits(course):
    """Las figuras del curso y los tableros de 18 no se tocan: ninguna solución pierde una salida."""
    from course_tools.settings import course_settings

    root, outcomes, _, _, _bait = course
    limit = course_settings().notebook_output_max_bytes
    for slug in SLUGS:
        o = outcomes[("solucion", slug)]
        assert "output-too-big" not in o.codes() and "s en total" not in o.status, (slug, o.status)
        assert Course(root).layout.notebook(AUTOGRADED, slug, "solucion").stat().st_size < limit / 4, slug
