"""La pareja de la decimoséptima clase apartada: emilio lo resuelve y carmen le copia.

emilio escribió a su manera, leyendo solo la versión de alumno (``release/``), sin la solución
publicada. carmen parte del código de emilio y lo cambia a mano para que no se note: otros nombres,
comentarios, líneas en blanco, alguna sentencia independiente en otro orden y alguna expresión
escrita de otra forma equivalente.
"""

EMILIO = {
    "nb11-make-xy": """\
usable = len(stream) - 1
count = usable // T
inputs = stream[:-1][: count * T]
targets = stream[1:][: count * T]
return inputs.reshape(count, T), targets.reshape(count, T)
""",
    "nb11-accumulated-step": """\
size = len(x) // n_micro
opt.zero_grad()
running = 0.0
for start in range(0, len(x), size):
    out = model(x[start : start + size])
    part = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[start : start + size].reshape(-1))
    part.div(n_micro).backward()
    running += part.item() / n_micro
opt.step()
return running
""",
    "nb11-data-floor": """\
import math
from collections import defaultdict

seen_pair = defaultdict(int)
seen_first = defaultdict(int)
flat = list(zip(x.flatten().tolist(), y.flatten().tolist()))
for a, b in flat:
    seen_pair[a, b] += 1
    seen_first[a] += 1
cost = 0.0
for a, b in flat:
    cost -= math.log(seen_pair[a, b] / seen_first[a])
return cost / len(flat)
""",
    "nb17-pad-to": """\
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for row, seq in enumerate(seqs):
    cut = seq[:T]
    if cut:
        batch[row, : len(cut)] = torch.tensor(cut)
return batch
""",
    "nb17-packed-item": """\
begin = int(starts[i])
window = torch.full((block + 1,), 0, dtype=torch.int64)
found = stream[begin : begin + block + 1]
window[: len(found)] = found
x = window[:-1].clone()
y = window[1:].clone()
y[-1] = 0
return x, y
""",
    "nb17-loss-per-game": """\
flat = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y.reshape(-1), ignore_index=0, reduction="none")
per_position = flat.view(y.shape)
real = y > 0
return per_position.sum(1) / real.sum(1)
""",
    "nb18-attention-forward": """\
B, T, d = x.shape
packed = self.qkv(x).view(B, T, 3 * self.n_head, self.head_dim).transpose(1, 2)
q, k, v = packed.split(self.n_head, dim=1)
drop = self.dropout if self.training else 0.0
mixed = F.scaled_dot_product_attention(q, k, v, dropout_p=drop, is_causal=True)
joined = mixed.transpose(1, 2).reshape(B, T, d)
return self.resid_drop(self.proj(joined))
""",
    "nb18-block-forward": """\
mid = x + self.attn(self.ln1(x))
out = mid + self.mlp(self.ln2(mid))
return out
""",
    "nb18-decoder-forward": """\
where = torch.arange(T, device=idx.device).unsqueeze(0)
h = self.tokens(idx) + self.positions(where)
h = self.drop(h)
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
matrices, rest = [], []
for p in model.parameters():
    (matrices if p.dim() > 1 else rest).append(p)
return [dict(params=matrices, weight_decay=weight_decay), dict(params=rest, weight_decay=0.0)]
""",
    "nb18-lr-at": """\
if step < warmup:
    return step / warmup * lr
step = min(step, max_steps)
p = (step - warmup) / (max_steps - warmup)
low = min_lr_ratio * lr
return low + (lr - low) * 0.5 * (1 + math.cos(math.pi * p))
""",
}

# carmen: el trabajo de emilio, retocado a mano para que no se note.
CARMEN = {
    "nb11-make-xy": """\
# cuántas ventanas enteras caben (la última necesita su objetivo)
n_win = (len(stream) - 1) // T

src = stream[:-1][: n_win * T]
dst = stream[1:][: T * n_win]

return src.reshape(n_win, T), dst.reshape(n_win, T)
""",
    "nb11-accumulated-step": """\
chunk = len(x) // n_micro
acc = 0.0
opt.zero_grad()

# cada microlote aporta 1/n_micro de la media
for s in range(0, len(x), chunk):
    res = model(x[s : s + chunk])
    piece = F.cross_entropy(res.reshape(-1, res.shape[-1]), y[s : s + chunk].reshape(-1))
    (piece / n_micro).backward()
    acc = acc + piece.item() / n_micro

opt.step()
return acc
""",
    "nb11-data-floor": """\
from collections import defaultdict
import math

positions = list(zip(x.flatten().tolist(), y.flatten().tolist()))
first_seen = defaultdict(int)
both_seen = defaultdict(int)

for cur, nxt in positions:
    first_seen[cur] += 1
    both_seen[cur, nxt] += 1

# media de -ln p(nxt | cur) en todas las posiciones
paid = 0.0
for cur, nxt in positions:
    paid = paid - math.log(both_seen[cur, nxt] / first_seen[cur])
return paid / len(positions)
""",
    "nb17-pad-to": """\
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)

for k, s in enumerate(seqs):
    # solo los T primeros; el resto ya es relleno
    kept = s[:T]
    if len(kept) > 0:
        out[k, : len(kept)] = torch.tensor(kept)
return out
""",
    "nb17-packed-item": """\
pos = int(starts[i])
piece = stream[pos : pos + block + 1]
buf = torch.zeros(block + 1, dtype=torch.int64)
buf[: len(piece)] = piece

ys = buf[1:].clone()
xs = buf[:-1].clone()
ys[-1] = 0  # el último objetivo siempre es <pad>
return xs, ys
""",
    "nb17-loss-per-game": """\
counts = (y != 0).sum(1)
each = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y.reshape(-1), reduction="none", ignore_index=0)

# vuelve a (B, T) y promedia solo las posiciones de verdad
return each.view(y.shape).sum(1) / counts
""",
    "nb18-attention-forward": """\
B, T, d = x.shape
p_drop = 0.0
if self.training:
    p_drop = self.dropout

# q, k y v juntos, con las cabezas delante de las posiciones
heads = self.qkv(x).view(B, T, 3 * self.n_head, self.head_dim).transpose(1, 2)
q, k, v = heads.split(self.n_head, dim=1)

att = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=p_drop)
merged = att.transpose(1, 2).reshape(B, T, d)
return self.resid_drop(self.proj(merged))
""",
    "nb18-block-forward": """\
h = x + self.attn(self.ln1(x))

# segunda conexión residual
return h + self.mlp(self.ln2(h))
""",
    "nb18-decoder-forward": """\
idx_pos = torch.arange(T, device=idx.device)[None, :]
z = self.drop(self.tokens(idx) + self.positions(idx_pos))

for blk in self.blocks:
    z = blk(z)

logits = self.lm_head(self.ln_f(z))
if targets is None:
    return logits, None
n_vocab = logits.shape[-1]
return logits, F.cross_entropy(logits.reshape(-1, n_vocab), targets.reshape(-1), ignore_index=0)
""",
    "nb18-param-groups": """\
rest, mats = [], []

for param in model.parameters():
    if param.dim() >= 2:
        mats.append(param)
    else:
        rest.append(param)
return [dict(params=mats, weight_decay=weight_decay), dict(weight_decay=0.0, params=rest)]
""",
    "nb18-lr-at": """\
if step < warmup:
    return lr * step / warmup
# pasado max_steps se queda en el suelo
step = min(max_steps, step)
bottom = lr * min_lr_ratio
frac = (step - warmup) / (max_steps - warmup)
return bottom + 0.5 * (lr - bottom) * (1 + math.cos(math.pi * frac))
""",
}
