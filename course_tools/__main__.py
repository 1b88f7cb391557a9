"""Órdenes del profesorado: ``python -m course_tools ORDEN`` (las llama el Makefile)."""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

from .layout.course import ROOT, notebooks

STAGES_FILE = ROOT / "build" / "etapas.txt"
SLOWEST_PER_STAGE = 12  # tests de cada etapa en el perfil de make test


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


def cmd_stage(args) -> int:
    """Ejecuta una etapa de ``make test`` y apunta cuánto tardó. Con ``--buffered`` lo que imprime sale de una
    vez al acabar: así puede correr a la vez que otra etapa sin mezclar sus líneas con las de ella. Apunta también
    los segundos de CPU (user+sys) de sus procesos, que una máquina compartida mueve menos que el reloj."""
    started, cpu_before = time.monotonic(), _children_cpu()
    if args.buffered:
        done = subprocess.run(args.command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
        rc, printed = done.returncode, done.stdout
        print(f"\n=== {args.name} (a la vez que otra etapa) ===\n{printed}", end="", flush=True)
    else:
        print(f"\n=== {args.name} ===", flush=True)
        rc = subprocess.call(args.command)
    elapsed, cpu = time.monotonic() - started, _children_cpu() - cpu_before
    STAGES_FILE.parent.mkdir(exist_ok=True)
    with STAGES_FILE.open("a", encoding="utf-8") as out:
        out.write(f"{args.name}\t{elapsed:.1f}\t{'bien' if rc == 0 else 'FALLA'}\t{'a la vez' if args.buffered else ''}"
                  f"\t{cpu:.1f}\n")
    print(f"--- {args.name}: {elapsed:.1f} s ({cpu:.1f} s de CPU)", flush=True)
    return rc


def _children_cpu() -> float:
    """Segundos de CPU (user+sys) de los procesos hijos ya esperados de este proceso, y de los suyos."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cmd_games(args) -> int:
    from .data.selfplay import generate

    target = generate(workers=args.workers)
    print(f"Partidas escritas en {target.relative_to(ROOT)}")
    return 0


def _slowest_tests(report: Path, count: int) -> list[tuple[float, str]]:
    """Los ``count`` tests más lentos de un informe JUnit de pytest (``--junitxml``), con sus segundos."""
    import xml.etree.ElementTree as ET

    cases = ET.parse(report).getroot().iter("testcase")
    timed = [(float(case.get("time") or 0), f"{case.get('classname', '')}::{case.get('name', '')}") for case in cases]
    return sorted(timed, reverse=True)[:count]


def cmd_stage_summary(args) -> int:
    """La tabla de tiempos de las etapas; con ``--profile CARPETA FICHERO``, también el perfil: la tabla y los tests
    más lentos de cada informe JUnit (``--junitxml``) de la carpeta, escritos en el fichero."""
    if not STAGES_FILE.exists():
        return 0
    rows = [line.split("\t") for line in STAGES_FILE.read_text(encoding="utf-8").splitlines() if line]
    lines = ["Tiempos de make test (una etapa «a la vez» corrió junto a otra: su tiempo no se suma; "
             "CPU: user+sys de sus procesos):"]
    alone = cpu_total = 0.0
    for name, seconds, status, *extra in rows:
        together, cpu = (extra + ["", ""])[:2]
        cpu_text = f"{float(cpu):>8.1f} s CPU" if cpu else " " * 14
        lines.append(f"  {name:<34}{float(seconds):>8.1f} s {cpu_text}  {status}  {together}".rstrip())
        alone += 0.0 if together else float(seconds)
        cpu_total += float(cpu or 0)
    lines.append(f"  {'total':<34}{alone:>8.1f} s {cpu_total:>8.1f} s CPU")
    print("\n" + "\n".join(lines))
    STAGES_FILE.unlink()
    if not args.profile:
        return 0
    reports, target = Path(args.profile[0]), Path(args.profile[1])
    profile = [*lines, ""]
    for report in sorted(reports.glob("*.xml")) if reports.is_dir() else []:
        profile.append(f"Los {SLOWEST_PER_STAGE} tests más lentos de «{report.stem}» (s de un proceso de pytest):")
        profile += [f"  {seconds:>8.2f}  {test}" for seconds, test in _slowest_tests(report, SLOWEST_PER_STAGE)]
        profile.append("")
    target.write_text("\n".join(profile), encoding="utf-8")
    print(f"Perfil de esta pasada (etapas y sus tests más lentos): {target} (make perfil lo enseña)")
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
    p = sub.add_parser("stage", help="(interno) una etapa cronometrada de make test")
    p.add_argument("name")
    p.add_argument("--buffered", action="store_true", help="imprime todo al acabar (para correr junto a otra etapa)")
    p.add_argument("command", nargs=argparse.REMAINDER)
    p.set_defaults(func=cmd_stage)
    p = sub.add_parser("stage-summary", help="(interno) tabla de tiempos de make test")
    p.add_argument("--profile", nargs=2, metavar=("INFORMES", "PERFIL"), default=None,
                   help="carpeta de informes JUnit de las etapas y fichero donde escribir el perfil")
    p.set_defaults(func=cmd_stage_summary)
    args, unknown = parser.parse_known_args(argv)
    if args.order == "lab":
        args.extra = unknown  # el resto de opciones va tal cual a jupyter lab
    elif unknown:
        parser.error(f"opciones desconocidas: {' '.join(unknown)}")
    if args.order == "stage" and args.command[:1] == ["--"]:
        args.command = args.command[1:]
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
