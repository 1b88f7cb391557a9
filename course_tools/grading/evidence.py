"""La evidencia de un parecido, sobre un cuaderno entero y no sobre una respuesta suelta.

Un alumno (o una pareja) se juzga con todo su código propio de un cuaderno: cada ejercicio pesa lo que
mide (sus letras tras el analizador), y uno más corto que ``Thresholds.min_chars`` pesa en proporción a su
largo (una respuesta de dos líneas se escribe igual sin copiar). No es evidencia un pasaje que
aparece en las soluciones honradas e independientes de ``catalogues/independent/`` (lo natural del
ejercicio) ni, entre compañeros, uno que escribe también un tercer alumno de la clase (del ejercicio o de un
estilo, no de una pareja: como el ``-m`` de MOSS). Lo que queda compartido, pesado, sobre todo el código propio
pesado, es la parte del cuaderno que coincide: el ``score`` que se compara con el umbral; y las letras
compartidas tienen que llegar a ``Thresholds.min_evidence`` (un parecido de media línea no es un parecido).

Contra la solución publicada se mide al revés (``solution_evidence``): qué parte de lo propio de la solución está
en el cuaderno del alumno.
"""

from __future__ import annotations

import runpy
from dataclasses import dataclass, field
from pathlib import Path

from .similarity import Exercise, Fingerprint, Thresholds, answer_prints, covered

INDEPENDENT_DIR = "independent"
LEARNERS_FILE = "learners.py"  # en ``INDEPENDENT_DIR``: el corpus de trabajo honrado (``learner_prints``)


def independent_file(catalogue_dir: Path, slug: str) -> Path:
    return catalogue_dir / INDEPENDENT_DIR / f"nb{slug.replace('-', '_')}.py"


def independent_sets(catalogue_dir: Path, slug: str) -> list[dict[str, str]]:
    """Los juegos de soluciones independientes de un cuaderno (``grade_id -> código``); ninguno si no tiene."""
    path = independent_file(catalogue_dir, slug)
    return list(runpy.run_path(str(path))["SETS"]) if path.is_file() else []


def learners_file(catalogue_dir: Path) -> Path:
    return catalogue_dir / INDEPENDENT_DIR / LEARNERS_FILE


def honest_learners(catalogue_dir: Path) -> dict[str, dict[str, str]]:
    """El corpus de trabajo honrado del curso («clase/alumno» -> grade_id -> código); ninguno si no lo tiene."""
    path = learners_file(catalogue_dir)
    return dict(runpy.run_path(str(path))["LEARNERS"]) if path.is_file() else {}


_READ: dict[tuple, dict] = {}  # lo ya leído en el proceso: cada clase de una ronda de pruebas vuelve a leer lo mismo
_CONTEXTS: dict[tuple, tuple] = {}


def read_as_learners(works: list[dict[str, str]], wanted: list[Exercise], given: dict[str, set],
                     thresholds: Thresholds) -> list[dict[str, Fingerprint]]:
    """Las huellas de cada trabajo de ``works`` (grade_id -> código) en estos ejercicios, leído en su celda como la
    entrega de un alumno (``answer_prints``); lo ya leído con los mismos ejercicios y ajustes se recuerda."""
    context = (thresholds.k, thresholds.window, tuple((e.grade_id, e.cell, frozenset(given[e.grade_id])) for e in wanted))
    context = _CONTEXTS.setdefault(context, context)  # el mismo objeto: las claves se comparan sin recorrer las huellas
    found = []
    for work in works:
        key = (context, tuple(sorted(work.items())))
        if key not in _READ:
            _READ[key] = answer_prints(work, wanted, given, thresholds)
        found.append(_READ[key])
    return found


def learner_prints(catalogue_dir: Path, wanted: list[Exercise], given: dict[str, set],
                   thresholds: Thresholds) -> list[dict[str, Fingerprint]]:
    """Las huellas de cada alumno del corpus de trabajo honrado que respondió algo de estos ejercicios, leídas como
    las de un alumno de la clase.

    No es un juego de la calibración de la solución (no lo tiene todo, ni se escribió para ella): es lo que escriben
    alumnos honrados de verdad, y lo que escribe también uno de ellos no es evidencia entre compañeros. Sin él, dos
    principiantes de una clase que escriben los mismos bucles salían emparejados (los juegos son pocos por estilo)."""
    ids = {e.grade_id for e in wanted}
    works = [work for work in honest_learners(catalogue_dir).values() if ids & set(work)]
    return read_as_learners(works, wanted, given, thresholds)


def union(prints: list[dict[str, Fingerprint]]) -> dict[str, set]:
    """grade_id -> todas las huellas de esos juegos de huellas (``grade_id -> Fingerprint``)."""
    out: dict[str, set] = {}
    for fps in prints:
        for gid, fp in fps.items():
            out.setdefault(gid, set()).update(fp.hashes)
    return out


def independent_prints(catalogue_dir: Path, slug: str, wanted: list[Exercise], given: dict[str, set],
                       thresholds: Thresholds) -> list[dict[str, Fingerprint]]:
    """Las huellas de cada solución independiente del cuaderno (``grade_id -> Fingerprint``), leídas como un alumno."""
    return read_as_learners(independent_sets(catalogue_dir, slug), wanted, given, thresholds)


def natural_hashes(honest: list[dict[str, Fingerprint]], given: dict[str, set]) -> dict[str, set]:
    """grade_id -> las huellas de las soluciones independientes ``honest`` (lo natural: no es evidencia)."""
    found = union(honest)
    return {gid: found.get(gid, set()) for gid in given}


def weight(fp: Fingerprint, min_chars: int) -> float:
    """Cuánto pesa cada letra de un ejercicio: 1, o menos en proporción si es más corto que el mínimo."""
    return min(1.0, fp.length / min_chars) if min_chars else 1.0


def own_size(fps: dict[str, Fingerprint], k: int, min_chars: int) -> float:
    """Las letras de código propio de un cuaderno (``grade_id -> huellas``), cada ejercicio pesado por su largo.

    La de la solución publicada dice si el cuaderno se puede juzgar: con muy poco código propio, una copia y
    una idea común se escriben igual (``Thresholds.notebook_min_chars``)."""
    return notebook_evidence(fps, {}, {}, k, min_chars).own


@dataclass
class Evidence:
    """Lo que comparte el código propio de un alumno con otro código, ejercicio a ejercicio."""

    own: float = 0.0  # letras propias, pesadas
    shared: float = 0.0  # letras compartidas que son evidencia, pesadas
    exercises: dict = field(default_factory=dict)  # grade_id -> letras compartidas (sin pesar)
    of_solution: bool = False  # medida desde la solución publicada (``solution_evidence``)

    @property
    def score(self) -> float:
        return self.shared / self.own if self.own else 0.0

    @property
    def letters(self) -> float:
        """Las letras que tienen que llegar a ``Thresholds.min_evidence`` para señalar: las compartidas, o, contra la
        solución, lo propio de ella (con tan poco, una parte alta de ella sería media línea)."""
        return self.own if self.of_solution else self.shared

    def add(self, gid: str, fp: Fingerprint, evidence: set, k: int, min_chars: int, natural: set | None = None) -> None:
        """Suma un ejercicio; con ``natural``, su código propio es solo lo que no está en esas huellas."""
        w = weight(fp, min_chars)
        self.own += w * covered(fp, None if natural is None else set(fp.hashes) - natural, k)
        hits = covered(fp, evidence, k) if evidence else 0
        if hits:
            self.shared += w * hits
            self.exercises[gid] = hits


def summed(parts: list[Evidence]) -> Evidence:
    """La evidencia de una pareja en varios cuadernos juntos: sus letras propias y compartidas, sumadas (un ``grade_id``
    no se repite en todo el curso: lo comprueba ``checks.check_grade_ids``)."""
    total = Evidence()
    for part in parts:
        total.own += part.own
        total.shared += part.shared
        total.exercises.update(part.exercises)
    return total


def notebook_evidence(own: dict[str, Fingerprint], other: dict[str, Fingerprint], not_evidence: dict[str, set],
                      k: int, min_chars: int, distinctive: bool = False) -> Evidence:
    """La evidencia de ``own`` (grade_id -> huellas de un alumno) frente a ``other`` en todo el cuaderno.

    Con ``distinctive`` (entre compañeros), el código propio que divide es solo el que no es natural: lo natural
    no dice nada ni a favor ni en contra de una copia, y una pareja que escribe casi todo como cualquiera y copia
    el resto tiene que salir igual que una que copia un trabajo raro. Contra la solución publicada no: ahí lo
    natural ya se parece a ella, y quien escribe todo natural no la copió (``copies_calibration`` lo mide)."""
    found = Evidence()
    for gid, fp in own.items():
        theirs = other.get(gid)
        shared = set(fp.hashes) & set(theirs.hashes) if theirs is not None else set()
        natural = not_evidence.get(gid, set())
        found.add(gid, fp, shared - natural, k, min_chars, natural if distinctive else None)
    return found


def solution_evidence(own: dict[str, Fingerprint], solution: dict[str, Fingerprint], natural: dict[str, set],
                      k: int, min_chars: int) -> Evidence:
    """Cuánto de lo propio de la solución publicada (lo que no escriben soluciones independientes) está en el
    cuaderno de un alumno, cada ejercicio pesado por el largo de la solución.

    Se mide desde la solución y no desde el alumno: lo propio de la solución es siempre el mismo código, así que
    la parte que un alumno tiene de él no baja porque escriba más, ni sube porque escriba poco y natural. Una
    copia disfrazada conserva casi todo lo propio de la solución; un honrado que escribe como ella, solo lo que
    el ejercicio lleva a escribir así (``copies_calibration`` lo mide con los juegos independientes)."""
    found = notebook_evidence(solution, own, natural, k, min_chars, distinctive=True)
    found.of_solution = True
    return found
