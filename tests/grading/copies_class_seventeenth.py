"""Decimoséptima clase apartada del informe de parecidos: 11-bucle, 17-partidas-a-lotes y 18-decoder.

Una clase de prueba que nadie ha usado para ajustar el informe. Se escribió a ciegas y a mano: sin
abrir las soluciones independientes del catálogo, las otras clases de prueba, el código del informe
ni sus umbrales, y sin ejecutar el informe ni comparar a los alumnos. Ningún alumno se retocó después
de medir parecidos (no se midió nada); solo se comprobó que todos, menos el blanco, aprueban todos los
tests de los tres cuadernos, como en la prueba de respuestas equivocadas.

Quién es quién:

- Honrados, cada uno por su cuenta, leyendo solo la versión de alumno (``release/``):
  teresa, solo lo que el curso ha enseñado hasta ese cuaderno, corto y directo; vicente,
  principiante, con bucles, pasos intermedios y nombres largos; angela, que ya programaba
  (funciones auxiliares, comprensiones, ``unfold``, ``unique``, ``F.pad``, ``functools.reduce``…).
- Pareja: emilio lo resuelve a su manera, también leyendo solo ``release/``; carmen le copia y lo
  cambia a mano para que no se note (otros nombres, comentarios, líneas en blanco, alguna sentencia
  independiente en otro orden, alguna expresión escrita de otra forma equivalente).
- Copión: hector pega la solución publicada (``source/``), leída solo después de escribir a los
  honrados y a la pareja, y la disfraza a mano del mismo modo, sin reescribirla.
- Blanco: lola entrega el cuaderno sin nada.

``WORK[nombre][grade_id]`` es lo que va en lugar del ``raise NotImplementedError()`` de la celda, sin
su sangría. Están todos los ejercicios de código de los tres cuadernos; no las predicciones.
"""

from copies_class_seventeenth_copier import HECTOR
from copies_class_seventeenth_honest import ANGELA, TERESA, VICENTE
from copies_class_seventeenth_pair import CARMEN, EMILIO

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("teresa", "vicente", "angela"), ("emilio", "carmen"), "hector", "lola"
WORK = {
    "teresa": TERESA,
    "vicente": VICENTE,
    "angela": ANGELA,
    "emilio": EMILIO,
    "carmen": CARMEN,
    "hector": HECTOR,
    "lola": {},
}
