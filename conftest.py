"""Ajustes de nbval para los cuadernos resueltos (notebooks/): están en course_tools/layout/nbgrader_compat.py."""

from course_tools.layout.nbgrader_compat import nbval_ignore_stderr, nbval_short_output_wait


def pytest_collectstart(collector):
    nbval_ignore_stderr(collector)


def pytest_collection_modifyitems(items):
    nbval_short_output_wait(items)
