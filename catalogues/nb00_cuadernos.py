"""Respuestas equivocadas plausibles de 00-cuadernos: {grade_id: [(motivo, celda completa), ...]}.

Las que empiezan por una etiqueta entre corchetes son las del alumno perezoso: [copia] pega una
línea que el cuaderno ya enseña, [fijo] se ajusta al caso visible, [mensaje] prueba un valor al
azar y lee el mensaje del test.
"""

WRONG_ANSWERS = {
    "nb00-predict-order": [
        ("cree que la segunda B no cuenta porque B ya se había ejecutado", "x_after_clicks = 18\nx_after_run_all = 18"),
        ("sigue las celdas en el orden de la página al pulsar A, B, C, B", "x_after_clicks = 15\nx_after_run_all = 18"),
        ("cree que reiniciar conserva la x que ya había", "x_after_clicks = 37\nx_after_run_all = 37"),
        ("cree que «ejecutar todo» continúa desde el valor anterior sin reiniciar", "x_after_clicks = 37\nx_after_run_all = 69"),
        ("escribe las predicciones como texto", 'x_after_clicks = "37"\nx_after_run_all = "18"'),
        ("[mensaje] prueba la respuesta del ejercicio antiguo (A, B, B, A, B) a ver qué dice el test", "x_after_clicks = 21\nx_after_run_all = 21"),
        ("[mensaje] deja un apartado sin escribir", "x_after_clicks = 37\nx_after_run_all = ..."),
    ],
    "nb00-count-moves-to": [
        ("mira las dos últimas letras: falla con las coronaciones (b7a8q)", '''
def destination(move):
    return move[-2:]
'''),
        ("corta desde la tercera letra hasta el final: con una coronación sobra la pieza", '''
def destination(move):
    return move[2:]
'''),
        ("devuelve la casilla de origen", '''
def destination(move):
    return move[0:2]
'''),
        ("cree que el corte incluye `fin`: se queda con una sola letra", '''
def destination(move):
    return move[2:3]
'''),
        ("cuenta las posiciones desde 1, como en una planilla", '''
def destination(move):
    return move[3:5]
'''),
        ("coge la tercera y la última letra: con una coronación sale la pieza", '''
def destination(move):
    return move[2] + move[-1]
'''),
        ("[copia] pega el corte del ejemplo del cuaderno", '''
def destination(move):
    return move[0:8]
'''),
        ("[fijo] devuelve el destino del ejemplo visible", '''
def destination(move):
    return "f3"
'''),
    ],
    "nb00-side-moves": [
        ("confunde los bandos: empieza en 0 y da las de las blancas", '''
def black_moves(game):
    moves = game.split()
    return moves[::2]
'''),
        ("cuenta las posiciones desde 1: empieza en la 2 y da las blancas sin la primera", '''
def black_moves(game):
    moves = game.split()
    return moves[2::2]
'''),
        ("olvida el paso: da todas menos la primera", '''
def black_moves(game):
    moves = game.split()
    return moves[1:]
'''),
        ("pone un fin y se deja la última jugada de las negras", '''
def black_moves(game):
    moves = game.split()
    return moves[1:len(moves) - 1:2]
'''),
        ("corta el texto en vez de la lista de jugadas: da letras sueltas", '''
def black_moves(game):
    moves = game.split()
    return game[1::2]
'''),
        ("[copia] pega el corte con paso del ejemplo del cuaderno", '''
def black_moves(game):
    moves = game.split()
    return moves[0:8:2]
'''),
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
        ("[copia] cuenta medias jugadas: devuelve el total de jugadas, como la primera celda", '''
def move_number(game):
    moves = game.split()
    return len(moves)
'''),
        ("divide sin sumar 1: la última jugada de las blancas sale un número corta", '''
def move_number(game):
    moves = game.split()
    return len(moves) // 2
'''),
        ("suma 1 después de dividir: tras la jugada de las negras sale un número de más", '''
def move_number(game):
    moves = game.split()
    return len(moves) // 2 + 1
'''),
        ("divide con /: el número sale como float", '''
def move_number(game):
    moves = game.split()
    return (len(moves) + 1) / 2
'''),
        ("redondea con round, que lleva los medios al par: round(0.5) es 0 y round(2.5) es 2", '''
def move_number(game):
    moves = game.split()
    return round(len(moves) / 2)
'''),
        ("cuenta las letras del texto, no las jugadas", '''
def move_number(game):
    moves = game.split()
    return (len(game) + 1) // 2
'''),
        ("[fijo] devuelve el número del mate del loco", '''
def move_number(game):
    return 2
'''),
    ],
}
