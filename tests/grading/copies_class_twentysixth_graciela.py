"""Graciela, honrada y que ya programaba: funciones auxiliares, comprensiones y otras funciones de torch.

Escrito a mano leyendo solo la versión de alumno (``release/``), sin mirar la solución ni a nadie.
"""

WORK = {
    "nb11-make-xy": '''
n = (stream.numel() - 1) // T
windows = stream.unfold(0, T + 1, T)[:n]
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
''',
    "nb11-accumulated-step": '''
def piece_loss(xb, yb):
    logits = model(xb)
    return F.cross_entropy(logits.flatten(0, 1), yb.flatten())

opt.zero_grad(set_to_none=True)
pieces = list(zip(x.chunk(n_micro), y.chunk(n_micro)))
total = 0.0
for xb, yb in pieces:
    loss = piece_loss(xb, yb) / len(pieces)
    loss.backward()
    total += loss.detach().item()
opt.step()
return float(total)
''',
    "nb11-data-floor": '''
pairs = torch.stack([x.flatten(), y.flatten()], dim=1)
_, pair_idx, pair_counts = torch.unique(pairs, dim=0, return_inverse=True, return_counts=True)
_, ctx_idx, ctx_counts = torch.unique(x.flatten(), return_inverse=True, return_counts=True)
p = pair_counts[pair_idx].double() / ctx_counts[ctx_idx].double()
return float(-torch.log(p).mean())
''',
    "nb17-pad-to": '''
import torch.nn.functional as F
from torch.nn.utils.rnn import pad_sequence

trimmed = [torch.as_tensor(list(s)[:T], dtype=torch.long) for s in seqs]
batch = pad_sequence(trimmed, batch_first=True, padding_value=pad_id)
return F.pad(batch, (0, T - batch.shape[1]), value=pad_id)
''',
    "nb17-packed-item": '''
start = int(starts[i])
chunk = stream[start : start + block + 1].to(torch.int64)
chunk = torch.nn.functional.pad(chunk, (0, block + 1 - chunk.numel()), value=0)
x, y = chunk[:-1].clone(), chunk[1:].clone()
y[-1] = 0
return x, y
''',
    "nb17-loss-per-game": '''
mask = y.ne(0)
nll = -logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
return (nll * mask).sum(-1) / mask.sum(-1)
''',
    "nb18-attention-forward": '''
B, T, _ = x.shape
q, k, v = (t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)
           for t in self.qkv(x).chunk(3, dim=-1))
y = F.scaled_dot_product_attention(q, k, v, is_causal=True,
                                   dropout_p=self.dropout if self.training else 0.0)
return self.resid_drop(self.proj(y.transpose(1, 2).flatten(2)))
''',
    "nb18-block-forward": '''
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
''',
    "nb18-decoder-forward": '''
h = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device))[None])
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=PAD_ID)
return logits, loss
''',
    "nb18-param-groups": '''
params = list(model.parameters())
matrices = [p for p in params if p.ndim >= 2]
others = [p for p in params if p.ndim < 2]
return [dict(params=matrices, weight_decay=weight_decay), dict(params=others, weight_decay=0.0)]
''',
    "nb18-lr-at": '''
def cosine(progress):
    return 0.5 * (1.0 + math.cos(math.pi * progress))

if step < warmup:
    return lr * (step / warmup)
floor = lr * min_lr_ratio
progress = min(max(step - warmup, 0) / (max_steps - warmup), 1.0)
return floor + (lr - floor) * cosine(progress)
''',
}
