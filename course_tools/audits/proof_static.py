"""Lo que la prueba sabe de una variante sin ejecutarla: qué sentencias solo dibujan, qué nombres de lo de
antes de un ejercicio no lee nadie y si una variante puede cambiar algo de lo que va detrás de su test.

Una variante es cualquier objeto con ``target`` (el grade_id de la celda de solución que sustituye) y
``code`` (el código que pone en su lugar), como ``proof_execution.Variant``.
"""

from __future__ import annotations

import ast
import re

from ..rules import cells

def first_line(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return ""


# Llamadas que solo dibujan: una respuesta equivocada no las necesita para saber si suspende.
PICTURE_CALLS = re.compile(r"^(draw_\w+|plot_\w+|board_svg|display|show)$")
PICTURE_OWNERS = {"plt", "ax", "axes", "axs", "fig"}


def without_pictures(source: str) -> str:
    """``source`` sin las sentencias que solo dibujan (``draw_tensor(x)``, ``plt.show()``, ``ax.plot(...)``):
    lo que asigna o calcula se queda. Si no se puede leer (una orden mágica), tal cual."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    lines = source.splitlines()
    drop = set()
    for node in tree.body:
        call = node.value if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) else None
        func = call.func if call is not None else None
        owner = func
        while isinstance(owner, ast.Attribute):
            owner = owner.value
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if func is not None and (PICTURE_CALLS.match(name or "") and not isinstance(func, ast.Attribute)
                                 or isinstance(owner, ast.Name) and owner.id in PICTURE_OWNERS):
            drop.update(range(node.lineno - 1, node.end_lineno))
    if not drop:
        return source
    kept = [line for i, line in enumerate(lines) if i not in drop]
    return "\n".join(kept) if any(line.strip() for line in kept) else "pass"


def exercise_cells(nb, target: str) -> tuple[int, int]:
    """(índice de la celda de solución ``target``, índice de su celda de test)."""
    return next((s, t) for s, t in cells.exercises(nb) if cells.grade_id(nb.cells[s]) == target)


def cells_before(nb, target: str | None) -> list[int]:
    """Las celdas de código antes de la celda de solución ``target`` (ninguna para la solución entera)."""
    if target is None:
        return []
    index, _test = exercise_cells(nb, target)
    return [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and i < index]


WORD = re.compile(r"[A-Za-z_]\w*")


def unread_names(nb, prefix: list[int], variants) -> set[str]:
    """Los nombres que define lo de antes y que no puede leer nada de lo que corren las variantes: ni las celdas
    de la cambiada en adelante (con el código de cada variante), ni las funciones y clases de lo de antes.
    Cuenta cualquier palabra, también en textos y comentarios: sobra, pero no falta."""
    later = [c.source for i, c in enumerate(nb.cells) if c.cell_type == "code" and i not in prefix]
    later += [code for v in variants for code in v.codes().values()]
    defined, bodies = set(), []
    for index in prefix:
        source = cells.strip_solution_markers(nb.cells[index].source)
        try:
            tree = ast.parse(source)
        except SyntaxError:
            bodies.append(source)  # una orden mágica: todo lo que nombra cuenta como leído
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                bodies.append(ast.unparse(node))
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                defined.add(node.id)
    read = {word for text in later + bodies for word in WORD.findall(text)}
    if read & {"globals", "vars", "dir", "eval", "exec", "get_ipython"}:
        return set()  # alguien puede leer cualquier nombre
    return defined - read


# Llamadas que cambian el estado global (semillas, azar, modos de torch) o que pueden tocar cualquier nombre:
# tras una de ellas, cualquier celda posterior puede salir distinta.
GLOBAL_STATE_CALLS = re.compile(
    r"^(manual_seed|seed|seed_everything|set_\w+|use_deterministic_algorithms|setattr|delattr|exec|eval|globals|"
    r"vars|get_ipython|__import__|rand\w*|normal_?|uniform_?|bernoulli_?|multinomial|shuffle|choice|choices|sample|"
    r"exponential_|geometric_|cauchy_|log_normal_|random_|dropout|seed_all)$"
)
MUTATING_METHODS = frozenset("append extend insert pop popitem remove clear update add discard setdefault sort reverse "
                             "step zero_grad backward load_state_dict register_buffer register_parameter apply "
                             "train eval to cuda cpu requires_grad_".split())


def escaping_names(code: str) -> tuple[set[str], bool] | None:
    """Los nombres que ``code`` define arriba del todo y si cambia algo en su sitio (un atributo, un elemento,
    un tensor con ``add_``…, también dentro de sus funciones). None si puede cambiar cualquier cosa (semillas,
    azar, ``exec``…) o si no se deja leer."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None
    bound, mutates = set(), False
    for statement in tree.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(statement.name)
        elif isinstance(statement, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".")[0] for a in statement.names)
        else:
            bound.update(n.id for n in ast.walk(statement) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.ctx, (ast.Store, ast.Del)):
            mutates = True
        elif isinstance(node, (ast.Global, ast.Nonlocal, ast.Delete)):
            mutates = True
        elif isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if GLOBAL_STATE_CALLS.match(name):
                return None
            if isinstance(node.func, ast.Attribute) and (name in MUTATING_METHODS or
                                                         name.endswith("_") and not name.startswith("__")):
                mutates = True
    return bound, mutates


def reaches_later_tests(nb, variant) -> bool:
    """Si la variante puede cambiar algo de lo que va detrás de su test: un nombre que define (ella o la celda
    que sustituye) y que nombra alguna celda posterior; si cambia algo en su sitio, cualquier nombre suyo o de su
    test; o el estado global. Si no puede, para juzgarla basta con su propio test: lo de detrás saldría igual
    que con la solución."""
    solution, test = exercise_cells(nb, variant.target)
    found = [escaping_names(variant.code or ""), escaping_names(cells.strip_solution_markers(nb.cells[solution].source))]
    if None in found:
        return True
    escaping = found[0][0] | found[1][0]
    if found[0][1] or found[1][1]:
        escaping |= set(WORD.findall(variant.code or "")) | set(WORD.findall(nb.cells[test].source))
    later = {word for c in nb.cells[test + 1:] if c.cell_type == "code" for word in WORD.findall(c.source)}
    return bool(escaping & later)
