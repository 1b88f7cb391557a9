"""Con pytest-xdist, los ítems de un cuaderno van juntos al mismo proceso, y los cuadernos caros primero.

Sus variantes se ejecutan en un solo núcleo la primera vez que un ítem pide su juicio; si los
ítems se repartieran entre procesos, cada uno arrancaría su propio núcleo y repetiría el
cuaderno. Se agrupa por los dos primeros nodos del id (``fichero::cuaderno``), no por la
arroba de ``--dist loadgroup``: hay motivos de catálogo que llevan ``@`` (``q @ k``).

Los grupos salen en el orden de la colección, que ``heaviest_first`` pone del cuaderno más caro
al más barato (no por número de ítems, lo que hace ``loadscope``: el 19, con pocos ítems y el más
caro de ejecutar, salía de los últimos y un proceso se quedaba minutos solo con él mientras el
otro esperaba sin trabajo). Con los caros primero, lo que queda al final son cuadernos de segundos.
"""

from __future__ import annotations

from xdist.scheduler import LoadScopeScheduling


def heaviest_first(notebooks: list) -> list:
    """Los cuadernos del más caro de ejecutar al más barato. El curso va de lo ligero a lo pesado (los últimos
    entrenan y juegan con un decoder): medido, 18, 19, 17 y 16 son los cuatro más caros y del 00 al 08 ninguno
    pasa de la mitad de lo que cuesta el 18. Por eso basta el orden del curso al revés."""
    return list(reversed(notebooks))


class NotebookScheduling(LoadScopeScheduling):
    """``loadscope`` con un grupo por cuaderno, en el orden de la colección (los caros primero)."""

    def _split_scope(self, nodeid: str) -> str:
        return "::".join(nodeid.split("::")[:2])

    def schedule(self) -> None:
        self.config.option.loadscopereorder = False  # no por número de ítems: el orden de heaviest_first
        super().schedule()
