"""Herramientas del profesorado: construir, comprobar y corregir el curso.

Nunca las importa un cuaderno; los cuadernos solo importan ``rukh_helpers``.

Por capas, de abajo arriba (cada una solo importa de las de debajo; lo prueba
``tests/unit/test_layers.py``, que tiene el orden):

0. ``settings``: los ajustes del curso (``c.CourseSettings`` de ``nbgrader_config.py``);
1. ``isolation/``: límites del sistema, encierro y procesos huérfanos de un núcleo;
2. ``kernels/``: núcleos calientes, los kernelspecs del curso y cómo se ejecuta un cuaderno;
3. ``nbgrader_compat``: lo que el curso cambia de nbgrader;
4. ``course``: la disposición del curso en disco;
5. el curso: reglas de celdas, construcción (``build``), prueba de respuestas equivocadas
   (``proof``), comprobaciones (``checks``), ``make progreso``, ``make lab``...;
6. ``grading/``: la corrección;
7. ``__main__``: las órdenes que llama el Makefile.
"""
