"""Respuestas equivocadas plausibles de 04-tipos: {grade_id: [(motivo, celda completa), ...]}.

Los motivos que empiezan por una etiqueta entre corchetes son los intentos de un alumno perezoso:
[copia] pega líneas del cuaderno, [fijo] se ajusta al caso visible, [global] usa una variable
del cuaderno en vez del argumento, [bucle] recorre elementos donde se pide operar con el tensor
entero, [mensaje] prueba un valor al azar o el de una lectura descuidada.
"""

_DTYPES = '''
dtype_a = {a}
dtype_b = {b}
dtype_c = {c}
dtype_d = {d}
dtype_e = {e}
'''


def _dtypes(a="torch.int32", b="torch.int16", c="torch.float32", d="torch.float64", e="torch.float32"):
    return _DTYPES.format(a=a, b=b, c=c, d=d, e=e)


_MEMORY = '''
logits_fp32_bytes = {a}
logits_bf16_bytes = {b}
disk_batch_bytes = {c}
bf16_of_1207 = {d}
'''


def _memory(a="103_936_000", b="51_968_000", c="25_600", d="1208.0"):
    return _MEMORY.format(a=a, b=b, c=c, d=d)


WRONG_ANSWERS = {
    "nb04-predict-dtypes": [
        ("cree que el tensor de 0 dimensiones (int64) agranda el int16, como uno con dimensiones", _dtypes(b="torch.int64")),
        ("cree que `/` entre enteros conserva el tipo entero", _dtypes(c="torch.int32")),
        ("cree que `/` da float64 como en Python", _dtypes(c="torch.float64")),
        ("cree que al mezclar dos tensores manda el de la izquierda", _dtypes(a="torch.int16", d="torch.float64")),
        ("cree que gana el tipo por defecto (float32) entre dos de coma flotante", _dtypes(d="torch.float32")),
        ("cree que `* 1.0` deja el int32 de la división entera", _dtypes(e="torch.int32")),
        ("cree que mezclar enteros siempre da int64", _dtypes(a="torch.int64", b="torch.int64")),
        ("[mensaje] escribe float32 en todo para leer el mensaje", _dtypes(
            a="torch.float32", b="torch.float32", c="torch.float32", d="torch.float32", e="torch.float32")),
        ("[mensaje] copia los tipos de la celda de demostración de la sección 3", _dtypes(
            a="torch.float32", b="torch.int64", c="torch.int32", d="torch.int32", e="torch.float64")),
    ],
    "nb04-black-elo-ids": [
        ("[bucle] Elo a Elo, con la recursión escondida en una función auxiliar", '''
def _ids(values):
    if not values:
        return []
    return [35 + min(max(values[0], 600), 3200) // 100 - 6] + _ids(values[1:])

def black_elo_ids(ratings):
    return torch.tensor(_ids(ratings.tolist()), dtype=torch.int64)
'''),
        ("[copia] pega la línea del tramo de la sección 2: devuelve el Elo del tramo, no el id", '''
def black_elo_ids(ratings):
    return ratings.clamp(600, 3200) // 100 * 100
'''),
        ("divide con `/`: los ids salen float32", '''
def black_elo_ids(ratings):
    bins = ratings.clamp(600, 3200) / 100
    return 35 + (bins - 6)
'''),
        ("divide con `/` y redondea: el tramo más cercano en vez del de debajo", '''
def black_elo_ids(ratings):
    bins = torch.round(ratings.clamp(600, 3200) / 100).long()
    return 35 + (bins - 6)
'''),
        ("olvida recortar los Elos fuera de [600, 3200]", '''
def black_elo_ids(ratings):
    return 35 + (ratings // 100 - 6)
'''),
        ("usa el primer id de las blancas (8)", '''
def black_elo_ids(ratings):
    return 8 + (ratings.clamp(600, 3200) // 100 - 6)
'''),
        ("se pasa por uno: resta 5 en vez de 6", '''
def black_elo_ids(ratings):
    return 35 + (ratings.clamp(600, 3200) // 100 - 5)
'''),
        ("convierte a int32 para ahorrar memoria", '''
def black_elo_ids(ratings):
    return (35 + (ratings.clamp(600, 3200) // 100 - 6)).int()
'''),
        ("[global] copia la línea de la sección 2 con el `elo` del cuaderno", '''
def black_elo_ids(ratings):
    return 35 + (elo.clamp(600, 3200) // 100 - 6)
'''),
        ("[fijo] devuelve los ids del test visible", '''
def black_elo_ids(ratings):
    return torch.tensor([48, 35, 50])
'''),
        ("[bucle] busca cada token en el vocabulario con una comprensión", '''
from rukh_helpers.vocab import TOKEN_TO_ID

def black_elo_ids(ratings):
    return torch.tensor([TOKEN_TO_ID[f"<b{min(max(r, 600), 3200) // 100 * 100:04d}>"] for r in ratings.tolist()])
'''),
        ("[bucle] lo mismo que la comprensión, escondido en un map", '''
from rukh_helpers.vocab import TOKEN_TO_ID

def black_elo_ids(ratings):
    return torch.tensor(list(map(lambda r: TOKEN_TO_ID[f"<b{min(max(r, 600), 3200) // 100 * 100:04d}>"], ratings.tolist())))
'''),
    ],
    "nb04-ids-from-bytes": [
        ("[copia] convierte a int64 como en la sección 4, sin juntar los bytes", '''
def ids_from_bytes(raw):
    return raw.long()
'''),
        ("opera en uint8: el byte alto por 256 da la vuelta y el resultado no es int64", '''
def ids_from_bytes(raw):
    return raw[:, 0::2] + raw[:, 1::2] * 256
'''),
        ("convierte a int64 al final, cuando el byte alto ya se ha perdido", '''
def ids_from_bytes(raw):
    return (raw[:, 0::2] + raw[:, 1::2] * 256).long()
'''),
        ("convierte solo el byte bajo: el alto por 256 se calcula aún en uint8", '''
def ids_from_bytes(raw):
    return raw[:, 0::2].long() + raw[:, 1::2] * 256
'''),
        ("lee los bytes al revés: el primero como alto", '''
def ids_from_bytes(raw):
    return raw[:, 0::2].long() * 256 + raw[:, 1::2].long()
'''),
        ("multiplica por 255 en vez de 256", '''
def ids_from_bytes(raw):
    return raw[:, 0::2].long() + raw[:, 1::2].long() * 255
'''),
        ("convierte a int32", '''
def ids_from_bytes(raw):
    return raw[:, 0::2].int() + raw[:, 1::2].int() * 256
'''),
        ("multiplica por 256.0: los ids salen float32", '''
def ids_from_bytes(raw):
    return raw[:, 0::2] + raw[:, 1::2] * 256.0
'''),
        ("empareja filas en vez de columnas", '''
def ids_from_bytes(raw):
    return raw[0::2].long() + raw[1::2].long() * 256
'''),
        ("[bucle] junta cada pareja con enteros de Python", '''
def ids_from_bytes(raw):
    rows = raw.tolist()
    return torch.tensor([[row[k] + 256 * row[k + 1] for k in range(0, len(row), 2)] for row in rows])
'''),
        ("[fijo] devuelve los ids del test visible", '''
def ids_from_bytes(raw):
    return torch.tensor([[1, 14, 37, 1164], [1, 28, 53, 918]])
'''),
        ("[global] lee el lote `on_disk` de la sección 4 en vez de `raw`", '''
def ids_from_bytes(raw):
    return torch.from_numpy(on_disk).long()[:, : raw.shape[1] // 2]
'''),
    ],
    "nb04-predict-memory": [
        ("cuenta números en vez de bytes", _memory(a="25_984_000", b="25_984_000", c="12_800")),
        ("cree que bf16 ocupa lo mismo que float32", _memory(b="103_936_000")),
        ("cuenta los ids del disco en int64 (8 bytes), como al modelo", _memory(c="102_400")),
        ("cuenta los ids del disco en uint8 (1 byte)", _memory(c="12_800")),
        ("escribe megabytes en vez de bytes", _memory(a="103.936", b="51.968", c="0.0256")),
        ("cree que un entero cabe exacto en bf16", _memory(d="1207.0")),
        ("[mensaje] usa el paso de 4 de la sección 5 para 1207", _memory(d="1204.0")),
        ("[mensaje] redondea 1207 a la decena, como en decimal", _memory(d="1210.0")),
        ("[mensaje] redondea 1207 hacia abajo a un múltiplo de 8", _memory(d="1200.0")),
    ],
}
