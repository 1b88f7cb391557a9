"""Cinco soluciones independientes de 05-broadcasting (ver ``catalogues/independent``).

Solo con lo que enseña el cuaderno hasta cada ejercicio (y los anteriores): ``None`` y ``unsqueeze`` para
añadir ejes, ``reshape``, ``keepdim=True``, ``**`` y ``torch.sqrt``, ``x.var(..., correction=0)`` (lo
nombra el enunciado), ``torch.arange`` y ``&`` entre máscaras; sin bucles.
"""

SETS = [
    {  # 1: lo natural
        "nb05-elo-gaps": """
return elo[:, :, None] - rivals[:, None, :]
""",
        "nb05-normalize": """
mu = x.mean(dim=-1, keepdim=True)
var = ((x - mu) ** 2).mean(dim=-1, keepdim=True)
return (x - mu) / torch.sqrt(var + eps)
""",
        "nb05-attention-mask": """
T = pad_mask.shape[1]
positions = torch.arange(T)
causal = positions[:, None] >= positions
return causal & pad_mask[:, None, None, :]
""",
    },
    {  # 2: unsqueeze; la varianza de PyTorch dividiendo entre d; i y j con nombre
        "nb05-elo-gaps": """
return elo.unsqueeze(2) - rivals.unsqueeze(1)
""",
        "nb05-normalize": """
mean = x.mean(dim=-1, keepdim=True)
variance = x.var(dim=-1, keepdim=True, correction=0)
return (x - mean) / torch.sqrt(variance + eps)
""",
        "nb05-attention-mask": """
B, T = pad_mask.shape
i = torch.arange(T)[:, None]
j = torch.arange(T)[None, :]
allowed = j <= i
return allowed[None, None, :, :] & pad_mask[:, None, None, :]
""",
    },
    {  # 3: nombres para los operandos; None tras reducir; unsqueeze dos veces
        "nb05-elo-gaps": """
players = elo[:, :, None]
opponents = rivals[:, None]
return players - opponents
""",
        "nb05-normalize": """
centered = x - x.mean(dim=2)[:, :, None]
sigma2 = (centered ** 2).mean(dim=2)[:, :, None]
return centered / (sigma2 + eps) ** 0.5
""",
        "nb05-attention-mask": """
n = pad_mask.shape[-1]
idx = torch.arange(n)
lower = idx.unsqueeze(1) >= idx.unsqueeze(0)
cols = pad_mask.unsqueeze(1).unsqueeze(1)
return lower & cols
""",
    },
    {  # 4: ejes negativos; sumas entre d; reshape para colocar los ejes
        "nb05-elo-gaps": """
return elo.unsqueeze(-1) - rivals.unsqueeze(-2)
""",
        "nb05-normalize": """
d = x.shape[-1]
mu = x.sum(dim=-1, keepdim=True) / d
diff = x - mu
var = (diff * diff).sum(dim=-1, keepdim=True) / d
std = torch.sqrt(var + eps)
return diff / std
""",
        "nb05-attention-mask": """
B, T = pad_mask.shape
rows = torch.arange(T).reshape(T, 1)
cols = torch.arange(T).reshape(1, T)
causal = cols <= rows
padding = pad_mask.reshape(B, 1, 1, T)
mask = padding & causal
return mask
""",
    },
    {  # 5: reshape con las tres formas escritas; el eje de las cabezas, al final
        "nb05-elo-gaps": """
B, N = elo.shape
M = rivals.shape[1]
a = elo.reshape(B, N, 1)
b = rivals.reshape(B, 1, M)
return a - b
""",
        "nb05-normalize": """
avg = x.mean(dim=-1, keepdim=True)
sq = (x - avg) ** 2
denom = torch.sqrt(sq.mean(dim=-1, keepdim=True) + eps)
return (x - avg) / denom
""",
        "nb05-attention-mask": """
T = pad_mask.shape[1]
steps = torch.arange(T)
can_see = steps <= steps[:, None]
real = pad_mask[:, None, :]
combined = can_see & real
return combined[:, None]
""",
    },
]
