"""Lo que el curso cambia de nbgrader y de nbval para usarlos tal cual, en un solo módulo.

- ``use_inprocess_alembic``: nbgrader lanza la orden ``alembic`` (buscándola en el PATH) para saber
  la versión de esquema de una libreta nueva; aquí se lee dentro del proceso.
- ``use_cached_metadata_schema``: nbgrader valida los metadatos de cada celda con ``jsonschema.validate``,
  que vuelve a comprobar el esquema cada vez; aquí, con un validador hecho una vez por versión de esquema.
- ``api_log`` y ``api_failure``: lo que dice ``NbGraderAPI`` de una orden (``autograde``,
  ``generate_feedback``), entero y en una línea;
- ``nbval_ignore_stderr`` y ``nbval_short_output_wait``: nbval sobre notebooks/ sin comparar stderr y
  esperando 1 s por las salidas tardías; los llaman los ganchos de pytest de ``conftest.py``, en la raíz.
- ``LogConfinement``: el preprocesador de autograde que dice en el registro de nbgrader qué protege el
  encierro de los núcleos en esta máquina (lo que ``make grade`` dice en pantalla). Así lo ve también
  quien corrige con ``nbgrader autograde`` a secas o con el botón «Autograde» del formgrader.

Solo importa, de ``course_tools``, los ajustes (``settings``) y el encierro (``isolation.sandbox``), y solo al corregir.
"""

from __future__ import annotations

import functools
import io
import re


@functools.cache
def alembic_head() -> str:
    """La versión de esquema que nbgrader escribe en una libreta nueva, leída sin lanzar ``alembic``."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory
    from nbgrader.dbutil import ALEMBIC_DIR

    config = Config(stdout=io.StringIO())
    config.set_main_option("script_location", ALEMBIC_DIR)
    return ScriptDirectory.from_config(config).get_current_head()


def use_inprocess_alembic() -> None:
    """Que nbgrader cree libretas sin lanzar ``alembic``: sin depender del PATH ni pagar un proceso por libreta."""
    import nbgrader.api

    nbgrader.api.get_alembic_version = alembic_head


def _validate_against(schema: dict):
    """Un validador hecho una vez para un esquema que no cambia: ``jsonschema.validate`` comprueba el esquema
    contra su metaesquema en cada llamada, y nbgrader lo llama por cada celda (un tercio de la CPU de corregir
    un cuaderno corto). El mismo veredicto y el mismo error que ``jsonschema.validate``."""
    import jsonschema
    from jsonschema.exceptions import best_match

    validator = jsonschema.validators.validator_for(schema)(schema)

    def validate(instance: dict) -> None:
        error = best_match(validator.iter_errors(instance))
        if error is not None:
            raise error

    return validate


def use_cached_metadata_schema() -> None:
    """Que nbgrader valide los metadatos de cada celda con un validador hecho una vez por esquema."""
    from nbgrader.nbgraderformat import common

    if getattr(common.BaseMetadataValidator.validate_cell, "cached_schema", False):
        return
    original = common.BaseMetadataValidator.validate_cell
    validators: dict[int, object] = {}

    def validate_cell(self, cell) -> None:
        if "nbgrader" not in cell.metadata:
            return
        meta = cell.metadata["nbgrader"]
        if meta.get("schema_version", 0) != self.schema_version:
            return original(self, cell)  # las versiones viejas o nuevas dan el error de nbgrader
        if self.schema_version not in validators:  # el esquema de una versión es un fichero de nbgrader, fijo
            validators[self.schema_version] = _validate_against(self.schema)
        validators[self.schema_version](meta)

    validate_cell.cached_schema = True
    common.BaseMetadataValidator.validate_cell = validate_cell


UNCONFINED_LINE = ("aviso: encierro de los núcleos de corrección apagado (c.CourseSettings.sandbox = False en "
                   "nbgrader_config.py): una entrega puede leer los cuadernos del profesor")
CONFINED_LINE = "encierro de los núcleos de corrección: completo en esta máquina (sin leer fuera de su carpeta, sin red)"


@functools.cache
def confinement_line() -> tuple[bool, str]:
    """(completo, la línea): lo que el encierro consigue aquí, probado una vez por proceso (~0,15 s)."""
    from ..isolation import sandbox

    weak = sandbox.weaknesses()
    return (not weak, sandbox.warning_line(weak) if weak else CONFINED_LINE)


def _log_confinement_class():
    from nbgrader.preprocessors import NbGraderPreprocessor  # activo por defecto, como los de nbgrader

    class LogConfinement(NbGraderPreprocessor):
        """Último paso de ``Autograde.sanitize_preprocessors`` (nbgrader_config.py): una línea en el registro, antes de ejecutar."""

        def preprocess(self, nb, resources):
            from ..settings import CourseSettings

            if not CourseSettings(parent=self).sandbox:  # c.CourseSettings.sandbox = False: el núcleo no se encierra
                self.log.warning(UNCONFINED_LINE)
                return nb, resources
            complete, line = confinement_line()
            (self.log.info if complete else self.log.warning)(line)
            return nb, resources

    return LogConfinement


def __getattr__(name: str):
    """``LogConfinement`` se crea al pedirlo nbconvert: importar este módulo (lo hace conftest.py en cada
    pytest) no carga nbgrader."""
    if name == "LogConfinement":
        globals()[name] = _log_confinement_class()
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# La línea «Nombre: mensaje» de una excepción dentro de un registro de nbgrader.
EXCEPTION_LINE = re.compile(r"\b(\w+(?:Error|Exception)): .+")


def api_log(result: dict) -> str:
    """Todo lo que dijo ``NbGraderAPI`` de una orden: su registro y su error."""
    return "\n".join(filter(None, (result.get("log"), result.get("error"))))


def api_failure(result: dict) -> str:
    """La causa de un fallo de nbgrader en una línea: la primera excepción concreta del registro (nbgrader
    termina siempre con un «Please see the above traceback» que no dice nada), o la última línea."""
    text = api_log(result)
    causes = [m.group(0) for m in map(EXCEPTION_LINE.search, text.splitlines())
              if m and not m.group(1).startswith("NbGrader")]
    lines = text.strip().splitlines()
    found = causes[0] if causes else (lines[-1] if lines else "error desconocido")
    return found.strip()[:160]


def nbval_ignore_stderr(collector) -> None:
    """Los avisos van a stderr con rutas /tmp/ipykernel_<PID>/...: nbval no los compara."""
    if getattr(collector, "skip_compare", None) is not None:
        collector.skip_compare = tuple(collector.skip_compare) + ("stderr",)


def nbval_short_output_wait(items) -> None:
    """nbval espera 5 s por salidas tardías tras cada celda; con 1 s basta y ahorra minutos."""
    for item in items:
        if hasattr(item, "output_timeout"):
            item.output_timeout = 1
