"""Lo que enseña el código de una celda de texto: cada bloque ``` y cada `código` en línea, leídos como Python de
la forma más literal que funcione (``of_markdown``)."""

from __future__ import annotations

import ast
import re

from .finder import of_tree, without_magics
from .vocabulary import WORDS, WRAPPER, syntax

FENCE = re.compile(r"^[ \t]*```[^\n]*\n(.*?)^[ \t]*```[ \t]*$", re.S | re.M)
INLINE = re.compile(r"(`+)(.+?)\1", re.S)


def markdown_code(text: str) -> list[str]:
    """Los trozos de código de una celda de texto: cada bloque ``` entero y cada `código` en línea."""
    blocks = [match.group(1) for match in FENCE.finditer(text)]
    rest = FENCE.sub("", text)
    return blocks + [match.group(2).strip() for match in INLINE.finditer(rest)]


def _fragment_tree(code: str) -> ast.Module | None:
    """El árbol de un trozo de código del texto, leído de la forma más literal que funcione."""
    keyword_like = re.match(r"^\*{0,2}\w+=", code) is not None
    wrapped = f"{WRAPPER}({code})"
    attempts = [wrapped, code] if keyword_like else [code, wrapped]
    if code.startswith((".", "[")):  # `.view`, `[:, None]`, `[-1]`: un atributo o un índice sueltos
        attempts.insert(0, f"_x{code}")
    if code.startswith("@"):
        attempts.append(f"{code}\ndef _f():\n    pass")
    attempts.append(f"{code}\n    pass" if code.endswith(":") else f"{code}:\n    pass")
    for attempt in attempts:
        try:
            return ast.parse(without_magics(attempt))
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
    return {syntax(WORDS[first])} if first in WORDS else set()


def of_markdown(text: str, aliases: dict[str, str]) -> set[str]:
    """Los ingredientes que enseña el código de una celda de texto."""
    return set().union(*(_fragment(code, aliases) for code in markdown_code(text)))
