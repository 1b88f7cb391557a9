"""Las capas de course_tools/ solo importan hacia abajo, y ningún módulo se importa a sí mismo en círculo.

Se leen los ``import`` de cada fichero con ``ast`` (también los de dentro de funciones: un import
perezoso también es una dependencia). El orden de las capas está escrito aquí y en ningún otro sitio.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = "course_tools"
ROOT = Path(__file__).resolve().parents[2]

# De abajo arriba. Un módulo solo importa de su capa o de las de debajo. Cada capa es una lista de
# módulos o paquetes; lo que no está en ninguna es de la capa «curso» (build, prueba, comprobaciones,
# reglas de celdas, make progreso, make lab...).
LAYERS = [
    ("ajustes", ["course_tools.settings"]),
    ("aislamiento", ["course_tools.isolation"]),
    ("núcleos", ["course_tools.kernels"]),
    ("nbgrader", ["course_tools.nbgrader_compat"]),
    ("disposición", ["course_tools.course"]),
    ("curso", []),
    ("corrección", ["course_tools.grading"]),
    ("órdenes", ["course_tools.__main__"]),
]
DEFAULT_LAYER = "curso"


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, root: Path, known: set[str]) -> set[str]:
    """Los módulos de ``known`` que importa el fichero ``path`` (en cualquier sitio del fichero)."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            # ``from paquete import módulo`` importa el módulo; ``from módulo import nombre``, el módulo.
            targets = [f"{module}.{alias.name}" if f"{module}.{alias.name}" in known else module for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:  # ``import course_tools.a.b`` cuando solo existe ``a``
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Módulo -> módulos de ``course_tools`` que importa."""
    files = sorted((root / PACKAGE).rglob("*.py"))
    known = {module_name(path, root) for path in files}
    return {module_name(path, root): imports_of(path, root, known) for path in files}


def layer_of(module: str) -> int:
    names = [name for name, _ in LAYERS]
    best = None
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if module == prefix or module.startswith(prefix + "."):
                if best is None or len(prefix) > best[1]:
                    best = (index, len(prefix))
    if best is not None:
        return best[0]
    return 0 if module == PACKAGE else names.index(DEFAULT_LAYER)


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """«a (capa) importa b (capa de arriba)» por cada import que sube."""
    names = [name for name, _ in LAYERS]
    return sorted(f"{a} ({names[layer_of(a)]}) importa {b} ({names[layer_of(b)]})"
                  for a, targets in graph.items() for b in targets if layer_of(b) > layer_of(a))


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Los grupos de módulos que se importan en círculo (componentes fuertemente conexas de más de uno)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_every_named_layer_exists():
    graph = import_graph()
    for _, prefixes in LAYERS:
        for prefix in prefixes:
            assert any(m == prefix or m.startswith(prefix + ".") for m in graph), f"{prefix} no existe"


def test_the_graph_sees_lazy_and_relative_imports():
    graph = import_graph()
    assert "course_tools.grading.dask_executor" in graph["course_tools.grading.executor"]  # dentro de una función
    assert "course_tools.isolation.sandbox" in graph["course_tools.kernels.provisioner"]  # from ..isolation import


def test_no_module_imports_a_higher_layer():
    assert upward_imports(import_graph()) == []


def test_no_import_cycle_in_course_tools():
    assert cycles(import_graph()) == []


def _fake_package(tmp_path: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = tmp_path / PACKAGE / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("files, expected", [
    ({"isolation/__init__.py": "", "isolation/limits.py": "def f():\n    from ..grading import run\n",
      "grading/__init__.py": "", "grading/run.py": ""},
     ["course_tools.isolation.limits (aislamiento) importa course_tools.grading.run (corrección)"]),
    ({"course.py": "from . import build\n", "build.py": ""},
     ["course_tools.course (disposición) importa course_tools.build (curso)"]),
])
def test_an_upward_import_is_caught(tmp_path, files, expected):
    assert upward_imports(import_graph(_fake_package(tmp_path, files))) == expected


def test_a_cycle_is_caught(tmp_path):
    root = _fake_package(tmp_path, {"grading/__init__.py": "", "grading/executor.py": "def f():\n    from . import dask\n",
                                    "grading/dask.py": "from .executor import f\n"})
    assert cycles(import_graph(root)) == [["course_tools.grading.dask", "course_tools.grading.executor"]]
