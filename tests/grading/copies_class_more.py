"""Otra clase apartada para el informe de parecidos (issue 43): dos alumnas honradas más, ``olga`` y ``pablo``, en
11-bucle y 18-decoder, escritas a mano después de elegir los ajustes y sin mirar ``catalogues/independent`` ni
la otra clase. Nada de aquí calibra nada. Cada ejercicio aprueba los tests de su cuaderno (comprobado con
``proof_execution.run``, como los juegos independientes); ``olga`` escribió primero ``view`` donde hacía falta
``reshape`` y lo cambió al leer el error, como haría un alumno.

``pablo`` resolvió ``data_floor`` con ``torch.unique``, y le salió casi línea a línea como a ``dani`` en
``copies_class`` (sin haberlo leído): la misma idea, escrita igual.
"""

from __future__ import annotations

OLGA = {
 "nb11-make-xy": """
N = (stream.numel() - 1) // T
inputs = stream[:N * T].view(N, T)
targets = stream[1:N * T + 1].view(N, T)
return inputs, targets
""",
 "nb11-accumulated-step": """
opt.zero_grad()
losses = []
step = len(x) // n_micro
for i in range(n_micro):
    xb = x[i * step:(i + 1) * step]
    yb = y[i * step:(i + 1) * step]
    out = model(xb)
    V = out.size(-1)
    l = F.cross_entropy(out.reshape(-1, V), yb.reshape(-1))
    l.div(n_micro).backward()
    losses.append(l.item())
opt.step()
return sum(losses) / len(losses)
""",
 "nb11-data-floor": """
import math
a = x.flatten().tolist()
b = y.flatten().tolist()
seen = {}
for cur, nxt in zip(a, b):
    seen.setdefault(cur, {})
    seen[cur][nxt] = seen[cur].get(nxt, 0) + 1
h = 0.0
for cur, following in seen.items():
    n = sum(following.values())
    for count in following.values():
        h -= count * math.log(count / n)
return h / len(a)
""",
 "nb18-attention-forward": """
B, T, C = x.size()
H, D = self.n_head, self.head_dim
qkv = self.qkv(x).view(B, T, 3, H, D).permute(2, 0, 3, 1, 4)
q, k, v = qkv[0], qkv[1], qkv[2]
p = self.dropout if self.training else 0.0
y = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=p)
y = y.permute(0, 2, 1, 3).reshape(B, T, C)
y = self.proj(y)
return self.resid_drop(y)
""",
 "nb18-block-forward": """
h = self.ln1(x)
x = x + self.attn(h)
h = self.ln2(x)
x = x + self.mlp(h)
return x
""",
 "nb18-decoder-forward": """
pos = torch.arange(0, T, dtype=torch.long, device=idx.device).unsqueeze(0)
h = self.tokens(idx) + self.positions(pos)
h = self.drop(h)
for layer in self.blocks:
    h = layer(h)
h = self.ln_f(h)
logits = self.lm_head(h)
if targets is None:
    return logits, None
V = logits.size(-1)
loss = F.cross_entropy(logits.reshape(B * T, V), targets.reshape(B * T), ignore_index=0)
return logits, loss
""",
 "nb18-param-groups": """
big, small = [], []
for p in model.parameters():
    if p.ndim >= 2:
        big.append(p)
    else:
        small.append(p)
return [dict(params=big, weight_decay=weight_decay), dict(params=small, weight_decay=0.0)]
""",
 "nb18-lr-at": """
if step < warmup:
    return lr * step / warmup
if step >= max_steps:
    return lr * min_lr_ratio
t = (step - warmup) / (max_steps - warmup)
bottom = min_lr_ratio * lr
cosine = (1 + math.cos(math.pi * t)) / 2
return bottom + cosine * (lr - bottom)
""",
}

PABLO = {
 "nb11-make-xy": """
usable = stream.shape[0] - 1
n = usable // T
rows = torch.arange(n).unsqueeze(1) * T + torch.arange(T)
return stream[rows], stream[rows + 1]
""",
 "nb11-accumulated-step": """
opt.zero_grad()
m = x.size(0) // n_micro
running = 0.0
for xs, ys in zip(x.split(m), y.split(m)):
    scores = model(xs)
    piece = F.cross_entropy(scores.flatten(0, 1), ys.flatten())
    running = running + piece.item()
    (piece * (1.0 / n_micro)).backward()
opt.step()
return running / n_micro
""",
 "nb11-data-floor": """
pairs = torch.stack([x.reshape(-1), y.reshape(-1)], dim=1)
uniq, counts = torch.unique(pairs, dim=0, return_counts=True)
firsts, first_counts = torch.unique(pairs[:, 0], return_counts=True)
lookup = dict(zip(firsts.tolist(), first_counts.tolist()))
denom = torch.tensor([lookup[a] for a in uniq[:, 0].tolist()], dtype=torch.float64)
c = counts.double()
return float(-(c * torch.log(c / denom)).sum() / pairs.shape[0])
""",
 "nb18-attention-forward": """
b, t, d = x.shape
qkv = self.qkv(x)
q = qkv[..., :d]
k = qkv[..., d:2 * d]
v = qkv[..., 2 * d:]
def heads(z):
    return z.reshape(b, t, self.n_head, self.head_dim).transpose(1, 2)
drop = self.dropout if self.training else 0.0
att = F.scaled_dot_product_attention(heads(q), heads(k), heads(v), attn_mask=None, dropout_p=drop, is_causal=True)
merged = att.transpose(1, 2).reshape(b, t, d)
return self.resid_drop(self.proj(merged))
""",
 "nb18-block-forward": """
attended = x + self.attn(self.ln1(x))
out = attended + self.mlp(self.ln2(attended))
return out
""",
 "nb18-decoder-forward": """
positions = torch.arange(T, device=idx.device)
emb = self.tokens(idx) + self.positions(positions)[None, :, :]
hidden = self.drop(emb)
for blk in self.blocks:
    hidden = blk(hidden)
logits = self.lm_head(self.ln_f(hidden))
if targets is not None:
    flat = logits.reshape(B * T, -1)
    loss = F.cross_entropy(flat, targets.reshape(B * T), ignore_index=0)
else:
    loss = None
return logits, loss
""",
 "nb18-param-groups": """
groups = {True: [], False: []}
for param in model.parameters():
    groups[param.dim() >= 2].append(param)
return [{"params": groups[True], "weight_decay": weight_decay},
        {"params": groups[False], "weight_decay": 0.0}]
""",
 "nb18-lr-at": """
if warmup > 0 and step < warmup:
    return lr * (step / warmup)
done = min((step - warmup) / max(1, max_steps - warmup), 1.0)
low = lr * min_lr_ratio
return low + (lr - low) * 0.5 * (1.0 + math.cos(math.pi * done))
""",
}
