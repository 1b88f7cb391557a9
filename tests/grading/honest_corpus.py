"""El corpus de trabajo honrado del informe de parecidos (``catalogues/independent/learners.py``): los alumnos honrados
de las clases apartadas (``copies_class_*.py``, los de su ``HONEST``) y los juegos de estilo (``copies_class_styles``).
Cada uno lo escribió por su cuenta, a ciegas; para el informe, lo que escribe también uno de ellos es natural entre
compañeros (``evidence.learner_prints``): dos principiantes de una clase escriben los mismos bucles sin copiarse.

El fichero se genera de aquí (``python tests/grading/honest_corpus.py``) y una prueba comprueba que es lo que sale.
Cada clase apartada se juzga en sus pruebas sin sus propios honrados en el corpus (``make_class(..., corpus_without=…)``).
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent.parent)]

from course_tools.grading.evidence import learners_file  # noqa: E402
from course_tools.layout.course import ROOT, Course  # noqa: E402

PREFIX = "copies_class_"


def classes() -> dict[str, object]:
    """nombre -> módulo de cada clase con honrados (el nombre es el del fichero sin ``copies_class_``)."""
    found = {}
    for path in sorted(HERE.glob(f"{PREFIX}*.py")):
        module = importlib.import_module(path.stem)
        if hasattr(module, "HONEST") and hasattr(module, "WORK"):
            found[name_of(module)] = module
    return found


def name_of(module) -> str:
    """El nombre de una clase en el corpus: el de su fichero sin ``copies_class_``."""
    return module.__name__[len(PREFIX):]


def learners(without: tuple = ()) -> dict[str, dict[str, str]]:
    """«clase/alumno» -> grade_id -> código, de cada honrado de cada clase menos las de ``without``."""
    return {f"{name}/{student}": dict(module.WORK[student]) for name, module in classes().items()
            if name not in without for student in module.HONEST}


def _literal(body: str) -> str:
    if '"""' in body or "\\" in body or not body.endswith("\n"):
        return repr(body)
    return '"""\\\n' + body + '"""'


def render(found: dict[str, dict[str, str]]) -> str:
    lines = ['"""Trabajo honrado escrito por separado: los alumnos honrados de las clases apartadas del informe de parecidos',
             'y los juegos de estilo. Lo que escribe también uno de ellos es natural entre compañeros (``evidence``).',
             '',
             'Generado por ``tests/grading/honest_corpus.py`` desde ``tests/grading/copies_class_*.py``: no se edita a mano.',
             '"""', '', 'LEARNERS = {']
    for key, bodies in found.items():
        lines.append(f"    {key!r}: {{")
        lines += [f"        {gid!r}: {_literal(body)}," for gid, body in bodies.items()]
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def corpus_file(root: Path = ROOT) -> Path:
    return learners_file(Course(root).layout.catalogue_dir)


def write(path: Path, without: tuple = ()) -> None:
    path.write_text(render(learners(without)), encoding="utf-8")


if __name__ == "__main__":
    write(corpus_file())
    print(f"{corpus_file()}: {len(learners())} alumnos honrados")
