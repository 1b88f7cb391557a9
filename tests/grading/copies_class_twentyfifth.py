"""Vigésima quinta clase apartada, para comprobar el informe de parecidos.

Nadie la ha usado para ajustar el informe. Se escribió a mano y a ciegas: sin abrir las otras clases de
prueba, las soluciones independientes ni el código y los umbrales del informe, y sin ejecutar el informe
ni comparar alumnos. Ningún alumno se retocó después de medir nada (no se midió nada); solo se
arreglaron, leyendo el error como lo haría un alumno, los que suspendían algún test del cuaderno.

Cuadernos: 11-bucle, 17-partidas-a-lotes y 18-decoder. Cada alumno escribe todos los ejercicios de
código (las celdas de solución con ``grade_id``; no las predicciones). Cada código es lo que va en
lugar del ``raise NotImplementedError()`` de la celda de la versión de alumno, sin su sangría.

Quién es quién:

- Honrados, cada uno por su cuenta, sin mirar la solución publicada ni a los demás
  (``copies_class_twentyfifth_honest``):
  ``tamara`` usa solo lo que el curso ha enseñado hasta cada cuaderno, corto y directo;
  ``bernabe`` es principiante (bucles, pasos intermedios, nombres largos);
  ``catalina`` ya programaba (funciones auxiliares, comprensiones, otras funciones de torch).
- Pareja (``copies_class_twentyfifth_pair``): ``urbano`` lo resuelve a su manera, no como la solución
  publicada; ``vanesa`` le copia y lo cambia a mano para que no se note (otros nombres, comentarios,
  líneas en blanco, sentencias independientes en otro orden, expresiones equivalentes).
- Copión (``copies_class_twentyfifth_copier``): ``zacarias`` pega la solución publicada de ``source/``
  y la disfraza a mano del mismo modo; sigue siendo la solución pegada y retocada.
- En blanco: ``amalia`` no entrega nada.

Los tres honrados y la pareja se escribieron leyendo solo ``release/``; la solución publicada se abrió
después, solo para el copión.
"""

from copies_class_twentyfifth_copier import ZACARIAS
from copies_class_twentyfifth_honest import BERNABE, CATALINA, TAMARA
from copies_class_twentyfifth_pair import URBANO, VANESA

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("tamara", "bernabe", "catalina"), ("urbano", "vanesa"), "zacarias", "amalia"


def _clean(work):
    """Cada cuerpo sin la línea en blanco del principio con que se escribió entre comillas."""
    return {grade_id: code.strip("\n") + "\n" for grade_id, code in work.items()}


WORK = {
    "tamara": _clean(TAMARA),
    "bernabe": _clean(BERNABE),
    "catalina": _clean(CATALINA),
    "urbano": _clean(URBANO),
    "vanesa": _clean(VANESA),
    "zacarias": _clean(ZACARIAS),
    "amalia": {},
}
