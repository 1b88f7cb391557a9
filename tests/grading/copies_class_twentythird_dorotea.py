"""Dorotea (honrada): ya programaba; funciones auxiliares, comprensiones y otras funciones de torch.
Escrito a ciegas."""

WORK = {
    "nb11-make-xy": '''
# ventanas de T + 1 tokens que avanzan de T en T: la última columna es el objetivo que falta
windows = stream.unfold(0, T + 1, T)
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
''',
    "nb11-accumulated-step": '''
def run_part(xs, ys):
    loss = F.cross_entropy(model(xs).flatten(0, 1), ys.flatten()) / n_micro
    loss.backward()
    return loss.item()

opt.zero_grad(set_to_none=True)
total = sum(run_part(xs, ys) for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)))
opt.step()
return float(total)
''',
    "nb11-data-floor": '''
a, b = x.reshape(-1), y.reshape(-1)
_, pair_of, pair_counts = torch.unique(torch.stack([a, b]), dim=1, return_inverse=True, return_counts=True)
_, first_of, first_counts = torch.unique(a, return_inverse=True, return_counts=True)
p = pair_counts[pair_of].double() / first_counts[first_of].double()
return float(-p.log().mean())
''',
    "nb17-pad-to": '''
import torch.nn.functional as F

rows = [torch.as_tensor(s[:T], dtype=torch.int64) for s in seqs]
padded = pad_sequence(rows, batch_first=True, padding_value=pad_id)
return F.pad(padded, (0, T - padded.shape[1]), value=pad_id)
''',
    "nb17-packed-item": '''
begin = int(starts[i])
chunk = stream[begin:begin + block].to(torch.int64)
x = F.pad(chunk, (0, block - chunk.numel()), value=PAD_ID)
y = torch.cat([x[1:], x.new_full((1,), PAD_ID)])
return x, y
''',
    "nb17-loss-per-game": '''
nll = -logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
keep = y.ne(PAD_ID)
return torch.where(keep, nll, torch.zeros_like(nll)).sum(-1) / keep.sum(-1)
''',
    "nb18-attention-forward": '''
def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).permute(0, 2, 1, 3)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
mixed = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=self.dropout if self.training else 0.0)
return self.resid_drop(self.proj(mixed.permute(0, 2, 1, 3).flatten(2)))
''',
    "nb18-block-forward": '''
for norm, sublayer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + sublayer(norm(x))
return x
''',
    "nb18-decoder-forward": '''
from functools import reduce

h = self.drop(self.tokens(idx) + self.positions.weight[:T])
h = reduce(lambda acc, blk: blk(acc), self.blocks, h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
per_token = F.cross_entropy(logits.flatten(0, 1), targets.flatten(), reduction="none")
mask = targets.flatten() != PAD_ID
return logits, (per_token * mask).sum() / mask.sum()
''',
    "nb18-param-groups": '''
by_kind = {True: [], False: []}
for p in model.parameters():
    by_kind[p.ndim >= 2].append(p)
return [dict(params=by_kind[True], weight_decay=weight_decay), dict(params=by_kind[False], weight_decay=0.0)]
''',
    "nb18-lr-at": '''
if step < warmup:
    return float(lr * step / warmup)
floor = lr * min_lr_ratio
progress = min(step, max_steps) - warmup
cosine = 0.5 * (1.0 + math.cos(math.pi * progress / (max_steps - warmup)))
return float(floor + (lr - floor) * cosine)
''',
}
