"""Los ajustes de los parecidos, elegidos a ciegas con trabajo independiente (``catalogues/independent``).

Para cada cuaderno con juegos independientes, ``measure`` mide:

- cada juego contra la solución publicada, con lo natural sacado de los otros juegos (nunca de sí mismo), y la
  solución publicada disfrazada (nombres propios cambiados, comentarios, líneas en blanco y dos sentencias
  independientes en otro orden) contra la solución;
- cada par de juegos entre sí, con lo natural de los demás, y cada juego disfrazado contra el original.

De esas filas salen, en orden y sin mirar ninguna clase (``chosen``, ``--umbral`` en la orden):

1. qué cuadernos se juzgan (``blind_min_chars``): del que más código propio tiene al que menos, mientras
   cada copia disfrazada de un juego llega a las letras mínimas y supera al par honrado más parecido; en los
   más cortos una copia y una idea común se escriben igual, y el informe lo dice;
2. cuáles de ellos se juzgan contra la solución (``solution_notebooks``): aquellos en los que la solución
   disfrazada supera a todo juego honrado. En los otros un juego se escribe ya como la solución: parecerse a
   ella es natural también entre compañeros, y la copia de un juego con menos de ``min_evidence`` letras
   propias (lo demás, como la solución o los otros juegos) no se puede ver: no se mide;
3. los dos umbrales (``blind_threshold``), cada uno con sus filas de los cuadernos que se juzgan.

``calibrate`` devuelve las filas de lo que el informe juzga y ``problems`` lo que no se cumple: ningún juego
honrado puede salir señalado y toda copia disfrazada tiene que salir. Unas pruebas comprueban que los ajustes
de ``settings.py`` son los que salen y que con ellos no hay problemas.
"""

from __future__ import annotations

import argparse
import ast
import io
import itertools
import tokenize
from dataclasses import dataclass, replace
from pathlib import Path

from ..layout.course import RELEASE, ROOT, SOURCE, Course
from .copies_bench import _renamed
from .evidence import Evidence, independent_sets, notebook_evidence, own_size
from .similarity import Thresholds, exercises, fingerprint


AGAINST_SOLUTION, AGAINST_CLASSMATE = "solución", "compañero"


@dataclass(frozen=True)
class Row:
    slug: str
    what: str  # «juego 2 / solución», «juego 1 / juego 3», «solución disfrazada», «juego 4 disfrazado»
    score: float
    shared: float
    flagged: bool
    should_flag: bool
    size: int = 0  # código propio de la solución publicada del cuaderno (letras tras el analizador, pesadas)
    against: str = AGAINST_SOLUTION  # con qué umbral se juzga: el de la solución o el de entre compañeros


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


def _flagged(score: float, shared: float, against: str, t: Thresholds) -> bool:
    """Lo que el informe haría con ``t``: señalar si pasa el umbral de su tipo y comparte las letras mínimas."""
    return score >= (t.solution if against == AGAINST_SOLUTION else t.classmate) and shared >= t.min_evidence


def _row(slug, what, ev: Evidence, t: Thresholds, should_flag: bool, size: float, against: str) -> Row:
    return Row(slug, what, round(ev.score, 3), round(ev.shared), _flagged(ev.score, ev.shared, against, t),
               should_flag, round(size), against)


def _both_ways(a, b, skip, t: Thresholds) -> Evidence:
    """Un par se señala si los dos salen: cuenta la evidencia más baja de las dos direcciones."""
    return min(notebook_evidence(a, b, skip, t.k, t.min_chars, distinctive=True),
               notebook_evidence(b, a, skip, t.k, t.min_chars, distinctive=True), key=lambda e: e.score)


def measure(root: Path = ROOT, t: Thresholds | None = None) -> list[Row]:
    """Todas las filas de todos los cuadernos con juegos independientes, se juzguen o no (para elegir los ajustes)."""
    import nbformat

    t = t or Thresholds()
    course, rows = Course(root), []
    for notebook in course.notebooks():
        sets = independent_sets(course.layout.catalogue_dir, notebook.slug)
        if sets:
            source = nbformat.read(str(course.layout.notebook(SOURCE, notebook.slug)), as_version=4)
            release = nbformat.read(str(course.layout.notebook(RELEASE, notebook.slug)), as_version=4)
            rows += _notebook_rows(notebook.slug, exercises(source, release), sets, t)
    return rows


def _notebook_rows(slug: str, wanted: list, sets: list[dict], t: Thresholds) -> list[Row]:
    """Las filas de un cuaderno: primero contra la solución; luego entre juegos, y donde la solución no se distingue
    de los juegos honrados (no se juzga contra ella), lo que se parece a ella es natural también entre compañeros."""
    rows = []
    given = {e.grade_id: set(fingerprint(e.given, t).hashes) for e in wanted}
    solution = _prints({e.grade_id: e.solution for e in wanted}, given, t)
    size = own_size(solution, t.k, t.min_chars)
    add = lambda what, ev, should, against: rows.append(_row(slug, what, ev, t, should, size, against))
    honest = [_prints(s, given, t) for s in sets]
    for i, own in enumerate(honest, start=1):
        others = _union([fps for j, fps in enumerate(honest, start=1) if j != i])
        add(f"juego {i} / solución", notebook_evidence(own, solution, others, t.k, t.min_chars), False, AGAINST_SOLUTION)
    copy = _prints({e.grade_id: disguised(e.solution) for e in wanted}, given, t)
    add("solución disfrazada / solución", notebook_evidence(copy, solution, _union(honest), t.k, t.min_chars), True,
        AGAINST_SOLUTION)
    common = _union([solution]) if not _separates(rows, t.min_evidence) else {}
    natural = lambda fps: {g: _union(fps).get(g, set()) | common.get(g, set()) for g in given}
    for i, own in enumerate(honest, start=1):
        skip = natural([fps for j, fps in enumerate(honest, start=1) if j != i])
        if common and notebook_evidence(own, own, skip, t.k, t.min_chars).shared < t.min_evidence:
            continue  # casi todo, como la solución (aquí natural) o los otros juegos: su copia no se puede ver
        copy = _prints({g: disguised(b) for g, b in sets[i - 1].items()}, given, t)
        add(f"juego {i} disfrazado / juego {i}", _both_ways(copy, own, skip, t), True, AGAINST_CLASSMATE)
    for (i, a), (j, b) in itertools.combinations(enumerate(honest, start=1), 2):
        skip = natural([fps for n, fps in enumerate(honest, start=1) if n not in (i, j)])
        add(f"juego {i} / juego {j}", _both_ways(a, b, skip, t), False, AGAINST_CLASSMATE)
    return rows


def judged(rows: list[Row], t: Thresholds) -> list[Row]:
    """Las filas que el informe juzga con los ajustes ``t`` (cuadernos con bastante código propio y, contra la
    solución, los de ``solution_notebooks``), con lo que ``t`` señalaría en cada una."""
    return [replace(r, flagged=_flagged(r.score, r.shared, r.against, t))
            for r in _judged_rows(rows, t.notebook_min_chars, t.solution_notebooks)]


def _judged_rows(rows: list[Row], min_chars: int, against_solution) -> list[Row]:
    """Las filas de los cuadernos con al menos ``min_chars`` y, contra la solución, solo las de ``against_solution``."""
    return [r for r in rows if r.size >= min_chars and (r.against == AGAINST_CLASSMATE or r.slug in against_solution)]


def calibrate(root: Path = ROOT, t: Thresholds | None = None) -> list[Row]:
    """Las filas de lo que el informe juzga, con los ajustes ``t`` (los del curso si no se dan)."""
    t = t or Thresholds()
    return judged(measure(root, t), t)


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


def _separates(rows: list[Row], min_evidence: int) -> bool:
    """En las filas de un cuaderno: toda copia llega a las letras mínimas y queda por encima de la honrada más alta."""
    copies = [r for r in rows if r.should_flag]
    top = max((r.score for r in rows if not r.should_flag), default=0.0)
    return bool(copies) and all(r.shared >= min_evidence and r.score > top for r in copies)


def _by_notebook(rows: list[Row], against: str) -> list[tuple[str, list[Row]]]:
    """Las filas de un tipo, por cuaderno, del que más código propio tiene al que menos."""
    found: dict[str, list[Row]] = {}
    for r in rows:
        if r.against == against:
            found.setdefault(r.slug, []).append(r)
    return sorted(found.items(), key=lambda item: (-item[1][0].size, item[0]))


def blind_min_chars(rows: list[Row], min_evidence: int) -> int:
    """El código propio (de la solución publicada) que necesita un cuaderno para juzgarse, a ciegas: del cuaderno
    más largo al más corto, mientras cada uno separa sus filas entre compañeros (``_separates``); el mínimo es el
    punto medio entre el último que separa y el primero que no (0 si todos separan)."""
    last = None
    for slug, its in _by_notebook(rows, AGAINST_CLASSMATE):
        if not _separates(its, min_evidence):
            if last is None:
                raise NoGap(f"ni el cuaderno con más código propio ({slug}, {its[0].size} letras) separa sus copias "
                            f"disfrazadas de los pares honrados: no se puede juzgar ninguno")
            return round((last + its[0].size) / 2)
        last = its[0].size
    return 0


def solution_notebooks(rows: list[Row], min_chars: int, min_evidence: int) -> list[str]:
    """Los cuadernos juzgados (``min_chars``) que se pueden juzgar contra la solución publicada: donde ningún juego
    honrado se le parece tanto como su copia disfrazada (en los demás, una solución independiente ya se escribe
    como ella, y lo natural tapa a quien la copia)."""
    return sorted(slug for slug, its in _by_notebook(rows, AGAINST_SOLUTION)
                  if its[0].size >= min_chars and _separates(its, min_evidence))


def chosen(rows: list[Row], min_evidence: int) -> dict:
    """Los ajustes del informe que da la medida de todos los cuadernos (``measure``), cada uno a partir del anterior."""
    min_chars = blind_min_chars(rows, min_evidence)
    against_solution = solution_notebooks(rows, min_chars, min_evidence)
    kept = _judged_rows(rows, min_chars, against_solution)
    return {"similarity_notebook_min_chars": min_chars, "similarity_solution_notebooks": against_solution,
            "similarity_threshold_solution": blind_threshold(
                [r for r in kept if r.against == AGAINST_SOLUTION], min_evidence),
            "similarity_threshold_classmate": blind_threshold(
                [r for r in kept if r.against == AGAINST_CLASSMATE], min_evidence)}


def _print_rows(rows: list[Row], everything: list[Row], t: Thresholds) -> None:
    for r in rows:
        mark = "✓" if r.flagged == r.should_flag else "✗"
        print(f"{mark} {r.slug:22} {r.what:32} {100 * r.score:5.1f} %  {r.shared:5} letras  "
              f"{'señalado' if r.flagged else '-'}")
    for against in (AGAINST_SOLUTION, AGAINST_CLASSMATE):
        mine = [r for r in rows if r.against == against]
        if mine:
            print(f"Contra {'la solución' if against == AGAINST_SOLUTION else 'un compañero'}: honrado más alto "
                  f"{max((r.score for r in mine if not r.should_flag), default=0):.3f}, copia más baja "
                  f"{min((r.score for r in mine if r.should_flag), default=0):.3f}.")
    short = sorted({(r.slug, r.size) for r in everything if r.size < t.notebook_min_chars})
    print(f"No se juzgan (menos de {t.notebook_min_chars} letras de código propio): "
          + (", ".join(f"{slug} ({size})" for slug, size in short) or "ninguno") + ".")
    print("Contra la solución publicada, solo: " + ", ".join(t.solution_notebooks) + f". {len(problems(rows))} problema(s).")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m course_tools.grading.copies_calibration",
                                     description="Los ajustes de los parecidos frente a los juegos independientes.")
    parser.add_argument("--umbral", action="store_true",
                        help="imprime solo los ajustes que da la calibración (para course_tools/settings.py)")
    args = parser.parse_args(argv)
    t = Thresholds()
    everything = measure(t=t)
    if args.umbral:
        try:
            found = chosen(everything, t.min_evidence)
        except NoGap as gap:
            print(f"Sin umbral: {gap}.")
            return 1
        for name, value in found.items():
            print(f"{name} = {value:.2f}" if isinstance(value, float) else f"{name} = {value!r}")
        return 0
    rows = judged(everything, t)
    _print_rows(rows, everything, t)
    return 1 if problems(rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
