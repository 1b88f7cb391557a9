"""report.py (CSV, resumen por ejercicio, tabla, histogramas) y progress_bar.py, con cifras hechas a mano."""

from __future__ import annotations

import io

import pytest

from course_tools.learner import progress_bar
from course_tools.grading import report
from course_tools.grading.model import Outcome, problem

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _class() -> list[Outcome]:
    return [
        Outcome("ana", "99-demo", 2.0, 3.0, {"nb99-add-tests": [2.0, 2.0], "nb99-mul-tests": [0.0, 1.0]}),
        Outcome("luis", "99-demo", 2.0, 3.0, {"nb99-add-tests": [1.0, 2.0], "nb99-mul-tests": [1.0, 1.0]}),
        Outcome("eva", "99-demo", 2.0, 3.0, {"nb99-add-tests": [2.0, 2.0]}),
        Outcome("ana", "00-otra", 0.5, 1.0, {"nb00-x-tests": [0.5, 1.0]}),
        Outcome("ana", "rara", problems=[problem("not-an-assignment", name="rara")]),  # sin notas
    ]


def test_exercise_summary_by_hand():
    summary = report.exercise_summary(_class())
    assert list(summary) == ["99-demo", "00-otra"]  # en el orden en que aparecen
    add = summary["99-demo"]["nb99-add-tests"]
    assert add["mean"] == pytest.approx(5 / 3)  # (2 + 1 + 2) / 3
    assert (add["max"], add["full_share"], add["n"]) == (2.0, pytest.approx(2 / 3), 3)
    assert summary["99-demo"]["nb99-mul-tests"] == {"mean": 0.5, "max": 1.0, "full_share": 0.5, "n": 2}
    assert summary["00-otra"] == {"nb00-x-tests": {"mean": 0.5, "max": 1.0, "full_share": 0.0, "n": 1}}
    assert list(summary["99-demo"]) == ["nb99-add-tests", "nb99-mul-tests"]


def test_exercise_summary_of_nothing():
    assert report.exercise_summary([]) == {}
    assert report.format_summary({}) == ""


def test_format_summary_by_hand():
    text = report.format_summary(report.exercise_summary(_class()))
    assert text.splitlines() == [
        "99-demo:",
        "  nb99-add-tests" + " " * 26 + " media 1.67/2   nota completa 67 % (n=3)",
        "  nb99-mul-tests" + " " * 26 + " media 0.50/1   nota completa 50 % (n=2)",
        "00-otra:",
        "  nb00-x-tests" + " " * 28 + " media 0.50/1   nota completa 0 % (n=1)",
    ]


def test_format_table_by_hand():
    outcomes = [Outcome("ana", "99-demo", 3.0, 3.0, seconds=1.26),
                Outcome("luis", "99-demo", 1.5, 3.0, problems=[problem("timeout")], seconds=12.04)]
    assert report.format_table(outcomes).splitlines() == [
        "alumno  tarea    nota   s     estado",
        "-" * 42,  # 6 + 7 + 5 + 4 de las columnas, más 20
        "ana     99-demo  3/3    1.3   bien",
        "luis    99-demo  1.5/3  12.0  tiempo agotado",
        "2 entrega(s); 1 con avisos o problemas.",
    ]


def test_format_table_caps_the_rule_and_counts_nothing():
    long = Outcome("x" * 130, "99-demo", 0.0, 3.0, problems=[problem("timeout"), problem("dead-kernel")])
    lines = report.format_table([long]).splitlines()
    assert lines[1] == "-" * 120
    assert lines[2].endswith("  tiempo agotado; el núcleo murió")
    assert report.format_table([]).splitlines() == ["alumno  tarea  nota  s  estado", "-" * 36,  # 6 + 5 + 4 + 1 + 20
                                                   "0 entrega(s); 0 con avisos o problemas."]


def test_write_csv_by_hand(tmp_path):
    outcomes = [Outcome("ana", "99-demo", 3.0, 3.0),
                Outcome("josé", "99-demo", 1.5, 3.0,
                        problems=[problem("other-assignment", name="99-demo.ipynb", others="nb03, nb07")])]
    path = report.write_csv(outcomes, tmp_path / "tabla" / "notas.csv")
    assert path == tmp_path / "tabla" / "notas.csv"
    assert path.read_bytes().decode("utf-8") == (
        "alumno,tarea,nota,maximo,estado\r\n"
        "ana,99-demo,3,3,bien\r\n"
        'josé,99-demo,1.5,3,"99-demo.ipynb es el cuaderno de otra tarea (nb03, nb07)"\r\n')


def test_histograms_one_png_per_assignment(tmp_path):
    paths = report.histograms(_class(), tmp_path / "h")
    assert [p.name for p in paths] == ["histograma-00-otra.png", "histograma-99-demo.png", "histograma-rara.png"]
    for path in paths:
        assert path.read_bytes()[:8] == PNG_MAGIC
    assert report.histograms([], tmp_path / "vacío") == []


def test_report_writes_csv_summary_and_histograms(tmp_path):
    outcomes = _class()[:3]
    made = report.report(outcomes, tmp_path / "tabla")
    assert made["summary"] == report.exercise_summary(outcomes)
    assert (tmp_path / "tabla" / "resumen.txt").read_text(encoding="utf-8") == (
        report.format_summary(made["summary"]) + "\n")
    assert made["csv"].read_text(encoding="utf-8").splitlines()[1:] == [
        "ana,99-demo,2,3,bien", "luis,99-demo,2,3,bien", "eva,99-demo,2,3,bien"]
    assert [p.name for p in made["histograms"]] == ["histograma-99-demo.png"]


# --- progress_bar.py -----------------------------------------------------------------------------

class _Clock:
    def __init__(self, *times):
        self.times = list(times)

    def __call__(self):
        return self.times.pop(0)


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_in_a_log_writes_one_line_per_step(monkeypatch):
    monkeypatch.setattr(progress_bar.time, "monotonic", _Clock(100.0, 130.0, 190.0, 190.0))
    out = io.StringIO()
    bar = progress_bar.Progress(3, out)
    bar.step("ana/99-demo")
    bar.step("luis/99-demo")
    bar.step()
    assert out.getvalue().splitlines() == [
        # 1 hecho en 30 s: 2 por minuto; quedan 2, a 30 s cada uno
        "[##########....................] 1/3  2.0 cuadernos/min  quedan ~1:00  ana/99-demo",
        "[####################..........] 2/3  1.3 cuadernos/min  quedan ~0:45  luis/99-demo",
        "[##############################] 3/3  2.0 cuadernos/min  quedan ~0:00  ",
    ]


def test_progress_in_a_terminal_rewrites_one_line(monkeypatch):
    monkeypatch.setattr(progress_bar.time, "monotonic", _Clock(5.0, 5.0, 65.0))
    out = _Terminal()
    bar = progress_bar.Progress(2, out)
    bar.step("primero")  # sin tiempo transcurrido: ni ritmo ni estimación
    first = out.getvalue()
    assert first.startswith("\r[###############...............] 1/2  0.0 cuadernos/min  quedan ~0:00  primero")
    assert len(first) == 121 and not first.endswith("\n")
    bar.step("x" * 200)
    second = out.getvalue()[len(first):]
    assert second.startswith("\r[##############################] 2/2  2.0 cuadernos/min")
    assert len(second) == 122 and second.endswith("\n")


def test_progress_defaults_to_stdout(monkeypatch, capsys):
    monkeypatch.setattr(progress_bar.time, "monotonic", _Clock(0.0, 60.0))
    bar = progress_bar.Progress(1)
    bar.step("ana/99-demo")
    assert capsys.readouterr().out == "[" + "#" * 30 + "] 1/1  1.0 cuadernos/min  quedan ~0:00  ana/99-demo\n"
