"""Esperas de las pruebas del navegador, en un solo sitio: a que JupyterLab sirva y a que la página llegue."""

from __future__ import annotations

import os
import signal
import subprocess
import time
import urllib.request

import pytest

from course_tools.layout.course import ROOT

SHOTS = ROOT / "build" / "navegador"


def shot(driver, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / f"{name}.png"))


def wait_in_browser(driver, condition, what: str, timeout: float = 60, failure_shot: str = "fallo"):
    """Lo que devuelva ``condition(driver)`` en cuanto sea verdadero; si no llega, captura y falla diciendo qué."""
    from selenium.common.exceptions import WebDriverException

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            result = condition(driver)
            if result:
                return result
        except WebDriverException:
            pass
        time.sleep(0.3)
    shot(driver, failure_shot)
    pytest.fail(f"El navegador no llegó a: {what} (captura en {SHOTS / (failure_shot + '.png')})")


def wait_until_serving(probe_url: str, process, log_path, timeout: float, who: str) -> None:
    """Espera a que el servidor de ``process`` conteste en ``probe_url``; si muere o tarda demasiado, dice por qué."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            urllib.request.urlopen(probe_url, timeout=2)
            return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{who} no arrancó:\n" + log_path.read_text(errors="replace")[-4000:]) from None
            time.sleep(0.5)


def stop_server(process, timeout: float = 15) -> None:
    """Para el grupo de procesos de un servidor arrancado con ``start_new_session``: con SIGTERM y, si no basta a
    tiempo, con SIGKILL (el grupo entero: el servidor y sus núcleos)."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
