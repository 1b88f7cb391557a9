"""Vigesimonovena clase de prueba del informe de parecidos: 11-bucle, 17-partidas-a-lotes y 18-decoder.

Nadie la ha usado para ajustar el informe. Se escribió a ciegas y a mano, sin mirar las soluciones
independientes ni las otras clases de prueba, y sin medir nada: ningún alumno se ha retocado después de
medir parecidos (solo se ha comprobado que todos aprueban los tests de los tres cuadernos).

Quién es quién (cada código va en lugar del ``raise NotImplementedError()`` de su celda, sin sangría):

- Honrados, cada uno por su cuenta y leyendo solo la versión de alumno (``release/``):
  - ``tadeo``: solo lo que el curso ha enseñado hasta cada cuaderno, corto y directo;
  - ``valeriano``: principiante, con bucles, pasos intermedios y nombres largos;
  - ``yaiza``: ya programaba; funciones auxiliares, comprensiones y otras funciones de torch
    (``unfold``, ``torch.unique``, ``unflatten``, ``cross_entropy`` sobre (B, V, T)…).
- Pareja: ``ursula`` lo resuelve a su manera (sin mirar la solución publicada) y ``zenon`` le copia y
  lo retoca a mano para que no se note (otros nombres, comentarios, líneas en blanco, alguna sentencia
  independiente en otro orden, alguna expresión escrita de otra forma equivalente).
- Copiona: ``adela`` pega la solución publicada de ``source/`` (leída solo después de escribir a los
  honrados y a la pareja) y la disfraza a mano del mismo modo; sigue siendo la solución pegada.
- En blanco: ``wilfredo`` no entrega nada.
"""

from copies_class_twentyninth_adela import WORK as ADELA
from copies_class_twentyninth_tadeo import WORK as TADEO
from copies_class_twentyninth_ursula import WORK as URSULA
from copies_class_twentyninth_valeriano import WORK as VALERIANO
from copies_class_twentyninth_yaiza import WORK as YAIZA
from copies_class_twentyninth_zenon import WORK as ZENON

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("tadeo", "valeriano", "yaiza"), ("ursula", "zenon"), "adela", "wilfredo"
WORK = {
    "tadeo": TADEO,
    "valeriano": VALERIANO,
    "yaiza": YAIZA,
    "ursula": URSULA,
    "zenon": ZENON,
    "adela": ADELA,
    "wilfredo": {},
}
