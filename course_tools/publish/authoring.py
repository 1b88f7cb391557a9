"""Ayuda para escribir cuadernos fuente con los metadatos de nbgrader correctos.

Ejemplo (en un guion propio, fuera del repositorio)::

    from course_tools.publish.authoring import NotebookWriter
    w = NotebookWriter("03")
    w.title("# 03 · Tensores", "Qué aprenderás... y qué cuaderno va antes.")
    w.setup()
    w.markdown("## Forma")
    w.code("x = torch.zeros(2, 3)\\nx.shape")
    w.exercise("suma-columnas", points=2, task="...", solution="...", tests="...", hidden="...")
    w.save("source/03-tensores/03-tensores.ipynb")
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from ..rules import cells, render
from ..kernels.spec import NOTEBOOK_KERNELSPEC

BADGE_PLACEHOLDER = "[![Abrir en Colab](x)](x)"
LANGUAGE_INFO = {"name": "python"}


def nbgrader(grade_id: str, *, solution=False, grade=False, locked=False, points=None) -> dict:
    meta = {
        "grade": grade,
        "grade_id": grade_id,
        "locked": locked,
        "schema_version": 3,
        "solution": solution,
        "task": False,
    }
    if grade:
        meta["points"] = points
    return meta


SETUP_TEMPLATE = '''\
# Preparación (no la cambies): instala las ayudas del curso solo si faltan (Colab),
# fija las semillas y dice en qué dispositivo vas a calcular.
try:
    import rukh_helpers
except ImportError:
{install}
    import rukh_helpers
import torch
from rukh_helpers import describe_device, seed_everything

seed_everything(0)
print(describe_device())'''


class NotebookWriter:
    """Construye un cuaderno fuente celda a celda; los grade_id llevan el número del cuaderno delante."""

    def __init__(self, number: str):
        self.number = number
        self.nb = new_notebook(metadata={"kernelspec": dict(NOTEBOOK_KERNELSPEC), "language_info": LANGUAGE_INFO})
        self._locked = 0

    def _locked_id(self) -> str:
        self._locked += 1
        return f"nb{self.number}-fijo-{self._locked:02d}"

    def title(self, heading: str, body: str) -> None:
        text = f"{heading}\n\n{BADGE_PLACEHOLDER}\n\n{body}"
        cell = new_markdown_cell(text, metadata={"nbgrader": nbgrader(self._locked_id(), locked=True)})
        self.nb.cells.append(cell)

    def setup(self, extra: str = "") -> None:
        source = SETUP_TEMPLATE.format(install="    " + render.install_command())
        if extra:
            source += "\n" + extra.strip("\n")
        meta = {"nbgrader": nbgrader(self._locked_id(), locked=True), "tags": ["nbval-ignore-output"]}
        self.nb.cells.append(new_code_cell(source, metadata=meta))

    def markdown(self, text: str, locked: bool = False) -> None:
        meta = {"nbgrader": nbgrader(self._locked_id(), locked=True)} if locked else {}
        self.nb.cells.append(new_markdown_cell(text.strip("\n"), metadata=meta))

    def code(self, source: str, tags: list[str] | None = None) -> None:
        meta = {"tags": list(tags)} if tags else {}
        self.nb.cells.append(new_code_cell(source.strip("\n"), metadata=meta))

    def exercise(self, name: str, *, points: int, task: str, solution: str, tests: str, hidden: str) -> None:
        """Enunciado (bloqueado), celda de solución y celda de tests (bloqueada, con tests ocultos)."""
        gid = f"nb{self.number}-{name}"
        self.markdown(task, locked=True)
        self.nb.cells.append(new_code_cell(solution.strip("\n"), metadata={"nbgrader": nbgrader(gid, solution=True)}))
        begin, end = cells.hidden_delimiters()  # los de ClearHiddenTests, tras la marca de comentario
        test_source = tests.strip("\n") + f"\n\n### {begin}\n" + hidden.strip("\n") + f"\n### {end}"
        meta = {"nbgrader": nbgrader(f"{gid}-tests", grade=True, locked=True, points=points)}
        self.nb.cells.append(new_code_cell(test_source, metadata=meta))

    def save(self, path: str | Path) -> None:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.validate(self.nb)
        nbformat.write(self.nb, str(path))
