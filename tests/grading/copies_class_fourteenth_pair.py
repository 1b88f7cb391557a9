"""La pareja: Valeria lo resuelve a su manera; Wenceslao le copia y lo retoca a mano para que no se note."""

VALERIA = {
    "nb11-make-xy": '''count = (len(stream) - 1) // T
starts = torch.arange(count) * T
offsets = torch.arange(T)
index = starts[:, None] + offsets[None, :]
return stream[index], stream[index + 1]
''',
    "nb11-accumulated-step": '''opt.zero_grad()
B = x.shape[0]
step_size = B // n_micro
full_loss = 0.0
for start in range(0, B, step_size):
    out = model(x[start:start + step_size])
    part = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[start:start + step_size].reshape(-1))
    (part * step_size / B).backward()
    full_loss += part.item() * step_size / B
opt.step()
return full_loss
''',
    "nb11-data-floor": '''import math
from collections import Counter

currents = x.flatten().tolist()
nexts = y.flatten().tolist()
seen_pair = Counter(zip(currents, nexts))
seen_current = Counter(currents)
total = 0.0
for pair, times in seen_pair.items():
    total -= times * math.log(times / seen_current[pair[0]])
return total / len(currents)
''',
    "nb17-pad-to": '''rows = [list(s[:T]) + [pad_id] * (T - len(s[:T])) for s in seqs]
return torch.tensor(rows, dtype=torch.int64)
''',
    "nb17-packed-item": '''begin = int(starts[i])
piece = stream[begin:begin + block].to(torch.int64)
x = torch.zeros(block, dtype=torch.int64)
x[:len(piece)] = piece
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
''',
    "nb17-loss-per-game": '''V = logits.shape[-1]
per_token = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").reshape(y.shape)
mask = y > 0
return (per_token * mask).sum(dim=1) / mask.sum(dim=1)
''',
    "nb18-attention-forward": '''B, T, d = x.shape
qkv = self.qkv(x).view(B, T, 3, self.n_head, self.head_dim)
qkv = qkv.permute(2, 0, 3, 1, 4)          # (3, B, H, T, D)
q, k, v = qkv[0], qkv[1], qkv[2]
drop = self.dropout if self.training else 0.0
att = F.scaled_dot_product_attention(q, k, v, dropout_p=drop, is_causal=True)
merged = att.permute(0, 2, 1, 3).reshape(B, T, d)
return self.resid_drop(self.proj(merged))
''',
    "nb18-block-forward": '''h = x + self.attn(self.ln1(x))
out = h + self.mlp(self.ln2(h))
return out
''',
    "nb18-decoder-forward": '''positions = torch.arange(T, device=idx.device).unsqueeze(0)
h = self.drop(self.tokens(idx) + self.positions(positions))
for layer in self.blocks:
    h = layer(h)
h = self.ln_f(h)
logits = self.lm_head(h)
loss = None
if targets is not None:
    V = logits.shape[-1]
    loss = F.cross_entropy(logits.reshape(B * T, V), targets.reshape(B * T), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''matrices, others = [], []
for name, p in model.named_parameters():
    (matrices if p.dim() > 1 else others).append(p)
return [{"params": matrices, "weight_decay": weight_decay}, {"params": others, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''if step < warmup:
    return lr * (step / warmup)
if step >= max_steps:
    return lr * min_lr_ratio
low = lr * min_lr_ratio
progress = (step - warmup) / (max_steps - warmup)
return low + (lr - low) * (1 + math.cos(math.pi * progress)) / 2
''',
}

# Wenceslao: lo de Valeria, retocado a mano (otros nombres, comentarios, líneas en blanco, alguna
# sentencia independiente en otro orden, alguna expresión escrita de otra forma equivalente).
WENCESLAO = {
    "nb11-make-xy": '''# cuántas ventanas completas caben
n_windows = (len(stream) - 1) // T

cols = torch.arange(T)
first = T * torch.arange(n_windows)
positions = first.unsqueeze(1) + cols.unsqueeze(0)

return stream[positions], stream[positions + 1]
''',
    "nb11-accumulated-step": '''size = x.shape[0]
chunk = size // n_micro
opt.zero_grad()

loss_total = 0.0
for i in range(0, size, chunk):
    logits = model(x[i:i + chunk])
    # la parte de la media que pone este trozo
    piece = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y[i:i + chunk].reshape(-1))
    (piece * chunk / size).backward()
    loss_total += piece.item() * chunk / size

opt.step()
return loss_total
''',
    "nb11-data-floor": '''from collections import Counter
import math

nxt = y.flatten().tolist()
cur = x.flatten().tolist()
how_many_cur = Counter(cur)
how_many_pair = Counter(zip(cur, nxt))

acc = 0.0
for (a, b), n in how_many_pair.items():
    # cada pareja paga -ln p(b | a) tantas veces como sale
    acc = acc - n * math.log(n / how_many_cur[a])
return acc / len(cur)
''',
    "nb17-pad-to": '''# corto a T y relleno lo que falta
out = [list(seq[:T]) + [pad_id] * (T - len(seq[:T])) for seq in seqs]
return torch.tensor(out, dtype=torch.long)
''',
    "nb17-packed-item": '''first = int(starts[i])
y = torch.zeros(block, dtype=torch.int64)
x = torch.zeros(block, dtype=torch.int64)
tokens = stream[first:first + block].long()

x[:len(tokens)] = tokens
y[:block - 1] = x[1:]   # el último se queda en <pad>
return x, y
''',
    "nb17-loss-per-game": '''real = y != 0
vocab = logits.shape[-1]
each = F.cross_entropy(logits.reshape(-1, vocab), y.reshape(-1), reduction="none").reshape(y.shape)

# media de cada fila sin el relleno
return (each * real).sum(dim=1) / real.sum(dim=1)
''',
    "nb18-attention-forward": '''B, T, d = x.shape
p_drop = 0.0
if self.training:
    p_drop = self.dropout
both = self.qkv(x).view(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)   # (3, B, H, T, D)
q, k, v = both[0], both[1], both[2]

heads = F.scaled_dot_product_attention(q, k, v, dropout_p=p_drop, is_causal=True)
# cabezas otra vez juntas
joined = heads.permute(0, 2, 1, 3).reshape(B, T, d)
return self.resid_drop(self.proj(joined))
''',
    "nb18-block-forward": '''mid = x + self.attn(self.ln1(x))

return mid + self.mlp(self.ln2(mid))
''',
    "nb18-decoder-forward": '''pos = torch.arange(T, device=idx.device)[None, :]
z = self.drop(self.positions(pos) + self.tokens(idx))

for blk in self.blocks:
    z = blk(z)
logits = self.lm_head(self.ln_f(z))

if targets is None:
    return logits, None
vocab = logits.shape[-1]
loss = F.cross_entropy(logits.reshape(B * T, vocab), targets.reshape(B * T), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''with_decay, without = [], []
for _, param in model.named_parameters():
    # matrices con decaimiento, el resto sin él
    (with_decay if param.dim() >= 2 else without).append(param)
return [
    {"params": with_decay, "weight_decay": weight_decay},
    {"params": without, "weight_decay": 0.0},
]
''',
    "nb18-lr-at": '''floor = lr * min_lr_ratio
if step < warmup:
    return lr * step / warmup
if step >= max_steps:
    return floor

frac = (step - warmup) / (max_steps - warmup)
return floor + 0.5 * (lr - floor) * (1 + math.cos(frac * math.pi))
''',
}
