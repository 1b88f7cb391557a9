"""La respuesta al alcance: una celda posterior al ejercicio que trae escrita más de la mitad de su solución."""

import nbformat

from course_tools.readings import answer_leaks

SOLUTION = '''def window_sum(x, k):
    """Suma de cada ventana de k."""
    ### BEGIN SOLUTION
    totals = x.cumsum(dim=-1)  # sumas acumuladas
    return totals[..., k - 1 :] - torch.nn.functional.pad(totals, (1, 0))[..., : -k]
    ### END SOLUTION
'''
TEST = '''from rukh_helpers.checks import check_tensor
check_tensor(window_sum(torch.arange(5.0), 2), torch.tensor([1.0, 3.0, 5.0, 7.0]), "window_sum")
### BEGIN HIDDEN TESTS
totals = x.cumsum(dim=-1)
expected = totals[..., k - 1 :] - torch.nn.functional.pad(totals, (1, 0))[..., : -k]
### END HIDDEN TESTS
'''


def _notebook(*extra_after, before=()):
    solution = nbformat.v4.new_code_cell(SOLUTION, metadata={"nbgrader": {"solution": True, "grade": False, "grade_id": "sum"}})
    test = nbformat.v4.new_code_cell(TEST, metadata={"nbgrader": {"grade": True, "solution": False, "grade_id": "sum-tests", "points": 1}})
    return nbformat.v4.new_notebook(cells=[*before, solution, test, *extra_after])


def test_answer_lines_are_the_solution_lines_normalised_without_comments_or_markers():
    assert answer_lines() == ["totals=x.cumsum(dim=-1)", "returntotals[...,k-1:]-torch.nn.functional.pad(totals,(1,0))[...,:-k]"]


def answer_lines():
    return answer_leaks.answer_lines(SOLUTION)


def test_hidden_tests_and_cells_before_the_exercise_do_not_count():
    demo = nbformat.v4.new_code_cell("totals = x.cumsum(dim=-1)\nout = totals[..., k - 1 :] - torch.nn.functional.pad(totals, (1, 0))[..., : -k]")
    assert answer_leaks.leaks(_notebook(before=[demo])) == []


def test_a_later_cell_with_the_whole_solution_is_a_leak_even_with_other_spacing_and_comments():
    later = nbformat.v4.new_code_cell("totals=x.cumsum( dim=-1 )   # otra vez\nprint(totals)\n"
                                      "return totals[..., k-1:] - torch.nn.functional.pad(totals, (1, 0))[..., :-k]")
    found = answer_leaks.leaks(_notebook(later))
    assert [(solution, cell, len(shown)) for solution, cell, shown in found] == [(0, 2, 2)]


def test_half_of_the_solution_is_not_a_leak_but_prose_with_the_code_in_backticks_is():
    one_line = nbformat.v4.new_code_cell("totals = x.cumsum(dim=-1)")
    assert answer_leaks.leaks(_notebook(one_line)) == []
    prose = nbformat.v4.new_markdown_cell("Se hace con `totals = x.cumsum(dim=-1)` y luego\n"
                                          "`return totals[..., k - 1 :] - torch.nn.functional.pad(totals, (1, 0))[..., : -k]`.")
    assert answer_leaks.leaks(_notebook(prose)) == [(0, 2, answer_lines())]


def test_a_cell_that_python_cannot_read_is_skipped_not_a_crash():
    broken = nbformat.v4.new_code_cell("%%time\nprint((")
    assert answer_leaks.leaks(_notebook(broken)) == []
    assert answer_leaks.code_lines("x = (") == {}
