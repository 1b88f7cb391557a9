"""Las celdas que mete el corrector (``guard.InsertCanaries``): la foto inicial y los dos canarios de cada
celda de tests. Solo texto de código: quien las mete y quien las lee están en ``guard.py``."""

from __future__ import annotations

import re

from nbformat import NotebookNode
from nbformat.v4 import new_code_cell

from .defences import TAMPER_ENAME

GUARD_MARK = "# celda del corrector"
# Los nombres de «from rukh_helpers.checks import …»: entre paréntesis pueden ocupar varias líneas; sin ellos,
# solo hasta el final de la línea.
IMPORT_CHECKS = re.compile(r"from\s+rukh_helpers\.checks\s+import\s+(?:\(([\w\s,]+)\)|([\w \t,]+))")


# --- celdas del corrector ---------------------------------------------------------------

def _init_source(nonce: str) -> str:
    return f'''{GUARD_MARK} {nonce}
def _curso_guardia_{nonce}():
    import builtins, sys
    import torch, torch.testing
    import rukh_helpers.checks as checks
    import rukh_helpers.predictions as predictions
    # Lo que checks importa de otros módulos (from rukh_helpers.checks import …) se vigila también allí.
    import rukh_helpers.check_messages as messages, rukh_helpers.code_checks as code, rukh_helpers.runtime_checks as runtime
    skip = {{"_", "__", "___", "input", "raw_input", "getpass"}}
    snapshot = {{k: v for k, v in builtins.__dict__.items() if k not in skip}}
    watched = {{m.__name__: m for m in (checks, predictions, messages, code, runtime)}}
    per_module = {{name: {{k: v for k, v in vars(m).items() if callable(v)}} for name, m in watched.items()}}
    originals = {{k: v for values in per_module.values() for k, v in values.items()}}
    assert_close = torch.testing.assert_close

    def verify(namespace, imported):
        problems = []
        for k, v in snapshot.items():
            if builtins.__dict__.get(k) is not v:
                problems.append("builtins." + k)
        for name, module in watched.items():
            if sys.modules.get(name) is not module:
                problems.append("sys.modules[" + repr(name) + "]")
            for k, v in per_module[name].items():
                if vars(module).get(k) is not v:
                    problems.append(name + "." + k)
        for k in imported:
            if k in originals and k in namespace and namespace[k] is not originals[k]:  # si la celda llegó a importarlo
                problems.append(k)
        if torch.testing.assert_close is not assert_close:
            problems.append("torch.testing.assert_close")
        # Solo se sondea la comprobación del curso: llamar a assert_close cuesta ~1 s la primera vez
        # (importa torch.distributed) y ningún test del curso la usa; su identidad sí se vigila arriba.
        for probe in (
            lambda: originals["check_equal"](0, 1),
            lambda: originals["check_prediction"](0, "number:0000000000", "x"),
        ):
            try:
                probe()
            except AssertionError:
                pass
            else:
                problems.append("una comprobación que no falla")
        if problems:
            raise SystemError("{TAMPER_ENAME}: " + ", ".join(sorted(set(problems))))
        print("CANARIO-BIEN-{nonce}")

    return verify

_curso_verifica_{nonce} = _curso_guardia_{nonce}()
del _curso_guardia_{nonce}'''


def _verify_source(nonce: str, imported: list[str]) -> str:
    return f"{GUARD_MARK} {nonce}\n_curso_verifica_{nonce}(globals(), {imported!r})"


def _must_fail_source(nonce: str) -> str:
    return f'{GUARD_MARK} {nonce}\nraise AssertionError("CANARIO-FALLO-{nonce}")'


def _guard_cell(source: str, role: str) -> NotebookNode:
    cell = new_code_cell(source)
    cell.metadata["curso_guardia"] = role
    return cell
