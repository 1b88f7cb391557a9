"""Trigésima clase apartada: el copión (higinio).

Pega la solución publicada de ``source/`` y la disfraza a mano: otros nombres, comentarios, líneas en blanco,
alguna sentencia independiente en otro orden y alguna expresión escrita de otra forma equivalente. Sigue
siendo la solución pegada y retocada, no reescrita desde cero.
"""

HIGINIO = {
    "nb11-make-xy": '''\
# ventanas completas que caben
count = (len(stream) - 1) // T

inputs = stream[: count * T].reshape(count, T)
targets = stream[1 : 1 + count * T].reshape(count, T)
return inputs, targets
''',
    "nb11-accumulated-step": '''\
opt.zero_grad()
chunk = x.shape[0] // n_micro
running = 0.0

for first in range(0, x.shape[0], chunk):
    out = model(x[first : first + chunk])
    part = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[first : first + chunk].reshape(-1))
    running += part.item()
    # cada trozo aporta su parte de la media
    (part / n_micro).backward()

opt.step()
return running / n_micro
''',
    "nb11-data-floor": '''\
import math
from collections import Counter

# parejas (actual, siguiente) de todas las posiciones
couples = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
seen_as_current = Counter(cur for cur, _ in couples)
seen_pair = Counter(couples)

acc = 0.0
for cur, nxt in couples:
    acc = acc - math.log(seen_pair[(cur, nxt)] / seen_as_current[cur])
return acc / len(couples)
''',
    "nb17-pad-to": '''\
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)

for row, ids in enumerate(seqs):
    trimmed = list(ids)[:T]   # como mucho T ids
    out[row, : len(trimmed)] = torch.tensor(trimmed, dtype=torch.int64)
return out
''',
    "nb17-packed-item": '''\
begin = int(starts[i])
piece = stream[begin : begin + block]

y = torch.full((block,), 0, dtype=torch.int64)
x = torch.full((block,), 0, dtype=torch.int64)
x[: len(piece)] = piece   # el resto se queda en <pad>
y[: block - 1] = x[1:]
return x, y
''',
    "nb17-loss-per-game": '''\
B, T, V = logits.shape
real = y != 0

# una pérdida por posición, sin media
each = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)
return (each * real).sum(dim=1) / real.sum(dim=1)
''',
    "nb18-attention-forward": '''\
B, T, d = x.shape
query, key, value = self.qkv(x).split(d, dim=-1)

# las cabezas delante de las posiciones
query, key, value = (m.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for m in (query, key, value))
p = self.dropout if self.training else 0.0
mixed = F.scaled_dot_product_attention(query, key, value, dropout_p=p, is_causal=True)

mixed = mixed.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(mixed))
''',
    "nb18-block-forward": '''\
h = self.attn(self.ln1(x)) + x

return self.mlp(self.ln2(h)) + h
''',
    "nb18-decoder-forward": '''\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.positions(pos) + self.tokens(idx))

for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))

if targets is None:
    return logits, None
# sin contar los <pad>
loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''\
# matrices con decaimiento; sesgos y LayerNorm sin él
without = [w for w in model.parameters() if w.dim() < 2]
withd = [w for w in model.parameters() if w.dim() > 1]

return [{"params": withd, "weight_decay": weight_decay}, {"params": without, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''\
if step < warmup:
    return step * lr / warmup
lowest = min_lr_ratio * lr

frac = min(1.0, (step - warmup) / (max_steps - warmup))
return lowest + (lr - lowest) * (1 + math.cos(frac * math.pi)) / 2
''',
}
