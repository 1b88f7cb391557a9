"""Decimoquinta clase apartada del informe de parecidos: 11-bucle, 17-partidas-a-lotes y 18-decoder.

Una clase de prueba que nadie ha usado para ajustar el informe. Se escribió a ciegas y a mano, sin
mirar las otras clases de prueba ni las soluciones independientes, y ningún alumno se retocó después
de medir nada: no se midió ningún parecido. La única comprobación fue que cada alumno (menos el
blanco) aprueba todos los tests de los tres cuadernos.

Quién es quién (cada uno escribe los once ejercicios de código; no las predicciones):

- abel (honrado): solo lo que el curso ha enseñado hasta cada cuaderno, corto y directo.
- beatriz (honrada): principiante; bucles, pasos intermedios y nombres largos.
- camilo (honrado): ya programaba; ``unfold``, ``tensor_split``, ``torch.unique``, ``log_softmax`` y
  ``gather``, comprensiones y generadores.
- delia y eduardo (pareja): delia lo resuelve a su manera (sin ver la solución publicada);
  eduardo copia el código de delia y lo cambia a mano para que no se note.
- fatima (copiona): pega la solución publicada de ``source/`` y la disfraza a mano.
- gaspar: entrega el cuaderno en blanco.

Los tres honrados y delia se escribieron leyendo solo la versión de alumno (``release/``); la
solución publicada se abrió después, solo para escribir a fatima.
"""

from copies_class_fifteenth_copier import FATIMA
from copies_class_fifteenth_honest import ABEL, BEATRIZ, CAMILO
from copies_class_fifteenth_pair import DELIA, EDUARDO

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("abel", "beatriz", "camilo"), ("delia", "eduardo"), "fatima", "gaspar"
WORK = {
    "abel": ABEL,
    "beatriz": BEATRIZ,
    "camilo": CAMILO,
    "delia": DELIA,
    "eduardo": EDUARDO,
    "fatima": FATIMA,
    "gaspar": {},
}
