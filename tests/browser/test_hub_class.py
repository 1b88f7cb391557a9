"""``make hub`` de verdad, con Chromium: usuarios de Unix creados para la prueba (``hubt-…``, borrados al acabar).

El hub arranca como ``make hub`` (``python -m course_tools.hub serve``) en un puerto libre, con su carpeta de
estado en /tmp; los alumnos se dan de alta con ``python -m course_tools.hub alta lista.csv``. Una profesora del
grupo ``profesorado``, con su copia del curso (``git archive`` del repositorio) en ``~/pytorch-minimo``, entra y
publica 03-tensores desde su Formgrader. Una alumna entra con su primera contraseña (y pone otra), arranca su
JupyterLab, abre la pestaña Assignments, recoge 03-tensores, rellena un ejercicio y lo entrega; el otro alumno
no puede leer su carpeta, su entrega ni el curso de la profesora. La profesora recoge, corrige (con el núcleo
encerrado, como ``make grade``) y publica la devolución con las acciones de su Formgrader (su API, a través del
hub: los botones llaman a lo mismo); la alumna la recoge con «Fetch Feedback» y ve su nota sin los tests
ocultos. Contraseña equivocada, alguien fuera de ``alumnos`` y un segundo hub en el mismo puerto: cada uno, su
mensaje en castellano.
"""

from __future__ import annotations

import csv
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat
import pytest

from course_tools.layout.course import EXCHANGE_FEEDBACK, FEEDBACK_SUFFIX, LAYOUT, ROOT, SOURCE, notebook_file
from course_tools.layout.nbgrader_compat import CONFINED_LINE
from course_tools.hub.serve import unreachable_for_learners
from course_tools.rules import cells
from tests.browser.waiting import stop_server, wait_in_browser, wait_until_serving
from tests.ports import free_port

sys.path.insert(0, str(ROOT / "tests" / "grading"))
from hostile_catalogue import hidden_only_lines, page_text  # noqa: E402

SLUG = "03-tensores"
COURSE_ID = "pytorch-minimo"
NEW_PASSWORD = "clave-nueva-de-prueba"
FILLED = "nb03-real-fraction"  # el ejercicio que la alumna rellena
HUB = [sys.executable, "-m", "course_tools.hub"]


def _hub_command(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run([*HUB, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)
    if check:
        assert done.returncode == 0, done.stdout + done.stderr
    return done




class Teacher:
    """La profesora en el hub, con su sesión: pulsa lo que pulsarían los botones de su Formgrader."""

    def __init__(self, url: str, name: str, password: str):
        import requests

        self.url, self.name, self.session = url, name, requests.Session()
        self.session.get(f"{url}/hub/login")
        self.session.post(f"{url}/hub/login", data={"username": name, "password": password,
                                                    "_xsrf": self.session.cookies.get("_xsrf", path="/hub/")})
        self.session.get(f"{url}/hub/spawn")  # lo que hace el botón «Start My Server»
        deadline = time.monotonic() + 120
        while True:  # mientras arranca, el hub la deja esperando; después, OAuth hasta su JupyterLab
            lab = self.session.get(f"{url}/user/{name}/lab")
            if lab.status_code == 200 and f"/user/{name}/lab" in lab.url:
                break
            assert time.monotonic() < deadline, "el servidor de la profesora no arrancó"
            time.sleep(0.5)
        self.xsrf = next(c.value for c in self.session.cookies if c.name == "_xsrf" and c.path.startswith("/user/"))

    def formgrader(self, action: str) -> str:
        done = self.session.post(f"{self.url}/user/{self.name}/formgrader/api/{action}",
                                 headers={"X-XSRFToken": self.xsrf}, timeout=300).json()
        assert done["success"], f"{action}: {done.get('error', done)}"
        return done.get("log", "")


@pytest.fixture(scope="module")
def hub():
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("make hub y crear usuarios de Unix (useradd) piden ser root")
    if not all(map(shutil.which, ("useradd", "userdel", "chpasswd", "unshare"))):
        pytest.skip("faltan useradd, userdel, chpasswd o unshare en este sistema")
    blocked = unreachable_for_learners()
    if blocked:  # make hub se niega igual, con esta frase: los alumnos no llegarían al curso ni a su Python
        pytest.skip("el hub no puede abrir este checkout a los alumnos: " + "; ".join(blocked))
    tag = secrets.token_hex(2)
    learners = [f"hubt-{tag}-ana", f"hubt-{tag}-bruno"]
    outsider = f"hubt-{tag}-fuera"
    teacher = f"hubt-{tag}-profe"
    state = Path(tempfile.mkdtemp(prefix="hubt-estado-"))
    os.chmod(state, 0o755)
    roster = state / "lista.csv"
    roster.write_text("usuario\n" + "\n".join(learners) + "\n", encoding="utf-8")
    process = log = None
    try:
        said = _hub_command("alta", str(roster), "--state", str(state)).stdout
        with (state / "contrasenas-iniciales.csv").open(encoding="utf-8", newline="") as handle:
            passwords = dict(csv.reader(handle))
        for name, groups in ((outsider, []), (teacher, ["--groups", "profesorado"])):
            subprocess.run(["useradd", "--create-home", "--user-group", *groups, name], check=True, capture_output=True)
            subprocess.run(["chpasswd"], input=f"{name}:{NEW_PASSWORD}\n", text=True, check=True)
        teacher_home = Path(os.path.expanduser(f"~{teacher}"))
        os.chmod(teacher_home, 0o700)
        course = teacher_home / "pytorch-minimo"  # su copia del curso, como un git clone
        course.mkdir()
        archive = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(course)], input=archive, check=True)
        subprocess.run(["chown", "-R", f"{teacher}:{teacher}", str(course)], check=True)
        port = free_port()
        log = open(state / "serve.log", "w")
        process = subprocess.Popen([*HUB, "serve", "--port", str(port), "--state", str(state), "--ip", "127.0.0.1"],
                                   cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        url = f"http://127.0.0.1:{port}"
        wait_until_serving(f"{url}/hub/api", process, state / "serve.log", 120, "make hub")
        profe = Teacher(url, teacher, NEW_PASSWORD)
        profe.formgrader(f"assignment/{SLUG}/assign")  # Generate
        profe.formgrader(f"assignment/{SLUG}/release")  # Release
        yield {"url": url, "port": port, "state": state, "learners": learners, "outsider": outsider,
               "passwords": passwords, "enrolled": said, "teacher": profe, "course": course}
    finally:
        if process is not None:
            stop_server(process, timeout=30)
        if log:
            log.close()
        for name in [*learners, outsider, teacher]:
            subprocess.run(["userdel", "--remove", "--force", name], capture_output=True)
        if (state / "jupyterhub.log").exists():  # para quien mire un fallo, junto a las capturas
            (ROOT / "build").mkdir(exist_ok=True)
            shutil.copy(state / "jupyterhub.log", ROOT / "build" / "hub-prueba.log")
        shutil.rmtree(state, ignore_errors=True)


def _wait(driver, condition, what: str, timeout: float = 60):
    return wait_in_browser(driver, condition, what, timeout, failure_shot="hub-fallo")


def _css(driver, selector):
    return driver.find_elements("css selector", selector)


def _log_in(driver, hub, name: str, password: str, new_password: str = "") -> str:
    """Rellena el formulario de entrada del hub; devuelve el texto de la página a la que llega."""
    driver.get(f"{hub['url']}/hub/logout")  # sin la sesión de antes (sus cookies van por rutas distintas)
    driver.get(f"{hub['url']}/hub/login")
    _wait(driver, lambda d: _css(d, "#username_input"), "el formulario de entrada del hub")
    driver.find_element("css selector", "#username_input").send_keys(name)
    driver.find_element("css selector", "#password_input").send_keys(password)
    if new_password:
        driver.find_element("css selector", "#new_password_input").send_keys(new_password)
    driver.find_element("css selector", "#login_submit").click()
    _wait(driver, lambda d: "/hub/login" not in d.current_url or _css(d, ".login_error"), "la respuesta del hub")
    return driver.find_element("css selector", "body").text


def _as_user(name: str, *command: str) -> subprocess.CompletedProcess:
    return subprocess.run(["setpriv", f"--reuid={name}", f"--regid={name}", "--init-groups", "--", *command],
                          capture_output=True, text=True)


def _assignments_tab(driver, hub, name: str, password: str, new_password: str = ""):
    _log_in(driver, hub, name, password, new_password)
    _wait(driver, lambda d: f"/user/{name}/lab" in d.current_url and _css(d, ".lm-MenuBar-item"),
          "el JupyterLab del alumno", timeout=120)
    menu = _wait(driver, lambda d: next((e for e in _css(d, ".lm-MenuBar-item") if e.text == "Nbgrader"), None),
                 "el menú Nbgrader")
    menu.click()
    entry = _wait(driver, lambda d: next((e for e in _css(d, ".lm-Menu-item") if e.text.strip() == "Assignment List"), None),
                  "«Assignment List» en el menú Nbgrader")
    entry.click()


def _fill_one_exercise(home: Path, owner: str) -> None:
    """Lo que la alumna escribe: la solución de un ejercicio (la del cuaderno del profesor), en su copia."""
    solved = nbformat.read(str(LAYOUT.notebook(SOURCE, SLUG)), as_version=4)
    mine = home / SLUG / notebook_file(SLUG)  # fetch: <tarea>/<cuaderno> en su carpeta
    notebook = nbformat.read(str(mine), as_version=4)
    next(c for c in notebook.cells if cells.grade_id(c) == FILLED).source = \
        next(c for c in solved.cells if cells.grade_id(c) == FILLED).source
    nbformat.write(notebook, str(mine))
    shutil.chown(mine, owner, owner)


def test_enrolment_creates_the_learners_in_the_group_with_a_first_password(hub):
    import grp

    assert "2 alumnos nuevos" in hub["enrolled"], hub["enrolled"]
    assert set(hub["learners"]) <= set(grp.getgrnam("alumnos").gr_mem)
    assert set(hub["passwords"]) == set(hub["learners"])
    assert oct(os.stat(hub["state"] / "contrasenas-iniciales.csv").st_mode & 0o777) == "0o600"
    again = _hub_command("alta", str(hub["state"] / "lista.csv"), "--state", str(hub["state"])).stdout
    assert "0 alumnos nuevos" in again and "2 ya existían" in again, again


def test_bad_input_gets_a_clear_message_in_spanish(hub, browser):
    ana = hub["learners"][0]
    assert "Usuario o contraseña equivocados" in _log_in(browser, hub, ana, "no-es-la-suya")
    assert "primera entrada" in _log_in(browser, hub, ana, hub["passwords"][ana])
    said = _log_in(browser, hub, hub["outsider"], NEW_PASSWORD)
    assert "no está en el grupo «alumnos»" in said, said
    second = _hub_command("serve", "--port", str(hub["port"]), "--state", str(hub["state"]), check=False)
    assert second.returncode == 2 and f"ya hay algo escuchando en el puerto {hub['port']}" in second.stdout, second.stdout


def test_a_learner_logs_in_fetches_and_submits_from_the_assignments_tab(hub, browser):
    driver = browser
    ana, bruno = hub["learners"]
    _assignments_tab(driver, hub, ana, hub["passwords"][ana], NEW_PASSWORD)
    assert "Create Assignment" not in driver.find_element("css selector", "body").text  # eso es del profesorado
    row = _wait(driver, lambda d: next((r for r in _css(d, "#released_assignments_list .list_item")
                                        if SLUG in r.text), None), f"{SLUG} en la lista de Assignments", timeout=60)
    row.find_element("css selector", "button").click()
    home = Path(os.path.expanduser(f"~{ana}"))
    _wait(driver, lambda d: (home / SLUG / notebook_file(SLUG)).is_file(), f"{SLUG} recogido en la carpeta de la alumna")
    _fill_one_exercise(home, ana)
    fetched = _wait(driver, lambda d: next((r for r in _css(d, "#fetched_assignments_list .list_item")
                                            if SLUG in r.text and r.find_elements("css selector", "button")), None),
                    f"{SLUG} en «Downloaded assignments»")
    next(b for b in fetched.find_elements("css selector", "button") if b.text.strip() == "Submit").click()
    inbound = hub["state"] / "exchange" / COURSE_ID / "inbound"
    _wait(driver, lambda d: any(p.name.startswith(f"{ana}+{SLUG}+") for p in inbound.iterdir()), "la entrega en la exchange")

    # El otro alumno no ve nada de ella: ni su carpeta ni su entrega (inbound se puede escribir, no listar).
    assert _as_user(bruno, "ls", str(home)).returncode != 0
    assert _as_user(bruno, "ls", str(inbound)).returncode != 0
    assert _as_user(bruno, "ls", str(hub["course"])).returncode != 0
    assert _as_user(bruno, "ls", str(hub["state"] / "exchange" / COURSE_ID / "outbound" / SLUG)).returncode == 0
    # Y la primera contraseña ya no vale: desde ahora entra con la suya.
    assert "Usuario o contraseña equivocados" in _log_in(driver, hub, ana, hub["passwords"][ana])


def test_the_teacher_grades_in_the_formgrader_and_the_learner_sees_her_grade_without_hidden_tests(hub, browser):
    driver, profe = browser, hub["teacher"]
    ana = hub["learners"][0]
    assert f"Collecting submission: {ana} {SLUG}" in profe.formgrader(f"assignment/{SLUG}/collect")
    said = profe.formgrader(f"submission/{SLUG}/{ana}/autograde")
    assert CONFINED_LINE in said or "aviso: el encierro" in said, said  # las defensas de make grade
    solved = nbformat.read(str(LAYOUT.notebook(SOURCE, SLUG)), as_version=4)
    points = next(c.metadata["nbgrader"]["points"] for c in solved.cells if cells.grade_id(c) == f"{FILLED}-tests")
    [row] = profe.session.get(f"{profe.url}/user/{profe.name}/formgrader/api/submissions/{SLUG}").json()
    assert row["student"] == ana and row["score"] == points, row  # solo el ejercicio que rellenó
    profe.formgrader(f"assignment/{SLUG}/generate_feedback")
    profe.formgrader(f"assignment/{SLUG}/release_feedback")

    _assignments_tab(driver, hub, ana, NEW_PASSWORD)
    button = _wait(driver, lambda d: next((b for b in _css(d, "#submitted_assignments_list button")
                                           if b.text.strip() == "Fetch Feedback"), None), "el botón «Fetch Feedback»")
    button.click()
    feedback = Path(os.path.expanduser(f"~{ana}")) / SLUG / EXCHANGE_FEEDBACK
    page = _wait(driver, lambda d: next(iter(feedback.rglob(f"{SLUG}{FEEDBACK_SUFFIX}")), None), "la devolución en su carpeta")
    text = page_text(page.read_text(encoding="utf-8"))
    full = sum(c.metadata["nbgrader"].get("points", 0) for c in solved.cells if cells.is_graded_test(c))
    assert "Nota:" in text and f"{points:g} de {full:g}".replace(".", ",") in text, text[:500]
    leaked = [line for line in hidden_only_lines(solved) if line in text]
    assert not leaked, leaked
