"""Soluciones honradas e independientes de los ejercicios de código, para calibrar el informe de parecidos.

Cada ``nbNN_slug.py`` tiene ``SETS``: al menos cinco juegos (trece en 11, 17 y 18, los que más se juzgan; los
tres últimos, de alumnos que siguen el curso al pie de la letra, el caso más común, que faltaba) escritos a mano
y por separado, como los escribirían alumnos distintos (otros nombres, otro orden, otros caminos correctos), sin
mirar las clases de prueba ni ajustarlos a ellas. Cada juego es ``grade_id -> código`` (lo que va entre las marcas de la solución).
``course_tools.grading.evidence`` los lee por su ruta: lo que aparece en ellos no es evidencia de copia
(es lo que se escribe sin copiar), y ``copies_calibration`` comprueba con ellos los umbrales.
"""
