"""Vigésima primera clase apartada para el informe de parecidos: 11-bucle, 17-partidas-a-lotes y 18-decoder.

Siete alumnos, cada uno con todos los ejercicios de código de los tres cuadernos (las celdas de solución
con ``grade_id``; no las predicciones). Cada código es lo que va en lugar del ``raise NotImplementedError()``
de la versión de alumno, sin su sangría. El trabajo de cada uno está en su fichero
``copies_class_twentyfirst_<nombre>.py``.

Quién es quién:

* Honrados, cada uno por su cuenta, escritos leyendo solo ``release/`` (ni la solución ni a los otros):
  ``adolfo`` solo usa lo que el curso ha enseñado hasta cada cuaderno, corto y directo; ``barbara`` es
  principiante, con bucles, pasos intermedios y nombres largos; ``cristobal`` ya programaba (funciones
  auxiliares, comprensiones, ``unfold``, ``torch.unique``, ``F.pad``, ``unflatten``, ``functools.reduce``).
* Pareja: ``diana`` lo resuelve a su manera (sin la solución publicada); ``ernesto`` le copia y lo retoca a
  mano para que no se note (otros nombres, comentarios, líneas en blanco, sentencias independientes en otro
  orden, expresiones equivalentes escritas de otra forma).
* Copiona: ``flora`` pega la solución publicada de ``source/`` y la disfraza a mano del mismo modo; sigue
  siendo la solución pegada y retocada, no reescrita. La solución se leyó solo después de escribir a los
  tres honrados y a la pareja.
* En blanco: ``gabriel`` no entrega nada.

Se escribió a ciegas: sin abrir las soluciones independientes, las otras clases apartadas ni el código o los
umbrales del informe de parecidos, y sin ejecutar nada que compare alumnos. Lo único que se ejecutó fue la
prueba de respuestas equivocadas (todos menos el blanco aprueban todos los tests de los tres cuadernos);
ningún alumno se retocó después de medir parecidos, porque no se midió ninguno.
"""

from copies_class_twentyfirst_adolfo import WORK as _ADOLFO
from copies_class_twentyfirst_barbara import WORK as _BARBARA
from copies_class_twentyfirst_cristobal import WORK as _CRISTOBAL
from copies_class_twentyfirst_diana import WORK as _DIANA
from copies_class_twentyfirst_ernesto import WORK as _ERNESTO
from copies_class_twentyfirst_flora import WORK as _FLORA

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("adolfo", "barbara", "cristobal"), ("diana", "ernesto"), "flora", "gabriel"
WORK = {
    "adolfo": _ADOLFO,
    "barbara": _BARBARA,
    "cristobal": _CRISTOBAL,
    "diana": _DIANA,
    "ernesto": _ERNESTO,
    "flora": _FLORA,
    "gabriel": {},
}
