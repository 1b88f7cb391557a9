"""Respuestas equivocadas plausibles de 03-tensores: {grade_id: [(motivo, celda completa), ...]}."""

WRONG_ANSWERS = {
    "nb03-rellenar": [
        ("pasa la lista de listas tal cual: el tensor no puede ser irregular", '''
from rukh_helpers import PAD_ID

def rellenar(partidas):
    return torch.tensor(partidas)
'''),
        ("rellena por la izquierda en vez de por la derecha", '''
from rukh_helpers import PAD_ID

def rellenar(partidas):
    largo = max(len(p) for p in partidas)
    filas = [[PAD_ID] * (largo - len(p)) + list(p) for p in partidas]
    return torch.tensor(filas)
'''),
        ("rellena siempre hasta 200 en vez de hasta la partida más larga", '''
from rukh_helpers import PAD_ID

def rellenar(partidas):
    filas = [list(p) + [PAD_ID] * (200 - len(p)) for p in partidas]
    return torch.tensor(filas)
'''),
        ("mide la primera partida en vez de la más larga", '''
from rukh_helpers import PAD_ID

def rellenar(partidas):
    largo = len(partidas[0])
    filas = [(list(p) + [PAD_ID] * largo)[:largo] for p in partidas]
    return torch.tensor(filas)
'''),
        ("crea el tensor con tipo float32", '''
from rukh_helpers import PAD_ID

def rellenar(partidas):
    largo = max(len(p) for p in partidas)
    filas = [list(p) + [PAD_ID] * (largo - len(p)) for p in partidas]
    return torch.tensor(filas, dtype=torch.float32)
'''),
    ],
    "nb03-longitudes": [
        ("suma por el eje equivocado (dim=0): una cuenta por posición, no por partida", '''
from rukh_helpers import PAD_ID

def longitudes(tokens):
    reales = tokens != PAD_ID
    return reales.sum(dim=0)
'''),
        ("suma los ids en vez de contar las fichas", '''
from rukh_helpers import PAD_ID

def longitudes(tokens):
    return tokens.sum(dim=1)
'''),
        ("cuenta todas las fichas del lote en un solo número", '''
from rukh_helpers import PAD_ID

def longitudes(tokens):
    return (tokens != PAD_ID).sum()
'''),
        ("devuelve la anchura del lote para todas las partidas", '''
from rukh_helpers import PAD_ID

def longitudes(tokens):
    return torch.full((tokens.shape[0],), tokens.shape[1])
'''),
        ("cuenta también una ficha de relleno (se pasa por uno)", '''
from rukh_helpers import PAD_ID

def longitudes(tokens):
    return (tokens != PAD_ID).sum(dim=1) + (tokens == PAD_ID).any(dim=1).long()
'''),
        ("copia la respuesta del ejemplo visible", '''
from rukh_helpers import PAD_ID

def longitudes(tokens):
    return torch.tensor([7, 6, 3])
'''),
    ],
    "nb03-total-vocabulario": [
        ("suma por la dimensión 1 (las posiciones) en vez de la última", '''
def total_por_posicion(x):
    return x.sum(dim=1)
'''),
        ("suma por la dimensión 0 (las partidas)", '''
def total_por_posicion(x):
    return x.sum(dim=0)
'''),
        ("usa dim=2: solo vale cuando x tiene tres dimensiones", '''
def total_por_posicion(x):
    return x.sum(dim=2)
'''),
        ("calcula la media en vez de la suma", '''
def total_por_posicion(x):
    return x.mean(dim=-1)
'''),
        ("suma todo el tensor", '''
def total_por_posicion(x):
    return x.sum()
'''),
    ],
    "nb03-predice-formas": [
        ("confunde dim=-1 con dim=1 y dim=0 con la última", '''
forma_tokens = (64, 200)
forma_logits = (64, 200, 2030)
forma_tabla = (2030, 512)
forma_por_posicion = (64, 2030)
forma_por_ficha = (64, 200)
'''),
        ("tabla de embeddings traspuesta", '''
forma_tokens = (64, 200)
forma_logits = (64, 200, 2030)
forma_tabla = (512, 2030)
forma_por_posicion = (64, 200)
forma_por_ficha = (200, 2030)
'''),
        ("olvida la dimensión T en los logits", '''
forma_tokens = (64, 200)
forma_logits = (64, 2030)
forma_tabla = (2030, 512)
forma_por_posicion = (64,)
forma_por_ficha = (2030,)
'''),
        ("escribe listas en vez de tuplas", '''
forma_tokens = [64, 200]
forma_logits = [64, 200, 2030]
forma_tabla = [2030, 512]
forma_por_posicion = [64, 200]
forma_por_ficha = [200, 2030]
'''),
        ("cree que la dimensión sumada se queda con tamaño 1", '''
forma_tokens = (64, 200)
forma_logits = (64, 200, 2030)
forma_tabla = (2030, 512)
forma_por_posicion = (64, 200, 1)
forma_por_ficha = (1, 200, 2030)
'''),
    ],
}
