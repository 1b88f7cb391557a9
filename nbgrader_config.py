"""Configuración de nbgrader para el curso «PyTorch mínimo».

Las órdenes de nbgrader funcionan desde la raíz del repositorio: allí están
source/, release/, submitted/, autograded/ y feedback/. ``nbgrader generate_assignment``,
``nbgrader autograde`` y ``nbgrader generate_feedback`` a secas usan las mismas cadenas de
preprocesadores que ``make release``, ``make grade`` y ``make feedback``, escritas aquí con cada
preprocesador por su nombre: leer este fichero no importa nada de course_tools (nbconvert importa cada
preprocesador cuando nbgrader lo usa).

Los ajustes del curso (tiempos, memoria, tamaño de las salidas, encierro, libreta) están juntos en
``c.CourseSettings``: qué es cada uno y su valor por defecto, en course_tools/settings.py.

Las reglas de las celdas (course_tools/rules/cells.py) leen de aquí el hueco de código, los delimitadores
de nbgrader y qué salidas de stderr se ignoran al corregir.
"""

import os
import sys

c = get_config()  # noqa: F821  (nbgrader define get_config al leer este fichero)

HERE = os.path.dirname(os.path.abspath(__file__))

# nbgrader lanza la orden `alembic`, buscándola en el PATH, para saber la versión de una libreta de notas nueva y en
# `nbgrader db upgrade`: con `.venv/bin/nbgrader …` sin activar el entorno no la encontraría. Las dos cosas se hacen
# aquí dentro, sin lanzar nada (como hace course_tools/layout/nbgrader_compat.py en las órdenes del curso).
import nbgrader.api  # noqa: E402
import nbgrader.dbutil  # noqa: E402


def _alembic_head():
    from alembic.config import Config
    from alembic.script import ScriptDirectory
    from nbgrader.dbutil import ALEMBIC_DIR

    config = Config()
    config.set_main_option("script_location", ALEMBIC_DIR)
    return ScriptDirectory.from_config(config).get_current_head()


def _upgrade(db_url, revision="head"):
    from alembic import command
    from alembic.config import Config

    with nbgrader.dbutil._temp_alembic_ini(db_url) as alembic_ini:  # el mismo alembic.ini que usaría la orden
        command.upgrade(Config(alembic_ini), revision)


if nbgrader.api.get_alembic_version.__module__ == "nbgrader.api":
    nbgrader.api.get_alembic_version = _alembic_head
nbgrader.dbutil.upgrade = _upgrade

# Los preprocesadores del curso están en course_tools/, junto a este fichero: nbgrader tiene que poder importarlos.
if not any(os.path.abspath(entry or os.curdir) == HERE for entry in sys.path):
    sys.path.insert(0, HERE)

# --- los ajustes del curso (course_tools/settings.py dice qué es cada uno) ---
c.CourseSettings.cell_timeout = 60  # segundos por celda
c.CourseSettings.notebook_timeout = 300  # segundos por cuaderno entero, sumando sus celdas
c.CourseSettings.memory_mb = 3072  # memoria de un núcleo de corrección
c.CourseSettings.output_max_bytes = 2 * 1024 * 1024  # una salida (texto, imagen, HTML…)
c.CourseSettings.notebook_output_max_bytes = 20 * 1024 * 1024  # todas las salidas de un cuaderno
c.CourseSettings.sandbox = True  # encerrar el núcleo de corrección (False solo para probar)
# Parecidos en make grade: cada cuaderno que se juzga contra la solución, con su umbral (la parte de lo propio de la
# solución que tiene que estar en el cuaderno del alumno).
c.CourseSettings.similarity_solution_thresholds = {}  # hoy ninguno: ver settings.py
# … y los cuadernos en que cada alumno se compara a la vez con ella y con las soluciones independientes: se señala
# a quien se le parece (al menos tanto como la mediana de ellas) y se aparta de ella hacia ellas como mucho tanto.
c.CourseSettings.similarity_solution_course_notebooks = ["11-bucle", "17-partidas-a-lotes", "18-decoder"]
c.CourseSettings.similarity_solution_course_closeness = 0.65
c.CourseSettings.similarity_solution_course_strays = 0.024
c.CourseSettings.similarity_threshold_classmate = 0.49  # … y la que comparten dos alumnos de lo que no es natural
c.CourseSettings.similarity_threshold_course = 0.24  # … y la misma, sumada en los cuadernos que entregaron los dos
c.CourseSettings.similarity_course_min_notebooks = 3  # … si entregaron al menos tantos cuadernos juzgados
c.CourseSettings.similarity_notebook_min_chars = 102  # un cuaderno con menos código propio no se juzga
c.CourseSettings.similarity_min_chars = 40  # un ejercicio más corto que esto pesa menos
c.CourseSettings.similarity_min_evidence = 120  # letras compartidas que hacen falta para señalar
# El 19 trae resuelto el decodificador del 18: el intercambio no lo publica hasta que se recoja alguna entrega del 18.
c.CourseSettings.release_after = {"19-rukh-juega": "18-decoder"}
# El trabajo entero acotado (issue 40; «Límites» en el README):
c.CourseSettings.processes_max = 64  # procesos e hilos de todo lo que arranca un trabajo de corrección
c.CourseSettings.notebook_max_mb = 20  # un fichero de una entrega, medido antes de leerlo
c.CourseSettings.submission_max_mb = 50  # una entrega entera, medida antes de leerla
c.CourseSettings.archive_max_entries = 10000  # entradas de una descarga de Moodle
c.CourseSettings.archive_max_mb = 2048  # lo descomprimido (solo cuadernos) de una descarga de Moodle
# Libreta de notas: gradebook.db en la raíz del curso (la de --CourseDirectory.root, si se da);
# PostgreSQL u otra base con COURSE_GRADEBOOK_URL, p. ej. postgresql://profe@127.0.0.1:5432/notas
c.CourseSettings.gradebook_url = os.environ.get("COURSE_GRADEBOOK_URL", "")

c.CourseDirectory.root = HERE
c.CourseDirectory.course_id = "pytorch-minimo"
if c.CourseSettings.gradebook_url:
    c.CourseDirectory.db_url = c.CourseSettings.gradebook_url
c.CourseDirectory.ignore = [
    ".ipynb_checkpoints", "*.pyc", "__pycache__", "feedback", ".*",
]

# La versión de alumno: la cadena de nbgrader (la de GenerateAssignment por defecto, comprobada por
# tests/unit/test_settings.py) entre los dos pasos del curso (course_tools/publish/release_preprocessors.py):
# enlaces, delante de las sumas de control; huecos de predicción, detrás.
NBGRADER = "nbgrader.preprocessors"
c.GenerateAssignment.preprocessors = [
    "course_tools.publish.release_preprocessors.LearnerLinks",
    f"{NBGRADER}.IncludeHeaderFooter",
    f"{NBGRADER}.InstantiateTests",
    f"{NBGRADER}.LockCells",
    f"{NBGRADER}.ClearSolutions",
    f"{NBGRADER}.ClearOutput",
    f"{NBGRADER}.CheckCellMetadata",
    f"{NBGRADER}.ComputeChecksums",
    f"{NBGRADER}.SaveCells",
    f"{NBGRADER}.ClearHiddenTests",
    f"{NBGRADER}.ClearMarkScheme",
    f"{NBGRADER}.ComputeChecksums",
    f"{NBGRADER}.CheckCellMetadata",
    "course_tools.publish.release_preprocessors.PredictionStubs",
]

# Publicar en el intercambio (nbgrader release_assignment, el Formgrader, make hub) respeta release_after.
c.ExchangeFactory.release_assignment = "course_tools.layout.release_order.OrderedReleaseAssignment"

# Lo que ve el alumno en lugar de la solución.
c.ClearSolutions.code_stub = {
    "python": "# ESCRIBE AQUÍ TU CÓDIGO\nraise NotImplementedError()",
}
c.ClearSolutions.text_stub = "ESCRIBE AQUÍ TU RESPUESTA"

# Los avisos de torch van a stderr y nbgrader pondría un 0 a una celda correcta.
c.IgnorePattern.enabled = True
c.IgnorePattern.pattern = r"Warning"

# Cada celda tiene un límite de tiempo (c.CourseSettings.cell_timeout); al pasarlo se interrumpe y se sigue.
c.Execute.timeout = c.CourseSettings.cell_timeout
c.Execute.interrupt_on_timeout = True
c.LimitOutput.max_lines = 200
c.LimitOutput.max_traceback = 60

# nbconvert valida el cuaderno entero tras cada preprocesador (unos 17 por pasada de autograde, 3 ms cada
# vez en un cuaderno corto); así lo valida una sola vez, al final de la pasada: el mismo veredicto, y un
# cuaderno que quede inválido sigue dando error.
c.Exporter.optimistic_validation = True

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

# Las defensas del corrector (núcleo con límites, canarios, salidas recortadas, la primera copia de
# una celda repetida es la que cuenta) y la devolución en castellano sin el código de los tests ocultos.
# Cada preprocesador va por su nombre: nbconvert lo importa al registrarlo en su exportador, cuando
# nbgrader corrige o devuelve, y no al leer esta configuración (una release no carga la corrección).
# Estas cadenas son las que da el registro de defensas (course_tools/grading/defences.py: cada defensa
# dice dónde va): tests/unit/test_grading_defences.py lo comprueba y, si no coinciden, dice qué poner.
GRADING = "course_tools.grading"
c.Autograde.sanitize_preprocessors = [
    "nbgrader.preprocessors.ClearOutput",
    f"{GRADING}.preprocessors.KeepFirstIds",  # antes de DeduplicateIds, que se queda con la última copia
    "nbgrader.preprocessors.DeduplicateIds",
    "nbgrader.preprocessors.OverwriteKernelspec",
    "nbgrader.preprocessors.OverwriteCells",
    f"{GRADING}.guard.InsertCanaries",  # tras OverwriteCells: los canarios rodean los tests originales
    "nbgrader.preprocessors.CheckCellMetadata",
    "course_tools.layout.nbgrader_compat.LogConfinement",  # una línea en el registro: qué protege aquí el encierro
]
c.Autograde.autograde_preprocessors = [
    f"{GRADING}.guard.GuardedExecute",  # el Execute de nbgrader en el núcleo con límites y encierro
    f"{GRADING}.guard.CheckCanaries",
    f"{GRADING}.preprocessors.TruncateOutput",  # las salidas gigantes, recortadas
    "nbgrader.preprocessors.IgnorePattern",
    "nbconvert.preprocessors.ClearMetadataPreprocessor",
    "nbgrader.preprocessors.LimitOutput",
    "nbgrader.preprocessors.SaveAutoGrades",
    "nbgrader.preprocessors.AssignLatePenalties",
    "nbgrader.preprocessors.CheckCellMetadata",
]
c.GenerateFeedback.preprocessors = [
    "nbgrader.preprocessors.GetGrades",
    f"{GRADING}.preprocessors.HideHiddenTests",  # tras GetGrades: sin el código de los tests ocultos
    "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
]
# La plantilla de la devolución se llama «feedback», como la de nbgrader, porque
# NbGraderAPI.generate_feedback (make feedback y el formgrader) pide siempre esa: en
# extra_template_basedirs solo está la carpeta del curso, así que encuentra la castellana.
# Solo para el HTMLExporter de GenerateFeedback: el formgrader pinta con otro HTMLExporter la
# página donde se pone nota a mano (su plantilla «formgrade»), y con esto en c.HTMLExporter fallaba.
c.GenerateFeedback.HTMLExporter.template_name = "feedback"
c.GenerateFeedback.HTMLExporter.extra_template_basedirs = [os.path.join(HERE, "course_tools", "grading", "templates")]
