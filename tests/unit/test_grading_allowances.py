"""Lo que una entrega puede gastar: el tiempo del cuaderno entero y el tamaño de sus salidas (sin núcleo; con
núcleo, en la ronda de tests/grading: «lenta», «imagen-gigante», «html-gigante»)."""

from __future__ import annotations

import nbformat
from nbformat.v4 import new_code_cell, new_notebook, new_output

from course_tools.grading import allowances, worker
from course_tools.grading.allowances import NotebookClock, OutputAllowance
from course_tools.grading.defences import NOTEBOOK_TIMEOUT_ENAME, TOO_BIG_MARK
from course_tools.grading.model import problem

MB = 1024 * 1024


def _image(mb: float):
    return new_output("display_data", data={"image/png": "A" * int(mb * MB)})


def test_each_cell_gets_what_is_left_of_the_notebook(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(allowances.time, "monotonic", lambda: now[0])
    clock = NotebookClock("00-cuadernos", budget=10, cell_timeout=5)
    assert clock.cell_limit() == 5  # el reloj empieza con la primera celda
    now[0] = 107.2
    assert clock.cell_limit() == 3  # quedan 2,8 s: se redondea hacia arriba
    cell = new_code_cell("time.sleep(55)", outputs=[new_output("error", ename="CellTimeoutError", evalue="", traceback=[])])
    now[0] = 110.0
    clock.after(cell, 7)
    assert clock.spent_at == 7 and cell.outputs[-1].ename == NOTEBOOK_TIMEOUT_ENAME
    assert cell.outputs[-1].evalue.startswith("el cuaderno 00-cuadernos pasó de 10 s en total")
    assert clock.cell_limit() is None


def test_a_cell_that_ends_in_time_or_fails_otherwise_spends_nothing(monkeypatch):
    now = [0.0]
    monkeypatch.setattr(allowances.time, "monotonic", lambda: now[0])
    clock = NotebookClock("x", budget=10, cell_timeout=60)
    assert clock.cell_limit() == 10
    now[0] = 3.0
    slow = new_code_cell("", outputs=[new_output("error", ename="CellTimeoutError", evalue="", traceback=[])])
    clock.after(slow, 1)  # su propio límite por celda, no el del cuaderno
    assert clock.spent_at is None and len(slow.outputs) == 1


def test_an_output_bigger_than_its_limit_becomes_a_spanish_note():
    allowance = OutputAllowance(per_output=2 * MB, per_notebook=20 * MB)
    outs = [_image(80)]
    used = allowance.arrived(outs, 0)
    text = outs[0].data["text/plain"]
    assert TOO_BIG_MARK in text and "80.0 MB" in text and "2 MB por salida" in text
    assert used < 1000 and set(outs[0].data) == {"text/plain"}
    allowance.finished(new_code_cell("", outputs=outs))  # la celda acaba: la siguiente tiene su propia nota
    html = [new_output("display_data", data={"text/html": "<p>" + "x" * 3 * MB})]
    allowance.arrived(html, 0)
    assert TOO_BIG_MARK in html[0].data["text/plain"]
    small = [_image(0.1)]
    OutputAllowance(per_output=2 * MB, per_notebook=20 * MB).arrived(small, 0)
    assert "image/png" in small[0].data  # una figura normal pasa entera


def test_the_notebook_limit_counts_every_output_and_a_flood_leaves_one_note():
    allowance = OutputAllowance(per_output=2 * MB, per_notebook=4 * MB)
    cell = new_code_cell("", outputs=[])
    used = 0
    for _ in range(5):
        cell.outputs.append(_image(1.5))
        used = allowance.arrived(cell.outputs, used)
    kinds = ["image/png" in o.get("data", {}) for o in cell.outputs]
    assert kinds == [True, True, False, False, False]
    assert "por cuaderno" in cell.outputs[2].data["text/plain"]
    assert [o.get("text") for o in cell.outputs[3:]] == ["", ""]  # una nota por tanda
    allowance.finished(cell)
    assert allowance.kept < 4 * MB


def test_an_output_that_grew_after_arriving_is_caught_when_the_cell_ends():
    allowance = OutputAllowance(per_output=2 * MB, per_notebook=20 * MB)
    cell = new_code_cell("", outputs=[_image(0.01)])
    allowance.arrived(cell.outputs, 0)
    cell.outputs[0].data["image/png"] = "A" * (5 * MB)  # lo que hace update_display
    allowance.finished(cell)
    assert TOO_BIG_MARK in cell.outputs[0].data["text/plain"]


def test_the_table_names_the_notebook_and_the_seconds_and_the_note():
    clock = NotebookClock("03-tensores", budget=300, cell_timeout=60)
    nb = new_notebook(cells=[new_code_cell("", outputs=[clock.error("esta celda no se ejecutó")]),
                             new_code_cell("", outputs=[allowances.too_big_note(80 * MB, 2 * MB, "por salida")])])
    found = worker.problems_in({"03-tensores.ipynb": nbformat.writes(nb).encode()})
    assert found == [problem("output-too-big"), problem("timeout", detail=" (el cuaderno 03-tensores pasó de 300 s en total)")]
    assert found[1].message == "tiempo agotado (el cuaderno 03-tensores pasó de 300 s en total)"


def test_a_giant_print_is_cut_not_replaced():
    allowance = OutputAllowance(per_output=2 * MB, per_notebook=20 * MB)
    outs = [new_output("stream", name="stdout", text="x" * 3_000_000)]
    allowance.arrived(outs, 0)
    assert outs[0].output_type == "stream" and outs[0].text.startswith("xxx") and len(outs[0].text) < 2 * MB
    assert "recortada por el corrector" in outs[0].text
