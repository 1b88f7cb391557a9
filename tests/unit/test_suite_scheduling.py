"""El orden en que pytest-xdist reparte las etapas caras de make test: lo caro primero (tests/proof/scheduling.py,
tests/grading/scheduling.py), para que ningún proceso se quede solo con un cuaderno o un fichero largo al final."""

import importlib.util
from types import SimpleNamespace

from course_tools.layout.course import ROOT, notebooks
from tests.proof.scheduling import by_notebook, heaviest_first as notebooks_heaviest_first

GRADING = ROOT / "tests" / "grading"


def _grading_scheduling():
    spec = importlib.util.spec_from_file_location("grading_scheduling", GRADING / "scheduling.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_round_files_go_heaviest_first_and_other_folders_stay_where_they_were():
    scheduling = _grading_scheduling()
    assert all((GRADING / name).is_file() for name in scheduling.HEAVIEST_FIRST), "un fichero de la lista ya no existe"
    names = ["test_copies.py", "test_exchange.py", "test_copies.py", "test_grading_round.py", "test_exchange.py"]
    items = [SimpleNamespace(path=GRADING / name, n=n) for n, name in enumerate(names)]
    outside = SimpleNamespace(path=ROOT / "tests" / "unit" / "test_x.py", n=99)
    items.insert(2, outside)
    scheduling.heaviest_first(items, GRADING)
    assert [(item.path.name, item.n) for item in items] == [
        ("test_grading_round.py", 3), ("test_exchange.py", 1), ("test_x.py", 99), ("test_exchange.py", 4),
        ("test_copies.py", 0), ("test_copies.py", 2)]  # dentro de un fichero, como estaban


def test_the_proof_starts_with_the_last_notebooks_of_the_course():
    ordered = [n.slug for n in notebooks_heaviest_first(notebooks())]
    assert ordered[:2] == ["19-rukh-juega", "18-decoder"] and ordered[-1] == "00-cuadernos"
    assert sorted(ordered) == sorted(n.slug for n in notebooks())


def test_each_notebook_brings_its_independent_sets_right_after_its_wrong_answers():
    ids = ["tests/proof/test_independent_sets.py::test_sets[00-cuadernos]",
           "tests/proof/test_independent_sets.py::test_sets[19-rukh-juega]",
           "tests/proof/test_independent_sets.py::test_filling",
           "tests/proof/test_wrong_answers.py::19-rukh-juega::solución",
           "tests/proof/test_wrong_answers.py::00-cuadernos::solución",
           "tests/proof/test_wrong_answers.py::19-rukh-juega::nb19-mask-illegal::hueco sin rellenar"]
    items = [SimpleNamespace(nodeid=nodeid) for nodeid in ids]
    by_notebook(items, notebooks())
    assert [ids.index(item.nodeid) for item in items] == [3, 5, 1, 4, 0, 2]
