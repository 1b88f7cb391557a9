"""``make check``: comprobaciones rápidas de estructura (segundos, sin ejecutar cuadernos).

Qué es cada celda, sus regiones y sus huecos lo dicen las reglas de ``cells``; release/ se compara con lo
que genera nbgrader con la cadena del curso (``build.release_notebooks``)."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter

import nbformat

from ..readings import answer_leaks, given_cells, rukh_commits, rukh_map
from ..rules import cells, predictions, render
from . import fairness, proof
from ..publish.build import release_notebooks, worked_unexecuted
from ..layout.course import LAYOUT, RELEASE, ROOT, Notebook, notebook_name, notebooks, notebooks_in
from ..layout.course import where as _where
from ..kernels.spec import COLD_KERNEL_NAME

TITLE = re.compile(r"^# (\d\d) · \S")


def check_source(notebook: Notebook) -> list[str]:
    """Forma del cuaderno fuente: título, preparación, ejercicios bien montados, sin salidas."""
    problems = []
    path = notebook.source
    try:
        nb = cells.read(path)
        nbformat.validate(nb)
    except Exception as err:  # un JSON roto o un nbformat inválido
        return [f"{_where(path)}: no es un cuaderno válido: {err}"]
    if nb.metadata.get("kernelspec", {}).get("name") != COLD_KERNEL_NAME:
        problems.append(f"{_where(path)}: el kernelspec debe ser {COLD_KERNEL_NAME}")
    if len(nb.cells) < 2:
        return problems + [f"{_where(path)}: faltan la celda de título y la de preparación"]
    title, setup = nb.cells[0], nb.cells[1]
    glossary = render.glossary_anchors()
    match = TITLE.match(title.source) if title.cell_type == "markdown" else None
    if not match or match.group(1) != notebook.number:
        problems.append(f"{_where(path, 0)}: la primera celda debe ser el título «# {notebook.number} · …»")
    if not render.BADGE_LINE.search(title.source):
        problems.append(f"{_where(path, 0)}: falta la insignia de Colab en el título")
    if not (title.cell_type == "markdown" and cells.is_locked(title)):
        problems.append(f"{_where(path, 0)}: la celda de título debe estar bloqueada")
    if not (setup.cell_type == "code" and cells.is_locked(setup) and render.INSTALL_LINE.search(setup.source)):
        problems.append(f"{_where(path, 1)}: la segunda celda debe ser la de preparación, bloqueada, con su %pip install")
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and (cell.outputs or cell.execution_count is not None):
            problems.append(f"{_where(path, i)}: el cuaderno fuente no debe guardar salidas")
        meta = cells.nbgrader_meta(cell)
        source = cell.source
        if any(marker in source for marker in cells.hidden_delimiters()):
            if not cells.is_graded_test(cell):
                problems.append(f"{_where(path, i)}: tests ocultos fuera de una celda de tests calificada")
            refused = cells.hidden_region_error(source)  # lo que diría ClearHiddenTests al generar release/
            if refused:
                problems.append(f"{_where(path, i)}: región de tests ocultos sin cerrar o dentro de otra (nbgrader: {refused})")
        if cells.is_solution(cell) and cell.cell_type == "code":
            following = nb.cells[i + 1] if i + 1 < len(nb.cells) else None
            if following is None or not cells.is_graded_test(following):
                problems.append(f"{_where(path, i)}: a la celda de solución le debe seguir una celda de tests calificada")
            elif not cells.nbgrader_meta(following).get("points") and not _zero_point_prediction(following):
                problems.append(f"{_where(path, i + 1)}: la celda de tests debe valer puntos")  # nbgrader la bloquea siempre
        if cell.cell_type == "markdown":
            for anchor in render.GLOSSARY_LINK.findall(source):
                if anchor not in glossary:
                    problems.append(f"{_where(path, i)}: el enlace glosario#{anchor} no existe en GLOSARIO.md")
        if meta and not meta.get("grade_id"):
            problems.append(f"{_where(path, i)}: celda de nbgrader sin grade_id")
        if "raises-exception" in cells.tags(cell):
            problems.append(
                f"{_where(path, i)}: usa la etiqueta raises-exception (el error guardado pararía «Ejecutar todo»); muestra el error con "
                "`with show_error():` de rukh_helpers"
            )
    problems += predictions.fingerprint_problems(nb, lambda i: _where(path, i))
    return problems


def _zero_point_prediction(cell) -> bool:
    """Una predicción vale 0 puntos por norma del curso (la nota vive en los ejercicios de código)."""
    if cells.nbgrader_meta(cell).get("points") != 0:
        return False
    try:
        return bool(predictions.prediction_checks(cell.source))
    except (SyntaxError, ValueError):
        return False  # una huella mal escrita ya la señala fingerprint_problems


def check_grade_ids(selected: list[Notebook]) -> list[str]:
    seen = Counter()
    where = {}
    for notebook in selected:
        try:
            nb = cells.read(notebook.source)
        except Exception:
            continue  # ya lo informa check_source
        for i, cell in enumerate(nb.cells):
            gid = cells.grade_id(cell)
            if gid:
                seen[gid] += 1
                where.setdefault(gid, []).append(_where(notebook.source, i))
    return [f"grade_id «{gid}» repetido en: {'; '.join(where[gid])}" for gid, n in seen.items() if n > 1]


def _differences(expected, actual, path, compare_outputs: bool) -> list[str]:
    if len(expected.cells) != len(actual.cells):
        return [f"{_where(path)}: tiene {len(actual.cells)} celdas y la construcción da {len(expected.cells)}; ejecuta `make release`"]
    problems = []
    for i, (e, a) in enumerate(zip(expected.cells, actual.cells)):
        same = e.cell_type == a.cell_type and e.source == a.source and e.metadata == a.metadata
        if compare_outputs and e.cell_type == "code":
            same = same and e.outputs == a.outputs
        if not same:
            problems.append(f"{_where(path, i)}: no coincide con lo que construye `make release` (¿editado a mano?)")
    if expected.metadata.get("kernelspec") != actual.metadata.get("kernelspec"):
        problems.append(f"{_where(path)}: metadatos del cuaderno distintos de los de la construcción")
    return problems


def check_generated(selected: list[Notebook]) -> list[str]:
    """release/ y notebooks/ son lo que construye ``make release`` (las salidas de notebooks/ las prueba nbval)."""
    problems = []
    try:
        releases = release_notebooks(selected)
    except Exception as err:
        return [f"no se pudo generar release/: {err}"]
    for notebook in selected:
        for path, build in ((notebook.release, lambda: releases[notebook.slug]), (notebook.worked, lambda: worked_unexecuted(notebook))):
            if not path.exists():
                problems.append(f"{_where(path)}: falta; ejecuta `make release`")
                continue
            try:
                actual = cells.read(path)
                expected = build()
            except Exception as err:
                problems.append(f"{_where(path)}: no se pudo leer o construir: {err}")
                continue
            problems += _differences(expected, actual, path, compare_outputs=path == notebook.release)
            if path == notebook.worked:
                problems += check_worked_outputs(actual, path, cells.read(notebook.source))
            problems += check_links(actual, path)
            if path == notebook.release:
                problems += check_badge(actual, path)
    return problems


def check_worked_outputs(nb, path, source_nb=None) -> list[str]:
    """Un cuaderno resuelto tiene todas sus celdas ejecutadas y ningún error guardado; con su fuente
    (``source_nb``), cada test aprueba como en autograde (``cells.test_failure``, sus tests visibles)."""
    problems = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        if cell.get("execution_count") is None:
            problems.append(f"{_where(path, i)}: celda sin ejecutar; ejecuta `make release`")
        if cells.error_message(cell.outputs) is not None:
            problems.append(
                f"{_where(path, i)}: guarda un error, y «Ejecutar todo» se pararía ahí; envuélvelo en `with show_error():`"
            )
        elif source_nb is not None and i < len(source_nb.cells) and cells.is_graded_test(source_nb.cells[i]):
            failure = cells.test_failure(source_nb.cells[i], cell.outputs)
            if failure:
                problems.append(f"{_where(path, i)}: con la solución, autograde no daría la nota entera a este test: {failure}")
    return problems


MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def check_links(nb, path) -> list[str]:
    """Cada enlace relativo de las celdas de texto lleva a un fichero que existe."""
    problems = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "markdown":
            continue
        for target in MARKDOWN_LINK.findall(cell.source):
            if re.match(r"^([a-z][a-z0-9+.-]*:|#)", target):  # https:, mailto:, anclas de la misma página
                continue
            relative = target.split("#", 1)[0]
            if not (path.parent / relative).exists():
                problems.append(f"{_where(path, i)}: el enlace «{target}» no lleva a ningún fichero")
    return problems


def check_badge(nb, path) -> list[str]:
    """La insignia apunta a este mismo fichero, que existe en el repositorio."""
    match = re.search(r"\]\((https://colab\.research\.google\.com/github/[^)]*)\)", nb.cells[0].source)
    if not match or match.group(1) != render.colab_url(path):
        return [f"{_where(path, 0)}: la insignia de Colab no apunta a {path.relative_to(ROOT)}"]
    return []


def check_strays(selected: list[Notebook]) -> list[str]:
    """Nada en release/ ni notebooks/ que no venga de source/."""
    slugs = {n.slug for n in selected}
    problems = []
    for path in sorted(LAYOUT.step(RELEASE).glob("*")):
        if path.name != "README.md" and path.name not in slugs:
            problems.append(f"{_where(path)}: sobra (no hay source/{path.name}); bórralo o ejecuta `make release`")
    for path in notebooks_in(LAYOUT.worked_dir):
        if notebook_name(path) not in slugs:
            problems.append(f"{_where(path)}: sobra (no hay source/{notebook_name(path)})")
    return problems


def check_catalogues(selected: list[Notebook]) -> list[str]:
    problems = []
    for notebook in selected:
        try:
            nb = cells.read(notebook.source)
        except Exception:
            continue
        if not notebook.catalogue.exists():
            ids = ", ".join(proof.solution_ids(nb))
            problems.append(f"{notebook.slug}: falta el catálogo {notebook.catalogue.relative_to(ROOT)} (ejercicios: {ids})")
            continue
        try:
            catalogue = proof.load_catalogue(notebook.catalogue)
        except Exception as err:
            problems.append(f"{notebook.catalogue.relative_to(ROOT)}: no se puede leer: {err}")
            continue
        lacking = proof.missing_entries(nb, catalogue)
        if lacking:
            problems.append(
                f"{notebook.slug}: menos de {proof.MIN_ENTRIES} respuestas equivocadas para: {', '.join(lacking)}"
            )
        no_lazy = [gid for gid in proof.solution_ids(nb) if not any(proof.is_lazy(r) for r, _ in catalogue.get(gid, []))]
        if no_lazy:
            problems.append(
                f"{notebook.slug}: sin intento del alumno perezoso ({' '.join(proof.LAZY_TAGS)}) para: {', '.join(no_lazy)}"
            )
    return problems


def run_checks(selected: list[Notebook] | None = None) -> list[str]:
    whole_course = selected is None
    selected = selected if selected is not None else notebooks()
    problems = []
    if not selected:
        problems.append("no hay cuadernos en source/")
    for notebook in selected:
        problems += check_source(notebook)
        problems += answer_leaks.check_answer_leaks(notebook)
    problems += check_grade_ids(selected)
    problems += check_catalogues(selected)
    problems += fairness.check_fairness(selected)
    problems += check_strays(notebooks())
    problems += check_generated(selected)
    problems += check_readme()
    problems += given_cells.given_problems(selected)  # la copia del modelo del 18 en el 19
    if whole_course:  # los datos del cuaderno 18 (partidas y checkpoint): unos segundos, solo en la revisión entera
        from ..data import decoder
        from ..data.validate import data_problems

        if decoder.NOTEBOOK.exists():  # un curso sin el cuaderno 18 no usa sus datos
            problems += data_problems()
        problems += rukh_map.map_problems()  # cada construcción de rukh, en el cuaderno que dice el mapa
        problems += rukh_commits.commit_problems()  # un solo commit de rukh por fichero, en todos los sitios
        problems += lint_problems()
    return problems


def lint_problems() -> list[str]:
    """ruff sobre el código del repositorio, con la configuración de pyproject.toml ([tool.ruff])."""
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--quiet", "--output-format=concise", "."],
                            cwd=ROOT, capture_output=True, text=True)
    if result.returncode == 0:
        return []
    if "No module named ruff" in result.stderr:
        return ["ruff no está instalado: ejecuta make check (instala requirements.txt) o pip install ruff"]
    found = [line for line in result.stdout.splitlines() if line.strip()] or [result.stderr.strip()]
    return [f"ruff: {line}" for line in found]


def check_readme() -> list[str]:
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    try:
        expected = render.render_readme(text, notebooks())
    except ValueError:
        return ["README.md: faltan las marcas de la tabla de cuadernos"]
    if expected != text:
        return ["README.md: la tabla de cuadernos no está al día; ejecuta `make release`"]
    return []

