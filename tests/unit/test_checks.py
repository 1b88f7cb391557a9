"""Las comprobaciones fallan con mensajes claros y nunca se estrellan."""

import numpy as np
import pytest
import torch

from rukh_helpers import checks
from rukh_helpers.checks import CheckFailed


class AlwaysEqual:
    def __eq__(self, other):
        return True


def not_written(*args):
    raise NotImplementedError()


def crashes(x):
    return x[10]


BAD_VALUES = [None, 3, 2.5, torch.tensor(1.0), np.zeros(3), AlwaysEqual(), "texto", [1, 2, 3]]


@pytest.mark.parametrize("bad", BAD_VALUES)
def test_check_tensor_never_crashes(bad):
    with pytest.raises(CheckFailed, match="esperaba"):
        checks.check_tensor(bad, torch.zeros(3), "x")


def test_check_tensor_order_shape_dtype_values():
    expected = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    with pytest.raises(CheckFailed, match=r"forma incorrecta: esperaba \(2, 2\), obtuve \(4,\)"):
        checks.check_tensor(torch.zeros(4), expected)
    with pytest.raises(CheckFailed, match="tipo incorrecto: esperaba torch.float32, obtuve torch.int64"):
        checks.check_tensor(torch.zeros(2, 2, dtype=torch.long), expected)
    with pytest.raises(CheckFailed, match=r"posición \(1, 1\) esperaba 4.0000, obtuve 5.0000"):
        checks.check_tensor(torch.tensor([[1.0, 2.0], [3.0, 5.0]]), expected)
    checks.check_tensor(expected.clone(), expected)
    checks.check_tensor(expected + 1e-3, expected, atol=1e-2)
    checks.check_tensor(expected.double(), expected, check_dtype=False)


def test_check_tensor_integers_and_scalars():
    with pytest.raises(CheckFailed, match=r"posición \(1,\) esperaba 2, obtuve 7 \(1 de 3"):
        checks.check_tensor(torch.tensor([1, 7, 3]), torch.tensor([1, 2, 3]))
    with pytest.raises(CheckFailed, match=r"posición \(\) esperaba 2, obtuve 3"):
        checks.check_tensor(torch.tensor(3), torch.tensor(2))
    with pytest.raises(CheckFailed, match=r"posición \(\) esperaba 2.0000"):
        checks.check_tensor(torch.tensor(3.0), torch.tensor(2.0))
    with pytest.raises(CheckFailed, match="valores incorrectos"):
        checks.check_tensor(torch.tensor([float("nan")]), torch.tensor([1.0]))


@pytest.mark.parametrize("bad", BAD_VALUES[:3] + BAD_VALUES[5:])
def test_check_array(bad):
    with pytest.raises(CheckFailed, match="esperaba"):
        checks.check_array(bad, np.zeros(3))


def test_check_array_paths():
    expected = np.array([0.5, 0.5])
    checks.check_array(np.array([0.5, 0.5]), expected)
    with pytest.raises(CheckFailed, match="forma incorrecta"):
        checks.check_array(np.zeros(3), expected)
    with pytest.raises(CheckFailed, match="tipo incorrecto"):
        checks.check_array(np.array([1, 1]), expected)
    with pytest.raises(CheckFailed, match="valores incorrectos"):
        checks.check_array(np.array([0.5, 0.6]), expected)


def test_check_number():
    checks.check_number(0.3727, 0.3727)
    checks.check_number(torch.tensor(2.0), 2.0)
    checks.check_number(np.float64(2.0), 2.0)
    for bad in (None, "1", True, [1.0], AlwaysEqual(), torch.zeros(2)):
        with pytest.raises(CheckFailed, match="esperaba un número"):
            checks.check_number(bad, 1.0)
    with pytest.raises(CheckFailed, match=r"esperaba 1.0000 \(± 0.01\), obtuve 1.5000"):
        checks.check_number(1.5, 1.0, tol=0.01)
    with pytest.raises(CheckFailed, match="esperaba"):
        checks.check_number(float("nan"), 1.0)


def test_check_equal():
    checks.check_equal({"a": [1, (2, "x")]}, {"a": [1, (2, "x")]})
    checks.check_equal(0.1 + 0.2, 0.3)
    with pytest.raises(CheckFailed, match="esperaba una lista, pero obtuve un objeto de tipo AlwaysEqual"):
        checks.check_equal(AlwaysEqual(), [1])
    with pytest.raises(CheckFailed, match="esperaba una tupla, pero obtuve una lista"):
        checks.check_equal([1, 2], (1, 2))
    with pytest.raises(CheckFailed, match="esperaba 2 elementos, obtuve 3 elementos"):
        checks.check_equal([1, 2, 3], [1, 2])
    with pytest.raises(CheckFailed, match="esperaba 1 elemento, obtuve 2 elementos"):
        checks.check_equal([1, 2], [1])
    with pytest.raises(CheckFailed, match=r"r\[1\]: esperaba 2, obtuve 5"):
        checks.check_equal([1, 5], [1, 2], "r")
    with pytest.raises(CheckFailed, match="esperaba las claves.*faltan \\[.b.\\], sobran \\['c'\\]"):
        checks.check_equal({"a": 1, "c": 2}, {"a": 1, "b": 2})
    with pytest.raises(CheckFailed, match="None"):
        checks.check_equal(None, 3)
    with pytest.raises(CheckFailed, match=r"\.\.\."):
        checks.check_equal("x" * 100, 3)


def test_call():
    assert checks.call(len, [1, 2]) == 2
    with pytest.raises(CheckFailed, match="aún no está escrita"):
        checks.call(not_written, 1)
    with pytest.raises(CheckFailed, match=r"`crashes\(\[1, 2\]\)` debería devolver un resultado, pero lanzó IndexError"):
        checks.call(crashes, [1, 2])
    with pytest.raises(CheckFailed, match="de forma \\(2,\\)"):
        checks.call(crashes, torch.zeros(2))
    with pytest.raises(CheckFailed, match=r"\.\.\."):
        checks.call(crashes, "y" * 50, name="f", extra=1)
    with pytest.raises(CheckFailed, match="debería ser una función"):
        checks.call(None)
    with pytest.raises(CheckFailed, match=r"`crashes\(una función lambda, f=la función len\)`") as raised:
        checks.call(crashes, lambda t: t, f=len)
    assert " at 0x" not in str(raised.value)  # sin direcciones de memoria en el mensaje

    def inner_check():
        checks.fail("mensaje propio")

    with pytest.raises(CheckFailed, match="mensaje propio"):
        checks.call(inner_check)


def test_check_true_and_expect_raises():
    checks.check_true(True, "no")
    checks.check_true(np.bool_(True), "no")
    for bad in (False, 1, AlwaysEqual(), None):
        with pytest.raises(CheckFailed, match="debe ser cierto"):
            checks.check_true(bad, "debe ser cierto")
    err = checks.expect_raises(lambda: int("x"), ValueError, "debía fallar")
    assert isinstance(err, ValueError)
    with pytest.raises(CheckFailed, match="debía fallar"):
        checks.expect_raises(lambda: 1, ValueError, "debía fallar")
    with pytest.raises(CheckFailed, match="aún no está escrita"):
        checks.expect_raises(not_written, ValueError, "x")
    with pytest.raises(CheckFailed, match="lanzó KeyError"):
        checks.expect_raises(lambda: {}["a"], ValueError, "esperaba ValueError")


def test_messages_stay_on_one_line_with_multiline_reprs():
    module = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.ReLU())
    with pytest.raises(CheckFailed) as err:
        checks.call(crashes, module)
    assert "\n" not in str(err.value).split("Prueba tu función")[0]
    with pytest.raises(CheckFailed) as err:
        checks.check_tensor({"a": torch.zeros(2, 2), "b": torch.ones(3)}, torch.zeros(2))
    assert "\n" not in str(err.value)


def test_matching_infinities_are_not_reported_as_the_difference():
    expected = torch.tensor([float("-inf"), 1.0, 2.0])
    with pytest.raises(CheckFailed, match=r"posición \(2,\) esperaba 2.0000, obtuve 3.0000"):
        checks.check_tensor(torch.tensor([float("-inf"), 1.0, 3.0]), expected)
    with pytest.raises(CheckFailed, match=r"posición \(0,\) esperaba -inf, obtuve 0.0000"):
        checks.check_tensor(torch.tensor([0.0, 1.0, 2.0]), expected)


# --- check_not_called: mira llamadas y atributos, no los nombres de las variables -------------

import torch.nn.functional as F  # noqa: E402  (lo usan las funciones de abajo)


def _log_softmax_by_hand(logits):
    shifted = logits - logits.max(dim=-1, keepdim=True).values
    log_softmax = shifted - shifted.exp().sum(dim=-1, keepdim=True).log()  # el nombre de una variable
    return log_softmax


def _with_functional(logits):
    return F.softmax(logits, dim=-1).log()


def _with_method(logits):
    return logits.log_softmax(dim=-1)


def _passes_it_along(logits):
    return torch.log_softmax


def _imports_it(logits):
    from torch.nn.functional import softmax

    return softmax(logits, dim=-1)


def _own_helper_with_the_name(logits):
    def softmax(x):
        return x.exp() / x.exp().sum()

    return softmax(logits).log()


def test_check_not_called_accepts_a_variable_with_the_forbidden_name():
    checks.check_not_called(_log_softmax_by_hand, "softmax", "log_softmax", "cross_entropy")
    checks.check_not_called(_own_helper_with_the_name, "softmax")
    checks.check_not_called(not_written, "softmax")  # un hueco sin rellenar no usa nada


@pytest.mark.parametrize(
    "func, used",
    [(_with_functional, "F.softmax"), (_with_method, "logits.log_softmax"),
     (_passes_it_along, "torch.log_softmax"), (_imports_it, "softmax")],
)
def test_check_not_called_rejects_calls_and_attribute_uses(func, used):
    with pytest.raises(CheckFailed, match=f"no debe usar `{used}`"):
        checks.check_not_called(func, "F.softmax", "log_softmax", name="mi_softmax")


def test_check_not_called_never_crashes():
    with pytest.raises(CheckFailed, match="debería ser una función, pero es None"):
        checks.check_not_called(None, "softmax")
    with pytest.raises(CheckFailed, match="debería ser una función"):
        checks.check_not_called(3, "softmax")
    checks.check_not_called(eval("lambda x: x.softmax(-1)"), "softmax")  # sin código fuente legible: no se juzga
    checks.check_not_called(torch.softmax, "softmax")  # una función de C: tampoco


# --- reglas comprobadas por lo que se ejecuta -------------------------------------------------

_LEARNER_CELLS = '''
import torch
from torch import nn

def _row(r):
    return r.sum()

def in_comprehension(x):
    return torch.stack([r.sum() for r in x])

def _loop(x):
    out = []
    for r in x:
        out.append(r.sum())
    return torch.stack(out)

def in_helper(x):
    return _loop(x)

def in_map(x):
    return torch.stack(list(map(_row, x)))

def _rec(x):
    if x.shape[0] == 0:
        return torch.zeros(0)
    return torch.cat([x[:1].sum(1), _rec(x[1:])])

def by_recursion(x):
    return _rec(x)

def vectorised(x):
    total = x.sum(dim=1)
    return total

def honest_norm(x):
    mu = x.mean(-1, keepdim=True)
    return (x - mu) / torch.sqrt(((x - mu) ** 2).mean(-1, keepdim=True) + 1e-5)

def native(x):
    return torch.native_layer_norm(x, (x.shape[-1],), None, None, 1e-5)[0]

def aten_overload(x):
    return torch.ops.aten.native_layer_norm.default(x, [x.shape[-1]], None, None, 1e-5)[0]

_ln = nn.LayerNorm(5, elementwise_affine=False)

def module_forward(x):
    return _ln(x)

_hidden = getattr(torch, "native_" + "layer_norm")

def swallowed(x):
    try:
        return _hidden(x, (x.shape[-1],), None, None, 1e-5)[0]
    except Exception:
        return honest_norm(x)
'''


def _learner_cells():
    """Las funciones de una libreta: su código vive en la carpeta del núcleo, como en Jupyter."""
    namespace = {}
    exec(compile(_LEARNER_CELLS, "/tmp/ipykernel_0/celdas.py", "exec"), namespace)
    return namespace


@pytest.mark.parametrize("name", ["in_comprehension", "in_helper", "in_map", "by_recursion"])
def test_a_loop_hidden_anywhere_in_the_learners_code_is_measured(name):
    x = torch.randn(3, 4)
    with pytest.raises(CheckFailed, match="más líneas de tu código se ejecutan .*bucle de Python escondido"):
        checks.check_vectorized_at_run(_learner_cells()[name], (x,), (x.repeat(8, 1),), name)


def test_a_vectorised_function_runs_as_many_lines_at_any_size():
    x = torch.randn(3, 4)
    cells = _learner_cells()
    assert checks.executed_lines(cells["vectorised"], (x,)) == checks.executed_lines(cells["vectorised"], (x.repeat(8, 1),))
    checks.check_vectorized_at_run(cells["vectorised"], (x,), (x.repeat(8, 1),), "vectorised")
    checks.check_vectorized(cells["vectorised"])  # la forma de siempre sigue funcionando


@pytest.mark.parametrize("name", ["native", "aten_overload", "module_forward", "swallowed"])
def test_a_forbidden_function_under_another_name_is_trapped_while_it_runs(name):
    x = torch.randn(3, 5)
    with pytest.raises(CheckFailed, match="tampoco con otro nombre, pero mientras se ejecutaba llamó a `.*layer_norm`"):
        checks.check_not_called_at_run(_learner_cells()[name], (x,), "F.layer_norm", "nn.LayerNorm", name=name)


def test_the_honest_function_runs_and_returns_its_result_with_the_trap_set():
    x = torch.randn(3, 5)
    got = checks.check_not_called_at_run(_learner_cells()["honest_norm"], (x,), "F.layer_norm", "nn.LayerNorm")
    assert isinstance(got, torch.Tensor) and got.shape == (3, 5)
    assert torch.nn.functional.layer_norm(x, (5,)).shape == (3, 5)  # fuera de la llamada, nada queda trucado


def test_check_array_can_demand_the_exact_dtype_the_statement_names():
    expected = np.array([0.5, 0.25])
    checks.check_array(expected.astype(np.float32), expected)  # por defecto, basta la clase
    with pytest.raises(CheckFailed, match="tipo incorrecto: esperaba float64, obtuve float32"):
        checks.check_array(expected.astype(np.float32), expected, exact_dtype=True)
    checks.check_array(expected.copy(), expected, exact_dtype=True)


_PYTHON_CELLS = '''
import collections
from collections import Counter
import numpy as np

def _order(ids):
    return np.array([k for k, _ in Counter(sorted(ids.ravel().tolist())).most_common()])

def in_helper(ids, V):
    return _order(ids)

def by_module(ids, V):
    return np.array(list(collections.Counter(ids.ravel().tolist())))

def with_numpy(ids, V):
    counts = np.bincount(ids.ravel(), minlength=V)
    order = np.argsort(-counts, kind="stable")
    return order[counts[order] > 0]
'''


@pytest.mark.parametrize("name", ["in_helper", "by_module"])
def test_a_forbidden_python_function_in_a_helper_or_through_its_module_is_trapped(name):
    namespace = {}
    exec(compile(_PYTHON_CELLS, "/tmp/ipykernel_0/python.py", "exec"), namespace)
    with pytest.raises(CheckFailed, match="mientras se ejecutaba llamó a `(sorted|Counter)`"):
        checks.check_not_called_at_run(namespace[name], (np.array([[1, 5, 5, 2]]), 10), "Counter", "most_common", "sorted")
    assert sorted([2, 1]) == [1, 2] and namespace["Counter"] is __import__("collections").Counter  # todo vuelve a su sitio


def test_numpy_may_use_what_the_learner_may_not():
    namespace = {}
    exec(compile(_PYTHON_CELLS, "/tmp/ipykernel_0/python.py", "exec"), namespace)
    got = checks.check_not_called_at_run(namespace["with_numpy"], (np.array([[1, 5, 5, 2]]), 10), "Counter", "sorted")
    assert got.tolist() == [5, 1, 2]


_LOSS_CELLS = '''
import torch
import torch.nn.functional as F

def kernel(logits, targets):
    return torch.ops.aten.nll_loss_forward(F.log_softmax(logits, -1), targets, None, 1, -100)[0]

def batched_kernel(logits, targets):
    return torch.ops.aten.nll_loss_nd(F.log_softmax(logits, -1), targets, None, 1, -100)

def by_hand(logits, targets):
    return -F.log_softmax(logits, -1).gather(-1, targets[:, None]).mean()
'''


@pytest.mark.parametrize("name", ["kernel", "batched_kernel"])
def test_the_kernel_of_a_forbidden_loss_is_the_loss(name):
    namespace = {}
    exec(compile(_LOSS_CELLS, "/tmp/ipykernel_0/loss.py", "exec"), namespace)
    args = (torch.randn(4, 5), torch.tensor([0, 1, 2, 3]))
    with pytest.raises(CheckFailed, match="mientras se ejecutaba llamó a `.*nll_loss"):
        checks.check_not_called_at_run(namespace[name], args, "F.cross_entropy", "F.nll_loss")
    assert checks.check_not_called_at_run(namespace["by_hand"], args, "F.cross_entropy", "F.nll_loss").shape == ()


_TORCH_LOOP_CELLS = '''
import torch

def _dots(a, b):
    return torch.stack(list(map(torch.dot, a, b)))

def map_of_torch_in_helper(a, b):
    return _dots(a, b)

def _total(a, b):
    return sum(map(torch.dot, a, b))

def python_sum_in_helper(a, b):
    return _total(a, b).reshape(1)

def einsum_with_a_print(a, b):
    print(a)
    return torch.einsum("nd,nd->n", a, b)
'''


@pytest.mark.parametrize("name", ["map_of_torch_in_helper", "python_sum_in_helper"])
def test_a_loop_with_no_line_of_its_own_is_counted_by_its_torch_calls(name):
    """``map(torch.dot, a, b)`` en una auxiliar recorre las filas sin ejecutar ninguna línea del alumno por vuelta;
    cada vuelta, eso sí, llama a torch desde su código."""
    namespace = {}
    exec(compile(_TORCH_LOOP_CELLS, "/tmp/ipykernel_0/torch_loops.py", "exec"), namespace)
    a, b = torch.randn(3, 4), torch.randn(3, 4)
    with pytest.raises(CheckFailed, match="más líneas de tu código se ejecutan.*bucle de Python escondido"):
        checks.check_vectorized_at_run(namespace[name], (a, b), (a.repeat(8, 1), b.repeat(8, 1)), name)


def test_torch_calls_made_inside_torch_do_not_count(capsys):
    """Lo que torch hace por dentro (imprimir un tensor, el einsum de torch/functional.py) no es del alumno."""
    namespace = {}
    exec(compile(_TORCH_LOOP_CELLS, "/tmp/ipykernel_0/torch_loops.py", "exec"), namespace)
    a, b = torch.randn(3, 4), torch.randn(3, 4)
    func = namespace["einsum_with_a_print"]
    assert checks.executed_lines(func, (a, b)) == checks.executed_lines(func, (a.repeat(8, 1), b.repeat(8, 1)))
    checks.check_vectorized_at_run(func, (a, b), (a.repeat(8, 1), b.repeat(8, 1)), "einsum_with_a_print")
