"""Un solo commit de rukh por fichero: el del mapa, y el mismo en cada sitio que lo nombra.

La lectura guiada del 19 (y cualquier cuaderno, el README o el glosario) escribe el commit con el
que leyó un fichero de ``borja-glez/rukh`` así: ``**`src/rukh/train/loop.py`** (commit `0ee1814`)``.
``commit_problems`` busca esas menciones (la ruta de rukh entre comillas invertidas y, en la misma
línea, ``commit`` y el hash corto o largo entre comillas invertidas) y falla si dos sitios nombran
commits distintos para el mismo fichero, o si uno no es el de ``[commits]`` en ``data/mapa_rukh.toml``:
dos versiones de rukh a la vez hacen que los números de línea de un sitio no sirvan en el otro.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..layout.course import ROOT, notebooks
from ..rules import cells
from .rukh_map import MAP_FILE, load_map

MENTION = re.compile(r"`(src/rukh/[\w/]+\.py)`[^\n]*?\bcommit `([0-9a-f]{7,40})`")
TEXT_FILES = ("README.md", "GLOSARIO.md")


def mentions(text: str) -> list[tuple[str, str]]:
    """(fichero de rukh, hash) de cada mención ``…`src/rukh/x.py`… commit `hash`…`` de ``text``."""
    return [(m.group(1), m.group(2)) for m in MENTION.finditer(text)]


def course_texts(root: Path = ROOT) -> dict[str, str]:
    """Lo que se lee: las celdas de texto de cada cuaderno de source/, el README y el glosario."""
    texts = {}
    for notebook in notebooks():
        nb = cells.read(notebook.source)
        texts[notebook.slug] = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    for name in TEXT_FILES:
        path = Path(root) / name
        if path.exists():
            texts[name] = path.read_text(encoding="utf-8")
    return texts


def commit_problems(texts: dict[str, str] | None = None, map_path: Path = MAP_FILE) -> list[str]:
    """Los ficheros de rukh que dos sitios leen en commits distintos; vacío si todos coinciden."""
    commits, _, _ = load_map(map_path)
    named: dict[str, dict[str, list[str]]] = {}
    for file, sha in commits.items():
        named.setdefault(file, {}).setdefault(sha, []).append(Path(map_path).name)
    for where, text in (course_texts() if texts is None else texts).items():
        for file, sha in mentions(text):
            full = next((known for known in named.get(file, {}) if known.startswith(sha)), sha)
            named.setdefault(file, {}).setdefault(full, []).append(where)
    problems = []
    for file, by_sha in sorted(named.items()):
        if len(by_sha) > 1:
            listed = "; ".join(f"{sha[:7]} en {', '.join(sorted(set(places)))}" for sha, places in sorted(by_sha.items()))
            problems.append(f"{file}: dos sitios nombran commits distintos de rukh ({listed}); "
                            f"elige uno, el de [commits] de {Path(map_path).name}, y fija a él todos")
    return problems
