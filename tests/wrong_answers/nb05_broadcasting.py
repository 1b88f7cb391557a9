"""Respuestas equivocadas plausibles de 05-broadcasting: {grade_id: [(motivo, celda completa), ...]}."""

WRONG_ANSWERS = {
    "nb05-predice-formas": [
        ("alinea por la izquierda en vez de por la derecha", '''
forma_a = (3, 4)
forma_b = (64, 8, 200, 200)
forma_c = (5, 2)
forma_d = (8, 7, 6)
'''),
        ("cree que el resultado toma la forma del primer operando", '''
forma_a = (3, 1)
forma_b = (64, 8, 200, 200)
forma_c = (5,)
forma_d = (8, 1, 6)
'''),
        ("traspone la tabla de la resta", '''
forma_a = (4, 3)
forma_b = (64, 8, 200, 200)
forma_c = (2, 5)
forma_d = (8, 7, 6)
'''),
        ("escribe listas en vez de tuplas", '''
forma_a = [3, 4]
forma_b = [64, 8, 200, 200]
forma_c = [2, 5]
forma_d = [8, 7, 6]
'''),
        ("no estira el eje de tamaño 1 del segundo operando", '''
forma_a = (3, 4)
forma_b = (64, 8, 200, 200)
forma_c = (2, 5)
forma_d = (8, 1, 6)
'''),
    ],
    "nb05-diferencias-elo": [
        ("olvida el None: resta elemento a elemento", '''
def diferencias(elo, rivales):
    return elo - rivales
'''),
        ("pone el None en el otro operando: la tabla sale traspuesta", '''
def diferencias(elo, rivales):
    return elo[None, :] - rivales[:, None]
'''),
        ("resta al revés: rivales menos jugador", '''
def diferencias(elo, rivales):
    return rivales - elo[:, None]
'''),
        ("convierte a float32 por el camino", '''
def diferencias(elo, rivales):
    return elo[:, None].float() - rivales.float()
'''),
        ("devuelve una lista de listas hecha con bucles", '''
def diferencias(elo, rivales):
    return [[int(e - r) for r in rivales] for e in elo]
'''),
    ],
    "nb05-mascara-atencion": [
        ("aplica la máscara (B, T) sin añadir ejes", '''
def aplicar_mascara(puntuaciones, mascara):
    return puntuaciones.masked_fill(~mascara, float("-inf"))
'''),
        ("pone los None donde no van: tapa filas en vez de columnas", '''
def aplicar_mascara(puntuaciones, mascara):
    return puntuaciones.masked_fill(~mascara[:, None, :, None], float("-inf"))
'''),
        ("deja T en el eje de las cabezas: forma (B, T, 1, 1)", '''
def aplicar_mascara(puntuaciones, mascara):
    return puntuaciones.masked_fill(~mascara[:, :, None, None], float("-inf"))
'''),
        ("pone los None delante: (1, 1, B, T) mezcla partidas y posiciones", '''
def aplicar_mascara(puntuaciones, mascara):
    return puntuaciones.masked_fill(~mascara[None, None, :, :], float("-inf"))
'''),
        ("no invierte la máscara: tapa las fichas reales", '''
def aplicar_mascara(puntuaciones, mascara):
    return puntuaciones.masked_fill(mascara[:, None, None, :], float("-inf"))
'''),
        ("rellena con 0 en vez de -inf", '''
def aplicar_mascara(puntuaciones, mascara):
    return puntuaciones.masked_fill(~mascara[:, None, None, :], 0.0)
'''),
    ],
}

WRONG_ANSWERS["nb05-centrar-logits"] = [
    ("resta la media (B, T) sin devolverle el eje", '''
def centrar(logits):
    media = logits.mean(dim=-1)
    return logits - media
'''),
    ("hace la media por el eje de las posiciones (dim=1)", '''
def centrar(logits):
    media = logits.mean(dim=1, keepdim=True)
    return logits - media
'''),
    ("resta la media de todo el lote", '''
def centrar(logits):
    return logits - logits.mean()
'''),
    ("pone el None en el eje equivocado: (B, 1, T)", '''
def centrar(logits):
    media = logits.mean(dim=-1)
    return logits - media[:, None, :]
'''),
    ("devuelve la media en vez de restarla", '''
def centrar(logits):
    return logits.mean(dim=-1, keepdim=True)
'''),
]
