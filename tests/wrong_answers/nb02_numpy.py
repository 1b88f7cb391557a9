"""Respuestas equivocadas plausibles de 02-numpy: {grade_id: [(motivo, celda completa), ...]}."""

WRONG_ANSWERS = {
    "nb02-prediccion-formas": [
        ("confunde los ejes: axis=0 deja una por fila", "forma_a = (4,)\nforma_b = (4, 1)\nforma_c = (4,)"),
        ("olvida que keepdims conserva el eje reducido", "forma_a = (6,)\nforma_b = (4,)\nforma_c = (4,)"),
        ("escribe (6) sin coma: eso es un número, no una tupla", "forma_a = (6)\nforma_b = (4, 1)\nforma_c = (4)"),
        ("escribe las formas como listas", "forma_a = [6]\nforma_b = [4, 1]\nforma_c = [4]"),
        ("cuenta el corte como si quitara una fila: (3,)", "forma_a = (6,)\nforma_b = (4, 1)\nforma_c = (3,)"),
        ("keepdims en el eje equivocado", "forma_a = (6,)\nforma_b = (1, 6)\nforma_c = (4,)"),
    ],
    "nb02-contar-bigramas": [
        ("el error clásico: `+= 1` con fancy indexing pierde las parejas repetidas", '''
import numpy as np

def contar_bigramas(actuales, siguientes, V):
    conteos = np.zeros((V, V), dtype=np.int64)
    conteos[actuales, siguientes] += 1
    return conteos
'''),
        ("cambia filas por columnas: la siguiente en la fila", '''
import numpy as np

def contar_bigramas(actuales, siguientes, V):
    conteos = np.zeros((V, V), dtype=np.int64)
    np.add.at(conteos, (siguientes, actuales), 1)
    return conteos
'''),
        ("crea la matriz sin dtype: sale float64", '''
import numpy as np

def contar_bigramas(actuales, siguientes, V):
    conteos = np.zeros((V, V))
    np.add.at(conteos, (actuales, siguientes), 1)
    return conteos
'''),
        ("fija el tamaño 14 del vocabulario de juguete", '''
import numpy as np

def contar_bigramas(actuales, siguientes, V):
    conteos = np.zeros((14, 14), dtype=np.int64)
    np.add.at(conteos, (actuales, siguientes), 1)
    return conteos
'''),
        ("marca las parejas vistas con 1 en vez de contarlas", '''
import numpy as np

def contar_bigramas(actuales, siguientes, V):
    conteos = np.zeros((V, V), dtype=np.int64)
    for a, b in zip(actuales, siguientes):
        conteos[a, b] = 1
    return conteos
'''),
    ],
    "nb02-normalizar-filas": [
        ("divide por los totales de las columnas (axis=0)", '''
import numpy as np

def normalizar_filas(conteos):
    totales = conteos.sum(axis=0, keepdims=True)
    return conteos / np.maximum(totales, 1)
'''),
        ("olvida keepdims: en una matriz cuadrada divide columnas sin dar error", '''
import numpy as np

def normalizar_filas(conteos):
    totales = conteos.sum(axis=1)
    return conteos / np.maximum(totales, 1)
'''),
        ("no trata las filas vacías: deja nan", '''
import numpy as np

def normalizar_filas(conteos):
    with np.errstate(invalid="ignore"):
        return conteos / conteos.sum(axis=1, keepdims=True)
'''),
        ("reparte las filas vacías a partes iguales en vez de dejarlas a cero", '''
import numpy as np

def normalizar_filas(conteos):
    totales = conteos.sum(axis=1, keepdims=True)
    uniforme = np.full(conteos.shape, 1.0 / conteos.shape[1])
    return np.where(totales > 0, conteos / np.maximum(totales, 1), uniforme)
'''),
        ("divide por el total de toda la matriz", '''
import numpy as np

def normalizar_filas(conteos):
    return conteos / max(conteos.sum(), 1)
'''),
        ("división entera: todo sale 0 o 1 y el tipo es int", '''
import numpy as np

def normalizar_filas(conteos):
    totales = conteos.sum(axis=1, keepdims=True)
    return conteos // np.maximum(totales, 1)
'''),
    ],
    "nb02-prob-jugadas": [
        ("indexa en dos pasos: sale una tabla (N, N) con todas las combinaciones", '''
def prob_de_lo_jugado(probs, actuales, siguientes):
    return probs[actuales][:, siguientes]
'''),
        ("cambia el orden de los índices: fila siguiente, columna actual", '''
def prob_de_lo_jugado(probs, actuales, siguientes):
    return probs[siguientes, actuales]
'''),
        ("devuelve la mejor probabilidad de cada fila, no la de la jugada real", '''
def prob_de_lo_jugado(probs, actuales, siguientes):
    return probs[actuales].max(axis=1)
'''),
        ("toma solo la columna: ignora la ficha actual", '''
def prob_de_lo_jugado(probs, actuales, siguientes):
    return probs[0, siguientes]
'''),
        ("desplaza una posición: empareja cada actual con la siguiente de la pareja anterior", '''
import numpy as np

def prob_de_lo_jugado(probs, actuales, siguientes):
    return probs[actuales, np.roll(siguientes, 1)]
'''),
    ],
}
