"""Cinco soluciones independientes de 14-atencion (ver ``catalogues/independent``)."""

SETS = [
    {  # 1: lo natural, como las demostraciones
        "nb14-attention-received": """
return weights.mean(dim=(1, 2))
""",
        "nb14-window-mask": """
ones = torch.ones(T, T, dtype=torch.bool)
return torch.tril(ones) & torch.triu(ones, diagonal=1 - window)
""",
        "nb14-cached-attention": """
D = q.shape[-1]
scores = q @ k.transpose(-2, -1) / math.sqrt(D)
mask = torch.tril(torch.ones(Tq, Tk, dtype=torch.bool), diagonal=Tk - Tq)
weights = scores.masked_fill(~mask, float("-inf")).softmax(dim=-1)
return weights @ v
""",
    },
    {  # 2: una media detrás de otra; la ventana como «causal menos lo viejo»
        "nb14-attention-received": """
per_head = weights.mean(dim=2)      # (B, H, T): media sobre las consultas
return per_head.mean(dim=1)         # (B, T): y sobre las cabezas
""",
        "nb14-window-mask": """
full = torch.ones(T, T, dtype=torch.bool)
causal = full.tril()
too_old = full.tril(diagonal=-window)
return causal & ~too_old
""",
        "nb14-cached-attention": """
first_new = Tk - Tq
q_pos = torch.arange(first_new, Tk).view(Tq, 1)
k_pos = torch.arange(Tk).view(1, Tk)
visible = k_pos <= q_pos
att = (q @ k.transpose(-2, -1)) / math.sqrt(q.size(-1))
att = att.masked_fill(~visible, float("-inf"))
att = torch.softmax(att, dim=-1)
return att @ v
""",
    },
    {  # 3: sumar y dividir; posiciones con arange
        "nb14-attention-received": """
B, H, T, _ = weights.shape
return weights.sum(dim=(1, 2)) / (H * T)
""",
        "nb14-window-mask": """
i = torch.arange(T).unsqueeze(1)
j = torch.arange(T).unsqueeze(0)
distance = i - j
return (distance >= 0) & (distance < window)
""",
        "nb14-cached-attention": """
whole = torch.tril(torch.ones(Tk, Tk, dtype=torch.bool))
rows = whole[Tk - Tq:]                     # las filas de las consultas nuevas
return F.scaled_dot_product_attention(q, k, v, attn_mask=rows)
""",
    },
    {  # 4: la media de las cabezas primero
        "nb14-attention-received": """
over_heads = weights.mean(dim=1)           # (B, T, T)
received = over_heads.mean(dim=1)          # media sobre las consultas i
return received
""",
        "nb14-window-mask": """
m = torch.ones(T, T).tril().triu(1 - window)
return m.bool()
""",
        "nb14-cached-attention": """
head = q.shape[3]
sc = torch.matmul(q, k.transpose(2, 3)) * (1.0 / head ** 0.5)
future = torch.ones(Tq, Tk, dtype=torch.bool).triu(diagonal=Tk - Tq + 1)
sc = sc.masked_fill(future, float("-inf"))
return torch.matmul(sc.softmax(dim=-1), v)
""",
    },
    {  # 5: sumas por ejes y una máscara por filas y columnas
        "nb14-attention-received": """
n_heads, n_queries = weights.shape[1], weights.shape[2]
total = weights.sum(dim=2).sum(dim=1)
return total / (n_heads * n_queries)
""",
        "nb14-window-mask": """
rows = torch.arange(T).view(T, 1)
cols = torch.arange(T).view(1, T)
not_future = cols <= rows
recent = rows - cols < window
return not_future & recent
""",
        "nb14-cached-attention": """
offset = Tk - Tq
allowed = torch.ones(Tq, Tk, dtype=torch.bool).tril(offset)
logits = q @ k.transpose(-2, -1)
logits = logits / math.sqrt(k.shape[-1])
probs = logits.masked_fill(allowed == False, float("-inf")).softmax(-1)
return probs @ v
""",
    },
]
