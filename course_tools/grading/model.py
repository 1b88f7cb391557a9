"""Los datos de la corrección: tarea, trabajo, resultado de un trabajo, problema, nota final y
lo que dicen los ejecutores de un trabajo que no pudieron correr (``JobFailed``, ``ClusterError``).

Todo es serializable (``pickle`` para los trabajadores, JSON para el estado de reanudación) y no
lleva rutas que el trabajador tenga que compartir con el proceso principal: un trabajo viaja con
los bytes de la entrega y de la tarea, y vuelve con los bytes del cuaderno corregido.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass, field

from .defences import ERROR, INFO, WARNING, optional_details, problem_table

# Cada problema tiene un código estable (lo que leen los programas y los tests), una gravedad y
# una frase para el profesor. La frase puede llevar huecos {…} que rellena ``problem()``. Los de las
# defensas del corrector (tiempo, memoria, núcleo muerto, manipulación, encierro, salidas…) salen de su
# registro, ``defences.py``; aquí, los de la entrega en sí y los de la ronda.
PROBLEMS: dict[str, tuple[str, str]] = {
    "not-an-assignment": (ERROR, "«{name}» no es una tarea del curso"),
    "missing-notebook": (ERROR, "falta el cuaderno {name}"),
    "broken-json": (ERROR, "{name} no es un cuaderno válido (JSON roto)"),
    "other-assignment": (ERROR, "{name} es el cuaderno de otra tarea ({others})"),
    "no-metadata": (ERROR, "{name} no tiene los metadatos de nbgrader (¿una copia de notebooks/ o un cuaderno "
                           "rehecho a mano?): pide la entrega en la versión de alumno o corrígela a mano"),
    "wrong-name": (WARNING, "nombre equivocado: «{found}» se corrige como «{name}»"),
    "extra-file": (INFO, "sobra {name}"),
    "tests-deleted": (WARNING, "{count} celda(s) de tests borrada(s) (restauradas)"),
    "tests-edited": (WARNING, "{count} celda(s) de tests modificada(s) (se usa el original)"),
    "suspicious-code": (WARNING, "aviso: {what}"),
    **problem_table(),
    "nbgrader-failed": (ERROR, "nbgrader no pudo corregirla: {detail}"),
    "worker-failed": (ERROR, "{detail}"),
    "submission-altered": (WARNING, "otro núcleo cambió sus ficheros en submitted/ durante la corrección; "
                                    "se restauraron y la nota se dio con el original"),
    "autograded-restored": (WARNING, "otro núcleo cambió su cuaderno corregido; se restauró"),
    "gradebook-restored": (WARNING, "la libreta de notas cambió después de corregirla; se restauró"),
}


# Problemas cuyo detalle puede faltar (``tiempo agotado{detail}`` sin detalle: «tiempo agotado»).
OPTIONAL_DETAIL = optional_details()


@dataclass(frozen=True)
class Problem:
    """Algo que el profesor debe saber de una entrega."""

    code: str
    severity: str
    message: str

    def __str__(self) -> str:
        return self.message


def problem(code: str, **details) -> Problem:
    severity, template = PROBLEMS[code]
    if code in OPTIONAL_DETAIL:
        details = {"detail": "", **details}
    return Problem(code, severity, template.format(**details))


@dataclass(frozen=True)
class AssignmentSpec:
    """Lo que un trabajador necesita saber de una tarea: se lee una vez de la libreta y de source/."""

    name: str
    definition: dict  # cuaderno -> celdas, tal como las exporta gradebook.export_assignment
    files: dict[str, bytes] = field(default_factory=dict)  # ficheros de source/<tarea>/ que no son cuadernos

    @property
    def notebooks(self) -> tuple[str, ...]:
        return tuple(sorted(self.definition))

    @property
    def test_ids(self) -> dict[str, tuple[str, ...]]:
        """Cuaderno -> grade_id de sus celdas de tests de código."""
        return {nb: tuple(c["name"] for c in data["grade_cells"] if c["cell_type"] == "code")
                for nb, data in self.definition.items()}

    @property
    def test_sources(self) -> dict[str, dict[str, str]]:
        """Cuaderno -> {grade_id: código original de la celda de tests}."""
        ids = self.test_ids
        return {nb: {c["name"]: c["source"] for c in data["source_cells"] if c["name"] in ids[nb]}
                for nb, data in self.definition.items()}

    @property
    def points(self) -> dict[str, float]:
        return {c["name"]: float(c["max_score"]) for data in self.definition.values() for c in data["grade_cells"]}

    @property
    def max_score(self) -> float:
        return sum(self.points.values())

    @property
    def digest(self) -> str:
        return digest_of({**self.files, "": repr(sorted(self.definition.items())).encode()})


@dataclass(frozen=True)
class Job:
    """Corregir la entrega de un alumno para una tarea. Un trabajo es una función pura de esto."""

    student: str
    spec: AssignmentSpec
    files: dict[str, bytes]  # la entrega tal como llegó: ruta relativa -> contenido
    # Los ajustes del curso con que se corrige (``settings.CourseSettings``: tiempos, memoria, salidas, encierro),
    # los de quien lanza la ronda: un trabajador de Dask corrige con ellos, no con los de su máquina.
    settings: dict = field(default_factory=dict, hash=False)

    @property
    def key(self) -> tuple[str, str]:
        return self.student, self.spec.name


@dataclass
class JobResult:
    """Lo que devuelve un trabajo: el cuaderno corregido, la nota que nbgrader calculó en la libreta del curso
    de usar y tirar y los problemas. ``run.settle`` escribe la nota en la libreta del curso sin calcularla otra vez."""

    student: str
    assignment: str
    autograded: dict[str, bytes] = field(default_factory=dict)  # autograded/<alumno>/<tarea>/
    grades: dict = field(default_factory=dict)  # cuaderno -> lo calculado por nbgrader (gradebook.computed_grades)
    problems: list[Problem] = field(default_factory=list)
    graded: bool = False
    seconds: float = 0.0


@dataclass
class Outcome:
    """La nota final de una entrega, tal como queda en la libreta y en el informe."""

    student: str
    assignment: str
    score: float = 0.0
    max_score: float = 0.0
    grades: dict = field(default_factory=dict)  # grade_id -> [nota, máximo]
    problems: list[Problem] = field(default_factory=list)
    seconds: float = 0.0
    graded: bool = False
    digest: str = ""  # huella de la entrega corregida: si cambia, se corrige otra vez
    recorded: dict = field(default_factory=dict)  # grade_id -> [auto, manual, crédito extra] tal como quedaron

    @property
    def status(self) -> str:
        return "; ".join(p.message for p in self.problems) if self.problems else "bien"

    def codes(self) -> list[str]:
        return [p.code for p in self.problems]

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> "Outcome":
        fields = {k: v for k, v in data.items() if k != "problems"}
        return cls(**fields, problems=[Problem(**p) for p in data.get("problems", [])])


def digest_of(files: dict[str, bytes]) -> str:
    """Huella de un conjunto de ficheros (rutas y contenidos)."""
    digest = hashlib.sha256()
    for rel in sorted(files):
        digest.update(rel.encode() + b"\0")
        digest.update(hashlib.sha256(files[rel]).digest())
    return digest.hexdigest()


# --- trabajos que no se pudieron correr (los dos ejecutores) -------------------------------

DIED_TWICE = "el proceso corrector murió dos veces con esta entrega"


@dataclass(frozen=True)
class JobFailed:
    """Un trabajo que no se pudo correr (no una entrega mal hecha: eso lo cuenta su resultado)."""

    reason: str


class ClusterError(RuntimeError):
    """El clúster de Dask no sirve para corregir tal como está; el mensaje dice qué hacer."""


def failure(err: BaseException) -> JobFailed:
    """El error que lanzó ``fn`` en el trabajador, contado para el profesor."""
    return JobFailed(f"excepción en el trabajo: {type(err).__name__}: {err}")
