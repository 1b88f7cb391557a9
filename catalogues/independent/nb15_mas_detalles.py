"""Cinco soluciones independientes de 15-mas-detalles (ver ``catalogues/independent``)."""

SETS = [
    {  # 1: lo natural, einsum como en la sección 6
        "nb15-played-logits": """
return torch.einsum('btd,btd->bt', h, w_out[y])
""",
        "nb15-per-head-linear": """
return x @ w + b.unsqueeze(1)
""",
    },
    {  # 2: multiplicar y sumar el último eje
        "nb15-played-logits": """
rows = w_out[y]                  # (B, T, d): la fila de cada jugada real
return (h * rows).sum(dim=-1)
""",
        "nb15-per-head-linear": """
out = torch.matmul(x, w)                   # (B, H, T, E)
return out + b[:, None, :]                 # (H, 1, E) se alinea por la derecha
""",
    },
    {  # 3: matmul con ejes de tamaño 1
        "nb15-played-logits": """
chosen = w_out[y].unsqueeze(-1)            # (B, T, d, 1)
dots = h.unsqueeze(-2) @ chosen            # (B, T, 1, 1)
return dots.squeeze(-1).squeeze(-1)
""",
        "nb15-per-head-linear": """
y = torch.einsum('nhtd,hde->nhte', x, w)
return y + b.view(b.shape[0], 1, b.shape[1])
""",
    },
    {  # 4: einsum con otras letras
        "nb15-played-logits": """
picked = w_out[y]
return torch.einsum('ijk,ijk->ij', h, picked)
""",
        "nb15-per-head-linear": """
H, E = b.shape
bias = b.view(1, H, 1, E)
return x @ w + bias
""",
    },
    {  # 5: los ids aplanados
        "nb15-played-logits": """
B, T, d = h.shape
flat_rows = w_out[y.reshape(-1)].view(B, T, d)
return (flat_rows * h).sum(dim=2)
""",
        "nb15-per-head-linear": """
product = x @ w.unsqueeze(0)
bias = b.unsqueeze(0).unsqueeze(2)
return product + bias
""",
    },
]
