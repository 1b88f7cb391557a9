"""Cinco soluciones independientes de 07-formas (ver ``catalogues/independent``)."""

SETS = [
    {  # 1: split y view en un bucle; el view y permute de la sección 5
        "nb07-split-qkv": """
d = width // 3
D = d // H
out = []
for part in qkv.split(d, dim=-1):
    out.append(part.view(B, T, H, D).transpose(1, 2))
return tuple(out)
""",
        "nb07-split-heads-interleaved": """
D = d // H
return x.view(B, T, D, H).permute(0, 3, 1, 2)
""",
    },
    {  # 2: un solo view con el eje de q/k/v y un permute
        "nb07-split-qkv": """
heads = qkv.view(B, T, 3, H, width // 3 // H)
heads = heads.permute(2, 0, 3, 1, 4)
return heads[0], heads[1], heads[2]
""",
        "nb07-split-heads-interleaved": """
D = d // H
y = x.view(B, T, D, H)
y = y.transpose(2, 3)
y = y.transpose(1, 2)
return y
""",
    },
    {  # 3: cortes a mano
        "nb07-split-qkv": """
d = width // 3
D = d // H
q = qkv[:, :, :d]
k = qkv[:, :, d:2 * d]
v = qkv[:, :, 2 * d:]
q = q.view(B, T, H, D).permute(0, 2, 1, 3)
k = k.view(B, T, H, D).permute(0, 2, 1, 3)
v = v.view(B, T, H, D).permute(0, 2, 1, 3)
return q, k, v
""",
        "nb07-split-heads-interleaved": """
cards = x.view(B, T, -1, H)
return cards.permute(0, 3, 1, 2)
""",
    },
    {  # 4: una función auxiliar para las cabezas
        "nb07-split-qkv": """
size = width // 3
def heads(t):
    return t.view(B, T, H, size // H).transpose(1, 2)
parts = qkv.split(size, dim=2)
return heads(parts[0]), heads(parts[1]), heads(parts[2])
""",
        "nb07-split-heads-interleaved": """
per_head = d // H
grid = x.view(B, T, per_head, H)
return grid.transpose(1, 3).transpose(2, 3)
""",
    },
    {  # 5: primero las cabezas de los tres, luego el corte
        "nb07-split-qkv": """
per_head = width // 3 // H
x = qkv.view(B, T, 3 * H, per_head).transpose(1, 2)
q, k, v = x.split(H, dim=1)
return q, k, v
""",
        "nb07-split-heads-interleaved": """
cols = x.transpose(1, 2)
split = cols.view(B, d // H, H, T)
return split.permute(0, 2, 3, 1)
""",
    },
]
