"""Con pytest-xdist, los ítems de un cuaderno van juntos al mismo proceso.

Sus variantes se ejecutan en un solo núcleo la primera vez que un ítem pide su juicio; si los
ítems se repartieran entre procesos, cada uno arrancaría su propio núcleo y repetiría el
cuaderno. Se agrupa por los dos primeros nodos del id (``fichero::cuaderno``), no por la
arroba de ``--dist loadgroup``: hay motivos de catálogo que llevan ``@`` (``q @ k``).
"""

from __future__ import annotations

from xdist.scheduler import LoadScopeScheduling


class NotebookScheduling(LoadScopeScheduling):
    """``loadscope`` con un grupo por cuaderno; los grupos con más ítems salen primero."""

    def _split_scope(self, nodeid: str) -> str:
        return "::".join(nodeid.split("::")[:2])
