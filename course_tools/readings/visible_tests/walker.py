"""El recorrido de un test visible: sentencia a sentencia, con lo que vale cada nombre en cada momento, apunta
cada llamada a un miembro del ejercicio (``Use``) y cada valor esperado que compara.

Se sigue a las funciones auxiliares del propio test (``_check_windows(stream, T, ...)``): cada una se
resume primero (``helper_summaries``: qué llama del ejercicio en función de sus parámetros) y una
llamada a ella cuenta como una llamada al ejercicio con sus argumentos.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import NamedTuple

from .exercise import Exercise, member_of, method_member
from .literals import Opaque, calls, final_name, is_literal, names, stored

CALL_HELPER = "call"  # rukh_helpers.checks.call(func, *args, name=...): llama a func con el resto
NAME_KEYWORD = "name"  # el argumento de `call` que solo pone nombre al mensaje
# Comprobaciones cuyo segundo argumento (o `expected=`) es el valor esperado.
EXPECTED_CHECKS = frozenset({"check_tensor", "check_array", "check_number", "check_equal", "assert_close"})


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


class Walker:
    """Recorre unas sentencias en orden, con lo que vale cada nombre en cada momento."""

    def __init__(self, exercise: Exercise, summaries: dict[str, _Summary], params: list[str] = (),
                 math_modules: frozenset[str] = frozenset()):
        self.exercise = exercise
        self.summaries = summaries
        self.math_modules = math_modules
        self.params = list(params)
        # Dentro de una función auxiliar, lo que llega por un parámetro lo juzga quien la llama.
        self.bindings: dict[str, ast.expr | Opaque] = {p: Opaque(True) for p in self.params}
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
            for name in names(node.target):
                self.bind_name(name, Opaque(literal), node.iter, node.lineno)
            count = len(node.iter.elts) if isinstance(node.iter, (ast.List, ast.Tuple, ast.Set)) else 2
            self.loop(names(node.target) | stored(node.body), count, node.body)
            self.run(node.orelse)
        elif isinstance(node, ast.While):
            self.scan(node.test)
            self.loop(stored(node.body), 2, node.body)
        elif isinstance(node, ast.If):
            self.scan(node.test)
            self.run(node.body)
            self.run(node.orelse)
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                self.scan(item.context_expr)
                if item.optional_vars is not None:
                    for name in names(item.optional_vars):
                        self.bind_name(name, Opaque(False), item.context_expr, node.lineno)
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
        for name in names(target) if isinstance(target, (ast.Tuple, ast.List, ast.Starred)) else (
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
        return set().union(*(self.deps.get(name, set()) for name in names(node)))

    def instance_of(self, node: ast.AST) -> str | None:
        """La clase del ejercicio de la que ``node`` crea o lleva un objeto, si la hay."""
        if isinstance(node, ast.Name):
            return self.instances.get(node.id)
        for call in calls(node):
            func = call.args[0] if final_name(call.func) == CALL_HELPER and call.args else call.func
            if isinstance(func, ast.Name) and func.id in self.exercise.classes:
                return func.id
            if isinstance(func, ast.Name) and func.id in self.summaries and self.summaries[func.id].returns:
                return self.summaries[func.id].returns
        if isinstance(node, (ast.Tuple, ast.List, ast.Subscript, ast.Attribute, ast.Starred)):
            return next(filter(None, (self.instances.get(n) for n in names(node))), None)
        return None

    def is_literal(self, node: ast.AST) -> bool:
        return is_literal(node, self.bindings, self.math_modules)

    def param_of(self, func: ast.expr) -> set[str]:
        """Los parámetros de los que sale ``func`` si es un nombre llamado dentro de una función auxiliar."""
        if isinstance(func, ast.Name) and func.id not in self.summaries and self.deps.get(func.id):
            return self.deps[func.id]
        return set()

    # --- las llamadas -----------------------------------------------------------------------

    def scan(self, node: ast.AST) -> None:
        for call in calls(node):
            self.expected_in(call)
            self.classify(call)

    def expected_in(self, call: ast.Call) -> None:
        if final_name(call.func) not in EXPECTED_CHECKS:
            return
        expected = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "expected"), None)
        if expected is not None:
            self.expected.append((expected, call.lineno))

    def all_literal(self, inputs: list[ast.expr]) -> bool:
        return all(self.is_literal(i) for i in inputs)

    def copies(self, inputs: list[ast.expr]) -> int:
        mentioned = set().union(set(), *(names(i) for i in inputs))
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
                return method_member(cls, func.attr)
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
                self.uses.append(Use(member_of(cls, relay.member), inputs, line, copies, built))
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


def helper_summaries(tree: ast.Module, exercise: Exercise, math_modules: frozenset[str]) -> dict[str, _Summary]:
    helpers = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    summaries: dict[str, _Summary] = {}
    for _ in range(2):  # dos vueltas: una auxiliar puede usar otra definida después
        for helper in helpers:
            arguments = helper.args
            params = [a.arg for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs]
            walker = Walker(exercise, summaries, params, math_modules)
            walker.run(helper.body)
            summaries[helper.name] = walker.summary()
    return summaries
