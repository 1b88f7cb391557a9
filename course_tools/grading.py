"""Corrección con nbgrader: ``make grade``, ``make feedback`` y ``make bench``.

El trabajo está repartido en módulos: ``grading_core`` (corrección en paralelo, reanudable),
``grading_guard`` (defensas contra entregas hostiles), ``grading_report`` (CSV, resumen,
histogramas, devoluciones) y ``grading_bench`` (medidas de tiempo).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from .config import ROOT


def register(sub) -> None:
    p = sub.add_parser("grade", help="corrige submitted/ (o una descarga de Moodle) en paralelo")
    p.add_argument("--zip", default=None, help="descarga «todas las entregas» de Moodle (.zip)")
    p.add_argument("--jobs", type=int, default=None, help="procesos en paralelo (por defecto, los núcleos)")
    p.add_argument("--timeout", type=int, default=None, help="segundos por celda (por defecto, nbgrader_config.py)")
    p.add_argument("--rehacer", action="store_true", help="vuelve a corregir también lo ya corregido")
    p.set_defaults(func=cmd_grade)
    p = sub.add_parser("feedback", help="devoluciones HTML en castellano, sin tests ocultos")
    p.set_defaults(func=cmd_feedback)
    p = sub.add_parser("bench", help="corrección en paralelo frente a secuencial y tiempos de cada cuaderno")
    p.add_argument("--alumnos", type=int, default=40)
    p.add_argument("--jobs", type=int, default=None)
    p.set_defaults(func=cmd_bench)


def cmd_grade(args, root: Path = ROOT) -> int:
    from .grading_core import db_url_for, ensure_assignments, format_table, grade_all, zip_collect
    from .grading_report import format_summary, report
    from .config import notebooks

    started = time.monotonic()
    if args.zip:
        known = ensure_assignments(root, None, notebooks(root / "source"))
        for assignment in zip_collect(root, Path(args.zip), known):
            print(f"descarga de Moodle repartida en submitted/*/{assignment}/")
    outcomes = grade_all(root, jobs=args.jobs, timeout=args.timeout, redo=args.rehacer)
    if not outcomes:
        print("No hay nada que corregir en submitted/.")
        return 0
    print(format_table(outcomes))
    made = report(outcomes, root / "autograded" / "informe")
    print(format_summary(made["summary"]))
    print(f"Notas: {made['csv'].relative_to(root)}; histogramas en {made['csv'].parent.relative_to(root)}/")
    print(f"Libreta de notas: {db_url_for(root).split('@')[-1]}")
    print(f"Corrección terminada en {time.monotonic() - started:.1f} s")
    return 0


def cmd_feedback(args, root: Path = ROOT) -> int:
    from .grading_report import feedback

    written = feedback(root)
    print(f"{len(written)} devolución(es) en feedback/ (sin el código de los tests ocultos).")
    return 0


def cmd_bench(args) -> int:
    from .grading_bench import run_bench

    return run_bench(students=args.alumnos, jobs=args.jobs or os.cpu_count() or 2)
