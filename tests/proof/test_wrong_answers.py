"""Cada respuesta equivocada del catálogo suspende su test; la solución lo aprueba todo.

pytest no recoge funciones de aquí: ``conftest.py`` hace de este módulo un ``ProofModule``
(``items.py``), con un nodo por cuaderno de ``NOTEBOOKS`` y, dentro, un ítem por variante,
como nbval hace uno por celda:

    test_wrong_answers.py::03-tensores::ejercicios        tiene al menos 3 ejercicios
    test_wrong_answers.py::03-tensores::catálogo          el catálogo solo nombra ejercicios que existen
    test_wrong_answers.py::03-tensores::solución          la solución aprueba todos los tests, sin errores
    test_wrong_answers.py::03-tensores::nb03-pad-batch::hueco sin rellenar
    test_wrong_answers.py::03-tensores::nb03-pad-batch::[copia] rellena con ceros a la izquierda

Las respuestas equivocadas están en ``catalogues/``. Un cuaderno se ejecuta una sola
vez, en un núcleo, con todas las variantes que se piden; con ``-n 2`` sus ítems van juntos al
mismo proceso (``scheduling.py``). Solo un cuaderno: ``pytest tests/proof -k 03-tensores``.
"""

from course_tools.layout.course import notebooks

NOTEBOOKS = notebooks()
