"""Ninguna ruta del curso se construye a mano fuera de ``course_tools/layout/course.py`` (``CourseLayout``).

Se lee el código (``ast``, sin docstrings ni comentarios) de ``course_tools/``, ``rukh_helpers/``, ``tests/``,
``catalogues/``, ``conftest.py`` y ``nbgrader_config.py`` buscando una carpeta del curso escrita a mano
(``root / "feedback"``, ``Path(x, "source")``, ``"submitted/ana/…"``), el nombre de un cuaderno compuesto
(``f"{slug}.ipynb"``, ``slug + ".ipynb"``), un patrón que recorre carpetas (``"*/*/*.ipynb"``) o, en el código
del producto, la carpeta ``tests/``. El fallo dice fichero:línea y qué pedir a la disposición en su lugar.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from course_tools.layout.course import ROOT

# Las carpetas de un curso: solo ``CourseLayout`` las nombra.
FOLDERS = {"source", "release", "submitted", "autograded", "feedback", "notebooks", "catalogues", "informe",
           "downloaded", "mi-curso", "gradebook.db"}
FOLDER_PATH = re.compile(r"^(?:\.\./)?(?:%s)/\S" % "|".join(re.escape(f) for f in sorted(FOLDERS)))
WALKING_GLOB = re.compile(r"\*\.ipynb|\*/\*")
PATH_CALLS = {"Path", "PurePath", "PurePosixPath", "join", "joinpath", "folder", "notebook", "format_path"}

SCANNED = ["course_tools", "rukh_helpers", "tests", "catalogues", "conftest.py", "nbgrader_config.py"]
PRODUCT = ["course_tools", "rukh_helpers", "catalogues", "nbgrader_config.py"]
LAYOUT_FILES = {"course_tools/layout/course.py",  # la disposición misma
                "tests/unit/test_course.py",  # su especificación, escrita a mano a propósito
                "tests/unit/test_no_hand_built_paths.py"}  # los ejemplos de lo que se busca


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
    return ids


def _call_name(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _is_notebook_suffix(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.endswith(".ipynb")


def hand_built(text: str, product: bool = False) -> list[tuple[int, str]]:
    """(línea, qué) de cada ruta construida a mano en el código ``text``."""
    tree = ast.parse(text)
    skip = _docstrings(tree)
    found = []

    def folder(node) -> bool:
        return isinstance(node, ast.Constant) and node.value in FOLDERS

    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and (folder(node.left) or folder(node.right)):
            found.append((line, "carpeta del curso unida a mano con /"))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and _is_notebook_suffix(node.right):
            found.append((line, "nombre de cuaderno compuesto con +"))
        elif isinstance(node, ast.Call) and _call_name(node) in PATH_CALLS and any(map(folder, node.args)):
            found.append((line, f"carpeta del curso pasada a {_call_name(node)}()"))
        elif isinstance(node, ast.JoinedStr) and node.values and _is_notebook_suffix(node.values[-1]) \
                and len(node.values) > 1:
            found.append((line, "nombre de cuaderno compuesto en una f-string"))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            if FOLDER_PATH.match(node.value):
                found.append((line, f"ruta escrita a mano «{node.value[:40]}»"))
            elif WALKING_GLOB.search(node.value):
                found.append((line, f"patrón que recorre carpetas «{node.value[:40]}»"))
            elif product and re.search(r"(^|/)tests(/|$)", node.value):
                found.append((line, f"el producto nombra tests/ («{node.value[:40]}»)"))
        if product and isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and any(
                isinstance(side, ast.Constant) and side.value == "tests" for side in (node.left, node.right)):
            found.append((line, "el producto nombra tests/"))
    return sorted(set(found))


def _files(tops: list[str]) -> list[Path]:
    paths = []
    for top in tops:
        path = ROOT / top
        paths += [path] if path.is_file() else sorted(path.rglob("*.py"))
    return [p for p in paths if "__pycache__" not in p.parts]


def _offenders(tops: list[str], product: bool) -> list[str]:
    lines = []
    for path in _files(tops):
        rel = path.relative_to(ROOT).as_posix()
        if rel in LAYOUT_FILES:
            continue
        lines += [f"{rel}:{line}: {what}" for line, what in hand_built(path.read_text(encoding="utf-8"), product)]
    return lines


def test_no_path_is_built_by_hand_outside_the_layout():
    offenders = _offenders(SCANNED, product=False)
    assert not offenders, ("Rutas construidas a mano; pídeselas a CourseLayout (course_tools/layout/course.py: step, "
                           "assignment, notebook, entries, notebook_file, notebooks_in…):\n" + "\n".join(offenders))


def test_product_code_never_names_tests():
    offenders = [o for o in _offenders(PRODUCT, product=True) if "tests/" in o]
    assert not offenders, "El código del producto no lee tests/:\n" + "\n".join(offenders)


@pytest.mark.parametrize("code", [
    'p = root / "feedback" / student',
    'p = Path(root, "source", slug)',
    'p = course.folder("submitted")',
    'name = f"{slug}.ipynb"',
    'name = slug + ".ipynb"',
    'pairs = root.glob("*/*/*.ipynb")',
    'p = Path("autograded/ana/01-a")',
    'p = "../release/01-a/01-a.ipynb"',
])
def test_each_hand_built_pattern_is_caught(code):
    assert hand_built(code), code


@pytest.mark.parametrize("code", ['p = ROOT / "tests" / "x"', 'CATALOGUES = "tests/wrong_answers"'])
def test_naming_tests_is_caught_in_product_code(code):
    assert hand_built(code, product=True) and not hand_built(code)


def test_what_the_layout_gives_is_not_flagged():
    clean = '''
"""Un docstring puede hablar de source/01-a/01-a.ipynb y de autograded/*/*/*.ipynb."""
p = layout.notebook(SUBMITTED, slug, student)
name = notebook_file(slug)
problems.append(f"falta {name}: no hay source/{slug}")
parser.add_parser("feedback", help="devoluciones")
'''
    assert hand_built(clean, product=True) == []
