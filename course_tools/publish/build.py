"""Construcción: source/ → release/ (nbgrader) y source/ → notebooks/ (resueltos y ejecutados).

``make release`` no escribe en source/. La versión de alumno la hace ``nbgrader generate_assignment``
con la cadena de ``nbgrader_config.py``, que lleva los dos pasos del curso
(``release_preprocessors``): por eso ``nbgrader generate_assignment NN-slug --force`` a secas, desde la
raíz, da el mismo release/.
"""

from __future__ import annotations

import copy
import shutil
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import nbformat

from ..rules import cells, render
from ..layout.course import LAYOUT, RELEASE, ROOT, SOURCE, Course, Notebook, notebooks, where
from ..kernels.execution import kernel_env, notebook_client
from ..kernels.spec import KERNEL_NAME


class BuildError(RuntimeError):
    """La construcción no pudo terminar; el mensaje nombra el cuaderno y la celda."""


def rendered_source(notebook: Notebook) -> nbformat.NotebookNode:
    """El cuaderno fuente con su insignia (hacia release/), su línea de instalación y su navegación al día."""
    nb = cells.read(notebook.source)
    try:
        render.render_notebook(nb, notebook, notebook.release, flat=False, glossary=False)
    except ValueError as err:
        raise BuildError(f"{notebook.source}: {err}") from None
    return nb


def prepare_course(root: Path, selected: list[Notebook], db_url: str | None = None):
    """Crea en ``root`` un curso de nbgrader con las fuentes de ``selected`` y genera sus versiones de alumno."""
    course = Course(root, db_url)
    for notebook in selected:
        shutil.copytree(notebook.source.parent, course.layout.assignment(SOURCE, notebook.slug),
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    api = course.api()
    for notebook in selected:
        result = api.generate_assignment(notebook.slug, force=True, create=True)
        if not result["success"]:
            raise BuildError(f"nbgrader no pudo generar {notebook.slug}:\n{result.get('error') or result.get('log')}")
    return api


def release_notebooks(selected: list[Notebook]) -> dict[str, nbformat.NotebookNode]:
    """Las versiones de alumno que nbgrader genera, por slug, sin tocar el repositorio."""
    with tempfile.TemporaryDirectory(prefix="curso-release-") as tmp:
        course = Course(Path(tmp))
        prepare_course(course.root, selected)
        return {n.slug: cells.read(course.layout.notebook(RELEASE, n.slug)) for n in selected}


def worked_unexecuted(notebook: Notebook) -> nbformat.NotebookNode:
    """El cuaderno resuelto antes de ejecutar: soluciones dentro, tests ocultos fuera, sin metadatos de nbgrader."""
    nb = cells.read(notebook.source)
    render.render_notebook(nb, notebook, notebook.worked, flat=True)  # en notebooks/ todos los cuadernos están juntos
    for cell in nb.cells:
        cell.metadata.pop("nbgrader", None)
        if cell.cell_type == "code":
            cell.source = cells.strip_solution_markers(cells.strip_hidden_tests(cell.source)).rstrip("\n")
            cell.outputs = []
            cell.execution_count = None
    return nb


def execute(nb: nbformat.NotebookNode, label: str, cwd: Path | None = None,
            kernel: str = KERNEL_NAME) -> nbformat.NotebookNode:
    """Ejecuta un cuaderno en un núcleo nuevo con un solo hilo de cálculo (salidas reproducibles).

    El núcleo es el caliente del curso, que nace por fork de un padre que ya importó torch
    (``course_tools.kernels``); las salidas son las mismas que con el python3 de Jupyter, que es el que da
    ``kernel="python3"`` (el suelo de ``make bench``).
    """
    from nbclient.exceptions import CellExecutionError

    nb = copy.deepcopy(nb)
    with tempfile.TemporaryDirectory(prefix="curso-exec-") as tmp:
        client = notebook_client(nb, cwd or tmp, name=kernel)
        try:
            client.execute(env=kernel_env(), cleanup_kc=True)  # el núcleo se apaga al acabar
        except CellExecutionError as err:
            raise BuildError(f"{label}: una celda falló al ejecutarse:\n{err}") from None
    return coalesce_streams(nb)


def coalesce_streams(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Une los trozos seguidos de stdout (o de stderr) con el preprocesador de nbconvert: el núcleo
    los parte según el momento, y así dos construcciones iguales dan ficheros idénticos."""
    from nbconvert.preprocessors import CoalesceStreamsPreprocessor

    nb, _ = CoalesceStreamsPreprocessor().preprocess(nb, {})
    return nb


VOLATILE_TAG = "nbval-ignore-output"


def keep_volatile_outputs(new: nbformat.NotebookNode, old_path: Path) -> nbformat.NotebookNode:
    """Las celdas de salida variable (tiempos, direcciones de memoria) conservan la salida guardada
    mientras su código no cambie: así reconstruir sin cambios da ficheros idénticos."""
    if not old_path.exists():
        return new
    old_cells = {c.source: c for c in cells.read(old_path).cells if c.cell_type == "code"}
    for cell in new.cells:
        previous = old_cells.get(cell.source)
        if cell.cell_type == "code" and VOLATILE_TAG in cells.tags(cell) and previous is not None:
            cell.outputs = previous.outputs
    return new


def worked_notebook(notebook: Notebook) -> nbformat.NotebookNode:
    executed = execute(worked_unexecuted(notebook), str(notebook.worked.relative_to(ROOT)))
    return keep_volatile_outputs(executed, notebook.worked)


def _write_worked(notebook: Notebook) -> Path:
    cells.write(worked_notebook(notebook), notebook.worked)
    return notebook.worked


def build(selected: list[Notebook] | None = None, jobs: int = 2) -> None:
    """``make release``: escribe release/ y notebooks/ de los cuadernos elegidos y la tabla de cuadernos del
    README. No toca source/."""
    selected = selected or notebooks()
    readme = ROOT / "README.md"
    current = readme.read_text(encoding="utf-8")
    updated = render.render_readme(current, notebooks())
    if updated != current:
        readme.write_text(updated, encoding="utf-8")
        print("actualizada la tabla de cuadernos de README.md")
    released = release_notebooks(selected)
    for notebook in selected:
        notebook.release.parent.mkdir(parents=True, exist_ok=True)
        cells.write(released[notebook.slug], notebook.release)
        print(where(notebook.release))
    LAYOUT.worked_dir.mkdir(exist_ok=True)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for path in pool.map(_write_worked, selected):
            print(where(path))
