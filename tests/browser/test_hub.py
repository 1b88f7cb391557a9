"""``make hub`` de verdad, con Chromium: usuarios de Unix creados para la prueba (``hubt-…``, borrados al acabar).

El hub arranca como ``make hub`` (``python -m course_tools.hub serve``) en un puerto libre, con su carpeta de
estado en /tmp; los alumnos se dan de alta con ``python -m course_tools.hub alta lista.csv`` y 03-tensores se
publica en la exchange del hub con ``nbgrader release_assignment``, como haría el profesorado. Una alumna entra
con su primera contraseña (y pone otra), arranca su JupyterLab, abre la pestaña Assignments, recoge 03-tensores
y lo entrega; el otro alumno no puede leer su carpeta ni su entrega. Contraseña equivocada, alguien fuera de
``alumnos`` y un segundo hub en el mismo puerto: cada uno, su mensaje en castellano.
"""

from __future__ import annotations

import csv
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from course_tools.layout.course import ROOT
from tests.browser.waiting import wait_in_browser
from tests.ports import free_port

SLUG = "03-tensores"
COURSE_ID = "pytorch-minimo"
NEW_PASSWORD = "clave-nueva-de-prueba"
HUB = [sys.executable, "-m", "course_tools.hub"]


def _hub_command(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run([*HUB, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)
    if check:
        assert done.returncode == 0, done.stdout + done.stderr
    return done


def _wait_serving(url: str, process, log: Path, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            urllib.request.urlopen(f"{url}/hub/api", timeout=2)
            return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("make hub no arrancó:\n" + log.read_text(errors="replace")[-4000:]) from None
            time.sleep(0.5)


@pytest.fixture(scope="module")
def hub():
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("make hub y crear usuarios de Unix (useradd) piden ser root")
    if not all(map(shutil.which, ("useradd", "userdel", "chpasswd", "unshare"))):
        pytest.skip("faltan useradd, userdel, chpasswd o unshare en este sistema")
    tag = secrets.token_hex(2)
    learners = [f"hubt-{tag}-ana", f"hubt-{tag}-bruno"]
    outsider = f"hubt-{tag}-fuera"
    state = Path(tempfile.mkdtemp(prefix="hubt-estado-"))
    os.chmod(state, 0o755)
    roster = state / "lista.csv"
    roster.write_text("usuario\n" + "\n".join(learners) + "\n", encoding="utf-8")
    process = log = None
    try:
        said = _hub_command("alta", str(roster), "--state", str(state)).stdout
        with (state / "contrasenas-iniciales.csv").open(encoding="utf-8", newline="") as handle:
            passwords = dict(csv.reader(handle))
        subprocess.run(["useradd", "--create-home", "--user-group", outsider], check=True, capture_output=True)
        subprocess.run(["chpasswd"], input=f"{outsider}:{NEW_PASSWORD}\n", text=True, check=True)
        port = free_port()
        log = open(state / "serve.log", "w")
        process = subprocess.Popen([*HUB, "serve", "--port", str(port), "--state", str(state), "--ip", "127.0.0.1"],
                                   cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        # Mientras arranca: el profesorado publica 03-tensores en la exchange del hub.
        subprocess.run([str(Path(sys.executable).parent / "nbgrader"), "release_assignment", SLUG,
                        f"--Exchange.root={state / 'exchange'}", f"--course={COURSE_ID}"],
                       cwd=ROOT, check=True, capture_output=True)
        url = f"http://127.0.0.1:{port}"
        _wait_serving(url, process, state / "serve.log")
        yield {"url": url, "port": port, "state": state, "learners": learners, "outsider": outsider,
               "passwords": passwords, "enrolled": said}
    finally:
        if process is not None and process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        if log:
            log.close()
        for name in [*learners, outsider]:
            subprocess.run(["userdel", "--remove", "--force", name], capture_output=True)
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
    _log_in(driver, hub, ana, hub["passwords"][ana], NEW_PASSWORD)
    _wait(driver, lambda d: f"/user/{ana}/lab" in d.current_url and _css(d, ".lm-MenuBar-item"),
          "el JupyterLab de la alumna", timeout=120)
    menu = _wait(driver, lambda d: next((e for e in _css(d, ".lm-MenuBar-item") if e.text == "Nbgrader"), None),
                 "el menú Nbgrader")
    menu.click()
    entry = _wait(driver, lambda d: next((e for e in _css(d, ".lm-Menu-item") if e.text.strip() == "Assignment List"), None),
                  "«Assignment List» en el menú Nbgrader")
    entry.click()
    row = _wait(driver, lambda d: next((r for r in _css(d, "#released_assignments_list .list_item")
                                        if SLUG in r.text), None), f"{SLUG} en la lista de Assignments", timeout=60)
    row.find_element("css selector", "button").click()
    home = Path(os.path.expanduser(f"~{ana}"))
    _wait(driver, lambda d: (home / SLUG / f"{SLUG}.ipynb").is_file(), f"{SLUG} recogido en la carpeta de la alumna")
    fetched = _wait(driver, lambda d: next((r for r in _css(d, "#fetched_assignments_list .list_item")
                                            if SLUG in r.text and r.find_elements("css selector", "button")), None),
                    f"{SLUG} en «Downloaded assignments»")
    next(b for b in fetched.find_elements("css selector", "button") if b.text.strip() == "Submit").click()
    inbound = hub["state"] / "exchange" / COURSE_ID / "inbound"
    _wait(driver, lambda d: any(p.name.startswith(f"{ana}+{SLUG}+") for p in inbound.iterdir()), "la entrega en la exchange")

    # El otro alumno no ve nada de ella: ni su carpeta ni su entrega (inbound se puede escribir, no listar).
    assert _as_user(bruno, "ls", str(home)).returncode != 0
    assert _as_user(bruno, "ls", str(inbound)).returncode != 0
    assert _as_user(bruno, "ls", str(hub["state"] / "exchange" / COURSE_ID / "outbound" / SLUG)).returncode == 0
    # Y la primera contraseña ya no vale: desde ahora entra con la suya.
    assert "Usuario o contraseña equivocados" in _log_in(driver, hub, ana, hub["passwords"][ana])
