"""Decimocuarta clase apartada para el informe de parecidos (11-bucle, 17-partidas-a-lotes, 18-decoder).

Escrita a ciegas y a mano: sin mirar las soluciones independientes, las otras clases de prueba ni el
código del informe, y sin retocar a nadie después de medir (no se midió nada; solo se comprobó que
todos aprueban los tests, como la prueba de respuestas equivocadas).

Quién es quién:

- ``sergio`` (honrado): solo lo que ha enseñado el curso hasta cada cuaderno, corto y directo.
- ``trinidad`` (honrada, principiante): bucles, pasos intermedios y nombres largos.
- ``ulises`` (honrado, ya programaba): funciones auxiliares, comprensiones y otras funciones de torch
  (``narrow``, ``split``, ``torch.unique``, ``pad_sequence`` y ``F.pad``, ``unflatten``, ``functools.reduce``).
- ``valeria`` y ``wenceslao`` (pareja): Valeria lo resuelve a su manera, sin mirar la solución
  publicada; Wenceslao le copia y lo retoca a mano para que no se note.
- ``ximena`` (copiona): pega la solución publicada de ``source/`` y la disfraza a mano del mismo modo;
  sigue siendo la solución pegada y retocada.
- ``yago`` (en blanco): no entrega nada.

Los tres honrados y la pareja se escribieron leyendo solo ``release/``; la solución publicada se
abrió después, solo para escribir a Ximena. Cada código es el cuerpo que va en lugar del
``raise NotImplementedError()`` de su celda, sin su sangría.
"""

from tests.grading.copies_class_fourteenth_pair import VALERIA, WENCESLAO
from tests.grading.copies_class_fourteenth_sergio import WORK as SERGIO
from tests.grading.copies_class_fourteenth_trinidad import WORK as TRINIDAD
from tests.grading.copies_class_fourteenth_ulises import WORK as ULISES
from tests.grading.copies_class_fourteenth_ximena import WORK as XIMENA

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("sergio", "trinidad", "ulises"), ("valeria", "wenceslao"), "ximena", "yago"
WORK = {
    "sergio": SERGIO,
    "trinidad": TRINIDAD,
    "ulises": ULISES,
    "valeria": VALERIA,
    "wenceslao": WENCESLAO,
    "ximena": XIMENA,
    "yago": {},
}
