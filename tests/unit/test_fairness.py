"""Ejercicios justos: enseñado antes de pedirlo, las reglas a la vista, sin falsos verdes, predicciones que pesan poco."""

from pathlib import Path

import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from course_tools.audits import fairness
from course_tools.readings import ingredients, visible_tests
from course_tools.publish.authoring import nbgrader
from course_tools.layout.course import Notebook

SOLUTION = '''def total(x):
    """x: (N,) -> 0-d."""
    ### BEGIN SOLUTION
    return x.cumsum(dim=0)[-1]
    ### END SOLUTION'''

GOOD_TESTS = '''from rukh_helpers.checks import call, check_tensor, check_vectorized
check_tensor(call(total, torch.tensor([1.0, 2.0])), torch.tensor(3.0))
_x = torch.rand(5)
_got = call(total, _x)
check_tensor(_got, _x.sum())
check_vectorized(total, "total")
### BEGIN HIDDEN TESTS
check_vectorized(total, "total")
### END HIDDEN TESTS'''

DEMO = "y = torch.arange(4)\ny.cumsum(dim=0)[-1]"


def _exercise(gid: str, solution: str, tests: str, points: int = 2) -> list:
    return [
        new_code_cell(solution, metadata={"nbgrader": nbgrader(gid, solution=True)}),
        new_code_cell(tests, metadata={"nbgrader": nbgrader(f"{gid}-tests", grade=True, locked=True, points=points)}),
    ]


def _notebook(*cells) -> object:
    nb = new_notebook()
    for cell in cells:
        nb.cells += cell if isinstance(cell, list) else [cell]
    return nb


def _review(*notebooks, exceptions=()) -> fairness.Review:
    loaded = [(Notebook(f"{i:02d}-prueba", Path("/tmp/curso")), nb) for i, nb in enumerate(notebooks)]
    return fairness.review_notebooks(loaded, {n.slug for n, _ in loaded}, exceptions)


def _keys(review: fairness.Review) -> list[str]:
    return [f.key for f in review.findings]


# --- 1. enseñado antes de pedirlo ---------------------------------------------------------------


def test_what_a_demo_shows_above_is_taught():
    assert _keys(_review(_notebook(new_code_cell(DEMO), _exercise("e", SOLUTION, GOOD_TESTS)))) == []


def test_an_ingredient_first_shown_below_the_exercise_is_flagged():
    review = _review(_notebook(_exercise("e", SOLUTION, GOOD_TESTS), new_code_cell(DEMO)))
    assert "sin enseñar: .cumsum" in _keys(review) and "sin enseñar: dim=" in _keys(review)
    finding = next(f for f in review.findings if f.key == "sin enseñar: .cumsum")
    assert str(finding).startswith("/tmp/curso/00-prueba/00-prueba.ipynb, celda 0: e: usa `.cumsum`, que no se ha enseñado")


def test_markdown_code_teaches_but_a_test_cell_does_not():
    prose = new_markdown_cell("`x.cumsum(dim=0)` acumula, y `[-1]` toma el último.")
    assert _keys(_review(_notebook(prose, _exercise("e", SOLUTION, GOOD_TESTS)))) == []
    fenced = new_markdown_cell("Así:\n\n```python\nacc = y.cumsum(dim=0)\nacc[-1]\n```\n")
    assert _keys(_review(_notebook(fenced, _exercise("e", SOLUTION, GOOD_TESTS)))) == []
    only_in_a_test = _exercise("antes", "### BEGIN SOLUTION\nz = 1\n### END SOLUTION", f"{DEMO}\nassert z == 1")
    keys = _keys(_review(_notebook(only_in_a_test, _exercise("e", SOLUTION, GOOD_TESTS))))
    assert {"sin enseñar: .cumsum", "sin enseñar: dim="} <= set(keys)


def test_an_earlier_notebook_or_an_earlier_solution_teaches():
    assert _keys(_review(_notebook(new_code_cell(DEMO)), _notebook(_exercise("e", SOLUTION, GOOD_TESTS)))) == []
    earlier = _exercise("antes", "def first(y):\n    ### BEGIN SOLUTION\n    return y.cumsum(dim=0)[-1]\n    ### END SOLUTION",
                        GOOD_TESTS.replace("total", "first"))
    assert _keys(_review(_notebook(earlier, _exercise("e", SOLUTION, GOOD_TESTS)))) == ["sin enseñar: .cumsum",
                                                                                       "sin enseñar: dim=",
                                                                                       "sin enseñar: sintaxis:indice-negativo"]


def test_some_pieces_are_taught_only_by_the_text_that_names_them():
    solution = ('def last(x):\n    """x: (N,) -> float."""\n    ### BEGIN SOLUTION\n'
                "    return x[-1].item() if x.numel() else 0.0\n    ### END SOLUTION")
    exercise = _exercise("e", solution, GOOD_TESTS.replace("total", "last"))
    demo = new_code_cell("y = torch.arange(4)\nprint(y[-1].item() if y.numel() else 0.0)")
    used_only = set(_keys(_review(_notebook(demo, exercise))))
    assert {"sin enseñar: .item", "sin enseñar: sintaxis:if-else"} <= used_only
    assert "sin enseñar: .numel" not in used_only  # lo demás sí lo enseña la demo
    prose = new_markdown_cell("`.item()` da un número de Python, y `a if c else b` elige entre dos valores.")
    assert not {"sin enseñar: .item", "sin enseñar: sintaxis:if-else"} & set(_keys(_review(_notebook(demo, prose, exercise))))


def test_the_extractor_names_calls_keywords_syntax_and_skips_what_the_code_defines():
    tree = ingredients.parse(
        "import torch.nn.functional as F\n"
        "class Net(Base):\n"
        "    def forward(self, x, sum=None):\n"
        "        self.scale = 2\n"
        "        h = F.softmax(x @ x.T, dim=-1)[:, None, ::2]\n"
        "        return [v // 2 for v in h if v] if sum else self.scale + len(x) + self.forward(x) + sum\n"
    )
    found = ingredients.of_tree(tree, ingredients.imported_names(tree))
    assert {"torch.nn.functional.softmax", ".T", "dim=", "len", "sintaxis:@", "sintaxis://", "sintaxis:indice-none",
            "sintaxis:corte-con-paso", "sintaxis:comprension-lista", "sintaxis:if-en-comprension", "sintaxis:if-else",
            "sintaxis:herencia", "sintaxis:class"} <= found
    assert not {".scale", ".forward", "sum", "x", "h"} & found  # lo que define el propio código
    assert ingredients.of_markdown("`for` recorre; `dim=1`; `.view`; `//`; `const [a, b] = x`", {}) == {
        "sintaxis:for", "dim=", ".view", "sintaxis://"}


# --- 2. las reglas del oculto, también en el visible --------------------------------------------


def test_a_rule_only_in_the_hidden_region_is_flagged():
    hidden_only = GOOD_TESTS.replace('check_vectorized(total, "total")\n###', "###", 1)
    assert _keys(_review(_notebook(new_code_cell(DEMO), _exercise("e", SOLUTION, hidden_only)))) == [
        "regla solo en los ocultos: check_vectorized(total, 'total')"]
    other_name = GOOD_TESTS.replace('check_vectorized(total, "total")\n###', 'check_vectorized(total, "tot")\n###', 1)
    assert len(_keys(_review(_notebook(new_code_cell(DEMO), _exercise("e", SOLUTION, other_name))))) == 1


# --- 3. sin falsos verdes ----------------------------------------------------------------------


def _input_keys(tests: str, solution: str = SOLUTION) -> list[str]:
    return [key for key, _ in fairness._input_problems(tests, solution)]


def test_a_single_input_or_only_written_inputs_are_flagged():
    single = "check_tensor(call(total, torch.tensor([1.0, 2.0])), torch.tensor(3.0))"
    assert _input_keys(single) == ["una sola entrada: total", "entradas escritas tal cual"]
    two_written = single + "\n_y = torch.tensor([4.0, 5.0])\ncheck_tensor(call(total, _y.clone()), torch.tensor(9.0))"
    assert _input_keys(two_written) == ["entradas escritas tal cual"]
    assert _input_keys(GOOD_TESTS) == []
    assert _input_keys("print('nada')") == ["no se llama: total"]


def test_loops_and_the_tests_own_helpers_count_as_inputs():
    loop = "for _n in [2, 3]:\n    _x = torch.rand(_n)\n    check_tensor(call(total, _x), _x.sum())"
    assert _input_keys(loop) == []
    helper = ("def _check(values, label):\n    got = call(total, torch.tensor(values))\n    check_number(got, sum(values), label)\n"
              "_check([1.0, 2.0], 'a')\n_check([3.0], 'b')")
    assert _input_keys(helper) == ["entradas escritas tal cual"]
    assert _input_keys(helper.replace("[3.0]", "torch.rand(3).tolist()")) == []


def test_a_class_is_called_through_its_objects():
    solution = ("class Doubler(nn.Module):\n    def forward(self, x):\n        ### BEGIN SOLUTION\n        return 2 * x\n"
                "        ### END SOLUTION")
    once = "_m = Doubler()\ncheck_tensor(call(_m, torch.ones(2)), torch.full((2,), 2.0))"
    assert _input_keys(once, solution) == ["una sola entrada: Doubler()"]
    twice = once + "\n_x = torch.rand(3)\ncheck_tensor(_m(_x), 2 * _x)"
    assert _input_keys(twice, solution) == []
    helper = "def _run(model, x):\n    return call(model, x)\n_m = Doubler()\n_run(_m, torch.ones(2))\n_run(_m, torch.rand(3))"
    assert _input_keys(helper, solution) == []
    assert _input_keys(helper.replace("_run(_m, torch.ones(2))\n", ""), solution) == ["una sola entrada: Doubler()"]


def test_expected_values_left_in_globals_before_the_call_are_flagged():
    leaky = ("_x = torch.rand(4)\n_expected = _x.sum()\ncheck_tensor(call(total, _x), _expected)\n"
             "check_tensor(call(total, torch.ones(2)), torch.tensor(2.0))")
    assert _input_keys(leaky) == ["esperado en una global: _expected"]
    after = ("check_tensor(call(total, torch.ones(2)), torch.tensor(2.0))\n"
             "_x = torch.rand(4)\n_got = call(total, _x)\n_expected = _x.sum()\ncheck_tensor(_got, _expected)")
    assert _input_keys(after) == []
    assert _input_keys(after + "\ncall(total, _x[:2])") == ["esperado en una global: _expected"]  # a la vista de otra llamada
    inside = ("def _check(x):\n    expected = x.sum()\n    check_tensor(call(total, x), expected)\n"
              "_check(torch.rand(4))\n_check(torch.ones(2))")
    assert _input_keys(inside) == []
    unchanged = "_x = torch.rand(4)\n_before = _x.clone()\ncall(total, _x)\ncall(total, _x[:2])\ncheck_tensor(_x, _before)"
    assert _input_keys(unchanged) == []


def test_the_members_a_learner_writes():
    solution = ("class Tok(Base):\n    def __init__(self, v):\n        ### BEGIN SOLUTION\n        self.v = v\n"
                "        ### END SOLUTION\n\n    def encode(self, s):\n        return s\n\n    def decode(self, ids):\n"
                "        ### BEGIN SOLUTION\n        return ids\n        ### END SOLUTION")
    assert visible_tests.exercise_of(solution).written == ("Tok", "Tok.decode")


# --- 4. las predicciones, y las excepciones ----------------------------------------------------

PREDICTION = _exercise("p", "### BEGIN SOLUTION\nn = 3\n### END SOLUTION",
                       'from rukh_helpers.checks import check_prediction\ncheck_prediction(n, "number:x", "n")', points=1)


def test_a_prediction_with_points_is_flagged_and_one_worth_zero_is_not():
    graded = _review(_notebook(new_code_cell(DEMO), _exercise("e", SOLUTION, GOOD_TESTS, points=9), PREDICTION))
    assert _keys(graded) == [fairness.PREDICTIONS_KEY]  # aunque sea el 10 % del curso: una predicción vale 0
    assert graded.findings[0].grade_id == "p" and "vale 1 puntos; una predicción vale 0" in str(graded.findings[0])
    free = _exercise("p", "### BEGIN SOLUTION\nn = 3\n### END SOLUTION",
                     'from rukh_helpers.checks import check_prediction\ncheck_prediction(n, "number:x", "n")', points=0)
    zero = _review(_notebook(new_code_cell(DEMO), _exercise("e", SOLUTION, GOOD_TESTS, points=9), free))
    assert _keys(zero) == [] and zero.shares == {"00-prueba": (0.0, 9.0)}
    code = _review(_notebook(new_code_cell(DEMO), _exercise("e", SOLUTION, GOOD_TESTS, points=9)))
    assert _keys(code) == []  # un ejercicio de código sí puntúa


def test_an_exception_silences_its_finding_and_a_stale_one_is_reported():
    notebook = _notebook(_exercise("e", SOLUTION, GOOD_TESTS), new_code_cell(DEMO))
    pending = ("00-prueba", "e", "sin enseñar: .cumsum", "pendiente: issue 22")
    review = _review(notebook, exceptions=[pending])
    assert "sin enseñar: .cumsum" not in _keys(review) and review.stale == []
    assert [(f.key, reason) for f, reason in review.excused] == [("sin enseñar: .cumsum", "pendiente: issue 22")]
    fixed = _review(_notebook(new_code_cell(DEMO), _exercise("e", SOLUTION, GOOD_TESTS)), exceptions=[pending])
    assert fixed.stale == [pending]
    assert fixed.problems() == [
        "course_tools/audits/fairness_exceptions.py: la excepción ('00-prueba', 'e', 'sin enseñar: .cumsum') ya no "
        "corresponde a nada; bórrala"]
    no_reason = _review(notebook, exceptions=[pending[:3] + ("",)])
    assert "excepción sin motivo" in _keys(no_reason)
    assert _keys(_review(notebook, exceptions=[pending, pending])).count("excepción repetida") == 1


@pytest.mark.parametrize("entry", fairness.EXCEPTIONS)
def test_every_exception_names_a_notebook_and_a_pending_issue_or_a_reason(entry):
    notebook, grade_id, key, reason = entry
    assert (notebook == fairness.COURSE) == (grade_id is None)
    assert key and reason.strip()
    if notebook != fairness.COURSE and reason.startswith("pendiente"):
        assert reason == ("pendiente: issue 22" if notebook[:2] <= "08" else "pendiente: issue 23")
