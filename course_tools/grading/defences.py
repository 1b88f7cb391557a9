"""Las defensas del corrector, una entrada por defensa: de aquí salen las cadenas de nbgrader, qué error de una
celda es qué problema y la tabla de problemas.

Cada ``Defence`` dice:

* ``code``, ``severity`` y ``message``: su línea en la tabla de notas (``model.PROBLEMS`` las toma de aquí);
* ``preprocessors``: dónde se enchufa cada preprocesador suyo, por su nombre, en una cadena de nbgrader
  (``sanitize`` y ``autograde`` de ``Autograde``, ``feedback`` de ``GenerateFeedback``): ``before:X``,
  ``after:X`` o ``instead:X`` de otro de la cadena, o ``end``;
* ``enames`` y ``marks``: el error que deja en una celda o el texto que deja en una salida, por los que
  ``worker.problems_in`` sabe que actuó (``ERROR_PROBLEMS`` y ``MARK_PROBLEMS`` salen de aquí);
* ``readme``: el título de su línea en «Entregas rotas o tramposas» del README (una prueba la busca).

``nbgrader_config.py`` no importa nada del curso: escribe las cadenas por su nombre, y
``tests/unit/test_grading_defences.py`` prueba que son las que salen de aquí (si no, dice cuál poner). Añadir una
defensa es añadir aquí su entrada (y su preprocesador); la prueba dice la línea que falta en la configuración.

Este módulo no importa nada (ni nbgrader): lo lee ``model``, que viaja a los trabajadores de Dask.
"""

from __future__ import annotations

from dataclasses import dataclass

ERROR, WARNING, INFO = "error", "warning", "info"

# Lo que el corrector pone en una celda (nombres de error y marcas de texto): una sola vez, aquí.
CELL_TIMEOUT_ENAME = "CellTimeoutError"  # el de nbclient
NOTEBOOK_TIMEOUT_ENAME = "TiempoDelCuadernoAgotado"
MEMORY_ENAME = "MemoryError"
DEAD_ENAME = "NucleoMuerto"
TAMPER_ENAME = "ManipulacionDetectada"
SANDBOX_ENAME = "AccesoBloqueado"
TRUNCATED_MARK = "recortada por el corrector"
TOO_BIG_MARK = "demasiado grande: el corrector la quitó"

GRADING = "course_tools.grading"
EXECUTE = f"{GRADING}.guard.GuardedExecute"

# Las cadenas de nbgrader 0.9 tal como vienen (la prueba lo comprueba contra nbgrader).
NBGRADER_CHAINS: dict[str, tuple[str, ...]] = {
    "sanitize": ("nbgrader.preprocessors.ClearOutput", "nbgrader.preprocessors.DeduplicateIds",
                 "nbgrader.preprocessors.OverwriteKernelspec", "nbgrader.preprocessors.OverwriteCells",
                 "nbgrader.preprocessors.CheckCellMetadata"),
    "autograde": ("nbgrader.preprocessors.Execute", "nbgrader.preprocessors.IgnorePattern",
                  "nbconvert.preprocessors.ClearMetadataPreprocessor", "nbgrader.preprocessors.LimitOutput",
                  "nbgrader.preprocessors.SaveAutoGrades", "nbgrader.preprocessors.AssignLatePenalties",
                  "nbgrader.preprocessors.CheckCellMetadata"),
    "feedback": ("nbgrader.preprocessors.GetGrades", "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor"),
}


@dataclass(frozen=True)
class Defence:
    """Una defensa del corrector (ver el docstring del módulo)."""

    code: str | None
    severity: str
    message: str
    readme: str
    preprocessors: tuple[tuple[str, str, str], ...] = ()  # (cadena, dónde, preprocesador)
    enames: tuple[str, ...] = ()
    marks: tuple[str, ...] = ()
    optional_detail: bool = False  # su frase se lee bien sin el detalle (el hueco queda vacío)


# El núcleo de corrección: el Execute de nbgrader con límites, encierro y el tiempo del cuaderno.
_KERNEL = (("autograde", "instead:nbgrader.preprocessors.Execute", EXECUTE),)

DEFENCES: tuple[Defence, ...] = (
    Defence("timeout", WARNING, "tiempo agotado{detail}", "Bucle infinito o cuaderno lento.", _KERNEL,
            enames=(CELL_TIMEOUT_ENAME, NOTEBOOK_TIMEOUT_ENAME), optional_detail=True),
    Defence("out-of-memory", WARNING, "memoria agotada", "Memoria.", _KERNEL, enames=(MEMORY_ENAME,)),
    Defence("dead-kernel", WARNING, "el núcleo murió", "`os._exit` o núcleo muerto.", _KERNEL, enames=(DEAD_ENAME,)),
    Defence("output-truncated", INFO, "salida gigante recortada", "Salidas gigantes.",
            (("autograde", "before:nbgrader.preprocessors.IgnorePattern", f"{GRADING}.preprocessors.TruncateOutput"),),
            marks=(TRUNCATED_MARK,)),
    Defence("output-too-big", WARNING, "salida demasiado grande, cambiada por una nota", "Salidas gigantes.", _KERNEL,
            marks=(TOO_BIG_MARK,)),
    Defence("duplicate-cells", WARNING, "celdas duplicadas (cuenta la primera copia)",
            "Celdas de tests borradas, editadas o duplicadas.",
            (("sanitize", "before:nbgrader.preprocessors.DeduplicateIds", f"{GRADING}.preprocessors.KeepFirstIds"),)),
    Defence("tampering", ERROR, "manipulación de los tests detectada", "Trucar los tests",
            (("sanitize", "after:nbgrader.preprocessors.OverwriteCells", f"{GRADING}.guard.InsertCanaries"),
             ("autograde", f"after:{EXECUTE}", f"{GRADING}.guard.CheckCanaries")),
            enames=(TAMPER_ENAME,)),
    Defence("sandbox-denied", ERROR, "intentó salir del encierro de la corrección: {detail}",
            "Leer lo que no trae, usar la red, ver tu entorno.",
            (*_KERNEL, ("sanitize", "end", "course_tools.layout.nbgrader_compat.LogConfinement")), enames=(SANDBOX_ENAME,)),
    # El trabajo entero acotado (issue 40): se miden fuera del núcleo, sin preprocesador.
    Defence("memory", WARNING, "entre todos sus procesos pasó de {limit} de memoria: el sistema paró el trabajo (lo ya "
            "puntuado se queda)", "Memoria de todo el árbol de procesos."),
    Defence("too-many-processes", WARNING, "intentó tener más de {limit} procesos a la vez: se le negaron (lo ya "
            "puntuado se queda)", "Demasiados procesos."),
    Defence("submission-too-big", ERROR, "{name} mide {size} y el límite es {limit}: no se leyó ni se corrigió",
            "Ficheros enormes."),
    Defence("unsafe-archive", WARNING, "en la descarga de Moodle, «{entry}»: {why}; no se descomprimió",
            "Descargas de Moodle con trampa."),
    Defence(None, INFO, "", "Privilegios.", _KERNEL),  # sin capacidades ni aun como root: EPERM, sin más que anotar
    Defence(None, INFO, "", "Devoluciones.",  # la devolución no enseña el código de los tests ocultos
            (("feedback", "after:nbgrader.preprocessors.GetGrades", f"{GRADING}.preprocessors.HideHiddenTests"),)),
)


def chain(name: str, defences: tuple[Defence, ...] = DEFENCES) -> list[str]:
    """La cadena ``name`` de nbgrader con los preprocesadores de ``defences`` en su sitio, por su nombre."""
    result = list(NBGRADER_CHAINS[name])
    for defence in defences:
        for chain_name, where, preprocessor in defence.preprocessors:
            if chain_name != name or preprocessor in result:
                continue
            how, _, anchor = where.partition(":")
            if how == "end":
                result.append(preprocessor)
                continue
            if anchor not in result:
                raise ValueError(f"{preprocessor}: «{anchor}» no está en la cadena {name}")
            at = result.index(anchor)
            if how == "instead":
                result[at] = preprocessor
            else:
                result.insert(at + (how == "after"), preprocessor)
    return result


def error_problems(defences: tuple[Defence, ...] = DEFENCES) -> dict[str, str]:
    """Nombre del error que el corrector deja en una celda → código del problema."""
    return {ename: d.code for d in defences if d.code for ename in d.enames}


def mark_problems(defences: tuple[Defence, ...] = DEFENCES) -> dict[str, str]:
    """Texto que el corrector deja en una salida → código del problema."""
    return {mark: d.code for d in defences if d.code for mark in d.marks}


def problem_table(defences: tuple[Defence, ...] = DEFENCES) -> dict[str, tuple[str, str]]:
    """Código → (gravedad, frase para el profesor), como ``model.PROBLEMS``."""
    return {d.code: (d.severity, d.message) for d in defences if d.code}


def optional_details(defences: tuple[Defence, ...] = DEFENCES) -> set[str]:
    """Los códigos cuya frase se lee bien sin detalle."""
    return {d.code for d in defences if d.code and d.optional_detail}
