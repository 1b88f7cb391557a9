"""El mapa de rukh: cada construcción de sus ficheros, y el cuaderno que la enseña, como datos comprobados.

``data/mapa_rukh.toml`` lista, por cada construcción de ``decoder.py``, ``layers.py``, ``loop.py`` y los
ficheros que los acompañan, el fichero de ``borja-glez/rukh``, sus líneas en el *commit* con el que se
leyó (``[commits]``), qué es y el cuaderno que la enseña, con un patrón (expresión regular) que ese
cuaderno tiene que mostrar en su código. ``make check`` falla si un cuaderno nombrado no existe, si no
muestra su patrón en ninguna celda de código (las de tests no enseñan nada, y la celda dada del 19 es
copia del 18) o si una entrada está mal escrita. Así la lectura guiada del cuaderno 19 no puede prometer lo que el curso ya no enseña.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..rules import cells
from ..layout.course import Notebook
from .given_cells import GIVEN_TAG

MAP_FILE = Path(__file__).resolve().parents[1] / "data" / "mapa_rukh.toml"
COMMIT = re.compile(r"^[0-9a-f]{40}$")


@dataclass(frozen=True)
class Construct:
    file: str
    lines: tuple[int, int]
    construct: str
    notebook: str
    pattern: str

    def __str__(self) -> str:
        return f"{self.file}:{self.lines[0]}-{self.lines[1]} ({self.construct})"


def load_map(path: Path = MAP_FILE) -> tuple[dict[str, str], list[Construct], list[str]]:
    """(commit de cada fichero, construcciones, problemas de forma) de un fichero de mapa."""
    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    commits = dict(data.get("commits", {}))
    problems = [f"{path.name}: el commit de {name} no son 40 cifras hexadecimales" for name, sha in commits.items()
                if not COMMIT.match(str(sha))]
    found = []
    for number, entry in enumerate(data.get("construct", []), start=1):
        try:
            first, last = (int(n) for n in entry["lines"])
            item = Construct(str(entry["file"]), (first, last), str(entry["construct"]), str(entry["notebook"]),
                             str(entry["pattern"]))
        except (KeyError, TypeError, ValueError) as err:
            problems.append(f"{path.name}: la entrada {number} necesita file, lines = [primera, última], construct, "
                            f"notebook y pattern ({type(err).__name__}: {err})")
            continue
        if item.file not in commits:
            problems.append(f"{path.name}: {item}: {item.file} no tiene commit en [commits]")
        if not 1 <= first <= last:
            problems.append(f"{path.name}: {item}: las líneas deben ir de menor a mayor, desde 1")
        found.append(item)
    return commits, found, problems


def _code_of(path: Path) -> str:
    """El código que el cuaderno enseña: sus celdas de código menos las de tests y las dadas (copia de otro cuaderno)."""
    nb = cells.read(path)
    return "\n".join(c.source for c in nb.cells if c.cell_type == "code" and not cells.is_graded_test(c)
                     and GIVEN_TAG not in cells.tags(c))


def map_problems(path: Path = MAP_FILE, source_dir: Path | None = None) -> list[str]:
    """Lo que el mapa promete y el curso no cumple; vacío si todo está en su sitio."""
    _, constructs, problems = load_map(path)
    code: dict[str, str | None] = {}
    for item in constructs:
        if item.notebook not in code:
            source = Notebook(item.notebook, source_dir and Path(source_dir)).source
            code[item.notebook] = _code_of(source) if source.exists() else None
        shown = code[item.notebook]
        if shown is None:
            problems.append(f"{path.name}: {item}: el cuaderno {item.notebook} no existe en source/")
            continue
        try:
            found = re.search(item.pattern, shown)
        except re.error as err:
            problems.append(f"{path.name}: {item}: el patrón {item.pattern!r} no es una expresión regular ({err})")
            continue
        if not found:
            problems.append(f"{path.name}: {item}: el cuaderno {item.notebook} ya no muestra en su código "
                            f"{item.pattern!r}; enséñalo allí o corrige el mapa")
    return problems
