"""Los nombres de los ingredientes: las construcciones del lenguaje que cuentan (``SYNTAX``), cómo se
escriben (``syntax``) y cómo se nombran en un mensaje (``describe``)."""

from __future__ import annotations

import ast
import builtins

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

# Piezas que quien viene de otro lenguaje no deduce de verlas usadas en una demo: solo cuentan como enseñadas
# cuando el texto de una celda las nombra (`range(n)`, `a if c else b`, `.item()`…), no por salir en el código.
EXPLAINED_ONLY = frozenset({
    "range", "property", "staticmethod", ".item", ".tolist", ".detach", "torch.manual_seed", "torch.randn",
    SYNTAX_PREFIX + "if-else", SYNTAX_PREFIX + "lambda", SYNTAX_PREFIX + "is", SYNTAX_PREFIX + "is not",
    SYNTAX_PREFIX + "decorador",
})

STATEMENTS = {
    ast.For: "for", ast.AsyncFor: "for", ast.While: "while", ast.If: "if", ast.IfExp: "if-else",
    ast.ListComp: "comprension-lista", ast.SetComp: "comprension-conjunto", ast.DictComp: "comprension-dict",
    ast.GeneratorExp: "generador", ast.With: "with", ast.AsyncWith: "with", ast.ClassDef: "class",
    ast.FunctionDef: "def", ast.AsyncFunctionDef: "def", ast.Lambda: "lambda", ast.Try: "try",
    ast.Raise: "raise", ast.Assert: "assert", ast.Delete: "del", ast.Yield: "yield", ast.YieldFrom: "yield",
    ast.Global: "global", ast.Nonlocal: "global", ast.NamedExpr: "morsa", ast.JoinedStr: "f-string",
    ast.Set: "conjunto", ast.Dict: "diccionario",
}
OPERATORS = {
    ast.FloorDiv: "//", ast.Mod: "%", ast.Pow: "**", ast.MatMult: "@", ast.BitAnd: "&", ast.BitOr: "|",
    ast.BitXor: "^", ast.Invert: "~", ast.LShift: "<<", ast.RShift: ">>", ast.Not: "not", ast.And: "and",
    ast.Or: "or", ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not",
}
# Una palabra o un signo sueltos en el texto (`for`, `//`, «`with` bloque…») enseñan su construcción.
WORDS = {symbol: symbol for symbol in OPERATORS.values()}
WORDS.update({word: word for word in ("for", "while", "if", "with", "class", "def", "lambda", "try", "raise",
                                        "assert", "del", "yield")})
WORDS.update({"except": "try", "finally": "try", "elif": "if", "nonlocal": "global", "global": "global", ":=": "morsa"})

BUILTIN_NAMES = frozenset(name for name in dir(builtins) if not name.startswith("_")) - {"True", "False", "None"}


def syntax(key: str) -> str:
    return SYNTAX_PREFIX + key


def describe(ingredient: str) -> str:
    """Cómo se nombra un ingrediente en un mensaje: «`torch.arange`», «el bucle `for`»…"""
    if ingredient.startswith(SYNTAX_PREFIX):
        return SYNTAX[ingredient[len(SYNTAX_PREFIX):]]
    return f"`{ingredient}`"



# La llamada con la que se lee un trozo suelto del texto como `dim=-1`: sus argumentos son de PyTorch o de Python.
WRAPPER = "_texto_"
