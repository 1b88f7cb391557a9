"""Los dos pasos del curso dentro de ``nbgrader generate_assignment``, registrados en ``nbgrader_config.py``.

``register(config)`` pone la cadena de nbgrader con un paso delante y otro detrás, así que ``make release``
y ``nbgrader generate_assignment NN-slug --force`` a secas dan el mismo release/:

* ``LearnerLinks``, el primero: la insignia de Colab hacia release/, la línea de instalación, «Viene de» y
  «Siguiente» y los enlaces al glosario (``render.render_notebook``). Va antes de las sumas de control de
  nbgrader, que así cubren el texto que ve el alumno.
* ``PredictionStubs``, el último: el hueco de cada predicción con sus variables
  (``predictions.add_prediction_stubs``). Va detrás de ``ComputeChecksums`` y ``SaveCells``: la libreta y
  las sumas de control guardan el hueco de código de nbgrader, y nbgrader no puntúa las celdas de solución.

Este módulo se importa cada vez que nbgrader lee su configuración, también al corregir: solo importa lo
ligero (nbgrader, el orden de los cuadernos y las reglas de las celdas).
"""

from __future__ import annotations

from nbgrader.converters import GenerateAssignment
from nbgrader.preprocessors import NbGraderPreprocessor

from . import predictions, render
from .course import Notebook


class LearnerLinks(NbGraderPreprocessor):
    """Insignia, instalación, navegación y glosario del cuaderno de alumno (``render.render_notebook``)."""

    def preprocess(self, nb, resources):
        notebook = Notebook(resources["nbgrader"]["notebook"])
        render.render_notebook(nb, notebook, notebook.release, flat=False)
        return nb, resources


class PredictionStubs(NbGraderPreprocessor):
    """El hueco de cada predicción con sus variables (``predictions.add_prediction_stubs``)."""

    def preprocess(self, nb, resources):
        predictions.add_prediction_stubs(nb)
        return nb, resources


def register(config) -> None:
    """La cadena de ``generate_assignment`` del curso en ``config``: la de nbgrader entre los dos pasos."""
    nbgrader_chain = GenerateAssignment.class_traits()["preprocessors"].default()
    config.GenerateAssignment.preprocessors = [LearnerLinks, *nbgrader_chain, PredictionStubs]
