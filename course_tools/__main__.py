"""Órdenes del profesorado: ``python -m course_tools ORDEN`` (las llama el Makefile)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from .layout.course import ROOT, notebooks



def _selected(slugs: list[str]):
    available = notebooks()
    if not slugs:
        return available
    by_slug = {n.slug: n for n in available}
    unknown = [s for s in slugs if s not in by_slug]
    if unknown:
        sys.exit(f"No existen en source/: {', '.join(unknown)}. Disponibles: {', '.join(by_slug)}")
    return [by_slug[s] for s in slugs]


def cmd_release(args) -> int:
    from .publish.build import build

    build(_selected(args.slugs))
    return 0


def cmd_check(args) -> int:
    from .audits.checks import run_checks

    started = time.monotonic()
    selected = _selected(args.slugs)
    problems = run_checks(selected if args.slugs else None)  # sin cuadernos: todo, datos incluidos
    for problem in problems:
        print(f"✗ {problem}")
    elapsed = time.monotonic() - started
    if problems:
        print(f"make check: {len(problems)} problema(s) en {len(selected)} cuaderno(s) ({elapsed:.1f} s)")
        return 1
    print(f"make check: todo en orden en {len(selected)} cuaderno(s) ({elapsed:.1f} s)")
    return 0


def cmd_fairness(args) -> int:
    """Los ejercicios que incumplen las reglas de NOTEBOOK_STYLE.md, también los que tienen excepción."""
    from .audits.fairness import format_review, review

    result = review(_selected(args.slugs))
    print(format_review(result))
    return 1 if result.problems() else 0


def cmd_prove(args) -> int:
    from .audits.proof import format_table, prove

    reports = [prove(n) for n in _selected(args.slugs)]
    print(format_table(reports))
    return 1 if any(r.problems for r in reports) else 0


def cmd_fingerprints(args) -> int:
    """Comprueba (o con --write, escribe) las huellas de las predicciones a partir de sus soluciones."""
    from .rules import cells
    from .rules.predictions import fingerprint_problems, write_fingerprints

    status = 0
    for notebook in _selected(args.slugs):
        nb = cells.read(notebook.source)
        if args.write:
            changed = write_fingerprints(nb)
            if changed:
                cells.write(nb, notebook.source)
                print(f"{notebook.slug}: {changed} huella(s) escrita(s) en source/")
        problems = fingerprint_problems(nb, lambda i, n=notebook: f"{n.slug}, celda {i}")
        for problem in problems:
            print(f"✗ {problem}")
        status = status or bool(problems)
    return int(status)


def cmd_progress(args) -> int:
    """``make progreso``: tus tests visibles, cuaderno a cuaderno, sin tocar tus ficheros."""
    from .learner.lab import seed_workspace, workspace_dir
    from .learner.progress import format_progress, learner_progress

    workspace = Path(args.workspace).resolve() if args.workspace else workspace_dir()
    copied = seed_workspace(workspace)
    if copied:
        print(f"Copiados a {workspace} {len(copied)} cuaderno(s) que faltaban (los tuyos no se tocan).")
    print(f"Comprobando tus cuadernos de {workspace} (sin cambiarlos)...")
    rows = learner_progress(workspace, _selected(args.slugs))
    print(format_progress(rows))
    return 0


def cmd_lab(args) -> int:
    from .learner.lab import serve, serve_teacher

    if args.profe:  # el formgrader da los puntos de cada tarea, y corrige, con las tareas de source/ en la libreta
        from .layout.course import Course
        from .grading.run import ensure_assignments

        course = Course(Path(args.curso or ROOT).resolve())
        print("Dando de alta en la libreta de notas las tareas de source/ que falten (la primera vez, unos segundos por tarea)...")
        ensure_assignments(course, course.notebooks())
        return serve_teacher(port=args.port, open_browser=not args.no_browser, extra=args.extra, root=course.root)
    return serve(port=args.port, open_browser=not args.no_browser, extra=args.extra)


def cmd_games(args) -> int:
    from .data.selfplay import generate

    target = generate(workers=args.workers)
    print(f"Partidas escritas en {target.relative_to(ROOT)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m course_tools", description=__doc__)
    sub = parser.add_subparsers(dest="order", required=True)
    for name, func, helptext in (
        ("release", cmd_release, "regenera release/ (nbgrader), notebooks/ (resueltos y ejecutados) y la tabla de cuadernos del README; no toca source/"),
        ("check", cmd_check, "comprobaciones rápidas de estructura"),
        ("prove", cmd_prove, "prueba las respuestas equivocadas de los catálogos"),
        ("fairness", cmd_fairness, "ejercicios justos: lo que falta enseñar o comprobar, con las excepciones pendientes"),
    ):
        p = sub.add_parser(name, help=helptext)
        p.add_argument("slugs", nargs="*", help="cuadernos (NN-slug); por defecto, todos")
        p.set_defaults(func=func)
    p = sub.add_parser("fingerprints", help="comprueba las huellas de las predicciones (--write: las escribe)")
    p.add_argument("slugs", nargs="*", help="cuadernos (NN-slug); por defecto, todos")
    p.add_argument("--write", action="store_true", help="escribe en source/ las huellas calculadas de las soluciones")
    p.set_defaults(func=cmd_fingerprints)
    p = sub.add_parser("progress", help="cuánto llevas hecho en mi-curso/ (make progreso), sin tocar tus cuadernos")
    p.add_argument("slugs", nargs="*", help="cuadernos (NN-slug); por defecto, todos")
    p.add_argument("--workspace", default=None, help="tu carpeta de trabajo (por defecto, mi-curso/)")
    p.set_defaults(func=cmd_progress)
    p = sub.add_parser("lab", help="JupyterLab sobre tu copia de los cuadernos de alumno")
    p.add_argument("--port", type=int, default=8888)
    p.add_argument("--no-browser", action="store_true")
    p.add_argument("--profe", action="store_true", help="el del profesorado (make lab-profe): en la raíz del curso, con el formgrader")
    p.add_argument("--curso", default=None, help="con --profe, otra carpeta de curso (por defecto, la del repositorio)")
    p.set_defaults(func=cmd_lab)
    p = sub.add_parser("partidas", help="juega con Stockfish las partidas de autojuego del cuaderno 18 (minutos)")
    p.add_argument("--workers", type=int, default=2)
    p.set_defaults(func=cmd_games)
    from .data import arena, decoder
    from .grading import cli as grading

    decoder.register(sub)  # decoder: el checkpoint de 18
    arena.register(sub)  # arena: partidas del 19 en lote, para tiradas mayores

    grading.register(sub)  # grade, feedback, bench
    args, unknown = parser.parse_known_args(argv)
    if args.order == "lab":
        args.extra = unknown  # el resto de opciones va tal cual a jupyter lab
    elif unknown:
        parser.error(f"opciones desconocidas: {' '.join(unknown)}")
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
