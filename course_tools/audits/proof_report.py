"""El informe de la prueba de respuestas equivocadas: juicios por variante, totales y tabla.

Un ``Verdict`` es el juicio de una variante (la solución, un hueco o una respuesta del catálogo);
un ``Report`` suma los de un cuaderno. La tabla sale de ahí, tanto en ``python -m course_tools
prove`` como al final de la etapa de pytest, que los recibe de los ítems.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SOLUTION = "solución"
BLANK = "hueco sin rellenar"

# Etiquetas de las respuestas del alumno perezoso: copia lo que el cuaderno enseña, pega la
# referencia del test visible, ajusta la respuesta al caso visible, usa una variable global del
# cuaderno, recorre con bucles lo que había que vectorizar o prueba un valor y lee el mensaje.
LAZY_TAGS = ("[copia]", "[referencia]", "[fijo]", "[global]", "[bucle]", "[mensaje]")


def is_lazy(reason: str) -> bool:
    return reason.lstrip().startswith(LAZY_TAGS)


@dataclass
class Verdict:
    """El juicio de una variante: lo que cuenta en la tabla y lo que está mal (``problems``)."""

    label: str
    target: str | None  # None: la solución entera
    test: str | None = None  # el grade_id del test de ``target``
    points: float = 0  # los puntos de ese test
    rejected: bool = False  # su propio test la suspende
    message: str = ""  # la primera línea del mensaje con que la suspende
    flaw: str = ""  # por qué ese mensaje no sirve al alumno (message_flaw), si no sirve
    problems: list[str] = field(default_factory=list)

    @property
    def is_wrong_answer(self) -> bool:
        return self.target is not None and self.label != BLANK


@dataclass
class Report:
    slug: str
    exercises: int = 0
    points: float = 0
    wrong_answers: int = 0
    rejected: int = 0
    lazy_attempts: int = 0
    lazy_passed: list[str] = field(default_factory=list)  # grade_id de solución que el perezoso aprueba
    lazy_points: float = 0
    problems: list[str] = field(default_factory=list)
    messages: list[tuple[str, str, str]] = field(default_factory=list)  # (grade_id, motivo, primera línea)

    def add(self, verdict: Verdict) -> None:
        """Suma el juicio de una variante a los totales del cuaderno."""
        self.problems.extend(verdict.problems)
        if not verdict.is_wrong_answer:
            return
        self.wrong_answers += 1
        if verdict.rejected:
            self.rejected += 1
            self.messages.append((verdict.target, verdict.label, verdict.message))
        if is_lazy(verdict.label):
            self.lazy_attempts += 1
            if not verdict.rejected and verdict.target not in self.lazy_passed:
                self.lazy_passed.append(verdict.target)
                self.lazy_points += verdict.points


def format_table(reports: list[Report]) -> str:
    """Tabla por cuaderno; «perezoso» son los puntos que gana quien solo copia, pega o adivina."""
    header = ("cuaderno", "ejercicios", "puntos", "equivocadas", "rechazadas", "perezoso", "problemas")
    widths = (26, 11, 8, 13, 12, 14, 11)

    def row(values) -> str:
        return "".join(f"{v:<{w}}" if i == 0 else f"{v:>{w}}" for i, (v, w) in enumerate(zip(values, widths)))

    def lazy(points: float, total: float, attempts: int) -> str:
        return f"{points:g}/{total:g} ({attempts})"

    lines = [row(header)]
    for r in reports:
        lines.append(row((r.slug, r.exercises, f"{r.points:g}", r.wrong_answers, r.rejected,
                          lazy(r.lazy_points, r.points, r.lazy_attempts), len(r.problems))))
    total = lambda attr: sum(getattr(r, attr) for r in reports)  # noqa: E731
    lines.append(row(("TOTAL", total("exercises"), f"{total('points'):g}", total("wrong_answers"), total("rejected"),
                      lazy(total("lazy_points"), total("points"), total("lazy_attempts")),
                      sum(len(r.problems) for r in reports))))
    for r in reports:
        for problem in r.problems:
            lines.append(f"  ✗ {r.slug}: {problem}")
    return "\n".join(lines)
