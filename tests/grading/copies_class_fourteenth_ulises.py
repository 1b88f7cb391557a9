"""Ulises, honrado y que ya programaba: funciones auxiliares, comprensiones y otras funciones de torch."""

WORK = {
    "nb11-make-xy": '''def windows(offset):
    return stream.narrow(0, offset, n * T).reshape(n, T)

n = (stream.numel() - 1) // T
return windows(0), windows(1)
''',
    "nb11-accumulated-step": '''opt.zero_grad(set_to_none=True)
size = x.size(0) // n_micro

def micro_loss(xs, ys):
    logits = model(xs)
    return F.cross_entropy(logits.flatten(0, 1), ys.flatten())

parts = []
for xs, ys in zip(x.split(size), y.split(size)):
    part = micro_loss(xs, ys) / n_micro
    part.backward()
    parts.append(part.detach())
opt.step()
return torch.stack(parts).sum().item()
''',
    "nb11-data-floor": '''a, b = x.flatten(), y.flatten()
_, pair_of, pair_n = torch.unique(torch.stack([a, b]), dim=1, return_inverse=True, return_counts=True)
_, cur_of, cur_n = torch.unique(a, return_inverse=True, return_counts=True)
p = pair_n[pair_of].double() / cur_n[cur_of].double()
return -p.log().mean().item()
''',
    "nb17-pad-to": '''import torch.nn.functional as F
from torch.nn.utils.rnn import pad_sequence

trimmed = [torch.as_tensor(s[:T], dtype=torch.long) for s in seqs]
padded = pad_sequence(trimmed, batch_first=True, padding_value=pad_id)
return F.pad(padded, (0, T - padded.shape[1]), value=pad_id)
''',
    "nb17-packed-item": '''import torch.nn.functional as F

start = starts[i].item()
window = stream[start : start + block + 1].long()
window = F.pad(window, (0, block + 1 - window.numel()), value=0)
return window[:-1], torch.cat([window[1:-1], window.new_zeros(1)])
''',
    "nb17-loss-per-game": '''nll = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")  # (B, T)
return nll.sum(-1) / y.ne(0).sum(-1)
''',
    "nb18-attention-forward": '''def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
out = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=self.dropout if self.training else 0.0)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
''',
    "nb18-block-forward": '''for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
''',
    "nb18-decoder-forward": '''import functools

h = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)))
h = functools.reduce(lambda acc, blk: blk(acc), self.blocks, h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=PAD_ID)
return logits, loss
''',
    "nb18-param-groups": '''buckets = {True: [], False: []}
for p in model.parameters():
    buckets[p.ndim >= 2].append(p)
return [
    {"params": buckets[True], "weight_decay": weight_decay},
    {"params": buckets[False], "weight_decay": 0.0},
]
''',
    "nb18-lr-at": '''def cosine(frac):
    return 0.5 * (1.0 + math.cos(math.pi * frac))

if step < warmup:
    return float(lr) * step / warmup
frac = min(step - warmup, max_steps - warmup) / (max_steps - warmup)
return lr * (min_lr_ratio + (1.0 - min_lr_ratio) * cosine(frac))
''',
}
