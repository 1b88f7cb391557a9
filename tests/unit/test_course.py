"""course.py: la regla de la libreta de notas, las carpetas, la configuración y la API de nbgrader."""

from __future__ import annotations

import os

import nbgrader.api
import pytest

from course_tools.layout.course import AUTOGRADED, FEEDBACK, RELEASE, ROOT, SOURCE, SUBMITTED, Course, CourseLayout, notebook_file, notebook_name
from course_tools.kernels.execution import CELL_TIMEOUT
from course_tools.layout import nbgrader_compat

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
    """La disposición de un curso, escrita aquí a mano una vez: es la especificación de ``CourseLayout``."""
    layout = Course(tmp_path).layout
    assert layout.step(SUBMITTED) == tmp_path / "submitted"
    assert layout.assignment(AUTOGRADED, "99-demo", "ana") == tmp_path / "autograded" / "ana" / "99-demo"
    assert layout.assignment(SOURCE, "99-demo") == tmp_path / "source" / "99-demo"
    assert layout.notebook(RELEASE, "99-demo") == tmp_path / "release" / "99-demo" / "99-demo.ipynb"
    assert layout.notebook(FEEDBACK, "99-demo", "ana").parent == tmp_path / "feedback" / "ana" / "99-demo"
    assert layout.report_dir == tmp_path / "autograded" / "informe"
    assert layout.worked("99-demo") == tmp_path / "notebooks" / "99-demo.ipynb"
    assert layout.catalogue("99-demo") == tmp_path / "catalogues" / "nb99_demo.py"
    assert layout.gradebook == tmp_path / "gradebook.db"
    assert not (tmp_path / "submitted").exists()  # pedir una ruta no crea nada
    assert Course().layout.step(SOURCE) == ROOT / "source"
    assert Course().layout is Course(ROOT).layout  # la del repositorio, una sola


def test_the_layout_follows_the_coursedirectory_settings(tmp_path, monkeypatch):
    """Los nombres de los pasos y la estructura son los del CourseDirectory de nbgrader_config.py."""
    import course_tools.settings as settings

    original = settings.repository_config

    def renamed():
        config = original()
        config.CourseDirectory.submitted_directory = "entregas"
        config.CourseDirectory.directory_structure = "{nbgrader_step}/{assignment_id}/{student_id}"
        return config

    monkeypatch.setattr(settings, "repository_config", renamed)
    layout = CourseLayout(tmp_path)
    assert layout.assignment(SUBMITTED, "99-demo", "ana") == tmp_path / "entregas" / "99-demo" / "ana"
    (tmp_path / "entregas" / "99-demo" / "ana").mkdir(parents=True)
    assert [(s, a) for s, a, _ in layout.entries(SUBMITTED)] == [("ana", "99-demo")]


def test_entries_are_what_nbgrader_would_glob(tmp_path):
    layout = CourseLayout(tmp_path)
    assert layout.entries(SUBMITTED) == []  # sin submitted/: nada
    for rel in ("bea/02-b/02-b.ipynb", "ana/01-a/01-a.ipynb", "ana/notas.txt", ".oculto/01-a/x", "ana/.git/x",
                "carla/01-a/.ipynb_checkpoints/x"):
        (tmp_path / "submitted" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "submitted" / rel).write_text("x")
    (tmp_path / "submitted" / "suelto.ipynb").write_text("x")
    found = layout.entries(SUBMITTED)
    assert [(s, a) for s, a, _ in found] == [("ana", "01-a"), ("ana", "notas.txt"), ("bea", "02-b"), ("carla", "01-a")]
    assert found[1][2] == tmp_path / "submitted" / "ana" / "notas.txt"
    (tmp_path / "autograded" / "ana" / "01-a").mkdir(parents=True)  # sin cuaderno: no cuenta
    (tmp_path / "autograded" / "bea" / "02-b").mkdir(parents=True)
    (tmp_path / "autograded" / "bea" / "02-b" / "02-b.ipynb").write_text("{}")
    assert layout.graded_notebooks() == [("bea", "02-b")]


def test_a_layout_can_use_the_coursedirectory_of_an_api(tmp_path, no_env):
    api = Course(tmp_path).api()
    layout = CourseLayout(tmp_path, api.coursedir)
    assert layout.coursedir is api.coursedir
    assert layout.assignment(SUBMITTED, "99-demo", "ana") == tmp_path / "submitted" / "ana" / "99-demo"


def test_notebook_names():
    assert notebook_file("01-a") == "01-a.ipynb"
    assert notebook_name("x/01-a.ipynb") == "01-a" and notebook_name("01-a.py") is None


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

    from course_tools.rules import cells

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
