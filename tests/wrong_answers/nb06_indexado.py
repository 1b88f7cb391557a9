"""Respuestas equivocadas plausibles de 06-indexado: {grade_id: [(motivo, celda completa), ...]}."""

WRONG_ANSWERS = {
    "nb06-desplazar": [
        ("corta en el eje de las partidas en vez del de las posiciones (falta la coma)", '''
def desplazar(lote):
    return lote[:-1], lote[1:]
'''),
        ("intercambia entrada y objetivo", '''
def desplazar(lote):
    return lote[:, 1:], lote[:, :-1]
'''),
        ("se pasa en uno: quita dos posiciones", '''
def desplazar(lote):
    return lote[:, :-2], lote[:, 2:]
'''),
        ("escribe a fuego la longitud del ejemplo visible (T = 12)", '''
def desplazar(lote):
    return lote[:, 0:11], lote[:, 1:12]
'''),
    ],
    "nb06-media-sin-relleno": [
        ("promedia también las posiciones de relleno", '''
def media_sin_relleno(perdidas, objetivo):
    return perdidas.mean()
'''),
        ("multiplica por la máscara pero divide entre todas las posiciones", '''
def media_sin_relleno(perdidas, objetivo):
    mascara = objetivo != PAD_ID
    return (perdidas * mascara).mean()
'''),
        ("invierte la máscara: promedia solo el relleno", '''
def media_sin_relleno(perdidas, objetivo):
    return perdidas[objetivo == PAD_ID].mean()
'''),
        ("busca el relleno en las pérdidas en vez de en el objetivo", '''
def media_sin_relleno(perdidas, objetivo):
    return perdidas[perdidas != 0].mean()
'''),
    ],
    "nb06-voraz": [
        ("argmax en el eje de las posiciones", '''
def voraz(logits):
    return logits.argmax(dim=1)
'''),
        ("argmax sin eje: un solo índice del tensor aplanado", '''
def voraz(logits):
    return logits.argmax()
'''),
        ("devuelve el valor máximo en vez de su índice", '''
def voraz(logits):
    return logits.max(dim=-1).values
'''),
        ("argmax en el primer eje", '''
def voraz(logits):
    return logits.argmax(dim=0)
'''),
    ],
    "nb06-prediccion-formas": [
        ("cree que argmax conserva el eje con tamaño 1", '''
forma_favoritas = (64, 200, 1)
forma_dim1 = (64, 1, 2030)
forma_indice = (64, 200, 1)
'''),
        ("escribe las formas como listas", '''
forma_favoritas = [64, 200]
forma_dim1 = [64, 2030]
forma_indice = [64, 200, 1]
'''),
        ("confunde qué eje desaparece con dim=1", '''
forma_favoritas = (64, 200)
forma_dim1 = (200, 2030)
forma_indice = (64, 200, 1)
'''),
        ("pone el eje nuevo de unsqueeze(-1) delante", '''
forma_favoritas = (64, 200)
forma_dim1 = (64, 2030)
forma_indice = (1, 64, 200)
'''),
    ],
    "nb06-logit-jugada": [
        ("gather sin unsqueeze(-1): el índice no tiene las dimensiones del tensor", '''
def logit_jugada(logits, y):
    return logits.gather(-1, y)
'''),
        ("olvida el squeeze(-1): devuelve (..., 1)", '''
def logit_jugada(logits, y):
    return logits.gather(-1, y.unsqueeze(-1))
'''),
        ("devuelve el logit de la favorita, no el de la jugada que vino", '''
def logit_jugada(logits, y):
    return logits.max(dim=-1).values
'''),
        ("indexa con y directamente y cruza cada fila con cada objetivo", '''
def logit_jugada(logits, y):
    return logits[..., y]
'''),
        ("gather en el eje de las posiciones", '''
def logit_jugada(logits, y):
    return logits.gather(1, y.unsqueeze(-1)).squeeze(-1)
'''),
    ],
}
