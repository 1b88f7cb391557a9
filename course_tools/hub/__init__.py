"""``make hub``: la clase en un servidor con JupyterHub (su configuración, en ``hub/jupyterhub_config.py``).

- ``accounts``: los grupos del hub (``alumnos``, ``profesorado``) y el alta de alumnos desde un CSV;
- ``auth``: la entrada con los usuarios de Unix (PAM) y qué servidor recibe cada uno;
- ``serve``: las comprobaciones antes de arrancar y el arranque como root;
- ``__main__``: ``python -m course_tools.hub serve|alta``.
"""
