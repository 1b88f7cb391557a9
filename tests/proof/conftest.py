"""La prueba de respuestas equivocadas como ítems de pytest (ver ``test_wrong_answers.py``)."""

from pathlib import Path

import pytest

from course_tools.layout.course import notebooks

from .items import ProofModule
from .scheduling import by_notebook
from .tally import ProofTally

PROOF_MODULE = Path(__file__).with_name("test_wrong_answers.py")


def pytest_configure(config):
    if not hasattr(config, "workerinput"):  # la tabla, solo en el proceso principal
        config.pluginmanager.register(ProofTally(), "proof-tally")


def pytest_pycollect_makemodule(module_path, parent):
    if module_path == PROOF_MODULE:
        return ProofModule.from_parent(parent, path=module_path)
    return None


def pytest_collection_modifyitems(items):
    """Cada cuaderno con sus dos pruebas (respuestas equivocadas y juegos independientes), los caros primero."""
    by_notebook(items, notebooks())


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """Con ``-n N`` (y cualquier ``--dist`` salvo ``each``), un cuaderno entero por proceso."""
    if config.getvalue("dist") == "each":
        return None
    from .scheduling import NotebookScheduling

    return NotebookScheduling(config, log)
