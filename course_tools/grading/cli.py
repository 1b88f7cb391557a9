"""Las órdenes de la corrección: ``make grade``, ``make feedback`` y ``make bench``.

Aquí solo se leen los argumentos y se escribe lo que ve el profesorado; el trabajo está en los
módulos que cuenta ``course_tools/grading/__init__.py``: ``run`` (la ronda), ``report`` y
``feedback`` (lo que se entrega), ``moodle`` (la vuelta a Moodle), ``bench`` (medidas) y, para
avisar de lo que el encierro no puede en esta máquina, ``isolation.sandbox``.
"""

from __future__ import annotations

import time
from pathlib import Path

from ..layout.course import ROOT


def register(sub) -> None:
    p = sub.add_parser("grade", help="corrige submitted/ (o una descarga de Moodle) en paralelo")
    p.add_argument("--zip", default=None, help="descarga «todas las entregas» de Moodle (.zip)")
    p.add_argument("--jobs", type=int, default=None, help="procesos en paralelo (por defecto, los núcleos más uno)")
    p.add_argument("--timeout", type=int, default=None, help="segundos por celda (por defecto, nbgrader_config.py)")
    p.add_argument("--redo", action="store_true", help="vuelve a corregir también lo ya corregido")
    p.add_argument("--scheduler", default=None,
                   help="planificador de Dask (tcp://host:8786): corrige en sus trabajadores en vez de aquí")
    p.add_argument("--worksheet", default=None,
                   help="hoja de calificaciones de Moodle (.csv): deja la hoja con notas y el zip de devoluciones")
    p.set_defaults(func=cmd_grade)
    p = sub.add_parser("feedback", help="devoluciones HTML en castellano, sin tests ocultos")
    p.set_defaults(func=cmd_feedback)
    p = sub.add_parser("bench", help="corrección en paralelo frente a secuencial y tiempos de cada cuaderno")
    p.add_argument("--students", type=int, default=40)
    p.add_argument("--jobs", type=int, default=None)
    p.set_defaults(func=cmd_bench)


def cmd_grade(args, root: Path = ROOT) -> int:
    from ..layout.course import Course
    from .collect import zip_collect
    from .report import format_summary, format_table, report
    from ..isolation import sandbox
    from .run import ensure_assignments, grade_all

    started = time.monotonic()
    worksheet, assignment = getattr(args, "worksheet", None), None
    if worksheet:  # una hoja que no sirve se dice ya, no después de corregir
        from .moodle import MoodleError, read_worksheet

        try:
            read_worksheet(worksheet)
        except MoodleError as err:
            print(f"✗ Hoja de Moodle: {err}")
            return 2
    course = Course(root)
    skipped = []  # lo que no se descomprimió de la descarga de Moodle: sale en la tabla, no en las notas
    if args.zip:
        from .unpack import ArchiveError

        known = ensure_assignments(course, course.notebooks())
        try:
            assignments, skipped = zip_collect(course, Path(args.zip), known)
        except ArchiveError as err:
            print(f"✗ Descarga de Moodle: {err}")
            return 2
        for assignment in assignments:
            print(f"descarga de Moodle repartida en submitted/*/{assignment}/")
    if not getattr(args, "scheduler", None):  # con Dask, cada trabajador lo dice al conectar (dask_executor)
        weak = sandbox.weaknesses()
        if weak:
            print(sandbox.warning_line(weak))
        print(_bounds_line(root))
    outcomes = grade_all(root, jobs=args.jobs, timeout=args.timeout, redo=args.redo,
                         scheduler=getattr(args, "scheduler", None))
    if not outcomes:
        print("No hay nada que corregir en submitted/.")
        return 0
    print(format_table(outcomes + skipped))
    made = report(outcomes, course.layout.report_dir)
    print(format_summary(made["summary"]))
    print(f"Notas: {made['csv'].relative_to(root)}; histogramas en {made['csv'].parent.relative_to(root)}/")
    print(f"Libreta de notas: {course.gradebook_url.split('@')[-1]}")
    _report_copies(course)
    if worksheet:
        from .moodle import MoodleError, format_round, moodle_round

        try:
            back = moodle_round(root, outcomes, Path(worksheet), assignment=assignment, archive=args.zip)
        except MoodleError as err:
            print(f"✗ Hoja de Moodle: {err}")
            return 2
        print(format_round(back, root))
    print(f"Corrección terminada en {time.monotonic() - started:.1f} s")
    return 0


def _bounds_line(root: Path) -> str:
    """La línea de protecciones del trabajo entero: con qué mecanismo se acota en esta máquina."""
    from ..isolation import jobgroup
    from .run import job_settings

    current = job_settings({})
    return jobgroup.mechanism(current["memory_mb"], current["processes_max"])


def _report_copies(course) -> None:
    """Los parecidos de la clase, después de la tabla: una entrega que no se puede comparar no para nada."""
    from ..settings import course_settings
    from .copies_report import copies_round
    from .similarity import Thresholds

    settings = course_settings(course.nbgrader_config())
    thresholds = Thresholds.from_settings(settings)
    try:
        print("\n".join(copies_round(course, thresholds)))
    except Exception as err:  # el informe es un aviso: las notas ya están escritas
        print(f"✗ Parecidos: no se pudieron comparar ({type(err).__name__}: {err}); las notas no cambian.")


def cmd_feedback(args, root: Path = ROOT) -> int:
    from .feedback import feedback

    written = feedback(root)
    print(f"{len(written)} devolución(es) en feedback/ (sin el código de los tests ocultos).")
    return 0


def cmd_bench(args) -> int:
    from .bench import run_bench

    from .executor import default_workers

    status = run_bench(students=args.students, jobs=args.jobs or default_workers())
    from .copies_bench import bench_copies, format_bench

    print(format_bench(bench_copies(students=200)))
    return status
