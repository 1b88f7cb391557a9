"""La prueba de respuestas equivocadas sin núcleos: juicios, totales, tabla y reparto por cuaderno."""

from course_tools.audits import proof
from course_tools.audits.proof import BLANK, Outcome, Report, Verdict, judge
from tests.proof.items import PROPERTY
from tests.proof.scheduling import NotebookScheduling
from tests.proof.tally import ProofTally

TEST_OF = {"nb99-a": "nb99-a-tests", "nb99-b": "nb99-b-tests"}
POINTS_OF = {"nb99-a": 2, "nb99-b": 3}


def _judge(label, target, failed=None, others=()):
    return judge(Outcome(label, target, dict(failed or {}), list(others)), TEST_OF, POINTS_OF)


def test_a_wrong_answer_that_passes_is_a_problem_and_the_lazy_column_counts_it_once():
    report = Report("99-prueba", exercises=2, points=5)
    for label in ("[copia] pega la celda", "[fijo] el caso visible"):
        report.add(_judge(label, "nb99-a"))
    report.add(_judge("suma por filas", "nb99-b", {"nb99-b-tests": "AssertionError: x: esperaba 3, obtuve 4"}))
    assert (report.wrong_answers, report.rejected, report.lazy_attempts) == (3, 1, 2)
    assert (report.lazy_passed, report.lazy_points) == (["nb99-a"], 2)
    assert report.problems == [
        "nb99-a: pasa sus tests una respuesta equivocada: «[copia] pega la celda»",
        "nb99-a: pasa sus tests una respuesta equivocada: «[fijo] el caso visible»",
    ]
    assert report.messages == [("nb99-b", "suma por filas", "x: esperaba 3, obtuve 4")]


def test_a_rejection_with_a_useless_message_or_a_broken_neighbour_is_a_problem():
    verdict = _judge("suma por filas", "nb99-a", {"nb99-a-tests": "AssertionError: wrong", "nb99-b-tests": "NameError: a"})
    assert verdict.rejected and verdict.flaw == "el mensaje no parece estar en castellano"
    assert verdict.problems == [
        "nb99-a («suma por filas»): el mensaje no parece estar en castellano: 'wrong'",
        "nb99-a («suma por filas») hace fallar también nb99-b-tests: NameError: a",
    ]


def test_the_blank_and_the_solution_are_judged_but_not_counted_as_wrong_answers():
    report = Report("99-prueba")
    report.add(_judge(BLANK, "nb99-a", {"nb99-a-tests": "AssertionError: `f` aún no está escrita"}))
    solution = _judge(proof.SOLUTION, None, {"nb99-b-tests": "AssertionError: esperaba 1"}, ["celda 3: ZeroDivisionError"])
    report.add(solution)
    assert report.wrong_answers == 0 and report.rejected == 0
    assert report.problems == [
        "la solución suspende nb99-b-tests: AssertionError: esperaba 1",
        "la solución da un error inesperado en la celda 3: ZeroDivisionError",
    ]


class _Report:
    when = "call"

    def __init__(self, **data):
        self.user_properties = [(PROPERTY, {"slug": "99-prueba", "exercises": 2, "points": 5, **data})]


def test_the_tally_adds_what_items_send_and_spots_a_notebook_run_twice():
    tally = ProofTally()
    tally.pytest_runtest_logreport(_Report(problems=["el catálogo nombra grade_id que no existen: nb99-z"]))
    wrong = Verdict("[copia] pega la celda", "nb99-a", "nb99-a-tests", 2)
    tally.pytest_runtest_logreport(_Report(verdict=wrong.__dict__, kernel_run="1-1"))
    tally.pytest_runtest_logreport(_Report(verdict=Verdict(proof.SOLUTION, None).__dict__, kernel_run="1-1"))
    report = tally.reports["99-prueba"]
    assert (report.exercises, report.points, report.wrong_answers, report.lazy_points) == (2, 5, 1, 2)
    assert len(report.problems) == 1
    assert tally.kernel_lines() == ["Núcleos: 1, uno por cuaderno ejecutado."]
    tally.pytest_runtest_logreport(_Report(verdict=wrong.__dict__, kernel_run="2-7"))
    assert "99-prueba: sus variantes corrieron en 2 núcleos" in tally.kernel_lines()[0]


def test_every_item_of_a_notebook_goes_to_the_same_worker():
    scope = NotebookScheduling._split_scope
    module = "tests/proof/test_wrong_answers.py"
    assert scope(None, f"{module}::01-python::solución") == f"{module}::01-python"
    assert scope(None, f"{module}::01-python::nb01-x::da la vuelta con [: :-1]") == f"{module}::01-python"
    assert scope(None, f"{module}::14-atencion::nb14-x::[copia] q @ k") == f"{module}::14-atencion"


def test_wrong_answers_skip_only_the_statements_that_draw():
    from course_tools.audits.proof import without_pictures

    source = 'x = 1\ndraw_tensor(x, names=("T",))\nfig, ax = plt.subplots()\nax.plot([1,\n 2])\nplt.show()\ny = f(x)'
    assert without_pictures(source) == "x = 1\nfig, ax = plt.subplots()\ny = f(x)"
    assert without_pictures("draw_heads(x, 2)") == "pass"
    assert without_pictures("%timeit f()") == "%timeit f()"  # no se puede leer: tal cual
    assert without_pictures("model.draw_x()\nprint(x)") == "model.draw_x()\nprint(x)"  # un método ajeno se queda


def test_only_names_nothing_later_can_read_are_kept_uncopied():
    """Lo que no se deja copiar se guarda tal cual solo si ninguna celda de las variantes ni ninguna función de
    lo de antes lo nombra; con globals() (o eval, dir…) en juego, ninguno."""
    from nbformat.v4 import new_code_cell, new_notebook

    prefix_cells = [new_code_cell("import torch\nseen = torch.ones(2, requires_grad=True) * 2\nhidden = seen + 1\n"
                                  "def helper():\n    return hidden.sum()"),
                    new_code_cell("loss = seen.sum()\nunused = loss * 3")]
    later = [new_code_cell("print(loss)"), new_code_cell("check(answer)")]
    nb = new_notebook(cells=prefix_cells + later)
    variants = [proof.Variant("con seen", "nb99-a", "answer = seen")]
    assert proof.unread_names(nb, [0, 1], variants) == {"unused"}
    nb.cells.append(new_code_cell("print(sorted(globals()))"))
    assert proof.unread_names(nb, [0, 1], variants) == set()


def test_what_an_answer_can_change_after_its_own_test():
    """Lo que define arriba del todo; si cambia algo en su sitio, también lo que lee; None si toca el estado global."""
    assert proof.escaping_names("def f(x):\n    y = x + 1\n    return y * 2") == ({"f"}, False)
    assert proof.escaping_names("import math as m\nk = 3\nfor i in range(k):\n    pass") == ({"m", "k", "i"}, False)
    assert proof.escaping_names("def f(x):\n    model.weight.data += x") == ({"f"}, True)
    assert proof.escaping_names("def f(x):\n    x.add_(1)\n    return x") == ({"f"}, True)
    assert proof.escaping_names("def f(opt):\n    opt.step()") == ({"f"}, True)
    assert proof.escaping_names("torch.manual_seed(1)\ny = 2") is None
    assert proof.escaping_names("def f():\n    return torch.randn(3)") is None
    assert proof.escaping_names("%timeit f()") is None


def _exercise_notebook(later: str):
    from nbformat.v4 import new_code_cell, new_notebook

    solution = new_code_cell("def f(x):\n    ### BEGIN SOLUTION\n    return x + 1\n    ### END SOLUTION",
                             metadata={"nbgrader": {"solution": True, "grade": False, "grade_id": "nb99-f"}})
    test = new_code_cell("assert f(1) == 2\nshared = [1]",
                         metadata={"nbgrader": {"solution": False, "grade": True, "grade_id": "nb99-f-tests", "points": 1}})
    return new_notebook(cells=[solution, test, new_code_cell(later)])


def test_an_answer_runs_past_its_own_test_only_if_something_later_can_see_it():
    nothing_later = _exercise_notebook("assert g(2) == 4")
    assert not proof.reaches_later_tests(nothing_later, proof.Variant("x - 1", "nb99-f", "def f(x):\n    return x - 1"))
    uses_f = _exercise_notebook("assert f(2) + g(2) == 7")
    assert proof.reaches_later_tests(uses_f, proof.Variant("x - 1", "nb99-f", "def f(x):\n    return x - 1"))
    # Cambia en su sitio lo que su test le pasa («shared»), y una celda posterior lo lee.
    reads_shared = _exercise_notebook("assert shared == [1]")
    mutating = proof.Variant("append", "nb99-f", "def f(x):\n    shared.append(x)\n    return x + 1")
    assert proof.reaches_later_tests(reads_shared, mutating)
    assert not proof.reaches_later_tests(reads_shared, proof.Variant("x - 1", "nb99-f", "def f(x):\n    return x - 1"))
    seeding = proof.Variant("semilla", "nb99-f", "import random\nrandom.seed(0)\ndef f(x):\n    return x")
    assert proof.reaches_later_tests(nothing_later, seeding)
