"""Lo que una entrega puede gastar al corregirse: tiempo del cuaderno entero y tamaño de sus salidas.

``GuardedExecute`` (``guard.py``) usa las dos piezas con los ajustes del curso (``settings.CourseSettings``):

* ``NotebookClock``: el tiempo de un cuaderno, sumando todas sus celdas (``notebook_timeout``), además del de cada
  celda (``cell_timeout``). Cada celda recibe como límite lo que quede; cuando se acaba, la celda que corría se
  interrumpe y las siguientes no se ejecutan: lo ya puntuado se queda, el resto vale 0, y la tabla dice
  ``timeout`` con el cuaderno y los segundos. Así una clase se corrige en como mucho alumnos × tiempo / trabajadores.
* ``OutputAllowance``: el tamaño de cada salida, de cualquier tipo (texto, imagen, HTML, JSON, widgets), y el de
  todas las de un cuaderno (``output_max_bytes``, ``notebook_output_max_bytes``). Una salida que no cabe se cambia
  por una nota en castellano (``TOO_BIG_MARK``, código ``output-too-big``) según llega del núcleo, y otra vez al
  acabar cada celda (una salida puede crecer después con ``update_display``). Un texto de ``print`` se recorta en
  vez de cambiarse (código ``output-truncated``), como los que recorta ``TruncateOutput``.
"""

from __future__ import annotations

import json
import math
import time

from nbformat.v4 import new_output

from ..settings import MB
from .defences import NOTEBOOK_TIMEOUT_ENAME, TOO_BIG_MARK, TRUNCATED_MARK


class NotebookClock:
    """El tiempo que le queda a un cuaderno; empieza a contar con su primera celda."""

    def __init__(self, notebook: str, budget: int, cell_timeout: int):
        self.notebook, self.budget, self.cell_timeout = notebook, budget, cell_timeout
        self.deadline: float | None = None
        self.spent_at: int | None = None  # la celda en que se acabó el tiempo

    def cell_limit(self) -> int | None:
        """Segundos para la celda que va a empezar (``None``: ya no queda tiempo)."""
        now = time.monotonic()
        if self.deadline is None:
            self.deadline = now + self.budget
        remaining = self.deadline - now
        if self.spent_at is not None or remaining <= 0:
            return None
        return max(1, min(self.cell_timeout, math.ceil(remaining)))

    def after(self, cell, index: int) -> None:
        """Tras una celda: si se interrumpió porque el cuaderno se quedó sin tiempo, lo dice en ella."""
        if self.spent_at is None and self.deadline is not None and time.monotonic() >= self.deadline - 0.5 and any(
                out.get("ename") == "CellTimeoutError" for out in cell.get("outputs", [])):
            self.spent_at = index
            cell.outputs.append(self.error("esta celda se interrumpió y las siguientes no se ejecutan"))

    def error(self, what: str):
        return new_output("error", ename=NOTEBOOK_TIMEOUT_ENAME, evalue=f"{self.summary()}: {what}.",
                          traceback=[f"{NOTEBOOK_TIMEOUT_ENAME}: {self.summary()}: {what}."])

    def summary(self) -> str:
        return f"el cuaderno {self.notebook} pasó de {self.budget} s en total"


def budget_detail(output) -> str:
    """«el cuaderno X pasó de N s en total», del error que pone ``NotebookClock``."""
    return output.get("evalue", "").split(":", 1)[0]


def size_of(output) -> int:
    """Bytes de una salida tal como irá en el cuaderno (JSON)."""
    return len(json.dumps(output, ensure_ascii=False).encode("utf-8", "replace"))


def too_big_note(size: int, limit: int, scope: str):
    return new_output("display_data", data={"text/plain": (
        f"[salida de {size / MB:.1f} MB {TOO_BIG_MARK} (límite: {limit / MB:.0f} MB {scope}). "
        "Las figuras y tablas del curso ocupan mucho menos: muestra menos datos.]")})


class OutputAllowance:
    """Cuánto pueden ocupar las salidas de un cuaderno: cada una y todas juntas."""

    def __init__(self, per_output: int, per_notebook: int):
        self.per_output, self.per_notebook = per_output, per_notebook
        self.kept = 0  # bytes de las salidas de las celdas ya terminadas
        self.noted = False  # la celda que corre ya tiene su nota

    def _fit(self, output, used: int):
        """``output`` o la nota que la sustituye, y los bytes que suma. Un texto de la salida estándar se recorta
        (como ``TruncateOutput``: se ve el principio) en vez de cambiarse."""
        size = size_of(output)
        room = min(self.per_output, self.per_notebook - used) - 1024
        if output.get("output_type") == "stream" and size > room > 0:
            cut = new_output("stream", name=output.get("name", "stdout"),
                             text=output.get("text", "")[: room // 4] + f"\n[… salida {TRUNCATED_MARK} …]\n")
            return cut, size_of(cut)
        if size > self.per_output:
            note = too_big_note(size, self.per_output, "por salida")
        elif used + size > self.per_notebook:
            note = too_big_note(size, self.per_notebook, "por cuaderno")
        else:
            return output, size
        return note, size_of(note)

    def arrived(self, outs: list, cell_bytes: int) -> int:
        """La salida que acaba de llegar (la última de ``outs``), dentro del límite; los bytes de la celda."""
        fitted, size = self._fit(outs[-1], self.kept + cell_bytes)
        if fitted is not outs[-1]:
            if self.noted:
                fitted, size = new_output("stream", name="stdout", text=""), 0  # una nota por celda basta
            outs[-1], self.noted = fitted, True
        return cell_bytes + size

    def finished(self, cell) -> None:
        """Al acabar una celda: otra vez cada salida (``update_display`` cambia una ya llegada) y las cuenta."""
        used = self.kept
        for i, output in enumerate(cell.get("outputs", [])):
            cell.outputs[i], size = self._fit(output, used)
            used += size
        self.kept, self.noted = used, False
