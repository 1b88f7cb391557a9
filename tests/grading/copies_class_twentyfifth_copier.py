"""Vigésima quinta clase apartada: el copión.

``zacarias`` pega la solución publicada (``source/``) y la disfraza a mano para que no se note: otros
nombres, comentarios nuevos, líneas en blanco, alguna sentencia independiente en otro orden y alguna
expresión escrita de otra forma equivalente. No la reescribe: sigue siendo la solución pegada y
retocada. Se escribió después de los honrados y la pareja, y no se retocó tras medir (no se midió nada).
"""

ZACARIAS = {
    # 11 · El bucle
    "nb11-make-xy": '''
# ventanas enteras que caben en el flujo
num = (len(stream) - 1) // T

inputs = stream[: num * T].reshape(num, T)
targets = stream[1 : 1 + num * T].reshape(num, T)
return inputs, targets
''',
    "nb11-accumulated-step": '''
opt.zero_grad()
chunk = x.shape[0] // n_micro
acc = 0.0

for i in range(0, x.shape[0], chunk):
    out = model(x[i : i + chunk])
    l = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[i : i + chunk].reshape(-1))
    acc += l.item()
    # cada trozo aporta 1/n_micro de la media
    (l / n_micro).backward()

opt.step()
return acc / n_micro
''',
    "nb11-data-floor": '''
from collections import Counter
import math

couples = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
as_current = Counter(cur for cur, _ in couples)
couple_counts = Counter(couples)

s = 0.0
for cur, nxt in couples:
    s = s - math.log(couple_counts[(cur, nxt)] / as_current[cur])

return s / len(couples)
''',
    # 17 · De partidas a lotes
    "nb17-pad-to": '''
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)

for row, ids in enumerate(seqs):
    first_ids = list(ids)[:T]  # solo los T primeros
    out[row, : len(first_ids)] = torch.tensor(first_ids, dtype=torch.int64)
return out
''',
    "nb17-packed-item": '''
begin = int(starts[i])
inputs = torch.full((block,), 0, dtype=torch.int64)
targets = torch.full((block,), 0, dtype=torch.int64)

# si el flujo se acaba, el trozo es más corto
piece = stream[begin : begin + block]
inputs[: len(piece)] = piece
targets[:-1] = inputs[1:]
return inputs, targets
''',
    "nb17-loss-per-game": '''
B, T, V = logits.shape
real = y != 0
ce = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)

return (ce * real).sum(dim=1) / real.sum(dim=1)
''',
    # 18 · El decodificador
    "nb18-attention-forward": '''
B, T, C = x.shape
query, key, value = self.qkv(x).split(C, dim=2)

# (B, T, C) -> (B, H, T, D)
query, key, value = (m.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for m in (query, key, value))
p = self.dropout if self.training else 0.0
att = F.scaled_dot_product_attention(query, key, value, dropout_p=p, is_causal=True)

att = att.transpose(1, 2).contiguous().view(B, T, C)
return self.resid_drop(self.proj(att))
''',
    "nb18-block-forward": '''
h = x + self.attn(self.ln1(x))

return h + self.mlp(self.ln2(h))
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
# matrices con decaimiento, lo demás sin él
with_wd = [w for w in model.parameters() if w.dim() > 1]
without_wd = [w for w in model.parameters() if w.dim() <= 1]

return [{"params": with_wd, "weight_decay": weight_decay},
        {"params": without_wd, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''
if step < warmup:
    return step * lr / warmup

low = min_lr_ratio * lr
frac = min(1.0, (step - warmup) / (max_steps - warmup))
return low + (lr - low) * (1 + math.cos(math.pi * frac)) / 2
''',
}
