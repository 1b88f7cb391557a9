"""Antes de corregir: qué le pasa a una entrega y qué copia de ella se corrige.

Todo es una función de bytes a bytes: la entrega original no se toca nunca. Lo que se arregla
(un nombre de fichero equivocado, celdas duplicadas) se arregla en la copia que se corrige.
"""

from __future__ import annotations

import json
from pathlib import PurePosixPath

import nbformat

from ..rules import cells
from ..layout.course import notebook_file, notebook_name
from .model import AssignmentSpec, Problem, problem
from .preprocessors import keep_first_copies

# Textos que el código del alumno no debería contener: no cambian la nota, avisan al profesor.
SUSPICIOUS = {
    "gradebook": "menciona la libreta de notas (gradebook)",
    "os._exit": "llama a os._exit",
    "submitted/": "toca la carpeta submitted/",
    "autograded/": "toca la carpeta autograded/",
    "builtins": "toca builtins",
    "ctypes": "llama al sistema directamente (ctypes)",
    "os.mknod": "crea nodos de dispositivo",
    "rukh_helpers.checks.": "toca rukh_helpers.checks",
    "sys.modules": "toca sys.modules",
}


def prepare(files: dict[str, bytes], spec: AssignmentSpec) -> tuple[dict[str, bytes], list[Problem], bool]:
    """La copia que se corrige, los problemas encontrados y si se puede corregir."""
    problems: list[Problem] = []
    graded = dict(files)
    notebooks_found = sorted(rel for rel in files if notebook_name(rel) is not None and "/" not in rel)
    expected = {notebook_file(name) for name in spec.notebooks}
    extra = [rel for rel in notebooks_found if rel not in expected]
    for name in spec.notebooks:
        target = notebook_file(name)
        if target not in graded:
            if len(extra) == 1:
                problems.append(problem("wrong-name", found=extra[0], name=target))
                graded[target] = graded.pop(extra[0])
                extra = []
            else:
                problems.append(problem("missing-notebook", name=target))
                continue
        try:
            nb = nbformat.reads(graded[target].decode("utf-8"), as_version=4)
        except (ValueError, UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError, AttributeError, nbformat.ValidationError):
            problems.append(problem("broken-json", name=target))
            return graded, problems, False
        defined = spec.definition.get(name, {})
        if any(defined.get(kind) for kind in ("grade_cells", "solution_cells")) and not any(
                cells.grade_id(c) for c in nb.cells):
            # Sin ninguna celda de nbgrader, nbgrader no sabe corregirlo: se trata como si faltara.
            problems.append(problem("no-metadata", name=target))
            del graded[target]
            continue
        found, fixed = _inspect_notebook(nb, name, spec)
        problems.extend(found)
        if any(p.code == "other-assignment" for p in found):
            return graded, problems, False
        if fixed:
            graded[target] = nbformat.writes(nb).encode("utf-8")
    problems.extend(problem("extra-file", name=PurePosixPath(rel).name) for rel in extra)
    gradable = any(notebook_file(name) in graded for name in spec.notebooks)
    return graded, problems, gradable


def _inspect_notebook(nb, name: str, spec: AssignmentSpec) -> tuple[list[Problem], bool]:
    """Problemas de un cuaderno y si hubo que arreglarlo (celdas duplicadas)."""
    problems: list[Problem] = []
    ids = [cells.grade_id(c) for c in nb.cells if cells.is_graded_test(c)]
    wanted = list(spec.test_ids.get(name, ()))
    if wanted and ids and not set(ids) & set(wanted):
        others = ", ".join(sorted({i.split("-")[0] for i in ids}))
        return [problem("other-assignment", name=notebook_file(name), others=others)], False
    fixed = keep_first_copies(nb)
    if fixed:
        problems.append(problem("duplicate-cells"))
    ids = [cells.grade_id(c) for c in nb.cells if cells.is_graded_test(c)]
    if set(wanted) - set(ids):
        problems.append(problem("tests-deleted", count=len(set(wanted) - set(ids))))
    edited = edited_tests(nb, spec.test_sources.get(name, {}))
    if edited:
        problems.append(problem("tests-edited", count=len(edited)))
    learner_code = "\n".join(c.source for c in nb.cells if c.cell_type == "code"
                             and (cells.is_solution(c) or not cells.nbgrader_meta(c)))
    warnings = [text for token, text in SUSPICIOUS.items() if token in learner_code]
    if warnings:
        problems.append(problem("suspicious-code", what=", ".join(warnings)))
    return problems, fixed


def edited_tests(nb, originals: dict[str, str]) -> list[str]:
    """grade_id de las celdas de tests cuyo código visible no es el original (o cuya suma de control no cuadra)."""
    from nbgrader.utils import compute_checksum

    def visible(source: str) -> str:
        return cells.strip_hidden_tests(source).strip()

    edited = []
    for cell in nb.cells:
        if not cells.is_graded_test(cell):
            continue
        gid, checksum = cells.grade_id(cell), cells.nbgrader_meta(cell).get("checksum")
        if (gid in originals and visible(cell.source) != visible(originals[gid])) or (
                checksum and compute_checksum(cell) != checksum):
            edited.append(gid)
    return edited
