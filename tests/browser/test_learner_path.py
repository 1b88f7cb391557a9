"""El camino del alumno en un navegador de verdad: abrir, ejecutar, rellenar, validar y guardar.

Las capturas de cada paso quedan en build/navegador/ para que una persona las mire.
"""

import json
import shutil
from pathlib import Path


from course_tools.layout.course import notebook_file, notebook_path
from tests.browser.waiting import SHOTS, wait_in_browser
from tests.browser.waiting import shot as _shot

NOTEBOOK = "00-cuadernos"
ANSWER = "x_after_clicks, x_after_run_all = 37, 18"  # la predicción del primer ejercicio de 00
PICTURE_NOTEBOOK = "05-broadcasting"


def _wait(driver, condition, what: str, timeout: float = 60):
    return wait_in_browser(driver, condition, what, timeout)





def _click(driver, element, what: str) -> None:
    """Centra el elemento y lo pulsa; si algo lo tapa un instante (un menú, un aviso), lo reintenta."""

    def attempt(d):
        d.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'});", element)
        element.click()
        return True

    _wait(driver, attempt, f"pulsar {what}", timeout=20)


def _by_css(driver, css):
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, css)


def _open_from_file_browser(driver, name: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    item = _wait(
        driver,
        lambda d: next((e for e in _by_css(d, ".jp-DirListing-item") if e.text.strip().startswith(name)), None),
        f"ver «{name}» en el explorador de ficheros",
    )
    ActionChains(driver).double_click(item).perform()


def _cells(driver):
    return _by_css(driver, ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell")


def _cells_containing(driver, text: str):
    """Las celdas del cuaderno, en cuanto alguna contiene ``text``; si ninguna, None."""
    cells = _cells(driver)
    return cells if any(text in c.text for c in cells) else None


def _output(cell) -> str:
    """Solo lo que la celda imprimió (no su código, que también contiene «¡Bien!»)."""
    return "\n".join(o.text for o in cell.find_elements("css selector", ".jp-OutputArea-output"))


def _run_menu(driver, label: str) -> None:
    menu = _wait(driver, lambda d: next((e for e in _by_css(d, ".lm-MenuBar-item") if e.text == "Run"), None), "el menú Run")
    _click(driver, menu, "el menú Run")
    entry = _wait(
        driver, lambda d: next((e for e in _by_css(d, ".lm-Menu-item") if e.text.strip() == label), None), f"«{label}» en el menú Run"
    )
    _click(driver, entry, f"«{label}»")


def _kernel_idle(driver) -> bool:
    status = _by_css(driver, ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator")
    return bool(status) and "idle" in (status[0].get_attribute("data-status") or "idle")


def test_learner_fills_a_blank_and_validates(lab_server, browser):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver = browser
    shutil.rmtree(SHOTS, ignore_errors=True)  # solo las capturas de esta ejecución
    driver.get(f"{lab_server['url']}/lab?token={lab_server['token']}")
    _open_from_file_browser(driver, NOTEBOOK)
    _open_from_file_browser(driver, notebook_file(NOTEBOOK))
    _wait(driver, lambda d: len(_cells(d)) > 10, "ver las celdas del cuaderno")
    _shot(driver, "1-cuaderno-abierto")

    # Ejecutar todo: se detiene en el test de la primera predicción, que aún tiene sus «...».
    _wait(driver, lambda d: "| Idle" in d.find_element("css selector", "body").text, "el núcleo listo (Idle)", timeout=120)
    _run_menu(driver, "Run All Cells")

    def first_blank(d):
        cells = _cells(d)
        failing = next((i for i, c in enumerate(cells) if "aún no has escrito tu predicción" in _output(c)), None)
        return cells[failing - 1] if failing and "ESCRIBE AQUÍ TU PREDICCIÓN" in cells[failing - 1].text else None

    blank = _wait(driver, first_blank, "ver el test de la primera predicción pidiendo la respuesta", timeout=120)
    assert "x_after_clicks = ..." in blank.find_element("css selector", ".jp-InputArea").text
    _shot(driver, "2-hueco-sin-rellenar")

    # Escribir la solución en el hueco, ejecutarlo y ejecutar su celda de tests.
    editor = blank.find_element("css selector", ".cm-content")
    _click(driver, editor, "el editor del hueco")
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).perform()
    ActionChains(driver).send_keys(ANSWER).perform()
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.ENTER).key_up(Keys.SHIFT).perform()
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.ENTER).key_up(Keys.SHIFT).perform()
    cells_now = _wait(driver, lambda d: _cells_containing(d, ANSWER), "ver la respuesta escrita en el hueco")
    index = next(i for i, c in enumerate(cells_now) if ANSWER in c.text)
    test_cell = cells_now[index + 1]
    _wait(driver, lambda d: "¡Bien!" in _output(test_cell), "ver pasar el test visible del hueco rellenado", timeout=60)
    assert "Error" not in _output(test_cell) and not _output(cells_now[index]).strip()
    _shot(driver, "3-test-visible-pasa")

    # Guardar y pedir a nbgrader que valide.
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("s").key_up(Keys.CONTROL).perform()
    _wait(driver, lambda d: not _by_css(d, ".jp-mod-dirty"), "el cuaderno guardado")
    button = _wait(
        driver,
        lambda d: next((b for b in _by_css(d, "button, .jp-ToolbarButtonComponent") if b.text.strip() == "Validate"), None),
        "el botón Validate de nbgrader",
    )
    _click(driver, button, "el botón Validate")
    dialog = _wait(driver, lambda d: next((e for e in _by_css(d, ".jp-Dialog-content") if len(e.text) > 20), None),
                   "el veredicto de Validate", timeout=180)
    verdict = dialog.text
    _shot(driver, "4-veredicto-de-validate")
    # Validate de nbgrader: fallan los tres huecos que siguen vacíos, y no el que rellenamos.
    assert verdict.count("The following cell failed") == 3, verdict
    assert "check_prediction(x_after_clicks" not in verdict and "destination" in verdict, verdict
    ok = next(b for b in _by_css(driver, ".jp-Dialog button") if b.text.strip() == "Ok")
    _click(driver, ok, "Ok en el veredicto")
    _shot(driver, "5-guardado")

    saved = json.loads(notebook_path(lab_server["workspace"], NOTEBOOK).read_text(encoding="utf-8"))
    solution = next(c for c in saved["cells"] if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "nb00-predict-order")
    assert "".join(solution["source"]).strip() == ANSWER
    assert solution["metadata"]["nbgrader"]["solution"] is True
    locked = [c for c in saved["cells"] if c.get("metadata", {}).get("nbgrader", {}).get("locked")]
    assert len(locked) >= 6, "el cuaderno guardado perdió los metadatos de nbgrader"


def test_a_tensor_picture_is_legible_in_jupyterlab(lab_server, browser):
    """El dibujo del broadcasting de 05 sale en JupyterLab a un ancho de portátil, y se ve."""
    import numpy as np
    from PIL import Image

    driver = browser
    # El mismo JupyterLab que la prueba anterior: se abre el cuaderno por su dirección, con la disposición
    # de ventanas de partida («reset»), sin lo que dejó abierto la otra prueba.
    path = notebook_path(Path(), PICTURE_NOTEBOOK).as_posix()  # en el espacio del alumno, como en release/
    driver.get(f"{lab_server['url']}/lab/tree/{path}?token={lab_server['token']}&reset")
    _wait(driver, lambda d: len(_cells(d)) > 10, "ver las celdas del cuaderno")
    _wait(driver, lambda d: "| Idle" in d.find_element("css selector", "body").text, "el núcleo listo (Idle)", timeout=120)
    _run_menu(driver, "Run All Cells")
    picture = _wait(
        driver,
        lambda d: next((c for c in _cells(d) if "draw_broadcast(" in c.text and c.find_elements("css selector", ".jp-OutputArea-output img")), None),
        "ver el dibujo del broadcasting",
        timeout=120,
    )
    image = picture.find_element("css selector", ".jp-OutputArea-output img")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", image)
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / "dibujo-broadcasting.png"
    image.screenshot(str(path))
    shot = Image.open(path).convert("RGB")
    width, height = shot.size
    assert width >= 500 and height >= 120, f"el dibujo sale demasiado pequeño: {width}×{height} px"
    pixels = np.asarray(shot).reshape(-1, 3).astype(int)
    inked = float((pixels.sum(axis=1) < 600).mean())
    assert 0.03 < inked < 0.9, f"el dibujo parece vacío o emborronado ({inked:.0%} de píxeles con tinta)"
    assert len(np.unique(pixels, axis=0)) > 20, "el dibujo tiene muy pocos colores: ¿se ha pintado?"
