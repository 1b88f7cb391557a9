"""``nbgrader autograde`` y ``nbgrader generate_feedback`` a secas hacen lo mismo que ``make grade`` y
``make feedback``: núcleo con límites, canarios, devolución en castellano y sin tests ocultos.

Un curso temporal con 00-cuadernos cuyo ``nbgrader_config.py`` carga el del repositorio y solo
cambia la raíz; las órdenes se lanzan como las lanzaría el profesorado, sin JUPYTER_PATH.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from hostile_catalogue import (FULL_MARKS, LOOT_MARK, SLUG, check_equal_trucado, hidden_only_lines, ladrona, page_text,
                             said)
from courses import copy_pilot
from course_tools.rules import cells
from course_tools.layout.course import AUTOGRADED, FEEDBACK, NBGRADER_CONFIG, Course
from course_tools.grading import feedback as grading_feedback
from course_tools.grading.guard import SANDBOX_ENAME, TAMPER_ENAME

MEMORY_MB = 3000  # distinta de la de por defecto: así se ve que llega al núcleo
PROBE = "import os, resource\nprint('LIMITE', resource.getrlimit(resource.RLIMIT_AS)[0], 'SEMILLA', os.environ.get('PYTHONHASHSEED'))"


def nbgrader(root: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in {"JUPYTER_PATH", "COURSE_GRADEBOOK_URL", "PYTHONHASHSEED"}}
    bin_dir = str(Path(sys.executable).parent)
    env.update(PATH=bin_dir + os.pathsep + env.get("PATH", ""), OMP_NUM_THREADS="1")
    done = subprocess.run([str(Path(bin_dir) / "nbgrader"), *args], cwd=root, env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, f"nbgrader {' '.join(args)} falló:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="module")
def plain(pilot_template, tmp_path_factory):
    """El curso después de ``nbgrader autograde`` y ``nbgrader generate_feedback`` a secas."""
    course = copy_pilot(pilot_template, tmp_path_factory.mktemp("a-secas") / "curso")
    root = course.root
    (root / "nbgrader_config.py").write_text(
        f"c = get_config()\nload_subconfig({str(NBGRADER_CONFIG)!r})\nc.CourseDirectory.root = {str(root)!r}\n"
        f"c.CourseSettings.memory_mb = {MEMORY_MB}\n",
        encoding="utf-8")
    solved, release = course.solved, course.release
    with_probe = nbformat.from_dict(solved)
    with_probe.cells.append(nbformat.v4.new_code_cell(PROBE))
    course.submit("solucion", with_probe)
    check_equal_trucado(course.folder("trucada"), solved, release)
    ladrona(course.folder("ladrona"), solved, release)
    nbgrader(root, "autograde", SLUG)
    nbgrader(root, "generate_feedback", SLUG)
    return root, solved


def autograded(root: Path, student: str):
    return nbformat.read(str(Course(root).layout.notebook(AUTOGRADED, SLUG, student)), as_version=4)


def scores(root: Path, student: str) -> dict[str, float]:
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{Course(root).layout.gradebook}") as gb:
        sub = gb.find_submission(SLUG, student)
        return {"total": sub.score, **{g.name: g.score for nb in sub.notebooks for g in nb.grades if g.max_score}}


def test_the_solution_gets_full_marks_in_the_limited_kernel(plain):
    root, _solved = plain
    assert scores(root, "solucion")["total"] == FULL_MARKS
    printed = "".join(out.get("text", "") for cell in autograded(root, "solucion").cells
                      for out in cell.get("outputs", []))
    # El ajuste memory_mb del nbgrader_config.py del curso llegó al núcleo, con el entorno del curso.
    assert f"LIMITE {MEMORY_MB * 1024 * 1024} SEMILLA 0" in printed, printed[-500:]


def test_a_tampered_check_is_detected(plain):
    root, _solved = plain
    got = scores(root, "trucada")
    assert got["total"] == 2.5, got  # el primer ejercicio; sin las defensas, check_equal trucado daría la nota entera
    assert got["nb00-side-moves-tests"] == 0 and got["nb00-count-moves-to-tests"] == 2.5
    tests = next(c for c in autograded(root, "trucada").cells if cells.grade_id(c) == "nb00-side-moves-tests")
    assert any(o.get("ename") == TAMPER_ENAME for o in tests.outputs), tests.outputs


def test_a_reader_of_the_teachers_notebooks_reads_nothing_and_is_seen(plain):
    """A secas, el cuaderno del profesor está en source/ del mismo curso, dos carpetas por encima del núcleo."""
    root, _solved = plain
    assert scores(root, "ladrona")["total"] == 0  # con las soluciones robadas, la nota entera (test_unconfined_kernel)
    assert said(root, "ladrona", LOOT_MARK) == ["nada"]
    blocked = [o["evalue"] for c in autograded(root, "ladrona").cells for o in c.get("outputs", [])
               if o.get("ename") == SANDBOX_ENAME]
    assert blocked and f"leer {root}" in blocked[0], blocked


def test_feedback_is_spanish_without_hidden_tests(plain):
    root, solved = plain
    tests = [c for c in solved.cells if cells.is_graded_test(c) and cells.BEGIN_HIDDEN in c.source]
    hidden = hidden_only_lines(solved)
    visible = [line.strip() for c in tests for line in cells.strip_hidden_tests(c.source).splitlines()
               if line.strip().startswith("check_")]
    assert hidden and visible
    for student in ("solucion", "trucada"):
        page = Course(root).layout.feedback_page(SLUG, student).read_text(encoding="utf-8")
        assert '<html lang="es">' in page and "Nota:" in page and "Score" not in page
        text = page_text(page)
        assert all(line in text for line in visible), [line for line in visible if line not in text]
        assert not [line for line in hidden if line in text]
        assert "BEGIN HIDDEN TESTS" not in text
    trucada = page_text(Course(root).layout.feedback_page(SLUG, "trucada").read_text(encoding="utf-8"))
    assert f"{TAMPER_ENAME}: manipulación de los tests detectada" in trucada
    assert "Nota: 2,5 de 6,5" in trucada


def test_make_feedback_writes_what_plain_nbgrader_writes(plain):
    """``make feedback`` pasa por ``NbGraderAPI``, que pide la plantilla «feedback»: sale la misma página."""
    root, _solved = plain
    layout = Course(root).layout
    pages = {path: path.read_bytes() for _, _, folder in layout.entries(FEEDBACK) for path in folder.rglob("*.html")}
    written = grading_feedback.feedback(root, f"sqlite:///{layout.gradebook}")
    assert sorted(written) == sorted(pages) and len(written) == 3
    assert [path for path in written if path.read_bytes() != pages[path]] == []
