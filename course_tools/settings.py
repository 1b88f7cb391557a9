"""Los ajustes del curso, a la manera de nbgrader: un ``Configurable`` con cada ajuste y su ayuda.

Se fijan en ``nbgrader_config.py`` (``c.CourseSettings.cell_timeout = 60`` …), que no importa nada de
``course_tools``; quien los necesita los lee de la configuración que ya tiene (un preprocesador de nbgrader,
con ``CourseSettings(parent=self)``) o de la del repositorio (``course_settings()``). Este módulo está en la capa
de abajo: solo importa traitlets.

Las variables de entorno solo cruzan la frontera de un proceso: el núcleo de corrección recibe su memoria y el
interruptor del encierro en su entorno (los nombres y la lectura, en ``isolation/``; quien los escribe,
``grading/kernel.start_env``, a partir de estos ajustes). La libreta de PostgreSQL se da con
``COURSE_GRADEBOOK_URL``, que solo lee ``nbgrader_config.py``.
"""

from __future__ import annotations

from pathlib import Path

from traitlets import Bool, Dict, Float, Integer, List, Unicode
from traitlets.config import Configurable

CONFIG_FILE = Path(__file__).resolve().parent.parent / "nbgrader_config.py"
MB = 1024 * 1024


class CourseSettings(Configurable):
    """Los ajustes del curso; cada uno, con su valor por defecto y por qué."""

    cell_timeout = Integer(60, help=(
        "Segundos que puede tardar una celda al corregir, construir release/, en la prueba de respuestas "
        "equivocadas y en make progreso. Al pasarlos, la celda se interrumpe, vale 0 y se sigue.")).tag(config=True)
    notebook_timeout = Integer(300, help=(
        "Segundos que puede tardar un cuaderno entero al corregir, sumando todas sus celdas. Al pasarlos se para "
        "el núcleo: lo ya puntuado se queda y el resto vale 0. El cuaderno más lento del curso (18) tarda unos "
        "40 s en 2 núcleos cargados; con 300, una clase se corrige en como mucho alumnos × 300 s / trabajadores.")).tag(config=True)
    memory_mb = Integer(3072, help=(
        "Memoria de un núcleo de corrección en MB (RLIMIT_AS) y, donde hay un cgroup por trabajo, de todo su árbol "
        "de procesos junto (al pasarla, el trabajo acaba con memory). El cuaderno que más usa se queda en 1,5 GB; "
        "cuéntala al elegir cuántos trabajadores corren a la vez.")).tag(config=True)
    output_max_bytes = Integer(2 * MB, help=(
        "Bytes como mucho de una salida de una celda corregida (texto, imagen, HTML, JSON…). Una más grande se "
        "cambia por una nota en castellano (código output-too-big).")).tag(config=True)
    notebook_output_max_bytes = Integer(20 * MB, help=(
        "Bytes como mucho de todas las salidas de un cuaderno corregido. Las que no caben se cambian por una "
        "nota (código output-too-big).")).tag(config=True)
    sandbox = Bool(True, help=(
        "Encerrar el núcleo de corrección (Landlock, sin red, sin privilegios). False solo para probar lo demás: "
        "el entorno sigue recortado.")).tag(config=True)
    similarity_solution_thresholds = Dict(value_trait=Float(), default_value={}, help=(
        "Parecidos en make grade (copy-of-solution): los cuadernos que se comparan con la solución publicada, cada "
        "uno con su umbral: la parte de lo propio de la solución (tras quitar nombres, comentarios y formato, sin lo "
        "que escriben soluciones independientes, cada ejercicio pesado por su largo) que tiene que estar en el "
        "cuaderno de un alumno para señalarlo. Cada umbral sale a ciegas de la calibración de "
        "catalogues/independent (nunca de una clase): el punto medio entre el juego honrado de ese cuaderno más "
        "parecido a la solución y su copia disfrazada menos parecida (la concienzuda, con las expresiones "
        "reescritas). Solo se juzgan contra la solución los cuadernos con al menos diez juegos en los que esas dos "
        "cosas se separan; en los demás el informe dice que no se juzgan contra ella, y entre compañeros parecerse "
        "a ella cuenta como natural. Hoy, ninguno: en 11 un juego escrito al pie de la letra del curso tiene 0.781 de "
        "lo propio de la solución, y lo que solo ella escribe son 32 letras. Lo da «python -m course_tools.grading.copies_calibration --umbral»; una "
        "prueba comprueba que son estos. Nunca cambia una nota. Ver «Copias» en el README.")).tag(config=True)
    similarity_solution_course_notebooks = List(Unicode(), default_value=[
            "11-bucle", "17-partidas-a-lotes", "18-decoder"], help=(
        "Parecidos en make grade (copy-of-solution en «todo el curso»): los cuadernos en que cada alumno se compara "
        "con la solución publicada y con las soluciones independientes a la vez (los juzgados sin umbral propio y con "
        "al menos diez juegos). En uno solo, quien escribe al pie de la letra del curso se parece a la solución tanto "
        "como una copia; en todos juntos, quien la copió solo se aparta de ella para disimular, y quien no, se aparta "
        "en algún ejercicio hacia otra solución honrada. Hoy, 11, 17 y 18. Lo da «copies_calibration --umbral».")
    ).tag(config=True)
    similarity_solution_course_strays = Float(0.024, help=(
        "Parecidos en make grade (copy-of-solution en «todo el curso»): lo que un alumno puede apartarse, como mucho, "
        "de la solución publicada hacia alguna solución honrada en similarity_solution_course_notebooks (en cada "
        "ejercicio, lo que la honrada más cercana se le parece más que la publicada; media pesada por las letras de "
        "la solución) para señalarlo. Elegido a ciegas con la calibración: el punto medio entre el juego honrado que "
        "menos se aparta (sin él en las honradas) y la copia de la solución (disfrazada o reescrita) que más: hoy, "
        "0.031 (el juego 6, escrito casi como la solución) y 0.017 (la reescrita). Lo da «copies_calibration "
        "--umbral»; una prueba comprueba que es este.")).tag(config=True)
    similarity_solution_course_closeness = Float(0.65, help=(
        "Parecidos en make grade (copy-of-solution en «todo el curso»): lo que un alumno tiene que parecerse, como "
        "poco, a la solución publicada en similarity_solution_course_notebooks (media pesada, de 0 a 1) para "
        "señalarlo: la mediana de los juegos honrados. Quien escribe muy distinto de todo no se juzga por apartarse "
        "poco. Lo da «copies_calibration --umbral».")).tag(config=True)
    similarity_threshold_classmate = Float(0.49, help=(
        "Parecidos en make grade (same-as-classmate): parte del código propio que no es natural (lo que no "
        "escriben también las soluciones independientes, los alumnos honrados del corpus de catalogues/independent/"
        "learners.py ni tres alumnos de la clase) que dos alumnos tienen que compartir en un cuaderno, "
        "cada uno con el del otro, para señalarlos. Elegido a "
        "ciegas con la calibración, en los cuadernos que se juzgan: el punto medio entre el par de juegos "
        "honrados más parecido y el juego disfrazado menos parecido a su original. Lo da «copies_calibration "
        "--umbral»; una prueba comprueba que es este.")).tag(config=True)
    similarity_threshold_course = Float(0.24, help=(
        "Parecidos en make grade (same-in-course): la misma parte que similarity_threshold_classmate, pero sumada "
        "en todos los cuadernos juzgados que entregaron los dos (al menos similarity_course_min_notebooks), para "
        "la pareja que no sale en ninguno por separado: quien reescribe cada expresión de su compañero deja en "
        "cada cuaderno menos de lo que hace falta, y en todo el curso, no. Elegido a ciegas con la calibración: "
        "el punto medio entre el par de juegos honrados más parecido en todo el curso y el juego copiado menos "
        "parecido a su original en todo el curso (disfrazado o con las expresiones reescritas). Lo da "
        "«copies_calibration --umbral»; una prueba comprueba que es este.")).tag(config=True)
    similarity_course_min_notebooks = Integer(3, help=(
        "Parecidos en make grade (same-in-course y copy-of-solution en «todo el curso»): cuadernos juzgados que "
        "tienen que haber entregado los dos para sumarlos, o un alumno para mirarlo contra la solución en "
        "similarity_solution_course_notebooks. Sale de la calibración: el menor número con el que ningún juego "
        "honrado, en ninguna combinación de tantos cuadernos o más, sale señalado (en uno solo, sí: por eso un "
        "cuaderno solo se juzga con similarity_threshold_classmate). Hoy, 3: con dos de 11, 17 y 18, un juego que "
        "escribe casi como la solución se aparta de ella tan poco como una copia.")).tag(config=True)
    similarity_notebook_min_chars = Integer(102, help=(
        "Parecidos: letras de código propio (tras el analizador, pesadas) que tiene que tener la solución "
        "publicada de un cuaderno para juzgarlo. Con menos, el informe dice «no se juzga: sus respuestas son "
        "demasiado cortas para distinguir una copia de una idea común» (00, 04, 10 y 15, los más cortos: en 04, "
        "00 y 15 la copia disfrazada de ningún juego honrado llega a similarity_min_evidence letras). Sale de la "
        "calibración: del "
        "cuaderno más largo al más corto, el punto medio entre el último en el que las copias disfrazadas que se "
        "pueden ver (las que llegan a esas letras) superan al par honrado más parecido (14, 119) y el primero en "
        "el que no hay ninguna (04, 84). La copia de un juego casi todo natural no se ve en ningún cuaderno: es "
        "un límite, no un motivo para no juzgarlo. Lo da «copies_calibration --umbral».")).tag(config=True)
    similarity_min_chars = Integer(40, help=(
        "Parecidos: el código propio de un ejercicio más corto que esto (en letras tras el analizador, cada "
        "nombre cuenta una) pesa menos, en proporción a su largo: una respuesta tan corta se escribe igual sin "
        "copiar.")).tag(config=True)
    similarity_min_evidence = Integer(120, help=(
        "Parecidos: letras (tras el analizador, pesadas) que un alumno tiene que compartir en un cuaderno, más "
        "allá de lo natural, para señalarlo: un parecido de una línea no es un parecido. Contra la solución "
        "publicada, las de lo propio de ella en el cuaderno (con menos, una parte alta de ella sería media línea). "
        "Calibrado con catalogues/independent (copies_calibration).")).tag(config=True)
    release_after = Dict({"19-rukh-juega": "18-decoder"}, help=(
        "Tareas que el intercambio (nbgrader release_assignment, el botón del Formgrader, make hub) no publica "
        "hasta que se haya recogido alguna entrega de otra: {tarea: la que tiene que estar en submitted/ antes}. "
        "La celda dada del 19 lleva las soluciones de los ejercicios del 18: publicarlo antes de recoger el 18 "
        "se las daría a la clase. Una clase que no corrige el 18 puede dejarlo vacío ({}).")).tag(config=True)
    # --- el trabajo entero acotado (issue 40: isolation/jobgroup.py, grading/collect.py) ---
    processes_max = Integer(64, help=(
        "Procesos (e hilos) como mucho de todo lo que arranca el núcleo de corrección de un trabajo: con un cgroup "
        "por trabajo (pids.max) donde se puede y siempre con RLIMIT_NPROC en el espacio de usuario del núcleo. Un "
        "núcleo en marcha usa unos 10. Al pasarlos, el trabajo acaba con too-many-processes.")).tag(config=True)
    notebook_max_mb = Integer(20, help=(
        "MB como mucho de un fichero de una entrega (tamaño aparente: los dispersos cuentan entero), medido antes "
        "de leerlo. Uno más grande no se lee: la entrega vale 0 con submission-too-big.")).tag(config=True)
    submission_max_mb = Integer(50, help=(
        "MB como mucho de todos los ficheros de una entrega, medidos antes de leerlos. Una más grande no se lee: "
        "vale 0 con submission-too-big. También es el tope de lo que se descomprime de cada alumno de una "
        "descarga de Moodle.")).tag(config=True)
    archive_max_entries = Integer(10000, help=(
        "Entradas como mucho de una descarga de Moodle (make grade ZIP=…); con más, no se descomprime.")).tag(config=True)
    archive_max_mb = Integer(2048, help=(
        "MB como mucho de lo que se descomprime, en total, de una descarga de Moodle (solo los cuadernos).")).tag(config=True)
    # --- fin del trabajo entero acotado ---
    gradebook_url = Unicode("", help=(
        "La libreta de notas (URL de SQLAlchemy, p. ej. postgresql://profe@servidor:5432/notas). Vacía: "
        "gradebook.db en la raíz del curso.")).tag(config=True)


def repository_config():
    """La configuración de ``nbgrader_config.py`` del repositorio, leída otra vez en cada llamada (es un fichero
    sin imports del curso: milisegundos), así que ve el entorno de ahora (``COURSE_GRADEBOOK_URL``)."""
    from traitlets.config.loader import PyFileConfigLoader

    return PyFileConfigLoader(CONFIG_FILE.name, path=str(CONFIG_FILE.parent)).load_config()


def course_settings(config=None) -> CourseSettings:
    """Los ajustes de ``config`` (por defecto, los de ``nbgrader_config.py`` del repositorio)."""
    return CourseSettings(config=repository_config() if config is None else config)


def override(config, values: dict) -> None:
    """Pone en ``config`` otros valores de los ajustes (los de un trabajo de corrección, los de una prueba)."""
    for name, value in values.items():
        if name not in CourseSettings.class_trait_names(config=True):
            raise ValueError(f"«{name}» no es un ajuste del curso (ver course_tools/settings.py)")
        setattr(config.CourseSettings, name, value)
