"""Cinco soluciones independientes de 00-cuadernos (ver ``catalogues/independent``).

Solo con lo que enseña el cuaderno: cortes, cortes con salto, ``//`` y ``len``. Son ejercicios de una
línea, así que varios alumnos escriben lo mismo que la solución publicada sin haberla visto.
"""

SETS = [
    {  # 1: lo natural, una línea
        "nb00-count-moves-to": """
return move[2:4]
""",
        "nb00-side-moves": """
return moves[1::2]
""",
        "nb00-last-move": """
return (len(moves) + 1) // 2
""",
    },
    {  # 2: un nombre para cada paso
        "nb00-count-moves-to": """
square = move[2:4]
return square
""",
        "nb00-side-moves": """
black = moves[1::2]
return black
""",
        "nb00-last-move": """
n = len(moves)
return (n + 1) // 2
""",
    },
    {  # 3: letra a letra y contando las de las blancas
        "nb00-count-moves-to": """
return move[2] + move[3]
""",
        "nb00-side-moves": """
return moves[1:len(moves):2]
""",
        "nb00-last-move": """
white = moves[::2]
return len(white)
""",
    },
    {  # 4: primero lo que sobra, luego el trozo
        "nb00-count-moves-to": """
after_origin = move[2:]
return after_origin[:2]
""",
        "nb00-side-moves": """
from_second = moves[1:]
return from_second[::2]
""",
        "nb00-last-move": """
return -(-len(moves) // 2)
""",
    },
    {  # 5: origen y destino con nombre; parejas completas y la que queda
        "nb00-count-moves-to": """
origin = move[0:2]
target = move[2:4]
return target
""",
        "nb00-side-moves": """
after_first = moves[1:len(moves)]
every_other = after_first[0::2]
return every_other
""",
        "nb00-last-move": """
plies = len(moves)
full_pairs = plies // 2
leftover = len(moves[full_pairs * 2:])
return full_pairs + leftover
""",
    },
]
