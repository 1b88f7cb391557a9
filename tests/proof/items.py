"""Los nodos de la prueba de respuestas equivocadas: un ítem por variante, como nbval uno por celda.

Un ``NotebookNode`` por cuaderno, con tres ítems de estructura y un ``ExerciseNode`` por
ejercicio; dentro de este, el hueco sin rellenar y cada respuesta equivocada de su catálogo.
Las variantes de un cuaderno se ejecutan todas juntas, en un solo núcleo, la primera vez que
un ítem pide su juicio (``NotebookNode.verdict``); los demás ítems leen lo guardado. Cada ítem
deja en ``user_properties`` (clave ``PROPERTY``) lo que la tabla final necesita: así llega
también desde los procesos de pytest-xdist.
"""

from __future__ import annotations

import dataclasses
import os
import time

import pytest

from course_tools.audits import proof
from course_tools.layout.course import ROOT, Notebook

PROPERTY = "proof"
MIN_EXERCISES = 3


class ProofFailure(Exception):
    """Un ítem de la prueba encontró problemas; el texto ya dice cuáles y qué hacer."""


class ProofModule(pytest.Module):
    """El módulo de la prueba: sus funciones de test, si tiene, y un nodo por cuaderno de ``NOTEBOOKS``."""

    def collect(self):
        yield from super().collect()
        for notebook in self.obj.NOTEBOOKS:  # en el orden del curso; conftest.py pone los caros primero
            yield NotebookNode.from_parent(self, name=notebook.slug, notebook=notebook)


class NotebookNode(pytest.Collector):
    """Un cuaderno: lee su plan al recoger y ejecuta sus variantes una sola vez, al primer juicio."""

    def __init__(self, *, notebook: Notebook, **kwargs):
        super().__init__(**kwargs)
        self.notebook = notebook
        self.plan: proof.Plan | None = None
        self.kernel_run = ""
        self._verdicts: dict[int, proof.Verdict] | None = None
        self._failure: str | None = None
        self._catalogue_lines: list[str] | None = None

    def collect(self):
        self.plan = proof.plan(self.notebook)
        yield ExercisesItem.from_parent(self, name="ejercicios")
        yield CatalogueItem.from_parent(self, name="catálogo")
        yield VariantItem.from_parent(self, name=proof.SOLUTION, index=0)
        indices_of: dict[str, list[int]] = {}
        for index, variant in enumerate(self.plan.variants):
            if variant.target is not None:
                indices_of.setdefault(variant.target, []).append(index)
        for grade_id, indices in indices_of.items():
            yield ExerciseNode.from_parent(self, name=grade_id, indices=indices)

    def facts(self, **extra) -> dict:
        """Los datos del cuaderno que acompañan a cada ítem hasta la tabla."""
        return {"slug": self.notebook.slug, "exercises": self.plan.exercises, "points": self.plan.points, **extra}

    def verdict(self, index: int) -> proof.Verdict:
        """El juicio de la variante ``index``; la primera llamada ejecuta las del cuaderno que se van a pedir."""
        if self._failure:
            raise ProofFailure(self._failure)
        if self._verdicts is None:
            wanted = sorted({index} | {
                item.index for item in self.session.items
                if isinstance(item, VariantItem) and item.notebook_node is self
            })
            try:
                outcomes = proof.run(self.plan, [self.plan.variants[i] for i in wanted])
            except Exception as exc:
                self._failure = f"{self.name}: la ejecución de sus variantes se paró en un ítem anterior: {exc!r}"
                raise
            self._verdicts = {
                i: proof.judge(outcome, self.plan.test_of, self.plan.points_of) for i, outcome in zip(wanted, outcomes)
            }
            self.kernel_run = f"{os.getpid()}-{time.monotonic_ns()}"
        return self._verdicts[index]

    def catalogue_line(self, label: str) -> int | None:
        """La línea (desde 0) del catálogo donde está escrito ``label``, si se encuentra tal cual."""
        if self._catalogue_lines is None:
            path = self.plan.catalogue_path
            self._catalogue_lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
        return next((n for n, line in enumerate(self._catalogue_lines) if label in line), None)


class ExerciseNode(pytest.Collector):
    """Un ejercicio (su grade_id de solución): el hueco sin rellenar y sus respuestas equivocadas."""

    def __init__(self, *, indices: list[int], **kwargs):
        super().__init__(**kwargs)
        self.indices = indices

    def collect(self):
        plan = self.getparent(NotebookNode).plan
        seen: set[str] = set()
        for index in self.indices:
            # «::» separa los nodos en el nombre de un ítem: un motivo con [::-1] no puede llevarlo.
            name = base = plan.variants[index].label.replace("::", ": :")
            copies = 1
            while name in seen:
                copies += 1
                name = f"{base} ({copies})"
            seen.add(name)
            yield VariantItem.from_parent(self, name=name, index=index)


class ProofItem(pytest.Item):
    """Lo común a los ítems de la prueba: su cuaderno, sus datos para la tabla y su mensaje de fallo."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.notebook_node = self.getparent(NotebookNode)

    def record(self, **extra) -> None:
        self.user_properties.append((PROPERTY, self.notebook_node.facts(**extra)))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ProofFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.notebook_node.notebook.source, None, self.nodeid.split("::", 1)[-1]


class ExercisesItem(ProofItem):
    """Un cuaderno tiene al menos 3 ejercicios (no cuenta en la tabla: ``prove`` no lo mira)."""

    def runtest(self):
        self.record()
        count = self.notebook_node.plan.exercises
        if count < MIN_EXERCISES:
            raise ProofFailure(
                f"{self.notebook_node.name}: tiene {count} ejercicios; se esperan de 3 a 6. "
                f"Añade ejercicios en {_shown(self.notebook_node.notebook.source)}."
            )


class CatalogueItem(ProofItem):
    """El catálogo solo nombra ejercicios (grade_id de solución) que el cuaderno tiene."""

    def runtest(self):
        plan = self.notebook_node.plan
        problems = plan.catalogue_problems()
        self.record(problems=problems)
        if problems:
            raise ProofFailure(
                f"{self.notebook_node.name}: {problems[0]}.\nLos grade_id de solución del cuaderno son: "
                f"{', '.join(plan.test_of)}. Corrige las claves de WRONG_ANSWERS en {_shown(plan.catalogue_path)}."
            )

    def reportinfo(self):
        return self.notebook_node.plan.catalogue_path, None, self.nodeid.split("::", 1)[-1]


class VariantItem(ProofItem):
    """Una variante: la solución aprueba todos los tests; un hueco o una respuesta equivocada suspende el suyo."""

    def __init__(self, *, index: int, **kwargs):
        super().__init__(**kwargs)
        self.index = index
        self.variant = self.notebook_node.plan.variants[index]

    def runtest(self):
        verdict = self.notebook_node.verdict(self.index)
        self.record(verdict=dataclasses.asdict(verdict), kernel_run=self.notebook_node.kernel_run)
        if verdict.problems:
            raise ProofFailure(explain(verdict, self.notebook_node))

    def reportinfo(self):
        if self.variant.target is None or self.variant.label == proof.BLANK:
            return super().reportinfo()
        line = self.notebook_node.catalogue_line(self.variant.label)
        return self.notebook_node.plan.catalogue_path, line, self.nodeid.split("::", 1)[-1]


def _shown(path) -> str:
    """Una ruta del repositorio, relativa a su raíz (así se lee en el informe)."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def explain(verdict: proof.Verdict, node: NotebookNode) -> str:
    """El texto de un ítem que falla: qué pasó, y qué se arregla dónde."""
    source = _shown(node.notebook.source)
    lines = [f"✗ {problem}" for problem in verdict.problems]
    if verdict.target is None:
        lines.append(f"La solución tiene que aprobar todos los tests sin errores: corrige la celda en {source}.")
    elif not verdict.rejected and verdict.label == proof.BLANK:
        lines.append(f"El hueco sin rellenar aprueba {verdict.test}: ese test no comprueba la solución. "
                     f"Refuérzalo en {source}.")
    elif not verdict.rejected:
        lines.append(f"{verdict.test} no distingue esta respuesta equivocada de la solución: refuerza el test "
                     f"(oculto o visible) en {source} para que la suspenda; si la respuesta es correcta, "
                     f"quítala de {_shown(node.plan.catalogue_path)}.")
    elif verdict.flaw:
        lines.append(f"{verdict.test} la suspende, pero su mensaje no ayuda a quien lo lee: tiene que decir en "
                     f"castellano qué se esperaba (las comprobaciones de rukh_helpers.checks ya lo hacen).")
    return "\n".join(lines)
