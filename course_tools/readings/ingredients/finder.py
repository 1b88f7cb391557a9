"""Los ingredientes de un árbol de sintaxis: lo que pide (``of_tree``) y lo que enseña (``taught_by``), sin
contar los nombres que define el propio código (``defined_names``)."""

from __future__ import annotations

import ast
import re

from .vocabulary import BUILTIN_NAMES, EXPLAINED_ONLY, OPERATORS, STATEMENTS, WRAPPER, syntax


def without_magics(source: str) -> str:
    """Cambia las órdenes mágicas de IPython (``%pip``, ``!ls``) por ``pass``, sin mover las líneas."""
    return re.sub(r"^([ \t]*)[%!].*$", r"\1pass", source, flags=re.M)


def imported_names(tree: ast.AST) -> dict[str, str]:
    """Alias → nombre completo de los import de ``tree``: ``F`` → ``torch.nn.functional``."""
    aliases = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    aliases[alias.asname] = alias.name
                else:
                    root = alias.name.split(".")[0]
                    aliases[root] = root
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return aliases


def defined_names(tree: ast.AST) -> tuple[set[str], set[str]]:
    """(nombres, atributos) que define el propio código: variables, parámetros, funciones, clases, ``self.x``."""
    names, attributes = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        attributes.add(item.name)
                    for target in _assigned(item):
                        if isinstance(target, ast.Name):
                            attributes.add(target.id)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _is_self(node.value):
            attributes.add(node.attr)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _REGISTERS:
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                attributes.add(first.value)
    return names, attributes


_REGISTERS = {"register_buffer", "register_parameter", "add_module", "register_module"}


def _assigned(statement: ast.AST) -> list[ast.AST]:
    if isinstance(statement, ast.Assign):
        return statement.targets
    if isinstance(statement, (ast.AnnAssign, ast.AugAssign)):
        return [statement.target]
    return []


def _is_self(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


class _Finder(ast.NodeVisitor):
    def __init__(self, aliases: dict[str, str], names: set[str], attributes: set[str], lines: set[int] | None):
        self.aliases = {alias: full for alias, full in aliases.items() if alias not in names}
        self.names = names
        self.attributes = attributes
        self.lines = lines
        self.found: set[str] = set()

    def add(self, node: ast.AST, ingredient: str) -> None:
        if self.lines is None or getattr(node, "lineno", None) in self.lines:
            self.found.add(ingredient)

    def generic_visit(self, node: ast.AST) -> None:
        kind = STATEMENTS.get(type(node))
        if kind:
            self.add(node, syntax(kind))
        if isinstance(node, (ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.AugAssign)) and type(node.op) in OPERATORS:
            self.add(node, syntax(OPERATORS[type(node.op)]))
        super().generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        for op in node.ops:
            if type(op) in OPERATORS:
                self.add(node, syntax(OPERATORS[type(op)]))
        self.generic_visit(node)

    def _function(self, node) -> None:
        self.add(node, syntax("def"))
        if node.decorator_list:
            self.add(node, syntax("decorador"))
        if node.args.vararg:
            self.add(node, syntax("args"))
        if node.args.kwarg:
            self.add(node, syntax("kwargs"))
        for child in node.decorator_list + node.args.defaults + [d for d in node.args.kw_defaults if d] + node.body:
            self.visit(child)  # las anotaciones de tipo no se miran: `list[str]` no es un índice

    visit_FunctionDef = visit_AsyncFunctionDef = _function

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        if node.bases:
            self.add(node, syntax("herencia"))
        self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self.visit(node.target)
        if node.value:
            self.visit(node.value)

    def visit_Name(self, node: ast.Name) -> None:
        if node.id in self.names:
            return
        if node.id in self.aliases:
            self.add(node, self.aliases[node.id])
        elif node.id in BUILTIN_NAMES:
            self.add(node, node.id)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        dotted = self._dotted(node)
        if dotted:
            self.add(node, dotted)
            return
        defines = isinstance(node.ctx, ast.Store) and _is_self(node.value)
        if not defines and node.attr not in self.attributes:
            self.add(node, "." + node.attr)
        self.visit(node.value)

    def _dotted(self, node: ast.Attribute) -> str | None:
        """``torch.nn.functional.softmax`` si la cadena de atributos sale de un nombre importado."""
        parts = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if isinstance(node, ast.Name) and node.id in self.aliases:
            return ".".join([self.aliases[node.id]] + parts[::-1])
        return None

    def visit_Call(self, node: ast.Call) -> None:
        own = (isinstance(node.func, ast.Name) and node.func.id not in self.aliases
               and node.func.id not in BUILTIN_NAMES and node.func.id != WRAPPER)
        for keyword in node.keywords:
            if keyword.arg is None:
                self.add(keyword.value, syntax("doble-estrella"))
            elif not own:  # los argumentos de una función del propio curso no son de PyTorch ni de Python
                self.add(keyword.value, f"{keyword.arg}=")
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        index = node.slice
        parts = index.elts if isinstance(index, ast.Tuple) else [index]
        if isinstance(index, ast.Tuple):
            self.add(node, syntax("indice-varios-ejes"))
        for part in parts:
            if isinstance(part, ast.Slice):
                self.add(node, syntax("corte-con-paso" if part.step else "corte"))
                for bound in (part.lower, part.upper, part.step):
                    if bound:
                        self.visit(bound)
                continue
            if isinstance(part, ast.Constant) and part.value is None:
                self.add(node, syntax("indice-none"))
            elif isinstance(part, ast.Constant) and part.value is Ellipsis:
                self.add(node, syntax("indice-ellipsis"))
            elif isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.USub) and isinstance(part.operand, ast.Constant):
                self.add(node, syntax("indice-negativo"))
            else:
                self.visit(part)
        self.visit(node.value)

    def visit_Tuple(self, node: ast.Tuple) -> None:
        self._sequence(node, "tupla")

    def visit_List(self, node: ast.List) -> None:
        self._sequence(node, None)

    def _sequence(self, node, display: str | None) -> None:
        if isinstance(node.ctx, ast.Store):
            self.add(node, syntax("desempaquetar"))
        elif display:
            self.add(node, syntax(display))
        self.generic_visit(node)

    def visit_Starred(self, node: ast.Starred) -> None:
        self.add(node, syntax("desempaquetar-resto" if isinstance(node.ctx, ast.Store) else "estrella"))
        self.generic_visit(node)

    def visit_comprehension(self, node: ast.comprehension) -> None:
        if node.ifs:
            self.add(node.ifs[0], syntax("if-en-comprension"))
        self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.add(node, alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.module and not node.level:
            for alias in node.names:  # el nombre completo de la tabla, el mismo que dará su uso
                self.add(node, self.aliases.get(alias.asname or alias.name, f"{node.module}.{alias.name}"))


def parse(source: str) -> ast.Module:
    """El árbol de una celda de código, con las órdenes mágicas cambiadas por ``pass``."""
    return ast.parse(without_magics(source))


def of_tree(tree: ast.AST, aliases: dict[str, str], lines: set[int] | None = None) -> set[str]:
    """Los ingredientes que pide ``tree`` (solo los de las líneas ``lines``, si se dan)."""
    names, attributes = defined_names(tree)
    finder = _Finder(aliases, names, attributes, lines)
    finder.visit(tree)
    return finder.found


def taught_by(tree: ast.AST, aliases: dict[str, str], lines: set[int] | None = None) -> set[str]:
    """Lo que enseña ``tree``: sus ingredientes y los métodos y atributos que define (``.decode`` de una clase),
    menos los de ``EXPLAINED_ONLY``, que solo enseña el texto que los nombra."""
    _, attributes = defined_names(tree)
    return (of_tree(tree, aliases, lines) - EXPLAINED_ONLY) | {"." + attribute for attribute in attributes}
