"""JupyterLab de ``make lab`` arrancado en un puerto libre de loopback, y Chromium de Debian."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from course_tools.layout.course import ROOT
from tests.browser.waiting import stop_server, wait_until_serving
from tests.ports import free_port

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
TOKEN = "prueba-navegador"


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory):
    """Arranca `python -m course_tools lab` (lo mismo que `make lab`) con un espacio de alumno temporal; uno
    para todas las pruebas (arrancar JupyterLab cuesta más que cada prueba), cada una en su cuaderno."""
    tmp_path = tmp_path_factory.mktemp("lab")
    workspace = tmp_path / "trabajo"
    port = free_port()
    settings = tmp_path / "lab-settings"
    # Ajustes de JupyterLab propios de la prueba: sin el aviso de noticias, que tapa botones al azar.
    (settings / "@jupyterlab" / "apputils-extension").mkdir(parents=True)
    (settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
    env = {**os.environ, "COURSE_WORKSPACE": str(workspace), "JUPYTER_CONFIG_DIR": str(tmp_path / "jupyter-config"),
           "JUPYTERLAB_SETTINGS_DIR": str(settings)}
    log = open(tmp_path / "lab.log", "w")
    process = subprocess.Popen(
        [sys.executable, "-m", "course_tools", "lab", "--no-browser", "--port", str(port),
         f"--IdentityProvider.token={TOKEN}", "--ServerApp.open_browser=False",
         "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(f"{url}/api/status?token={TOKEN}", process, tmp_path / "lab.log", 90, "JupyterLab")
        yield {"url": url, "token": TOKEN, "workspace": workspace}
    finally:
        stop_server(process)
        log.close()


@pytest.fixture
def browser(tmp_path):
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        pytest.skip("Chromium de Debian no está instalado (apt-get install chromium chromium-driver); "
                    "`make test` lo instala si puede")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1400,1000", f"--user-data-dir={tmp_path / 'chromium'}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(tmp_path / "chromium", ignore_errors=True)
