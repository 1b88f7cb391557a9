"""El formgrader de nbgrader en Chromium, como lo usa el profesorado con ``make lab-profe``.

Un curso temporal con 00-cuadernos y 03-tensores en source/ (su ``nbgrader_config.py`` carga el del
repositorio y solo cambia la raíz) y dos entregas ya recogidas en submitted/: «alumna», con 03 resuelto
salvo un ejercicio, y «ladrona» (tests/grading/hostile_catalogue.py), que en 00 busca las soluciones del
profesor. JupyterLab arranca con ``python -m course_tools lab --profe`` (lo que hace ``make lab-profe``).
El «Autograde» del formgrader pasa por ``NbGraderAPI.autograde`` dentro del servidor, que lee
``nbgrader_config.py`` de la carpeta donde arrancó: las mismas cadenas que ``make grade`` (núcleo
encerrado y con límites, canarios) y la misma devolución sin tests ocultos.
"""

from __future__ import annotations

import copy
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from course_tools.rules import cells
from course_tools.layout.course import AUTOGRADED, LAYOUT, NBGRADER_CONFIG, RELEASE, ROOT, SOURCE, SUBMITTED, Course, Notebook
from course_tools.layout.nbgrader_compat import CONFINED_LINE
from tests.browser.waiting import stop_server, wait_in_browser, wait_until_serving
from tests.ports import free_port

sys.path.insert(0, str(ROOT / "tests" / "grading"))
from hostile_catalogue import FULL_MARKS as HOSTILE_FULL, SLUG as HOSTILE_SLUG, hidden_only_lines, ladrona, page_text  # noqa: E402

TOKEN = "prueba-profe"
SLUG = "03-tensores"
FULL_MARKS = 7.5
BROKEN = "nb03-real-fraction"  # la alumna deja este ejercicio sin hacer: pierde sus 2 puntos
MANUAL_SCORE = 1.0
COMMENT = "Te falta contar las posiciones de relleno."


def _gradebook(root: Path):
    from nbgrader.api import Gradebook

    return Gradebook(f"sqlite:///{Course(root).layout.gradebook}", course_id="pytorch-minimo")


def _score(root: Path, slug: str, student: str) -> float:
    with _gradebook(root) as gb:
        return gb.find_submission(slug, student).score


def _make_course(root: Path) -> nbformat.NotebookNode:
    layout = Course(root).layout
    for slug in (HOSTILE_SLUG, SLUG):
        shutil.copytree(LAYOUT.assignment(SOURCE, slug), layout.assignment(SOURCE, slug))
    (root / "nbgrader_config.py").write_text(
        f"c = get_config()\nload_subconfig({str(NBGRADER_CONFIG)!r})\nc.CourseDirectory.root = {str(root)!r}\n",
        encoding="utf-8")
    solved = nbformat.read(str(layout.notebook(SOURCE, SLUG)), as_version=4)
    release = nbformat.read(str(LAYOUT.notebook(RELEASE, SLUG)), as_version=4)
    handed_in = copy.deepcopy(solved)
    stub = next(c for c in release.cells if cells.grade_id(c) == BROKEN)
    next(c for c in handed_in.cells if cells.grade_id(c) == BROKEN).source = stub.source
    layout.assignment(SUBMITTED, SLUG, "alumna").mkdir(parents=True)
    nbformat.write(handed_in, str(layout.notebook(SUBMITTED, SLUG, "alumna")))
    hostile_solved = nbformat.read(str(layout.notebook(SOURCE, HOSTILE_SLUG)), as_version=4)
    hostile_release = nbformat.read(str(LAYOUT.notebook(RELEASE, HOSTILE_SLUG)), as_version=4)
    ladrona(layout.assignment(SUBMITTED, HOSTILE_SLUG, "ladrona"), hostile_solved, hostile_release)
    return solved


@pytest.fixture(scope="module")
def formgrader(tmp_path_factory):
    """``make lab-profe`` sobre el curso temporal; y la nota que ``make grade`` da a la alumna, en una copia."""
    tmp = tmp_path_factory.mktemp("profe")
    root = tmp / "curso"
    solved = _make_course(root)
    twin = tmp / "make-grade"  # copiado antes de que el servidor escriba nada en el curso
    shutil.copytree(root, twin, ignore=shutil.ignore_patterns("ladrona"))
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "COURSE_GRADEBOOK_URL"}
    # Sin el entorno en el PATH, como quien lanza .venv/bin/python sin activarlo.
    venv_bin = os.path.dirname(sys.executable)
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p and os.path.abspath(p) != venv_bin)
    env.update(JUPYTER_CONFIG_DIR=str(tmp / "jupyter-config"), JUPYTERLAB_SETTINGS_DIR=str(tmp / "lab-settings"))
    log = open(tmp / "lab.log", "w")
    process = subprocess.Popen(
        [sys.executable, "-m", "course_tools", "lab", "--profe", "--curso", str(root), "--no-browser",
         "--port", str(port), f"--IdentityProvider.token={TOKEN}", "--ServerApp.open_browser=False",
         "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        # Mientras arranca: make grade sobre una copia del curso con la misma entrega (sin la ladrona).
        from course_tools.grading.run import grade_all

        [outcome] = grade_all(twin, selected=[Notebook(SLUG)], quiet=True)
        wait_until_serving(f"{url}/api/status?token={TOKEN}", process, tmp / "lab.log", 120, "make lab-profe")
        yield {"url": url, "root": root, "solved": solved, "make_grade": outcome}
    finally:
        stop_server(process)
        log.close()


def _wait(driver, condition, what: str, timeout: float = 60):
    return wait_in_browser(driver, condition, what, timeout, failure_shot="formgrader-fallo")


def _css(driver, selector):
    return driver.find_elements("css selector", selector)


def _open(driver, formgrader, page: str) -> None:
    """Abre una página del formgrader. La primera vez entra por la dirección que imprime ``make lab-profe``
    (``/formgrader?token=…``): la cookie de sesión sale sin ``Path`` y, dada en una página más honda
    (``/formgrader/manage_submissions/…``), no llegaría a ``/formgrader/api/``."""
    if not any(c["name"].startswith("username-") for c in driver.get_cookies()):
        driver.get(f"{formgrader['url']}/formgrader?token={TOKEN}")
    driver.get(f"{formgrader['url']}/formgrader/{page}")


def _row(driver, student: str):
    """La fila de ``student`` en la tabla de entregas (manage_submissions), ya dibujada."""
    return next((r for r in _css(driver, "tbody tr") if r.find_elements("css selector", ".student-id")
                 and r.find_element("css selector", ".student-id").text.strip() == student), None)


def _click_in_row(driver, student: str, button: str) -> str:
    """Pulsa ``button`` (autograde, generate-feedback) en la fila de ``student``; devuelve el texto del aviso."""
    link = _wait(driver, lambda d: _row(d, student) and _row(d, student).find_element("css selector", f".{button} a"),
                 f"el botón {button} de {student}")
    driver.execute_script("arguments[0].click();", link)
    modal = _wait(driver, lambda d: next((m for m in _css(d, ".modal") if m.is_displayed()), None),
                  f"el aviso tras {button} de {student}", timeout=240)
    text = modal.get_attribute("textContent")
    driver.execute_script("$('.modal').modal('hide');")
    return text


def test_the_formgrader_lists_the_assignments_of_source_with_their_points(formgrader, browser):
    driver = browser
    _open(driver, formgrader, "gradebook")
    expected = {}
    for slug in (HOSTILE_SLUG, SLUG):
        nb = nbformat.read(str(Course(formgrader["root"]).layout.notebook(SOURCE, slug)), as_version=4)
        expected[slug] = sum(c.metadata["nbgrader"].get("points", 0) for c in nb.cells if cells.is_graded_test(c))
    assert expected == {HOSTILE_SLUG: HOSTILE_FULL, SLUG: FULL_MARKS}

    def listed(d):
        rows = {r.find_element("css selector", ".name").text.strip(): r.find_element("css selector", ".score").text
                for r in _css(d, "tbody tr") if r.find_elements("css selector", ".score")}
        return rows if set(expected) <= set(rows) else None

    rows = _wait(driver, listed, "las tareas de source/ en el gradebook del formgrader")
    for slug, points in expected.items():
        assert rows[slug].split("/")[-1].strip() == f"{points:g}", rows


def test_a_teacher_autogrades_grades_by_hand_and_gives_feedback_from_the_page(formgrader, browser):
    from selenium.webdriver.common.keys import Keys

    driver, root = browser, formgrader["root"]
    _open(driver, formgrader, f"manage_submissions/{SLUG}")
    said = _click_in_row(driver, "alumna", "autograde")
    assert "Successfully autograded" in said, said
    assert CONFINED_LINE in said or "aviso: el encierro" in said, said  # la línea del encierro, en su registro
    # La misma nota que make grade: 7,5 menos los 2 puntos del ejercicio sin hacer.
    expected = formgrader["make_grade"].score
    assert expected == FULL_MARKS - 2
    assert _score(root, SLUG, "alumna") == expected
    _wait(driver, lambda d: _row(d, "alumna") and f"{expected:g} / {FULL_MARKS:g}" in _row(d, "alumna").text,
          "la nota nueva en la fila de la alumna")

    # A mano: un punto en el test del ejercicio sin hacer y un comentario en su celda de solución.
    _open(driver, formgrader, f"manage_students/alumna/{SLUG}")
    link = _wait(driver, lambda d: next(iter(_css(d, "a[href*='/formgrader/submissions/']")), None),
                 "el enlace al cuaderno de la alumna")
    driver.get(link.get_attribute("href"))
    score_box = _wait(driver, lambda d: next(iter(_css(d, f"input.score#{BROKEN}-tests")), None),
                      "la casilla de nota del test del ejercicio sin hacer")
    comment_box = _wait(driver, lambda d: next(iter(_css(d, f"textarea#{BROKEN}-comment")), None),
                        "la casilla de comentario del ejercicio")
    # La página guarda al dejar cada casilla (su evento «change»), pero solo cuando su JavaScript ya las ha
    # enlazado a la libreta; lo señala poniéndoles un placeholder (la nota automática, el comentario por
    # defecto). Escribir antes se perdía sin aviso con la máquina cargada: se espera a esa señal.
    _wait(driver, lambda d: score_box.get_attribute("placeholder") and comment_box.get_attribute("placeholder"),
          "las casillas de nota y comentario enlazadas por la página (con su placeholder)")
    score_box.clear()
    score_box.send_keys(f"{MANUAL_SCORE:g}")
    comment_box.click()  # sale de la casilla de nota: se guarda
    # Sale del comentario con el tabulador: se guarda. Con un clic en la casilla de nota, una vez en un clon nuevo el
    # cuaderno se había recolocado y el clic caía en el «In [ ]» de una celda («element click intercepted»).
    comment_box.send_keys(COMMENT, Keys.TAB)

    def stored(_d):
        with _gradebook(root) as gb:
            nb = gb.find_submission_notebook(SLUG, SLUG, "alumna")
            grade = next(g for g in nb.grades if g.name == f"{BROKEN}-tests")
            comment = next(c for c in nb.comments if c.name == BROKEN)
            return (grade.manual_score, comment.manual_comment) == (MANUAL_SCORE, COMMENT)

    _wait(driver, stored, "la nota y el comentario guardados en la libreta", timeout=30)
    driver.refresh()  # y siguen ahí al volver a abrir la página
    _wait(driver, lambda d: d.find_element("css selector", f"input.score#{BROKEN}-tests").get_attribute("value")
          == f"{MANUAL_SCORE:g}", "la nota a mano al recargar")
    assert _score(root, SLUG, "alumna") == expected + MANUAL_SCORE

    # La devolución, desde la tabla de entregas: con la nota y el comentario, sin tests ocultos.
    _open(driver, formgrader, f"manage_submissions/{SLUG}")
    said = _click_in_row(driver, "alumna", "generate-feedback")
    assert "Successfully generated feedback" in said, said
    text = page_text(Course(root).layout.feedback_page(SLUG, "alumna").read_text(encoding="utf-8"))
    hidden = hidden_only_lines(formgrader["solved"])
    assert hidden and [line for line in hidden if line in text] == []
    assert COMMENT in text and f"Nota: {expected + MANUAL_SCORE:g} de {FULL_MARKS:g}".replace(".", ",") in text, text[-800:]


def test_a_thief_autograded_from_the_page_scores_zero_and_is_marked(formgrader, browser):
    from course_tools.grading.defences import SANDBOX_ENAME

    driver, root = browser, formgrader["root"]
    _open(driver, formgrader, f"manage_submissions/{HOSTILE_SLUG}")
    said = _click_in_row(driver, "ladrona", "autograde")
    assert "Successfully autograded" in said, said
    assert _score(root, HOSTILE_SLUG, "ladrona") == 0
    graded = nbformat.read(str(Course(root).layout.notebook(AUTOGRADED, HOSTILE_SLUG, "ladrona")), as_version=4)
    blocked = [o["evalue"] for c in graded.cells for o in c.get("outputs", []) if o.get("ename") == SANDBOX_ENAME]
    assert blocked and f"leer {root}" in blocked[0], blocked
