"""El trabajo de corrección sin núcleos: leer cuadernos ya corregidos y rechazar lo que no se puede corregir."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nbformat.v4 import new_output

from course_tools.layout import nbgrader_compat
from course_tools.grading import defences, guard, worker
from course_tools.grading.model import Job, problem
from tests.unit.grading_fixtures import NOTEBOOK, autograded_notebook, learner_notebook, spec, to_bytes


def _codes(problems):
    return [p.code for p in problems]


def _with_outputs(nb, grade_id: str, outputs):
    for cell in nb.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == grade_id:
            cell.outputs = outputs
    return nb


def _error(ename: str, evalue: str = ""):
    return new_output("error", ename=ename, evalue=evalue, traceback=[])


# --- problems_in ---------------------------------------------------------------------------

def test_problems_in_all_passing():
    problems = worker.problems_in({NOTEBOOK: to_bytes(autograded_notebook())})
    assert problems == []


def test_problems_in_a_failing_cell_is_not_a_problem():
    problems = worker.problems_in({NOTEBOOK: to_bytes(autograded_notebook(("nb99-add-tests",)))})
    assert problems == []  # un AssertionError es un fallo normal, no un problema para el profesor


def test_problems_in_maps_each_error_to_its_problem():
    cases = {
        "CellTimeoutError": "timeout",
        "MemoryError": "out-of-memory",
        guard.DEAD_ENAME: "dead-kernel",
        guard.TAMPER_ENAME: "tampering",
    }
    for ename, code in cases.items():
        nb = _with_outputs(autograded_notebook(), "nb99-mul-tests", [_error(ename, "x")])
        problems = worker.problems_in({NOTEBOOK: to_bytes(nb)})
        assert problems == [problem(code)], ename


def test_problems_in_errors_in_any_cell_count_and_codes_are_sorted_and_unique():
    nb = _with_outputs(autograded_notebook(), "nb99-add-tests", [_error(guard.TAMPER_ENAME), _error("MemoryError")])
    nb = _with_outputs(nb, "nb99-mul-tests", [_error(guard.TAMPER_ENAME)])
    nb = _with_outputs(nb, "nb99-add", [_error("CellTimeoutError")])  # también fuera de las celdas de tests
    problems = worker.problems_in({NOTEBOOK: to_bytes(nb)})
    assert _codes(problems) == ["out-of-memory", "tampering", "timeout"]


def test_problems_in_truncated_output():
    text = "mucho texto\n[… salida recortada por el corrector …]\n"  # lo que deja TruncateOutput
    nb = _with_outputs(autograded_notebook(), "nb99-add", [new_output("stream", name="stdout", text=text)])
    problems = worker.problems_in({NOTEBOOK: to_bytes(nb)})
    assert problems == [problem("output-truncated")]
    assert problems[0].message == "salida gigante recortada"


def test_problems_in_ignores_other_files_and_reads_every_notebook():
    other = autograded_notebook(("nb99-mul-tests",))
    for cell in other.cells:
        meta = cell.metadata.get("nbgrader")
        if meta:
            meta["grade_id"] = meta["grade_id"].replace("nb99", "extra")
    files = {
        NOTEBOOK: to_bytes(autograded_notebook()),
        "otro/extra.ipynb": to_bytes(other),
        "datos.csv": b"no es un cuaderno, {",
        "notas.txt": defences.TRUNCATED_MARK.encode(),
    }
    problems = worker.problems_in(files)
    assert problems == []
    assert worker.problems_in({}) == []


# --- grade_job sin núcleo ------------------------------------------------------------------

def test_grade_job_broken_json_is_not_graded():
    result = worker.grade_job(Job("ana", spec(), {NOTEBOOK: b'{"cells": ['}))
    assert (result.student, result.assignment, result.graded) == ("ana", "99-demo", False)
    assert result.problems == [problem("broken-json", name=NOTEBOOK)]
    assert result.autograded == {}
    assert 0 <= result.seconds < 5


def test_grade_job_missing_notebook_is_not_graded():
    # Dos cuadernos con otro nombre: no se sabe cuál es el bueno; un fichero que no es cuaderno no cuenta.
    files = {"copia-1.ipynb": to_bytes(learner_notebook()), "copia-2.ipynb": to_bytes(learner_notebook()),
             "notas.txt": b"hola"}
    result = worker.grade_job(Job("bea", spec(), files))
    assert result.graded is False
    assert [str(p) for p in result.problems] == [
        f"falta el cuaderno {NOTEBOOK}", "sobra copia-1.ipynb", "sobra copia-2.ipynb"]
    assert _codes(result.problems) == ["missing-notebook", "extra-file", "extra-file"]
    assert result.autograded == {}


def test_grade_job_notebook_of_another_assignment_is_not_graded():
    nb = learner_notebook()
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader")
        if meta:
            meta["grade_id"] = meta["grade_id"].replace("nb99", "nb07")
    result = worker.grade_job(Job("carla", spec(), {NOTEBOOK: to_bytes(nb)}))
    assert result.graded is False
    assert result.problems == [problem("other-assignment", name=NOTEBOOK, others="nb07")]


def test_last_line_of_an_nbgrader_failure():
    assert nbgrader_compat.api_failure({"error": "Traceback\n  línea\nValueError: mal\n"}) == "ValueError: mal"
    assert nbgrader_compat.api_failure({"error": "", "log": "uno\ndos"}) == "dos"
    assert nbgrader_compat.api_failure({"log": "x" * 300}) == "x" * 160
    assert nbgrader_compat.api_failure({}) == "error desconocido"
    # nbgrader acaba siempre con un NbGraderException que no dice nada: cuenta la causa de verdad.
    log = ("[ERROR] Traceback (most recent call last):\n    KeyError: 'nb00-predict-order'\n"
           "nbgrader.converters.base.NbGraderException: Please see the the above traceback")
    assert nbgrader_compat.api_failure({"log": log, "error": log}) == "KeyError: 'nb00-predict-order'"


def _truncated_by_the_grader(output):
    """Un cuaderno corregido con una salida gigante en la solución de add, recortada por ``TruncateOutput``."""
    from course_tools.grading.preprocessors import TruncateOutput

    nb = _with_outputs(autograded_notebook(), "nb99-add", [output])
    nb, _ = TruncateOutput(max_chars=10).preprocess(nb, {})
    return nb


def test_stream_cut_by_truncate_output_is_reported():
    nb = _truncated_by_the_grader(new_output("stream", name="stdout", text="x" * 50))
    assert _codes(worker.problems_in({NOTEBOOK: to_bytes(nb)})) == ["output-truncated"]


def test_rich_output_cut_by_truncate_output_is_reported():
    nb = _truncated_by_the_grader(new_output("display_data", data={"text/html": "<p>" * 50}))
    assert nb.cells[1].outputs[0].data["text/html"].endswith("recortada por el corrector …]")  # sí se recortó
    assert _codes(worker.problems_in({NOTEBOOK: to_bytes(nb)})) == ["output-truncated"]


# --- dónde van los cursos de usar y tirar ----------------------------------------------------

def test_scratch_goes_to_memory_only_with_room_to_spare(tmp_path, monkeypatch):
    assert worker._scratch_parent(tmp_path) == tmp_path  # escribible y con sitio
    assert worker._scratch_parent(tmp_path / "no-existe") is None
    monkeypatch.setattr(worker, "SCRATCH_ROOM", 1 << 60)  # como los 64 MB de /dev/shm de un contenedor
    assert worker._scratch_parent(tmp_path) is None


# --- un núcleo que no llega a arrancar ----------------------------------------------------------

class _FlakyApi:
    """Una API de nbgrader falsa: falla ``failures`` veces con ``message`` y después corrige bien."""

    def __init__(self, failures: int, message: str):
        self.failures, self.message, self.calls = failures, message, 0

    def autograde(self, assignment, student, force, create):
        self.calls += 1
        if self.calls <= self.failures:
            return {"success": False, "log": f"[AutogradeApp | ERROR] {self.message}", "error": None}
        return {"success": True, "log": "", "error": None}


def test_a_kernel_that_never_started_is_tried_once_more():
    job = Job("ana", spec(), {})
    api = _FlakyApi(1, "RuntimeError: Kernel died before replying to kernel_info")
    assert worker._autograde(api, job)["success"] and api.calls == 2
    api = _FlakyApi(5, "RuntimeError: Kernel didn't respond in 60 seconds")
    assert not worker._autograde(api, job)["success"] and api.calls == 2  # una sola vez más


def test_any_other_failure_is_not_repeated():
    api = _FlakyApi(1, "KeyError: 'nb99-add'")
    assert not worker._autograde(api, Job("ana", spec(), {}))["success"] and api.calls == 1


def test_scratch_of_dead_workers_is_removed_and_of_live_ones_kept(tmp_path):
    import subprocess

    gone = subprocess.Popen(["true"])
    gone.wait()
    dead = tmp_path / f"{worker.SCRATCH_PREFIX}{gone.pid}-abcd1234"
    live = tmp_path / f"{worker.SCRATCH_PREFIX}{os.getpid()}-abcd1234"
    other = tmp_path / f"{worker.SCRATCH_PREFIX}sinpid"
    for folder in (dead, live, other):
        (folder / "plantilla-x").mkdir(parents=True)
    assert worker.remove_stale_scratch(tmp_path) == [dead]
    assert not dead.exists() and live.exists() and other.exists()



def _open_scratch_with_atexit(parent):
    """Lo que hacía el trabajador antes (``atexit``): para comprobar que la prueba de abajo lo habría visto."""
    import atexit
    import shutil
    import tempfile

    base = tempfile.mkdtemp(prefix=f"{worker.SCRATCH_PREFIX}{os.getpid()}-", dir=parent)
    atexit.register(shutil.rmtree, base, True)
    return base


@pytest.mark.parametrize("opener, removed", [(worker.open_scratch, True), (_open_scratch_with_atexit, False)])
def test_a_pool_worker_takes_its_scratch_with_it_when_it_ends(tmp_path, opener, removed):
    """Un trabajador de la ronda local (forkserver, como en ``executor``) borra su carpeta al terminar, sin esperar a
    que la ronda siguiente la encuentre huérfana; con ``atexit`` no se borraba."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("forkserver")) as pool:
        base = Path(pool.submit(opener, tmp_path).result())
        assert base.is_dir() and base.parent == tmp_path
    assert base.exists() is not removed
