"""Un cuaderno no puede tener a un trabajador más de ``notebook_timeout`` segundos, ni en local ni en Dask (el
clúster, en test_dask.py): «lenta» añade 20 celdas que duermen casi el límite por celda, como las de 55 s del
informe frente a 300 s, pero en segundos (ajustes de la ronda: ``SLOW_SETTINGS``)."""

from __future__ import annotations

import time

from hostile_catalogue import SLOW_POINTS, SLOW_SETTINGS, SLUG, lenta
from course_tools.grading.run import grade_all


def check_slow(outcome, seconds: float) -> None:
    """Parada en su tiempo, con lo que ya había puntuado, y la tabla lo dice con el cuaderno y los segundos."""
    budget = SLOW_SETTINGS["notebook_timeout"]
    assert outcome.score == SLOW_POINTS, outcome.status
    assert "timeout" in outcome.codes(), outcome.status
    assert f"el cuaderno {SLUG} pasó de {budget} s en total" in outcome.status
    assert seconds < budget + 20, f"el trabajo tardó {seconds:.0f} s con {budget} s por cuaderno"  # sin ella, 60 s


def test_a_slow_notebook_is_stopped_at_its_budget_and_keeps_what_it_scored(pilot):
    pilot.submit("solucion", pilot.solved)
    lenta(pilot.folder("lenta"), pilot.solved, pilot.release)
    started = time.monotonic()
    outcomes = {o.student: o for o in grade_all(pilot.root, selected=pilot.selected, jobs=2, quiet=True,
                                                settings=SLOW_SETTINGS)}
    check_slow(outcomes["lenta"], outcomes["lenta"].seconds)
    assert outcomes["solucion"].score == outcomes["solucion"].max_score and outcomes["solucion"].codes() == []
    assert time.monotonic() - started < 60
