"""Lo que hace un test visible con el ejercicio, leído sin ejecutarlo.

Sirve a las comprobaciones de ejercicios justos (``fairness``): a qué partes de lo que escribe el
alumno llama el test, con qué entradas, si alguna se construye al ejecutar la celda (no está
escrita tal cual) y si el test deja lo esperado en una variable global que la solución podría
leer. Se sigue a las funciones auxiliares del propio test (``_check_windows(stream, T, ...)``):
una llamada a una de ellas cuenta como una llamada al ejercicio con sus argumentos.

Cada parte que escribe el alumno es un «miembro»: ``f`` (una función), ``Clase`` (crear un
objeto: su ``__init__``), ``Clase()`` (llamar al objeto: su ``forward``) y ``Clase.metodo``.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import NamedTuple

from . import cells
from .ingredients import imported_names

CALL_HELPER = "call"  # rukh_helpers.checks.call(func, *args, name=...): llama a func con el resto
NAME_KEYWORD = "name"  # el argumento de `call` que solo pone nombre al mensaje
# Comprobaciones cuyo segundo argumento (o `expected=`) es el valor esperado.
EXPECTED_CHECKS = frozenset({"check_tensor", "check_array", "check_number", "check_equal", "assert_close"})
# Envolver, copiar o recolocar números escritos tal cual no construye una entrada nueva: sigue
# escrita tal cual (``torch.tensor([[1, 2]]).float().view(2, 1)``, ``_ids[:, 1:]``).
LITERAL_BUILDERS = frozenset({"tensor", "array", "as_tensor", "asarray", "list", "tuple", "dict", "set", "frozenset",
                              "int", "float", "str", "bool", "range", "Size", "device"})
REARRANGE = frozenset({"clone", "copy", "detach", "contiguous", "to", "float", "double", "long", "int", "bool", "half",
                       "reshape", "view", "transpose", "permute", "unsqueeze", "squeeze", "flatten", "t"})
# Una copia de la entrada (para ver después que no cambió) no es un valor esperado que delate nada.
COPIES = frozenset({"clone", "copy", "deepcopy", "dict", "list"})


@dataclass(frozen=True)
class Exercise:
    """Lo que define la celda de solución y qué miembros escribe el alumno."""

    functions: frozenset[str]
    classes: frozenset[str]
    methods: frozenset[str]
    written: tuple[str, ...]


def exercise_of(solution_source: str) -> Exercise:
    tree = ast.parse(solution_source)
    lines = cells.solution_lines(solution_source)
    functions, classes, methods, written = set(), set(), set(), []

    def blanked(node) -> bool:
        return bool(set(range(node.lineno, node.end_lineno + 1)) & lines)

    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.add(node.name)
            if blanked(node):
                written.append(node.name)
        elif isinstance(node, ast.ClassDef):
            classes.add(node.name)
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    methods.add(item.name)
                    if blanked(item):
                        written.append(_method_member(node.name, item.name))
    return Exercise(frozenset(functions), frozenset(classes), frozenset(methods), tuple(dict.fromkeys(written)))


def _method_member(cls: str, method: str) -> str:
    if method == "__init__":
        return cls
    if method in ("forward", "__call__"):
        return f"{cls}()"
    return f"{cls}.{method}"


def _member_of(cls: str, suffix: str) -> str:
    return f"{cls}()" if suffix == "()" else _method_member(cls, suffix[1:])


@dataclass
class Use:
    """Una llamada del test a un miembro del ejercicio.

    Dentro de una función auxiliar, una llamada a un objeto que llega por el parámetro ``via``
    solo es un miembro si quien llama le pasa un objeto del ejercicio; ``member`` guarda entonces
    lo que se llama de él: ``"()"`` o ``".metodo"``.
    """

    member: str
    inputs: list[ast.expr]  # las entradas tal como las escribe quien llama
    line: int
    copies: int = 1  # cuántas entradas distintas da (más de una dentro de un bucle que las cambia)
    built: bool = False  # alguna entrada se construye al ejecutar (no está escrita tal cual)
    via: str | None = None


class _Relay(NamedTuple):
    """Una llamada al ejercicio dentro de una función auxiliar, contada desde quien llama a la auxiliar."""

    member: str
    via: str | None
    params: frozenset[str]  # los parámetros de la auxiliar de los que salen sus entradas
    built: bool
    several: bool  # dentro de la auxiliar ya recibe varias entradas (un bucle)


@dataclass
class _Summary:
    """Lo que hace una función auxiliar del test, en función de sus parámetros."""

    params: list[str]
    relays: list[_Relay] = field(default_factory=list)
    expected: set[str] = field(default_factory=set)  # los parámetros que se comparan como valor esperado
    returns: str | None = None  # la clase del ejercicio cuyo objeto devuelve


@dataclass(frozen=True)
class _Opaque:
    """Un valor del que solo se sabe si está escrito tal cual: la variable de un bucle, un parámetro."""

    literal: bool


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _stored(statements: list[ast.stmt]) -> set[str]:
    found = set()
    for statement in statements:
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                found.add(node.id)
    return found


def _final_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _calls(node: ast.AST):
    """Las llamadas de ``node`` sin entrar en definiciones anidadas (las lambdas sí cuentan)."""
    pending = [node]
    while pending:
        current = pending.pop(0)
        if isinstance(current, ast.Call):
            yield current
        for child in ast.iter_child_nodes(current):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                pending.append(child)


class _Walker:
    """Recorre unas sentencias en orden, con lo que vale cada nombre en cada momento."""

    def __init__(self, exercise: Exercise, summaries: dict[str, _Summary], params: list[str] = (),
                 math_modules: frozenset[str] = frozenset()):
        self.exercise = exercise
        self.summaries = summaries
        self.math_modules = math_modules
        self.params = list(params)
        # Dentro de una función auxiliar, lo que llega por un parámetro lo juzga quien la llama.
        self.bindings: dict[str, ast.expr | _Opaque] = {p: _Opaque(True) for p in self.params}
        self.deps: dict[str, set[str]] = {p: {p} for p in self.params}
        self.instances: dict[str, str] = {}  # nombre -> clase del ejercicio de la que es un objeto
        self.first_line: dict[str, int] = {}
        self.first_value: dict[str, ast.expr] = {}
        self.uses: list[Use] = []
        self.expected: list[tuple[ast.expr, int]] = []
        self.loops: list[tuple[set[str], int]] = []
        self.returns: str | None = None

    # --- recorrido --------------------------------------------------------------------------

    def run(self, statements: list[ast.stmt]) -> None:
        for statement in statements:
            self.statement(statement)

    def statement(self, node: ast.stmt) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return
        if isinstance(node, (ast.For, ast.AsyncFor)):
            self.scan(node.iter)
            literal = self.is_literal(node.iter)
            for name in _names(node.target):
                self.bind_name(name, _Opaque(literal), node.iter, node.lineno)
            count = len(node.iter.elts) if isinstance(node.iter, (ast.List, ast.Tuple, ast.Set)) else 2
            self.loop(_names(node.target) | _stored(node.body), count, node.body)
            self.run(node.orelse)
        elif isinstance(node, ast.While):
            self.scan(node.test)
            self.loop(_stored(node.body), 2, node.body)
        elif isinstance(node, ast.If):
            self.scan(node.test)
            self.run(node.body)
            self.run(node.orelse)
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                self.scan(item.context_expr)
                if item.optional_vars is not None:
                    for name in _names(item.optional_vars):
                        self.bind_name(name, _Opaque(False), item.context_expr, node.lineno)
            self.run(node.body)
        elif isinstance(node, ast.Try):
            for block in [node.body] + [h.body for h in node.handlers] + [node.orelse, node.finalbody]:
                self.run(block)
        else:
            self.scan(node)
            self.assign(node)

    def loop(self, varying: set[str], count: int, body: list[ast.stmt]) -> None:
        self.loops.append((varying, count))
        self.run(body)
        self.loops.pop()

    def assign(self, node: ast.stmt) -> None:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                self.bind(target, node.value, node.lineno)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and node.value is not None:
            self.bind(node.target, node.value, node.lineno)
        elif isinstance(node, ast.Return) and node.value is not None:
            self.returns = self.returns or self.instance_of(node.value)

    def bind(self, target: ast.expr, value: ast.expr, line: int) -> None:
        if isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, (ast.Tuple, ast.List)) and len(target.elts) == len(value.elts):
            for t, v in zip(target.elts, value.elts):
                self.bind(t, v, line)
            return
        for name in _names(target) if isinstance(target, (ast.Tuple, ast.List, ast.Starred)) else (
                [target.id] if isinstance(target, ast.Name) else []):
            self.bind_name(name, value, value, line)

    def bind_name(self, name: str, value, source: ast.expr, line: int) -> None:
        self.deps[name] = self.deps_of(source)
        self.bindings[name] = value
        self.first_line.setdefault(name, line)
        if isinstance(value, ast.expr):
            self.first_value.setdefault(name, value)
        cls = self.instance_of(source)
        if cls:
            self.instances[name] = cls
        else:
            self.instances.pop(name, None)

    # --- qué es cada cosa -------------------------------------------------------------------

    def deps_of(self, node: ast.AST) -> set[str]:
        """Los parámetros de la función auxiliar de los que depende ``node``."""
        return set().union(*(self.deps.get(name, set()) for name in _names(node)))

    def instance_of(self, node: ast.AST) -> str | None:
        """La clase del ejercicio de la que ``node`` crea o lleva un objeto, si la hay."""
        if isinstance(node, ast.Name):
            return self.instances.get(node.id)
        for call in _calls(node):
            func = call.args[0] if _final_name(call.func) == CALL_HELPER and call.args else call.func
            if isinstance(func, ast.Name) and func.id in self.exercise.classes:
                return func.id
            if isinstance(func, ast.Name) and func.id in self.summaries and self.summaries[func.id].returns:
                return self.summaries[func.id].returns
        if isinstance(node, (ast.Tuple, ast.List, ast.Subscript, ast.Attribute, ast.Starred)):
            return next(filter(None, (self.instances.get(n) for n in _names(node))), None)
        return None

    def is_literal(self, node: ast.AST, seen: frozenset[str] = frozenset()) -> bool:
        """¿Está ``node`` escrito tal cual en la celda (números, listas, ``torch.tensor([...])``…)?"""
        if isinstance(node, (ast.Constant, ast.Lambda)):
            return True
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            return all(self.is_literal(e, seen) for e in node.elts)
        if isinstance(node, ast.Dict):
            return all(self.is_literal(e, seen) for e in node.keys + node.values if e is not None)
        if isinstance(node, ast.UnaryOp):
            return self.is_literal(node.operand, seen)
        if isinstance(node, ast.BinOp):
            return self.is_literal(node.left, seen) and self.is_literal(node.right, seen)
        if isinstance(node, ast.Starred):
            return self.is_literal(node.value, seen)
        if isinstance(node, ast.Subscript):
            return self.is_literal(node.value, seen) and self.is_literal(node.slice, seen)
        if isinstance(node, ast.Slice):
            return all(self.is_literal(b, seen) for b in (node.lower, node.upper, node.step) if b is not None)
        if isinstance(node, ast.Name):
            value = self.bindings.get(node.id)
            if isinstance(value, _Opaque):
                return value.literal
            return value is not None and node.id not in seen and self.is_literal(value, seen | {node.id})
        if isinstance(node, ast.Attribute):  # torch.float32: una constante de una biblioteca
            root = node
            while isinstance(root, ast.Attribute):
                root = root.value
            return isinstance(root, ast.Name) and (root.id not in self.bindings or self.is_literal(root, seen))
        if isinstance(node, ast.Call):
            arguments = node.args + [k.value for k in node.keywords]
            if not all(self.is_literal(a, seen) for a in arguments):
                return False
            if isinstance(node.func, ast.Attribute) and node.func.attr in REARRANGE:
                return self.is_literal(node.func.value, seen)
            if isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name):
                if node.func.value.id in self.math_modules:  # math.log(3): un número escrito de otra forma
                    return True
            return _final_name(node.func) in LITERAL_BUILDERS
        return False

    def param_of(self, func: ast.expr) -> set[str]:
        """Los parámetros de los que sale ``func`` si es un nombre llamado dentro de una función auxiliar."""
        if isinstance(func, ast.Name) and func.id not in self.summaries and self.deps.get(func.id):
            return self.deps[func.id]
        return set()

    # --- las llamadas -----------------------------------------------------------------------

    def scan(self, node: ast.AST) -> None:
        for call in _calls(node):
            self.expected_in(call)
            self.classify(call)

    def expected_in(self, call: ast.Call) -> None:
        if _final_name(call.func) not in EXPECTED_CHECKS:
            return
        expected = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "expected"), None)
        if expected is not None:
            self.expected.append((expected, call.lineno))

    def all_literal(self, inputs: list[ast.expr]) -> bool:
        return all(self.is_literal(i) for i in inputs)

    def copies(self, inputs: list[ast.expr]) -> int:
        mentioned = set().union(set(), *(_names(i) for i in inputs))
        count = 1
        for varying, n in self.loops:
            if mentioned & varying:
                count *= n
        return count

    def classify(self, call: ast.Call) -> None:
        func, args, keywords = call.func, list(call.args), list(call.keywords)
        if isinstance(func, ast.Name) and func.id == CALL_HELPER and args:
            func, args = args[0], args[1:]
            keywords = [k for k in keywords if k.arg != NAME_KEYWORD]
        inputs = args + [k.value for k in keywords]
        member = self.member_called(func)
        if member:
            self.uses.append(Use(member, inputs, call.lineno, self.copies(inputs), not self.all_literal(inputs)))
            return
        via = self.via_called(func)
        if via:
            params, suffix = via
            for param in params:
                self.uses.append(Use(suffix, inputs, call.lineno, self.copies(inputs), not self.all_literal(inputs), param))
            return
        if isinstance(func, ast.Name) and func.id in self.summaries:
            self.through_helper(self.summaries[func.id], args, keywords, call.lineno)

    def member_called(self, func: ast.expr) -> str | None:
        ex = self.exercise
        if isinstance(func, ast.Name):
            if func.id in ex.functions or func.id in ex.classes:
                return func.id
            if func.id in self.instances:
                return f"{self.instances[func.id]}()"
        if isinstance(func, ast.Attribute) and func.attr in ex.methods and isinstance(func.value, ast.Name):
            cls = self.instances.get(func.value.id)
            if cls:
                return _method_member(cls, func.attr)
        return None

    def via_called(self, func: ast.expr) -> tuple[set[str], str] | None:
        if isinstance(func, ast.Attribute) and func.attr in self.exercise.methods and isinstance(func.value, ast.Name):
            params = self.param_of(func.value)
            suffix = "()" if func.attr in ("forward", "__call__") else f".{func.attr}"
            return (params, suffix) if params else None
        params = self.param_of(func)
        return (params, "()") if params else None

    def through_helper(self, summary: _Summary, args: list[ast.expr], keywords: list[ast.keyword], line: int) -> None:
        bound = dict(zip(summary.params, args))
        bound.update({k.arg: k.value for k in keywords if k.arg})
        for relay in summary.relays:
            inputs = [bound[p] for p in summary.params if p in relay.params and p in bound]
            copies = max(self.copies(inputs), 2 if relay.several else 1)
            built = relay.built or not self.all_literal(inputs)
            if relay.via is None:
                self.uses.append(Use(relay.member, inputs, line, copies, built))
                continue
            given = bound.get(relay.via)
            cls = self.instance_of(given) if given is not None else None
            if cls:
                self.uses.append(Use(_member_of(cls, relay.member), inputs, line, copies, built))
            elif isinstance(given, ast.Name):  # el objeto llega de más arriba: sigue siendo una llamada «vía»
                for outer in self.param_of(given):
                    self.uses.append(Use(relay.member, inputs, line, copies, built, outer))
        for param in summary.expected:
            if param in bound:
                self.expected.append((bound[param], line))

    # --- resumen de una función auxiliar ----------------------------------------------------

    def summary(self) -> _Summary:
        result = _Summary(self.params, returns=self.returns)
        for use in self.uses:
            params = frozenset(self.deps_of(ast.Tuple(elts=use.inputs, ctx=ast.Load())))
            result.relays.append(_Relay(use.member, use.via, params, use.built, use.copies > 1))
        for expected, _ in self.expected:
            result.expected |= self.deps_of(expected)
        return result


def _helper_summaries(tree: ast.Module, exercise: Exercise, math_modules: frozenset[str]) -> dict[str, _Summary]:
    helpers = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    summaries: dict[str, _Summary] = {}
    for _ in range(2):  # dos vueltas: una auxiliar puede usar otra definida después
        for helper in helpers:
            arguments = helper.args
            params = [a.arg for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs]
            walker = _Walker(exercise, summaries, params, math_modules)
            walker.run(helper.body)
            summaries[helper.name] = walker.summary()
    return summaries


@dataclass
class VisibleTest:
    """Lo que el test visible hace con el ejercicio."""

    uses: list[Use]
    leaks: list[str]  # variables globales con lo esperado, creadas antes de una llamada al ejercicio

    def inputs(self, member: str) -> set[str]:
        """Las entradas distintas con que se llama a ``member`` (cada una como texto)."""
        found = set()
        for use in self.uses:
            if use.member == member:
                text = ", ".join(ast.unparse(i) for i in use.inputs)
                found |= {f"{text}#{k}" for k in range(use.copies)}
        return found

    def any_built(self) -> bool:
        return any(use.built for use in self.uses)


def read_visible_test(visible_source: str, exercise: Exercise) -> VisibleTest:
    """Lee la parte visible de una celda de tests (sin la región oculta)."""
    tree = ast.parse(visible_source)
    math_modules = frozenset(alias for alias, full in imported_names(tree).items() if full == "math")
    walker = _Walker(exercise, _helper_summaries(tree, exercise, math_modules), math_modules=math_modules)
    walker.run(tree.body)
    return VisibleTest([use for use in walker.uses if use.via is None], _leaks(walker))


def _leaks(walker: _Walker) -> list[str]:
    inputs = set().union(set(), *(_names(i) for use in walker.uses for i in use.inputs))
    last_use = max((use.line for use in walker.uses), default=0)
    leaks = []
    for expected, _ in walker.expected:
        name = _root_name(expected)
        if not name or name not in walker.first_line or name in inputs or name in walker.instances:
            continue
        if walker.first_line[name] < last_use and not _is_copy(walker.first_value.get(name)) and name not in leaks:
            leaks.append(name)
    return leaks


def _root_name(node: ast.expr) -> str | None:
    """El nombre del que sale un valor: ``_full`` en ``_full[:, -2:]`` o en ``_expected.float()``."""
    while True:
        if isinstance(node, ast.Name):
            return node.id
        if isinstance(node, (ast.Subscript, ast.Attribute)):
            node = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            node = node.func.value
        else:
            return None


def _is_copy(value: ast.expr | None) -> bool:
    """``x.clone()``, ``dict(x)``, ``copy.deepcopy(x)``: una copia de otra variable."""
    if not isinstance(value, ast.Call) or _final_name(value.func) not in COPIES:
        return False
    if isinstance(value.func, ast.Attribute) and value.func.attr in ("clone", "copy"):
        return isinstance(value.func.value, (ast.Name, ast.Call))
    return len(value.args) == 1 and isinstance(value.args[0], ast.Name)


def rule_calls(tree: ast.AST, lines: set[int] | None, rule_helpers: frozenset[str]) -> dict[str, int]:
    """Las llamadas a comprobaciones de reglas de ``tree`` (de las líneas ``lines``), como texto → línea."""
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _final_name(node.func) in rule_helpers:
            if lines is None or node.lineno in lines:
                arguments = [ast.unparse(a) for a in node.args] + [f"{k.arg}={ast.unparse(k.value)}" for k in node.keywords]
                found.setdefault(f"{_final_name(node.func)}({', '.join(arguments)})", node.lineno)
    return found
