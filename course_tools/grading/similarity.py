"""Parecidos entre entregas: quién entregó la solución publicada y quiénes entregaron el mismo trabajo.

Solo se compara el código propio de cada alumno: la celda de solución de cada ejercicio de código,
sin lo que ya traía la versión de alumno (la firma, el docstring, el hueco), sin lo que el curso ha enseñado
hasta ese cuaderno en sus versiones de alumno (``shown_hashes``) y sin las predicciones
(respuestas cortas, iguales a la fuerza). Cada trozo de código pasa por el analizador léxico de
``copydetect`` (el de MOSS: los nombres se cambian por una letra y los comentarios, espacios y saltos
de línea desaparecen), se cortan sus k-gramas y el «aventado» (*winnowing*) se queda con unas huellas
de cada ventana. Dos códigos se parecen en la parte de sus huellas que comparten, así que renombrar
variables, reformatear, comentar o cambiar el orden de líneas largas no esconde una copia.

Tres hallazgos, que nunca cambian una nota, juzgados sobre el cuaderno entero (``evidence``: cada ejercicio
pesado por su largo, sin lo que escriben soluciones independientes ni lo que comparte casi toda la clase):

- ``copy-of-solution``: lo propio de la solución publicada de un cuaderno (``source/`` y ``notebooks/`` tienen la
  misma; sin lo que escriben soluciones independientes) está, por encima del umbral de ese cuaderno, en el código
  del alumno; o, en «todo el curso», en los cuadernos de ``Thresholds.solution_course_notebooks`` el alumno escribe
  como ella y, donde se aparta, no es hacia ninguna solución honrada (``neighbours``: en uno solo, quien sigue el
  curso al pie de la letra escribe como ella);
- ``same-as-classmate``: dos alumnos que no copiaron la solución publicada comparten, por encima del
  umbral, su código más allá de lo natural (también lo que comparten con la solución: quien copia a un
  compañero que escribió como la solución sigue copiando);
- ``same-in-course``: dos alumnos que no salen así en ningún cuaderno, pero sí con lo que comparten sumado en
  todos los cuadernos juzgados que entregaron los dos (``Thresholds.course``, con al menos
  ``Thresholds.course_min_notebooks``): quien reescribe cada expresión de un compañero deja en cada cuaderno
  menos de lo que hace falta, y en todo el curso no.

Solo se juzgan los cuadernos con bastante código propio en su solución publicada
(``Thresholds.notebook_min_chars``) y, contra la solución, los que tienen umbral en ``Thresholds.solution``; de los demás
el informe dice que no se juzgan y por qué. Todo eso, y los dos umbrales, sale de ``copies_calibration``.

Las huellas usan un hash propio y estable (no el ``hash()`` de Python, que cambia de un proceso a
otro), así que se guardan: una ronda reanudada solo vuelve a leer las entregas que cambiaron.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

SOLUTION = "solución publicada"
COPY_OF_SOLUTION, SAME_AS_CLASSMATE, SAME_IN_COURSE = "copy-of-solution", "same-as-classmate", "same-in-course"
WHOLE_COURSE = "todo el curso"  # la «tarea» de un hallazgo same-in-course
NOT_JUDGED, NOT_AGAINST_SOLUTION = "not-judged", "not-judged-against-solution"  # un cuaderno entero, sin alumnos
CACHE_NAME = "parecidos-huellas.json"
_BASE = 1_000_003


def _setting(name: str):
    """El valor por defecto de un ajuste del curso (``settings.CourseSettings``): escrito allí una sola vez."""
    from ..settings import CourseSettings

    return CourseSettings.class_traits()[name].default()


@dataclass(frozen=True)
class Thresholds:
    """Cuándo un parecido se señala y qué cuadernos se juzgan. Los once primeros vienen de ``c.CourseSettings``
    (``solution``: cada cuaderno que se juzga contra la solución publicada, con su umbral)."""

    solution: dict = field(default_factory=lambda: dict(_setting("similarity_solution_thresholds")))  # cuaderno -> umbral
    classmate: float = field(default_factory=lambda: _setting("similarity_threshold_classmate"))  # … entre compañeros
    course: float = field(default_factory=lambda: _setting("similarity_threshold_course"))  # … sumado en el curso
    course_min_notebooks: int = field(default_factory=lambda: _setting("similarity_course_min_notebooks"))
    solution_course_strays: float = field(default_factory=lambda: _setting("similarity_solution_course_strays"))
    solution_course_closeness: float = field(default_factory=lambda: _setting("similarity_solution_course_closeness"))
    solution_course_notebooks: tuple = field(
        default_factory=lambda: tuple(_setting("similarity_solution_course_notebooks")))  # se suman contra la solución
    min_chars: int = field(default_factory=lambda: _setting("similarity_min_chars"))  # más corto: pesa menos
    min_evidence: int = field(default_factory=lambda: _setting("similarity_min_evidence"))  # letras compartidas
    notebook_min_chars: int = field(default_factory=lambda: _setting("similarity_notebook_min_chars"))  # si no, no se juzga
    notebook_max_mb: int = field(default_factory=lambda: _setting("notebook_max_mb"))  # más grande: no se lee
    k: int = 12  # largo de cada k-grama, en letras tras el analizador
    window: int = 4  # ventana del aventado
    class_holders: int = 3  # huella que tienen tantos alumnos de la clase (uno más que una pareja): es de la clase

    @classmethod
    def from_settings(cls, settings) -> "Thresholds":
        """Los umbrales de unos ``CourseSettings`` (los de ``nbgrader_config.py`` de un curso)."""
        return cls(solution=dict(settings.similarity_solution_thresholds),
                   classmate=settings.similarity_threshold_classmate, course=settings.similarity_threshold_course,
                   course_min_notebooks=settings.similarity_course_min_notebooks,
                   solution_course_strays=settings.similarity_solution_course_strays,
                   solution_course_closeness=settings.similarity_solution_course_closeness,
                   solution_course_notebooks=tuple(settings.similarity_solution_course_notebooks),
                   min_chars=settings.similarity_min_chars,
                   min_evidence=settings.similarity_min_evidence,
                   notebook_min_chars=settings.similarity_notebook_min_chars, notebook_max_mb=settings.notebook_max_mb)

    @property
    def solution_notebooks(self) -> tuple:
        """Los cuadernos que se juzgan contra la solución publicada: los que tienen umbral propio."""
        return tuple(sorted(self.solution))


@dataclass
class Fingerprint:
    """Las huellas de un trozo de código: su valor, dónde empieza cada una y el código filtrado."""

    code: str
    filtered: str
    offsets: list = field(default_factory=list)
    hashes: dict = field(default_factory=dict)  # huella -> posiciones en ``filtered``

    @property
    def length(self) -> int:
        return len(self.filtered)

    def without(self, other: set) -> "Fingerprint":
        kept = {h: p for h, p in self.hashes.items() if h not in other}
        return Fingerprint(self.code, self.filtered, self.offsets, kept)

    def to_json(self) -> dict:
        return {"code": self.code, "filtered": self.filtered, "offsets": self.offsets,
                "hashes": [[h, p] for h, p in self.hashes.items()]}

    @classmethod
    def from_json(cls, data: dict) -> "Fingerprint":
        return cls(data["code"], data["filtered"], data["offsets"], {h: p for h, p in data["hashes"]})


def _filter(code: str) -> tuple[str, list]:
    """El código como lo ve ``copydetect`` (nombres → letra, sin comentarios ni espacios) y sus desplazamientos."""
    from copydetect.utils import filter_code

    filtered, offsets = filter_code(code, "celda.py", language="python")
    return filtered, np.asarray(offsets, dtype=np.int64).reshape(-1, 2).tolist()


def _kgram_hashes(text: str, k: int) -> np.ndarray:
    """Un hash polinómico de cada k-grama, estable entre procesos (aritmética módulo 2**64)."""
    codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    if len(codes) < k:
        return np.zeros(0, dtype=np.uint64)
    powers = np.array([pow(_BASE, k - 1 - i, 2**64) for i in range(k)], dtype=np.uint64)
    windows = np.lib.stride_tricks.sliding_window_view(codes, k)
    return (windows * powers).sum(axis=1, dtype=np.uint64)


def _winnow(hashes: np.ndarray, window: int) -> np.ndarray:
    """Posiciones elegidas por el aventado: el mínimo más a la derecha de cada ventana de ``window`` hashes."""
    if len(hashes) == 0:
        return np.zeros(0, dtype=np.int64)
    if len(hashes) <= window:
        return np.array([len(hashes) - 1 - int(np.argmin(hashes[::-1]))])
    views = np.lib.stride_tricks.sliding_window_view(hashes, window)[:, ::-1]
    picks = np.arange(len(views)) + (window - 1 - np.argmin(views, axis=1))
    return np.unique(picks)


def fingerprint(code: str, thresholds: Thresholds) -> Fingerprint:
    filtered, offsets = _filter(code)
    hashes = _kgram_hashes(filtered, thresholds.k)
    where: dict[int, list[int]] = {}
    for position in _winnow(hashes, thresholds.window).tolist():
        where.setdefault(int(hashes[position]), []).append(position)
    return Fingerprint(code, filtered, offsets, where)


def covered(fp: Fingerprint, shared: set, k: int) -> int:
    """Cuántas letras del código filtrado caen en huellas de ``shared`` (todas, si ``shared`` es None)."""
    starts = [p for h, ps in fp.hashes.items() if shared is None or h in shared for p in ps]
    if not starts:
        return 0
    mask = np.zeros(fp.length + k, dtype=bool)
    for start in starts:
        mask[start:start + k] = True
    return int(mask.sum())


def similarity(a: Fingerprint, b: Fingerprint, k: int) -> float:
    """La parte del código de ``a`` (en letras cubiertas por huellas) que también está en ``b``."""
    own = covered(a, None, k)
    return covered(a, set(a.hashes) & set(b.hashes), k) / own if own else 0.0


# --- Lo que se compara de cada cuaderno --------------------------------------------------------

@dataclass(frozen=True)
class Exercise:
    """Un ejercicio de código de una tarea: lo que trae la versión de alumno y la solución publicada."""

    grade_id: str
    given: str
    solution: str
    cell: str = ""  # la celda de la solución publicada, con sus marcas

    def answered(self, body: str) -> str:
        """La celda como la entrega quien escribe ``body`` en el hueco (``cells.answered``): lo que se compara de
        un alumno es la celda entera, y lo que se compara de una solución independiente tiene que ser igual."""
        from ..rules import cells

        return cells.answered(self.cell, body)

    def regions(self) -> list[str]:
        """El código de la solución publicada en cada región de solución de la celda (lo que un alumno copia)."""
        from ..rules import cells

        return cells.solution_regions(self.cell)


def exercises(source_nb, release_nb) -> list[Exercise]:
    """Los ejercicios de código (no las predicciones) de un cuaderno fuente, con su hueco de alumno."""
    from ..rules import cells
    from ..rules.predictions import prediction_checks

    given = {cells.grade_id(c): c.source for c in release_nb.cells if c.cell_type == "code" and cells.is_solution(c)}
    found = []
    for solution_index, test_index in cells.exercises(source_nb):
        cell = source_nb.cells[solution_index]
        if prediction_checks(source_nb.cells[test_index].source):
            continue
        gid = cells.grade_id(cell)
        found.append(Exercise(gid, given.get(gid, ""), cells.strip_solution_markers(cell.source), cell.source))
    return found


def course_exercises(course, slug: str) -> list[Exercise]:
    """Los ejercicios de código de la tarea ``slug``: la solución publicada (``source/``) y el hueco (``release/``)."""
    import nbformat

    from ..layout.course import RELEASE, SOURCE

    def read(step):
        return nbformat.read(str(course.layout.notebook(step, slug)), as_version=4)

    return exercises(read(SOURCE), read(RELEASE))


def shown_hashes(course, thresholds: Thresholds) -> dict[str, set]:
    """tarea -> las huellas de todo el código que enseñan las versiones de alumno (``release/``) hasta esa tarea,
    ella incluida: ejemplos resueltos, código dado, comprobaciones. Quien lo escribe igual lo aprendió del curso (en
    18, la atención de ``attention_ok`` del 14 es casi la solución publicada): no es de nadie, como lo dado."""
    import nbformat

    from ..layout.course import RELEASE, notebooks

    found, seen = {}, set()
    folder = course.layout.step(RELEASE)
    for notebook in notebooks(folder) if folder.is_dir() else []:
        nb = nbformat.read(str(course.layout.notebook(RELEASE, notebook.slug)), as_version=4)
        seen = seen | _prints_of("\n".join(c.source for c in nb.cells if c.cell_type == "code"), thresholds)
        found[notebook.slug] = seen
    return found


_SEEN_CODE: dict[tuple, frozenset] = {}  # (sha256 del código, k, ventana) -> sus huellas


def _prints_of(code: str, thresholds: Thresholds) -> frozenset:
    """Las huellas de un código, recordadas en el proceso: el analizador tarda (1.5 s los veinte cuadernos), y una
    ronda de pruebas compara muchas clases con los mismos cuadernos."""
    key = (hashlib.sha256(code.encode("utf-8")).hexdigest(), thresholds.k, thresholds.window)
    if key not in _SEEN_CODE:
        _SEEN_CODE[key] = frozenset(fingerprint(code, thresholds).hashes)
    return _SEEN_CODE[key]


def given_hashes(wanted: list[Exercise], thresholds: Thresholds, shown: set = frozenset()) -> dict[str, set]:
    """grade_id -> las huellas de lo que la versión de alumno ya trae escrito en la celda y, con ``shown``
    (``shown_hashes`` de la tarea), lo que el curso ha enseñado hasta ella: no son de nadie."""
    return {e.grade_id: set(fingerprint(e.given, thresholds).hashes) | shown for e in wanted}


def solution_prints(wanted: list[Exercise], given: dict[str, set], thresholds: Thresholds) -> dict[str, Fingerprint]:
    """grade_id -> las huellas de la solución publicada, sin lo dado."""
    return {e.grade_id: fingerprint(e.solution, thresholds).without(given[e.grade_id]) for e in wanted}


def answer_prints(bodies: dict[str, str], wanted: list[Exercise], given: dict[str, set],
                  thresholds: Thresholds) -> dict[str, Fingerprint]:
    """grade_id -> las huellas de cada respuesta (lo que va en el hueco) en su celda, sin lo dado: como se lee la
    entrega de un alumno. Así se miden las soluciones independientes en el informe y en su calibración."""
    cell_of = {e.grade_id: e for e in wanted}
    return {g: fingerprint(cell_of[g].answered(body), thresholds).without(given[g])
            for g, body in bodies.items() if g in cell_of}


def learner_code(nb, wanted: set[str]) -> dict[str, str]:
    """grade_id -> lo que escribió el alumno en cada celda de solución (la primera copia), sin huecos."""
    from ..rules import cells

    code: dict[str, str] = {}
    for cell in nb.cells:
        gid = cells.grade_id(cell)
        if cell.cell_type == "code" and gid in wanted and gid not in code and not cells.is_blank(cell.source):
            code[gid] = cell.source
    return code


def submission_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class FingerprintCache:
    """Las huellas de cada entrega ya leída, por su sha256: lo que no cambió no se vuelve a leer."""

    def __init__(self, path: Path | None, settings: str):
        self.path, self.settings = path, settings
        self.data: dict = {}
        if path and path.exists():
            try:
                self.data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                self.data = {}
        self.read = 0

    def has(self, key: str, digest: str) -> bool:
        entry = self.data.get(key)
        return bool(entry) and entry.get("digest") == digest and entry.get("settings") == self.settings

    def put(self, key: str, digest: str, found: dict[str, Fingerprint]) -> None:
        self.read += 1
        self.data[key] = {"digest": digest, "settings": self.settings,
                          "exercises": {g: f.to_json() for g, f in found.items()}}

    def get(self, key: str) -> dict[str, Fingerprint]:
        return {g: Fingerprint.from_json(f) for g, f in self.data[key]["exercises"].items()}

    def save(self) -> None:
        if self.path:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(self.data), encoding="utf-8")
