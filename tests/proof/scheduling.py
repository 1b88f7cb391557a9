"""Con pytest-xdist, los ítems de un cuaderno van juntos al mismo proceso, y los cuadernos caros primero.

Sus variantes se ejecutan en un solo núcleo la primera vez que un ítem pide su juicio; si los
ítems se repartieran entre procesos, cada uno arrancaría su propio núcleo y repetiría el
cuaderno. Se agrupa por los dos primeros nodos del id (``fichero::cuaderno``), no por la
arroba de ``--dist loadgroup``: hay motivos de catálogo que llevan ``@`` (``q @ k``).

Los grupos salen en el orden de la colección, que ``by_notebook`` pone del cuaderno más caro
al más barato (no por número de ítems, lo que hace ``loadscope``: el 19, con pocos ítems y el más
caro de ejecutar, salía de los últimos y un proceso se quedaba minutos solo con él mientras el
otro esperaba sin trabajo). Con los caros primero, lo que queda al final son cuadernos de segundos.
Los juegos independientes (``test_independent_sets.py``, un ítem por cuaderno) se intercalan con ellos
(``by_notebook``): sin eso iban todos delante, del 00 al 19, y el 18 y el 19 de las respuestas
equivocadas empezaban a mitad de la etapa (256 s de reloj con 367 s de CPU en dos procesos).
"""

from __future__ import annotations

import re

from xdist.scheduler import LoadScopeScheduling


def heaviest_first(notebooks: list) -> list:
    """Los cuadernos del más caro de ejecutar al más barato. El curso va de lo ligero a lo pesado (los últimos
    entrenan y juegan con un decoder): medido, 18, 19, 17 y 16 son los cuatro más caros y del 00 al 08 ninguno
    pasa de la mitad de lo que cuesta el 18. Por eso basta el orden del curso al revés."""
    return list(reversed(notebooks))


WRONG_ANSWERS = "test_wrong_answers.py"


def _slug(nodeid: str, slugs: set) -> str | None:
    """El cuaderno de un ítem: el segundo nodo (``fichero::cuaderno::…``) o el parámetro (``test[cuaderno]``)."""
    parts = nodeid.split("::")
    if len(parts) > 1 and parts[1] in slugs:
        return parts[1]
    found = re.search(r"\[([^\]]+)\]$", parts[-1])
    return found.group(1) if found and found.group(1) in slugs else None


def by_notebook(items: list, notebooks: list) -> None:
    """Ordena en su sitio los ítems por cuaderno, del más caro al más barato (``heaviest_first``); en cada
    cuaderno, primero las respuestas equivocadas (lo más caro) y después lo demás, cada cosa como estaba; los
    ítems sin cuaderno, detrás."""
    order = {n.slug: i for i, n in enumerate(heaviest_first(notebooks))}
    slugs = set(order)
    items.sort(key=lambda item: (order.get(_slug(item.nodeid, slugs), len(order)), WRONG_ANSWERS not in item.nodeid))


class NotebookScheduling(LoadScopeScheduling):
    """``loadscope`` con un grupo por cuaderno, en el orden de la colección (los caros primero)."""

    def _split_scope(self, nodeid: str) -> str:
        return "::".join(nodeid.split("::")[:2])

    def schedule(self) -> None:
        self.config.option.loadscopereorder = False  # no por número de ítems: el orden de by_notebook
        super().schedule()
