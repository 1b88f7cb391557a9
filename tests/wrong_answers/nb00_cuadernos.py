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
        ("cuenta las jugadas que contienen la casilla: también las que salen de ella", '''
def count_moves_to(game, square):
    return sum(1 for move in game.split() if square in move)
'''),
        ("mira las dos últimas letras: falla con las coronaciones (b7a8q)", '''
def count_moves_to(game, square):
    return sum(1 for move in game.split() if move[-2:] == square)
'''),
        ("mira el final con endswith: falla con las coronaciones", '''
def count_moves_to(game, square):
    return len([move for move in game.split() if move.endswith(square)])
'''),
        ("cuenta las jugadas que salen de la casilla", '''
def count_moves_to(game, square):
    return sum(1 for move in game.split() if move[:2] == square)
'''),
        ("cuenta apariciones del texto en la partida entera", '''
def count_moves_to(game, square):
    return game.count(square)
'''),
        ("corta desde la tercera letra hasta el final: con una coronación sobra la pieza", '''
def count_moves_to(game, square):
    return sum(1 for move in game.split() if move[2:] == square)
'''),
        ("[copia] pega la línea del cuaderno que cuenta todas las jugadas", '''
def count_moves_to(game, square):
    moves = game.split()
    return len(moves)
'''),
        ("[fijo] devuelve los valores del test visible", '''
def count_moves_to(game, square):
    return 3 if square == "d5" else 0
'''),
    ],
    "nb00-side-moves": [
        ("confunde los bandos: da las de las negras cuando piden las blancas", '''
def side_moves(game, side):
    moves = game.split()
    first = 1 if side == "blancas" else 0
    return moves[first::2]
'''),
        ("ignora el bando y devuelve siempre las de las blancas", '''
def side_moves(game, side):
    moves = game.split()
    return moves[0::2]
'''),
        ("toma la primera o la segunda mitad de la partida", '''
def side_moves(game, side):
    moves = game.split()
    half = (len(moves) + 1) // 2
    return moves[:half] if side == "blancas" else moves[half:]
'''),
        ("devuelve un texto en vez de una lista", '''
def side_moves(game, side):
    moves = game.split()
    first = 0 if side == "blancas" else 1
    return " ".join(moves[first::2])
'''),
        ("compara el bando en inglés ('white') y nunca reconoce «blancas»", '''
def side_moves(game, side):
    moves = game.split()
    first = 0 if side == "white" else 1
    return moves[first::2]
'''),
        ("[copia] pega la primera y la última jugada de la celda del cuaderno", '''
def side_moves(game, side):
    moves = game.split()
    return [moves[0], moves[-1]] if moves else []
'''),
        ("[fijo] devuelve la respuesta del ejemplo visible", '''
def side_moves(game, side):
    return ["e7e5", "b8c6"] if len(game.split()) > 1 else []
'''),
    ],
    "nb00-last-move": [
        ("cuenta medias jugadas: el número es el total de jugadas", '''
def last_move(game):
    moves = game.split()
    if not moves:
        return None
    side = "blancas" if len(moves) % 2 == 1 else "negras"
    return (len(moves), side, moves[-1])
'''),
        ("divide sin redondear hacia arriba: la jugada de las blancas sale un número corta", '''
def last_move(game):
    moves = game.split()
    if not moves:
        return None
    side = "blancas" if len(moves) % 2 == 1 else "negras"
    return (len(moves) // 2, side, moves[-1])
'''),
        ("confunde el bando: pares para las blancas", '''
def last_move(game):
    moves = game.split()
    if not moves:
        return None
    side = "blancas" if len(moves) % 2 == 0 else "negras"
    return ((len(moves) + 1) // 2, side, moves[-1])
'''),
        ("devuelve una lista en vez de una tupla", '''
def last_move(game):
    moves = game.split()
    if not moves:
        return None
    side = "blancas" if len(moves) % 2 == 1 else "negras"
    return [(len(moves) + 1) // 2, side, moves[-1]]
'''),
        ("no trata la partida vacía", '''
def last_move(game):
    moves = game.split()
    side = "blancas" if len(moves) % 2 == 1 else "negras"
    return ((len(moves) + 1) // 2, side, moves[-1])
'''),
        ("el número sale como float al dividir con /", '''
def last_move(game):
    moves = game.split()
    if not moves:
        return None
    side = "blancas" if len(moves) % 2 == 1 else "negras"
    return ((len(moves) + 1) / 2 if len(moves) % 2 else len(moves) / 2, side, moves[-1])
'''),
        ("[copia] pega la última jugada de la celda del cuaderno", '''
def last_move(game):
    moves = game.split()
    return moves[-1] if moves else None
'''),
        ("[fijo] devuelve el caso visible y el del enunciado", '''
def last_move(game):
    moves = game.split()
    if not moves:
        return None
    return (2, "negras", "d8h4") if len(moves) == 4 else (2, "blancas", moves[-1])
'''),
    ],
}
