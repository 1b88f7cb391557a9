"""Vigésima quinta clase apartada: la pareja.

``urbano`` resuelve los ejercicios a su manera, leyendo solo la versión de alumno (``release/``), sin
mirar la solución publicada. ``vanesa`` le copia y lo cambia a mano para que no se note: otros
nombres, comentarios nuevos, líneas en blanco, alguna sentencia independiente en otro orden y alguna
expresión escrita de otra forma equivalente. Escrito a ciegas; no se retocó nada tras medir (no se
midió nada).
"""

URBANO = {
    # 11 · El bucle
    "nb11-make-xy": '''
L = stream.shape[0]
n_windows = (L - 1) // T
usable = n_windows * T
idx = torch.arange(usable).view(n_windows, T)
return stream[idx], stream[idx + 1]
''',
    "nb11-accumulated-step": '''
size = x.shape[0] // n_micro
for p in model.parameters():
    p.grad = None
loss_sum = 0.0
for start in range(0, x.shape[0], size):
    logits = model(x[start:start + size])
    V = logits.shape[-1]
    piece = F.cross_entropy(logits.reshape(-1, V), y[start:start + size].reshape(-1), reduction="sum")
    (piece / y.numel()).backward()
    loss_sum += piece.item()
opt.step()
return loss_sum / y.numel()
''',
    "nb11-data-floor": '''
from collections import Counter

a_list = x.reshape(-1).tolist()
b_list = y.reshape(-1).tolist()
pairs = Counter(zip(a_list, b_list))
contexts = Counter(a_list)
total = 0.0
for (a, b), n in pairs.items():
    total -= n * math.log(n / contexts[a])
return total / len(a_list)
''',
    # 17 · De partidas a lotes
    "nb17-pad-to": '''
out = torch.full((len(seqs), T), pad_id, dtype=torch.long)
for row, seq in enumerate(seqs):
    kept = seq[:T]
    if len(kept) > 0:
        out[row, :len(kept)] = torch.tensor(kept)
return out
''',
    "nb17-packed-item": '''
begin = starts[i].item()
chunk = torch.zeros(block + 1, dtype=torch.long)
piece = stream[begin:begin + block + 1]
chunk[:piece.numel()] = piece
x = chunk[:block].clone()
y = chunk[1:].clone()
y[block - 1] = 0
return x, y
''',
    "nb17-loss-per-game": '''
# cross_entropy acepta (B, V, T) con objetivos (B, T)
per_position = F.cross_entropy(logits.transpose(1, 2), y, reduction="none", ignore_index=0)
n_real = (y != 0).sum(dim=1).to(per_position.dtype)
return per_position.sum(dim=1) / n_real
''',
    # 18 · El decodificador
    "nb18-attention-forward": '''
B, T, d = x.shape
H, D = self.n_head, self.head_dim

def heads(t):
    return t.reshape(B, T, H, D).transpose(1, 2)

q, k, v = (heads(t) for t in self.qkv(x).chunk(3, dim=-1))
drop = self.dropout if self.training else 0.0
mixed = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=drop)
mixed = mixed.transpose(1, 2).contiguous().view(B, T, d)
out = self.proj(mixed)
return self.resid_drop(out)
''',
    "nb18-block-forward": '''
h = self.attn(self.ln1(x))
x = x + h
h = self.mlp(self.ln2(x))
return x + h
''',
    "nb18-decoder-forward": '''
positions = torch.arange(0, T, dtype=torch.long, device=idx.device).unsqueeze(0)
h = self.drop(self.tokens(idx) + self.positions(positions))
for layer in self.blocks:
    h = layer(h)
h = self.ln_f(h)
logits = self.lm_head(h)
if targets is None:
    loss = None
else:
    loss = F.cross_entropy(logits.reshape(B * T, -1), targets.reshape(B * T), ignore_index=PAD_ID)
return logits, loss
''',
    "nb18-param-groups": '''
decay, no_decay = [], []
for name, p in model.named_parameters():
    (decay if p.dim() >= 2 else no_decay).append(p)
return [
    {"params": decay, "weight_decay": weight_decay},
    {"params": no_decay, "weight_decay": 0.0},
]
''',
    "nb18-lr-at": '''
if step < warmup:
    return lr * (step / warmup)
if step > max_steps:
    step = max_steps
s = lr * min_lr_ratio
p = (step - warmup) / (max_steps - warmup)
return s + (lr - s) * 0.5 * (1.0 + math.cos(math.pi * p))
''',
}

VANESA = {
    # 11 · El bucle
    "nb11-make-xy": '''
# cuántas ventanas enteras caben
count = (stream.shape[0] - 1) // T

positions = torch.arange(count * T).view(count, T)
return stream[positions], stream[1 + positions]
''',
    "nb11-accumulated-step": '''
for param in model.parameters():
    param.grad = None
step_size = x.shape[0] // n_micro
total = 0.0

# un trozo cada vez, y el paso al final
for first in range(0, x.shape[0], step_size):
    out = model(x[first:first + step_size])
    vocab = out.shape[-1]
    summed = F.cross_entropy(out.reshape(-1, vocab), y[first:first + step_size].reshape(-1), reduction="sum")
    total += summed.item()
    (summed / y.numel()).backward()

opt.step()
return total / y.numel()
''',
    "nb11-data-floor": '''
from collections import Counter

currents = x.reshape(-1).tolist()
seen_as_current = Counter(currents)
seen_pairs = Counter(zip(currents, y.reshape(-1).tolist()))

cost = 0.0
for (cur, nxt), times in seen_pairs.items():
    cost = cost - times * math.log(times / seen_as_current[cur])
return cost / len(currents)
''',
    # 17 · De partidas a lotes
    "nb17-pad-to": '''
result = torch.full((len(seqs), T), fill_value=pad_id, dtype=torch.int64)

for r, ids in enumerate(seqs):
    ids = ids[:T]
    if ids:
        result[r, :len(ids)] = torch.tensor(ids)
return result
''',
    "nb17-packed-item": '''
first = starts[i].item()
piece = stream[first:first + block + 1]
buf = torch.zeros(block + 1, dtype=torch.long)
buf[:len(piece)] = piece

inputs = buf[:block].clone()
targets = buf[1:].clone()
targets[-1] = 0  # el último objetivo es siempre <pad>
return inputs, targets
''',
    "nb17-loss-per-game": '''
# pongo el vocabulario en el eje 1, como lo quiere cross_entropy
losses = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")
how_many = (y != 0).sum(dim=1).to(losses.dtype)

return losses.sum(dim=1) / how_many
''',
    # 18 · El decodificador
    "nb18-attention-forward": '''
B, T, d = x.shape

def split_heads(t):
    return t.reshape(B, T, self.n_head, self.head_dim).transpose(1, 2)

q, k, v = (split_heads(part) for part in self.qkv(x).chunk(3, dim=-1))
p = 0.0
if self.training:
    p = self.dropout
att = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)

# juntar las cabezas otra vez
att = att.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(att))
''',
    "nb18-block-forward": '''
x = x + self.attn(self.ln1(x))

out = self.mlp(self.ln2(x))
return out + x
''',
    "nb18-decoder-forward": '''
pos = torch.arange(T, dtype=torch.long, device=idx.device).unsqueeze(0)
hidden = self.drop(self.positions(pos) + self.tokens(idx))

for b in self.blocks:
    hidden = b(hidden)
logits = self.lm_head(self.ln_f(hidden))

loss = None
if targets is not None:
    loss = F.cross_entropy(logits.reshape(B * T, -1), targets.reshape(B * T), ignore_index=PAD_ID)
return logits, loss
''',
    "nb18-param-groups": '''
matrices, others = [], []
for _, param in model.named_parameters():
    if param.dim() > 1:
        matrices.append(param)
    else:
        others.append(param)

return [{"params": matrices, "weight_decay": weight_decay},
        {"params": others, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''
if step < warmup:
    return step / warmup * lr

floor = min_lr_ratio * lr
step = min(step, max_steps)
progress = (step - warmup) / (max_steps - warmup)
return floor + (lr - floor) * (1.0 + math.cos(math.pi * progress)) / 2
''',
}
