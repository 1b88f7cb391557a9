"""``celia``, de la cuarta clase apartada (``copies_class_fourth``): trabaja sola, como quien ya programaba
(funciones de torch que el curso aún no enseñó, comprensiones y funciones auxiliares)."""

CELIA = {
    "nb11-make-xy": """
n = (stream.numel() - 1) // T
windows = stream.unfold(0, T + 1, T)[:n]
return windows[:, :T], windows[:, 1:]
""",
    "nb11-accumulated-step": """
opt.zero_grad(set_to_none=True)
losses = []
for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
    out = model(xs)
    loss = F.cross_entropy(out.flatten(0, 1), ys.flatten())
    (loss / n_micro).backward()
    losses.append(loss.detach())
opt.step()
return torch.stack(losses).mean().item()
""",
    "nb11-data-floor": """
a, b = x.flatten(), y.flatten()
key = a * (int(b.max()) + 1) + b

def freq(t):
    _, inverse, counts = torch.unique(t, return_inverse=True, return_counts=True)
    return counts[inverse].double()

return float(-(freq(key) / freq(a)).log().mean())
""",
    "nb17-pad-to": """
import torch.nn.functional as F

def row(ids):
    kept = torch.as_tensor(ids[:T], dtype=torch.long)
    return F.pad(kept, (0, T - len(kept)), value=pad_id)

return torch.stack([row(s) for s in seqs])
""",
    "nb17-packed-item": """
start = int(starts[i])
chunk = stream[start:start + block + 1].long()
chunk = torch.cat([chunk, chunk.new_zeros(block + 1 - len(chunk))])
x, y = chunk[:-1], chunk[1:].clone()
y[-1] = 0
return x, y
""",
    "nb17-loss-per-game": """
nll = -logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
mask = y.ne(0)
return nll.masked_fill(~mask, 0).sum(1) / mask.sum(1)
""",
    "nb18-attention-forward": """
def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
out = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=self.dropout * self.training)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
    "nb18-block-forward": """
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
    "nb18-decoder-forward": """
h = self.drop(self.tokens(idx) + self.positions.weight[:T])
for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """
params = list(model.parameters())
return [
    {"params": [p for p in params if p.ndim >= 2], "weight_decay": weight_decay},
    {"params": [p for p in params if p.ndim < 2], "weight_decay": 0.0},
]
""",
    "nb18-lr-at": """
floor = lr * min_lr_ratio
if step < warmup:
    return lr * (step / warmup)
t = max(0.0, min(1.0, (step - warmup) / (max_steps - warmup)))
cosine = 0.5 * (1.0 + math.cos(math.pi * t))
return floor + (lr - floor) * cosine
""",
}
