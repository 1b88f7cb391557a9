"""Tres preprocesadores pequeños del curso para nbgrader (``KeepFirstIds``, ``HideHiddenTests``,
``TruncateOutput``); las defensas grandes están en ``guard.py``.

Las cadenas que los usan están en ``nbgrader_config.py``, con cada preprocesador por su nombre (nbconvert
lo importa al registrarlo), así que un ``nbgrader autograde`` o un ``nbgrader generate_feedback`` a secas
en este curso hace lo mismo que ``make grade`` y ``make feedback``, y leer esa configuración no importa
este paquete:

* autograde, al sanear la entrega: ``KeepFirstIds`` antes del ``DeduplicateIds`` de nbgrader
  (que se queda con la última copia) y ``InsertCanaries`` (``guard.py``) tras ``OverwriteCells``;
* autograde, al ejecutar: ``GuardedExecute`` y ``CheckCanaries`` (``guard.py``) y ``TruncateOutput``,
  que recorta salidas gigantes, alrededor de los de nbgrader;
* devolución: ``HideHiddenTests`` tras ``GetGrades`` y la plantilla en castellano de
  ``templates/feedback``.
"""

from __future__ import annotations

from traitlets import Integer

from nbgrader.preprocessors import NbGraderPreprocessor

from ..rules import cells
from .defences import TRUNCATED_MARK



def keep_first_copies(nb) -> bool:
    """Con grade_id repetidos cuenta la primera copia; las demás pasan a ser celdas normales. ¿Cambió algo?"""
    seen, changed = set(), False
    for cell in nb.cells:
        gid = cells.grade_id(cell)
        if gid and gid in seen:
            cell.metadata.pop("nbgrader", None)
            changed = True
        elif gid:
            seen.add(gid)
    return changed


class KeepFirstIds(NbGraderPreprocessor):
    """Celdas con el mismo grade_id: puntúa la primera (``DeduplicateIds`` de nbgrader se queda con la última)."""

    def preprocess(self, nb, resources):
        if keep_first_copies(nb):
            self.log.warning("Hay celdas repetidas: cuenta la primera copia de cada una.")
        return nb, resources


class HideHiddenTests(NbGraderPreprocessor):
    """En la devolución, las celdas de tests sin el código de los tests ocultos y cada error como «Nombre: mensaje»."""

    def preprocess_cell(self, cell, resources, index):
        if cells.is_graded_test(cell):
            cell.source = cells.strip_hidden_tests(cell.source).rstrip("\n")
            for out in cell.get("outputs", []):
                if out.get("output_type") == "error":
                    out["traceback"] = [cells.error_message([out])]
        return cell, resources


class TruncateOutput(NbGraderPreprocessor):
    """Recorta cada salida de texto a ``max_chars`` caracteres. Las imágenes no son texto: una figura o un
    tablero en SVG pasan enteros (recortados, la devolución los mostraría rotos)."""

    max_chars = Integer(20_000).tag(config=True)

    def preprocess_cell(self, cell, resources, index):
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream" and len(out.get("text", "")) > self.max_chars:
                out["text"] = out["text"][: self.max_chars] + f"\n[… salida {TRUNCATED_MARK} …]\n"
                cell.metadata["curso_recortada"] = True
            for key, value in list(out.get("data", {}).items()):
                if isinstance(value, str) and len(value) > self.max_chars and not key.startswith("image/"):
                    out["data"][key] = value[: self.max_chars] + f"\n[… salida {TRUNCATED_MARK} …]"
                    cell.metadata["curso_recortada"] = True
        return cell, resources
