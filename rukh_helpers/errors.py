"""Mostrar un error a propósito sin parar «Ejecutar todo».

En los cuadernos, una celda que enseña un error lo envuelve así::

    with show_error():
        elo - rivales

El error real (su tipo y su mensaje) se imprime y el cuaderno sigue con la celda siguiente.
"""

from __future__ import annotations

import textwrap


class show_error:  # noqa: N801 (se usa como una función: ``with show_error():``)
    """Ejecuta el bloque ``with``; si lanza una excepción, imprime su tipo y su mensaje y la detiene.

    La excepción queda en ``.error`` para mirarla después (``with show_error() as e: ...``).
    Si el bloque no lanza nada, lo dice: un error que se esperaba y no llega también enseña algo.
    """

    def __init__(self) -> None:
        self.error: Exception | None = None

    def __enter__(self) -> "show_error":
        return self

    def __exit__(self, kind, error, traceback) -> bool:
        if kind is None:
            print("✓ Este bloque no lanzó ningún error.")
            return False
        if not issubclass(kind, Exception):  # Ctrl+C o una salida del núcleo siguen su camino
            return False
        self.error = error
        message = str(error).strip() or "(sin mensaje)"
        print(f"✗ Error: {kind.__name__}")
        print(textwrap.indent(message, "  "))
        print("  (capturado con show_error: el cuaderno sigue)")
        return True
