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

Por partes: ``vocabulary`` (los nombres de los ingredientes), ``finder`` (los de un árbol de sintaxis) y
``markdown`` (los del código de una celda de texto).
"""

from .finder import defined_names, imported_names, of_tree, parse, taught_by  # noqa: F401
from .markdown import markdown_code, of_markdown  # noqa: F401
from .vocabulary import BUILTIN_NAMES, SYNTAX, SYNTAX_PREFIX, describe, syntax  # noqa: F401
