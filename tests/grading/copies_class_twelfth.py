"""La duodécima clase de prueba del informe de parecidos, escrita a ciegas y a mano.

Cuadernos: 11-bucle, 17-partidas-a-lotes y 18-decoder; cada alumno escribe los once ejercicios de código
(las celdas de solución con ``grade_id``, sin las predicciones de respuesta corta). Cada código es lo que
va en lugar del ``raise NotImplementedError()`` de la versión de alumno, sin su sangría.

Quién es quién:

- ``agustin`` (honrado): solo lo que el curso ha enseñado hasta cada cuaderno, corto y directo.
- ``bruno`` (honrado, principiante): bucles, pasos intermedios y nombres largos.
- ``cristina`` (honrada, ya programaba): funciones auxiliares, comprensiones y otras funciones de torch
  (``unflatten``, ``chunk``, ``torch.unique``, ``F.pad``, una máscara en vez de ``is_causal``…).
- ``david`` y ``estela`` (la pareja): David lo resuelve a su manera; Estela copia a David y lo retoca a
  mano para que no se note (otros nombres, comentarios, líneas en blanco, sentencias independientes en
  otro orden, expresiones equivalentes escritas de otra forma).
- ``fidel`` (el copión): pega la solución publicada de ``source/`` y la disfraza a mano del mismo modo.
- ``gema``: el cuaderno en blanco.

Cómo se escribió: a ciegas, sin mirar las soluciones independientes del catálogo, las otras clases de
prueba ni el código del informe de parecidos, y sin ejecutar nada que compare alumnos. Los tres honrados y
la pareja se escribieron leyendo solo la versión de alumno (``release/``) y los cuadernos anteriores; la
solución publicada se abrió después, y solo para escribir a Fidel. La única comprobación fue que todos
(menos Gema) aprueban todos los tests de los tres cuadernos; nadie se retocó tras medir parecidos (no se
midió nada).
"""

from copies_class_twelfth_agustin import CODE as AGUSTIN
from copies_class_twelfth_bruno import CODE as BRUNO
from copies_class_twelfth_cristina import CODE as CRISTINA
from copies_class_twelfth_fidel import CODE as FIDEL
from copies_class_twelfth_pair import DAVID, ESTELA

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("agustin", "bruno", "cristina"), ("david", "estela"), "fidel", "gema"
WORK = {
    "agustin": AGUSTIN,
    "bruno": BRUNO,
    "cristina": CRISTINA,
    "david": DAVID,
    "estela": ESTELA,
    "fidel": FIDEL,
    "gema": {},
}
