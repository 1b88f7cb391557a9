"""Flora (copiona): la solución publicada de source/, pegada y disfrazada a mano."""

WORK = {
    "nb11-make-xy": '''\
count = (len(stream) - 1) // T   # ventanas completas

inp = stream[: count * T].reshape(count, T)
tgt = stream[1 : 1 + count * T].reshape(count, T)
return inp, tgt
''',
    "nb11-accumulated-step": '''\
opt.zero_grad()
step_size = x.shape[0] // n_micro
running = 0.0
for s in range(0, x.shape[0], step_size):
    out = model(x[s : s + step_size])
    # pérdida media de este trozo
    l = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[s : s + step_size].reshape(-1))
    running += l.item()
    (l / n_micro).backward()

opt.step()
return running / n_micro
''',
    "nb11-data-floor": '''\
from collections import Counter
import math

couples = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
firsts = Counter(c for c, _ in couples)
both = Counter(couples)

acc = 0.0
for c, n in couples:
    acc = acc - math.log(both[(c, n)] / firsts[c])
return acc / len(couples)
''',
    "nb17-pad-to": '''\
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for row, s in enumerate(seqs):
    # como mucho T ids
    cut = list(s)[:T]
    out[row, : len(cut)] = torch.tensor(cut, dtype=torch.int64)

return out
''',
    "nb17-packed-item": '''\
first = int(starts[i])
y = torch.full((block,), 0, dtype=torch.int64)
x = torch.full((block,), 0, dtype=torch.int64)
chunk = stream[first : first + block]  # puede quedarse corto al final del flujo
x[: len(chunk)] = chunk
y[: block - 1] = x[1:]
return x, y
''',
    "nb17-loss-per-game": '''\
n_games, length, n_tokens = logits.shape
real = y != 0
each = F.cross_entropy(logits.reshape(n_games * length, n_tokens), y.reshape(n_games * length),
                       reduction="none").view(n_games, length)

return (each * real).sum(dim=1) / real.sum(dim=1)
''',
    "nb18-attention-forward": '''\
B, T, C = x.shape
p = self.dropout if self.training else 0.0
q, k, v = self.qkv(x).split(C, dim=2)
# cada una a (B, H, T, D)
q, k, v = (m.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for m in (q, k, v))
att = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=p)
att = att.transpose(1, 2).contiguous().view(B, T, C)
return self.resid_drop(self.proj(att))
''',
    "nb18-block-forward": '''\
h = x + self.attn(self.ln1(x))
out = h + self.mlp(self.ln2(h))
return out
''',
    "nb18-decoder-forward": '''\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.positions(pos) + self.tokens(idx))

for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))

if targets is None:
    return logits, None
loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''\
flat = [w for w in model.parameters() if w.dim() < 2]
matrices = [w for w in model.parameters() if w.dim() > 1]
return [
    {"params": matrices, "weight_decay": weight_decay},
    {"params": flat, "weight_decay": 0.0},
]
''',
    "nb18-lr-at": '''\
if step < warmup:
    return step * lr / warmup
bottom = min_lr_ratio * lr
# fracción recorrida del coseno, sin pasar de 1
frac = min(1.0, (step - warmup) / (max_steps - warmup))
return bottom + (lr - bottom) * 0.5 * (1 + math.cos(frac * math.pi))
''',
}
