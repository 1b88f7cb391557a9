"""Lo que el curso cambia de nbgrader y de nbval para usarlos tal cual, en un solo módulo.

- ``use_inprocess_alembic``: nbgrader lanza la orden ``alembic`` (buscándola en el PATH) para saber
  la versión de esquema de una libreta nueva; aquí se lee dentro del proceso.
- ``api_log`` y ``api_failure``: lo que dice ``NbGraderAPI`` de una orden (``autograde``,
  ``generate_feedback``), entero y en una línea;
- ``nbval_ignore_stderr`` y ``nbval_short_output_wait``: nbval sobre notebooks/ sin comparar stderr y
  esperando 1 s por las salidas tardías; los llaman los ganchos de pytest de ``conftest.py``, en la raíz.

No importa nada más de ``course_tools``.
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
