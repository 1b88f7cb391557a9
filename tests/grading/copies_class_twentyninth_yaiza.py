"""Yaiza, honrada y que ya programaba: funciones auxiliares, comprensiones y otras funciones de torch."""

WORK = {
    "nb11-make-xy": """
n = (stream.numel() - 1) // T
# ventanas de T + 1 tokens que avanzan de T en T: cada una trae sus entradas y sus objetivos
windows = stream[: n * T + 1].unfold(0, T + 1, T)
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
    "nb11-accumulated-step": """
def scaled_backward(xs, ys):
    logits = model(xs)
    part = F.cross_entropy(logits.flatten(0, 1), ys.flatten()) / n_micro
    part.backward()
    return part.item()

opt.zero_grad(set_to_none=True)
loss = sum(scaled_backward(xs, ys) for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)))
opt.step()
return float(loss)
""",
    "nb11-data-floor": """
a, b = x.flatten(), y.flatten()
_, pair_of, pair_counts = torch.unique(torch.stack([a, b], dim=1), dim=0, return_inverse=True, return_counts=True)
_, current_of, current_counts = torch.unique(a, return_inverse=True, return_counts=True)
p = pair_counts[pair_of].double() / current_counts[current_of].double()
return float(-p.log().mean())
""",
    "nb17-pad-to": """
from torch.nn.functional import pad

rows = [torch.tensor(s[:T], dtype=torch.long) for s in seqs]
return torch.stack([pad(r, (0, T - r.numel()), value=pad_id) for r in rows])
""",
    "nb17-packed-item": """
start = starts[i].item()
piece = stream[start : start + block + 1].to(torch.int64)
window = torch.nn.functional.pad(piece, (0, block + 1 - piece.numel()))
return window[:-1], torch.cat([window[1:-1], window.new_zeros(1)])
""",
    "nb17-loss-per-game": """
# cross_entropy acepta (B, V, T): la pérdida de cada posición, sin aplanar
per_token = F.cross_entropy(logits.transpose(1, 2), y, reduction="none", ignore_index=0)
return per_token.sum(dim=1) / y.ne(0).sum(dim=1)
""",
    "nb18-attention-forward": """
def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
mixed = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(mixed.transpose(1, 2).flatten(2)))
""",
    "nb18-block-forward": """
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
    "nb18-decoder-forward": """
h = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)))
for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """
matrices, others = [], []
for p in model.parameters():
    (matrices if p.ndim >= 2 else others).append(p)
return [dict(params=matrices, weight_decay=weight_decay), dict(params=others, weight_decay=0.0)]
""",
    "nb18-lr-at": """
def half_cosine(fraction):
    return 0.5 * (1.0 + math.cos(math.pi * min(fraction, 1.0)))

if step < warmup:
    return float(lr * step / warmup)
floor = lr * min_lr_ratio
return float(floor + (lr - floor) * half_cosine((step - warmup) / (max_steps - warmup)))
""",
}
