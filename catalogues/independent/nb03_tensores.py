"""Cinco soluciones independientes de 03-tensores (ver ``catalogues/independent``).

Solo con lo que enseña el cuaderno hasta cada ejercicio (y los anteriores): ``max`` sobre una
comprensión, una lista repetida con ``*``, ``torch.zeros`` y la asignación a un corte, ``torch.stack``,
``sum``/``mean`` con ``dim``, ``.float()``, ``numel`` y ``reshape`` con ``-1``; sin bucles donde el
enunciado los prohíbe.
"""

SETS = [
    {  # 1: lo natural
        "nb03-pad-batch": """
length = max(len(g) for g in games)
rows = [list(g) + [PAD_ID] * (length - len(g)) for g in games]
return torch.tensor(rows, dtype=torch.int64)
""",
        "nb03-real-fraction": """
real = tokens != PAD_ID
return real.float().mean(dim=0)
""",
        "nb03-average-distribution": """
vocab_size = probs.shape[-1]
return probs.reshape(-1, vocab_size).mean(dim=0)
""",
    },
    {  # 2: un tensor de ceros que se va llenando; suma entre el número de partidas
        "nb03-pad-batch": """
L = max(len(game) for game in games)
batch = torch.zeros(len(games), L, dtype=torch.int64)
for i, game in enumerate(games):
    batch[i, :len(game)] = torch.tensor(game)
return batch
""",
        "nb03-real-fraction": """
is_real = (tokens != PAD_ID).float()
return is_real.sum(dim=0) / tokens.shape[0]
""",
        "nb03-average-distribution": """
V = probs.shape[-1]
rows = probs.reshape(-1, V)
return rows.sum(dim=0) / rows.shape[0]
""",
    },
    {  # 3: un bucle para la más larga; cuenta y divide; cuántas distribuciones hay con numel
        "nb03-pad-batch": """
longest = 0
for g in games:
    if len(g) > longest:
        longest = len(g)
padded = []
for g in games:
    padded.append(list(g) + [PAD_ID] * (longest - len(g)))
return torch.tensor(padded)
""",
        "nb03-real-fraction": """
B = tokens.shape[0]
count = (tokens != PAD_ID).sum(dim=0)
return count.float() / B
""",
        "nb03-average-distribution": """
count = probs.numel() // probs.shape[-1]
return probs.reshape(count, -1).mean(dim=0)
""",
    },
    {  # 4: una fila por partida y torch.stack
        "nb03-pad-batch": """
T = max([len(g) for g in games])
rows = []
for g in games:
    row = torch.zeros(T, dtype=torch.int64)
    row[:len(g)] = torch.tensor(g, dtype=torch.int64)
    rows.append(row)
return torch.stack(rows)
""",
        "nb03-real-fraction": """
return (tokens != 0).float().mean(dim=0)
""",
        "nb03-average-distribution": """
last = probs.shape[-1]
return probs.reshape(-1, last).mean(dim=0)
""",
    },
    {  # 5: lo que falta, con nombre; la parte de relleno, restada de 1
        "nb03-pad-batch": """
width = max(len(g) for g in games)
out = []
for g in games:
    missing = width - len(g)
    out.append(list(g) + missing * [PAD_ID])
return torch.tensor(out, dtype=torch.int64)
""",
        "nb03-real-fraction": """
padding = tokens == PAD_ID
share_pad = padding.float().mean(dim=0)
return 1 - share_pad
""",
        "nb03-average-distribution": """
V = probs.shape[-1]
per_token = probs.reshape(-1, V).sum(dim=0)
return per_token / per_token.sum()
""",
    },
]
