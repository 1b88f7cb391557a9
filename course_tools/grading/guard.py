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
from nbformat.v4 import new_output
from traitlets import Bool, Unicode, default

from nbgrader.preprocessors import Execute, NbGraderPreprocessor

from ..rules import cells
from ..isolation import sandbox
from ..kernels.spec import GRADING_KERNEL_NAME, kernel_spec_manager
from ..settings import CourseSettings
from .allowances import NotebookClock, OutputAllowance, budget_detail
from .canaries import GUARD_MARK, IMPORT_CHECKS, _guard_cell, _init_source, _must_fail_source, _verify_source
from .defences import DEAD_ENAME, NOTEBOOK_TIMEOUT_ENAME, SANDBOX_ENAME, TAMPER_ENAME
from .kernel import start_env

BLOCKED_PREFIX = "el encierro de la corrección bloqueó: "
BLOCKED_ADVICE = "Una entrega solo puede usar lo que trae: tu cuaderno y rukh_helpers."
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
    # El estado de los widgets iría en los metadatos del cuaderno, sin límite de tamaño: no se guarda.
    store_widget_state = Bool(False).tag(config=True)

    _report: str | None = None  # el informe del encierro del cuaderno que se ejecuta (ver ``preprocess``)

    @default("iopub_timeout")
    def _wait_for_late_outputs(self):
        # Tras la respuesta de una celda, lo que tarden en llegar sus salidas (nbgrader: 4 s y, si no, falla la
        # entrega entera). En una máquina cargada 4 s no bastan; el tiempo del cuaderno solo se pasa en esto una vez.
        return 20

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
        settings = self.settings
        notebook = ((resources or {}).get("nbgrader") or {}).get("notebook") or "?"
        self._clock = NotebookClock(notebook, settings.notebook_timeout, settings.cell_timeout)
        self._outputs = OutputAllowance(settings.output_max_bytes, settings.notebook_output_max_bytes)
        self._cell_bytes = 0
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
        limit = self._clock.cell_limit()
        if limit is None:  # el cuaderno ya no tiene tiempo: su núcleo no ejecuta nada más
            cell.outputs = [self._clock.error("esta celda no se ejecutó")]
            return cell, self.resources
        self.timeout, self._cell_bytes = limit, 0
        try:
            cell, resources = super().preprocess_cell(cell, resources, index)
        except DeadKernelError:
            self._dead = index
            cell.outputs.append(_error(DEAD_ENAME, "el núcleo murió en esta celda (os._exit, señal o falta de memoria)."))
            return cell, self.resources
        finally:
            self._note_blocked(cell)
            self._clock.after(cell, index)
            self._outputs.finished(cell)
        if (cell.get("metadata", {}).get("curso_guardia") == "verifica"
                and f"CANARIO-BIEN-{self._nonce}" not in _text(cell.get("outputs", []))):
            self._tampered = index
        return cell, resources

    def output(self, outs, msg, display_id, cell_index):
        """Cada salida, según llega del núcleo, dentro del límite de tamaño (``allowances.OutputAllowance``)."""
        out = super().output(outs, msg, display_id, cell_index)
        if out is not None and outs and outs[-1] is out:
            self._cell_bytes = self._outputs.arrived(outs, self._cell_bytes)
        return out

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
    if output.get("ename") == NOTEBOOK_TIMEOUT_ENAME:
        return budget_detail(output)
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
            if NOTEBOOK_TIMEOUT_ENAME in text:
                continue  # no llegó a ejecutarse (o se interrumpió) porque el cuaderno se quedó sin tiempo
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
