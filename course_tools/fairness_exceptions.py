"""Excepciones de las comprobaciones de ejercicios justos (``course_tools/fairness.py``).

Cada entrada es ``(cuaderno, grade_id del ejercicio, qué incumple, motivo)``. «Qué incumple» es la
clave del problema tal como la pone ``fairness`` (``sin enseñar: torch.arange``, ``una sola
entrada: f``…); lo que es de todo el curso usa el cuaderno ``"curso"`` y ningún grade_id.
``python -m course_tools fairness [NN-slug]`` lista los problemas de cada cuaderno, también los
que están aquí. Una excepción que ya no corresponde a nada se señala: bórrala al arreglar el
ejercicio, para que la lista encoja.

Las de hoy son el punto de partida de las comprobaciones, pendientes de que los autores de los
cuadernos arreglen sus ejercicios: el issue 22 para 00–08 y el 23 para 09–17.
"""

ISSUE_22 = "pendiente: issue 22"
ISSUE_23 = "pendiente: issue 23"
ISSUES_22_AND_23 = "pendiente: issue 22 (cuadernos 00–08) e issue 23 (09–17)"

EXCEPTIONS: tuple[tuple[str, str | None, str, str], ...] = (
    # 09-autograd
    # 10-entropia-cruzada
    # 17-partidas-a-lotes
    # curso
    ('curso', None, 'predicciones por encima del 10 %', ISSUES_22_AND_23),
)
