"""Respuestas equivocadas plausibles de 00-cuadernos: {grade_id: [(motivo, celda completa), ...]}."""

WRONG_ANSWERS = {
    "nb00-orden": [
        ("no tiene en cuenta que la segunda A vuelve a poner x = 10", "prediccion_x = 87"),
        ("cuenta solo la primera A y la primera B", "prediccion_x = 21.0"),
        ("escribe la predicción como texto", 'prediccion_x = "21"'),
        ("sigue el orden de las celdas en la página y no el de ejecución", "prediccion_x = 43"),
    ],
    "nb00-contar-jugadas": [
        ("cuenta caracteres en vez de jugadas", '''
def contar_jugadas(partida):
    return len(partida)
'''),
        ("cuenta espacios: se queda una jugada corta", '''
def contar_jugadas(partida):
    return partida.count(" ")
'''),
        ("parte por un único espacio y cuenta los huecos vacíos", '''
def contar_jugadas(partida):
    return len(partida.split(" "))
'''),
        ("devuelve el número del ejemplo visible", '''
def contar_jugadas(partida):
    return 5
'''),
    ],
    "nb00-jugadas-blancas": [
        ("toma las jugadas de las negras", '''
def jugadas_blancas(partida):
    jugadas = partida.split()
    return jugadas[1::2]
'''),
        ("toma la primera mitad de la partida", '''
def jugadas_blancas(partida):
    jugadas = partida.split()
    return jugadas[: (len(jugadas) + 1) // 2]
'''),
        ("devuelve un texto en vez de una lista", '''
def jugadas_blancas(partida):
    jugadas = partida.split()
    return " ".join(jugadas[0::2])
'''),
        ("copia la respuesta del ejemplo visible", '''
def jugadas_blancas(partida):
    return ["e2e4", "g1f3"]
'''),
    ],
    "nb00-ultima-jugada": [
        ("confunde el bando: pares para las blancas", '''
def ultima_jugada(partida):
    jugadas = partida.split()
    if not jugadas:
        return None
    bando = "blancas" if len(jugadas) % 2 == 0 else "negras"
    return (jugadas[-1], bando)
'''),
        ("devuelve una lista en vez de una tupla", '''
def ultima_jugada(partida):
    jugadas = partida.split()
    if not jugadas:
        return None
    bando = "blancas" if len(jugadas) % 2 == 1 else "negras"
    return [jugadas[-1], bando]
'''),
        ("no trata la partida vacía", '''
def ultima_jugada(partida):
    jugadas = partida.split()
    bando = "blancas" if len(jugadas) % 2 == 1 else "negras"
    return (jugadas[-1], bando)
'''),
        ("toma la primera jugada en vez de la última", '''
def ultima_jugada(partida):
    jugadas = partida.split()
    if not jugadas:
        return None
    bando = "blancas" if len(jugadas) % 2 == 1 else "negras"
    return (jugadas[0], bando)
'''),
    ],
}
