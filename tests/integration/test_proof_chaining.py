"""La prueba de respuestas equivocadas encadena lo de antes de cada ejercicio: parte de la copia del anterior y
ejecuta solo lo que falta, con los mismos juicios que ejecutándolo desde cero."""

import nbformat

from course_tools.audits import proof, proof_execution
from course_tools.layout.course import Notebook
from course_tools.publish.authoring import NotebookWriter


def _notebook(counter) -> nbformat.NotebookNode:
    """Dos ejercicios; antes del primero, una celda cara (cuenta sus ejecuciones en ``counter``) y azar."""
    w = NotebookWriter("98")
    w.title("# 98 · Prueba", "Cuaderno de prueba.")
    w.setup()
    w.code(f"import torch\nwith open({str(counter)!r}, 'a') as _f:\n    _f.write('x')\ntorch.manual_seed(0)\n"
           "base = torch.randn(3)")
    w.exercise(
        "doble", points=1, task="El doble de base.",
        solution="def doble(x):\n    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION",
        tests="from rukh_helpers.checks import call, check_tensor\n"
              "check_tensor(call(doble, base), base * 2, 'doble')",
        hidden="_x = torch.randn(2)  # gasta azar: lo de después depende de cuánto se gastó\n"
               "check_tensor(call(doble, _x), _x * 2, 'doble')",
    )
    w.code("ruido = torch.randn(3)  # el azar sigue donde lo dejó lo de antes")
    w.exercise(
        "suma-ruido", points=1, task="base más ruido.",
        solution="def suma_ruido():\n    ### BEGIN SOLUTION\n    return base + ruido\n    ### END SOLUTION",
        tests="from rukh_helpers.checks import call, check_tensor\n"
              "check_tensor(call(suma_ruido), base + ruido, 'suma_ruido')",
        # El azar de la solución, paso a paso: base, el test oculto de doble y ruido. Si lo de antes no partiera
        # del azar de su copia, ruido saldría otro y la solución suspendería.
        hidden="_g = torch.Generator().manual_seed(0)\n_base = torch.randn(3, generator=_g)\n"
               "_x = torch.randn(2, generator=_g)\ncheck_tensor(call(suma_ruido), _base + torch.randn(3, generator=_g), "
               "'suma_ruido')",
    )
    return w.nb


WRONG = {
    "nb98-doble": [("suma en vez de multiplicar", "def doble(x):\n    return x + 2\n"),
                   ("gasta azar", "def doble(x):\n    return 2 * x + 0 * torch.randn(x.shape) + 1\n")],
    "nb98-suma-ruido": [("sin ruido", "def suma_ruido():\n    return base\n"),
                        ("ruido nuevo", "def suma_ruido():\n    return base + torch.randn(3)\n")],
}


def test_each_exercise_starts_from_the_copy_of_the_one_before(tmp_path, monkeypatch):
    catalogue = tmp_path / "nb98.py"
    catalogue.write_text(f"WRONG_ANSWERS = {WRONG!r}\n", encoding="utf-8")
    counter = tmp_path / "ejecuciones.txt"
    plan = proof.plan(Notebook("98-prueba"), catalogue, source_nb=_notebook(counter))
    chained = proof_execution.run(plan)
    assert counter.read_text() == "xx"  # la solución entera y lo de antes del primer ejercicio; el segundo, no
    judged = [proof.judge(o, plan.test_of, plan.points_of) for o in chained]
    assert [(v.label, v.rejected) for v in judged[1:]] == [
        (proof.BLANK, True), (proof.BLANK, True), ("suma en vez de multiplicar", True), ("gasta azar", True),
        ("sin ruido", True), ("ruido nuevo", True)]
    assert judged[0].problems == []  # la solución lo aprueba todo, también el azar de suma_ruido

    counter.write_text("")
    monkeypatch.setattr(proof_execution, "_continue_prefix", lambda *args: False)  # siempre desde cero
    fresh = proof_execution.run(plan)
    assert counter.read_text() == "xxx"
    assert [(o.label, o.failed_tests, o.other_errors) for o in fresh] == \
           [(o.label, o.failed_tests, o.other_errors) for o in chained]
