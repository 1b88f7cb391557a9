"""Las copias de una clase: cada ejercicio de cada entrega, contra la solución publicada y contra los demás.

Lee ``submitted/`` (lo mismo que corrige ``make grade``), ``source/`` (la solución publicada, que es la de
``notebooks/``) y ``release/`` (lo que el alumno ya recibió escrito). Escribe nada: los informes los
hace ``copies_report``. Nunca toca una nota.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..layout.course import RELEASE, SOURCE, SUBMITTED, Course, notebook_file, notebooks_in
from .similarity import (COPY_OF_SOLUTION, SAME_AS_CLASSMATE, SOLUTION, CACHE_NAME, Fingerprint,
                         FingerprintCache, Thresholds, exercises, fingerprint, learner_code, similarity,
                         submission_digest)


@dataclass(frozen=True)
class Finding:
    """Un parecido señalado: un ejercicio de un alumno, y con quién (otro alumno o la solución publicada)."""

    student: str
    assignment: str
    exercise: str
    other: str
    similarity: float
    code: str
    group: int = 0  # en ``same-as-classmate``: el grupo (alumnos unidos por parecidos) dentro de la tarea


@dataclass
class ClassComparison:
    """Lo que encontró una comparación de toda la clase, y lo que el informe HTML necesita enseñar."""

    findings: list[Finding] = field(default_factory=list)
    skipped: list[tuple[str, str, str]] = field(default_factory=list)  # alumno, tarea, motivo
    compared: int = 0  # ejercicios de alumnos comparados
    read: int = 0  # entregas leídas de nuevo (las demás salieron de las huellas guardadas)
    code: dict = field(default_factory=dict)  # (alumno o SOLUTION, tarea, ejercicio) -> Fingerprint

    def groups(self, assignment: str) -> list[list[str]]:
        found = defaultdict(set)
        for f in self.findings:
            if f.code == SAME_AS_CLASSMATE and f.assignment == assignment:
                found[f.group].update((f.student, f.other))
        return [sorted(members) for _, members in sorted(found.items())]


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
    return {gid: fingerprint(text, thresholds).without(given[gid]) for gid, text in code.items()}


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
    for slug, by_student in sorted(folders.items()):
        _compare_assignment(course, slug, by_student, thresholds, store, result)
    result.read = store.read
    store.save()
    return result


def _compare_assignment(course, slug, by_student, thresholds, store, result) -> None:
    import nbformat

    source = nbformat.read(str(course.layout.notebook(SOURCE, slug)), as_version=4)
    release = nbformat.read(str(course.layout.notebook(RELEASE, slug)), as_version=4)
    wanted = exercises(source, release)
    given = {e.grade_id: set(fingerprint(e.given, thresholds).hashes) for e in wanted}
    solutions = {e.grade_id: fingerprint(e.solution, thresholds).without(given[e.grade_id]) for e in wanted}
    for gid, fp in solutions.items():
        result.code[(SOLUTION, slug, gid)] = fp
    found = {}
    for student, folder in by_student.items():
        path, reason = _notebook(folder, slug)
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
    learners: dict[str, dict[str, Fingerprint]] = {s: store.get(f"{s}/{slug}") for s in found}
    for exercise in wanted:
        gid = exercise.grade_id
        own = {s: fps[gid] for s, fps in learners.items()
               if gid in fps and fps[gid].length >= thresholds.min_chars and fps[gid].hashes}
        for student, fp in own.items():
            result.code[(student, slug, gid)] = fp
        result.compared += len(own)
        copied = _against_solution(own, solutions[gid], slug, gid, thresholds, result)
        # Quien ya copió la solución publicada no se empareja por ella: el parecido lo explica la fuente común.
        rest = {s: fp for s, fp in own.items() if s not in copied}
        _between_learners(rest, set(solutions[gid].hashes), slug, gid, thresholds, result)
    _number_groups(result, slug)


def _against_solution(own, solution, slug, gid, thresholds, result) -> set[str]:
    """Señala a quien tiene la solución publicada en su código; devuelve quiénes son."""
    copied = set()
    if not solution.hashes:
        return copied
    for student, fp in own.items():
        share = similarity(fp, solution, thresholds.k)
        if share >= thresholds.solution:
            copied.add(student)
            result.findings.append(Finding(student, slug, gid, SOLUTION, round(share, 3), COPY_OF_SOLUTION))
    return copied


def _between_learners(own, published: set, slug, gid, thresholds, result) -> None:
    """Pares por encima del umbral, buscados con un índice huella -> alumnos (no todos contra todos)."""
    beyond = {s: fp.without(published) for s, fp in own.items()}
    holders = defaultdict(list)
    for student, fp in beyond.items():
        for h in fp.hashes:
            holders[h].append(student)
    forced = len(beyond) >= thresholds.forced_min_class
    limit = thresholds.forced_share * len(beyond)
    shared = defaultdict(int)
    for students in holders.values():
        if forced and len(students) > limit:
            continue
        for i, a in enumerate(students):
            for b in students[i + 1:]:
                shared[(a, b)] += 1
    for (a, b), count in sorted(shared.items()):
        fa, fb = beyond[a], beyond[b]
        if count < thresholds.classmate * min(len(fa.hashes), len(fb.hashes)):
            continue  # ni siquiera el más corto de los dos está dentro del otro: no hace falta medir
        share = min(similarity(fa, fb, thresholds.k), similarity(fb, fa, thresholds.k))
        if share >= thresholds.classmate:
            result.findings.append(Finding(a, slug, gid, b, round(share, 3), SAME_AS_CLASSMATE))
            result.findings.append(Finding(b, slug, gid, a, round(share, 3), SAME_AS_CLASSMATE))


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
