"""Las defensas del corrector sin núcleo: dónde van los canarios y qué se pone a cero al leerlos.

Los cuadernos «ejecutados» se escriben a mano con las salidas que dejaría cada caso, así que
estas pruebas no arrancan ningún núcleo (las de extremo a extremo están en tests/grading/).
"""

from __future__ import annotations

import copy


from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from course_tools.grading import guard
from tests.unit.grading_fixtures import graded_cell, solution_cell

NONCE = "abc123def456"
TESTS_A = "from rukh_helpers.checks import check_equal, check_prediction\ncheck_equal(add(1, 2), 3)"
TESTS_B = "from rukh_helpers.checks import (\n    check_shape,\n    check_equal,\n)\nassert mul(2, 3) == 6"


def _notebook():
    """Dos ejercicios con tests puntuables; solo importan de rukh_helpers.checks los tests."""
    return new_notebook(cells=[
        new_markdown_cell("# Juguete"),
        solution_cell("ex-add", "def add(a, b):\n    return a + b"),
        graded_cell("ex-add-tests", TESTS_A, 2),
        solution_cell("ex-mul", "def mul(a, b):\n    return a * b"),
        graded_cell("ex-mul-tests", TESTS_B, 1),
    ])


def _guarded(nonce: str = NONCE):
    nb, _ = guard.InsertCanaries(nonce=nonce).preprocess(_notebook(), {})
    return nb


def _roles(nb):
    return [c.metadata.get("curso_guardia") for c in nb.cells]


def _stream(text: str):
    return new_output("stream", name="stdout", text=text)


def _error(ename: str, evalue: str):
    return new_output("error", ename=ename, evalue=evalue, traceback=[])


def _executed(nb, nonce: str = NONCE, *, verify=None, must_fail=None, start=None):
    """Las salidas de una ejecución sin trampas; ``verify``/``must_fail``: {n.º de canario: salidas}."""
    verify, must_fail = verify or {}, must_fail or {}
    seen = {"verifica": 0, "debe-fallar": 0}
    for cell in nb.cells:
        role = cell.metadata.get("curso_guardia")
        if role == "inicio":
            cell.outputs = start if start is not None else []
        elif role == "verifica":
            cell.outputs = verify.get(seen[role], [_stream(f"CANARIO-BIEN-{nonce}\n")])
            seen[role] += 1
        elif role == "debe-fallar":
            cell.outputs = must_fail.get(seen[role], [_error("AssertionError", f"CANARIO-FALLO-{nonce}")])
            seen[role] += 1
    return nb


def _checked(nb):
    nb, _ = guard.CheckCanaries().preprocess(nb, {})
    return nb


def _tamper_errors(nb):
    """grade_id -> mensajes de ManipulacionDetectada en sus salidas."""
    found = {}
    for cell in nb.cells:
        gid = cell.metadata.get("nbgrader", {}).get("grade_id")
        if cell.cell_type == "code" and gid and cell.metadata["nbgrader"].get("grade"):
            found[gid] = [o["evalue"] for o in cell.outputs if o.get("ename") == guard.TAMPER_ENAME]
    return found


# --- InsertCanaries ----------------------------------------------------------------------

def test_insert_canaries_places_guard_cells_after_each_test_cell():
    nb = _guarded()
    assert _roles(nb) == ["inicio", None, None, None, "verifica", "debe-fallar", None, None, "verifica", "debe-fallar"]
    assert nb.metadata["curso_nonce"] == NONCE
    assert [c.metadata["nbgrader"]["grade_id"] for c in nb.cells if "nbgrader" in c.metadata] == [
        "ex-add", "ex-add-tests", "ex-mul", "ex-mul-tests"]
    for cell in nb.cells:
        if cell.metadata.get("curso_guardia"):
            assert cell.cell_type == "code"
            assert cell.source.startswith(f"{guard.GUARD_MARK} {NONCE}\n")


def test_insert_canaries_sources_carry_nonce_and_imported_checks():
    nb = _guarded()
    start = nb.cells[0].source
    assert f"def _curso_guardia_{NONCE}():" in start
    assert f'print("CANARIO-BIEN-{NONCE}")' in start
    assert f'raise SystemError("{guard.TAMPER_ENAME}: "' in start
    compile(start, "<inicio>", "exec")  # la celda inicial es Python válido
    fail_a, verify_b, fail_b = (nb.cells[i].source for i in (5, 8, 9))
    assert verify_b == f"{guard.GUARD_MARK} {NONCE}\n_curso_verifica_{NONCE}(globals(), ['check_equal', 'check_shape'])"
    assert fail_a == fail_b == f'{guard.GUARD_MARK} {NONCE}\nraise AssertionError("CANARIO-FALLO-{NONCE}")'


def test_insert_canaries_without_imports_and_with_random_nonce():
    nb = new_notebook(cells=[graded_cell("t", "assert 1 == 1", 1), new_code_cell("x = 1")])
    nb, resources = guard.InsertCanaries().preprocess(nb, {"k": 1})
    nonce = nb.metadata["curso_nonce"]
    assert len(nonce) == 12 and int(nonce, 16) >= 0  # seis bytes al azar en hexadecimal
    assert resources == {"k": 1}
    assert _roles(nb) == ["inicio", None, "verifica", "debe-fallar", None]
    assert nb.cells[2].source.endswith(f"_curso_verifica_{nonce}(globals(), [])")
    other, _ = guard.InsertCanaries().preprocess(new_notebook(cells=[]), {})
    assert other.metadata["curso_nonce"] != nonce
    assert _roles(other) == ["inicio"]


def test_insert_canaries_reads_an_import_without_parentheses_up_to_the_end_of_line():
    nb = _guarded()
    assert nb.cells[4].source == (
        f"{guard.GUARD_MARK} {NONCE}\n_curso_verifica_{NONCE}(globals(), ['check_equal', 'check_prediction'])")


# --- CheckCanaries -----------------------------------------------------------------------

def test_all_canaries_fine_nothing_zeroed_and_guard_cells_removed():
    nb = _checked(_executed(_guarded()))
    assert _roles(nb) == [None] * 5
    assert [c.source for c in nb.cells] == [c.source for c in _notebook().cells]
    assert not any(c.source.startswith(guard.GUARD_MARK) for c in nb.cells)
    assert _tamper_errors(nb) == {"ex-add-tests": [], "ex-mul-tests": []}
    assert "curso_manipulacion" not in nb.metadata
    assert "curso_nonce" not in nb.metadata


def test_verify_without_good_canary_zeroes_from_its_test_cell():
    # La salida silenciada en el primer canario: los dos tests a cero.
    nb = _checked(_executed(_guarded(), verify={0: []}))
    message = "manipulación de los tests detectada (se silenció la salida o los errores); esta celda no puntúa."
    assert _tamper_errors(nb) == {"ex-add-tests": [message], "ex-mul-tests": [message]}
    assert nb.metadata["curso_manipulacion"] == "se silenció la salida o los errores"
    assert _roles(nb) == [None] * 5


def test_verify_reporting_tampering_names_what_changed_and_spares_earlier_tests():
    tampered = [_error("SystemError", f"{guard.TAMPER_ENAME}: builtins.print, check_equal")]
    nb = _checked(_executed(_guarded(), verify={1: tampered}))
    reason = "se cambió builtins.print, check_equal"
    assert nb.metadata["curso_manipulacion"] == reason
    assert _tamper_errors(nb) == {
        "ex-add-tests": [],
        "ex-mul-tests": [f"manipulación de los tests detectada ({reason}); esta celda no puntúa."],
    }
    last = nb.cells[-1].outputs[-1]
    assert (last.output_type, last.ename, last.traceback) == (
        "error", guard.TAMPER_ENAME, [f"{guard.TAMPER_ENAME}: {last.evalue}"])


def test_verify_with_good_canary_but_an_error_is_tampering():
    outputs = [_stream(f"CANARIO-BIEN-{NONCE}\n"), _error("NameError", "algo")]
    nb = _checked(_executed(_guarded(), verify={1: outputs}))
    assert nb.metadata["curso_manipulacion"] == "se silenció la salida o los errores"
    assert [len(v) for v in _tamper_errors(nb).values()] == [0, 1]


def test_canary_of_another_nonce_does_not_count():
    nb = _checked(_executed(_guarded(), verify={0: [_stream("CANARIO-BIEN-000000000000\n")]}))
    assert nb.metadata["curso_manipulacion"] == "se silenció la salida o los errores"
    assert [len(v) for v in _tamper_errors(nb).values()] == [1, 1]


def test_must_fail_that_does_not_fail_means_errors_are_swallowed():
    nb = _checked(_executed(_guarded(), must_fail={1: []}))
    reason = "los errores no llegan al corrector"
    assert nb.metadata["curso_manipulacion"] == reason
    assert _tamper_errors(nb) == {
        "ex-add-tests": [],
        "ex-mul-tests": [f"manipulación de los tests detectada ({reason}); esta celda no puntúa."],
    }


def test_first_tampering_gives_the_reason():
    nb = _checked(_executed(_guarded(), must_fail={0: []}, verify={1: []}))
    assert nb.metadata["curso_manipulacion"] == "los errores no llegan al corrector"
    assert [len(v) for v in _tamper_errors(nb).values()] == [1, 1]  # un solo mensaje por celda


def test_failing_start_cell_zeroes_every_test():
    nb = _checked(_executed(_guarded(), start=[_error("ImportError", "no torch")]))
    assert nb.metadata["curso_manipulacion"] == "la celda inicial del corrector falló: ImportError: no torch"
    assert [len(v) for v in _tamper_errors(nb).values()] == [1, 1]


def test_dead_kernel_is_not_tampering():
    dead = [_error(guard.DEAD_ENAME, "no se ejecutó: el núcleo murió en la celda 2.")]
    nb = _checked(_executed(_guarded(), start=[], verify={0: dead, 1: dead}, must_fail={0: dead, 1: dead}))
    assert "curso_manipulacion" not in nb.metadata
    assert _tamper_errors(nb) == {"ex-add-tests": [], "ex-mul-tests": []}
    assert _roles(nb) == [None] * 5
    started_dead = _checked(_executed(_guarded(), start=dead))
    assert "curso_manipulacion" not in started_dead.metadata


def test_guard_cell_without_metadata_is_recognised_by_its_mark():
    nb = _executed(_guarded(), verify={1: []})
    del nb.cells[8].metadata["curso_guardia"]  # el canario de verificación de mul, sin su papel
    nb = _checked(nb)
    assert _roles(nb) == [None] * 5
    assert nb.metadata["curso_manipulacion"] == "se silenció la salida o los errores"
    assert [len(v) for v in _tamper_errors(nb).values()] == [0, 1]


def test_check_canaries_is_idempotent_on_clean_notebooks():
    clean = _checked(_executed(_guarded()))
    again = _checked(copy.deepcopy(clean))
    assert again == clean


# --- GuardedExecute ----------------------------------------------------------------------

def test_guarded_execute_defaults_without_a_kernel():
    from course_tools.kernels.spec import GRADING_KERNEL_NAME as KERNEL_NAME

    pre = guard.GuardedExecute()
    assert pre.kernel_name == KERNEL_NAME == "curso-correccion"
    assert pre.shutdown_kernel == "immediate"
    assert pre.settings.memory_mb == 3072 and pre.settings.sandbox  # sin configuración: los de settings.py
    assert getattr(pre, "km", None) is None


def test_guard_text_joins_streams_and_errors_only():
    outputs = [_stream("uno\n"), new_output("display_data", data={"text/plain": "no"}), _error("E", "dos")]
    assert guard._text(outputs) == "uno\n\nE: dos"
    assert guard._text([]) == ""


def test_what_a_confined_kernel_cannot_write_is_made_beforehand(tmp_path):
    import os
    import subprocess
    import sys

    code = "from course_tools.grading import kernel; print(kernel.prepare_home())"
    # Sin perfil de IPython ni caché de matplotlib, como en una máquina nueva.
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    for _ in range(2):  # la segunda vez ya existen: no pasa nada
        done = subprocess.run([sys.executable, "-c", code], env=env, check=True, timeout=120, capture_output=True,
                              text=True)
    home = tmp_path / "pytorch-minimo" / "nucleo-correccion"
    assert str(home / "ipython") in done.stdout and str(home / "matplotlib") in done.stdout
    assert list((home / "matplotlib").glob("fontlist-*.json"))
    assert (home / "ipython" / "profile_default" / "startup").is_dir()


def test_every_grading_kernel_gets_its_folders_and_its_report(monkeypatch):
    from course_tools.grading import kernel
    from course_tools.isolation import sandbox

    calls = []
    monkeypatch.setattr(kernel, "prepare_home", lambda: {"IPYTHONDIR": "/x/ipython", "MPLCONFIGDIR": "/x/mpl"})
    monkeypatch.setattr(guard.Execute, "start_new_kernel", lambda self, **kwargs: calls.append(kwargs["env"]))
    monkeypatch.setenv("CURSO_TESTIGO_SECRETO", "no-debe-llegar")
    pre = guard.GuardedExecute()
    pre._report = "/tmp/informe.jsonl"
    pre.start_new_kernel()
    env = calls[0]
    assert env["IPYTHONDIR"] == "/x/ipython" and env["MPLCONFIGDIR"] == "/x/mpl" and "OMP_NUM_THREADS" in env
    assert env[sandbox.REPORT_ENV] == "/tmp/informe.jsonl"
    assert "CURSO_TESTIGO_SECRETO" not in env
