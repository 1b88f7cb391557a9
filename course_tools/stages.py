"""Las etapas cronometradas de ``make test``: ``python -m course_tools.stages stage NOMBRE -- ORDEN`` y, al final,
``stage-summary``. Solo usa la biblioteca estándar: el Makefile la llama con el Python del sistema, también para
cronometrar la instalación del entorno (antes de que exista ``.venv``)."""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

from .layout.course import ROOT

STAGES_FILE = ROOT / "build" / "etapas.txt"
SLOWEST_PER_STAGE = 12  # tests de cada etapa en el perfil de make test


def cmd_stage(args) -> int:
    """Ejecuta una etapa de ``make test`` y apunta cuánto tardó. Con ``--buffered`` lo que imprime sale de una
    vez al acabar: así puede correr a la vez que otra etapa sin mezclar sus líneas con las de ella. Apunta también
    los segundos de CPU (user+sys) de sus procesos, que una máquina compartida mueve menos que el reloj."""
    started, began, cpu_before = time.monotonic(), time.time(), _children_cpu()
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
                  f"\t{cpu:.1f}\t{began:.1f}\t{began + elapsed:.1f}\n")
    print(f"--- {args.name}: {elapsed:.1f} s ({cpu:.1f} s de CPU)", flush=True)
    return rc


def _children_cpu() -> float:
    """Segundos de CPU (user+sys) de los procesos hijos ya esperados de este proceso, y de los suyos."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


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
    lines = ["Tiempos de make test (una etapa «a la vez» corrió junto a otra; el total es el reloj de la primera etapa "
             "a la última, sin contar dos veces lo que corrió a la vez; CPU: user+sys de sus procesos):"]
    for name, seconds, status, together, cpu, _began, _ended in rows:
        lines.append(f"  {name:<34}{float(seconds):>8.1f} s {float(cpu):>8.1f} s CPU  {status}  {together}".rstrip())
    clock = max(float(row[6]) for row in rows) - min(float(row[5]) for row in rows)  # del primer comienzo al último final
    lines.append(f"  {'total':<34}{clock:>8.1f} s {sum(float(row[4]) for row in rows):>8.1f} s CPU")
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
    parser = argparse.ArgumentParser(prog="python -m course_tools.stages", description=__doc__)
    sub = parser.add_subparsers(dest="order", required=True)
    p = sub.add_parser("stage", help="una etapa cronometrada de make test")
    p.add_argument("name")
    p.add_argument("--buffered", action="store_true", help="imprime todo al acabar (para correr junto a otra etapa)")
    p.add_argument("command", nargs=argparse.REMAINDER)
    p.set_defaults(func=cmd_stage)
    p = sub.add_parser("stage-summary", help="tabla de tiempos de make test")
    p.add_argument("--profile", nargs=2, metavar=("INFORMES", "PERFIL"), default=None,
                   help="carpeta de informes JUnit de las etapas y fichero donde escribir el perfil")
    p.set_defaults(func=cmd_stage_summary)
    args = parser.parse_args(argv)
    if args.order == "stage" and args.command[:1] == ["--"]:
        args.command = args.command[1:]
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
