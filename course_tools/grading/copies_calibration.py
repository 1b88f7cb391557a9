"""Los umbrales de los parecidos, comprobados con trabajo independiente (``catalogues/independent``).

Para cada cuaderno con juegos independientes se mide, con los umbrales del curso:

- cada juego contra la solución publicada, con lo natural sacado de los otros juegos (nunca de sí mismo);
- cada par de juegos entre sí, con lo natural de los demás;
- la solución publicada disfrazada (nombres propios cambiados, comentarios, líneas en blanco y dos
  sentencias independientes en otro orden) contra la solución, y cada juego disfrazado contra el original.

Ningún juego honrado puede salir señalado y toda copia disfrazada tiene que salir: ``calibrate`` devuelve las
filas y ``problems`` lo que no se cumple. ``python -m course_tools.grading.copies_calibration`` lo imprime.

El umbral por defecto (``similarity_threshold``) se elige a ciegas, solo con estas filas: ``blind_threshold``
(``--umbral`` en la orden). Una prueba comprueba que el de ``settings.py`` es el que da.
"""

from __future__ import annotations

import argparse
import ast
import io
import itertools
import tokenize
from dataclasses import dataclass
from pathlib import Path

from ..layout.course import RELEASE, ROOT, SOURCE, Course
from .copies_bench import _renamed
from .evidence import Evidence, independent_sets, notebook_evidence
from .similarity import Thresholds, exercises, fingerprint


@dataclass(frozen=True)
class Row:
    slug: str
    what: str  # «juego 2 / solución», «juego 1 / juego 3», «solución disfrazada», «juego 4 disfrazado»
    score: float
    shared: float
    flagged: bool
    should_flag: bool


def _swapped(code: str) -> str:
    """``code`` con el primer par de sentencias seguidas e independientes (asignaciones) en otro orden."""
    try:
        body = ast.parse(code).body
    except SyntaxError:
        return code
    lines = code.split("\n")
    for a, b in zip(body, body[1:]):
        if not (isinstance(a, (ast.Assign, ast.Expr)) and isinstance(b, (ast.Assign, ast.Expr))):
            continue
        if a.end_lineno != a.lineno or b.end_lineno != b.lineno:
            continue
        stored = lambda s: {n.id for n in ast.walk(s) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        used = lambda s: {n.id for n in ast.walk(s) if isinstance(n, ast.Name)}
        if stored(a) & used(b) or stored(b) & used(a) or isinstance(a, ast.Expr) or isinstance(b, ast.Expr):
            continue
        i, j = a.lineno - 1, b.lineno - 1
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    return code


def disguised(code: str, tag: str = "m") -> str:
    """Lo que hace quien copia y disimula: otro orden, otros nombres, un comentario y una línea en blanco por línea."""
    renamed = _renamed(_swapped(code.strip("\n")), f"_{tag}")
    try:
        tokenize.generate_tokens(io.StringIO(renamed).readline)
    except tokenize.TokenError:
        return renamed
    out = []
    for line in renamed.split("\n"):
        out.append(line + ("  # lo pensé así" if line.strip() and not line.rstrip().endswith(("\\", ",", "(")) else ""))
        out.append("")
    return "\n".join(out)


def _prints(bodies: dict[str, str], given: dict[str, set], t: Thresholds) -> dict:
    return {g: fingerprint(b, t).without(given[g]) for g, b in bodies.items() if g in given}


def _union(sets: list[dict]) -> dict[str, set]:
    out: dict[str, set] = {}
    for fps in sets:
        for gid, fp in fps.items():
            out.setdefault(gid, set()).update(fp.hashes)
    return out


def _row(slug, what, ev: Evidence, threshold, t: Thresholds, should_flag: bool) -> Row:
    flagged = ev.score >= threshold and ev.shared >= t.min_evidence
    return Row(slug, what, round(ev.score, 3), round(ev.shared), flagged, should_flag)


def calibrate(root: Path = ROOT, t: Thresholds | None = None) -> list[Row]:
    import nbformat

    t = t or Thresholds()
    course, rows = Course(root), []
    for notebook in course.notebooks():
        slug = notebook.slug
        sets = independent_sets(course.layout.catalogue_dir, slug)
        if not sets:
            continue
        source = nbformat.read(str(course.layout.notebook(SOURCE, slug)), as_version=4)
        release = nbformat.read(str(course.layout.notebook(RELEASE, slug)), as_version=4)
        wanted = exercises(source, release)
        given = {e.grade_id: set(fingerprint(e.given, t).hashes) for e in wanted}
        solution = _prints({e.grade_id: e.solution for e in wanted}, given, t)
        honest = [_prints(s, given, t) for s in sets]
        for i, own in enumerate(honest, start=1):
            others = _union([fps for j, fps in enumerate(honest, start=1) if j != i])
            ev = notebook_evidence(own, solution, others, t.k, t.min_chars)
            rows.append(_row(slug, f"juego {i} / solución", ev, t.solution, t, False))
            copy = _prints({g: disguised(b) for g, b in sets[i - 1].items()}, given, t)
            skip = {g: others.get(g, set()) for g in given}
            ev = min(notebook_evidence(copy, own, skip, t.k, t.min_chars),
                     notebook_evidence(own, copy, skip, t.k, t.min_chars), key=lambda e: e.score)
            rows.append(_row(slug, f"juego {i} disfrazado / juego {i}", ev, t.classmate, t, True))
        for (i, a), (j, b) in itertools.combinations(enumerate(honest, start=1), 2):
            others = _union([fps for n, fps in enumerate(honest, start=1) if n not in (i, j)])
            skip = {g: others.get(g, set()) for g in given}
            ev = min(notebook_evidence(a, b, skip, t.k, t.min_chars), notebook_evidence(b, a, skip, t.k, t.min_chars),
                     key=lambda e: e.score)
            rows.append(_row(slug, f"juego {i} / juego {j}", ev, t.classmate, t, False))
        copy = _prints({e.grade_id: disguised(e.solution) for e in wanted}, given, t)
        ev = notebook_evidence(copy, solution, _union(honest), t.k, t.min_chars)
        rows.append(_row(slug, "solución disfrazada / solución", ev, t.solution, t, True))
    return rows


def problems(rows: list[Row]) -> list[str]:
    return [f"{r.slug}: {r.what} {'sale' if r.flagged else 'no sale'} ({100 * r.score:.0f} %, {r.shared} letras)"
            for r in rows if r.flagged != r.should_flag]


class NoGap(ValueError):
    """La calibración no deja hueco entre lo honrado y lo copiado: ningún umbral separa las dos cosas."""


def blind_threshold(rows: list[Row], min_evidence: int) -> float:
    """El umbral que dan las filas, sin mirar ninguna clase: el punto medio entre la puntuación honrada más alta
    y la copia disfrazada más baja, redondeado a dos decimales.

    Cuentan todas las honradas, también las que comparten menos de ``min_evidence`` letras: la puntuación es una
    parte del código, y el mismo alumno en un cuaderno más largo sí llegaría (acusar a un inocente cuesta más que
    dejar pasar una copia). De las copias, solo las que llegan a esas letras: las demás no salen con ningún
    umbral (``problems`` ya las cuenta). Sin hueco, o sin ninguna copia que llegue, ``NoGap`` dice cuáles."""
    copies = [r for r in rows if r.should_flag and r.shared >= min_evidence]
    if not copies:
        raise NoGap(f"ninguna copia disfrazada llega a {min_evidence} letras compartidas: no hay con qué elegir el umbral")
    lowest = min(copies, key=lambda r: r.score)
    honest = max((r for r in rows if not r.should_flag), key=lambda r: r.score, default=None)
    top = honest.score if honest else 0.0
    if top >= lowest.score:
        raise NoGap(f"no hay hueco entre lo honrado y lo copiado: {honest.slug}, {honest.what}, da {top:.3f} "
                    f"({honest.shared} letras) y {lowest.slug}, {lowest.what}, {lowest.score:.3f} "
                    f"({lowest.shared} letras); ningún umbral separa las dos")
    return round((top + lowest.score) / 2, 2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m course_tools.grading.copies_calibration",
                                     description="Los umbrales de los parecidos frente a los juegos independientes.")
    parser.add_argument("--umbral", action="store_true",
                        help="imprime solo el umbral que da la calibración (blind_threshold)")
    args = parser.parse_args(argv)
    rows = calibrate()
    if args.umbral:
        try:
            print(f"{blind_threshold(rows, Thresholds().min_evidence):.2f}")
        except NoGap as gap:
            print(f"Sin umbral: {gap}.")
            return 1
        return 0
    for r in rows:
        mark = "✓" if r.flagged == r.should_flag else "✗"
        print(f"{mark} {r.slug:22} {r.what:32} {100 * r.score:5.1f} %  {r.shared:5} letras  "
              f"{'señalado' if r.flagged else '-'}")
    honest = [r for r in rows if not r.should_flag]
    copies = [r for r in rows if r.should_flag]
    print(f"Honrados: el más alto {max(r.score for r in honest):.3f}; copias: la más baja "
          f"{min(r.score for r in copies):.3f}; {len(problems(rows))} problema(s).")
    return 1 if problems(rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
