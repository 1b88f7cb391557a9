"""Herramientas del profesorado: construir, comprobar y corregir el curso.

Nunca las importa un cuaderno; los cuadernos solo importan ``rukh_helpers``.

Van por capas, de abajo arriba: ``LAYERS``, aquí debajo, es el único sitio del orden. Cada módulo
está en una capa y solo importa de la suya o de las de debajo (también con ``importlib`` y, en
``nbgrader_config.py``, nombrando un preprocesador por su nombre); la prueba de las capas lo
comprueba, y falla si aparece un módulo que no está en ninguna.
"""

# (nombre, qué hay, módulos o paquetes de la capa), de abajo arriba.
LAYERS = (
    ("ajustes", "los ajustes del curso (c.CourseSettings de nbgrader_config.py)",
     ("course_tools.settings",)),
    ("aislamiento", "límites del sistema, encierro y procesos huérfanos de un núcleo",
     ("course_tools.isolation",)),
    ("núcleos", "núcleos calientes, los kernelspecs del curso y cómo se ejecuta un cuaderno",
     ("course_tools.kernels",)),
    ("nbgrader", "lo que el curso cambia de nbgrader",
     ("course_tools.nbgrader_compat",)),
    ("disposición", "la disposición del curso en disco",
     ("course_tools.course",)),
    ("reglas", "qué es cada celda (solución, test, hueco, predicción) y cómo se pinta un cuaderno para el alumno",
     ("course_tools.cells", "course_tools.predictions", "course_tools.render")),
    ("lecturas y datos", "lo que se lee del código de los cuadernos sin ejecutarlo, y los datos del cuaderno 18",
     ("course_tools.ingredients", "course_tools.visible_tests", "course_tools.answer_leaks",
      "course_tools.given_cells", "course_tools.rukh_map", "course_tools.fairness_exceptions",
      "course_tools.proof_static", "course_tools.proof_report", "course_tools.proof_snapshot",
      "course_tools.progress_bar", "course_tools.data")),
    ("construcción", "release/ y notebooks/, el trabajo del autor, make progreso y make lab",
     ("course_tools.build", "course_tools.release_preprocessors", "course_tools.authoring",
      "course_tools.progress", "course_tools.lab")),
    ("prueba y auditorías", "la prueba de respuestas equivocadas, ejercicios justos y make check",
     ("course_tools.proof", "course_tools.proof_execution", "course_tools.fairness", "course_tools.checks")),
    ("corrección", "make grade y sus ejecutores",
     ("course_tools.grading",)),
    ("órdenes", "las órdenes que llama el Makefile",
     ("course_tools.__main__",)),
    ("configuración", "nbgrader_config.py: nombra los preprocesadores del curso (sin importarlos)",
     ("nbgrader_config",)),
)
