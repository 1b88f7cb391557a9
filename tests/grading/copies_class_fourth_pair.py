"""La pareja de la cuarta clase apartada (``copies_class_fourth``): ``diego`` escribe su trabajo (no es la solución
publicada) y ``elena`` lo entrega cambiado a mano, como quien copia: otros nombres, comentarios, líneas en
blanco, alguna sentencia independiente en otro orden y alguna expresión escrita de otra forma equivalente."""

DIEGO = {
    "nb11-make-xy": """
L = stream.numel()
n = (L - 1) // T
inp = stream[0:n * T]
tgt = stream[1:1 + n * T]
return inp.reshape(-1, T), tgt.reshape(-1, T)
""",
    "nb11-accumulated-step": """
opt.zero_grad()
B = len(x)
m = B // n_micro
total = 0
for k in range(0, B, m):
    out = model(x[k:k + m])
    V = out.size(-1)
    part = F.cross_entropy(out.reshape(-1, V), y[k:k + m].reshape(-1))
    part = part * m / B
    part.backward()
    total = total + part.item()
opt.step()
return float(total)
""",
    "nb11-data-floor": """
import math
from collections import Counter

xs = x.flatten().tolist()
ys = y.flatten().tolist()
seen_pairs = Counter()
seen_current = Counter()
for a, b in zip(xs, ys):
    seen_pairs[a, b] += 1
    seen_current[a] += 1
nll = [-math.log(seen_pairs[a, b] / seen_current[a]) for a, b in zip(xs, ys)]
return sum(nll) / len(nll)
""",
    "nb17-pad-to": """
B = len(seqs)
out = torch.zeros(B, T, dtype=torch.long) + pad_id
for row in range(B):
    ids = seqs[row][:T]
    out[row, :len(ids)] = torch.tensor(ids, dtype=torch.long)
return out
""",
    "nb17-packed-item": """
s = int(starts[i])
window = stream[s:s + block].to(torch.int64)
missing = block - len(window)
x = torch.cat([window, torch.zeros(missing, dtype=torch.int64)])
y = torch.cat([x[1:], torch.zeros(1, dtype=torch.int64)])
return x, y
""",
    "nb17-loss-per-game": """
B, T, V = logits.shape
per_token = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), ignore_index=0, reduction="none")
per_token = per_token.reshape(B, T)
n_real = (y != 0).sum(dim=1)
return per_token.sum(dim=1) / n_real
""",
    "nb18-attention-forward": """
B, T, d = x.shape
H = self.n_head
qkv = self.qkv(x).view(B, T, 3, H, d // H)
qkv = qkv.permute(2, 0, 3, 1, 4)
q, k, v = qkv[0], qkv[1], qkv[2]
drop = self.dropout if self.training else 0.0
att = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=drop)
att = att.permute(0, 2, 1, 3).reshape(B, T, d)
return self.resid_drop(self.proj(att))
""",
    "nb18-block-forward": """
h = self.ln1(x)
x = x + self.attn(h)
h = self.ln2(x)
x = x + self.mlp(h)
return x
""",
    "nb18-decoder-forward": """
tok = self.tokens(idx)
pos = self.positions(torch.arange(T, device=idx.device))
h = self.drop(tok + pos)
for b in self.blocks:
    h = b(h)
h = self.ln_f(h)
logits = self.lm_head(h)
if targets is None:
    loss = None
else:
    loss = F.cross_entropy(logits.view(B * T, -1), targets.reshape(B * T), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """
big, small = [], []
for p in model.parameters():
    (big if p.dim() > 1 else small).append(p)
return [dict(params=big, weight_decay=weight_decay), dict(params=small, weight_decay=0.0)]
""",
    "nb18-lr-at": """
min_lr = lr * min_lr_ratio
if step >= max_steps:
    return min_lr
if step < warmup:
    return step * lr / warmup
ratio = (step - warmup) / (max_steps - warmup)
coeff = 0.5 * (1.0 + math.cos(math.pi * ratio))
return min_lr + coeff * (lr - min_lr)
""",
}

ELENA = {
    "nb11-make-xy": """
# cuántas ventanas enteras caben (hace falta el último objetivo)
windows = (stream.numel() - 1) // T

inputs = stream[:windows * T]          # las entradas
targets = stream[1:windows * T + 1]    # lo mismo, un token más allá

return inputs.reshape(-1, T), targets.reshape(-1, T)
""",
    "nb11-accumulated-step": """
batch = len(x)
size = batch // n_micro
opt.zero_grad()   # borro lo que hubiera en .grad

loss_sum = 0
for start in range(0, batch, size):
    logits = model(x[start:start + size])
    vocab = logits.size(-1)
    # la pérdida del trozo, con el peso que le toca en la media
    chunk_loss = F.cross_entropy(logits.reshape(-1, vocab), y[start:start + size].reshape(-1))
    chunk_loss = chunk_loss * (size / batch)
    chunk_loss.backward()
    loss_sum += chunk_loss.item()

opt.step()  # un solo paso
return float(loss_sum)
""",
    "nb11-data-floor": """
from collections import Counter
import math

current = x.flatten().tolist()
following = y.flatten().tolist()

# cuento parejas y tokens actuales
pair_count = Counter()
current_count = Counter()
for c, f in zip(current, following):
    current_count[c] += 1
    pair_count[c, f] += 1

# -log p(f | c) en cada posición
terms = [-math.log(pair_count[c, f] / current_count[c]) for c, f in zip(current, following)]
return sum(terms) / len(terms)
""",
    "nb17-pad-to": """
n_seqs = len(seqs)
# empiezo con todo relleno
batch = torch.zeros(n_seqs, T, dtype=torch.long) + pad_id

for r in range(n_seqs):
    kept = seqs[r][:T]   # como mucho T ids
    batch[r, :len(kept)] = torch.tensor(kept, dtype=torch.long)
return batch
""",
    "nb17-packed-item": """
begin = int(starts[i])
piece = stream[begin:begin + block].to(torch.int64)

# lo que falta hasta block, con <pad>
x = torch.cat([piece, torch.zeros(block - len(piece), dtype=torch.int64)])
y = torch.cat([x[1:], torch.zeros(1, dtype=torch.int64)])   # el último objetivo es <pad>
return x, y
""",
    "nb17-loss-per-game": """
B, T, V = logits.shape

# una pérdida por posición; las de <pad> salen a 0 con ignore_index
losses = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), ignore_index=0, reduction="none")
losses = losses.reshape(B, T)
counted = (y > 0).sum(dim=1)   # objetivos de verdad de cada partida
return losses.sum(dim=1) / counted
""",
    "nb18-attention-forward": """
B, T, d = x.shape
n_heads = self.n_head
p = self.dropout if self.training else 0.0   # dropout solo al entrenar

# q, k y v juntos y con las cabezas delante: (3, B, H, T, D)
both = self.qkv(x).view(B, T, 3, n_heads, d // n_heads)
both = both.permute(2, 0, 3, 1, 4)
q, k, v = both[0], both[1], both[2]

heads = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=p)
heads = heads.permute(0, 2, 1, 3).reshape(B, T, d)   # cabezas juntas otra vez
return self.resid_drop(self.proj(heads))
""",
    "nb18-block-forward": """
# atención con su residuo
normed = self.ln1(x)
x = x + self.attn(normed)

# mlp con su residuo
normed = self.ln2(x)
x = x + self.mlp(normed)
return x
""",
    "nb18-decoder-forward": """
positions = self.positions(torch.arange(T, device=idx.device))
tokens = self.tokens(idx)
hidden = self.drop(tokens + positions)

for block in self.blocks:
    hidden = block(hidden)
hidden = self.ln_f(hidden)
logits = self.lm_head(hidden)

loss = None
if targets is not None:   # sin contar el relleno
    loss = F.cross_entropy(logits.view(B * T, -1), targets.reshape(B * T), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """
matrices, rest = [], []
for param in model.parameters():
    # 2 o más dimensiones: con decaimiento
    (matrices if param.dim() >= 2 else rest).append(param)
return [{"params": matrices, "weight_decay": weight_decay}, {"params": rest, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """
lowest = min_lr_ratio * lr
if step >= max_steps:   # pasado el final, el suelo
    return lowest
if step < warmup:       # la recta
    return lr * step / warmup

frac = (step - warmup) / (max_steps - warmup)
return lowest + (lr - lowest) * 0.5 * (1.0 + math.cos(math.pi * frac))
""",
}
