"""Vigésima segunda clase apartada del informe de parecidos: 11-bucle, 17-partidas-a-lotes y 18-decoder.

Una clase de prueba escrita a ciegas y a mano, que no se ha usado para ajustar el informe. Quien la
escribió no abrió los juegos independientes, las otras clases de prueba, el código ni los umbrales
del informe de parecidos, ni lo ejecutó: no midió nada, así que ningún alumno se retocó tras medir.
La única comprobación fue la prueba de respuestas equivocadas (``proof_execution.run``), que dice si
cada alumno aprueba todos los tests de los tres cuadernos.

Cada alumno escribe todos los ejercicios de código de los tres cuadernos (no las predicciones): cada
código va en lugar del ``raise NotImplementedError()`` de su celda, sin su sangría. El trabajo de
cada uno está en su fichero ``copies_class_twentysecond_<nombre>.py``.

Quién es quién:

* ``isidro``, ``matilde`` y ``nestor``, honrados, cada uno por su cuenta, leyendo solo la versión de
  alumno (``release/``), sin mirar la solución publicada ni a los otros:
  - Isidro usa solo lo que ha enseñado el curso hasta cada cuaderno, corto y directo (``Counter``,
    ``split``/``view``/``transpose``, ``reduction="none"``...).
  - Matilde es principiante: bucles, pasos intermedios con nombre, diccionarios contados a mano,
    nombres largos; donde el test pide código sin bucles, lo escribe vectorizado paso a paso.
  - Néstor ya programaba: funciones auxiliares, comprensiones y otras funciones de torch
    (``unfold``, ``chunk``, ``torch.unique``, ``F.pad``, ``roll``, ``unflatten``, ``flatten``).
* ``ofelia`` y ``lorenzo``, la pareja: Ofelia lo resuelve a su manera (no como la solución
  publicada, que no había visto); Lorenzo copia lo de Ofelia y lo cambia a mano para que no se note:
  otros nombres, comentarios, líneas en blanco, alguna sentencia independiente en otro orden y
  alguna expresión escrita de otra forma equivalente.
* ``raquel``, el copión: pega la solución publicada (``source/``) y la disfraza a mano del mismo
  modo. Sigue siendo la solución pegada y retocada, no reescrita. La solución publicada solo se
  abrió después de escribir a los tres honrados y a la pareja.
* ``pedro``, el cuaderno en blanco.
"""

from copies_class_twentysecond_isidro import WORK as ISIDRO
from copies_class_twentysecond_lorenzo import WORK as LORENZO
from copies_class_twentysecond_matilde import WORK as MATILDE
from copies_class_twentysecond_nestor import WORK as NESTOR
from copies_class_twentysecond_ofelia import WORK as OFELIA
from copies_class_twentysecond_raquel import WORK as RAQUEL

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("isidro", "matilde", "nestor"), ("ofelia", "lorenzo"), "raquel", "pedro"
WORK = {
    "isidro": ISIDRO,
    "matilde": MATILDE,
    "nestor": NESTOR,
    "ofelia": OFELIA,
    "lorenzo": LORENZO,
    "raquel": RAQUEL,
    "pedro": {},
}
