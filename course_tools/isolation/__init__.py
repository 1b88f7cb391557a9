"""Aislamiento de procesos, la capa de abajo: no importa nada más de ``course_tools``.

- ``limits``: ``apply_limits`` (memoria, ficheros, sin volcados y el encierro), la usan el núcleo
  de corrección en frío (es el guion de su kernelspec) y en caliente (``kernels/warm_parent.py``).
- ``sandbox``: el encierro (Landlock, sin red, qué variables del entorno llegan a un núcleo).
- ``reaper``: que nada de lo que arranca un núcleo sobreviva a su trabajo (con psutil).
- ``measure``: la cobertura dentro de los núcleos, solo con ``make test``.
"""
