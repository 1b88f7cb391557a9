"""Vigésima sexta clase de prueba del informe de parecidos: cuadernos 11-bucle, 17-partidas-a-lotes y 18-decoder.

Apartada: nadie la ha usado para ajustar el informe. Cada código es lo que un alumno pone en lugar del
``raise NotImplementedError()`` de la celda, sin su sangría. Se escribió a ciegas y a mano, sin mirar las
soluciones independientes, las otras clases de prueba ni el código del informe, y no se ha retocado
después de medir nada (no se midió nada: solo se comprobó que todos aprueban todos los tests).

Quién es quién:

- honrados, cada uno por su cuenta, escritos leyendo solo la versión de alumno (``release/``):
  ``encarna`` usa solo lo que el curso ha enseñado hasta cada cuaderno, corto y directo;
  ``faustino`` es principiante: bucles, pasos intermedios y nombres largos;
  ``graciela`` ya programaba: funciones auxiliares, comprensiones y otras funciones de torch
  (``unfold``, ``torch.unique``, ``pad_sequence``, ``gather``, ``unflatten``…);
- la pareja: ``horacio`` lo resuelve a su manera (sin mirar la solución publicada) e ``iratxe`` le
  copia y lo cambia a mano para que no se note (otros nombres, comentarios, líneas en blanco, alguna
  sentencia independiente en otro orden, alguna expresión escrita de otra forma equivalente);
- el copión: ``jeronimo`` pega la solución publicada (``source/``), leída solo después de escribir a
  los honrados y a la pareja, y la disfraza a mano del mismo modo; sigue siendo la solución retocada;
- el cuaderno en blanco: ``luciana`` no entrega nada.
"""

from copies_class_twentysixth_encarna import WORK as ENCARNA
from copies_class_twentysixth_faustino import WORK as FAUSTINO
from copies_class_twentysixth_graciela import WORK as GRACIELA
from copies_class_twentysixth_jeronimo import WORK as JERONIMO
from copies_class_twentysixth_pair import HORACIO, IRATXE

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("encarna", "faustino", "graciela"), ("horacio", "iratxe"), "jeronimo", "luciana"
WORK = {
    "encarna": ENCARNA,
    "faustino": FAUSTINO,
    "graciela": GRACIELA,
    "horacio": HORACIO,
    "iratxe": IRATXE,
    "jeronimo": JERONIMO,
    "luciana": {},
}
