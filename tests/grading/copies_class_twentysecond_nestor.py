"""Néstor, honrado y que ya programaba: funciones auxiliares, comprensiones y otras funciones de torch."""

WORK = {
    "nb11-make-xy": """\
# ventanas de T + 1 tokens que avanzan de T en T: el último objetivo de una es la primera entrada de la siguiente
windows = stream.unfold(0, T + 1, T)
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
    "nb11-accumulated-step": """\
def chunk_loss(xs, ys):
    logits = model(xs)
    return F.cross_entropy(logits.flatten(0, 1), ys.flatten())

opt.zero_grad(set_to_none=True)
parts = []
for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
    loss = chunk_loss(xs, ys)
    (loss / n_micro).backward()   # trozos iguales: cada uno pone 1/n_micro de la media
    parts.append(loss.detach())
opt.step()
return torch.stack(parts).mean().item()
""",
    "nb11-data-floor": """\
a, b = x.flatten(), y.flatten()
_, ctx_idx, ctx_counts = torch.unique(a, return_inverse=True, return_counts=True)
_, pair_idx, pair_counts = torch.unique(torch.stack((a, b), dim=1), dim=0, return_inverse=True, return_counts=True)
# p(b | a) de cada posición, en float64 para no perder precisión
p = pair_counts[pair_idx].double() / ctx_counts[ctx_idx].double()
return -p.log().mean().item()
""",
    "nb17-pad-to": """\
def fit(seq):
    head = list(seq[:T])
    return head + [pad_id] * (T - len(head))

return torch.tensor([fit(s) for s in seqs], dtype=torch.long).view(len(seqs), T)
""",
    "nb17-packed-item": """\
import torch.nn.functional as F

s = int(starts[i])
x = stream[s : s + block].to(torch.long)
x = F.pad(x, (0, block - x.numel()), value=0)   # copia nueva: no toca el flujo
y = torch.roll(x, -1)
y[-1] = 0
return x, y
""",
    "nb17-loss-per-game": """\
# cross_entropy acepta (B, V, T) y, sin reducir, devuelve una pérdida por posición (B, T)
per_token = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")
mask = y.ne(0)
return per_token.sum(-1) / mask.sum(-1)
""",
    "nb18-attention-forward": """\
def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
out = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
    "nb18-block-forward": """\
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
    "nb18-decoder-forward": """\
h = self.drop(self.tokens(idx) + self.positions.weight[:T])
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=PAD_ID)
return logits, loss
""",
    "nb18-param-groups": """\
params = list(model.parameters())   # parameters() ya da el peso atado una sola vez
return [
    {"params": [p for p in params if p.ndim >= 2], "weight_decay": weight_decay},
    {"params": [p for p in params if p.ndim < 2], "weight_decay": 0.0},
]
""",
    "nb18-lr-at": """\
def clamp01(v):
    return max(0.0, min(1.0, v))

if step < warmup:
    return float(lr * step / warmup)
s = lr * min_lr_ratio
return s + (lr - s) * 0.5 * (1 + math.cos(math.pi * clamp01((step - warmup) / (max_steps - warmup))))
""",
}
