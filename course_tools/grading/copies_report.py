"""Lo que ve el profesorado de ``copies``: líneas para la terminal, ``parecidos.csv`` y ``parecidos.html``.

Ninguna nota cambia por esto: un parecido es un aviso para que el profesor mire y decida.
"""

from __future__ import annotations

import csv
import html
from pathlib import Path

import numpy as np

from .copies import ClassComparison, Finding
from .similarity import NOT_AGAINST_SOLUTION, SAME_AS_CLASSMATE, SAME_IN_COURSE, SOLUTION, Fingerprint

CSV_NAME, HTML_NAME = "parecidos.csv", "parecidos.html"


def ranked(result: ClassComparison) -> list[Finding]:
    """Los hallazgos por evidencia: primero la parte del código que coincide, luego cuántas letras."""
    return sorted(result.findings, key=lambda f: (-f.similarity, -f.evidence, f.assignment, f.student, f.other))


def unjudged_groups(result: ClassComparison) -> list[tuple[str, str]]:
    """Lo que no se juzga, una vez por motivo: (las tareas, separadas por comas; el motivo). Con el curso entero, el
    mismo motivo de diecisiete cuadernos es una línea, no diecisiete."""
    grouped: dict[str, list[str]] = {}
    for assignment, _, reason in result.not_judged:
        grouped.setdefault(reason, []).append(assignment)
    return [(", ".join(assignments), reason) for reason, assignments in grouped.items()]


def summary_lines(result: ClassComparison) -> list[str]:
    """Una línea por alumno, tarea y con quién, por evidencia, con su código estable y por qué sale; y las saltadas."""
    lines = []
    for f in ranked(result):
        group = f" (grupo {f.group})" if f.code == SAME_AS_CLASSMATE else ""
        lines.append(f"{f.student}  {f.assignment}  {f.code}{group}: {f.reason}")
    for student, assignment, reason in result.skipped:
        lines.append(f"{student}  {assignment}  sin comparar: {reason}")
    for assignments, reason in unjudged_groups(result):
        lines.append(f"{assignments}  {reason}")
    return lines


def write_csv(result: ClassComparison, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["alumno", "tarea", "con", "parecido", "letras", "codigo", "grupo", "ejercicios", "motivo"])
        for f in ranked(result):
            writer.writerow([f.student, f.assignment, f.other, f"{f.similarity:.3f}", f.evidence, f.code,
                             f.group or "", " ".join(gid for gid, _ in f.exercises), f.reason])
        for assignment, code, reason in result.not_judged:
            against = SOLUTION if code == NOT_AGAINST_SOLUTION else ""
            writer.writerow(["", assignment, against, "", "", code, "", "", reason])
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
mark{{background:#ffd54f}} h2{{margin-top:2em}} h3{{font-size:1em}}</style></head><body>
<h1>Parecidos entre entregas</h1>
<p>Un parecido no cambia ninguna nota: dice dónde mirar. Se juzga el código propio de cada alumno en todo el
cuaderno (sin lo que ya traía la versión de alumno ni las predicciones), cada ejercicio pesado por su largo;
lo que escriben igual soluciones independientes, alumnos honrados de otras clases (el corpus del curso) o
también un tercero de la clase, no cuenta. Primero, lo que más coincide. Una pareja que no sale en ningún
cuaderno por separado puede salir en «todo el curso», con lo que comparte sumado en todos los que entregaron
los dos; y un alumno, si en los cuadernos en que se mira así escribe como la solución publicada y, donde se
aparta de ella, no es hacia ninguna solución independiente (en uno solo, quien sigue el curso al pie de la
letra se le parece tanto como una copia). En amarillo, solo lo que cuenta como evidencia: el código dado y las
líneas que todo el mundo escribe igual quedan sin marcar. La decisión es tuya.</p>
{body}
</body></html>
"""


def write_html(result: ClassComparison, path: Path, k: int) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    sections, seen = [], set()
    for f in ranked(result):
        pair = (f.assignment, *sorted((f.student, f.other)))
        if pair in seen:
            continue
        seen.add(pair)
        sections.append(_section(result, f, k))
    if not sections:
        sections.append("<p>Ningún parecido por encima de los umbrales.</p>")
    if result.not_judged:
        items = "".join(f"<li><b>{html.escape(a)}</b>: {html.escape(reason)}</li>" for a, reason in unjudged_groups(result))
        sections.append(f"<h2>Lo que no se juzga</h2>\n<ul>{items}</ul>")
    path.write_text(_PAGE.format(body="\n".join(sections)), encoding="utf-8")
    return path


def _section(result: ClassComparison, f: Finding, k: int) -> str:
    title = "la solución publicada" if f.other == SOLUTION else html.escape(f.other)
    parts = [f"<h2>{html.escape(f.assignment)}: {html.escape(f.student)} y {title} ({100 * f.similarity:.0f} %, "
             f"{f.code})</h2>\n<p>{html.escape(f.reason)}</p>"]
    for gid, _ in f.exercises:
        # Sumado en el curso, cada ejercicio se compara como en su tarea (una pareja, como entre compañeros).
        where = result.assignment_of[gid] if f.notebooks else f.assignment
        code = SAME_AS_CLASSMATE if f.code == SAME_IN_COURSE else f.code
        left = result.code[(f.student, where, gid)]
        right = result.code[(f.other, where, gid)]
        shared = (set(left.hashes) & set(right.hashes)) - result.not_evidence.get((code, where, gid), set())
        parts.append(f"<h3>{html.escape(gid)}</h3>\n<table><tr>"
                     f"<td><b>{html.escape(f.student)}</b><pre>{_highlighted(left, shared, k)}</pre></td>"
                     f"<td><b>{title}</b><pre>{_highlighted(right, shared, k)}</pre></td></tr></table>")
    return "\n".join(parts)


def write_reports(result: ClassComparison, folder: Path, k: int) -> dict[str, Path]:
    return {"csv": write_csv(result, folder / CSV_NAME), "html": write_html(result, folder / HTML_NAME, k)}


def _unjudged(result: ClassComparison, thresholds) -> str:
    """Lo que la línea de ``make grade`` dice de los cuadernos que no se juzgan (el motivo va en las líneas de abajo)."""
    whole = sum(code != NOT_AGAINST_SOLUTION for _, code, _ in result.not_judged)
    part = len(result.not_judged) - whole
    summed = {slug for slug, code, _ in result.not_judged if code == NOT_AGAINST_SOLUTION} & set(
        thresholds.solution_course_notebooks)
    alone = " cada uno por su cuenta" if summed else ""
    said = [f"{whole} cuaderno(s) sin juzgar"] * bool(whole) + [f"{part} sin juzgar contra la solución{alone}"] * bool(part)
    return f" ({', '.join(said)})" if said else ""


def copies_round(course, thresholds) -> list[str]:
    """Compara la clase de ``course``, escribe los dos informes y devuelve las líneas para la terminal."""
    from .copies import cache_path, compare_class

    result = compare_class(course, thresholds, cache=cache_path(course))
    made = write_reports(result, course.layout.report_dir, thresholds.k)
    root = course.root
    head = (f"Parecidos (no cambian ninguna nota): {len({(f.student, f.assignment) for f in result.findings})} "
            f"entrega(s) señalada(s) de {result.compared} ejercicio(s) comparados, juzgadas por cuaderno y también "
            f"en todo el curso"
            f"{_unjudged(result, thresholds)}; {made['html'].relative_to(root)} y {made['csv'].relative_to(root)}")
    return [head, *("  " + line for line in summary_lines(result))]
