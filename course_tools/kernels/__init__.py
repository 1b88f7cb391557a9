"""Núcleos calientes: un padre con ipykernel, torch y numpy ya importados da a luz cada núcleo por
``fork``, en vez de arrancar un Python nuevo e importar torch otra vez para cada cuaderno.

- ``spec``: el kernelspec que elige el proveedor (``warm_kernelspec``, ``kernel_manager``,
  ``jupyter_path``); es lo que usa quien ejecuta cuadernos.
- ``provisioner``: el proveedor de jupyter_client (``course-warm``), con vuelta al arranque normal.
- ``pool``: los padres calientes de cada proceso; ``warm_parent``: el padre; ``child``: lo que hace
  el hijo antes de ser núcleo; ``protocol``: lo que se dicen.
- ``bench``: arranque en frío frente a en caliente.

Importar este paquete no arranca nada ni cambia el entorno.
"""
