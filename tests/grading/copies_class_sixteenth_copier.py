"""El copión de la decimosexta clase apartada: mauricio pega la solución publicada y la retoca a mano."""

MAURICIO = {
    "nb11-make-xy": '''
# ventanas completas que caben
count = (stream.shape[0] - 1) // T

inputs = stream[: count * T].reshape(count, T)
targets = stream[1 : 1 + count * T].reshape(count, T)
return inputs, targets
''',
    "nb11-accumulated-step": '''
opt.zero_grad()
piece = x.shape[0] // n_micro
running = 0.0

for begin in range(0, x.shape[0], piece):
    out = model(x[begin : begin + piece])
    # pérdida del trozo
    part = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[begin : begin + piece].reshape(-1))
    (part / n_micro).backward()
    running = running + part.item()
opt.step()
return running / n_micro
''',
    "nb11-data-floor": '''
from collections import Counter
import math

couples = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
current = Counter(first for first, _ in couples)
together = Counter(couples)

acc = 0.0
for first, second in couples:
    acc = acc - math.log(together[(first, second)] / current[first])
return acc / len(couples)
''',
    "nb17-pad-to": '''
out = torch.full((len(seqs), T), pad_id, dtype=torch.long)
for row, ids in enumerate(seqs):
    head = list(ids)[:T]   # lo que cabe
    out[row, : len(head)] = torch.tensor(head, dtype=torch.long)
return out
''',
    "nb17-packed-item": '''
begin = int(starts[i])
chunk = stream[begin : begin + block]  # puede traer menos de block

y = torch.full((block,), 0, dtype=torch.long)
x = torch.full((block,), 0, dtype=torch.long)
x[: len(chunk)] = chunk
y[: block - 1] = x[1:]
return x, y
''',
    "nb17-loss-per-game": '''
B, T, V = logits.shape
real = y != 0
losses = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)

return (losses * real).sum(dim=1) / real.sum(dim=1)
''',
    "nb18-attention-forward": '''
B, T, d = x.shape
query, key, value = self.qkv(x).split(d, dim=2)
query, key, value = (m.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for m in (query, key, value))

p = self.dropout if self.training else 0.0
res = F.scaled_dot_product_attention(query, key, value, is_causal=True, dropout_p=p)
res = res.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(res))
''',
    "nb18-block-forward": '''
h = x + self.attn(self.ln1(x))   # primera suma residual
return self.mlp(self.ln2(h)) + h
''',
    "nb18-decoder-forward": '''
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
    "nb18-param-groups": '''
rest = [w for w in model.parameters() if w.dim() < 2]
matrices = [w for w in model.parameters() if w.dim() >= 2]
return [
    {"params": matrices, "weight_decay": weight_decay},
    {"params": rest, "weight_decay": 0.0},
]
''',
    "nb18-lr-at": '''
if step < warmup:
    return step * lr / warmup
bottom = min_lr_ratio * lr
frac = min(1.0, (step - warmup) / (max_steps - warmup))
# medio coseno hasta el suelo
return bottom + (lr - bottom) * (1 + math.cos(math.pi * frac)) / 2
''',
}
