"""Excepciones de las comprobaciones de ejercicios justos (``course_tools/audits/fairness.py``).

Cada entrada es ``(cuaderno, grade_id del ejercicio, qué incumple, motivo)``. «Qué incumple» es la
clave del problema tal como la pone ``fairness`` (``sin enseñar: torch.arange``, ``una sola
entrada: f``…); lo que es de todo el curso usa el cuaderno ``"curso"`` y ningún grade_id.
``python -m course_tools fairness [NN-slug]`` lista los problemas de cada cuaderno, también los
que están aquí. Una excepción que ya no corresponde a nada se señala: bórrala al arreglar el
ejercicio, para que la lista encoja.

Hoy está vacía: todos los cuadernos cumplen las cuatro reglas. Una excepción nueva lleva un motivo que
un autor pueda leer (por qué el ejercicio no puede cumplir la regla), no «pendiente».
"""

EXCEPTIONS: tuple[tuple[str, str | None, str, str], ...] = ()
