"""Vigésima tercera clase de prueba del informe de parecidos: 11-bucle, 17-partidas-a-lotes y 18-decoder.

Clase apartada: escrita a ciegas, a mano, sin haber mirado las otras clases, las soluciones independientes
ni el código del informe, y sin retocar ningún alumno después de medir nada (no se midió nada). Cada código
es lo que va en lugar del ``raise NotImplementedError()`` de la celda de la versión de alumno, sin su sangría.

- Honrados, cada uno por su cuenta y sin mirar la solución publicada:
  - berta: solo lo que el curso ha enseñado hasta cada cuaderno, escrito corto y directo;
  - cayetano: principiante, con bucles, pasos intermedios y nombres largos;
  - dorotea: ya programaba (funciones auxiliares, comprensiones, ``unfold``, ``torch.unique``,
    ``functools.reduce``…).
- Pareja: eloy lo resuelve a su manera (no como la solución publicada) y filomena le copia y lo retoca a mano
  para que no se note: otros nombres, comentarios, líneas en blanco, alguna sentencia independiente en otro
  orden y alguna expresión escrita de otra forma equivalente.
- Copión: gregorio pega la solución publicada (``source/``, leída solo después de escribir a los honrados y a la
  pareja) y la disfraza a mano del mismo modo; sigue siendo la solución pegada y retocada.
- En blanco: herminia no entrega nada.

Todos menos herminia aprueban todos los tests de los tres cuadernos (comprobado con la prueba de respuestas
equivocadas, ``proof_execution.run``, un alumno entero por variante).
"""

from copies_class_twentythird_berta import WORK as _BERTA
from copies_class_twentythird_cayetano import WORK as _CAYETANO
from copies_class_twentythird_dorotea import WORK as _DOROTEA
from copies_class_twentythird_gregorio import WORK as _GREGORIO
from copies_class_twentythird_pair import ELOY as _ELOY, FILOMENA as _FILOMENA

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("berta", "cayetano", "dorotea"), ("eloy", "filomena"), "gregorio", "herminia"

WORK = {
    "berta": _BERTA,
    "cayetano": _CAYETANO,
    "dorotea": _DOROTEA,
    "eloy": _ELOY,
    "filomena": _FILOMENA,
    "gregorio": _GREGORIO,
    "herminia": {},
}
