"""El informe de parecidos sobre una clase escrita a mano y apartada (copies_class, en 11, 17 y 18): señala
justo a los dos que entregaron el mismo trabajo y a ana, que pegó la solución publicada y la disfrazó en los tres
cuadernos; ni a los tres que trabajaron por separado (carla escribe dos respuestas cortas como la solución) ni el
cuaderno en blanco. Con los ajustes del curso la solución no se juzga en un cuaderno solo (un alumno que sigue el curso
al pie de la letra la escribe), sino en «todo el curso» (``neighbours``): ana escribe como ella y, donde se aparta, no
es hacia ninguna solución honrada. bea la pega tal cual, pero solo en 11: en un cuaderno no se la mira así. Cómo se
juzga un cuaderno contra la solución cuando un profesor le da umbral se prueba con ``CONFIGURED``: sale bea en 11, y
ana en los otros dos."""

from __future__ import annotations

import csv
import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from copies_class import BLANK, INDEPENDENT_NAMES, SHUFFLED, SLUG, SLUGS, WORK, make_class

from course_tools.layout.course import ROOT, SUBMITTED, Course, notebook_file
from course_tools.grading import copies_report
from course_tools.grading.copies import cache_path, compare_class
from course_tools.grading.similarity import (COPY_OF_SOLUTION, NOT_AGAINST_SOLUTION, NOT_JUDGED, SAME_AS_CLASSMATE,
                                              SAME_IN_COURSE, SOLUTION, WHOLE_COURSE, Thresholds)

# Un profesor que juzga 11 contra la solución con el umbral de una calibración anterior (en todo el curso, 11 ya no se
# mira: tiene umbral propio; bastan los otros dos) y letras mínimas bajas.
CONFIGURED = replace(Thresholds(), solution={SLUG: 0.63}, course_min_notebooks=2, min_evidence=30)
NOT_AGAINST = [slug for slug in SLUGS if slug not in CONFIGURED.solution_notebooks]
COPIES = {("bea", SLUG), ("ana", WHOLE_COURSE)}  # con CONFIGURED
PAIRS = {(a, slug, b) for slug in SLUGS for a, b in (("hugo", "ines"), ("ines", "hugo"))}


@pytest.fixture(scope="module")
def klass(tmp_path_factory) -> Course:
    return Course(make_class(tmp_path_factory.mktemp("clase") / "clase", ROOT))


@pytest.fixture(scope="module")
def result(klass):
    return compare_class(klass)


@pytest.fixture(scope="module")
def configured(klass):
    return compare_class(klass, CONFIGURED)


def flagged(result, code):
    return {(f.student, f.assignment, f.other) for f in result.findings if f.code == code}


def test_exactly_the_pair_and_who_pastes_the_solution_in_every_notebook_are_flagged(result):
    assert not Thresholds().solution_notebooks and Thresholds().solution_course_notebooks == SLUGS
    assert flagged(result, COPY_OF_SOLUTION) == {("ana", WHOLE_COURSE, SOLUTION)}
    (ana,) = [f for f in result.findings if f.code == COPY_OF_SOLUTION]
    assert ana.notebooks == SLUGS and ana.straying <= Thresholds().solution_course_strays
    assert flagged(result, SAME_AS_CLASSMATE) == PAIRS
    assert flagged(result, SAME_IN_COURSE) == set()  # ya salen en cada cuaderno: no se repiten sumados
    innocent = set(INDEPENDENT_NAMES) | {BLANK}
    assert not {f.student for f in result.findings} & innocent
    assert not {f.other for f in result.findings} & innocent
    assert all(result.groups(slug) == [["hugo", "ines"]] for slug in SLUGS)
    assert not result.skipped
    assert all("solo en «todo el curso»" in reason for _, _, reason in result.not_judged)


def test_with_a_threshold_against_the_solution_who_pastes_it_is_flagged_and_not_paired(configured):
    assert flagged(configured, COPY_OF_SOLUTION) == {(s, slug, SOLUTION) for s, slug in COPIES}
    # 11 ya se juzga por su cuenta: en todo el curso se suman los otros dos
    assert {f.notebooks for f in configured.findings if f.student == "ana"} == {tuple(NOT_AGAINST)}
    assert flagged(configured, SAME_AS_CLASSMATE) == PAIRS
    assert not {f.student for f in configured.findings} & (set(INDEPENDENT_NAMES) | {BLANK})


def test_another_class_like_it_with_the_roles_changed(tmp_path):
    """zoe entrega lo de carla renombrado y comentado: salen en 11 y 17. En 18 no: lo que carla escribe allí que no
    escribe nadie del corpus de trabajo honrado ni ningún juego son 110 letras, menos de las 120 que hacen falta."""
    result = compare_class(Course(make_class(tmp_path / "otra", ROOT, work=SHUFFLED)))
    assert flagged(result, COPY_OF_SOLUTION) == {("dani", WHOLE_COURSE, SOLUTION)}  # con el trabajo de ana
    assert flagged(result, SAME_AS_CLASSMATE) == {(a, slug, b) for slug in ("11-bucle", "17-partidas-a-lotes")
                                                  for a, b in (("carla", "zoe"), ("zoe", "carla"))}


def test_the_honest_learner_who_writes_short_answers_like_the_solution_stays_below(klass, configured):
    """carla escribe pad_to y el bloque pre-norm como la solución: pesan poco en su cuaderno y son lo natural. Aunque
    17 y 18 se juzgaran contra la solución (no se juzgan), carla quedaría por debajo del umbral de ``CONFIGURED``."""
    below = compare_class(klass, replace(Thresholds(), solution={slug: 0.0 for slug in SLUGS}, classmate=0.0,
                                         min_evidence=0))
    carla = {f.assignment: f for f in below.findings if f.student == "carla" and f.other == SOLUTION}
    lowest = min(CONFIGURED.solution.values())
    assert carla["17-partidas-a-lotes"].similarity < lowest and carla["18-decoder"].similarity < lowest
    assert {(slug, NOT_AGAINST_SOLUTION) for slug in NOT_AGAINST} <= {
        (slug, code) for slug, code, _ in configured.not_judged}
    assert max(f.similarity for f in configured.findings) <= 1


def test_the_blank_one_is_not_compared(result):
    assert not [key for key in result.code if key[0] == BLANK]


def test_reports_rank_by_evidence_say_why_and_show_the_passages_side_by_side(configured, tmp_path):
    result = configured
    made = copies_report.write_reports(result, tmp_path, CONFIGURED.k)
    everything = list(csv.DictReader(made["csv"].open(encoding="utf-8")))
    rows = [r for r in everything if r["codigo"] in (COPY_OF_SOLUTION, SAME_AS_CLASSMATE)]
    assert [(r["alumno"], r["tarea"], r["codigo"]) for r in everything if r not in rows] == [
        ("", slug, NOT_AGAINST_SOLUTION) for slug in NOT_AGAINST]  # lo que no se juzga, sin alumno
    assert {(r["alumno"], r["tarea"]) for r in rows if r["codigo"] == COPY_OF_SOLUTION} == COPIES
    scores = [float(r["parecido"]) for r in rows]
    against = lambda r: (CONFIGURED.solution_course_closeness if r["tarea"] == WHOLE_COURSE
                         else CONFIGURED.solution[r["tarea"]])
    least = lambda r: against(r) if r["codigo"] == COPY_OF_SOLUTION else CONFIGURED.classmate
    assert scores == sorted(scores, reverse=True) and all(least(r) <= float(r["parecido"]) <= 1 for r in rows)
    assert all(r["motivo"] and r["ejercicios"] for r in rows)
    page = made["html"].read_text(encoding="utf-8")
    assert "<mark>" in page and "la solución publicada" in page and "no cambia ninguna nota" in page
    assert "hugo" in page and "ines" in page and "carla" not in page and "dani" not in page
    assert page.count("<h2>") == len(COPIES) + len(PAIRS) // 2 + 1  # cada pareja una vez, y lo que no se juzga
    assert "<h2>Lo que no se juzga</h2>" in page
    lines = copies_report.summary_lines(result)
    assert len(lines) == len(result.findings) + 1 + len(result.skipped)  # 17 y 18, por el mismo motivo: una línea
    assert any(line.startswith(f"{', '.join(NOT_AGAINST)}  no se juzga contra la solución publicada") for line in lines)
    assert page.count("no se juzga contra la solución publicada") == 1
    assert any(line.startswith(f"bea  {SLUG}  copy-of-solution: tiene el ")
               and "de lo propio de la solución publicada" in line for line in lines)
    assert any(line.startswith("hugo  17-partidas-a-lotes  same-as-classmate (grupo 1): comparte con ines")
               for line in lines)
    # ana, en 17 y 18: cada ejercicio en que está más cerca de la solución que de ninguna honrada, lado a lado con la
    # solución, en su cuaderno
    assert any(line.startswith("ana  todo el curso  copy-of-solution: en los 2 cuadernos en que se mira (")
               and "más que a ninguna solución independiente" in line for line in lines), lines
    (ana,) = [f for f in result.findings if f.student == "ana"]
    assert {result.assignment_of[gid] for gid, _ in ana.exercises} == set(NOT_AGAINST)
    assert all(f"<h3>{gid}</h3>" in page for gid, _ in ana.exercises) and "todo el curso: ana y la solución" in page


def test_given_code_is_never_highlighted(result, tmp_path):
    page = copies_report.write_reports(result, tmp_path, Thresholds().k)["html"].read_text(encoding="utf-8")
    assert "<mark>def " not in page and "<mark>class " not in page and "<mark>    def" not in page


def test_a_broken_notebook_is_skipped_with_its_reason_and_the_rest_compared(tmp_path):
    klass = Course(make_class(tmp_path / "clase", ROOT, slugs=(SLUG,)))
    klass.layout.notebook(SUBMITTED, SLUG, "carla").write_text("{no es json", encoding="utf-8")
    klass.layout.notebook(SUBMITTED, SLUG, "eva").unlink()
    result = compare_class(klass, CONFIGURED)
    reasons = {s: r for s, _, r in result.skipped}
    assert reasons["carla"].startswith("no se pudo leer") and reasons["eva"] == f"falta el cuaderno {notebook_file(SLUG)}"
    assert flagged(result, COPY_OF_SOLUTION) == {("bea", SLUG, SOLUTION)}
    assert flagged(result, SAME_AS_CLASSMATE) == {("hugo", SLUG, "ines"), ("ines", SLUG, "hugo")}


def test_a_notebook_over_the_size_limit_is_measured_and_never_read(tmp_path, monkeypatch):
    klass = Course(make_class(tmp_path / "clase", ROOT, slugs=(SLUG,)))
    huge = klass.layout.notebook(SUBMITTED, SLUG, "carla")
    with open(huge, "r+b") as sparse:  # 4 GiB aparentes, casi nada en el disco
        sparse.truncate(4 * 1024 ** 3)
    read = []
    monkeypatch.setattr(Path, "read_bytes", lambda self: read.append(self) or b"")
    monkeypatch.setattr(Path, "read_text", lambda self, *a, **k: read.append(self) or "")
    result = compare_class(klass)  # en este proceso: con tan pocos alumnos no hay procesos aparte
    reasons = {s: r for s, _, r in result.skipped}
    assert reasons["carla"] == f"{notebook_file(SLUG)} mide 4096.0 MB y el límite es 20 MB: no se lee"
    assert huge not in read and read  # los demás cuadernos sí se leen


def test_a_class_of_one_has_no_pairs(tmp_path):
    course = Course(make_class(tmp_path / "clase", ROOT, slugs=(SLUG,)))
    for student in ("ana", "bea", "hugo", BLANK, *INDEPENDENT_NAMES):
        shutil.rmtree(course.layout.assignment(SUBMITTED, SLUG, student).parent)
    result = compare_class(course)
    assert result.compared == 3 and not result.findings  # ines sola: nadie con quien compararse


def test_a_resumed_round_reads_only_what_changed(tmp_path):
    klass = Course(make_class(tmp_path / "clase", ROOT, slugs=(SLUG,)))
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

    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())  # sin los saltos de línea
    settings = course_settings()
    judged = ", ".join(f"{slug} ({value:g})" for slug, value in settings.similarity_solution_thresholds.items())
    assert f"Contra la solución publicada se juzga: {judged or 'ninguno'}." in readme
    assert f"entre dos compañeros ({settings.similarity_threshold_classmate:g})" in readme
    summed = ", ".join(settings.similarity_solution_course_notebooks)
    assert f"`similarity_solution_course_notebooks` (hoy, {summed or 'ninguno'})" in readme
    assert (f"sumada en todo el curso ({settings.similarity_threshold_course:g}, con al menos "
            f"{settings.similarity_course_min_notebooks} cuadernos juzgados en común)") in readme
    assert f"al menos {settings.similarity_notebook_min_chars} letras de código propio" in readme
    assert f"pesa menos ({settings.similarity_min_chars} letras tras el analizador)" in readme
    assert f"al menos {settings.similarity_min_evidence} letras" in readme


def test_a_notebook_too_short_to_judge_is_said_in_every_report_and_not_read(tmp_path):
    klass = Course(make_class(tmp_path / "clase", ROOT, slugs=(SLUG,)))
    result = compare_class(klass, replace(Thresholds(), notebook_min_chars=10 ** 6))
    assert not result.findings and not result.code and result.compared == 0
    [(assignment, code, reason)] = result.not_judged
    assert (assignment, code) == (SLUG, NOT_JUDGED)
    assert reason.startswith("no se juzga: sus respuestas son demasiado cortas para distinguir una copia de una idea "
                             "común") and "hacen falta 1000000" in reason
    assert copies_report.summary_lines(result) == [f"{SLUG}  {reason}"]
    made = copies_report.write_reports(result, klass.layout.report_dir, Thresholds().k)
    [row] = list(csv.DictReader(made["csv"].open(encoding="utf-8")))
    assert (row["tarea"], row["codigo"], row["motivo"], row["alumno"]) == (SLUG, NOT_JUDGED, reason, "")
    page = made["html"].read_text(encoding="utf-8")
    assert "Ningún parecido" in page and "Lo que no se juzga" in page and "demasiado cortas" in page
    head, *rest = copies_report.copies_round(klass, replace(Thresholds(), notebook_min_chars=10 ** 6))
    assert head.startswith("Parecidos (no cambian ninguna nota): 0 entrega(s)") and "(1 cuaderno(s) sin juzgar)" in head
    assert rest == [f"  {SLUG}  {reason}"]


def test_where_the_solution_is_not_judged_looking_like_it_is_natural_between_classmates(tmp_path):
    """ana y bea pegan la solución: sin juzgar contra ella, tampoco se emparejan por ella; hugo e ines, sí."""
    klass = Course(make_class(tmp_path / "clase", ROOT, slugs=(SLUG,)))
    alone = replace(Thresholds(), solution={}, solution_course_notebooks=())
    result = compare_class(klass, alone)
    assert not flagged(result, COPY_OF_SOLUTION)
    assert flagged(result, SAME_AS_CLASSMATE) == {("hugo", SLUG, "ines"), ("ines", SLUG, "hugo")}
    assert [(a, code) for a, code, _ in result.not_judged] == [(SLUG, NOT_AGAINST_SOLUTION)]
    assert any(line.startswith(f"{SLUG}  no se juzga contra la solución publicada")
               for line in copies_report.summary_lines(result))
    head = copies_report.copies_round(klass, alone)[0]
    assert "2 entrega(s) señalada(s)" in head and "(1 sin juzgar contra la solución)" in head
    # Con los ajustes del curso, 11 se mira en «todo el curso», y el informe lo dice; con un cuaderno no basta.
    summed = compare_class(klass)
    assert not flagged(summed, COPY_OF_SOLUTION)
    assert ["todo el curso" in reason for _, _, reason in result.not_judged] == [False]
    assert ["solo en «todo el curso»" in reason for _, _, reason in summed.not_judged] == [True]
    head = copies_report.copies_round(klass, Thresholds())[0]
    assert "(1 sin juzgar contra la solución cada uno por su cuenta)" in head


def test_make_grade_prints_the_findings_after_its_table_and_writes_both_reports(tmp_path, capsys):
    from course_tools.grading.cli import _report_copies

    klass = Course(make_class(tmp_path / "clase", ROOT, slugs=(SLUG,)))
    _report_copies(klass)
    out = capsys.readouterr().out
    assert out.startswith("Parecidos (no cambian ninguna nota): 2 entrega(s) señalada(s)")
    report = klass.layout.report_dir.relative_to(klass.root)
    assert f"{report / 'parecidos.html'}" in out and f"{report / 'parecidos.csv'}" in out
    assert "  hugo  11-bucle  same-as-classmate (grupo 1): comparte con ines" in out
    assert (klass.layout.report_dir / "parecidos.html").exists() and (klass.layout.report_dir / "parecidos.csv").exists()


def test_a_comparison_that_breaks_stops_nothing(tmp_path, capsys, monkeypatch):
    from course_tools.grading import cli, copies_report

    def broken(course, thresholds):
        raise RuntimeError("disco lleno")

    monkeypatch.setattr(copies_report, "copies_round", broken)
    cli._report_copies(Course(tmp_path))
    assert "✗ Parecidos: no se pudieron comparar (RuntimeError: disco lleno); las notas no cambian." in capsys.readouterr().out


def test_the_bench_resumes_after_changing_a_submission_that_is_read(monkeypatch):
    """make bench con tres alumnos: la ronda reanudada vuelve a leer la entrega cambiada (de un cuaderno que se juzga;
    uno que no se juzga ni se lee) y todos, que pegan la solución, salen donde se juzga contra ella."""
    from course_tools.grading import copies_bench

    forgotten = []  # la reanudada se mide sin lo que recuerda el proceso (aquí solo se apunta: lo demás lo aprovecha)
    monkeypatch.setattr(copies_bench, "forget_what_this_process_remembers", lambda: forgotten.append(True))
    figures = copies_bench.bench_copies(students=3)
    assert forgotten == [True]
    assert figures["reread"] == 1 and figures["notebooks"] == 3 * len(Course(ROOT).notebooks())
    judged = Thresholds()  # cada cuaderno con umbral propio y, si hay cuadernos que sumar, todo el curso
    assert figures["findings"] == 3 * (len(judged.solution_notebooks) + bool(judged.solution_course_notebooks))


def test_what_the_process_remembers_between_comparisons_can_be_forgotten(monkeypatch):
    """Lo que recuerda el proceso (lo leído de los juegos y del corpus, lo que enseña el curso, los parecidos de
    difflib) se olvida de una vez, como en otro proceso: así mide make bench la ronda reanudada."""
    import functools

    from course_tools.grading import evidence, neighbours, similarity
    from course_tools.grading.copies import forget_what_this_process_remembers

    remembered = {name: {"algo": 1} for name in ("_READ", "_CONTEXTS")}
    for name, value in remembered.items():
        monkeypatch.setattr(evidence, name, value)
    monkeypatch.setattr(similarity, "_SEEN_CODE", {"algo": 1})
    for name in ("likeness", "_nearest"):
        cached = functools.lru_cache(maxsize=4)(lambda a, b: 0.5)
        cached("a", "b")
        monkeypatch.setattr(neighbours, name, cached)
    forget_what_this_process_remembers()
    assert not evidence._READ and not evidence._CONTEXTS and not similarity._SEEN_CODE
    assert neighbours.likeness.cache_info().currsize == neighbours._nearest.cache_info().currsize == 0


def test_a_learner_who_hands_in_an_independent_set_has_nothing_of_the_solution_but_what_is_natural(tmp_path):
    """El juego 6 del 11 se escribe casi como la solución. Quien entrega justo ese juego no tiene nada propio de la
    solución: los juegos se miden en su celda, como se leen las entregas (también lo que empieza su respuesta
    junto a la firma dada, que antes parecía propio)."""
    from course_tools.grading.evidence import independent_sets

    written = independent_sets(Course(ROOT).layout.catalogue_dir, SLUG)[5]
    klass = Course(make_class(tmp_path / "clase", ROOT, slugs=(SLUG,), work={"sexto": written, "gus": {}}))
    every = replace(Thresholds(), solution={SLUG: 0.0}, min_evidence=0)
    [found] = [f for f in compare_class(klass, every).findings if f.student == "sexto"]
    assert (found.code, found.similarity, found.evidence) == (COPY_OF_SOLUTION, 0.0, 0)


def test_what_a_third_classmate_also_writes_is_not_evidence_of_a_pair(tmp_path):
    """hugo e ines comparten trabajo; si iker entrega lo mismo que hugo, lo que tienen los tres ya no es de una pareja
    (como veinte principiantes que escriben los mismos bucles): el informe no empareja a nadie por ello."""
    pair = {name: WORK[name] for name in ("hugo", "ines", "carla")}
    alone = compare_class(Course(make_class(tmp_path / "dos", ROOT, slugs=(SLUG,), work=pair)))
    assert {frozenset((f.student, f.other)) for f in alone.findings} == {frozenset(("hugo", "ines"))}
    trio = compare_class(Course(make_class(tmp_path / "tres", ROOT, slugs=(SLUG,), work={**pair, "iker": WORK["hugo"]})))
    assert not [f for f in trio.findings if "ines" in (f.student, f.other)]
