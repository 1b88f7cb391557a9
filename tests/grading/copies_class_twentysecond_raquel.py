"""Raquel, el copión: pega la solución publicada y la disfraza a mano (nombres, comentarios, orden, formas)."""

WORK = {
    "nb11-make-xy": """\
# ventanas completas: cada una necesita también su último objetivo
count = (len(stream) - 1) // T

inp = stream[: count * T].reshape(count, T)
tgt = stream[1 : 1 + count * T].reshape(count, T)
return inp, tgt
""",
    "nb11-accumulated-step": """\
opt.zero_grad()
chunk = x.shape[0] // n_micro
acc = 0.0

# un trozo de partidas seguidas cada vez
for begin in range(0, x.shape[0], chunk):
    out = model(x[begin : begin + chunk])
    piece = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[begin : begin + chunk].reshape(-1))
    (piece / n_micro).backward()
    acc = acc + piece.item()

opt.step()
return acc / n_micro
""",
    "nb11-data-floor": """\
from collections import Counter
import math

couples = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
# cuántas veces sale cada token como actual, y cada pareja
as_current = Counter(cur for cur, _ in couples)
couple_counts = Counter(couples)

loss = 0.0
for cur, nxt in couples:
    loss = loss - math.log(couple_counts[(cur, nxt)] / as_current[cur])
return loss / len(couples)
""",
    "nb17-pad-to": """\
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)

for row, s in enumerate(seqs):
    head = list(s)[:T]   # si es más larga, se corta
    out[row, : len(head)] = torch.tensor(head, dtype=torch.int64)
return out
""",
    "nb17-packed-item": """\
first = int(starts[i])

inputs = torch.full((block,), 0, dtype=torch.int64)
piece = stream[first : first + block]  # puede quedarse corto al final del flujo
inputs[: len(piece)] = piece

# objetivos: desplazados una posición, <pad> en la última
targets = torch.full((block,), 0, dtype=torch.int64)
targets[:-1] = inputs[1:]
return inputs, targets
""",
    "nb17-loss-per-game": """\
B, T, V = logits.shape
real = y != 0

# una pérdida por posición, sin promediar
each = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)
return (each * real).sum(dim=1) / real.sum(dim=1)
""",
    "nb18-attention-forward": """\
B, T, d = x.shape
queries, keys, values = self.qkv(x).split(d, dim=2)
# las cabezas delante de las posiciones
queries, keys, values = (m.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for m in (queries, keys, values))

p = self.dropout if self.training else 0.0
att = F.scaled_dot_product_attention(queries, keys, values, dropout_p=p, is_causal=True)

att = att.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(att))
""",
    "nb18-block-forward": """\
# residuo de la atención
h = x + self.attn(self.ln1(x))

# residuo del MLP
return h + self.mlp(self.ln2(h))
""",
    "nb18-decoder-forward": """\
positions = torch.arange(T, device=idx.device)
h = self.drop(self.positions(positions) + self.tokens(idx))

for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))

# sin objetivos no hay pérdida
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
rest = [p for p in model.parameters() if p.dim() <= 1]
matrices = [p for p in model.parameters() if p.dim() > 1]

# primero las matrices, con decaimiento
return [{"params": matrices, "weight_decay": weight_decay},
        {"params": rest, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """\
if step < warmup:
    return step * lr / warmup
low = lr * min_lr_ratio

# fracción del coseno recorrida, sin pasar de 1
frac = min(1.0, (step - warmup) / (max_steps - warmup))
return low + (lr - low) * (1 + math.cos(math.pi * frac)) / 2
""",
}
