"""Barra de progreso en la terminal: hechos/total, ritmo y tiempo restante."""

from __future__ import annotations

import sys
import time


class Progress:
    """Una línea que se reescribe en una terminal, o una línea por paso en un registro."""

    def __init__(self, total: int, stream=None):
        self.total, self.done, self.started = total, 0, time.monotonic()
        self.stream = stream or sys.stdout
        self.tty = self.stream.isatty()

    def step(self, label: str = "") -> None:
        self.done += 1
        elapsed = time.monotonic() - self.started
        rate = self.done / elapsed if elapsed else 0.0
        eta = (self.total - self.done) / rate if rate else 0.0
        filled = int(30 * self.done / max(self.total, 1))
        line = (f"[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.total}  "
                f"{rate * 60:.1f} cuadernos/min  quedan ~{int(eta) // 60}:{int(eta) % 60:02d}  {label}")
        if self.tty:
            self.stream.write("\r" + line[:120].ljust(120) + ("\n" if self.done == self.total else ""))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()
