"""Configuración de nbgrader para el curso «PyTorch mínimo».

Las órdenes de nbgrader funcionan desde la raíz del repositorio: allí están
source/, release/, submitted/, autograded/ y feedback/.
"""

import os

c = get_config()  # noqa: F821  (nbgrader define get_config al leer este fichero)

HERE = os.path.dirname(os.path.abspath(__file__))

c.CourseDirectory.root = HERE
c.CourseDirectory.course_id = "pytorch-minimo"
# Libreta de notas: SQLite por defecto; PostgreSQL u otra base con COURSE_GRADEBOOK_URL,
# p. ej. postgresql://profe@127.0.0.1:5432/notas
c.CourseDirectory.db_url = os.environ.get(
    "COURSE_GRADEBOOK_URL", "sqlite:///" + os.path.join(HERE, "gradebook.db")
)
c.CourseDirectory.ignore = [
    ".ipynb_checkpoints", "*.pyc", "__pycache__", "feedback", ".*",
]

# Lo que ve el alumno en lugar de la solución.
c.ClearSolutions.code_stub = {
    "python": "# ESCRIBE AQUÍ TU CÓDIGO\nraise NotImplementedError()",
}
c.ClearSolutions.text_stub = "ESCRIBE AQUÍ TU RESPUESTA"

# Los avisos de torch van a stderr y nbgrader pondría un 0 a una celda correcta.
c.IgnorePattern.enabled = True
c.IgnorePattern.pattern = r"Warning"

# Cada celda tiene un límite de tiempo; al pasarlo se interrumpe y se sigue corrigiendo.
c.Execute.timeout = 60
c.Execute.interrupt_on_timeout = True
c.LimitOutput.max_lines = 200
c.LimitOutput.max_traceback = 60

# Colab no respeta los candados: las celdas borradas se vuelven a poner al corregir.
c.OverwriteCells.add_missing_cells = True

c.Validator.type_changed_warning = (
    "HA CAMBIADO EL TIPO DE {num_changed} CELDA(S). Aunque ahora pasen los tests, "
    "al corregir podrían no pasar.\n"
)
c.Validator.changed_warning = (
    "HA CAMBIADO EL CONTENIDO DE {num_changed} CELDA(S) DE TESTS. Aunque ahora pasen, "
    "al corregir se usará la versión original.\n"
)
c.Validator.failed_warning = (
    "LA VALIDACIÓN HA FALLADO EN {num_failed} CELDA(S). Si entregas así, no tendrás la nota completa.\n"
)
c.Validator.passed_warning = "EL CUADERNO PASA {num_passed} CELDA(S) DE TESTS.\n"
