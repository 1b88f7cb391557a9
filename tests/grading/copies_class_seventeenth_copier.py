"""El copión de la decimoséptima clase apartada: hector.

hector pega la solución publicada (las celdas de solución de ``source/``) y la disfraza a mano:
otros nombres, comentarios, líneas en blanco, alguna sentencia independiente en otro orden y alguna
expresión escrita de otra forma equivalente. Sigue siendo la solución pegada y retocada, no
reescrita. Se escribió después de los tres honrados y de la pareja.
"""

HECTOR = {
    "nb11-make-xy": """\
# ventanas completas: cada una necesita también su último objetivo
count = (len(stream) - 1) // T

inp = stream[: count * T].reshape(count, T)
out = stream[1 : 1 + count * T].reshape(count, T)
return inp, out
""",
    "nb11-accumulated-step": """\
total_loss = 0.0
chunk = x.shape[0] // n_micro
opt.zero_grad()

for first in range(0, x.shape[0], chunk):
    scores = model(x[first : first + chunk])
    piece = F.cross_entropy(scores.reshape(-1, scores.shape[-1]), y[first : first + chunk].reshape(-1))
    # cada trozo solo pone su parte de la media
    (piece / n_micro).backward()
    total_loss = total_loss + piece.item()

opt.step()
return total_loss / n_micro
""",
    "nb11-data-floor": """\
from collections import Counter
import math

couples = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
by_first = Counter(cur for cur, _ in couples)
by_couple = Counter(couples)

s = 0.0
for cur, nxt in couples:
    s = s - math.log(by_couple[(cur, nxt)] / by_first[cur])
# media sobre todas las posiciones
return s / len(couples)
""",
    "nb17-pad-to": """\
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)

for row, ids in enumerate(seqs):
    first_ids = list(ids)[:T]  # lo que no cabe se corta
    out[row, : len(first_ids)] = torch.tensor(first_ids, dtype=torch.int64)
return out
""",
    "nb17-packed-item": """\
pos = int(starts[i])
y = torch.full((block,), 0, dtype=torch.int64)
x = torch.full((block,), 0, dtype=torch.int64)

# si el flujo se acaba antes, el resto se queda en <pad>
piece = stream[pos : pos + block]
x[: len(piece)] = piece
y[: block - 1] = x[1:]
return x, y
""",
    "nb17-loss-per-game": """\
B, T, V = logits.shape
real = y != 0

# una pérdida por posición, y luego la media de cada partida sin el relleno
each = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)
return (each * real).sum(dim=1) / real.sum(dim=1)
""",
    "nb18-attention-forward": """\
B, T, d = x.shape
queries, keys, values = self.qkv(x).split(d, dim=2)

# cabezas delante de las posiciones: (B, H, T, D)
queries, keys, values = [m.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for m in (queries, keys, values)]
p = 0.0
if self.training:
    p = self.dropout
mixed = F.scaled_dot_product_attention(queries, keys, values, is_causal=True, dropout_p=p)

mixed = mixed.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(mixed))
""",
    "nb18-block-forward": """\
# primero la atención y luego el MLP, cada uno sumado al flujo
h = self.attn(self.ln1(x)) + x
return h + self.mlp(self.ln2(h))
""",
    "nb18-decoder-forward": """\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.positions(pos) + self.tokens(idx))

for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))

# sin objetivos no hay pérdida
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
flat = [t for t in model.parameters() if t.dim() < 2]
mats = [t for t in model.parameters() if t.dim() > 1]

return [{"params": mats, "weight_decay": weight_decay}, {"params": flat, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """\
if step < warmup:
    return step * lr / warmup

bottom = min_lr_ratio * lr
# fracción del coseno recorrida, que no pasa de 1
frac = min(1.0, (step - warmup) / (max_steps - warmup))
return bottom + (lr - bottom) * 0.5 * (1 + math.cos(math.pi * frac))
""",
}
