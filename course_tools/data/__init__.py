"""Los datos que el curso reparte dentro de ``rukh_helpers`` y cómo se fabrican.

No forma parte de ``make test``: son órdenes que se ejecutan a mano, deterministas, cuyo
resultado se guarda en el repositorio; ``make check`` comprueba que lo guardado está bien.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from ..layout.course import ROOT

DATA_DIR = ROOT / "rukh_helpers" / "data"  # donde se guardan, y de donde los lee rukh_helpers


def file_sha256(path: Path) -> str:
    """El sha256 de un fichero, como lo escriben las fichas de los datos."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()
