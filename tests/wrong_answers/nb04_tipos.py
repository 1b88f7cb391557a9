"""Respuestas equivocadas plausibles de 04-tipos: {grade_id: [(motivo, celda completa), ...]}."""

WRONG_ANSWERS = {
    "nb04-predice-tipos": [
        ("cree que `/` entre enteros conserva int64", '''
tipo_a = torch.int64
tipo_b = torch.int64
tipo_c = torch.int64
tipo_d = torch.int32
'''),
        ("cree que un literal entero da int32, como en otros lenguajes", '''
tipo_a = torch.int32
tipo_b = torch.float32
tipo_c = torch.int32
tipo_d = torch.int32
'''),
        ("cree que `/` da float64 como en Python", '''
tipo_a = torch.int64
tipo_b = torch.float64
tipo_c = torch.int64
tipo_d = torch.int32
'''),
        ("cree que multiplicar un int32 por un literal lo pasa a int64", '''
tipo_a = torch.int64
tipo_b = torch.float32
tipo_c = torch.int64
tipo_d = torch.int64
'''),
        ("escribe los tipos como texto", '''
tipo_a = "int64"
tipo_b = "float32"
tipo_c = "int64"
tipo_d = "int32"
'''),
    ],
    "nb04-id-elo": [
        ("divide con `/`: los ids salen float32 y no enteros", '''
from rukh_helpers.vocab import TOKEN_TO_ID

PRIMER_ID = TOKEN_TO_ID["<w0600>"]

def id_elo_blancas(elo):
    tramo = elo.clamp(600, 3200) / 100
    return PRIMER_ID + (tramo - 6)
'''),
        ("redondea el Elo al tramo más cercano en vez de al de debajo", '''
from rukh_helpers.vocab import TOKEN_TO_ID

PRIMER_ID = TOKEN_TO_ID["<w0600>"]

def id_elo_blancas(elo):
    tramo = torch.round(elo.clamp(600, 3200) / 100).long()
    return PRIMER_ID + (tramo - 6)
'''),
        ("olvida recortar los Elos fuera de [600, 3200]", '''
from rukh_helpers.vocab import TOKEN_TO_ID

PRIMER_ID = TOKEN_TO_ID["<w0600>"]

def id_elo_blancas(elo):
    tramo = elo // 100
    return PRIMER_ID + (tramo - 6)
'''),
        ("se pasa por uno: resta 5 en vez de 6", '''
from rukh_helpers.vocab import TOKEN_TO_ID

PRIMER_ID = TOKEN_TO_ID["<w0600>"]

def id_elo_blancas(elo):
    tramo = elo.clamp(600, 3200) // 100
    return PRIMER_ID + (tramo - 5)
'''),
        ("convierte a int32 para ahorrar memoria", '''
from rukh_helpers.vocab import TOKEN_TO_ID

PRIMER_ID = TOKEN_TO_ID["<w0600>"]

def id_elo_blancas(elo):
    tramo = elo.clamp(600, 3200) // 100
    return (PRIMER_ID + (tramo - 6)).int()
'''),
    ],
    "nb04-cargar-lote": [
        ("convierte a tensor pero conserva el tipo del disco (int32 no sirve a cross_entropy)", '''
import numpy as np

def a_lote(datos):
    return torch.from_numpy(datos)
'''),
        ("convierte a int32", '''
import numpy as np

def a_lote(datos):
    return torch.from_numpy(datos).int()
'''),
        ("convierte a float32", '''
import numpy as np

def a_lote(datos):
    return torch.from_numpy(datos).float()
'''),
        ("convierte a int64 en NumPy y devuelve un array, no un tensor", '''
import numpy as np

def a_lote(datos):
    return datos.astype(np.int64)
'''),
        ("aplana el lote al convertirlo", '''
import numpy as np

def a_lote(datos):
    return torch.from_numpy(datos).long().view(-1)
'''),
    ],
    "nb04-predice-memoria": [
        ("cuenta números en vez de bytes", '''
bytes_logits_fp32 = 64 * 200 * 2030
bytes_logits_bf16 = 64 * 200 * 2030
bits_exponente_bf16 = 8
bits_exponente_fp16 = 5
'''),
        ("confunde los exponentes de bf16 y fp16", '''
bytes_logits_fp32 = 64 * 200 * 2030 * 4
bytes_logits_bf16 = 64 * 200 * 2030 * 2
bits_exponente_bf16 = 5
bits_exponente_fp16 = 8
'''),
        ("da la mantisa en vez del exponente", '''
bytes_logits_fp32 = 64 * 200 * 2030 * 4
bytes_logits_bf16 = 64 * 200 * 2030 * 2
bits_exponente_bf16 = 7
bits_exponente_fp16 = 10
'''),
        ("escribe los bytes en megabytes y con decimales", '''
bytes_logits_fp32 = 103.936
bytes_logits_bf16 = 51.968
bits_exponente_bf16 = 8
bits_exponente_fp16 = 5
'''),
        ("cree que bf16 ocupa lo mismo que float32", '''
bytes_logits_fp32 = 64 * 200 * 2030 * 4
bytes_logits_bf16 = 64 * 200 * 2030 * 4
bits_exponente_bf16 = 8
bits_exponente_fp16 = 5
'''),
    ],
}
