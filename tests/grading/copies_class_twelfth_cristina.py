"""Cristina, honrada y que ya programaba: funciones auxiliares, comprensiones y otras funciones de torch."""

CODE = {
    "nb11-make-xy": """\
n = (stream.numel() - 1) // T
span = stream[: n * T + 1]
return span[:-1].unflatten(0, (n, T)), span[1:].unflatten(0, (n, T))
""",
    "nb11-accumulated-step": """\
def micro_loss(xb, yb):
    logits = model(xb)
    return F.cross_entropy(logits.flatten(0, 1), yb.flatten())

opt.zero_grad(set_to_none=True)
losses = []
for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro)):
    loss = micro_loss(xb, yb)
    (loss / n_micro).backward()  # los trozos son iguales: la media de medias es la media
    losses.append(loss.detach())
opt.step()
return torch.stack(losses).mean().item()
""",
    "nb11-data-floor": """\
flat_x = x.flatten()
pairs = torch.stack([flat_x, y.flatten()], dim=1)
_, pair_of, pair_counts = torch.unique(pairs, dim=0, return_inverse=True, return_counts=True)
_, current_of, current_counts = torch.unique(flat_x, return_inverse=True, return_counts=True)
p = pair_counts[pair_of].double() / current_counts[current_of].double()
return -p.log().mean().item()
""",
    "nb17-pad-to": """\
def fitted(seq):
    kept = list(seq[:T])
    return kept + [pad_id] * (T - len(kept))

return torch.tensor([fitted(s) for s in seqs], dtype=torch.long).reshape(len(seqs), T)
""",
    "nb17-packed-item": """\
start = starts[i].item()
piece = stream[start : start + block + 1].to(torch.int64)
piece = F.pad(piece, (0, block + 1 - piece.numel()), value=0)
x, y = piece[:-1], piece[1:].clone()
y[-1] = 0
return x, y
""",
    "nb17-loss-per-game": """\
keep = y.ne(0)
nll = F.cross_entropy(logits.transpose(1, 2), y, reduction="none")  # (B, T)
return nll.masked_fill(~keep, 0.0).sum(-1) / keep.sum(-1)
""",
    "nb18-attention-forward": """\
B, T, _ = x.shape

def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
causal = torch.ones(T, T, dtype=torch.bool, device=x.device).tril()
out = F.scaled_dot_product_attention(q, k, v, attn_mask=causal, dropout_p=self.dropout if self.training else 0.0)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
    "nb18-block-forward": """\
for norm, sublayer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + sublayer(norm(x))
return x
""",
    "nb18-decoder-forward": """\
where = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(where)[None])
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
params = list(model.parameters())

def select(keep):
    return [p for p in params if keep(p.ndim)]

return [
    {"params": select(lambda n: n >= 2), "weight_decay": weight_decay},
    {"params": select(lambda n: n < 2), "weight_decay": 0.0},
]
""",
    "nb18-lr-at": """\
def half_cosine(t):
    return 0.5 * (1.0 + math.cos(math.pi * t))

if step < warmup:
    return float(lr * step / warmup)
t = min(1.0, (step - warmup) / (max_steps - warmup))
floor = lr * min_lr_ratio
return float(floor + (lr - floor) * half_cosine(t))
""",
}
