"""Cinco soluciones independientes de 10-entropia-cruzada (ver ``catalogues/independent``)."""

SETS = [
    {  # 1: lo que enseña el cuaderno, casi tal cual
        "nb10-stable-log-softmax": """
shifted = logits - logits.max(dim=-1, keepdim=True).values
return shifted - shifted.exp().sum(dim=-1, keepdim=True).log()
""",
        "nb10-cross-entropy-by-hand": """
logp = stable_log_softmax(logits)
picked = logp.gather(-1, targets.unsqueeze(-1)).squeeze(-1)
keep = targets != ignore_index
return -picked[keep].mean()
""",
    },
    {  # 2: amax y torch.where
        "nb10-stable-log-softmax": """
top = logits.amax(dim=-1, keepdim=True)
z = logits - top
log_total = torch.log(torch.exp(z).sum(dim=-1, keepdim=True))
return z - log_total
""",
        "nb10-cross-entropy-by-hand": """
log_probs = F.log_softmax(logits, dim=-1)
true_lp = log_probs.gather(2, targets.unsqueeze(2)).squeeze(2)
counted = targets != ignore_index
total = torch.where(counted, -true_lp, 0.0).sum()
return total / counted.sum()
""",
    },
    {  # 3: la pareja de max desempaquetada; filas aplanadas
        "nb10-stable-log-softmax": """
values, _ = logits.max(dim=-1, keepdim=True)
centered = logits - values
norm = torch.exp(centered).sum(dim=-1, keepdim=True)
return centered - torch.log(norm)
""",
        "nb10-cross-entropy-by-hand": """
B, T, V = logits.shape
flat_logits = logits.reshape(B * T, V)
flat_targets = targets.reshape(B * T)
mask = flat_targets != ignore_index
lp = stable_log_softmax(flat_logits[mask])
rows = torch.arange(lp.shape[0])
return -lp[rows, flat_targets[mask]].mean()
""",
    },
    {  # 4: el logaritmo de la suma primero
        "nb10-stable-log-softmax": """
m = logits.amax(dim=-1, keepdim=True)
lse = m + torch.log(torch.exp(logits - m).sum(dim=-1, keepdim=True))
return logits - lse
""",
        "nb10-cross-entropy-by-hand": """
lsm = F.log_softmax(logits, dim=-1)
nll = -lsm.gather(-1, targets[..., None])[..., 0]
weights = (targets != ignore_index).float()
return (nll * weights).sum() / weights.sum()
""",
    },
    {  # 5: unsqueeze en vez de keepdim; todo a mano sobre las posiciones reales
        "nb10-stable-log-softmax": """
biggest = logits.max(dim=-1).values.unsqueeze(-1)
diff = logits - biggest
sums = diff.exp().sum(dim=-1)
return diff - sums.log().unsqueeze(-1)
""",
        "nb10-cross-entropy-by-hand": """
real = targets != ignore_index
rows = logits[real]
goal = targets[real]
shifted = rows - rows.amax(dim=-1, keepdim=True)
log_norm = shifted.exp().sum(dim=-1).log()
nll = log_norm - shifted[torch.arange(len(goal)), goal]
return nll.mean()
""",
    },
]
