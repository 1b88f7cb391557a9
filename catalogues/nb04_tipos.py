"""Respuestas equivocadas plausibles de 04-tipos: {grade_id: [(motivo, celda), ...]}.

Una respuesta que es un cambio pequeño de la solución se escribe como ese cambio (``edit``, ``answers``:
la solución se lee del cuaderno del profesor); una que sigue otro camino, entera.

Los motivos que empiezan por una etiqueta entre corchetes son los intentos de un alumno perezoso:
[copia] pega líneas del cuaderno, [fijo] se ajusta al caso visible, [global] usa una variable
del cuaderno en vez del argumento, [bucle] recorre elementos donde se pide operar con el tensor
entero, [mensaje] prueba un valor al azar o el de una lectura descuidada.
"""

from catalogues.edits import answers, edit

SLUG = "04-tipos"


def _dtypes(**values):
    return answers(SLUG, "nb04-predict-dtypes", **values)


def _memory(**values):
    return answers(SLUG, "nb04-predict-memory", **values)


def _elo_ids(*changes):
    return edit(SLUG, "nb04-black-elo-ids", *changes)


def _from_bytes(*changes):
    return edit(SLUG, "nb04-ids-from-bytes", *changes)


WRONG_ANSWERS = {
    "nb04-predict-dtypes": [
        ("cree que el tensor de 0 dimensiones (int64) agranda el int16, como uno con dimensiones",
         _dtypes(dtype_b="torch.int64")),
        ("cree que `/` entre enteros conserva el tipo entero", _dtypes(dtype_c="torch.int32")),
        ("cree que `/` da float64 como en Python", _dtypes(dtype_c="torch.float64")),
        ("cree que al mezclar dos tensores manda el de la izquierda", _dtypes(dtype_a="torch.int16")),
        ("cree que gana el tipo por defecto (float32) entre dos de coma flotante", _dtypes(dtype_d="torch.float32")),
        ("cree que `* 1.0` deja el int32 de la división entera", _dtypes(dtype_e="torch.int32")),
        ("cree que mezclar enteros siempre da int64", _dtypes(dtype_a="torch.int64", dtype_b="torch.int64")),
        ("[mensaje] escribe float32 en todo para leer el mensaje",
         _dtypes(dtype_a="torch.float32", dtype_b="torch.float32", dtype_d="torch.float32")),
        ("[mensaje] copia los tipos de la celda de demostración de la sección 3",
         _dtypes(dtype_a="torch.float32",
                 dtype_b="torch.int64",
                 dtype_c="torch.int32",
                 dtype_d="torch.int32",
                 dtype_e="torch.float64")),
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
        ("[copia] pega la línea del tramo de la sección 2: devuelve el Elo del tramo, no el id",
         _elo_ids(("return 35 + (bins - 6)", "return bins * 100"))),
        ("divide con `/`: los ids salen float32", _elo_ids(("// 100   # 6 ... 32, sigue siendo int64", "/ 100"))),
        ("divide con `/` y redondea: el tramo más cercano en vez del de debajo",
         _elo_ids(("bins = ratings.clamp", "bins = torch.round(ratings.clamp"),
                  ("// 100   # 6 ... 32, sigue siendo int64", "/ 100).long()"))),
        ("olvida recortar los Elos fuera de [600, 3200]",
         _elo_ids(("ratings.clamp(600, 3200) // 100", "ratings // 100"))),
        ("usa el primer id de las blancas (8)", _elo_ids(("35 + (bins - 6)", "8 + (bins - 6)"))),
        ("se pasa por uno: resta 5 en vez de 6", _elo_ids(("bins - 6", "bins - 5"))),
        ("convierte a int32 para ahorrar memoria",
         _elo_ids(("return 35 + (bins - 6)", "return (35 + (bins - 6)).int()"))),
        ("[global] copia la línea de la sección 2 con el `elo` del cuaderno", _elo_ids(("ratings.clamp", "elo.clamp"))),
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
        ("opera en uint8: el byte alto por 256 se desborda y el resultado no es int64",
         _from_bytes(("raw[:, 0::2].long()", "raw[:, 0::2]"), ("raw[:, 1::2].long()", "raw[:, 1::2]"))),
        ("convierte a int64 al final, cuando el byte alto ya se ha perdido",
         _from_bytes(("raw[:, 0::2].long()", "raw[:, 0::2]"),
                     ("raw[:, 1::2].long()", "raw[:, 1::2]"),
                     ("return low + high * 256", "return (low + high * 256).long()"))),
        ("convierte solo el byte bajo: el alto por 256 se calcula aún en uint8",
         _from_bytes(("raw[:, 1::2].long()", "raw[:, 1::2]"))),
        ("lee los bytes al revés: el primero como alto", _from_bytes(("low + high * 256", "low * 256 + high"))),
        ("multiplica por 255 en vez de 256", _from_bytes(("high * 256", "high * 255"))),
        ("convierte a int32",
         _from_bytes(("raw[:, 0::2].long()", "raw[:, 0::2].int()"), ("raw[:, 1::2].long()", "raw[:, 1::2].int()"))),
        ("multiplica por 256.0: los ids salen float32",
         _from_bytes(("raw[:, 0::2].long()", "raw[:, 0::2]"),
                     ("raw[:, 1::2].long()", "raw[:, 1::2]"),
                     ("high * 256", "high * 256.0"))),
        ("empareja filas en vez de columnas",
         _from_bytes(("raw[:, 0::2]", "raw[0::2]"), ("raw[:, 1::2]", "raw[1::2]"))),
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
        ("[copia] lee los bytes como uint16 con np.frombuffer, como la demo de la sección 4: depende del orden "
         "de bytes de la máquina y se salta la cuenta", '''
import numpy as np


def ids_from_bytes(raw):
    flat = np.frombuffer(raw.numpy().tobytes(), dtype=np.uint16)
    return torch.from_numpy(flat.astype(np.int64)).reshape(raw.shape[0], -1)
'''),
        ("lee los bytes como uint16 con torch.frombuffer, sin pasar por NumPy", '''
def ids_from_bytes(raw):
    data = bytearray(raw.flatten().tolist())
    return torch.frombuffer(data, dtype=torch.int16).long().reshape(raw.shape[0], -1)
'''),
        ("reinterpreta la memoria con .view(torch.int16)", '''
def ids_from_bytes(raw):
    return raw.contiguous().view(torch.int16).long()
'''),
        ("esconde np.frombuffer en una función auxiliar con otro nombre", '''
import numpy as np

read_u16 = getattr(np, "from" + "buffer")


def ids_from_bytes(raw):
    flat = read_u16(bytes(raw.flatten().tolist()), dtype=np.uint16)
    return torch.tensor(flat.astype(np.int64)).reshape(raw.shape[0], -1)
'''),
    ],
    "nb04-predict-memory": [
        ("cuenta números en vez de bytes",
         _memory(logits_fp32_bytes="25_984_000", logits_bf16_bytes="25_984_000", disk_batch_bytes="12_800")),
        ("cree que bf16 ocupa lo mismo que float32", _memory(logits_bf16_bytes="103_936_000")),
        ("cuenta los ids del disco en int64 (8 bytes), como al modelo", _memory(disk_batch_bytes="102_400")),
        ("cuenta los ids del disco en uint8 (1 byte)", _memory(disk_batch_bytes="12_800")),
        ("escribe megabytes en vez de bytes",
         _memory(logits_fp32_bytes="103.936", logits_bf16_bytes="51.968", disk_batch_bytes="0.0256")),
        ("cree que un entero cabe exacto en bf16", _memory(bf16_of_1207="1207.0")),
        ("[mensaje] usa la separación de 4 de la sección 5 para 1207", _memory(bf16_of_1207="1204.0")),
        ("[mensaje] redondea 1207 a la decena, como en decimal", _memory(bf16_of_1207="1210.0")),
        ("[mensaje] redondea 1207 hacia abajo a un múltiplo de 8", _memory(bf16_of_1207="1200.0")),
    ],
}
