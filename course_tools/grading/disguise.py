"""Lo que hace quien copia y no quiere que se note, escrito como código: para medir copias que nadie ha visto.

Dos disfraces, los dos sobre el cuerpo de una respuesta (lo que va en el hueco):

- ``disguised``: otros nombres propios, dos sentencias independientes en otro orden, un comentario y una línea en
  blanco por línea. Es lo que la issue 43 pide que el informe siga viendo.
- ``rewritten``: además, alguna expresión escrita de otra forma equivalente: en cada respuesta, la primera de cada
  clase: ``a + b`` como ``b + a`` (o ``*``), ``x.shape[i]`` como ``x.size(i)`` o al revés, o ``len(x)`` como
  ``x.shape[0]``, ``x += y`` como ``x = x + y`` o al revés, y unos argumentos con nombre en el orden contrario.
  Sigue siendo la solución pegada y retocada, como la disfrazan las personas.

Ninguno de los dos tiene que ejecutarse (no todo ``+`` conmuta en Python): solo cambian las letras como las
cambiaría una persona. ``copies_calibration`` mide con ellos cuánto baja una copia; ``copies_bench`` usa los nombres.
"""

from __future__ import annotations

import ast
import builtins
import io
import keyword
import tokenize

from ..rules import cells

# Los nombres de Python (``dir(__builtins__)`` daría los métodos de un dict en un módulo importado) y los de las
# bibliotecas: quien copia cambia sus nombres, no ``zip`` ni ``torch``, o su código dejaría de funcionar.
_KEEP = set(dir(builtins)) | {"torch", "nn", "F", "np", "math", "self"}


def _imported(code: str) -> tuple[set[str], set[int]]:
    """Los nombres que ``code`` importa y las líneas de sus ``import``: se llaman como en su módulo."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return set(), set()
    names, lines = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
            lines |= set(range(node.lineno, node.end_lineno + 1))
    return names, lines


def renamed(code: str, suffix: str) -> str:
    """``code`` con ``suffix`` detrás de cada nombre propio (no las palabras de Python, ni lo importado, ni los
    atributos)."""
    keep, import_lines = _imported(code)
    out, previous = [], None
    try:
        for tok in tokenize.generate_tokens(io.StringIO(code).readline):
            text = tok.string
            if (tok.type == tokenize.NAME and not keyword.iskeyword(text) and text not in _KEEP | keep
                    and previous != "." and tok.start[0] not in import_lines):
                text += suffix
            out.append((tok.type, text))
            previous = tok.string
        return tokenize.untokenize(out)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return code


def _swapped(code: str) -> str:
    """``code`` con el primer par de sentencias seguidas e independientes (asignaciones) en otro orden."""
    try:
        body = ast.parse(code).body
    except SyntaxError:
        return code
    lines = code.split("\n")
    for a, b in zip(body, body[1:]):
        if not (isinstance(a, ast.Assign) and isinstance(b, ast.Assign)):
            continue
        if a.end_lineno != a.lineno or b.end_lineno != b.lineno:
            continue
        stored = lambda s: {n.id for n in ast.walk(s) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        used = lambda s: {n.id for n in ast.walk(s) if isinstance(n, ast.Name)}
        if stored(a) & used(b) or stored(b) & used(a):
            continue
        i, j = a.lineno - 1, b.lineno - 1
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    return code


def disguised(code: str, tag: str = "m") -> str:
    """Otro orden, otros nombres, un comentario y una línea en blanco por línea."""
    changed = renamed(_swapped(code.strip("\n")), f"_{tag}")
    try:
        tokenize.generate_tokens(io.StringIO(changed).readline)
    except tokenize.TokenError:
        return changed
    out = []
    for line in changed.split("\n"):
        out.append(line + ("  # lo pensé así" if line.strip() and not line.rstrip().endswith(("\\", ",", "(")) else ""))
        out.append("")
    return "\n".join(out)


class _Equivalents(ast.NodeTransformer):
    """Una expresión de cada clase (la primera que la tiene) escrita de su otra forma equivalente: quien disimula
    cambia alguna, no todas."""

    def __init__(self):
        self.done: set[str] = set()

    def _first(self, kind: str) -> bool:
        """¿Es la primera expresión de esta clase? (y desde ahora ya no lo es ninguna)."""
        first = kind not in self.done
        self.done.add(kind)
        return first

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, (ast.Add, ast.Mult)) and self._first("conmuta"):
            node.left, node.right = node.right, node.left
        return node

    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.value, ast.Attribute) and node.value.attr == "shape" and self._first("tamaño"):
            return ast.Call(ast.Attribute(node.value.value, "size", ast.Load()), [node.slice], [])  # x.size(i)
        return node

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        f = node.func
        if (isinstance(f, ast.Attribute) and f.attr == "size" and len(node.args) == 1 and not node.keywords
                and self._first("tamaño")):
            return ast.Subscript(ast.Attribute(f.value, "shape", ast.Load()), node.args[0], ast.Load())
        if isinstance(f, ast.Name) and f.id == "len" and len(node.args) == 1 and self._first("tamaño"):
            return ast.Subscript(ast.Attribute(node.args[0], "shape", ast.Load()), ast.Constant(0), ast.Load())
        if len(node.keywords) > 1 and self._first("nombrados"):
            node.keywords.reverse()
        return node

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.target, ast.Name) and self._first("acumula"):
            load = ast.Name(node.target.id, ast.Load())
            return ast.Assign([node.target], ast.BinOp(load, node.op, node.value))
        return node

    def visit_Assign(self, node: ast.Assign) -> ast.AST:
        value, targets = node.value, node.targets
        if (len(targets) == 1 and isinstance(targets[0], ast.Name) and isinstance(value, ast.BinOp)
                and isinstance(value.left, ast.Name) and value.left.id == targets[0].id and self._first("acumula")):
            return ast.AugAssign(targets[0], value.op, self.visit(value.right))
        self.generic_visit(node)
        return node


def rewritten(code: str, tag: str = "m") -> str:
    """``disguised`` después de escribir de la otra forma cada expresión que la tiene (ver el docstring del módulo)."""
    try:
        tree = ast.parse(code.strip("\n"))
    except SyntaxError:
        return disguised(code, tag)
    return disguised(ast.unparse(ast.fix_missing_locations(_Equivalents().visit(tree))), tag)


def in_disguise(parts: list[str], disguise) -> str:
    """El cuerpo de una celda (``cells.join_parts``) con ``disguise`` en cada parte, una por región de solución: las de
    un cuerpo escrito (``cells.split_parts``) o las de la solución publicada (``Exercise.regions``)."""
    return cells.join_parts([disguise(part) for part in parts])
