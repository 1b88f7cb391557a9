"""El registro de defensas (``grading/defences.py``) es el único sitio de cada defensa: de él salen las cadenas de
``nbgrader_config.py``, el mapa de errores del trabajador y la tabla de problemas, y el README tiene su línea."""

from __future__ import annotations

import dataclasses
import re

from nbconvert.preprocessors import Preprocessor
from nbgrader.converters import Autograde, GenerateFeedback
from nbformat.v4 import new_output
from traitlets.utils.importstring import import_item

from course_tools.layout.course import ROOT
from course_tools.grading import defences, model, worker
from course_tools.grading.defences import DEFENCES, Defence
from course_tools.settings import repository_config

CONFIG_CHAINS = {"sanitize": ("Autograde", "sanitize_preprocessors"), "autograde": ("Autograde", "autograde_preprocessors"),
                 "feedback": ("GenerateFeedback", "preprocessors")}


def _name(cls) -> str:
    return f"{cls.__module__.split('.')[0]}.preprocessors.{cls.__name__}"


def test_the_base_chains_are_nbgraders_as_it_comes():
    for name, (app, trait) in CONFIG_CHAINS.items():
        cls = {"Autograde": Autograde, "GenerateFeedback": GenerateFeedback}[app]
        assert tuple(_name(c) for c in cls.class_traits()[trait].default()) == defences.NBGRADER_CHAINS[name], name


def test_nbgrader_config_lists_the_chains_the_registry_gives():
    config = repository_config()
    for name, (app, trait) in CONFIG_CHAINS.items():
        expected = defences.chain(name)
        assert config[app][trait] == expected, f"en nbgrader_config.py, c.{app}.{trait} = {expected!r}"
        for preprocessor in expected:
            assert issubclass(import_item(preprocessor), Preprocessor), preprocessor


def test_the_worker_map_and_the_problem_table_come_from_the_registry():
    assert worker.ERROR_PROBLEMS == defences.error_problems()
    assert worker.MARK_PROBLEMS == defences.mark_problems()
    for code, entry in defences.problem_table().items():
        assert model.PROBLEMS[code] == entry
    assert {"timeout", "out-of-memory", "dead-kernel", "tampering", "sandbox-denied"} <= set(worker.ERROR_PROBLEMS.values())


def test_every_defence_has_its_line_in_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for defence in DEFENCES:
        assert re.search(r"^\s*- \*\*" + re.escape(defence.readme) + r"\*\*", readme, re.M), defence.readme


def test_a_toy_defence_touches_only_the_registry():
    """Una defensa nueva: su entrada basta para que la cadena, el mapa de errores y la tabla la tengan."""
    toy = Defence("toy-defence", defences.WARNING, "defensa de juguete: {detail}", "Juguete.",
                  (("autograde", "after:nbgrader.preprocessors.IgnorePattern", "tests.unit.ToyPreprocessor"),
                   ("sanitize", "end", "tests.unit.ToySanitizer")),
                  enames=("ErrorDeJuguete",), marks=("marca de juguete",))
    registry = (*DEFENCES, toy)
    autograde = defences.chain("autograde", registry)
    assert autograde[autograde.index("nbgrader.preprocessors.IgnorePattern") + 1] == "tests.unit.ToyPreprocessor"
    assert defences.chain("sanitize", registry)[-1] == "tests.unit.ToySanitizer"
    assert defences.chain("feedback", registry) == defences.chain("feedback")
    assert defences.error_problems(registry)["ErrorDeJuguete"] == "toy-defence"
    assert defences.mark_problems(registry)["marca de juguete"] == "toy-defence"
    assert defences.problem_table(registry)["toy-defence"] == (defences.WARNING, "defensa de juguete: {detail}")
    assert "ErrorDeJuguete" not in defences.error_problems()  # el registro de verdad no cambia


def test_an_anchor_that_is_not_in_the_chain_is_an_error():
    lost = dataclasses.replace(DEFENCES[0], preprocessors=(("autograde", "after:no.Existe", "x.Y"),))
    try:
        defences.chain("autograde", (lost,))
    except ValueError as error:
        assert "no.Existe" in str(error)
    else:
        raise AssertionError("un ancla que no está debe fallar")


def test_a_timeout_without_detail_reads_as_before():
    assert model.problem("timeout").message == "tiempo agotado"
    assert worker.problems_in({}) == []
    assert new_output("error", ename="x", evalue="y", traceback=[]).ename == "x"
