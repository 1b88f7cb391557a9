"""Decimosexta clase apartada del informe de parecidos: 11-bucle, 17-partidas-a-lotes y 18-decoder.

Escrita a ciegas y a mano, sin mirar las soluciones independientes, las otras clases de prueba ni el
código o los umbrales del informe, y sin retocar ningún alumno después de medir nada (no se midió nada):
la única comprobación fue que todos, menos el cuaderno en blanco, aprueban todos los tests de los tres
cuadernos, ejecutados como la prueba de respuestas equivocadas.

Quién es quién:

- leonor (honrada): solo lo que el curso ha enseñado hasta cada cuaderno, corto y directo (cortes,
  ``view``, ``F.cross_entropy`` con ``reduction="none"``, un diccionario para contar parejas).
- pascual (honrado, principiante): bucles, pasos intermedios y nombres largos; cuenta con
  diccionarios a mano, rellena listas de Python y reparte ``qkv`` con cortes.
- kevin (honrado, ya programaba): funciones auxiliares, comprensiones y otras funciones de torch
  (``narrow``, ``chunk``, ``torch.unique`` con ``return_inverse``, ``F.pad``, ``unflatten``, ``masked_fill``).
- nerea y jonas (la pareja): nerea lo resuelve a su manera (índices con ``arange``, ``torch.unique``
  más un diccionario, ``qkv`` en (B, T, 3, H, D), la pérdida con máscara booleana); jonas le copia y lo
  cambia a mano: otros nombres, comentarios, líneas en blanco, alguna sentencia independiente en otro
  orden y alguna expresión escrita de otra forma equivalente.
- mauricio (copión): pega la solución publicada de ``source/`` y la disfraza a mano del mismo modo;
  sigue siendo la solución pegada y retocada, no reescrita.
- oscar (en blanco): no entrega nada.

Los tres honrados y la pareja se escribieron leyendo solo la versión de alumno (``release/``); la
solución publicada se abrió después, solo para el copión.
"""

from copies_class_sixteenth_copier import MAURICIO
from copies_class_sixteenth_honest import KEVIN, LEONOR, PASCUAL
from copies_class_sixteenth_pair import JONAS, NEREA

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("leonor", "pascual", "kevin"), ("nerea", "jonas"), "mauricio", "oscar"
WORK = {
    "leonor": LEONOR,
    "pascual": PASCUAL,
    "kevin": KEVIN,
    "nerea": NEREA,
    "jonas": JONAS,
    "mauricio": MAURICIO,
    "oscar": {},
}
