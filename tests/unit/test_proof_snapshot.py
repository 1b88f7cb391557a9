"""La copia del estado que hace el núcleo de la prueba (course_tools/audits/proof_snapshot.py), sin núcleo: un shell de
mentira con su espacio de nombres, y la celda de proof_execution ejecutada tal cual."""

import random
import threading
import warnings
from types import SimpleNamespace

import numpy as np
import torch

from course_tools.audits import proof_snapshot
from course_tools.audits.proof_execution import RESTORE, snapshot_code


def _shell(**names):
    return SimpleNamespace(user_ns=dict(names), user_ns_hidden={"In": None})


def test_restore_gives_back_deep_copies_that_keep_what_was_shared():
    weights = [1.0, 2.0]
    shell = _shell(model={"w": weights}, optimizer={"params": weights}, In=["celda"], np=np, _="salida")
    snapshot = proof_snapshot.Snapshot(shell)
    assert snapshot.take() == []
    shell.user_ns["model"]["w"].append(99.0)  # una variante cambia el modelo en su sitio…
    shell.user_ns["answer"] = 42  # …y deja un nombre nuevo
    snapshot.restore()
    assert set(shell.user_ns) == {"model", "optimizer", "In", "np", "_"}
    assert shell.user_ns["model"]["w"] == [1.0, 2.0]
    assert shell.user_ns["model"]["w"] is shell.user_ns["optimizer"]["params"]  # una sola memo: sigue compartido
    assert shell.user_ns["np"] is np  # un módulo no se copia
    snapshot.restore()  # la copia guardada sirve para la variante siguiente
    assert shell.user_ns["model"]["w"] is not weights


def test_what_cannot_be_copied_is_kept_only_if_nobody_reads_it():
    lock = threading.Lock()  # deepcopy no sabe copiarlo
    assert proof_snapshot.Snapshot(_shell(lock=lock, x=1)).take() == ["lock"]
    snapshot = proof_snapshot.Snapshot(_shell(lock=lock, x=1))
    assert snapshot.take(unread={"lock"}) == []
    snapshot.restore()
    assert snapshot.shell.user_ns["lock"] is lock


def test_restore_rewinds_random_generators_grad_mode_and_warning_filters():
    shell = _shell()
    snapshot = proof_snapshot.Snapshot(shell)
    random.seed(1), np.random.seed(1), torch.manual_seed(1)
    filters = list(warnings.filters)
    snapshot.take()
    first = (random.random(), np.random.rand(), torch.rand(1).item())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.set_grad_enabled(False)
        try:
            snapshot.restore()
            assert torch.is_grad_enabled()
            assert warnings.filters == filters
        finally:
            torch.set_grad_enabled(True)
    assert (random.random(), np.random.rand(), torch.rand(1).item()) == first


def test_the_kernel_cells_load_the_module_by_its_path_and_leave_no_name_behind(capsys):
    """Las dos celdas que manda proof_execution, ejecutadas como las ejecutaría el núcleo: la copia queda en el
    shell, lo que no se copia sale impreso en JSON y el espacio de nombres del cuaderno no gana nada."""
    shell = _shell(x=[1], lock=threading.Lock())
    notebook_globals = {"get_ipython": lambda: shell}
    exec(snapshot_code({"unused"}), notebook_globals)
    assert capsys.readouterr().out.strip() == '["lock"]'
    assert set(notebook_globals) == {"get_ipython", "__builtins__"}
    shell.user_ns["x"].append(2)
    exec(RESTORE, notebook_globals)
    assert shell.user_ns == {"x": [1]}
