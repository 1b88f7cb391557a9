"""Lo que ve el profesorado de ``copies``: líneas para la terminal, ``parecidos.csv`` y ``parecidos.html``.

Ninguna nota cambia por esto: un parecido es un aviso para que el profesor mire y decida.
"""

from __future__ import annotations

import csv
import html
from collections import defaultdict
from pathlib import Path

import numpy as np

from .copies import ClassComparison, Finding
from .similarity import COPY_OF_SOLUTION, SOLUTION, Fingerprint

CSV_NAME, HTML_NAME = "parecidos.csv", "parecidos.html"


def summary_lines(result: ClassComparison) -> list[str]:
    """Una línea por alumno y tarea con parecidos, con su código estable; y las entregas saltadas."""
    by_key = defaultdict(list)
    for f in result.findings:
        by_key[(f.student, f.assignment, f.code)].append(f)
    lines = []
    for (student, assignment, code), found in sorted(by_key.items()):
        listed = ", ".join(f"{f.exercise} ({100 * f.similarity:.0f} %)" for f in found)
        if code == COPY_OF_SOLUTION:
            text = f"copia de la solución publicada en {listed}"
        else:
            others = ", ".join(sorted({f.other for f in found}))
            text = f"mismo trabajo que {others} (grupo {found[0].group}) en {listed}"
        lines.append(f"{student}  {assignment}  {code}: {text}")
    for student, assignment, reason in result.skipped:
        lines.append(f"{student}  {assignment}  sin comparar: {reason}")
    return lines


def write_csv(result: ClassComparison, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["alumno", "tarea", "ejercicio", "con", "parecido", "codigo", "grupo"])
        for f in sorted(result.findings, key=lambda f: (f.assignment, f.exercise, f.student, f.other)):
            writer.writerow([f.student, f.assignment, f.exercise, f.other, f"{f.similarity:.3f}", f.code,
                             f.group or ""])
    return path


def _slices(fp: Fingerprint, shared: set, k: int) -> np.ndarray:
    """Los trozos del código original (inicio, fin) que caen en huellas compartidas."""
    from copydetect.utils import get_copied_slices

    starts = np.array(sorted(p for h, ps in fp.hashes.items() if h in shared for p in ps), dtype=np.int64)
    slices = np.asarray(get_copied_slices(starts, k), dtype=np.int64)
    offsets = np.asarray(fp.offsets, dtype=np.int64).reshape(-1, 2)
    if slices.size and len(offsets):
        where = np.clip(np.searchsorted(offsets[:, 0], slices), 0, len(offsets) - 1)
        slices = slices + offsets[:, 1][where]
    return slices


def _highlighted(fp: Fingerprint, shared: set, k: int) -> str:
    from copydetect.utils import highlight_overlap

    slices = _slices(fp, shared, k)
    if not slices.size:
        return html.escape(fp.code)
    marked, _ = highlight_overlap(fp.code, slices, "<mark>", "</mark>", escape_html=True)
    return marked


_PAGE = """<!DOCTYPE html>
<html lang="es"><head><meta charset="utf-8"><title>Parecidos entre entregas</title>
<style>body{{font-family:sans-serif;margin:2em}} table{{border-collapse:collapse;width:100%}}
td{{vertical-align:top;border:1px solid #ccc;padding:.5em;width:50%}} pre{{white-space:pre-wrap;margin:0}}
mark{{background:#ffd54f}} h2{{margin-top:2em}}</style></head><body>
<h1>Parecidos entre entregas</h1>
<p>Un parecido no cambia ninguna nota: dice dónde mirar. Se compara el código propio de cada ejercicio
(sin lo que ya traía la versión de alumno ni las predicciones); en amarillo, lo que comparten. Una respuesta
que solo se puede escribir de una manera también se parece: la decisión es tuya.</p>
{body}
</body></html>
"""


def write_html(result: ClassComparison, path: Path, k: int) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    sections, seen = [], set()
    for f in sorted(result.findings, key=lambda f: (f.assignment, f.exercise, f.student, f.other)):
        pair = (f.assignment, f.exercise, *sorted((f.student, f.other)))
        if pair in seen:
            continue
        seen.add(pair)
        sections.append(_section(result, f, k))
    if not sections:
        sections.append("<p>Ningún parecido por encima de los umbrales.</p>")
    path.write_text(_PAGE.format(body="\n".join(sections)), encoding="utf-8")
    return path


def _section(result: ClassComparison, f: Finding, k: int) -> str:
    left = result.code[(f.student, f.assignment, f.exercise)]
    right = result.code[(f.other, f.assignment, f.exercise)]
    shared = set(left.hashes) & set(right.hashes)
    title = "la solución publicada" if f.other == SOLUTION else html.escape(f.other)
    return (f"<h2>{html.escape(f.assignment)} · {html.escape(f.exercise)}: {html.escape(f.student)} y {title} "
            f"({100 * f.similarity:.0f} %, {f.code})</h2>\n<table><tr>"
            f"<td><b>{html.escape(f.student)}</b><pre>{_highlighted(left, shared, k)}</pre></td>"
            f"<td><b>{title}</b><pre>{_highlighted(right, shared, k)}</pre></td></tr></table>")


def write_reports(result: ClassComparison, folder: Path, k: int) -> dict[str, Path]:
    return {"csv": write_csv(result, folder / CSV_NAME), "html": write_html(result, folder / HTML_NAME, k)}


def copies_round(course, thresholds) -> list[str]:
    """Compara la clase de ``course``, escribe los dos informes y devuelve las líneas para la terminal."""
    from .copies import cache_path, compare_class

    result = compare_class(course, thresholds, cache=cache_path(course))
    made = write_reports(result, course.layout.report_dir, thresholds.k)
    root = course.root
    head = (f"Parecidos (no cambian ninguna nota): {len({(f.student, f.assignment) for f in result.findings})} "
            f"entrega(s) señalada(s) de {result.compared} ejercicio(s) comparados; "
            f"{made['html'].relative_to(root)} y {made['csv'].relative_to(root)}")
    return [head, *("  " + line for line in summary_lines(result))]
