"""Las predicciones se comprueban por su huella: aceptan lo equivalente y nunca dicen el valor."""

import numpy as np
import pytest
import torch

from rukh_helpers import show_error
from rukh_helpers.checks import CheckFailed, check_answer, check_prediction, check_vectorized, fingerprint
from rukh_helpers.predictions import canonical


@pytest.mark.parametrize(
    "value, same",
    [
        ((3, 4), [3, 4]),
        ((3, 4), torch.Size([3, 4])),
        ((3, 4), (np.int64(3), torch.tensor(4))),
        (3, 3.0),
        (3, torch.tensor(3)),
        (3, np.int64(3)),
        (torch.float32, "float32"),
        (torch.int64, " torch.int64 "),
        (True, np.bool_(True)),
        ("e7e5", " e7e5"),
    ],
)
def test_equivalent_answers_share_a_fingerprint(value, same):
    assert fingerprint(value, "x") == fingerprint(same, "x")
    check_prediction(same, fingerprint(value, "x"), "x")


@pytest.mark.parametrize(
    "value, other",
    [((3, 4), (4, 3)), (1, True), (0, False), (3, 3.5), (torch.float32, torch.float64), ("a", "b"), ((2,), 2)],
)
def test_different_answers_differ(value, other):
    assert fingerprint(value, "x") != fingerprint(other, "x")


def test_the_name_salts_the_fingerprint_and_the_kind_is_visible():
    assert fingerprint(3, "a") != fingerprint(3, "b")
    assert fingerprint((3, 4), "a").startswith("sequence:")
    assert fingerprint(0.5, "a").startswith("number:")


def test_digits_round_before_comparing():
    expected = fingerprint(0.3727, "suelo", digits=3)
    check_prediction(0.373, expected, "suelo", digits=3)
    check_prediction(torch.tensor(0.37274), expected, "suelo", digits=3)
    with pytest.raises(CheckFailed, match="redondeando a 3 decimales"):
        check_prediction(0.372, expected, "suelo", digits=3)
    assert fingerprint(-0.0001, "z", digits=2) == fingerprint(0.0, "z", digits=2)


def test_special_floats_and_integers_beyond_float_precision():
    assert canonical(float("nan")) == ("number", "nan")
    assert canonical(float("-inf")) == ("number", "-inf")
    assert canonical(2**60 + 1) == ("number", str(2**60 + 1))
    assert canonical(0.25) == ("number", "0.25")


def test_a_wrong_prediction_names_the_item_and_the_rule_never_the_value():
    expected = fingerprint((64, 8, 200, 200), "shape_b")
    with pytest.raises(CheckFailed) as err:
        check_prediction((64, 1, 200, 200), expected, "shape_b", "alinea las formas por la derecha")
    message = str(err.value)
    assert "El valor de shape_b no es correcto" in message and message.endswith("Pista: alinea las formas por la derecha.")
    assert "8" not in message and "200" not in message


def test_wrong_kind_and_missing_answers_get_their_own_message():
    expected = fingerprint((3, 4), "shape_a")
    with pytest.raises(CheckFailed, match="shape_a debería ser una tupla de valores entre paréntesis, pero es un entero"):
        check_prediction(12, expected, "shape_a")
    with pytest.raises(CheckFailed, match="debería ser True o False, pero es un entero"):
        check_prediction(1, fingerprint(True, "b"), "b")
    with pytest.raises(CheckFailed, match="aún no has escrito tu predicción"):
        check_prediction(None, expected, "shape_a")
    with pytest.raises(CheckFailed, match="aún no has escrito"):
        check_prediction(..., expected, "shape_a")
    with pytest.raises(CheckFailed, match="pero es un objeto de tipo object"):
        check_prediction(object(), expected, "shape_a")
    with pytest.raises(CheckFailed, match="pero es un tensor"):
        check_prediction(torch.zeros(3), expected, "shape_a")
    with pytest.raises(CheckFailed, match="pero es una lista"):
        check_prediction([1, object()], expected, "shape_a")
    with pytest.raises(ValueError, match="No sé calcular la huella"):
        fingerprint(object(), "x")


def test_check_answer_compares_with_the_value():
    check_answer([3, 4], (3, 4), "shape_a")
    with pytest.raises(CheckFailed, match="El valor de shape_a no es correcto"):
        check_answer((4, 3), (3, 4), "shape_a", "mira el orden")


def test_show_error_prints_the_error_and_stops_it(capsys):
    with show_error() as shown:
        torch.zeros(3) - torch.zeros(4)
    out = capsys.readouterr().out
    assert out.startswith("✗ Error: RuntimeError\n  The size of tensor a (3) must match")
    assert "el cuaderno sigue" in out
    assert isinstance(shown.error, RuntimeError)


def test_show_error_says_when_nothing_failed_and_lets_interrupts_through(capsys):
    with show_error() as shown:
        pass
    assert "no lanzó ningún error" in capsys.readouterr().out
    assert shown.error is None
    with pytest.raises(KeyboardInterrupt):
        with show_error():
            raise KeyboardInterrupt
    with show_error():
        raise ValueError("")
    assert "(sin mensaje)" in capsys.readouterr().out


def _loops_in_a_comprehension(x):
    return torch.stack([row * 2 for row in x])


def _loops_with_while(x):
    out = x.clone()
    i = 0
    while i < len(x):
        out[i] = x[i] * 2
        i += 1
    return out


def _vectorized(x):
    return x * 2


def _loops_with_map(x):
    return torch.stack(list(map(lambda row: row * 2, x)))


def _own_function_called_map(x, map=lambda t: t * 2):
    return map(x)  # un argumento que se llama map no es el map de Python


def test_check_vectorized():
    check_vectorized(_vectorized)
    check_vectorized(_own_function_called_map)
    for func in (_loops_in_a_comprehension, _loops_with_while, _loops_with_map):
        with pytest.raises(CheckFailed, match="tiene un bucle.* en la línea"):
            check_vectorized(func, "doble")
    with pytest.raises(CheckFailed, match="escondido en `map"):
        check_vectorized(_loops_with_map, "doble")
    check_vectorized(eval("lambda x: [y for y in x]"))  # sin código fuente legible: no se juzga


def test_unknown_attribute_of_checks_is_an_attribute_error():
    import rukh_helpers.checks as checks

    with pytest.raises(AttributeError):
        checks.no_existe  # noqa: B018


def test_the_hint_gets_one_final_stop():
    expected = fingerprint(1, "n")
    for hint, ending in [("cuenta otra vez", "cuenta otra vez."), ("cuenta otra vez.", "cuenta otra vez."),
                         ("¿cuántas filas quedan?", "¿cuántas filas quedan?")]:
        with pytest.raises(CheckFailed) as err:
            check_prediction(2, expected, "n", hint)
        assert str(err.value).endswith(f"Pista: {ending}")
