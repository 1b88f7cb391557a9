"""Los dos pasos del curso dentro de ``nbgrader generate_assignment``.

``nbgrader_config.py`` los nombra (por su nombre, sin importar este módulo) delante y detrás de la cadena de
nbgrader, así que ``make release`` y ``nbgrader generate_assignment NN-slug --force`` a secas dan el mismo
release/:

* ``LearnerLinks``, el primero: la insignia de Colab hacia release/, la línea de instalación, «Viene de» y
  «Siguiente» y los enlaces al glosario (``render.render_notebook``). Va antes de las sumas de control de
  nbgrader, que así cubren el texto que ve el alumno.
* ``PredictionStubs``, el último: el hueco de cada predicción con sus variables
  (``predictions.add_prediction_stubs``). Va detrás de ``ComputeChecksums`` y ``SaveCells``: la libreta y
  las sumas de control guardan el hueco de código de nbgrader, y nbgrader no puntúa las celdas de solución.

nbconvert importa este módulo solo cuando genera una versión de alumno, no al leer la configuración.
"""

from __future__ import annotations

from nbgrader.preprocessors import NbGraderPreprocessor

from ..rules import predictions, render
from ..layout.course import Notebook


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

