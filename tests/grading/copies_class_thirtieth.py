"""Trigésima clase de prueba, apartada: nadie la ha usado para ajustar el informe de parecidos.

Cuadernos 11-bucle, 17-partidas-a-lotes y 18-decoder; cada alumno escribe todos los ejercicios de código
(las celdas de solución con ``grade_id``, no las predicciones de respuesta corta). Cada código es el cuerpo
que va en lugar del ``raise NotImplementedError()`` de la versión de alumno, sin su sangría.

Quién es quién:

- candela (honrada): solo lo que el curso ha enseñado hasta cada cuaderno, corto y directo.
- demetrio (honrado): principiante; bucles, pasos intermedios y nombres largos.
- esperanza (honrada): ya programaba; funciones auxiliares, comprensiones y otras funciones de torch
  (``unfold``, ``torch.unique``, ``F.pad``, ``gather``...).
- florencio y gertrudis (la pareja): florencio lo resuelve a su manera, distinta de la solución publicada;
  gertrudis le copia y lo cambia a mano para que no se note (otros nombres, comentarios, líneas en blanco,
  alguna sentencia independiente en otro orden, alguna expresión escrita de otra forma equivalente).
- higinio (el copión): pega la solución publicada de ``source/`` y la disfraza a mano del mismo modo; sigue
  siendo la solución pegada y retocada, no reescrita.
- inmaculada: cuaderno en blanco.

Cómo se escribió: a ciegas y a mano. Los tres honrados y la pareja, leyendo solo los enunciados de
``release/`` (y los cuadernos anteriores), sin mirar la solución publicada ni a los otros alumnos; el copión,
después, a partir de ``source/``. Sin ver las otras clases de prueba ni las soluciones independientes ni el
código del informe. Lo único que se comprobó es que cada alumno (menos el blanco) aprueba todos los tests de
los tres cuadernos (la prueba de respuestas equivocadas, ``proof_execution.run``); no se midió ningún
parecido y nada se retocó después de medir.
"""

from copies_class_thirtieth_copier import HIGINIO
from copies_class_thirtieth_honest import CANDELA, DEMETRIO, ESPERANZA
from copies_class_thirtieth_pair import FLORENCIO, GERTRUDIS

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("candela", "demetrio", "esperanza"), ("florencio", "gertrudis"), "higinio", "inmaculada"
WORK = {
    "candela": CANDELA,
    "demetrio": DEMETRIO,
    "esperanza": ESPERANZA,
    "florencio": FLORENCIO,
    "gertrudis": GERTRUDIS,
    "higinio": HIGINIO,
    "inmaculada": {},
}
