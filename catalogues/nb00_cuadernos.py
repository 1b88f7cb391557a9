"""Respuestas equivocadas plausibles de 00-cuadernos: {grade_id: [(motivo, celda), ...]}.

Una respuesta que es un cambio pequeño de la solución se escribe como ese cambio (``edit``, ``answers``:
la solución se lee del cuaderno del profesor); una que sigue otro camino, entera.

Las que empiezan por una etiqueta entre corchetes son las del alumno perezoso: [copia] pega una
línea que el cuaderno ya enseña, [fijo] se ajusta al caso visible, [mensaje] prueba un valor al
azar y lee el mensaje del test.
"""

from catalogues.edits import answers, edit

SLUG = "00-cuadernos"


def _order(**values):
    return answers(SLUG, "nb00-predict-order", **values)


WRONG_ANSWERS = {
    "nb00-predict-order": [
        ("cree que la segunda B no cuenta porque B ya se había ejecutado", _order(x_after_clicks="18")),
        ("sigue las celdas en el orden de la página al pulsar A, B, C, B", _order(x_after_clicks="15")),
        ("cree que reiniciar conserva la x que ya había", _order(x_after_run_all="37")),
        ("cree que «ejecutar todo» continúa desde el valor anterior sin reiniciar", _order(x_after_run_all="69")),
        ("escribe las predicciones como texto", _order(x_after_clicks='"37"', x_after_run_all='"18"')),
        ("[mensaje] prueba la respuesta del ejercicio antiguo (A, B, B, A, B) a ver qué dice el test",
         _order(x_after_clicks="21", x_after_run_all="21")),
        ("[mensaje] deja un apartado sin escribir", _order(x_after_run_all="...")),
    ],
    "nb00-count-moves-to": [
        ("mira las dos últimas letras: falla con las coronaciones (b7a8q)",
         edit(SLUG, "nb00-count-moves-to", ("return move[2:4]", "return move[-2:]"))),
        ("corta desde la tercera letra hasta el final: con una coronación sobra la pieza",
         edit(SLUG, "nb00-count-moves-to", ("return move[2:4]", "return move[2:]"))),
        ("devuelve la casilla de origen", edit(SLUG, "nb00-count-moves-to", ("return move[2:4]", "return move[0:2]"))),
        ("cree que el corte incluye `fin`: se queda con una sola letra",
         edit(SLUG, "nb00-count-moves-to", ("return move[2:4]", "return move[2:3]"))),
        ("cuenta las posiciones desde 1, como en una planilla",
         edit(SLUG, "nb00-count-moves-to", ("return move[2:4]", "return move[3:5]"))),
        ("coge la tercera y la última letra: con una coronación sale la pieza",
         edit(SLUG, "nb00-count-moves-to", ("return move[2:4]", "return move[2] + move[-1]"))),
        ("[copia] pega el corte del ejemplo del cuaderno",
         edit(SLUG, "nb00-count-moves-to", ("return move[2:4]", "return move[0:8]"))),
        ("[fijo] devuelve el destino del ejemplo visible",
         edit(SLUG, "nb00-count-moves-to", ("return move[2:4]", 'return "f3"'))),
    ],
    "nb00-side-moves": [
        ("confunde los bandos: empieza en 0 y da las de las blancas",
         edit(SLUG, "nb00-side-moves", ("return moves[1::2]", "return moves[::2]"))),
        ("cuenta las posiciones desde 1: empieza en la 2 y da las blancas sin la primera",
         edit(SLUG, "nb00-side-moves", ("return moves[1::2]", "return moves[2::2]"))),
        ("olvida el salto: da todas menos la primera",
         edit(SLUG, "nb00-side-moves", ("return moves[1::2]", "return moves[1:]"))),
        ("pone un fin y se deja la última jugada de las negras",
         edit(SLUG, "nb00-side-moves", ("return moves[1::2]", "return moves[1:len(moves) - 1:2]"))),
        ("corta el texto en vez de la lista de jugadas: da letras sueltas",
         edit(SLUG, "nb00-side-moves", ("return moves[1::2]", "return game[1::2]"))),
        ("[copia] pega el corte con salto del ejemplo del cuaderno",
         edit(SLUG, "nb00-side-moves", ("return moves[1::2]", "return moves[0:8:2]"))),
        ("[fijo] devuelve la respuesta del ejemplo visible", '''
def black_moves(game):
    return ["e7e5", "b8c6"]
'''),
        ("[fijo] ajusta la española y la partida de una jugada", '''
def black_moves(game):
    return ["e7e5", "b8c6"] if len(game.split()) > 1 else []
'''),
    ],
    "nb00-last-move": [
        ("[copia] cuenta medias jugadas: devuelve el total de jugadas, como la primera celda",
         edit(SLUG, "nb00-last-move", ("return (len(moves) + 1) // 2", "return len(moves)"))),
        ("divide sin sumar 1: la última jugada de las blancas sale un número corta",
         edit(SLUG, "nb00-last-move", ("return (len(moves) + 1) // 2", "return len(moves) // 2"))),
        ("suma 1 después de dividir: tras la jugada de las negras sale un número de más",
         edit(SLUG, "nb00-last-move", ("return (len(moves) + 1) // 2", "return len(moves) // 2 + 1"))),
        ("divide con /: el número sale como float",
         edit(SLUG, "nb00-last-move", ("return (len(moves) + 1) // 2", "return (len(moves) + 1) / 2"))),
        ("redondea con round, que lleva los medios al par: round(0.5) es 0 y round(2.5) es 2",
         edit(SLUG, "nb00-last-move", ("return (len(moves) + 1) // 2", "return round(len(moves) / 2)"))),
        ("cuenta las letras del texto, no las jugadas",
         edit(SLUG, "nb00-last-move", ("return (len(moves) + 1) // 2", "return (len(game) + 1) // 2"))),
        ("[fijo] devuelve el número del mate del loco", '''
def move_number(game):
    return 2
'''),
    ],
}
