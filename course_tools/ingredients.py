"""Los ingredientes de un trozo de código: lo que hay que saber para escribirlo.

Un ingrediente es un texto estable que nombra una pieza del lenguaje o de una biblioteca:

- ``torch.arange``, ``collections.Counter``: un nombre importado, con el alias ya resuelto
  (``F.softmax`` es ``torch.nn.functional.softmax``);
- ``.reshape``, ``.T``: un método o atributo de un objeto cualquiera;
- ``sum``, ``isinstance``: una función propia de Python (*builtin*);
- ``dim=``: un argumento con nombre;
- ``sintaxis:for``, ``sintaxis:corte-con-paso``…: una construcción del lenguaje (ver ``SYNTAX``).

El mismo extractor sirve para lo que se pide (la solución de un ejercicio) y para lo que se ha
enseñado (las demos, el código del texto, las soluciones anteriores): «enseñado» quiere decir
que el mismo ingrediente sale de código anterior. Los nombres que define el propio código
(variables, parámetros, funciones, clases, atributos de ``self``) no son ingredientes.
"""

from __future__ import annotations

import ast
import builtins
import re

# Cada construcción del lenguaje que cuenta como ingrediente, con su nombre para el mensaje.
SYNTAX = {
    "for": "el bucle `for`",
    "while": "el bucle `while`",
    "if": "`if`",
    "if-else": "la expresión condicional `a if c else b`",
    "comprension-lista": "una comprensión de lista `[… for …]`",
    "comprension-conjunto": "una comprensión de conjunto `{… for …}`",
    "comprension-dict": "una comprensión de diccionario `{k: v for …}`",
    "generador": "una expresión generadora `(… for …)`",
    "if-en-comprension": "un `if` dentro de una comprensión",
    "corte": "un corte `[a:b]`",
    "corte-con-paso": "un corte con paso `[a:b:k]`",
    "indice-varios-ejes": "un índice de varios ejes `[i, j]`",
    "indice-negativo": "un índice negativo `[-1]`",
    "indice-none": "`None` en un índice (un eje nuevo)",
    "indice-ellipsis": "`...` en un índice",
    "tupla": "una tupla `(a, b)`",
    "conjunto": "un conjunto `{a, b}`",
    "diccionario": "un diccionario `{clave: valor}`",
    "desempaquetar": "desempaquetar `a, b = …`",
    "desempaquetar-resto": "recoger el resto con `*` al desempaquetar",
    "estrella": "`*` para repartir una secuencia en una llamada o una lista",
    "doble-estrella": "`**` para repartir un diccionario en una llamada",
    "args": "`*args` en una definición",
    "kwargs": "`**kwargs` en una definición",
    "with": "`with`",
    "class": "`class`",
    "herencia": "heredar de una clase `class A(B)`",
    "def": "`def`",
    "decorador": "un decorador `@…`",
    "lambda": "`lambda`",
    "try": "`try`/`except`",
    "raise": "`raise`",
    "assert": "`assert`",
    "del": "`del`",
    "yield": "`yield`",
    "global": "`global`/`nonlocal`",
    "morsa": "el operador morsa `:=`",
    "f-string": "un f-string `f\"…{x}…\"`",
    "//": "la división entera `//`",
    "%": "el resto `%`",
    "**": "la potencia `**`",
    "@": "el producto de matrices `@`",
    "&": "el «y» elemento a elemento `&`",
    "|": "el «o» elemento a elemento `|`",
    "^": "el «o exclusivo» `^`",
    "~": "la negación elemento a elemento `~`",
    "<<": "el desplazamiento de bits `<<`",
    ">>": "el desplazamiento de bits `>>`",
    "not": "`not`",
    "and": "`and`",
    "or": "`or`",
    "in": "`in`",
    "not in": "`not in`",
    "is": "`is`",
    "is not": "`is not`",
}
SYNTAX_PREFIX = "sintaxis:"

_STATEMENTS = {
    ast.For: "for", ast.AsyncFor: "for", ast.While: "while", ast.If: "if", ast.IfExp: "if-else",
    ast.ListComp: "comprension-lista", ast.SetComp: "comprension-conjunto", ast.DictComp: "comprension-dict",
    ast.GeneratorExp: "generador", ast.With: "with", ast.AsyncWith: "with", ast.ClassDef: "class",
    ast.FunctionDef: "def", ast.AsyncFunctionDef: "def", ast.Lambda: "lambda", ast.Try: "try",
    ast.Raise: "raise", ast.Assert: "assert", ast.Delete: "del", ast.Yield: "yield", ast.YieldFrom: "yield",
    ast.Global: "global", ast.Nonlocal: "global", ast.NamedExpr: "morsa", ast.JoinedStr: "f-string",
    ast.Set: "conjunto", ast.Dict: "diccionario",
}
_OPERATORS = {
    ast.FloorDiv: "//", ast.Mod: "%", ast.Pow: "**", ast.MatMult: "@", ast.BitAnd: "&", ast.BitOr: "|",
    ast.BitXor: "^", ast.Invert: "~", ast.LShift: "<<", ast.RShift: ">>", ast.Not: "not", ast.And: "and",
    ast.Or: "or", ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not",
}
# Una palabra o un signo sueltos en el texto (`for`, `//`, «`with` bloque…») enseñan su construcción.
_WORDS = {symbol: symbol for symbol in _OPERATORS.values()}
_WORDS.update({word: word for word in ("for", "while", "if", "with", "class", "def", "lambda", "try", "raise",
                                        "assert", "del", "yield")})
_WORDS.update({"except": "try", "finally": "try", "elif": "if", "nonlocal": "global", "global": "global", ":=": "morsa"})

BUILTIN_NAMES = frozenset(name for name in dir(builtins) if not name.startswith("_")) - {"True", "False", "None"}


def syntax(key: str) -> str:
    return SYNTAX_PREFIX + key


def describe(ingredient: str) -> str:
    """Cómo se nombra un ingrediente en un mensaje: «`torch.arange`», «el bucle `for`»…"""
    if ingredient.startswith(SYNTAX_PREFIX):
        return SYNTAX[ingredient[len(SYNTAX_PREFIX):]]
    return f"`{ingredient}`"


def _without_magics(source: str) -> str:
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
        kind = _STATEMENTS.get(type(node))
        if kind:
            self.add(node, syntax(kind))
        if isinstance(node, (ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.AugAssign)) and type(node.op) in _OPERATORS:
            self.add(node, syntax(_OPERATORS[type(node.op)]))
        super().generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        for op in node.ops:
            if type(op) in _OPERATORS:
                self.add(node, syntax(_OPERATORS[type(op)]))
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
               and node.func.id not in BUILTIN_NAMES and node.func.id != _WRAPPER)
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
    return ast.parse(_without_magics(source))


def of_tree(tree: ast.AST, aliases: dict[str, str], lines: set[int] | None = None) -> set[str]:
    """Los ingredientes que pide ``tree`` (solo los de las líneas ``lines``, si se dan)."""
    names, attributes = defined_names(tree)
    finder = _Finder(aliases, names, attributes, lines)
    finder.visit(tree)
    return finder.found


def taught_by(tree: ast.AST, aliases: dict[str, str], lines: set[int] | None = None) -> set[str]:
    """Lo que enseña ``tree``: sus ingredientes y los métodos y atributos que define (``.decode`` de una clase)."""
    _, attributes = defined_names(tree)
    return of_tree(tree, aliases, lines) | {"." + attribute for attribute in attributes}


# --- el código del texto: bloques ``` y `código` en línea ---------------------------------

FENCE = re.compile(r"^[ \t]*```[^\n]*\n(.*?)^[ \t]*```[ \t]*$", re.S | re.M)
INLINE = re.compile(r"(`+)(.+?)\1", re.S)


def markdown_code(text: str) -> list[str]:
    """Los trozos de código de una celda de texto: cada bloque ``` entero y cada `código` en línea."""
    blocks = [match.group(1) for match in FENCE.finditer(text)]
    rest = FENCE.sub("", text)
    return blocks + [match.group(2).strip() for match in INLINE.finditer(rest)]


_WRAPPER = "_texto_"  # la llamada con la que se lee un trozo suelto como `dim=-1`


def _fragment_tree(code: str) -> ast.Module | None:
    """El árbol de un trozo de código del texto, leído de la forma más literal que funcione."""
    keyword_like = re.match(r"^\*{0,2}\w+=", code) is not None
    wrapped = f"{_WRAPPER}({code})"
    attempts = [wrapped, code] if keyword_like else [code, wrapped]
    if code.startswith((".", "[")):  # `.view`, `[:, None]`, `[-1]`: un atributo o un índice sueltos
        attempts.insert(0, f"_x{code}")
    if code.startswith("@"):
        attempts.append(f"{code}\ndef _f():\n    pass")
    attempts.append(f"{code}\n    pass" if code.endswith(":") else f"{code}:\n    pass")
    for attempt in attempts:
        try:
            return ast.parse(_without_magics(attempt))
        except SyntaxError:
            continue
    return None


# El curso compara a menudo con JavaScript (`const [a, b] = ...`, `x.length`): eso no enseña Python.
JAVASCRIPT = re.compile(r"^\s*(const|let|var|function)\b|=>|===|!==|&&|\|\||\+\+|\.length\b|\bundefined\b")


def _fragment(code: str, aliases: dict[str, str]) -> set[str]:
    if JAVASCRIPT.search(code):
        return set()
    tree = _fragment_tree(code)
    if tree is not None:
        return of_tree(tree, aliases)
    if "\n" in code:  # un bloque que no es Python entero: cada línea por separado
        return set().union(*(_fragment(line.strip(), aliases) for line in code.splitlines() if line.strip()))
    first = code.split()[0] if code.split() else ""
    return {syntax(_WORDS[first])} if first in _WORDS else set()


def of_markdown(text: str, aliases: dict[str, str]) -> set[str]:
    """Los ingredientes que enseña el código de una celda de texto."""
    return set().union(*(_fragment(code, aliases) for code in markdown_code(text)))
