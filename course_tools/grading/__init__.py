"""Corrección con nbgrader: ``make grade``, ``make feedback`` y ``make bench``.

El recorrido de una entrega, módulo a módulo: ``collect`` (submitted/, la descarga de Moodle),
``model`` (trabajos, resultados y problemas), ``worker`` (corrige un trabajo en un curso
propio), ``executor`` (los trabajos en un grupo de procesos local o en Dask), ``gradebook``
(todas las lecturas y escrituras de la libreta), ``guard`` y ``kernel_limits`` (defensas),
``report`` y ``moodle`` (lo que se entrega al profesorado) y ``bench`` (medidas).
"""
