"""Cinco soluciones independientes de 04-tipos (ver ``catalogues/independent``).

Solo con lo que enseña el cuaderno hasta cada ejercicio (y los anteriores): ``clamp``, ``//`` que conserva
``int64``, ``.long()`` antes de operar, cortes con salto por columnas, ``reshape`` y el broadcasting del
cuaderno 02; sin recorrer elementos y sin leer la memoria como otro tipo.
"""

SETS = [
    {  # 1: lo natural
        "nb04-black-elo-ids": """
bins = ratings.clamp(600, 3200) // 100
return 35 + (bins - 6)
""",
        "nb04-ids-from-bytes": """
low = raw[:, 0::2].long()
high = raw[:, 1::2].long()
return low + high * 256
""",
    },
    {  # 2: una sola expresión; convertir el lote entero primero
        "nb04-black-elo-ids": """
return ratings.clamp(600, 3200) // 100 + 29
""",
        "nb04-ids-from-bytes": """
wide = raw.long()
return wide[:, ::2] + 256 * wide[:, 1::2]
""",
    },
    {  # 3: desde el primer tramo; parejas de bytes con reshape
        "nb04-black-elo-ids": """
clipped = ratings.clamp(600, 3200)
steps = (clipped - 600) // 100
return steps + 35
""",
        "nb04-ids-from-bytes": """
B = raw.shape[0]
pairs = raw.long().reshape(B, -1, 2)
return pairs[:, :, 0] + pairs[:, :, 1] * 256
""",
    },
    {  # 4: el tramo como en la sección 2 y después su posición
        "nb04-black-elo-ids": """
low, high = 600, 3200
band = ratings.clamp(low, high) // 100 * 100
first_id = 35
return first_id + (band - low) // 100
""",
        "nb04-ids-from-bytes": """
hi = raw[:, 1::2].long() * 256
lo = raw[:, ::2].long()
ids = hi + lo
return ids
""",
    },
    {  # 5: recortar las centenas; pesos de cada byte con broadcasting
        "nb04-black-elo-ids": """
hundreds = ratings // 100
hundreds = hundreds.clamp(6, 32)
return hundreds - 6 + 35
""",
        "nb04-ids-from-bytes": """
grouped = raw.long().reshape(raw.shape[0], -1, 2)
place_values = torch.tensor([1, 256])
return (grouped * place_values).sum(dim=-1)
""",
    },
]
