"""Las capas de course_tools (``course_tools.LAYERS``, el único sitio del orden): cada módulo importa solo de su capa
o de las de debajo, sin círculos; rukh_helpers no importa nada del profesorado, de nbgrader ni de Jupyter; y
nbgrader_config.py no importa nada de course_tools.

Se leen los ``import`` de cada fichero con ``ast``: también los de dentro de funciones (un import perezoso también
es una dependencia), ``importlib.import_module("…")`` y ``__import__("…")`` con el nombre escrito tal cual, y los
preprocesadores que nbgrader_config.py nombra por su nombre (``"course_tools.grading.guard.GuardedExecute"``),
que nbconvert importará al usarlos.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from course_tools import LAYERS

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "course_tools"
CONFIG = "nbgrader_config"  # nbgrader_config.py, en la raíz: un nodo más del grafo, en la capa de arriba
LEARNER = "rukh_helpers"
# Lo que el paquete del alumno no importa nunca: el profesorado, sus datos, nbgrader ni Jupyter.
NOT_FOR_LEARNERS = ("course_tools", "catalogues", "tests", "nbgrader", "nbformat", "nbconvert", "nbclient",
                    "ipykernel", "notebook", "traitlets", "jupyter")
DYNAMIC = {"import_module", "__import__"}


# --- leer los imports --------------------------------------------------------------------------------------


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(name: str, level: int, package: str) -> str:
    """``from ..x import y`` dentro de ``package``: el nombre absoluto de ``x``."""
    if not level:
        return name
    base = package.split(".")[: len(package.split(".")) - level + 1]
    return ".".join(base + ([name] if name else []))


def _dynamic_target(node: ast.Call, package: str) -> str | None:
    """``importlib.import_module("a.b")``, ``import_module(".b", __package__)`` o ``__import__("a.b")``."""
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    if name not in DYNAMIC or not node.args:
        return None
    first = node.args[0]
    if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
        return None
    target = first.value
    if target.startswith(".") and name == "import_module":
        level = len(target) - len(target.lstrip("."))
        return _resolve(target[level:], level, package)
    return target


def imported_modules(path: Path, root: Path, known: set[str] | None = None) -> set[str]:
    """Los módulos que importa ``path``, con nombre absoluto. ``from m import n`` importa ``m.n`` si es uno de los
    módulos ``known`` y si no, ``m``; sin ``known``, cuentan los dos."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = _resolve(node.module or "", node.level, package)
            for alias in node.names:
                full = f"{module}.{alias.name}"
                found.update([full] if known is not None and full in known else
                             [module] if known is not None else [module, full])
        elif isinstance(node, ast.Call):
            target = _dynamic_target(node, package)
            if target:
                found.add(target)
    return found


def _known(target: str, known: set[str]) -> str | None:
    """El módulo de ``known`` que nombra ``target`` (``a.b.C`` es ``a.b`` si ``C`` no es un módulo)."""
    while target and target not in known:
        target = target.rpartition(".")[0]
    return target or None


def _strings(tree: ast.Module) -> list[str]:
    """Los textos de ``tree``, con los f-strings cuyas partes son constantes del módulo ya resueltos."""
    constants = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            constants[node.targets[0].id] = node.value.value
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.append(node.value)
        elif isinstance(node, ast.JoinedStr):
            parts = []
            for part in node.values:
                if isinstance(part, ast.Constant):
                    parts.append(str(part.value))
                elif isinstance(part.value, ast.Name) and part.value.id in constants:
                    parts.append(constants[part.value.id])
                else:
                    break
            else:
                found.append("".join(parts))
    return found


def named_classes(config: Path) -> set[str]:
    """Los «course_tools.módulo.Clase» que nombra el fichero de configuración."""
    return {text for text in _strings(ast.parse(config.read_text(encoding="utf-8")))
            if text.startswith(PACKAGE + ".") and text.rpartition(".")[2][:1].isupper()}


def import_graph(root: Path = ROOT, package: str = PACKAGE) -> dict[str, set[str]]:
    """Módulo -> módulos de ``package`` (``course_tools`` y ``nbgrader_config``, o ``rukh_helpers``) que importa o nombra."""
    files = sorted((root / package).rglob("*.py"))
    known = {module_name(path, root) for path in files} | {CONFIG}
    graph = {}
    for path in files:
        name = module_name(path, root)
        graph[name] = {m for m in (_known(t, known) for t in imported_modules(path, root, known)) if m and m != name}
    config = root / f"{CONFIG}.py"
    if package == PACKAGE and config.exists():
        imports = imported_modules(config, root, known) | named_classes(config)
        graph[CONFIG] = {m for m in (_known(t, known) for t in imports) if m and m != CONFIG}
    return graph


# --- las capas -------------------------------------------------------------------------------------------


def layer_of(module: str) -> int | None:
    """La capa de ``module`` (el prefijo más largo que lo contiene); None si no está en ninguna."""
    best = None
    for index, (_, _, members) in enumerate(LAYERS):
        for prefix in members:
            if module == prefix or module.startswith(prefix + "."):
                if best is None or len(prefix) > best[1]:
                    best = (index, len(prefix))
    if best is not None:
        return best[0]
    return 0 if module == PACKAGE else None


def unplaced(graph: dict[str, set[str]]) -> list[str]:
    return sorted(module for module in graph if layer_of(module) is None)


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """«a (capa) importa b (capa de arriba)» por cada import que sube."""
    names = [name for name, _, _ in LAYERS]
    found = []
    for a, targets in graph.items():
        for b in targets:
            if None not in (layer_of(a), layer_of(b)) and layer_of(b) > layer_of(a):
                found.append(f"{a} ({names[layer_of(a)]}) importa {b} ({names[layer_of(b)]})")
    return sorted(found)


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


def config_problems(root: Path = ROOT) -> list[str]:
    """nbgrader_config.py no importa nada de course_tools, y cada preprocesador que nombra existe."""
    config = root / f"{CONFIG}.py"
    problems = [f"{CONFIG}.py importa {m}" for m in sorted(imported_modules(config, root))
                if m == PACKAGE or m.startswith(PACKAGE + ".")]
    for named in sorted(named_classes(config)):
        module, _, cls = named.rpartition(".")
        path = root / Path(*module.split("."))
        source = path.with_suffix(".py") if path.with_suffix(".py").exists() else path / "__init__.py"
        tree = ast.parse(source.read_text(encoding="utf-8")) if source.exists() else ast.Module(body=[], type_ignores=[])
        defined = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
        defined |= {t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
        defined |= {a.asname or a.name for n in tree.body if isinstance(n, ast.ImportFrom) for a in n.names}
        if any(isinstance(n, ast.FunctionDef) and n.name == "__getattr__" for n in tree.body):
            defined |= set(_strings(tree))  # una clase que el módulo crea al pedirla (``__getattr__``) por su nombre
        if cls not in defined:
            problems.append(f"{CONFIG}.py nombra {named}, que no existe")
    return problems


def learner_problems(root: Path = ROOT) -> list[str]:
    """Lo que importa rukh_helpers sin poder: el profesorado, sus datos, nbgrader o Jupyter."""
    problems = []
    for path in sorted((root / LEARNER).rglob("*.py")):
        for module in sorted(imported_modules(path, root)):
            top = module.split(".")[0]
            if top in NOT_FOR_LEARNERS or top.startswith("jupyter"):
                problems.append(f"{module_name(path, root)} importa {module}")
    return problems


# --- el curso tal como está ------------------------------------------------------------------------------


def test_every_module_is_in_a_layer_and_every_layer_exists():
    graph = import_graph()
    assert unplaced(graph) == [], "módulos sin capa: ponlos en course_tools.LAYERS"
    for _, _, members in LAYERS:
        for prefix in members:
            assert any(m == prefix or m.startswith(prefix + ".") for m in graph), f"{prefix} no existe"


def test_the_tree_shows_the_layers():
    """Una capa es una carpeta (un paquete); solo los ajustes, las etapas de make test y las órdenes son un módulo
    suelto, capa por sí solos."""
    loose = {module_name(path, ROOT) for path in (ROOT / PACKAGE).glob("*.py")} - {PACKAGE}
    for name, _, members in LAYERS:
        if members == (CONFIG,):
            continue
        assert len(members) == 1, f"la capa {name} tiene más de una carpeta o módulo: {members}"
        folder = ROOT / Path(*members[0].split("."))
        assert (folder / "__init__.py").exists() or members[0] in loose, f"{members[0]} no es una carpeta ni un módulo"
    assert loose == {"course_tools.settings", "course_tools.stages", "course_tools.__main__"}, "módulos sueltos en course_tools/: van en la carpeta de su capa"


def test_the_graph_sees_lazy_relative_dynamic_and_configured_imports():
    graph = import_graph()
    assert "course_tools.grading.dask_executor" in graph["course_tools.grading.executor"]  # dentro de una función
    assert "course_tools.isolation.sandbox" in graph["course_tools.kernels.provisioner"]  # from ..isolation import
    assert "course_tools.grading.guard" in graph[CONFIG]  # f"{GRADING}.guard.GuardedExecute"
    assert "course_tools.publish.release_preprocessors" in graph[CONFIG]


def test_no_module_imports_a_higher_layer():
    assert upward_imports(import_graph()) == []


def test_no_import_cycle():
    assert cycles(import_graph()) == []


def test_no_import_cycle_in_the_learners_package():
    assert cycles(import_graph(package=LEARNER)) == []


def test_nbgrader_config_imports_nothing_of_course_tools_and_names_what_exists():
    assert config_problems() == []


def test_rukh_helpers_imports_nothing_of_the_teachers_nbgrader_or_jupyter():
    assert learner_problems() == []


# --- la prueba sabe fallar: árboles de mentira ----------------------------------------------------------


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("files, expected", [
    ({"course_tools/isolation/__init__.py": "", "course_tools/isolation/limits.py": "def f():\n    from ..grading import run\n",
      "course_tools/grading/__init__.py": "", "course_tools/grading/run.py": ""},
     ["course_tools.isolation.limits (aislamiento) importa course_tools.grading.run (corrección)"]),
    ({"course_tools/rules/cells.py": "from ..publish import build\n", "course_tools/publish/build.py": ""},
     ["course_tools.rules.cells (reglas) importa course_tools.publish.build (construcción)"]),
    ({"course_tools/layout/course.py": "import importlib\nm = importlib.import_module('course_tools.rules.cells')\n",
      "course_tools/rules/cells.py": ""},
     ["course_tools.layout.course (disposición) importa course_tools.rules.cells (reglas)"]),
    ({"course_tools/kernels/__init__.py": "", "course_tools/kernels/spec.py": "x = __import__('course_tools.audits.proof')\n",
      "course_tools/audits/proof.py": ""},
     ["course_tools.kernels.spec (núcleos) importa course_tools.audits.proof (prueba y auditorías)"]),
    ({"course_tools/settings.py": "import importlib\nm = importlib.import_module('..nbgrader_config', __package__)\n",
      "nbgrader_config.py": ""},
     ["course_tools.settings (ajustes) importa nbgrader_config (configuración)"]),
])
def test_an_upward_import_is_caught(tmp_path, files, expected):
    assert upward_imports(import_graph(_tree(tmp_path, files))) == expected


def test_a_cycle_and_a_module_without_layer_are_caught(tmp_path):
    root = _tree(tmp_path, {"course_tools/grading/__init__.py": "",
                            "course_tools/grading/executor.py": "def f():\n    from . import dask\n",
                            "course_tools/grading/dask.py": "from .executor import f\n",
                            "course_tools/nuevo.py": ""})
    graph = import_graph(root)
    assert cycles(graph) == [["course_tools.grading.dask", "course_tools.grading.executor"]]
    assert unplaced(graph) == ["course_tools.nuevo"]


def test_a_config_that_imports_the_course_or_names_a_missing_class_is_caught(tmp_path):
    root = _tree(tmp_path, {
        "nbgrader_config.py": "import course_tools.settings\nG = 'course_tools.grading'\n"
                              "c.X.preprocessors = [f'{G}.guard.Guarded', f'{G}.guard.Missing']\n",
        "course_tools/settings.py": "", "course_tools/grading/__init__.py": "",
        "course_tools/grading/guard.py": "class Guarded:\n    pass\n"})
    assert config_problems(root) == ["nbgrader_config.py importa course_tools.settings",
                                     "nbgrader_config.py nombra course_tools.grading.guard.Missing, que no existe"]
    assert import_graph(root)[CONFIG] == {"course_tools.settings", "course_tools.grading.guard"}


def test_a_learner_module_that_reaches_the_teachers_or_jupyter_is_caught(tmp_path):
    root = _tree(tmp_path, {"rukh_helpers/__init__.py": "import torch\n",
                            "rukh_helpers/a.py": "def f():\n    import importlib\n    importlib.import_module('course_tools.rules.cells')\n",
                            "rukh_helpers/b.py": "from nbformat import v4\nfrom jupyter_client import manager\n",
                            "rukh_helpers/c.py": "from . import a\nimport IPython.display\n"})
    assert learner_problems(root) == ["rukh_helpers.a importa course_tools.rules.cells", "rukh_helpers.b importa jupyter_client",
                                      "rukh_helpers.b importa jupyter_client.manager", "rukh_helpers.b importa nbformat",
                                      "rukh_helpers.b importa nbformat.v4"]
