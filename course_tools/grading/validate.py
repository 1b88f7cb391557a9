"""``nbgrader validate --invert`` sobre muchos cuadernos a la vez: ningún test debe pasar sin rellenar."""

from __future__ import annotations

import io
import warnings
from pathlib import Path

from ..layout.course import Course
from .executor import make_executor
from .model import JobFailed


def validate_inverted(path: str, root: str) -> str:
    """Lo que imprime ``nbgrader validate --invert`` para un cuaderno (su código de salida es 0 siempre)."""
    from nbgrader.preprocessors import CheckCellMetadata, ClearOutput
    from nbgrader.validator import Validator

    from .guard import GuardedExecute

    warnings.filterwarnings("ignore")
    stream = io.StringIO()
    validator = Validator(config=Course(Path(root)).nbgrader_config())
    # El núcleo de corrección (caliente y con límites) en vez del Execute de nbgrader con python3.
    validator.preprocessors = [CheckCellMetadata, ClearOutput, GuardedExecute]
    validator.stream = stream
    validator.invert = True
    validator.validate_and_print(path)
    return stream.getvalue()


def validate_inverted_many(paths: list[Path], root: Path, jobs: int | None = None) -> dict[Path, str]:
    """Valida en paralelo cuadernos de alumno sin rellenar; devuelve lo que imprime cada uno."""
    printed = {}
    with make_executor(workers=jobs) as executor:
        for (path, _root), text in executor.run(_validate_pair, [(str(p), str(root)) for p in paths]):
            printed[Path(path)] = f"el validador falló: {text.reason}" if isinstance(text, JobFailed) else text
    return printed


def _validate_pair(pair: tuple[str, str]) -> str:
    return validate_inverted(*pair)
