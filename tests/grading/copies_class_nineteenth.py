"""Decimonovena clase apartada: siete alumnos de los cuadernos 11, 17 y 18, escritos a ciegas.

Nadie ha usado esta clase para ajustar el informe de parecidos: sirve para comprobarlo. Cada alumno
escribió a mano, sin mirar las soluciones independientes, las otras clases ni el código del informe,
todos los ejercicios de código de los tres cuadernos (las celdas de solución con ``grade_id``; no las
predicciones). Cada código es lo que va en lugar del ``raise NotImplementedError()`` de su celda, sin
su sangría. Nadie se retocó después de medir nada: no se midió nada; solo se comprobó que todos
(menos el blanco) aprueban todos los tests de los tres cuadernos.

Quién es quién:

- Álvaro (honrado): leyendo solo la versión de alumno, con lo que el curso ha enseñado hasta cada
  cuaderno, corto y directo (cortes, ``Counter``, ``F.cross_entropy``, bucles sencillos).
- Rocío (honrada): principiante; bucles, pasos intermedios con su variable y nombres largos.
- Germán (honrado): ya programaba; funciones auxiliares, comprensiones y otras funciones de torch
  (``unfold``, ``torch.unique``, ``tensor_split``, ``F.pad``, ``unflatten``).
- Lourdes y Arturo (pareja): Lourdes lo resuelve a su manera, sin mirar la solución publicada;
  Arturo le copia y lo cambia a mano para que no se note (otros nombres, comentarios, líneas en
  blanco, alguna sentencia independiente en otro orden, alguna expresión escrita de otra forma).
- Silvia (copiona): pega la solución publicada de ``source/`` y la disfraza a mano del mismo modo;
  sigue siendo la solución pegada y retocada. Se escribió la última, después de los otros cinco, que
  se escribieron sin haber abierto ``source/``.
- César (en blanco): no entrega nada.

Cada alumno está en su fichero auxiliar ``copies_class_nineteenth_<nombre>.py``; se importan por su
nombre (``tests/grading`` está en ``sys.path`` al correr las pruebas).
"""

from copies_class_nineteenth_alvaro import WORK as _ALVARO
from copies_class_nineteenth_arturo import WORK as _ARTURO
from copies_class_nineteenth_german import WORK as _GERMAN
from copies_class_nineteenth_lourdes import WORK as _LOURDES
from copies_class_nineteenth_rocio import WORK as _ROCIO
from copies_class_nineteenth_silvia import WORK as _SILVIA

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("alvaro", "rocio", "german"), ("lourdes", "arturo"), "silvia", "cesar"

WORK = {
    "alvaro": _ALVARO,
    "rocio": _ROCIO,
    "german": _GERMAN,
    "lourdes": _LOURDES,
    "arturo": _ARTURO,
    "silvia": _SILVIA,
    "cesar": {},
}
