"""Cinco soluciones independientes de 16-depuracion (ver ``catalogues/independent``)."""

SETS = [
    {  # 1: lo natural, el arreglo más corto de cada función rota
        "nb16-elo-mse": """
return ((pred.squeeze(-1) - target) ** 2).mean()
""",
        "nb16-game-loss": """
V = logits.shape[-1]
return F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), ignore_index=0)
""",
        "nb16-top1-accuracy": """
hits = logits.argmax(dim=-1) == targets
real = targets != 0
return hits[real].float().mean().item()
""",
        "nb16-fixed-model": """
h = torch.relu(self.embed(x))
return self.out(h)
""",
    },
    {  # 2: el vocabulario en su sitio con transpose
        "nb16-elo-mse": """
diff = pred.view(-1) - target
return (diff * diff).mean()
""",
        "nb16-game-loss": """
return F.cross_entropy(logits.transpose(1, 2), targets, ignore_index=0)
""",
        "nb16-top1-accuracy": """
guess = logits.argmax(dim=-1)
counted = targets != 0
correct = (guess == targets) & counted
return (correct.sum() / counted.sum()).item()
""",
        "nb16-fixed-model": """
return self.out(torch.relu(self.embed(x)))
""",
    },
    {  # 3: la pérdida de cada token y una máscara
        "nb16-elo-mse": """
return ((pred[:, 0] - target) ** 2).mean()
""",
        "nb16-game-loss": """
B, T, V = logits.shape
per_token = F.cross_entropy(logits.reshape(B * T, V), targets.reshape(B * T), reduction="none")
real = targets.reshape(B * T) != 0
return per_token[real].mean()
""",
        "nb16-top1-accuracy": """
mask = (targets > 0).float()
right = (logits.argmax(-1) == targets).float()
return float((right * mask).sum() / mask.sum())
""",
        "nb16-fixed-model": """
emb = self.embed(x)            # (B, T, d)
emb = torch.relu(emb)
logits = self.out(emb)         # (B, T, V), sin recortar
return logits
""",
    },
    {  # 4: a mano, con log_softmax y gather
        "nb16-elo-mse": """
errors = pred.squeeze(1) - target
return (errors ** 2).sum() / target.shape[0]
""",
        "nb16-game-loss": """
logp = torch.log_softmax(logits, dim=-1)
picked = -logp.gather(-1, targets.unsqueeze(-1)).squeeze(-1)
keep = targets != 0
return picked[keep].mean()
""",
        "nb16-top1-accuracy": """
best = torch.argmax(logits, dim=2)
real = targets != 0
n_hits = (best[real] == targets[real]).sum().item()
n_real = real.sum().item()
return n_hits / n_real
""",
        "nb16-fixed-model": """
hidden = self.embed(x).clamp(min=0)
return self.out(hidden)
""",
    },
    {  # 5: copias contiguas y el objetivo en columna
        "nb16-elo-mse": """
t = target.unsqueeze(-1)          # (N, 1), como pred
return ((pred - t) ** 2).mean()
""",
        "nb16-game-loss": """
B, T, V = logits.shape
flat = logits.contiguous().view(B * T, V)
ids = targets.contiguous().view(B * T)
return F.cross_entropy(flat, ids, ignore_index=0)
""",
        "nb16-top1-accuracy": """
right = logits.argmax(dim=-1) == targets
right = right.masked_fill(targets == 0, False)
return right.sum().item() / (targets != 0).sum().item()
""",
        "nb16-fixed-model": """
h = self.embed(x)
h = torch.relu(h)
return self.out(h)
""",
    },
]
