"""Herramientas del profesorado: construir, comprobar y corregir el curso.

Nunca las importa un cuaderno; los cuadernos solo importan ``rukh_helpers``.

El árbol cuenta la arquitectura: cada carpeta es una capa (solo los ajustes, el fichero de abajo del todo, las
etapas de ``make test``, que solo usan la biblioteca estándar, y las órdenes, ``__main__``, arriba del todo, son
un módulo suelto). ``LAYERS``, aquí debajo, es el único sitio del orden, de abajo arriba:

- ``settings.py``: los ajustes del curso (``c.CourseSettings`` de ``nbgrader_config.py``);
- ``isolation/``: límites del sistema, encierro y procesos huérfanos de un núcleo;
- ``kernels/``: núcleos calientes, los kernelspecs del curso y cómo se ejecuta un cuaderno;
- ``layout/``: la disposición del curso en disco y lo que el curso cambia de nbgrader;
- ``stages.py``: las etapas cronometradas de ``make test`` (también la instalación, con el Python del sistema);
- ``rules/``: qué es cada celda y cómo se pinta un cuaderno para el alumno;
- ``data/``: los datos del cuaderno 18 y cómo se fabrican;
- ``readings/``: lo que se lee del código de los cuadernos sin ejecutarlo;
- ``publish/``: ``release/`` y ``notebooks/``, y el trabajo del autor;
- ``learner/``: ``make progreso``, ``make lab`` y la barra de progreso;
- ``audits/``: la prueba de respuestas equivocadas, los ejercicios justos y ``make check``;
- ``grading/``: ``make grade`` y sus ejecutores;
- ``hub/``: ``make hub``, la clase en un servidor con JupyterHub, y el alta de alumnos;
- ``__main__.py``: las órdenes que llama el Makefile.

Cada módulo solo importa de su capa o de las de debajo (también con ``importlib`` y, en ``nbgrader_config.py``,
nombrando un preprocesador por su nombre); la prueba de las capas lo comprueba, y falla si aparece un módulo que
no está en ninguna.
"""

# (nombre, qué hay, módulos o paquetes de la capa), de abajo arriba.
LAYERS = (
    ("ajustes", "los ajustes del curso (c.CourseSettings de nbgrader_config.py)",
     ("course_tools.settings",)),
    ("aislamiento", "límites del sistema, encierro y procesos huérfanos de un núcleo",
     ("course_tools.isolation",)),
    ("núcleos", "núcleos calientes, los kernelspecs del curso y cómo se ejecuta un cuaderno",
     ("course_tools.kernels",)),
    ("disposición", "la disposición del curso en disco y lo que el curso cambia de nbgrader",
     ("course_tools.layout",)),
    ("etapas", "las etapas cronometradas de make test, con la biblioteca estándar (también la instalación)",
     ("course_tools.stages",)),
    ("reglas", "qué es cada celda (solución, test, hueco, predicción) y cómo se pinta un cuaderno para el alumno",
     ("course_tools.rules",)),
    ("datos", "los datos del cuaderno 18 y cómo se fabrican",
     ("course_tools.data",)),
    ("lecturas", "lo que se lee del código de los cuadernos sin ejecutarlo",
     ("course_tools.readings",)),
    ("construcción", "release/ y notebooks/, y el trabajo del autor",
     ("course_tools.publish",)),
    ("alumno", "make progreso, make lab y la barra de progreso",
     ("course_tools.learner",)),
    ("prueba y auditorías", "la prueba de respuestas equivocadas, ejercicios justos y make check",
     ("course_tools.audits",)),
    ("corrección", "make grade y sus ejecutores",
     ("course_tools.grading",)),
    ("hub", "make hub: la clase en un servidor con JupyterHub, y el alta de alumnos",
     ("course_tools.hub",)),
    ("órdenes", "las órdenes que llama el Makefile",
     ("course_tools.__main__",)),
    ("configuración", "nbgrader_config.py: nombra los preprocesadores del curso (sin importarlos)",
     ("nbgrader_config",)),
)
