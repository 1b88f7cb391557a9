"""Soluciones honradas e independientes de los ejercicios de código, para calibrar el informe de parecidos.

Cada ``nbNN_slug.py`` tiene ``SETS``: cinco juegos escritos a mano y por separado, como los escribirían
cinco alumnos distintos (otros nombres, otro orden, otros caminos correctos), sin mirar la clase de prueba
ni ajustarlos a ella. Cada juego es ``grade_id -> código`` (lo que va entre las marcas de la solución).
``course_tools.grading.evidence`` los lee por su ruta: lo que aparece en ellos no es evidencia de copia
(es lo que se escribe sin copiar), y ``copies_calibration`` comprueba con ellos los umbrales.
"""
