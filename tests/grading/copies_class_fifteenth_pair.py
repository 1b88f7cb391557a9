"""La pareja de la decimoquinta clase apartada: delia lo resuelve y eduardo le copia.

delia escribió sus once ejercicios a su manera, leyendo solo la versión de alumno (no la solución
publicada). eduardo partió del código de delia y lo cambió a mano para que no se notara: otros
nombres, comentarios, líneas en blanco, alguna sentencia independiente en otro orden y alguna
expresión escrita de otra forma equivalente. Nada se retocó después de medir (no se midió nada).
"""

DELIA = {
    "nb11-make-xy": """count = (stream.numel() - 1) // T
idx = torch.arange(count).unsqueeze(1) * T + torch.arange(T)
return stream[idx], stream[idx + 1]
""",
    "nb11-accumulated-step": """opt.zero_grad()
size = x.shape[0] // n_micro
losses = []
for start in range(0, x.shape[0], size):
    out = model(x[start:start + size])
    piece = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[start:start + size].reshape(-1))
    (piece / n_micro).backward()
    losses.append(piece.item())
opt.step()
return sum(losses) / n_micro
""",
    "nb11-data-floor": """from collections import Counter
import math

cur = x.flatten().tolist()
nxt = y.flatten().tolist()
pair_count = Counter(zip(cur, nxt))
cur_count = Counter(cur)
total = sum(n * math.log(cur_count[a] / n) for (a, b), n in pair_count.items())
return total / len(cur)
""",
    "nb17-pad-to": """out = torch.full((len(seqs), T), pad_id, dtype=torch.long)
for row, seq in zip(out, seqs):
    n = min(len(seq), T)
    row[:n] = torch.tensor(seq[:n], dtype=torch.long)
return out
""",
    "nb17-packed-item": """begin = starts[i].item()
end = min(begin + block + 1, len(stream))
tokens = stream[begin:end].long()
x = torch.zeros(block, dtype=torch.long)
y = torch.zeros(block, dtype=torch.long)
x[: min(block, len(tokens))] = tokens[:block]
y[: len(tokens) - 1] = tokens[1:]
y[-1] = 0
return x, y
""",
    "nb17-loss-per-game": """B, T, V = logits.shape
ce = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none", ignore_index=0).reshape(B, T)
return ce.sum(1) / (y != 0).sum(1)
""",
    "nb18-attention-forward": """B, T, d = x.shape
H, D = self.n_head, self.head_dim
qkv = self.qkv(x).view(B, T, 3, H, D).permute(2, 0, 3, 1, 4)
q, k, v = qkv[0], qkv[1], qkv[2]
drop = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=drop, is_causal=True)
out = out.permute(0, 2, 1, 3).reshape(B, T, d)
return self.resid_drop(self.proj(out))
""",
    "nb18-block-forward": """a = self.attn(self.ln1(x))
x = x + a
m = self.mlp(self.ln2(x))
return x + m
""",
    "nb18-decoder-forward": """t = torch.arange(T, device=idx.device)
h = self.tokens(idx) + self.positions(t)
h = self.drop(h)
for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
V = logits.shape[-1]
loss = F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """big, small = [], []
for p in model.parameters():
    (big if p.dim() > 1 else small).append(p)
return [dict(params=big, weight_decay=weight_decay), dict(params=small, weight_decay=0.0)]
""",
    "nb18-lr-at": """import math

if step < warmup:
    return lr * (step / warmup)
s = lr * min_lr_ratio
p = (step - warmup) / (max_steps - warmup)
if p > 1:
    p = 1.0
return s + 0.5 * (lr - s) * (1 + math.cos(math.pi * p))
""",
}

# eduardo: el de delia, disfrazado a mano.
EDUARDO = {
    "nb11-make-xy": """# cuántas ventanas enteras caben (hace falta el último objetivo)
n_win = (len(stream) - 1) // T

# posiciones de cada ventana: fila k -> k*T, k*T+1, ...
positions = torch.arange(T) + T * torch.arange(n_win).view(-1, 1)
return stream[positions], stream[positions + 1]
""",
    "nb11-accumulated-step": """chunk = x.shape[0] // n_micro
opt.zero_grad()
seen = []

for first in range(0, x.shape[0], chunk):
    # un trozo de partidas seguidas
    logits = model(x[first:first + chunk])
    part_loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y[first:first + chunk].reshape(-1))
    seen.append(part_loss.item())
    # cada trozo pone su parte de la media
    (part_loss / n_micro).backward()

opt.step()
return sum(seen) / len(seen)
""",
    "nb11-data-floor": """import math
from collections import Counter

prev_tokens = x.flatten().tolist()
next_tokens = y.flatten().tolist()
how_many = Counter(prev_tokens)
both = Counter(zip(prev_tokens, next_tokens))

# cada pareja paga -log(veces de la pareja / veces del actual), tantas veces como sale
acc = sum(-k * math.log(k / how_many[first]) for (first, second), k in both.items())
return acc / len(prev_tokens)
""",
    "nb17-pad-to": """# empezamos con todo relleno
result = torch.full((len(seqs), T), pad_id, dtype=torch.long)

for line, ids in zip(result, seqs):
    keep = min(T, len(ids))
    line[:keep] = torch.tensor(ids[:keep], dtype=torch.long)   # lo que cabe, a la izquierda
return result
""",
    "nb17-packed-item": """first = starts[i].item()
last = min(len(stream), first + block + 1)
x = torch.zeros(block, dtype=torch.long)
piece = stream[first:last].long()   # copia en int64, sin tocar el flujo
y = torch.zeros(block, dtype=torch.long)

x[: min(len(piece), block)] = piece[:block]
y[: len(piece) - 1] = piece[1:]
# el último objetivo siempre es <pad>
y[block - 1] = 0
return x, y
""",
    "nb17-loss-per-game": """n_games, n_pos, n_vocab = logits.shape
# pérdida de cada posición; las de <pad> salen a cero
per_pos = F.cross_entropy(logits.reshape(n_games * n_pos, n_vocab), y.reshape(n_games * n_pos), ignore_index=0, reduction="none")
per_pos = per_pos.reshape(n_games, n_pos)

return per_pos.sum(dim=1) / (y > 0).sum(dim=1)
""",
    "nb18-attention-forward": """batch, steps, width = x.shape
heads, size = self.n_head, self.head_dim

# (3, B, H, T, D): consultas, claves y valores, cabezas delante
parts = self.qkv(x).view(batch, steps, 3, heads, size).permute(2, 0, 3, 1, 4)
query, key, value = parts[0], parts[1], parts[2]
p = self.dropout if self.training else 0.0
mixed = F.scaled_dot_product_attention(query, key, value, dropout_p=p, is_causal=True)

mixed = mixed.permute(0, 2, 1, 3).reshape(batch, steps, width)
return self.resid_drop(self.proj(mixed))
""",
    "nb18-block-forward": """# primera conexión residual
x = x + self.attn(self.ln1(x))
# segunda
out = self.mlp(self.ln2(x))
return out + x
""",
    "nb18-decoder-forward": """where = torch.arange(T, device=idx.device)

h = self.drop(self.positions(where) + self.tokens(idx))
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))

if targets is None:
    return logits, None
vocab = logits.shape[-1]
# el <pad> = 0 no cuenta
loss = F.cross_entropy(logits.reshape(-1, vocab), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """matrices, others = [], []

for param in model.parameters():
    # matrices (2 o más ejes) con decaimiento
    (others if param.dim() < 2 else matrices).append(param)
return [dict(params=matrices, weight_decay=weight_decay), dict(weight_decay=0.0, params=others)]
""",
    "nb18-lr-at": """import math

# calentamiento en línea recta
if step < warmup:
    return (step / warmup) * lr
low = min_lr_ratio * lr
frac = min((step - warmup) / (max_steps - warmup), 1.0)

return low + (lr - low) * 0.5 * (1 + math.cos(math.pi * frac))
""",
}
