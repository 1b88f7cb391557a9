"""Cinco soluciones independientes de 06-indexado (ver ``catalogues/independent``)."""

SETS = [
    {  # 1: lo que enseña el cuaderno, casi tal cual
        "nb06-header": """
return ids[:, 1:3], ids[:, 3:4]
""",
        "nb06-greedy-legal": """
scores = logits.clone()
scores[~legal] = float("-inf")
return scores.argmax(dim=-1)
""",
        "nb06-last-real": """
n_real = (ids != PAD_ID).sum(dim=1)
rows = torch.arange(ids.shape[0])
return ids[rows, n_real - 1]
""",
        "nb06-worst-move": """
logp = torch.log_softmax(logits, dim=-1)
surprise = -logp.gather(-1, y.unsqueeze(-1)).squeeze(-1)
surprise[y == PAD_ID] = float("-inf")
return surprise.argmax(dim=-1)
""",
    },
    {  # 2: pasos con nombre y masked_fill del 05
        "nb06-header": """
elos = ids[:, 1:3]
first_move = ids[:, 3:4]
return elos, first_move
""",
        "nb06-greedy-legal": """
allowed_only = logits.masked_fill(~legal, float("-inf"))
best = allowed_only.argmax(dim=-1)
return best
""",
        "nb06-last-real": """
last = (ids > 0).sum(dim=-1) - 1
return ids.gather(1, last.unsqueeze(-1)).squeeze(-1)
""",
        "nb06-worst-move": """
log_probs = torch.log_softmax(logits, dim=2)
index = y.unsqueeze(2)
nll = -(log_probs.gather(2, index).squeeze(2))
nll = nll.masked_fill(y == PAD_ID, float("-inf"))
return nll.argmax(dim=1)
""",
    },
    {  # 3: None del 05 y una tabla nueva que se rellena
        "nb06-header": """
white_black = ids[:, 1:3]
move = ids[:, 3][:, None]
return white_black, move
""",
        "nb06-greedy-legal": """
out = torch.zeros(logits.shape) - float("inf")
out[legal] = logits[legal]
return out.argmax(dim=-1)
""",
        "nb06-last-real": """
T = ids.shape[1]
idx = torch.arange(T) * (ids != PAD_ID)
pos = idx.argmax(dim=1)
return ids[torch.arange(ids.shape[0]), pos]
""",
        "nb06-worst-move": """
B, T, V = logits.shape
flat = torch.log_softmax(logits.reshape(B * T, V), dim=-1)
picked = flat[torch.arange(B * T), y.reshape(B * T)].reshape(B, T)
cost = -picked
cost[y == 0] = -1.0
return cost.argmax(dim=1)
""",
    },
    {  # 4: la elipsis, un número muy negativo y una función auxiliar
        "nb06-header": """
return (ids[..., 1:3], ids[..., 3:4])
""",
        "nb06-greedy-legal": """
copy = logits.clone()
copy[legal == False] = -1e9
choice = copy.argmax(dim=-1)
return choice
""",
        "nb06-last-real": """
real = ids != 0
next_real = torch.zeros(ids.shape, dtype=torch.bool)
next_real[:, :-1] = real[:, 1:]
is_last = real & ~next_real
return ids[is_last]
""",
        "nb06-worst-move": """
def played_logp(lg, target):
    return torch.log_softmax(lg, dim=-1).gather(-1, target.unsqueeze(-1)).squeeze(-1)

cost = -played_logp(logits, y)
pad = y == PAD_ID
cost[pad] = float("-inf")
return cost.argmax(dim=-1)
""",
    },
    {  # 5: listas de índices y torch.where
        "nb06-header": """
cols = ids[:, [1, 2, 3]]
return cols[:, :2], cols[:, 2:]
""",
        "nb06-greedy-legal": """
very_low = torch.finfo(logits.dtype).min
candidates = torch.where(legal, logits, very_low)
return candidates.argmax(dim=-1)
""",
        "nb06-last-real": """
count = (ids != PAD_ID).long().sum(dim=-1)
batch_idx = torch.arange(len(ids))
last_tokens = ids[batch_idx, count - 1]
return last_tokens
""",
        "nb06-worst-move": """
lp = torch.log_softmax(logits, dim=-1)
games = torch.arange(y.shape[0])[:, None]
steps = torch.arange(y.shape[1])[None, :]
neg = -lp[games, steps, y]
real = y != PAD_ID
neg = torch.where(real, neg, float("-inf"))
return neg.argmax(dim=-1)
""",
    },
]
