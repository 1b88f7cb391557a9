"""``make bench``: corrección en paralelo frente a una llamada secuencial de nbgrader, y suelos.

Clase sintética: ``students`` alumnos × 2 cuadernos (los dos primeros de source/; si solo hay
uno, ese). Un tercio entrega la solución, un tercio el cuaderno sin rellenar y el resto la
solución con un ejercicio vacío.
"""

from __future__ import annotations

import copy
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_notebook

from ..rules import cells
from ..publish.build import execute, prepare_course
from ..layout.course import LAYOUT, RELEASE, SOURCE, SUBMITTED, Course, notebooks, notebooks_in
from ..kernels.spec import COLD_KERNEL_NAME, NOTEBOOK_KERNELSPEC
from .gradebook import scores as gradebook_scores
from .run import grade_all


def _synthetic_class(root: Path, slugs: list[str], students: int) -> None:
    layout = Course(root).layout
    for slug in slugs:
        solved = nbformat.read(str(layout.notebook(SOURCE, slug)), as_version=4)
        release = nbformat.read(str(layout.notebook(RELEASE, slug)), as_version=4)
        partial = copy.deepcopy(solved)
        blanks = [c for c in release.cells if cells.is_solution(c)]
        for cell, blank in zip([c for c in partial.cells if cells.is_solution(c)], blanks[:1]):
            cell.source = blank.source
        for i in range(students):
            target = layout.notebook(SUBMITTED, slug, student=f"alumno-{i:02d}")
            target.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write([solved, release, partial][i % 3], str(target))


# El suelo con el que se compara: el núcleo de Jupyter de siempre (COLD_KERNEL_NAME), arrancado en frío.


def _floor_seconds() -> float:
    started = time.monotonic()
    execute(new_notebook(cells=[new_code_cell("import torch")],
                         metadata={"kernelspec": dict(NOTEBOOK_KERNELSPEC)}),
            "suelo", kernel=COLD_KERNEL_NAME)
    return time.monotonic() - started


def _cpu_used() -> float:
    """CPU (usuario + sistema) de este proceso y de los hijos que ya terminaron."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


NOTEBOOK_SECONDS = 30  # lo más que puede tardar un cuaderno resuelto en ejecutarse entero en esta máquina


def run_bench(students: int = 40, jobs: int = 2) -> int:
    from ..kernels.bench import run_bench as kernel_bench

    kernel_bench()
    selected = notebooks()[:2]
    slugs = [n.slug for n in selected]
    if len(slugs) == 1:
        print("Solo hay un cuaderno en source/: la clase sintética se mide con ese único cuaderno.")
    total = students * len(slugs)
    with tempfile.TemporaryDirectory(prefix="curso-bench-") as tmp:
        par_root, seq_root = Path(tmp) / "paralelo", Path(tmp) / "secuencial"
        for root in (par_root, seq_root):
            root.mkdir()
            prepare_course(root, selected)
            _synthetic_class(root, slugs, students)
        started, cpu = time.monotonic(), _cpu_used()
        outcomes = grade_all(par_root, selected=selected, jobs=jobs, redo=True)
        parallel, parallel_cpu = time.monotonic() - started, _cpu_used() - cpu
        started, cpu = time.monotonic(), _cpu_used()
        for slug in slugs:  # nbgrader tal cual: una llamada por tarea, todos los alumnos en serie
            subprocess.run([str(Path(sys.executable).parent / "nbgrader"), "autograde", slug, "--force",
                            f"--CourseDirectory.root={seq_root}",
                            f"--CourseDirectory.db_url=sqlite:///{Course(seq_root).layout.gradebook}"],
                           cwd=seq_root, check=True, capture_output=True)
        sequential, sequential_cpu = time.monotonic() - started, _cpu_used() - cpu
        seq_db = f"sqlite:///{Course(seq_root).layout.gradebook}"
        different = [(o.student, o.assignment) for o in outcomes
                     if (gradebook_scores(seq_db, o.student, o.assignment) or (None,))[0] != o.score]
        shutil.rmtree(tmp, ignore_errors=True)
    floor = _floor_seconds()
    print(f"\nClase sintética: {students} alumnos × {len(slugs)} cuaderno(s) = {total} correcciones")
    print(f"{'':<32}{'s por cuaderno':>16}{'CPU-s por cuaderno':>20}{'total (s)':>11}")
    for label, wall, used in ((f"make grade ({jobs} procesos)", parallel, parallel_cpu),
                              ("nbgrader autograde en serie", sequential, sequential_cpu)):
        print(f"{label:<32}{wall / total:>16.2f}{used / total:>20.2f}{wall:>11.0f}")
    print(f"  aceleración: {sequential / parallel:.2f}× (objetivo ≥ 4,5× con 2 núcleos, núcleos calientes y el encierro entero)")
    print(f"  notas iguales: {'sí' if not different else 'NO: ' + ', '.join(map(str, different[:5]))}")
    print(f"Suelo (núcleo nuevo que solo importa torch): {floor:.2f} s; cada cuaderno, como mucho {NOTEBOOK_SECONDS} s:")
    for path in notebooks_in(LAYOUT.worked_dir):
        nb = nbformat.read(str(path), as_version=4)
        started = time.monotonic()
        execute(nb, path.name)
        seconds = time.monotonic() - started
        mark = "" if seconds <= NOTEBOOK_SECONDS else f"  ✗ más de {NOTEBOOK_SECONDS} s"
        print(f"  {path.name:<32}{seconds:7.2f} s  ({seconds / floor:4.1f}× el suelo){mark}")
    return 1 if different else 0
