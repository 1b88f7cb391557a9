"""Notas en CSV, resumen por ejercicio e histogramas (las devoluciones HTML están en ``feedback.py``)."""

from __future__ import annotations

import csv
from collections import defaultdict
from pathlib import Path

from .model import Outcome


def write_csv(outcomes: list[Outcome], path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["alumno", "tarea", "nota", "maximo", "estado"])
        for o in outcomes:
            writer.writerow([o.student, o.assignment, f"{o.score:g}", f"{o.max_score:g}", o.status])
    return path


def exercise_summary(outcomes: list[Outcome]) -> dict[str, dict[str, dict]]:
    """Por tarea y ejercicio: media de puntos y fracción de alumnos con la nota completa."""
    table: dict = defaultdict(lambda: defaultdict(list))
    for o in outcomes:
        for gid, (score, max_score) in o.grades.items():
            table[o.assignment][gid].append((score, max_score))
    summary = {}
    for assignment, exercises in table.items():
        summary[assignment] = {
            gid: {
                "mean": sum(s for s, _ in pairs) / len(pairs),
                "max": pairs[0][1],
                "full_share": sum(1 for s, m in pairs if s >= m) / len(pairs),
                "n": len(pairs),
            }
            for gid, pairs in sorted(exercises.items())
        }
    return summary


def format_summary(summary: dict) -> str:
    lines = []
    for assignment, exercises in summary.items():
        lines.append(f"{assignment}:")
        for gid, row in exercises.items():
            lines.append(f"  {gid:<40} media {row['mean']:.2f}/{row['max']:g}   "
                         f"nota completa {100 * row['full_share']:.0f} % (n={row['n']})")
    return "\n".join(lines)


def histograms(outcomes: list[Outcome], folder: Path) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    by_assignment = defaultdict(list)
    for o in outcomes:
        by_assignment[o.assignment].append(o)
    paths = []
    for assignment, rows in sorted(by_assignment.items()):
        top = max((o.max_score for o in rows), default=0) or 1
        fig, ax = plt.subplots(figsize=(6, 3.5))
        ax.hist([o.score for o in rows], bins=[x - 0.5 for x in range(int(top) + 2)], color="#3b6ea5", edgecolor="white")
        ax.set_title(f"Notas de {assignment} ({len(rows)} entregas)")
        ax.set_xlabel(f"puntos (de {top:g})")
        ax.set_ylabel("alumnos")
        fig.tight_layout()
        path = folder / f"histograma-{assignment}.png"
        fig.savefig(path, dpi=90)
        plt.close(fig)
        paths.append(path)
    return paths


def report(outcomes: list[Outcome], folder: Path) -> dict:
    """CSV, resumen (texto) e histogramas en ``folder``."""
    summary = exercise_summary(outcomes)
    (folder).mkdir(parents=True, exist_ok=True)
    (folder / "resumen.txt").write_text(format_summary(summary) + "\n", encoding="utf-8")
    return {
        "csv": write_csv(outcomes, folder / "notas.csv"),
        "summary": summary,
        "histograms": histograms(outcomes, folder),
    }



def format_table(outcomes: list[Outcome]) -> str:
    """La tabla final de ``make grade``, en castellano."""
    rows = [("alumno", "tarea", "nota", "s", "estado")]
    for o in outcomes:
        rows.append((o.student, o.assignment, f"{o.score:g}/{o.max_score:g}", f"{o.seconds:.1f}", o.status))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = ["  ".join(r[i].ljust(widths[i]) for i in range(4)) + "  " + r[4] for r in rows]
    lines.insert(1, "-" * min(120, sum(widths) + 20))
    bad = sum(1 for o in outcomes if o.problems)
    lines.append(f"{len(outcomes)} entrega(s); {bad} con avisos o problemas.")
    return "\n".join(lines)
