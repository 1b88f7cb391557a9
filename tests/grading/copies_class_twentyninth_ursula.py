"""Úrsula, la que resuelve en la pareja: a su manera, sin mirar la solución publicada."""

WORK = {
    "nb11-make-xy": """
usable = (stream.shape[0] - 1) // T * T
inputs = stream[:usable]
targets = stream[1 : usable + 1]
return inputs.view(-1, T), targets.view(-1, T)
""",
    "nb11-accumulated-step": """
opt.zero_grad()
size = x.shape[0] // n_micro
loss_sum = 0.0
for start in range(0, x.shape[0], size):
    out = model(x[start : start + size])
    part = F.cross_entropy(out.reshape(-1, out.size(-1)), y[start : start + size].reshape(-1))
    (part / n_micro).backward()
    loss_sum += part.item()
opt.step()
return loss_sum / n_micro
""",
    "nb11-data-floor": """
a = x.reshape(-1)
b = y.reshape(-1)
# ids seguidos 0..n-1 para poder contar parejas con bincount
ids, compact = torch.unique(torch.cat([a, b]), return_inverse=True)
n = ids.numel()
ca, cb = compact[: a.numel()], compact[a.numel() :]
pair_index = ca * n + cb
pair_count = torch.bincount(pair_index)[pair_index].double()
first_count = torch.bincount(ca)[ca].double()
return -(pair_count / first_count).log().mean().item()
""",
    "nb17-pad-to": """
rows = []
for seq in seqs:
    seq = list(seq[:T])
    rows.append(seq + [pad_id] * (T - len(seq)))
return torch.tensor(rows, dtype=torch.long)
""",
    "nb17-packed-item": """
begin = int(starts[i])
x = torch.zeros(block, dtype=torch.long)
piece = stream[begin : begin + block]
x[: len(piece)] = piece
y = torch.zeros(block, dtype=torch.long)
y[:-1] = x[1:]
return x, y
""",
    "nb17-loss-per-game": """
mask = y != 0
nll = -logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
return (nll * mask).sum(1) / mask.sum(1)
""",
    "nb18-attention-forward": """
B, T, d = x.shape
H, D = self.n_head, self.head_dim
qkv = self.qkv(x).view(B, T, 3, H, D).permute(2, 0, 3, 1, 4)
q, k, v = qkv[0], qkv[1], qkv[2]
drop = self.dropout if self.training else 0.0
y = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=drop)
y = y.permute(0, 2, 1, 3).reshape(B, T, d)
return self.resid_drop(self.proj(y))
""",
    "nb18-block-forward": """
h = self.attn(self.ln1(x)) + x
out = self.mlp(self.ln2(h)) + h
return out
""",
    "nb18-decoder-forward": """
where = torch.arange(T, device=idx.device).unsqueeze(0)
h = self.tokens(idx) + self.positions(where)
h = self.drop(h)
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.reshape(B * T, -1), targets.reshape(B * T), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """
params = list(model.parameters())
return [
    {"params": [p for p in params if len(p.shape) > 1], "weight_decay": weight_decay},
    {"params": [p for p in params if len(p.shape) <= 1], "weight_decay": 0.0},
]
""",
    "nb18-lr-at": """
if step < warmup:
    return lr * (step / warmup)
s = lr * min_lr_ratio
if step >= max_steps:
    return s
p = (step - warmup) / (max_steps - warmup)
return s + (lr - s) * (1 + math.cos(math.pi * p)) / 2
""",
}
