"""Cristóbal (honrado): ya programaba; funciones auxiliares, comprensiones y otras funciones de torch."""

WORK = {
    "nb11-make-xy": '''\
if stream.numel() <= T:  # ni una ventana completa
    return stream.new_empty(0, T), stream.new_empty(0, T)
chunks = stream.unfold(0, T + 1, T)  # (N, T + 1): cada ventana con su último objetivo
return chunks[:, :-1].contiguous(), chunks[:, 1:].contiguous()
''',
    "nb11-accumulated-step": '''\
opt.zero_grad(set_to_none=True)
parts = []
for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
    part = F.cross_entropy(model(xs).flatten(0, 1), ys.flatten()) / n_micro
    part.backward()
    parts.append(part.detach())
opt.step()
return torch.stack(parts).sum().item()
''',
    "nb11-data-floor": '''\
a, b = x.flatten(), y.flatten()
_, pair_of, pair_n = torch.unique(torch.stack([a, b]), dim=1, return_inverse=True, return_counts=True)
_, cur_of, cur_n = torch.unique(a, return_inverse=True, return_counts=True)
p = pair_n[pair_of].double() / cur_n[cur_of].double()
return float(-p.log().mean())
''',
    "nb17-pad-to": '''\
import torch.nn.functional as F

def fit(seq):
    row = torch.as_tensor(list(seq[:T]), dtype=torch.long)
    return F.pad(row, (0, T - row.numel()), value=pad_id)

return torch.stack([fit(s) for s in seqs])
''',
    "nb17-packed-item": '''\
import torch.nn.functional as F

start = int(starts[i])
window = stream[start : start + block + 1].to(torch.long)
window = F.pad(window, (0, block + 1 - window.numel()))  # <pad> = 0 donde se acaba el flujo
x, y = window[:-1], window[1:].clone()
y[-1] = 0
return x, y
''',
    "nb17-loss-per-game": '''\
nll = F.cross_entropy(logits.transpose(1, 2), y, reduction="none", ignore_index=0)  # (B, T)
return nll.sum(1) / y.ne(0).sum(1)
''',
    "nb18-attention-forward": '''\
def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
mixed = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(mixed.transpose(1, 2).flatten(2)))
''',
    "nb18-block-forward": '''\
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
''',
    "nb18-decoder-forward": '''\
from functools import reduce

h = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)))
h = reduce(lambda acc, blk: blk(acc), self.blocks, h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''\
by_rank = {True: [], False: []}
for p in model.parameters():
    by_rank[p.ndim >= 2].append(p)
return [{"params": by_rank[True], "weight_decay": weight_decay},
        {"params": by_rank[False], "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
progress = min((step - warmup) / (max_steps - warmup), 1.0)
return floor + (lr - floor) * 0.5 * (1.0 + math.cos(math.pi * progress))
''',
}
