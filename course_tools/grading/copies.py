"""Las copias de una clase: el código propio de cada cuaderno entregado, contra la solución publicada y
contra los demás (la evidencia, pesada por largo y sin lo natural, la mide ``evidence``).

Un cuaderno con poco código propio no se juzga (ni se leen sus entregas); uno sin umbral en
``Thresholds.solution`` no se juzga contra la solución publicada, y entre compañeros lo que se parece a
ella cuenta como natural. Los dos quedan en ``ClassComparison.not_judged`` con su motivo.

Después de todas las tareas, las parejas que no salen en ninguna se juzgan con lo que comparten sumado en todas
las que entregaron los dos (``_across_course``), y cada alumno, contra la solución publicada, por dónde se aparta de
ella en las tareas en que se mira así (``_solution_across_course``, con ``neighbours``).

Lee ``submitted/`` (lo mismo que corrige ``make grade``), ``source/`` (la solución publicada, que es la de
``notebooks/``) y ``release/`` (lo que el alumno ya recibió escrito: en su celda y en todos los cuadernos hasta ese). Escribe nada: los informes los
hace ``copies_report``. Nunca toca una nota.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from ..layout.course import SUBMITTED, Course, notebook_file, notebooks_in
from ..settings import MB
from .evidence import (Evidence, independent_prints, learner_prints, natural_hashes, notebook_evidence, own_size,
                       solution_evidence, summed, union)
from .neighbours import Nearness, given_texts, near_copy, nearness
from .neighbours import summed as summed_nearness
from .similarity import (COPY_OF_SOLUTION, NOT_AGAINST_SOLUTION, NOT_JUDGED, SAME_AS_CLASSMATE, SAME_IN_COURSE,
                         SOLUTION, CACHE_NAME, WHOLE_COURSE, Fingerprint, FingerprintCache, Thresholds,
                         course_exercises, fingerprint, given_hashes, learner_code, shown_hashes, solution_prints,
                         submission_digest)

SHORT = ("no se juzga: sus respuestas son demasiado cortas para distinguir una copia de una idea común ({size} "
         "letras de código propio en la solución publicada; hacen falta {least})")
LIKE_INDEPENDENT = ("no se juzga contra la solución publicada: la calibración no le da umbral (una solución escrita por "
                    "separado ya se le parece tanto como una copia disfrazada, lo que solo ella escribe es demasiado "
                    "poco, o hay pocas soluciones independientes para fiarse){summed}; entre compañeros sí, y lo que se "
                    "parece a ella cuenta como natural (dos alumnos que la escriben casi igual no se señalan)")
SUMMED = (", solo en «todo el curso», junto con los demás cuadernos en que se mira por dónde se aparta cada alumno "
          "de ella")


@dataclass(frozen=True)
class Finding:
    """Un alumno señalado en un cuaderno, y con quién (otro alumno o la solución publicada)."""

    student: str
    assignment: str
    other: str
    similarity: float  # parte (pesada por largo) de lo propio de la solución que tiene, o de su código que comparte
    code: str
    evidence: int = 0  # letras compartidas que son evidencia (tras el analizador, pesadas)
    exercises: tuple = ()  # (grade_id, letras compartidas) de cada ejercicio con evidencia, la mayor primero
    group: int = 0  # en ``same-as-classmate``: el grupo (alumnos unidos por parecidos) dentro de la tarea
    notebooks: tuple = ()  # sumado en «todo el curso» (``same-in-course`` o ``copy-of-solution``): las tareas sumadas
    straying: float = 0.0  # ``copy-of-solution`` en «todo el curso»: lo que se aparta de ella hacia las honradas

    @property
    def reason(self) -> str:
        """Por qué sale, en una línea."""
        where = ", ".join(gid for gid, _ in self.exercises)
        if self.code == COPY_OF_SOLUTION and self.notebooks:
            return (f"en los {len(self.notebooks)} cuadernos en que se mira ({', '.join(self.notebooks)}) se parece un "
                    f"{100 * self.similarity:.0f} % a la solución publicada, más que a ninguna solución independiente, "
                    f"y se aparta de ella hacia ellas solo un {100 * self.straying:.1f} % ({self.evidence} letras de la "
                    f"solución; un honrado, por natural que escriba, se aparta en algún ejercicio hacia otra forma "
                    f"honrada; quien la pegó solo cambia lo que disimula); la tienen así: {where}")
        if self.code == COPY_OF_SOLUTION:
            return (f"tiene el {100 * self.similarity:.0f} % de lo propio de la solución publicada ({self.evidence} "
                    f"letras; propio: lo que no escriben así soluciones independientes): {where}")
        if self.code == SAME_IN_COURSE:
            return (f"comparte con {self.other}, sumado en los {len(self.notebooks)} cuadernos juzgados que entregaron "
                    f"los dos ({', '.join(self.notebooks)}), el {100 * self.similarity:.0f} % de su código propio que "
                    f"no es natural ({self.evidence} letras; en ningún cuaderno llega por separado): {where}")
        return (f"comparte con {self.other} el {100 * self.similarity:.0f} % de su código propio que no es natural "
                f"({self.evidence} letras; natural: lo que escriben así soluciones independientes o casi toda la "
                f"clase): {where}")


@dataclass
class ClassComparison:
    """Lo que encontró una comparación de toda la clase, y lo que el informe HTML necesita enseñar."""

    findings: list[Finding] = field(default_factory=list)
    skipped: list[tuple[str, str, str]] = field(default_factory=list)  # alumno, tarea, motivo
    not_judged: list[tuple[str, str, str]] = field(default_factory=list)  # tarea, NOT_JUDGED o NOT_AGAINST_…, motivo
    compared: int = 0  # ejercicios de alumnos comparados
    read: int = 0  # entregas leídas de nuevo (las demás salieron de las huellas guardadas)
    code: dict = field(default_factory=dict)  # (alumno o SOLUTION, tarea, ejercicio) -> Fingerprint
    not_evidence: dict = field(default_factory=dict)  # (código, tarea, ejercicio) -> huellas que no cuentan
    classmates: dict = field(default_factory=dict)  # tarea -> alumnos que se comparan entre sí (no copiaron la solución)
    assignment_of: dict = field(default_factory=dict)  # ejercicio -> su tarea
    nearness: dict = field(default_factory=dict)  # (alumno, tarea) -> ``neighbours.Nearness``, donde se mira así

    def groups(self, assignment: str) -> list[list[str]]:
        found = defaultdict(set)
        for f in self.findings:
            if f.code == SAME_AS_CLASSMATE and f.assignment == assignment:
                found[f.group].update((f.student, f.other))
        return [sorted(members) for _, members in sorted(found.items())]


def forget_what_this_process_remembers() -> None:
    """Olvida lo que el proceso recuerda entre comparaciones (lo leído de los juegos y del corpus, lo que enseña el
    curso, los parecidos de difflib): una ronda reanudada de ``make grade`` es otro proceso, y ``make bench`` la
    mide así."""
    from . import evidence, neighbours, similarity

    evidence._READ.clear()
    evidence._CONTEXTS.clear()
    similarity._SEEN_CODE.clear()
    neighbours.likeness.cache_clear()
    neighbours._nearest.cache_clear()


def _notebook(folder: Path, slug: str) -> tuple[Path | None, str]:
    """El cuaderno de la entrega: el de su nombre o, si no, el único que haya; y si no, por qué no."""
    exact = folder / notebook_file(slug)
    if exact.is_file():
        return exact, ""
    others = notebooks_in(folder)
    if len(others) == 1:
        return others[0], ""
    return None, f"falta el cuaderno {notebook_file(slug)}"


def _read_exercises(task: tuple) -> dict | str:
    """Las huellas de cada ejercicio de una entrega (en un proceso aparte), o por qué no se pudo leer."""
    import nbformat
    from nbformat.v4.rwbase import rejoin_lines

    path, given, thresholds = task
    try:  # sin validar el esquema: cuesta más que todo lo demás, y lo que no es un cuaderno falla igual
        nb = rejoin_lines(nbformat.from_dict(json.loads(Path(path).read_text(encoding="utf-8"))))
        code = learner_code(nb, set(given))
    except (OSError, ValueError, UnicodeDecodeError, KeyError, TypeError, AttributeError) as err:
        return f"no se pudo leer ({type(err).__name__}): se salta"
    return {gid: fingerprint(text, thresholds) for gid, text in code.items()}  # lo dado se quita al usarlas


def _in_parallel(tasks: list[tuple]) -> list:
    """``_read_exercises`` de cada tarea; con muchas, repartidas entre los núcleos de la máquina."""
    if len(tasks) < 50:
        return [_read_exercises(task) for task in tasks]
    import os
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        return list(pool.map(_read_exercises, tasks, chunksize=16))


def compare_class(course: Course, thresholds: Thresholds = Thresholds(), slugs: list[str] | None = None,
                  cache: Path | None = None) -> ClassComparison:
    """Compara cada tarea de ``submitted/`` (o solo las de ``slugs``)."""
    result = ClassComparison()
    store = FingerprintCache(cache, json.dumps(asdict(thresholds), sort_keys=True))
    known = {n.slug for n in course.notebooks()}
    folders = defaultdict(dict)
    for student, slug, folder in course.layout.entries(SUBMITTED):
        if folder.is_dir() and slug in known and (slugs is None or slug in slugs):
            folders[slug][student] = folder
    shown = shown_hashes(course, thresholds) if folders else {}
    tallies = [_compare_assignment(course, slug, by_student, thresholds, store, result, shown.get(slug, set()))
               for slug, by_student in sorted(folders.items())]
    _across_course(result, [t for t in tallies if t is not None], _prints(result), thresholds)
    _solution_across_course(result, thresholds)
    result.read = store.read
    store.save()
    return result


def _compare_assignment(course, slug, by_student, thresholds, store, result, shown) -> tuple | None:
    """Compara una tarea; devuelve lo que necesita la suma de todo el curso (``_shared_prints``), o None si no se juzga.
    ``shown``: lo que el curso ha enseñado hasta ella (``shown_hashes``), que no es de nadie."""
    wanted = course_exercises(course, slug)
    given = given_hashes(wanted, thresholds, shown)
    solutions = solution_prints(wanted, given, thresholds)
    size = own_size(solutions, thresholds.k, thresholds.min_chars)
    if size < thresholds.notebook_min_chars:  # ni se leen las entregas: nada de ellas se juzgaría
        result.not_judged.append((slug, NOT_JUDGED, SHORT.format(size=round(size), least=thresholds.notebook_min_chars)))
        return None
    for gid, fp in solutions.items():
        result.code[(SOLUTION, slug, gid)] = fp
    found = {}
    for student, folder in by_student.items():
        path, reason = _notebook(folder, slug)
        size = path.lstat().st_size if path is not None else 0  # medido antes de leerlo
        if size > thresholds.notebook_max_mb * MB:
            path, reason = None, f"{path.name} mide {size / MB:.1f} MB y el límite es {thresholds.notebook_max_mb} MB: no se lee"
        if path is None:
            result.skipped.append((student, slug, reason))
        else:
            found[student] = (path, submission_digest(path))
    stale = [s for s, (_, digest) in found.items() if not store.has(f"{s}/{slug}", digest)]
    for student, read in zip(stale, _in_parallel([(found[s][0], given, thresholds) for s in stale])):
        if isinstance(read, str):
            result.skipped.append((student, slug, read))
            del found[student]
        else:
            store.put(f"{student}/{slug}", found[student][1], read)
    # Las huellas se guardan enteras: si el curso cambia lo que enseña, lo dado cambia y lo guardado sigue valiendo.
    read = {s: store.get(f"{s}/{slug}") for s in found}
    learners: dict[str, dict[str, Fingerprint]] = {s: _without_given(prints, given) for s, prints in read.items()}
    honest = independent_prints(course.layout.catalogue_dir, slug, wanted, given, thresholds)
    natural = natural_hashes(honest, given)
    # Entre compañeros es natural, además, lo que escribe uno del corpus de trabajo honrado (``learner_prints``).
    corpus = union(learner_prints(course.layout.catalogue_dir, wanted, given, thresholds))
    if slug in thresholds.solution_course_notebooks and slug not in thresholds.solution:
        texts = given_texts(wanted, thresholds)
        for student, prints in read.items():
            result.nearness[(student, slug)] = nearness(prints, solutions, honest, texts, thresholds)
    for student, fps in learners.items():
        for gid, fp in fps.items():
            result.code[(student, slug, gid)] = fp
        result.compared += len(fps)
    for gid in given:
        result.not_evidence[(COPY_OF_SOLUTION, slug, gid)] = natural[gid]
        result.assignment_of[gid] = slug
    copied = set()
    if slug in thresholds.solution_notebooks:
        copied = _against_solution(learners, solutions, slug, thresholds, result)
    else:
        summed_here = SUMMED if slug in thresholds.solution_course_notebooks else ""
        result.not_judged.append((slug, NOT_AGAINST_SOLUTION, LIKE_INDEPENDENT.format(summed=summed_here)))
    # Quien ya copió la solución publicada no se empareja por ella: el parecido lo explica la fuente común.
    rest = {s: fps for s, fps in learners.items() if s not in copied}
    result.classmates[slug] = sorted(rest)
    common = _class_common(rest, thresholds)
    for gid in given:  # donde no se juzga contra la solución, parecerse a ella es tan natural como a un juego
        like_solution = set() if slug in thresholds.solution_notebooks else set(solutions[gid].hashes)
        result.not_evidence[(SAME_AS_CLASSMATE, slug, gid)] = (natural[gid] | corpus.get(gid, set())
                                                               | common.get(gid, set()) | like_solution)
    tally = _between_learners(rest, slug, thresholds, result)
    _number_groups(result, slug)
    return tally


def _without_given(prints: dict[str, Fingerprint], given: dict[str, set]) -> dict[str, Fingerprint]:
    """Las huellas de una entrega sin lo dado (las de los ejercicios que se quedan sin ninguna, fuera)."""
    kept = {g: fp.without(given.get(g, set())) for g, fp in prints.items()}
    return {g: fp for g, fp in kept.items() if fp.hashes}


def _finding(student, slug, other, ev: Evidence, code) -> Finding:
    listed = tuple(sorted(ev.exercises.items(), key=lambda item: (-item[1], item[0])))
    return Finding(student, slug, other, round(ev.score, 3), code, int(round(ev.shared)), listed)


def _flagged(ev: Evidence, threshold: float, thresholds: Thresholds) -> bool:
    return ev.score >= threshold and ev.letters >= thresholds.min_evidence


def _against_solution(learners, solutions, slug, thresholds, result) -> set[str]:
    """Señala a quien tiene la solución publicada en su cuaderno; devuelve quiénes son."""
    copied = set()
    natural = _not_evidence(result, COPY_OF_SOLUTION, slug)
    for student, fps in learners.items():
        ev = solution_evidence(fps, solutions, natural, thresholds.k, thresholds.min_chars)
        if _flagged(ev, thresholds.solution[slug], thresholds):
            copied.add(student)
            result.findings.append(_finding(student, slug, SOLUTION, ev, COPY_OF_SOLUTION))
    return copied


def _class_common(learners, thresholds) -> dict[str, set]:
    """grade_id -> las huellas que tienen al menos ``class_holders`` alumnos: lo que escribe también un tercero no es de
    una pareja, sino del ejercicio o de un estilo de la clase (como en la calibración, donde es natural lo que escribe
    otro juego). Veinte principiantes escriben los mismos bucles sin copiarse; un trío que comparte un pasaje lo
    esconde, como con el ``-m`` de MOSS."""
    counts = defaultdict(lambda: defaultdict(int))
    for fps in learners.values():
        for gid, fp in fps.items():
            for h in fp.hashes:
                counts[gid][h] += 1
    return {gid: {h for h, n in held.items() if n >= thresholds.class_holders} for gid, held in counts.items()}


def _not_evidence(result: ClassComparison, code: str, slug: str) -> dict[str, set]:
    """grade_id -> las huellas de una tarea que no son evidencia para ``code``: contra la solución publicada, lo que
    escriben soluciones independientes; entre compañeros, además lo que comparte casi toda la clase."""
    return {g: hashes for (kind, s, g), hashes in result.not_evidence.items() if kind == code and s == slug}


def _shared_prints(learners, skip) -> tuple[dict, dict]:
    """Cuántas huellas que son evidencia comparte cada par (a, b), con a < b, y cuántas tiene cada alumno; con un
    índice huella -> alumnos, no todos contra todos."""
    distinct = {s: {g: set(fp.hashes) - skip[g] for g, fp in fps.items()} for s, fps in learners.items()}
    holders = defaultdict(list)
    for student, by_exercise in sorted(distinct.items()):
        for gid, hashes in by_exercise.items():
            for h in hashes:
                holders[(gid, h)].append(student)
    shared = defaultdict(int)
    for students in holders.values():
        for i, a in enumerate(students):
            for b in students[i + 1:]:
                shared[(a, b)] += 1
    return shared, {s: sum(map(len, by_exercise.values())) for s, by_exercise in distinct.items()}


def _worth_measuring(count: int, sizes: tuple, threshold: float) -> bool:
    """Si un par comparte al menos la mitad de las huellas que necesitaría el más corto de los dos (si no, no hace
    falta medir: no llegaría)."""
    return count >= 0.5 * threshold * min(sizes)


def _both_flagged(a, b, skip, threshold, thresholds) -> tuple[Evidence, Evidence] | None:
    """La evidencia del par en las dos direcciones (listas de ``(huellas de a, huellas de b, no evidencia)`` por
    cuaderno, sumadas), si las dos llegan a ``threshold`` y a las letras mínimas."""
    ab = summed([notebook_evidence(x, y, s, thresholds.k, thresholds.min_chars, distinctive=True)
                 for x, y, s in zip(a, b, skip)])
    ba = summed([notebook_evidence(y, x, s, thresholds.k, thresholds.min_chars, distinctive=True)
                 for x, y, s in zip(a, b, skip)])
    return (ab, ba) if _flagged(ab, threshold, thresholds) and _flagged(ba, threshold, thresholds) else None


def _between_learners(learners, slug, thresholds, result) -> tuple[dict, dict]:
    """Pares por encima del umbral en el cuaderno; devuelve lo que comparte cada par y lo que tiene cada uno."""
    skip = _not_evidence(result, SAME_AS_CLASSMATE, slug)
    shared, sizes = _shared_prints(learners, skip)
    for (a, b), count in sorted(shared.items()):
        if not _worth_measuring(count, (sizes[a], sizes[b]), thresholds.classmate):
            continue
        flagged = _both_flagged([learners[a]], [learners[b]], [skip], thresholds.classmate, thresholds)
        if flagged:
            result.findings.append(_finding(a, slug, b, flagged[0], SAME_AS_CLASSMATE))
            result.findings.append(_finding(b, slug, a, flagged[1], SAME_AS_CLASSMATE))
    return shared, sizes


def _across_course(result: ClassComparison, tallies: list[tuple[dict, dict]], prints: dict,
                   thresholds: Thresholds) -> None:
    """Las parejas que no salen en ningún cuaderno, juzgadas con lo que comparten sumado en todos los cuadernos
    juzgados que entregaron los dos (al menos ``course_min_notebooks``): quien reescribe cada expresión de un
    compañero deja en cada cuaderno menos de lo que hace falta, y en todo el curso no."""
    paired = {frozenset((f.student, f.other)) for f in result.findings if f.code == SAME_AS_CLASSMATE}
    count, sizes = defaultdict(int), defaultdict(lambda: [0, 0])
    for shared, its_sizes in tallies:  # los tamaños, solo de los cuadernos en que comparten algo: así no se descarta
        for (a, b), n in shared.items():  # a nadie que sí llegaría
            count[(a, b)] += n
            sizes[(a, b)][0] += its_sizes[a]
            sizes[(a, b)][1] += its_sizes[b]
    skips = {slug: _not_evidence(result, SAME_AS_CLASSMATE, slug) for slug in result.classmates}
    for (a, b), n in sorted(count.items()):
        if frozenset((a, b)) in paired or not _worth_measuring(n, sizes[(a, b)], thresholds.course):
            continue
        slugs = [s for s, members in sorted(result.classmates.items()) if a in members and b in members]
        if len(slugs) < thresholds.course_min_notebooks:
            continue
        flagged = _both_flagged([prints[(a, s)] for s in slugs], [prints[(b, s)] for s in slugs],
                                [skips[s] for s in slugs], thresholds.course, thresholds)
        if flagged:
            for one, other, ev in ((a, b, flagged[0]), (b, a, flagged[1])):
                result.findings.append(replace(_finding(one, WHOLE_COURSE, other, ev, SAME_IN_COURSE),
                                               notebooks=tuple(slugs)))


_NOTHING = Nearness()


def _solution_across_course(result: ClassComparison, thresholds: Thresholds) -> None:
    """Cada alumno, contra la solución publicada, en los cuadernos de ``Thresholds.solution_course_notebooks`` en que
    respondió algo (al menos ``course_min_notebooks``; sin los que tienen umbral propio, que ya se juzgaron): se señala
    a quien escribe como ella y, donde se aparta, no es hacia ninguna solución honrada (``neighbours.near_copy``)."""
    slugs = [s for s in thresholds.solution_course_notebooks if s in result.classmates and s not in thresholds.solution]
    for student in sorted({s for slug in slugs for s in result.classmates[slug]}):
        theirs = [s for s in slugs if student in result.classmates[s] and result.nearness.get((student, s), _NOTHING).weight]
        if len(theirs) < thresholds.course_min_notebooks:
            continue
        found = summed_nearness([result.nearness[(student, s)] for s in theirs])
        if near_copy(found, thresholds):
            nearest = sorted(((gid, round(w)) for gid, (mine, honest, w) in found.exercises.items() if mine > honest),
                             key=lambda item: (-item[1], item[0]))
            result.findings.append(Finding(student, WHOLE_COURSE, SOLUTION, round(found.closeness, 3),
                                           COPY_OF_SOLUTION, int(round(found.weight)), tuple(nearest),
                                           notebooks=tuple(theirs), straying=round(found.straying, 3)))


def _prints(result: ClassComparison) -> dict[tuple, dict[str, Fingerprint]]:
    """(alumno, tarea) -> grade_id -> sus huellas (las que guardó la comparación), para la suma de todo el curso."""
    found = defaultdict(dict)
    for (who, slug, gid), fp in result.code.items():
        found[(who, slug)][gid] = fp
    return found


def _number_groups(result: ClassComparison, slug: str) -> None:
    """Une los pares de una tarea en grupos (componentes conexas) y numera cada hallazgo con su grupo."""
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    pairs = [f for f in result.findings if f.assignment == slug and f.code == SAME_AS_CLASSMATE]
    for f in pairs:
        parent[root(f.student)] = root(f.other)
    numbers = {r: i for i, r in enumerate(sorted({root(f.student) for f in pairs}, key=lambda r: min(
        s for s in parent if root(s) == r)), start=1)}
    result.findings = [Finding(**{**asdict(f), "group": numbers[root(f.student)]})
                       if f in pairs else f for f in result.findings]


def cache_path(course: Course) -> Path:
    return course.layout.report_dir / CACHE_NAME
