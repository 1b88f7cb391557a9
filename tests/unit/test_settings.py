"""Los ajustes del curso en un solo sitio: ``c.CourseSettings`` en ``nbgrader_config.py``, que no importa nada del
curso, con la release de nbgrader nombrada por cadenas."""

from __future__ import annotations

import copy

import pytest
from nbgrader.converters import GenerateAssignment
from traitlets.utils.importstring import import_item

from course_tools.publish import release_preprocessors
from course_tools.layout.course import Course
from course_tools.settings import CourseSettings, course_settings, override, repository_config


def test_every_setting_has_its_help_and_is_set_in_nbgrader_config():
    names = CourseSettings.class_trait_names(config=True)
    assert set(names) >= {"cell_timeout", "notebook_timeout", "memory_mb", "output_max_bytes",
                          "notebook_output_max_bytes", "sandbox", "gradebook_url"}
    for name in names:
        assert len(CourseSettings.class_traits()[name].help) > 40, name  # qué es y por qué ese valor
    configured = repository_config().CourseSettings
    assert set(configured) == set(names)  # cada uno, escrito en el fichero: el profesorado los ve todos


def test_the_files_values_reach_nbgrader_and_the_execution_of_every_notebook(tmp_path):
    from course_tools.kernels.execution import CELL_TIMEOUT

    settings = course_settings()
    assert CELL_TIMEOUT == settings.cell_timeout == Course(tmp_path).nbgrader_config().Execute.timeout
    assert settings.notebook_timeout > settings.cell_timeout
    assert settings.output_max_bytes < settings.notebook_output_max_bytes


def test_a_round_can_change_a_setting_but_not_invent_one():
    config = copy.deepcopy(repository_config())
    override(config, {"cell_timeout": 3, "sandbox": False})
    assert course_settings(config).cell_timeout == 3 and not course_settings(config).sandbox
    assert course_settings().cell_timeout != 3  # el del fichero no cambia
    with pytest.raises(ValueError, match="no es un ajuste del curso"):
        override(config, {"cell_timeot": 3})


def test_the_release_chain_is_nbgraders_between_the_two_course_steps_by_name():
    chain = repository_config().GenerateAssignment.preprocessors
    assert all(isinstance(name, str) for name in chain)
    nbgrader_chain = GenerateAssignment.class_traits()["preprocessors"].default()
    assert [import_item(name) for name in chain] == [release_preprocessors.LearnerLinks, *nbgrader_chain,
                                                     release_preprocessors.PredictionStubs]


def test_the_gradebook_url_comes_from_the_environment_through_the_file(monkeypatch, tmp_path):
    monkeypatch.setenv("COURSE_GRADEBOOK_URL", "postgresql://profe@127.0.0.1:5432/notas")
    assert course_settings().gradebook_url == Course(tmp_path).gradebook_url == "postgresql://profe@127.0.0.1:5432/notas"
    monkeypatch.delenv("COURSE_GRADEBOOK_URL")
    assert course_settings().gradebook_url == ""


def test_the_readme_gives_the_defaults_once_and_as_the_file_sets_them():
    import re

    from course_tools.layout.course import ROOT

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.count("3 GiB") == 1 and "COURSE_MEMORY_LIMIT_MB" not in readme
    found = re.search(r"Por defecto: (\d+) s por celda, (\d+) s por cuaderno, (\d+) GiB de memoria, (\d+) MiB por "
                      r"salida y (\d+) MiB por cuaderno\.", readme)
    assert found, "falta la línea de los ajustes por defecto en el README"
    settings = course_settings()
    assert [int(n) for n in found.groups()] == [settings.cell_timeout, settings.notebook_timeout, settings.memory_mb // 1024,
                                                settings.output_max_bytes >> 20, settings.notebook_output_max_bytes >> 20]
