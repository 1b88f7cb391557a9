"""Catálogos de respuestas equivocadas plausibles, uno por cuaderno: datos del curso.

``nbNN_slug.py`` define ``WRONG_ANSWERS = {grade_id: [(motivo, celda completa), ...]}``. La prueba de
respuestas equivocadas (``make test``) comprueba que los tests de cada ejercicio las rechazan todas.
``edits`` escribe una respuesta como unos pocos cambios sobre la solución del cuaderno.
"""
