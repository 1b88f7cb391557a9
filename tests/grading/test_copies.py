"""El informe de parecidos sobre una clase escrita a mano (copies_class): señala justo a quien pegó la
solución publicada y a los dos que entregaron el mismo trabajo; a nadie más."""

from __future__ import annotations

import csv
import json
import shutil

import pytest

from copies_class import BLANK, COPIERS, INDEPENDENT_NAMES, SHARERS, SLUG, make_class

from course_tools.layout.course import ROOT, SUBMITTED, Course, notebook_file
from course_tools.grading import copies_report
from course_tools.grading.copies import cache_path, compare_class
from course_tools.grading.similarity import COPY_OF_SOLUTION, SAME_AS_CLASSMATE, SOLUTION, Thresholds

EXERCISES = {"nb11-make-xy", "nb11-accumulated-step", "nb11-data-floor"}


@pytest.fixture
def klass(tmp_path) -> Course:
    return Course(make_class(tmp_path / "clase", ROOT))


def flagged(result, code):
    return {(f.student, f.exercise, f.other) for f in result.findings if f.code == code}


def test_exactly_the_copiers_and_the_sharers_are_flagged(klass):
    result = compare_class(klass)
    assert flagged(result, COPY_OF_SOLUTION) == {(s, e, SOLUTION) for s in COPIERS for e in EXERCISES}
    a, b = SHARERS
    assert flagged(result, SAME_AS_CLASSMATE) == {(x, e, y) for x, y in ((a, b), (b, a)) for e in EXERCISES}
    innocent = set(INDEPENDENT_NAMES) | {BLANK}
    assert not {f.student for f in result.findings} & innocent
    assert not {f.other for f in result.findings} & innocent
    assert result.groups(SLUG) == [sorted(SHARERS)]
    assert not result.skipped


def test_the_blank_one_is_not_compared(klass):
    result = compare_class(klass)
    assert not [key for key in result.code if key[0] == BLANK]
    assert result.compared == 3 * (len(COPIERS) + len(SHARERS) + len(INDEPENDENT_NAMES))


def test_reports_in_spanish_with_the_pairs_side_by_side(klass, tmp_path):
    result = compare_class(klass)
    made = copies_report.write_reports(result, tmp_path, Thresholds().k)
    rows = list(csv.DictReader(made["csv"].open(encoding="utf-8")))
    assert {(r["alumno"], r["con"]) for r in rows if r["codigo"] == COPY_OF_SOLUTION} == {(s, SOLUTION) for s in COPIERS}
    assert all(0.7 <= float(r["parecido"]) <= 1 for r in rows)
    page = made["html"].read_text(encoding="utf-8")
    assert "<mark>" in page and "la solución publicada" in page and "no cambia ninguna nota" in page
    assert "hugo" in page and "ines" in page and "carla" not in page
    lines = copies_report.summary_lines(result)
    assert any(line.startswith("ana  11-bucle  copy-of-solution: copia de la solución publicada") for line in lines)
    assert any("mismo trabajo que ines (grupo 1)" in line for line in lines)


def test_a_broken_notebook_is_skipped_with_its_reason_and_the_rest_compared(klass):
    klass.layout.notebook(SUBMITTED, SLUG, "carla").write_text("{no es json", encoding="utf-8")
    klass.layout.notebook(SUBMITTED, SLUG, "eva").unlink()
    result = compare_class(klass)
    reasons = {s: r for s, _, r in result.skipped}
    assert reasons["carla"].startswith("no se pudo leer") and reasons["eva"] == f"falta el cuaderno {notebook_file(SLUG)}"
    assert flagged(result, COPY_OF_SOLUTION) == {(s, e, SOLUTION) for s in COPIERS for e in EXERCISES}


def test_a_class_of_one_has_no_pairs(tmp_path):
    course = Course(make_class(tmp_path / "clase", ROOT))
    for student in ("ana", "bea", "hugo", BLANK, *INDEPENDENT_NAMES):
        shutil.rmtree(course.layout.assignment(SUBMITTED, SLUG, student).parent)
    result = compare_class(course)
    assert result.compared == 3 and not result.findings  # ines sola: nadie con quien compararse


def test_a_resumed_round_reads_only_what_changed(klass):
    cache = cache_path(klass)
    first = compare_class(klass, cache=cache)
    assert first.read == 8 and cache.exists()
    again = compare_class(klass, cache=cache)
    assert again.read == 0 and again.findings == first.findings
    path = klass.layout.notebook(SUBMITTED, SLUG, "dani")
    nb = json.loads(path.read_text(encoding="utf-8"))
    nb["cells"].append({"cell_type": "markdown", "id": "nota-propia", "metadata": {}, "source": "una nota mía"})
    path.write_text(json.dumps(nb), encoding="utf-8")
    changed = compare_class(klass, cache=cache)
    assert changed.read == 1 and changed.findings == first.findings


def test_the_readme_gives_the_thresholds_as_the_settings_set_them():
    from course_tools.settings import course_settings

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    settings = course_settings()
    assert f"coincidir ({settings.similarity_threshold:g} por defecto)" in readme
    assert f"cuenta ({settings.similarity_min_chars} letras tras el analizador)" in readme


def test_make_grade_prints_the_findings_after_its_table_and_writes_both_reports(klass, capsys):
    from course_tools.grading.cli import _report_copies

    _report_copies(klass)
    out = capsys.readouterr().out
    assert out.startswith("Parecidos (no cambian ninguna nota): 4 entrega(s) señalada(s)")
    report = klass.layout.report_dir.relative_to(klass.root)
    assert f"{report / 'parecidos.html'}" in out and f"{report / 'parecidos.csv'}" in out
    assert "  hugo  11-bucle  same-as-classmate: mismo trabajo que ines (grupo 1)" in out
    assert (klass.layout.report_dir / "parecidos.html").exists() and (klass.layout.report_dir / "parecidos.csv").exists()


def test_a_comparison_that_breaks_stops_nothing(klass, capsys, monkeypatch):
    from course_tools.grading import cli, copies_report

    def broken(course, thresholds):
        raise RuntimeError("disco lleno")

    monkeypatch.setattr(copies_report, "copies_round", broken)
    cli._report_copies(klass)
    assert "✗ Parecidos: no se pudieron comparar (RuntimeError: disco lleno); las notas no cambian." in capsys.readouterr().out
