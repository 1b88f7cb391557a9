"""Núcleos calientes: un padre con ipykernel, torch y numpy ya importados da a luz cada núcleo por
``fork``, en vez de arrancar un Python nuevo e importar torch otra vez para cada cuaderno.

- ``execution``: cómo se ejecuta un cuaderno en cualquier orden del curso (``notebook_client``,
  ``kernel_env``, ``CELL_TIMEOUT``);
- ``spec``: los dos kernelspecs del curso (``curso-caliente`` y ``curso-correccion``, en ``share/``,
  escritos por ``kernelspec``) y cómo se encuentran (``kernel_manager``, ``jupyter_path``).
- ``provisioner``: el proveedor de jupyter_client (``course-warm``), con vuelta al arranque normal.
- ``pool``: los padres calientes de cada proceso; ``warm_parent``: el padre; ``child``: lo que hace
  el hijo antes de ser núcleo; ``protocol``: lo que se dicen.
- ``bench``: arranque en frío frente a en caliente.

Está sobre ``course_tools/isolation`` (límites, encierro, procesos huérfanos) y no importa nada de
más arriba. Importar este paquete no arranca nada ni cambia el entorno.
"""
