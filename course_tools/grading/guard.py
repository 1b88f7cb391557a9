"""Defensas del corrector contra entregas rotas u hostiles.

Se enchufan en la cadena de ``nbgrader autograde`` como preprocesadores:

* ``InsertCanaries`` (tras ``OverwriteCells``) mete una celda inicial que guarda una foto de
  ``builtins``, de ``rukh_helpers.checks`` y de ``torch.testing.assert_close`` antes de que
  corra código del alumno, y después de cada celda de tests dos «canarios»: uno comprueba que
  nada de eso ha cambiado y otro tiene que fallar por fuerza (si no falla, alguien se ha
  tragado los errores).
* ``GuardedExecute`` ejecuta en un núcleo con límites del sistema (memoria, tamaño de
  fichero) y encerrado (``isolation/``: qué lee, dónde escribe, sin red), cuyo kernelspec va en
  el repositorio (``kernels/share/kernels/curso-correccion``) y se encuentra sin tocar JUPYTER_PATH; si el
  núcleo muere (``os._exit``, señal), deja las celdas ya corregidas con su nota y pone a cero las
  que no llegaron a ejecutarse, en vez de abortar. Lo que el encierro niega al núcleo lo pone,
  tras cada celda, como un error ``AccesoBloqueado`` en esa celda.
* ``CheckCanaries`` lee los canarios: si uno delata una manipulación, pone a cero esa celda de
  tests y las siguientes (con un error visible ``ManipulacionDetectada``) y quita del cuaderno
  las celdas del corrector.

Dónde va cada una en las cadenas de nbgrader, el error que deja y su problema en la tabla los dice su
entrada en ``defences.py``; ``nbgrader_config.py`` las nombra (una prueba lo comprueba), así que un
``nbgrader autograde`` a secas también aplica estas defensas.

Las defensas dentro del núcleo paran las trampas ingenuas (``check_equal`` cambiado por una
función que no hace nada, errores silenciados, ``builtins`` parcheados); quien lea este código
puede esquivarlas, porque el código del alumno y los tests comparten proceso. Ver README.
"""

from __future__ import annotations

import os
import re
import tempfile

from nbformat import NotebookNode
from nbformat.v4 import new_code_cell, new_output
from traitlets import Unicode, default

from nbgrader.preprocessors import Execute, NbGraderPreprocessor

from .. import cells
from ..isolation import sandbox
from ..kernels.spec import GRADING_KERNEL_NAME, kernel_spec_manager
from ..settings import CourseSettings
from .defences import DEAD_ENAME, SANDBOX_ENAME, TAMPER_ENAME
from .kernel import start_env

BLOCKED_PREFIX = "el encierro de la corrección bloqueó: "
BLOCKED_ADVICE = "Una entrega solo puede usar lo que trae: tu cuaderno y rukh_helpers."
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
    skip = {{"_", "__", "___", "input", "raw_input", "getpass"}}
    snapshot = {{k: v for k, v in builtins.__dict__.items() if k not in skip}}
    watched = {{m.__name__: m for m in (checks, predictions)}}
    per_module = {{name: {{k: v for k, v in vars(m).items() if callable(v)}} for name, m in watched.items()}}
    originals = {{**per_module["rukh_helpers.predictions"], **per_module["rukh_helpers.checks"]}}
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


class InsertCanaries(NbGraderPreprocessor):
    """Mete las celdas del corrector (ver el docstring del módulo)."""

    nonce = Unicode("").tag(config=True)

    def preprocess(self, nb, resources):
        nonce = self.nonce or os.urandom(6).hex()
        nb.metadata["curso_nonce"] = nonce  # la pasada de ejecución es otra conversión: va en el cuaderno
        new_cells = [_guard_cell(_init_source(nonce), "inicio")]
        for cell in nb.cells:
            new_cells.append(cell)
            if cells.is_graded_test(cell):
                imported = sorted({name.strip() for groups in IMPORT_CHECKS.findall(cell.source) for group in groups
                                   for name in group.split(",") if name.strip()})
                new_cells.append(_guard_cell(_verify_source(nonce, imported), "verifica"))
                new_cells.append(_guard_cell(_must_fail_source(nonce), "debe-fallar"))
        nb.cells = new_cells
        return nb, resources


def _error(ename: str, message: str) -> NotebookNode:
    return new_output("error", ename=ename, evalue=message, traceback=[f"{ename}: {message}"])


def _text(outputs) -> str:
    parts = []
    for out in outputs:
        if out.get("output_type") == "stream":
            parts.append(out.get("text", ""))
        elif out.get("output_type") == "error":
            parts.append(f"{out.get('ename')}: {out.get('evalue')}")
    return "\n".join(parts)


class GuardedExecute(Execute):
    """``Execute`` en el núcleo con límites; sobrevive a la muerte del núcleo y no sigue tras una manipulación.

    Si el canario de verificación delata una manipulación, el resto de celdas no se ejecuta: sus tests
    valdrían 0 de todos modos (``CheckCanaries``), y un núcleo trucado puede tardar el tiempo máximo
    en cada celda (``builtins.type`` cambiado cuelga cada ejecución).
    """

    kernel_name = Unicode(GRADING_KERNEL_NAME).tag(config=True)

    _report: str | None = None  # el informe del encierro del cuaderno que se ejecuta (ver ``preprocess``)

    @default("shutdown_kernel")
    def _kill_at_the_end(self):
        return "immediate"  # todas las celdas ya corrieron: esperar a que el núcleo se despida no aporta nada

    def create_kernel_manager(self):
        """El núcleo del curso se busca primero en ``kernels/share`` (``spec.kernel_spec_manager``), sin tocar JUPYTER_PATH."""
        self.km = self.kernel_manager_class(kernel_name=self.kernel_name, kernel_spec_manager=kernel_spec_manager(parent=self),
                                            config=self.config)
        return self.km

    def start_new_kernel(self, **kwargs):
        kwargs.setdefault("env", start_env(self.settings, self._report))  # el entorno de este proceso no cambia
        return super().start_new_kernel(**kwargs)

    async def async_start_new_kernel(self, **kwargs):
        kwargs.setdefault("env", start_env(self.settings, self._report))
        return await super().async_start_new_kernel(**kwargs)

    @property
    def settings(self) -> CourseSettings:
        """Los ajustes del curso de la configuración con que corrige nbgrader (``nbgrader_config.py``)."""
        return CourseSettings(parent=self)

    def preprocess(self, nb, resources=None, km=None):
        self.timeout = self.settings.cell_timeout
        self._dead = self._tampered = None
        self._nonce = nb.metadata.get("curso_nonce")
        # Donde el núcleo anota lo que el encierro le niega (sandbox.Watcher): fuera de su alcance, y se lee
        # tras cada celda.
        handle, self._report = tempfile.mkstemp(prefix="curso-encierro-", suffix=".jsonl")
        os.close(handle)
        self._report_offset = 0
        try:
            return super().preprocess(nb, resources, km)
        finally:
            os.unlink(self._report)

    def preprocess_cell(self, cell, resources, index):
        from nbclient.exceptions import DeadKernelError

        if cell.cell_type != "code":
            return cell, self.resources
        if self._dead is not None:
            cell.outputs = [_error(DEAD_ENAME, f"no se ejecutó: el núcleo murió en la celda {self._dead}.")]
            return cell, self.resources
        if self._tampered is not None:
            cell.outputs = [_error(TAMPER_ENAME, f"no se ejecutó: manipulación de los tests en la celda {self._tampered}.")]
            return cell, self.resources
        try:
            cell, resources = super().preprocess_cell(cell, resources, index)
        except DeadKernelError:
            self._dead = index
            cell.outputs.append(_error(DEAD_ENAME, "el núcleo murió en esta celda (os._exit, señal o falta de memoria)."))
            return cell, self.resources
        finally:
            self._note_blocked(cell)
        if (cell.get("metadata", {}).get("curso_guardia") == "verifica"
                and f"CANARIO-BIEN-{self._nonce}" not in _text(cell.get("outputs", []))):
            self._tampered = index
        return cell, resources

    def _note_blocked(self, cell) -> None:
        """Lo que el encierro negó al núcleo mientras corría esta celda, como un error visible en ella."""
        attempts, self._report_offset = sandbox.read_report(self._report, self._report_offset)
        if attempts:
            cell.outputs.append(_error(SANDBOX_ENAME, f"{BLOCKED_PREFIX}{sandbox.describe(attempts)}. {BLOCKED_ADVICE}"))


def problem_detail(output) -> str | None:
    """El detalle para la tabla de un error que pone el corrector: lo que intentó la entrega («leer /x;
    conectar a …») si es el de ``_note_blocked``; nada si es otro."""
    if output.get("output_type") != "error":
        return None
    if output.get("ename") == SANDBOX_ENAME:
        return output.get("evalue", "").removeprefix(BLOCKED_PREFIX).removesuffix(f". {BLOCKED_ADVICE}")
    return None


class CheckCanaries(NbGraderPreprocessor):
    """Lee los canarios, pone a cero lo manipulado y quita las celdas del corrector."""

    def preprocess(self, nb, resources):
        nonce = nb.metadata.pop("curso_nonce", None)
        kept, tampered_at, reason, pending = [], None, "", []
        for cell in nb.cells:
            role = cell.get("metadata", {}).get("curso_guardia")
            if role is None and cell.cell_type == "code" and cell.source.startswith(GUARD_MARK):
                role = "verifica"  # sin metadatos: la reconocemos por la marca
            if role is None:
                kept.append(cell)
                if cells.is_graded_test(cell):
                    pending.append(cell)
                continue
            text = _text(cell.get("outputs", []))
            errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
            if role == "inicio" and errors and DEAD_ENAME not in text:
                tampered_at = tampered_at or 0
                reason = f"la celda inicial del corrector falló: {errors[0].get('ename')}: {errors[0].get('evalue', '')[:200]}"
            elif role == "verifica" and DEAD_ENAME not in text and (errors or f"CANARIO-BIEN-{nonce}" not in text):
                found = re.search(TAMPER_ENAME + r": ([^\n]*)", text)
                if tampered_at is None:
                    tampered_at = len(kept)
                    reason = f"se cambió {found.group(1)}" if found else "se silenció la salida o los errores"
            elif role == "debe-fallar" and DEAD_ENAME not in text and f"CANARIO-FALLO-{nonce}" not in text:
                if tampered_at is None:
                    tampered_at, reason = len(kept), "los errores no llegan al corrector"
        if tampered_at is not None:
            # La celda de tests justo antes del canario y todas las siguientes: a cero.
            graded = [i for i, c in enumerate(kept) if cells.is_graded_test(c)]
            first = max([i for i in graded if i < tampered_at], default=0)
            message = f"manipulación de los tests detectada ({reason}); esta celda no puntúa."
            for i in graded:
                if i >= first:
                    kept[i].outputs.append(_error(TAMPER_ENAME, message))
            nb.metadata["curso_manipulacion"] = reason
        nb.cells = kept
        return nb, resources
