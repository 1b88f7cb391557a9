"""course.py: la regla de la libreta de notas, las carpetas, la configuración y la API de nbgrader."""

from __future__ import annotations

import os

import nbgrader.api
import pytest

from course_tools.course import ROOT, Course
from course_tools.kernels.execution import CELL_TIMEOUT
from course_tools import nbgrader_compat

POSTGRES = "postgresql://profe@127.0.0.1:5432/notas"
GRADEBOOK_ENV = "COURSE_GRADEBOOK_URL"  # la lee solo nbgrader_config.py (ajuste CourseSettings.gradebook_url)
FILE_TIMEOUT = CELL_TIMEOUT  # el límite por celda de todo el curso: nbgrader_config.py lo lee de ahí


@pytest.fixture
def no_env(monkeypatch):
    monkeypatch.delenv(GRADEBOOK_ENV, raising=False)


def test_gradebook_url_defaults_to_sqlite_under_the_root(tmp_path, no_env):
    assert GRADEBOOK_ENV == "COURSE_GRADEBOOK_URL"
    assert Course(tmp_path).gradebook_url == f"sqlite:///{tmp_path}/gradebook.db"
    assert Course(str(tmp_path)).gradebook_url == f"sqlite:///{tmp_path}/gradebook.db"
    assert Course().gradebook_url == f"sqlite:///{ROOT}/gradebook.db"


def test_gradebook_url_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(GRADEBOOK_ENV, POSTGRES)
    assert Course(tmp_path).gradebook_url == POSTGRES


def test_an_explicit_gradebook_url_wins_over_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(GRADEBOOK_ENV, POSTGRES)
    assert Course(tmp_path, "sqlite:///otra.db").gradebook_url == "sqlite:///otra.db"


def test_an_empty_environment_variable_counts_as_unset(tmp_path, monkeypatch):
    monkeypatch.setenv(GRADEBOOK_ENV, "")
    assert Course(tmp_path).gradebook_url == f"sqlite:///{tmp_path}/gradebook.db"


def test_the_rule_is_read_when_asked_not_when_built(tmp_path, monkeypatch, no_env):
    course = Course(tmp_path)
    monkeypatch.setenv(GRADEBOOK_ENV, POSTGRES)
    assert course.gradebook_url == POSTGRES


def test_folders_hang_from_the_root(tmp_path):
    course = Course(tmp_path)
    assert course.folder("submitted") == tmp_path / "submitted"
    assert course.folder("autograded", "ana", "99-demo") == tmp_path / "autograded" / "ana" / "99-demo"
    assert course.report_dir == tmp_path / "autograded" / "informe"
    assert not (tmp_path / "submitted").exists()  # pedir una ruta no crea nada
    assert Course().folder("source") == ROOT / "source"


def test_course_is_a_frozen_value(tmp_path):
    assert Course(tmp_path) == Course(tmp_path)
    with pytest.raises(AttributeError):
        Course(tmp_path).root = ROOT


def test_nbgrader_config_is_the_courses_file_for_this_root(tmp_path, no_env):
    before = dict(os.environ)
    config = Course(tmp_path).nbgrader_config()
    assert config.CourseDirectory.root == str(tmp_path)
    assert config.CourseDirectory.db_url == f"sqlite:///{tmp_path}/gradebook.db"
    assert config.CourseDirectory.course_id == "pytorch-minimo"  # viene de nbgrader_config.py
    assert config.Execute.timeout == FILE_TIMEOUT
    assert config.ClearSolutions.code_stub["python"].startswith("# ESCRIBE AQUÍ TU CÓDIGO")
    assert dict(os.environ) == before


def test_nbgrader_config_honours_the_rule_and_a_timeout(tmp_path, monkeypatch):
    monkeypatch.setenv(GRADEBOOK_ENV, POSTGRES)
    assert Course(tmp_path).nbgrader_config(settings={"cell_timeout": 7}).CourseDirectory.db_url == POSTGRES
    config = Course(tmp_path, "sqlite:///x.db").nbgrader_config(settings={"cell_timeout": FILE_TIMEOUT + 1})
    assert config.CourseDirectory.db_url == "sqlite:///x.db"
    assert config.Execute.timeout == FILE_TIMEOUT + 1


def test_api_uses_this_course_and_the_course_chains(tmp_path, no_env):
    from traitlets.utils.importstring import import_item

    from course_tools.grading.guard import GuardedExecute

    before = dict(os.environ)
    api = Course(tmp_path, "sqlite:///libreta.db").api(settings={"cell_timeout": 9})
    assert api.coursedir.root == str(tmp_path)
    assert api.coursedir.db_url == "sqlite:///libreta.db"
    assert api.config.Execute.timeout == 9
    assert import_item(api.config.Autograde.autograde_preprocessors[0]) is GuardedExecute  # de nbgrader_config.py
    assert nbgrader.api.get_alembic_version is nbgrader_compat.alembic_head
    assert dict(os.environ) == before
    assert not tmp_path.joinpath("submitted").exists()


def test_api_without_options_keeps_the_files_timeout(tmp_path, no_env):
    api = Course(tmp_path).api()
    assert api.config.Execute.timeout == FILE_TIMEOUT != 9
    assert api.coursedir.db_url == f"sqlite:///{tmp_path}/gradebook.db"


def test_a_test_cell_passes_only_as_autograde_would_grade_it():
    """La regla de la prueba y de make progreso es la de autograde: stderr (salvo los avisos que ignora el curso) y un número como resultado cuentan."""
    from nbformat.v4 import new_code_cell, new_output

    from course_tools import cells

    cell = new_code_cell("check()", metadata={"nbgrader": {"grade": True, "solution": False, "points": 2,
                                                            "grade_id": "t", "locked": True}})
    ok = [new_output("stream", name="stdout", text="¡Bien!\n")]
    assert cells.test_failure(cell, ok) is None
    assert cells.test_failure(cell, ok + [new_output("error", ename="CheckFailed", evalue="mal", traceback=[])]) \
        == "CheckFailed: mal"
    stderr = cells.test_failure(cell, ok + [new_output("stream", name="stderr", text="aviso: cuidado\n")])
    assert stderr.startswith("escribió en stderr") and "cuidado" in stderr
    # IgnorePattern del curso (c.IgnorePattern.pattern = "Warning") quita los avisos antes de puntuar
    assert cells.test_failure(cell, ok + [new_output("stream", name="stderr", text="UserWarning: cuidado\n")]) is None
    partial = new_output("execute_result", data={"text/plain": "1.5"}, execution_count=1)
    assert "1.5 de 2 puntos" in cells.test_failure(cell, ok + [partial])
    too_much = new_output("execute_result", data={"text/plain": "3.04"}, execution_count=1)
    assert cells.test_failure(cell, ok + [too_much]).startswith("nbgrader no puede puntuarla")
