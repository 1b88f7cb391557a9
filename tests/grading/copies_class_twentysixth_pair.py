"""La pareja: Horacio lo resuelve a su manera; Iratxe le copia y lo cambia a mano para que no se note.

Escrito a mano leyendo solo la versión de alumno (``release/``), sin mirar la solución publicada. Iratxe
parte del código de Horacio: otros nombres, comentarios, líneas en blanco, alguna sentencia independiente
en otro orden y alguna expresión escrita de otra forma equivalente.
"""

HORACIO = {
    "nb11-make-xy": '''
count = (len(stream) - 1) // T
starts = torch.arange(count) * T
offsets = torch.arange(T)
positions = starts[:, None] + offsets[None, :]
return stream[positions], stream[positions + 1]
''',
    "nb11-accumulated-step": '''
B = x.shape[0]
size = B // n_micro
for p in model.parameters():
    p.grad = None
losses = []
for start in range(0, B, size):
    out = model(x[start:start + size])
    part = F.cross_entropy(out.reshape(-1, out.size(-1)), y[start:start + size].reshape(-1))
    (part * size / B).backward()
    losses.append(part.item())
opt.step()
return sum(losses) / len(losses)
''',
    "nb11-data-floor": '''
import math

followers = {}
for a, b in zip(x.flatten().tolist(), y.flatten().tolist()):
    followers.setdefault(a, []).append(b)
total = 0.0
n = 0
for a, nexts in followers.items():
    for b in set(nexts):
        c = nexts.count(b)
        total -= c * math.log(c / len(nexts))
    n += len(nexts)
return total / n
''',
    "nb17-pad-to": '''
out = []
for s in seqs:
    row = list(s[:T]) + [pad_id] * (T - len(s))
    out.append(row)
return torch.tensor(out, dtype=torch.int64)
''',
    "nb17-packed-item": '''
s = starts[i].item()
end = min(s + block, len(stream))
x = torch.cat([stream[s:end].long(), torch.zeros(block - (end - s), dtype=torch.long)])
y = torch.cat([x[1:], torch.zeros(1, dtype=torch.long)])
return x, y
''',
    "nb17-loss-per-game": '''
flat = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")
counts = (y > 0).sum(dim=1)
return flat.sum(dim=1) / counts
''',
    "nb18-attention-forward": '''
B, T, C = x.shape
H, D = self.n_head, self.head_dim
qkv = self.qkv(x).view(B, T, 3, H, D).permute(2, 0, 3, 1, 4)
q, k, v = qkv[0], qkv[1], qkv[2]
drop = self.dropout if self.training else 0.0
att = F.scaled_dot_product_attention(q, k, v, dropout_p=drop, is_causal=True)
merged = att.permute(0, 2, 1, 3).reshape(B, T, C)
return self.resid_drop(self.proj(merged))
''',
    "nb18-block-forward": '''
h = self.attn(self.ln1(x))
x = h + x
h = self.mlp(self.ln2(x))
return h + x
''',
    "nb18-decoder-forward": '''
positions = torch.arange(T, device=idx.device).unsqueeze(0).expand(B, T)
x = self.tokens(idx) + self.positions(positions)
x = self.drop(x)
for layer in self.blocks:
    x = layer(x)
logits = self.lm_head(self.ln_f(x))
if targets is None:
    return logits, None
V = logits.size(-1)
loss = F.cross_entropy(logits.reshape(B * T, V), targets.reshape(B * T), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''
groups = {True: [], False: []}
for name, p in model.named_parameters():
    groups[p.dim() > 1].append(p)
return [{"params": groups[True], "weight_decay": weight_decay},
        {"params": groups[False], "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''
if step < warmup:
    return step * lr / warmup
low = min_lr_ratio * lr
if step > max_steps:
    step = max_steps
frac = (step - warmup) / (max_steps - warmup)
return low + (lr - low) * (math.cos(math.pi * frac) + 1) / 2
''',
}

IRATXE = {
    "nb11-make-xy": '''
# cuántas ventanas enteras caben
n_win = (stream.shape[0] - 1) // T

first = T * torch.arange(n_win)
cols = torch.arange(T)
idx = first.unsqueeze(1) + cols.unsqueeze(0)
return stream[idx], stream[1 + idx]
''',
    "nb11-accumulated-step": '''
n_games = len(x)
chunk = n_games // n_micro
# borro lo que hubiera en los gradientes
for w in model.parameters():
    w.grad = None

parts = []
for begin in range(0, n_games, chunk):
    logit = model(x[begin:begin + chunk])
    l = F.cross_entropy(logit.reshape(-1, logit.shape[-1]), y[begin:begin + chunk].reshape(-1))
    parts.append(l.item())
    (l * chunk / n_games).backward()
opt.step()
return sum(parts) / n_micro
''',
    "nb11-data-floor": '''
import math

seen_after = {}
for cur, nxt in zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()):
    seen_after.setdefault(cur, []).append(nxt)

positions = 0
acc = 0.0
for cur, lst in seen_after.items():
    positions += len(lst)
    for nxt in set(lst):
        times = lst.count(nxt)
        acc += times * -math.log(times / len(lst))
return acc / positions
''',
    "nb17-pad-to": '''
rows = []
for seq in seqs:
    # corto a T y relleno lo que falte
    rows.append(list(seq[:T]) + [pad_id] * (T - len(seq)))
return torch.tensor(rows, dtype=torch.long)
''',
    "nb17-packed-item": '''
begin = int(starts[i])
stop = min(len(stream), begin + block)
filler = torch.zeros(block - (stop - begin), dtype=torch.long)
x = torch.cat([stream[begin:stop].to(torch.long), filler])
y = torch.cat([x[1:], torch.zeros(1, dtype=torch.long)])
return x, y
''',
    "nb17-loss-per-game": '''
# cross_entropy acepta (B, V, T) con y (B, T)
per_pos = F.cross_entropy(logits.permute(0, 2, 1), y, reduction="none", ignore_index=0)
n_real = (y != 0).sum(1)
return per_pos.sum(1) / n_real
''',
    "nb18-attention-forward": '''
B, T, C = x.shape
qkv = self.qkv(x).reshape(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
q, k, v = qkv.unbind(0)
p_drop = 0.0
if self.training:
    p_drop = self.dropout
out = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=p_drop)

out = out.permute(0, 2, 1, 3).reshape(B, T, C)
return self.resid_drop(self.proj(out))
''',
    "nb18-block-forward": '''
x = x + self.attn(self.ln1(x))
# ahora el MLP
out = self.mlp(self.ln2(x))
return x + out
''',
    "nb18-decoder-forward": '''
pos = torch.arange(T, device=idx.device).unsqueeze(0).expand(B, T)
h = self.drop(self.positions(pos) + self.tokens(idx))

for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
if targets is not None:
    V = logits.shape[-1]
    return logits, F.cross_entropy(logits.reshape(B * T, V), targets.reshape(B * T), ignore_index=0)
return logits, None
''',
    "nb18-param-groups": '''
buckets = {False: [], True: []}
for _, w in model.named_parameters():
    buckets[w.dim() >= 2].append(w)

return [
    {"params": buckets[True], "weight_decay": weight_decay},
    {"params": buckets[False], "weight_decay": 0.0},
]
''',
    "nb18-lr-at": '''
if step < warmup:
    return lr * step / warmup
bottom = lr * min_lr_ratio
step = min(step, max_steps)
progress = (step - warmup) / (max_steps - warmup)
# medio coseno de 1 a 0
return bottom + 0.5 * (lr - bottom) * (1 + math.cos(math.pi * progress))
''',
}
