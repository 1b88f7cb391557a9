"""Prueba de los ejercicios: cada respuesta equivocada plausible debe suspender su test.

El trabajo va en tres pasos que se pueden usar por separado: ``plan`` lee el cuaderno y su
catálogo sin ejecutar nada (qué variantes hay), ``run`` las ejecuta en un núcleo
(``proof_execution``) y ``judge`` dice de cada una si está bien rechazada (un ``Verdict``).
``prove`` los encadena y suma los juicios en un ``Report`` (``proof_report``); la etapa de pytest
(``tests/proof``) hace un ítem de cada juicio. Lo que se sabe de una variante sin ejecutarla está en
``proof_static``; la copia del estado que hace el núcleo, en ``proof_snapshot``.
"""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path

from ..rules import cells
from ..publish.build import rendered_source
from ..layout.course import Notebook
from ..rules.predictions import prediction_stub
from .proof_execution import Outcome, Variant, run  # noqa: F401
from .proof_report import BLANK, LAZY_TAGS, SOLUTION, Report, Verdict, format_table, is_lazy  # noqa: F401
from .proof_static import escaping_names, first_line, reaches_later_tests, unread_names, without_pictures  # noqa: F401

MIN_ENTRIES = 3
SPANISH_WORDS = re.compile(
    r"\b(esperaba|esperado|obtuve|debe|debería|deberían|tiene que|aún|falta|faltan|sobran|incorrect[oa]s?|"
    r"revisa|tu|tus|tienes|no es|no son|en vez de|distint[oa]s?)\b|[áéíóúñ¿¡]",
    re.I,
)
# Una predicción no dice el valor esperado, a propósito: su mensaje da una pista.
EXPECTATION_WORDS = re.compile(r"\b(esperaba|esperado|debe|debería|deberían|tiene que|tendría que|pista)\b", re.I)


@dataclass
class Plan:
    """Lo que se prueba de un cuaderno, sin ejecutar nada: sus ejercicios y sus variantes."""

    slug: str
    nb: object  # el cuaderno fuente renderizado (nbformat.NotebookNode)
    catalogue_path: Path
    exercises: int
    test_of: dict[str, str]  # grade_id de solución → grade_id de su test
    points_of: dict[str, float]  # grade_id de solución → puntos de su test (una predicción vale 0.5 o menos)
    variants: list[Variant]
    unknown: list[str]  # grade_id del catálogo que el cuaderno no tiene

    @property
    def points(self) -> float:
        return sum(self.points_of.values())

    def catalogue_problems(self) -> list[str]:
        if not self.unknown:
            return []
        return [f"el catálogo nombra grade_id que no existen: {', '.join(self.unknown)}"]

    def report(self) -> Report:
        """Un informe vacío con los datos del cuaderno y los problemas de su catálogo."""
        return Report(self.slug, exercises=self.exercises, points=self.points, problems=self.catalogue_problems())


def load_catalogue(path: Path) -> dict[str, list[tuple[str, str]]]:
    """Lee ``WRONG_ANSWERS`` de un catálogo: {grade_id: [(motivo, código), ...]}."""
    spec = importlib.util.spec_from_file_location(f"catalogue_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    catalogue = getattr(module, "WRONG_ANSWERS", None)
    if not isinstance(catalogue, dict):
        raise ValueError(f"{path}: debe definir WRONG_ANSWERS = {{grade_id: [(motivo, código), ...]}}.")
    return catalogue


def solution_ids(nb) -> list[str]:
    return [cells.grade_id(nb.cells[i]) for i, _ in cells.exercises(nb)]


def missing_entries(nb, catalogue: dict | None) -> list[str]:
    """Los grade_id de solución con menos de MIN_ENTRIES respuestas equivocadas."""
    catalogue = catalogue or {}
    return [gid for gid in solution_ids(nb) if len(catalogue.get(gid, [])) < MIN_ENTRIES]


def message_flaw(message: str) -> str | None:
    """Por qué un mensaje de fallo no sirve al alumno, o None si sirve."""
    if not message:
        return "mensaje vacío (un AssertionError sin texto)"
    if not SPANISH_WORDS.search(message):
        return "el mensaje no parece estar en castellano"
    if not EXPECTATION_WORDS.search(message):
        return "el mensaje no dice qué se esperaba"
    return None


def plan(notebook: Notebook, catalogue_path: Path | None = None, source_nb=None) -> Plan:
    """Las variantes de un cuaderno, en el orden en que se ejecutan: solución, huecos, catálogo."""
    nb = source_nb if source_nb is not None else rendered_source(notebook)
    catalogue_path = catalogue_path or notebook.catalogue
    catalogue = load_catalogue(catalogue_path) if catalogue_path.exists() else {}
    pairs = cells.exercises(nb)
    test_of = {cells.grade_id(nb.cells[s]): cells.grade_id(nb.cells[t]) for s, t in pairs}
    points_of = {cells.grade_id(nb.cells[s]): float(cells.nbgrader_meta(nb.cells[t]).get("points") or 0) for s, t in pairs}
    stubs = {cells.grade_id(nb.cells[s]): prediction_stub(nb.cells[t].source) or cells.code_stub() for s, t in pairs}
    variants = [Variant(SOLUTION)]
    variants += [Variant(BLANK, gid, stubs[gid]) for gid in test_of]
    for gid in test_of:
        variants += [Variant(reason, gid, code) for reason, code in catalogue.get(gid, [])]
    unknown = sorted(set(catalogue) - set(test_of))
    return Plan(notebook.slug, nb, catalogue_path, len(pairs), test_of, points_of, variants, unknown)


def prove(notebook: Notebook, catalogue_path: Path | None = None, source_nb=None) -> Report:
    """Ejecuta solución, huecos y catálogo de un cuaderno y devuelve el informe."""
    the_plan = plan(notebook, catalogue_path, source_nb)
    report = the_plan.report()
    for outcome in run(the_plan):
        report.add(judge(outcome, the_plan.test_of, the_plan.points_of))
    return report


def judge(outcome: Outcome, test_of: dict[str, str], points_of: dict[str, float]) -> Verdict:
    """Qué está mal en una variante: la solución debe aprobarlo todo; las demás, suspender su test."""
    if outcome.target is None:
        verdict = Verdict(outcome.label, None)
        for test_id, error in outcome.failed_tests.items():
            verdict.problems.append(f"la solución suspende {test_id}: {first_line(error)}")
        for error in outcome.other_errors:
            verdict.problems.append(f"la solución da un error inesperado en la {error}")
        return verdict
    own_test = test_of[outcome.target]
    verdict = Verdict(outcome.label, outcome.target, own_test, points_of[outcome.target])
    verdict.rejected = own_test in outcome.failed_tests
    if not verdict.rejected:
        verdict.problems.append(f"{outcome.target}: pasa sus tests una respuesta equivocada: «{outcome.label}»")
    elif verdict.is_wrong_answer:
        verdict.message = first_line(outcome.failed_tests[own_test].split(":", 1)[-1])
        verdict.flaw = message_flaw(verdict.message) or ""
        if verdict.flaw:
            verdict.problems.append(f"{outcome.target} («{outcome.label}»): {verdict.flaw}: {verdict.message!r}")
    for test_id, error in outcome.failed_tests.items():
        if test_id != own_test:
            verdict.problems.append(
                f"{outcome.target} («{outcome.label}») hace fallar también {test_id}: {first_line(error)}"
            )
    return verdict
