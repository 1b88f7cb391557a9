"""``LogConfinement``: la línea del encierro en el registro de autograde (nbgrader a secas y el formgrader)."""

import logging

import pytest
from traitlets.config import Config

from course_tools.layout import nbgrader_compat
from course_tools.isolation import sandbox


def _logged(sandbox_on: bool, caplog, monkeypatch) -> list[tuple[int, str]]:
    config = Config()
    config.CourseSettings.sandbox = sandbox_on
    preprocessor = nbgrader_compat.LogConfinement(config=config)
    monkeypatch.setattr(preprocessor.log, "propagate", True)
    with caplog.at_level(logging.INFO, logger=preprocessor.log.name):
        preprocessor.preprocess({}, {})
    return [(r.levelno, r.getMessage()) for r in caplog.records]


@pytest.fixture
def fresh_probe():
    nbgrader_compat.confinement_line.cache_clear()
    yield
    nbgrader_compat.confinement_line.cache_clear()


def test_a_machine_that_confines_says_so(fresh_probe, monkeypatch, caplog):
    monkeypatch.setattr(sandbox, "weaknesses", lambda: [])
    assert _logged(True, caplog, monkeypatch) == [(logging.INFO, nbgrader_compat.CONFINED_LINE)]


def test_a_missing_protection_is_a_warning_with_make_grades_line(fresh_probe, monkeypatch, caplog):
    monkeypatch.setattr(sandbox, "weaknesses", lambda: ["red: UDP llega a 127.0.0.1"])
    [(level, line)] = _logged(True, caplog, monkeypatch)
    assert level == logging.WARNING and line == sandbox.warning_line(["red: UDP llega a 127.0.0.1"])


def test_a_sandbox_switched_off_is_never_called_complete(fresh_probe, monkeypatch, caplog):
    monkeypatch.setattr(sandbox, "weaknesses", lambda: [])
    assert _logged(False, caplog, monkeypatch) == [(logging.WARNING, nbgrader_compat.UNCONFINED_LINE)]


def test_only_log_confinement_is_built_on_demand():
    with pytest.raises(AttributeError):
        nbgrader_compat.NoSuchThing  # noqa: B018
