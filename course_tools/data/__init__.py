"""Los datos que el curso reparte dentro de ``rukh_helpers`` y cómo se fabrican.

No forma parte de ``make test``: son órdenes que se ejecutan a mano, deterministas, cuyo
resultado se guarda en el repositorio; ``make check`` comprueba que lo guardado está bien.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ..layout.course import ROOT

DATA_DIR = ROOT / "rukh_helpers" / "data"  # donde se guardan, y de donde los lee rukh_helpers


def file_sha256(path: Path) -> str:
    """El sha256 de un fichero, como lo escriben las fichas de los datos."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def write_meta(path: Path, meta: dict) -> None:
    """Escribe la ficha de un dato: JSON con sangría, sin escapar los acentos y con salto de línea al final."""
    Path(path).write_text(json.dumps(meta, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
