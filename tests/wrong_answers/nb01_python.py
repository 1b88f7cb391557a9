"""Respuestas equivocadas plausibles de 01-python: {grade_id: [(motivo, celda completa), ...]}."""

WRONG_ANSWERS = {
    "nb01-prediccion": [
        ("cree que el corte incluye el extremo final", "prediccion_corte = 4\nprediccion_conjunto = 8"),
        ("cuenta jugadas repetidas en el conjunto", "prediccion_corte = 3\nprediccion_conjunto = 10"),
        ("cuenta una sola repetida: olvida que g1f3 también está en las dos", "prediccion_corte = 3\nprediccion_conjunto = 9"),
        ("escribe la predicción como texto", 'prediccion_corte = "3"\nprediccion_conjunto = 8'),
        ("cree que el corte empieza en la posición 0", "prediccion_corte = 4\nprediccion_conjunto = 8.0"),
    ],
    "nb01-vocabulario": [
        ("olvida la ficha <bos>", '''
def construir_vocabulario(partidas):
    return sorted({m for p in partidas for m in p})
'''),
        ("no quita los repetidos: ordena todas las jugadas", '''
def construir_vocabulario(partidas):
    return ["<bos>"] + sorted(m for p in partidas for m in p)
'''),
        ("no ordena: deja el orden del conjunto", '''
def construir_vocabulario(partidas):
    return ["<bos>"] + list({m for p in partidas for m in p})
'''),
        ("conserva el orden de aparición en vez del alfabético", '''
def construir_vocabulario(partidas):
    vistas = []
    for p in partidas:
        for m in p:
            if m not in vistas:
                vistas.append(m)
    return ["<bos>"] + vistas
'''),
        ("pone <bos> al final", '''
def construir_vocabulario(partidas):
    return sorted({m for p in partidas for m in p}) + ["<bos>"]
'''),
        ("solo mira la primera partida", '''
def construir_vocabulario(partidas):
    return ["<bos>"] + sorted(set(partidas[0]))
'''),
    ],
    "nb01-tokenizador": [
        ("invierte el diccionario: id -> ficha", '''
class Tokenizador:
    def __init__(self, vocabulario):
        self.vocabulario = list(vocabulario)
        self.id_de = {i: tok for i, tok in enumerate(self.vocabulario)}

    def encode(self, jugadas):
        return [self.id_de[m] for m in jugadas]

    def decode(self, ids):
        return [self.vocabulario[i] for i in ids]
'''),
        ("numera desde 1 (enumerate con start=1)", '''
class Tokenizador:
    def __init__(self, vocabulario):
        self.vocabulario = list(vocabulario)
        self.id_de = {tok: i for i, tok in enumerate(self.vocabulario, start=1)}

    def encode(self, jugadas):
        return [self.id_de[m] for m in jugadas]

    def decode(self, ids):
        return [self.vocabulario[i - 1] for i in ids]
'''),
        ("vuelve a ordenar el vocabulario: solo funciona si ya venía ordenado", '''
class Tokenizador:
    def __init__(self, vocabulario):
        self.vocabulario = list(vocabulario)
        self.id_de = {tok: i for i, tok in enumerate(sorted(self.vocabulario))}

    def encode(self, jugadas):
        return [self.id_de[m] for m in jugadas]

    def decode(self, ids):
        return [sorted(self.vocabulario)[i] for i in ids]
'''),
        ("encode añade <bos> delante sin que se lo pidan", '''
class Tokenizador:
    def __init__(self, vocabulario):
        self.vocabulario = list(vocabulario)
        self.id_de = {tok: i for i, tok in enumerate(self.vocabulario)}

    def encode(self, jugadas):
        return [self.id_de["<bos>"]] + [self.id_de[m] for m in jugadas]

    def decode(self, ids):
        return [self.vocabulario[i] for i in ids]
'''),
        ("decode devuelve un texto en vez de una lista", '''
class Tokenizador:
    def __init__(self, vocabulario):
        self.vocabulario = list(vocabulario)
        self.id_de = {tok: i for i, tok in enumerate(self.vocabulario)}

    def encode(self, jugadas):
        return [self.id_de[m] for m in jugadas]

    def decode(self, ids):
        return " ".join(self.vocabulario[i] for i in ids)
'''),
    ],
    "nb01-sucesores": [
        ("junta todas las partidas en una: cuenta la primera jugada de la siguiente partida como sucesora", '''
from collections import Counter

def contar_sucesores(partidas, jugada):
    sucesores = Counter()
    todas = [m for p in partidas for m in p]
    for actual, siguiente in zip(todas, todas[1:]):
        if actual == jugada:
            sucesores[siguiente] += 1
    return sucesores
'''),
        ("cuenta la jugada anterior en vez de la siguiente", '''
from collections import Counter

def contar_sucesores(partidas, jugada):
    sucesores = Counter()
    for p in partidas:
        for anterior, actual in zip(p, p[1:]):
            if actual == jugada:
                sucesores[anterior] += 1
    return sucesores
'''),
        ("se salta una posición: empareja cada jugada con la de dos más allá", '''
from collections import Counter

def contar_sucesores(partidas, jugada):
    sucesores = Counter()
    for p in partidas:
        for actual, siguiente in zip(p, p[2:]):
            if actual == jugada:
                sucesores[siguiente] += 1
    return sucesores
'''),
        ("solo mira la primera aparición de la jugada en cada partida", '''
from collections import Counter

def contar_sucesores(partidas, jugada):
    sucesores = Counter()
    for p in partidas:
        if jugada in p:
            i = list(p).index(jugada)
            if i + 1 < len(p):
                sucesores[p[i + 1]] += 1
    return sucesores
'''),
        ("devuelve la respuesta del ejemplo visible", '''
def contar_sucesores(partidas, jugada):
    return {"e7e5": 2, "c7c5": 1}
'''),
        ("se sale de la lista al llegar a la última jugada", '''
from collections import Counter

def contar_sucesores(partidas, jugada):
    sucesores = Counter()
    for p in partidas:
        for i in range(len(p)):
            if p[i] == jugada:
                sucesores[p[i + 1]] += 1
    return sucesores
'''),
    ],
}
