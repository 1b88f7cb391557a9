"""Fidel, el copión: pega la solución publicada de ``source/`` y la disfraza a mano (otros nombres,
comentarios, líneas en blanco, alguna sentencia independiente en otro orden, alguna expresión escrita
de otra forma equivalente). Sigue siendo la solución pegada y retocada, no reescrita."""

CODE = {
    "nb11-make-xy": """\
# ventanas completas que caben en el flujo
count = (len(stream) - 1) // T

inputs = stream[: count * T].reshape(count, T)
targets = stream[1 : 1 + count * T].reshape(count, T)
return inputs, targets
""",
    "nb11-accumulated-step": """\
opt.zero_grad()
chunk = x.shape[0] // n_micro
running = 0.0

# un trozo cada vez, acumulando en .grad
for begin in range(0, x.shape[0], chunk):
    out = model(x[begin : begin + chunk])
    part = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[begin : begin + chunk].reshape(-1))
    running += part.item()
    (part / n_micro).backward()

opt.step()
return running / n_micro
""",
    "nb11-data-floor": """\
from collections import Counter
import math

# parejas (actual, siguiente), todas, con repeticiones
couples = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
seen_first = Counter(cur for cur, _ in couples)
seen_couple = Counter(couples)

acc = 0.0
for cur, nxt in couples:
    acc += -math.log(seen_couple[(cur, nxt)] / seen_first[cur])
return acc / len(couples)
""",
    "nb17-pad-to": """\
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)

for row, ids in enumerate(seqs):
    head = list(ids)[:T]   # solo los T primeros
    out[row, : len(head)] = torch.tensor(head, dtype=torch.int64)
return out
""",
    "nb17-packed-item": """\
begin = int(starts[i])
inp = torch.full((block,), 0, dtype=torch.int64)
tgt = torch.full((block,), 0, dtype=torch.int64)

# puede traer menos de block tokens si el flujo se acaba
piece = stream[begin : begin + block]
inp[: len(piece)] = piece
tgt[: block - 1] = inp[1:]
return inp, tgt
""",
    "nb17-loss-per-game": """\
B, T, V = logits.shape
real = y != 0

# una pérdida por posición, luego la media de cada fila sin el relleno
losses = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)
return (losses * real).sum(dim=1) / real.sum(dim=1)
""",
    "nb18-attention-forward": """\
B, T, d = x.shape
queries, keys, values = self.qkv(x).split(d, dim=2)

# cabezas delante: (B, H, T, D)
queries, keys, values = (z.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for z in (queries, keys, values))
p = self.dropout if self.training else 0.0
mixed = F.scaled_dot_product_attention(queries, keys, values, dropout_p=p, is_causal=True)

mixed = mixed.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(mixed))
""",
    "nb18-block-forward": """\
# residuo de la atención
h = x + self.attn(self.ln1(x))
# residuo del MLP
return h + self.mlp(self.ln2(h))
""",
    "nb18-decoder-forward": """\
pos_ids = torch.arange(T, device=idx.device)
h = self.drop(self.positions(pos_ids) + self.tokens(idx))

for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))

loss = None
if targets is not None:
    V = logits.shape[-1]
    loss = F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
# matrices con decaimiento; sesgos y LayerNorm sin él
without = [q for q in model.parameters() if q.dim() < 2]
with_wd = [q for q in model.parameters() if q.dim() > 1]
return [{"params": with_wd, "weight_decay": weight_decay}, {"params": without, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """\
if step < warmup:
    return step * lr / warmup

lowest = min_lr_ratio * lr
# fracción del coseno recorrida, sin pasar de 1
frac = min(1.0, (step - warmup) / (max_steps - warmup))
return lowest + (lr - lowest) * (1 + math.cos(math.pi * frac)) / 2
""",
}
