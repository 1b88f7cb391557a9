"""Los ajustes de los parecidos, elegidos a ciegas con trabajo independiente (``catalogues/independent``).

Cada juego se mide en su celda, como lo entregaría su alumno (``Exercise.answered``), igual que se leen las
entregas de una clase. Para cada cuaderno con juegos independientes, ``measure`` mide:

- cuánto de lo propio de la solución publicada tiene cada juego (``solution_evidence``), con lo natural sacado de
  los otros juegos (nunca de sí mismo), y cuánto tienen dos copias de la solución (``disguise``): la disfrazada
  (nombres propios cambiados, comentarios, líneas en blanco y dos sentencias independientes en otro orden) y la
  reescrita (además, alguna expresión escrita de otra forma; desde la solución, nombres y orden no cambian nada);
- cada par de juegos entre sí, con lo natural de los demás, y cada juego disfrazado (y reescrito) contra el
  original. Una copia disfrazada que no conserva ``min_evidence`` letras más allá de lo natural (la de un juego casi
  todo natural) no se puede ver: no se le pide a su cuaderno (``PART_OF_COURSE``), como la reescrita;
- en los cuadernos con diez juegos o más, cuánto se parece cada juego a la solución publicada y cuánto se aparta de
  ella hacia los otros juegos (``neighbours.nearness``, sin sí mismo entre las honradas), y lo mismo de las dos
  copias de la solución (con todos los juegos);
- sumadas, en todo el curso, las filas de cada par de juegos y de cada juego copiado (``course_rows``), y las de cada
  juego y cada copia frente a la solución en los cuadernos en que se mira así (``solution_course_rows``).

De esas filas salen, en orden y sin mirar ninguna clase (``chosen``, ``--umbral`` en la orden):

1. qué cuadernos se juzgan (``blind_min_chars``): del que más código propio tiene al que menos, mientras
   las copias disfrazadas que se pueden ver (alguna, al menos) superan al par honrado más parecido; en los más
   cortos una copia y una idea común se escriben igual, y el informe lo dice;
2. cuáles de ellos se juzgan contra la solución, cada uno con su umbral (``solution_thresholds``): los que tienen
   diez juegos o más y en los que las dos copias de la solución llegan a las letras mínimas y superan a todo
   juego honrado. En los otros un juego se escribe ya como la solución (o lo propio de ella es muy poco):
   parecerse a ella es natural también entre compañeros;
3. el umbral entre compañeros (``blind_threshold``), con las filas de los cuadernos que se juzgan;
4. el de todo el curso, con sus filas sumadas;
5. contra la solución en todo el curso: en qué cuadernos se mira por dónde se aparta cada alumno de ella
   (``solution_course_notebooks``: los juzgados sin umbral propio y con diez juegos o más) y con qué umbrales
   (``near_thresholds``): lo que se aparta como mucho, el punto medio entre el juego que menos se aparta y la copia
   que más; lo que se le parece como poco, la mediana de los juegos. En uno solo, un juego al pie de la letra del
   curso se le parece tanto como una copia; en todos, cada juego se aparta en algo hacia otro juego honrado;
6. cuántos cuadernos tiene que haber entregado una pareja, o un alumno contra la solución, para sumarlos
   (``course_min_notebooks``, el mayor de los dos).

``calibrate`` devuelve las filas de lo que el informe juzga y ``problems`` lo que no se cumple: ningún juego
honrado puede salir señalado y toda copia que se puede ver tiene que salir. Unas pruebas comprueban que los ajustes
de ``settings.py`` son los que salen y que con ellos no hay problemas.
"""

from __future__ import annotations

import argparse
import itertools
from dataclasses import dataclass, replace
from pathlib import Path

from ..layout.course import ROOT, Course
from ..rules import cells
from .disguise import disguised, in_disguise, rewritten
from .evidence import (Evidence, independent_sets, learner_prints, notebook_evidence, own_size, solution_evidence, summed,
                       union)
from .neighbours import Nearness, given_texts, near_copy, nearness
from .neighbours import summed as summed_nearness
from .similarity import (WHOLE_COURSE, Thresholds, answer_prints, course_exercises, given_hashes, shown_hashes,
                         solution_prints)


AGAINST_SOLUTION, AGAINST_CLASSMATE, AGAINST_COURSE = "solución", "compañero", "curso"
AGAINST_SOLUTION_IN_COURSE = "solución en el curso"
PART_OF_COURSE = "parte del curso"  # una fila de un cuaderno que solo cuenta sumada en todo el curso
NEAR_SOLUTION = "cerca de la solución"  # una fila de un cuaderno frente a la solución y los juegos (solo sumada)
# Un cuaderno se juzga contra la solución con su propio umbral, que sale de su juego honrado más parecido a ella:
# con cinco juegos, el más alto de cinco es una estimación demasiado pobre; con diez (11, 17 y 18), no.
SETS_FOR_A_THRESHOLD = 10


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
    letters: int = 0  # las que tienen que llegar a min_evidence (``Evidence.letters``)
    parts: tuple = ()  # entre dos códigos: la evidencia de uno frente al otro y la del otro frente al uno
    closeness: float = 0.0  # contra la solución en todo el curso: lo que se le parece (``score``: lo que se aparta)


def _flagged(r: Row, t: Thresholds) -> bool:
    """Lo que el informe haría con ``t``: señalar si pasa el umbral de su tipo (contra la solución, el de su
    cuaderno; sin umbral, no se juzga) y comparte las letras mínimas."""
    if r.against == AGAINST_SOLUTION_IN_COURSE:
        return near_copy(r.parts[0], t)
    threshold = {AGAINST_SOLUTION: t.solution.get(r.slug), AGAINST_CLASSMATE: t.classmate,
                 AGAINST_COURSE: t.course}.get(r.against)
    return threshold is not None and r.score >= threshold and r.letters >= t.min_evidence


def _row(slug, what, ev: Evidence, t: Thresholds, should_flag: bool, size: float, against: str,
         parts: tuple = ()) -> Row:
    row = Row(slug, what, round(ev.score, 3), round(ev.shared), False, should_flag, round(size), against,
              round(ev.letters), parts)
    return replace(row, flagged=_flagged(row, t))


def _both_ways(a, b, skip, t: Thresholds) -> tuple[Evidence, tuple]:
    """Un par se señala si los dos salen: cuenta la evidencia más baja de las dos direcciones. Devuelve esa y las
    dos (``Row.parts``), para sumarlas con las de otros cuadernos."""
    ab = notebook_evidence(a, b, skip, t.k, t.min_chars, distinctive=True)
    ba = notebook_evidence(b, a, skip, t.k, t.min_chars, distinctive=True)
    return min(ab, ba, key=lambda e: e.score), (ab, ba)


def measure(root: Path = ROOT, t: Thresholds | None = None) -> list[Row]:
    """Todas las filas de todos los cuadernos con juegos independientes, se juzguen o no (para elegir los ajustes)."""

    t = t or Thresholds()
    course, rows = Course(root), []
    shown = shown_hashes(course, t)
    for notebook in course.notebooks():
        sets = independent_sets(course.layout.catalogue_dir, notebook.slug)
        if sets:
            wanted = course_exercises(course, notebook.slug)
            rows += _notebook_rows(notebook.slug, wanted, sets, t, course.layout.catalogue_dir,
                                   shown.get(notebook.slug, set()))
    return rows


def _notebook_rows(slug: str, wanted: list, sets: list[dict], t: Thresholds, catalogue_dir: Path,
                   shown: set = frozenset()) -> list[Row]:
    """Las filas de un cuaderno: primero contra la solución; luego entre juegos, y donde la solución no se distingue
    de los juegos honrados (no se juzga contra ella), lo que se parece a ella es natural también entre compañeros. Entre
    juegos es natural también lo que escribe uno del corpus de trabajo honrado de ``catalogue_dir``, como en el informe
    (``evidence.learner_prints``)."""
    rows = []
    given = given_hashes(wanted, t, shown)
    solution = solution_prints(wanted, given, t)
    size = own_size(solution, t.k, t.min_chars)
    add = lambda what, ev, should, against, parts=(): rows.append(_row(slug, what, ev, t, should, size, against, parts))
    honest = [answer_prints(s, wanted, given, t) for s in sets]
    for i, own in enumerate(honest, start=1):
        others = union([fps for j, fps in enumerate(honest, start=1) if j != i])
        ev = solution_evidence(own, solution, others, t.k, t.min_chars)
        add(f"juego {i} / solución", ev, False, AGAINST_SOLUTION, (ev,))
    copies = {what: answer_prints({e.grade_id: in_disguise(e.regions(), disguise) for e in wanted},
                                  wanted, given, t) for what, disguise in (("disfrazada", disguised), ("reescrita", rewritten))}
    for what, copy in copies.items():
        ev = solution_evidence(copy, solution, union(honest), t.k, t.min_chars)
        add(f"solución {what} / solución", ev, True, AGAINST_SOLUTION, (ev,))
    if len(sets) >= SETS_FOR_A_THRESHOLD:
        rows += _near_rows(slug, wanted, solution, honest, copies, t, size)
    against_solution = len(sets) >= SETS_FOR_A_THRESHOLD and _separates(rows, t.min_evidence)
    common = union(learner_prints(catalogue_dir, wanted, given, t) + ([] if against_solution else [solution]))
    natural = lambda fps: {g: union(fps).get(g, set()) | common.get(g, set()) for g in given}
    for i, own in enumerate(honest, start=1):
        skip = natural([fps for j, fps in enumerate(honest, start=1) if j != i])
        for what, disguise in (("disfrazado", disguised), ("reescrito", rewritten)):
            copy = answer_prints({g: in_disguise(cells.split_parts(b), disguise) for g, b in sets[i - 1].items()},
                                 wanted, given, t)
            ev, parts = _both_ways(copy, own, skip, t)
            # Un juego casi todo natural (como los otros juegos o, aquí, la solución): lo que su copia conserva no
            # llega a las letras mínimas, y no se distingue de otro trabajo natural. Es un límite, no un fallo del
            # cuaderno: su copia solo cuenta sumada en todo el curso.
            visible = disguise is disguised and ev.letters >= t.min_evidence
            add(f"juego {i} {what} / juego {i}", ev, True, AGAINST_CLASSMATE if visible else PART_OF_COURSE, parts)
    for (i, a), (j, b) in itertools.combinations(enumerate(honest, start=1), 2):
        skip = natural([fps for n, fps in enumerate(honest, start=1) if n not in (i, j)])
        ev, parts = _both_ways(a, b, skip, t)
        add(f"juego {i} / juego {j}", ev, False, AGAINST_CLASSMATE, parts)
    return rows


def _near_rows(slug: str, wanted: list, solution: dict, honest: list[dict], copies: dict, t: Thresholds,
               size: float) -> list[Row]:
    """Cada juego (con los demás como soluciones honradas) y cada copia de la solución (con todos) frente a la solución
    publicada, por dónde se aparta de ella (``neighbours.nearness``): solo cuentan sumados en todo el curso."""
    texts = given_texts(wanted, t)
    measured = [(f"juego {i} / solución", False, nearness(own, solution, honest[:i - 1] + honest[i:], texts, t))
                for i, own in enumerate(honest, start=1)]
    measured += [(f"solución {what} / solución", True, nearness(copy, solution, honest, texts, t))
                 for what, copy in copies.items()]
    return [_near_row(slug, what, found, copy, round(size), NEAR_SOLUTION) for what, copy, found in measured]


def _near_row(slug: str, what: str, found: Nearness, copy: bool, size: int, against: str) -> Row:
    return Row(slug, what, round(found.straying, 3), round(found.weight), False, copy, size, against,
               round(found.weight), (found,), round(found.closeness, 3))


def judged(rows: list[Row], t: Thresholds) -> list[Row]:
    """Las filas que el informe juzga con los ajustes ``t`` (cuadernos con bastante código propio y, contra la
    solución, los de ``solution_notebooks``), con lo que ``t`` señalaría en cada una."""
    kept = (_judged_rows(rows, t.notebook_min_chars, t.solution_notebooks)
            + course_rows(rows, t.notebook_min_chars, t.min_evidence)
            + solution_course_rows(rows, t.notebook_min_chars, t.solution_course_notebooks))
    return [replace(r, flagged=_flagged(r, t)) for r in kept]


def _judged_rows(rows: list[Row], min_chars: int, against_solution) -> list[Row]:
    """Las filas de los cuadernos con al menos ``min_chars`` y, contra la solución, solo las de ``against_solution``."""
    return [r for r in rows if r.size >= min_chars and (
        r.against == AGAINST_CLASSMATE or (r.against == AGAINST_SOLUTION and r.slug in against_solution))]


PAIRS = (AGAINST_CLASSMATE, PART_OF_COURSE)  # las filas entre dos códigos (``Row.parts``: las dos direcciones)


def _course_parts(rows: list[Row], min_chars: int, kinds: tuple = PAIRS,
                  slugs: tuple | None = None) -> dict[tuple, dict[str, tuple]]:
    """(qué, si es copia) -> cuaderno -> ``Row.parts``, de las filas de esos tipos en los cuadernos juzgados (los de
    ``slugs``, si se dan)."""
    found: dict[tuple, dict[str, tuple]] = {}
    for r in rows:
        if r.parts and r.size >= min_chars and r.against in kinds and (slugs is None or r.slug in slugs):
            found.setdefault((r.what, r.should_flag), {})[r.slug] = r.parts
    return found


def _summed_score(parts: list[tuple]) -> tuple[float, float, float]:
    """La parte compartida y las letras compartidas de un par en varios cuadernos sumados como los suma el informe
    (``evidence.summed``): de cada una, la más baja de las dos direcciones."""
    ways = [summed([p[way] for p in parts]) for way in range(len(parts[0]))]
    return min(e.score for e in ways), min(e.shared for e in ways)


def course_rows(rows: list[Row], min_chars: int, min_evidence: int) -> list[Row]:
    """Cada par de juegos honrados, y cada juego copiado con su original, sumados en todos los cuadernos juzgados
    (los que tienen al menos ``min_chars``) que tienen los dos, como se suma una pareja de una clase. Con uno solo no
    hay nada que sumar: ese lo juzga su cuaderno. La copia que ni sumada comparte ``min_evidence`` letras no se puede
    ver: no se mide (como en cada cuaderno)."""
    found = []
    for (what, copy), by_notebook in sorted(_course_parts(rows, min_chars).items()):
        score, shared = _summed_score(list(by_notebook.values()))
        if len(by_notebook) >= 2 and not (copy and shared < min_evidence):
            found.append(Row(WHOLE_COURSE, f"{what} ({len(by_notebook)} cuadernos)", round(score, 3), round(shared),
                             False, copy, 0, AGAINST_COURSE, round(shared)))
    return found


def solution_course_notebooks(rows: list[Row], min_chars: int, against_solution) -> tuple:
    """Los cuadernos juzgados que no se juzgan contra la solución cada uno por su cuenta y en los que sí se sabe qué
    es natural (al menos ``SETS_FOR_A_THRESHOLD`` juegos): en ellos, lo propio de la solución se suma en todo el
    curso. En uno solo, un juego al pie de la letra del curso se parece a ella tanto como una copia; en todos
    juntos, no: ninguno escribe como ella en todos los ejercicios."""
    found = set()
    for slug, its in _by_notebook(rows, AGAINST_SOLUTION):
        honest = [r for r in its if not r.should_flag]
        if its[0].size >= min_chars and slug not in against_solution and len(honest) >= SETS_FOR_A_THRESHOLD:
            found.add(slug)
    return tuple(sorted(found))


def solution_course_rows(rows: list[Row], min_chars: int, notebooks: tuple) -> list[Row]:
    """Cada juego honrado y cada copia de la solución (disfrazada y reescrita) frente a ella, sumados en los cuadernos
    de ``notebooks`` (dos como poco), como se suma un alumno de una clase."""
    found = []
    for (what, copy), by_notebook in sorted(_course_parts(rows, min_chars, (NEAR_SOLUTION,), notebooks).items()):
        if len(by_notebook) >= 2:
            total = summed_nearness([parts[0] for parts in by_notebook.values()])
            found.append(_near_row(WHOLE_COURSE, f"{what} ({len(by_notebook)} cuadernos)", total, copy, 0,
                                   AGAINST_SOLUTION_IN_COURSE))
    return found


def near_thresholds(rows: list[Row]) -> tuple[float, float]:
    """Lo que se puede apartar un alumno de la solución hacia las honradas, como mucho, y lo que se le tiene que parecer,
    como poco, a ciegas: el punto medio entre el juego que menos se aparta y la copia que más (a tres decimales: las
    distancias son pequeñas), y la mediana de lo que se le parecen los juegos. Sin hueco, ``NoGap``."""
    import statistics

    honest = [r for r in rows if not r.should_flag]
    copies = [r for r in rows if r.should_flag]
    if not honest or not copies:
        raise NoGap("faltan juegos o copias de la solución sumados en dos cuadernos o más")
    least, most = min(honest, key=lambda r: r.score), max(copies, key=lambda r: r.score)
    closeness = round(statistics.median(r.closeness for r in honest), 2)
    if most.score >= least.score or any(r.closeness < closeness or r.parts[0].lead <= 0 for r in copies):
        raise NoGap(f"{least.what} se aparta de la solución {least.score:.3f} y {most.what}, {most.score:.3f}: ningún "
                    f"umbral separa lo honrado de lo copiado")
    return round((least.score + most.score) / 2, 3), closeness


def near_min_notebooks(rows: list[Row], min_chars: int, t: Thresholds, notebooks: tuple) -> int:
    """Los cuadernos de ``notebooks`` que tiene que haber entregado un alumno para mirarlo así: el menor número (dos
    como poco) con el que ningún juego honrado sale señalado con los umbrales de ``t`` en ninguna combinación de tantos
    cuadernos o más."""
    least = _least_notebooks(_course_parts(rows, min_chars, (NEAR_SOLUTION,), notebooks),
                             lambda chosen: near_copy(summed_nearness([parts[0] for parts in chosen]), t))
    if least is None:
        raise NoGap("algún juego honrado sale señalado aun con todos sus cuadernos")
    return least


def course_min_notebooks(rows: list[Row], min_chars: int, threshold: float) -> int:
    """Los cuadernos que tiene que haber entregado una pareja para sumarlos, a ciegas: el menor número con el que
    ningún par de juegos honrados llega a ``threshold`` en ninguna combinación de tantos cuadernos o más (dos como
    poco: en uno solo juzga el umbral de su cuaderno). Prueba todas las combinaciones (2 elevado a los cuadernos
    juzgados con juegos: hoy, 17, unos 4 s)."""
    least = _least_notebooks(_course_parts(rows, min_chars), lambda chosen: _summed_score(chosen)[0] >= threshold)
    if least is None:
        raise NoGap(f"con el umbral {threshold:.2f}, algún par de juegos honrados llega en todos sus cuadernos sumados")
    return least


def _least_notebooks(found: dict[tuple, dict[str, tuple]], flagged) -> int | None:
    """De las filas de ``_course_parts``, el menor número de cuadernos (dos como poco) con el que ningún juego honrado
    sale (``flagged(lista de Row.parts)``) en ninguna combinación de tantos cuadernos o más; None si sale aun con
    todos."""
    honest = [by_notebook for (_, copy), by_notebook in found.items() if not copy]
    sizes = {n for by_notebook in honest for n in range(1, len(by_notebook) + 1)
             for chosen in itertools.combinations(by_notebook.values(), n) if flagged(list(chosen))}
    least = max(2, max(sizes, default=0) + 1)
    return least if least <= max((len(by_notebook) for by_notebook in honest), default=0) else None


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
    copies = [r for r in rows if r.should_flag and r.letters >= min_evidence]
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
    return bool(copies) and all(r.letters >= min_evidence and r.score > top for r in copies)


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


def solution_thresholds(rows: list[Row], min_chars: int, min_evidence: int) -> dict[str, float]:
    """Los cuadernos juzgados (``min_chars``) que se pueden juzgar contra la solución publicada, cada uno con su
    umbral (``blind_threshold`` de sus filas): los que tienen al menos ``SETS_FOR_A_THRESHOLD`` juegos y en los que
    ningún juego honrado se le parece tanto como sus copias disfrazadas. En los demás, una solución independiente ya
    se escribe como ella (lo natural tapa a quien la copia), o hay pocos juegos para fiarse de su honrado más alto."""
    found = {}
    for slug, its in _by_notebook(rows, AGAINST_SOLUTION):
        honest = [r for r in its if not r.should_flag]
        if its[0].size >= min_chars and len(honest) >= SETS_FOR_A_THRESHOLD and _separates(its, min_evidence):
            found[slug] = blind_threshold(its, min_evidence)
    return dict(sorted(found.items()))


def chosen(rows: list[Row], min_evidence: int) -> dict:
    """Los ajustes del informe que da la medida de todos los cuadernos (``measure``), cada uno a partir del anterior."""
    min_chars = blind_min_chars(rows, min_evidence)
    against_solution = solution_thresholds(rows, min_chars, min_evidence)
    kept = _judged_rows(rows, min_chars, against_solution)
    course = blind_threshold(course_rows(rows, min_chars, min_evidence), min_evidence)
    least = course_min_notebooks(rows, min_chars, course)
    notebooks = solution_course_notebooks(rows, min_chars, against_solution)
    strays, closeness = 0.0, 1.0  # sin cuadernos en que mirarlo, nadie sale
    try:
        strays, closeness = near_thresholds(solution_course_rows(rows, min_chars, notebooks))
        near = replace(Thresholds(), solution_course_strays=strays, solution_course_closeness=closeness,
                       min_evidence=min_evidence)
        least = max(least, near_min_notebooks(rows, min_chars, near, notebooks))
    except NoGap:  # algún juego honrado se aparta de ella tan poco como una copia
        notebooks, strays, closeness = (), 0.0, 1.0
    return {"similarity_notebook_min_chars": min_chars, "similarity_solution_thresholds": against_solution,
            "similarity_solution_course_notebooks": list(notebooks),
            "similarity_solution_course_strays": strays, "similarity_solution_course_closeness": closeness,
            "similarity_threshold_classmate": blind_threshold(
                [r for r in kept if r.against == AGAINST_CLASSMATE], min_evidence),
            "similarity_threshold_course": course,
            "similarity_course_min_notebooks": least}


def _print_rows(rows: list[Row], everything: list[Row], t: Thresholds) -> None:
    for r in rows:
        mark = "✓" if r.flagged == r.should_flag else "✗"
        print(f"{mark} {r.slug:22} {r.what:32} {100 * r.score:5.1f} %  {r.shared:5} letras  "
              f"{'señalado' if r.flagged else '-'}")
    groups = [(f"Contra la solución, en {slug}", its) for slug, its in _by_notebook(rows, AGAINST_SOLUTION)]
    groups += [("Contra un compañero", [r for r in rows if r.against == AGAINST_CLASSMATE]),
               ("Entre compañeros, en todo el curso", [r for r in rows if r.against == AGAINST_COURSE])]
    near = [r for r in rows if r.against == AGAINST_SOLUTION_IN_COURSE]
    if near:
        print(f"Contra la solución, en todo el curso: el juego que menos se aparta de ella, "
              f"{min(r.score for r in near if not r.should_flag):.3f}; la copia que más, "
              f"{max(r.score for r in near if r.should_flag):.3f}.")
    for name, mine in groups:
        if mine:
            print(f"{name}: honrado más alto {max((r.score for r in mine if not r.should_flag), default=0):.3f}, "
                  f"copia más baja {min((r.score for r in mine if r.should_flag), default=0):.3f}.")
    short = sorted({(r.slug, r.size) for r in everything if r.size < t.notebook_min_chars})
    print(f"No se juzgan (menos de {t.notebook_min_chars} letras de código propio): "
          + (", ".join(f"{slug} ({size})" for slug, size in short) or "ninguno") + ".")
    print("Contra la solución publicada, solo: " + (", ".join(f"{slug} ({value:.2f})" for slug, value in t.solution.items())
                                                    or "ninguno") + f". {len(problems(rows))} problema(s).")


def _decimals(value: float) -> str:
    """Un ajuste con dos decimales, o tres si los tiene (lo que se aparta de la solución es pequeño)."""
    return f"{value:.2f}" if round(value, 2) == value else f"{value:.3f}"


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
            if isinstance(value, dict):
                value = "{" + ", ".join(f"{key!r}: {number:.2f}" for key, number in value.items()) + "}"
            print(f"{name} = {_decimals(value)}" if isinstance(value, float) else f"{name} = {value}")
        return 0
    rows = judged(everything, t)
    _print_rows(rows, everything, t)
    return 1 if problems(rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
