"""El intercambio no publica el 19 hasta que se recoja el 18 (su celda dada trae las soluciones del 18)."""

from __future__ import annotations

import nbformat
from nbgrader.apps import NbGraderAPI

from course_tools.layout.course import RELEASE, SUBMITTED, Course, notebook_file
from course_tools.settings import repository_config

LATER, FIRST, OTHER = "19-rukh-juega", "18-decoder", "03-tensores"


def _api(root, exchange):
    config = repository_config()  # la del curso: su ExchangeFactory y su release_after
    config.CourseDirectory.root = str(root)
    config.Exchange.root = str(exchange)
    return NbGraderAPI(config=config)


def _notebook(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("hola")]), str(path))


def test_the_exchange_releases_19_only_after_18_is_collected(tmp_path):
    root, exchange = tmp_path / "curso", tmp_path / "intercambio"
    layout = Course(root).layout
    for slug in (LATER, OTHER):
        _notebook(layout.notebook(RELEASE, slug))
    api = _api(root, exchange)

    refused = api.release_assignment(LATER)
    assert not refused["success"]
    said = refused["error"] + refused["log"]
    assert f"«{LATER}» no se publica todavía" in said and f"Recoge antes {FIRST}" in said, said
    assert not (exchange / api.coursedir.course_id / "outbound" / LATER).exists()

    assert api.release_assignment(OTHER)["success"]  # las demás tareas se publican como siempre

    _notebook(layout.notebook(SUBMITTED, FIRST, "ana"))  # recogido el 18 de una alumna
    released = api.release_assignment(LATER)
    assert released["success"], released["log"]
    assert (exchange / api.coursedir.course_id / "outbound" / LATER / notebook_file(LATER)).exists()


def test_a_class_without_the_rule_releases_19_at_once(tmp_path):
    root, exchange = tmp_path / "curso", tmp_path / "intercambio"
    _notebook(Course(root).layout.notebook(RELEASE, LATER))
    api = _api(root, exchange)
    api.config.CourseSettings.release_after = {}
    api = NbGraderAPI(config=api.config)
    assert api.release_assignment(LATER)["success"]
