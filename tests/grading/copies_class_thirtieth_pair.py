"""Trigésima clase apartada: la pareja (florencio lo resuelve a su manera; gertrudis le copia y lo retoca)."""

# ----------------------------------------------------------------------------------------------
# florencio: lo resuelve a su manera (índices, bincount, listas rellenadas y cortadas).
# ----------------------------------------------------------------------------------------------
FLORENCIO = {
    "nb11-make-xy": '''\
n = (stream.shape[0] - 1) // T
idx = torch.arange(n * T).view(n, T)
return stream[idx], stream[idx + 1]
''',
    "nb11-accumulated-step": '''\
opt.zero_grad()
rows = x.shape[0] // n_micro
loss_sum = 0.0
for start in range(0, x.shape[0], rows):
    out = model(x[start : start + rows])
    loss = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[start : start + rows].reshape(-1), reduction="sum")
    (loss / y.numel()).backward()
    loss_sum += loss.item()
opt.step()
return loss_sum / y.numel()
''',
    "nb11-data-floor": '''\
a = x.reshape(-1)
b = y.reshape(-1)
size = int(torch.cat([a, b]).max()) + 1
code = a * size + b
pair_count = torch.bincount(code)[code].double()
cur_count = torch.bincount(a)[a].double()
return -torch.log(pair_count / cur_count).mean().item()
''',
    "nb17-pad-to": '''\
return torch.tensor([(list(seq) + [pad_id] * T)[:T] for seq in seqs], dtype=torch.long)
''',
    "nb17-packed-item": '''\
s = int(starts[i])
pos = torch.arange(s, s + block + 1)
inside = pos < len(stream)
vals = torch.where(inside, stream.long()[pos.clamp(max=len(stream) - 1)], torch.zeros_like(pos))
x = vals[:-1].clone()
y = vals[1:].clone()
y[-1] = 0
return x, y
''',
    "nb17-loss-per-game": '''\
per_pos = F.cross_entropy(logits.permute(0, 2, 1), y, reduction="none")
keep = (y != 0).to(per_pos.dtype)
return (per_pos * keep).sum(dim=-1) / keep.sum(dim=-1)
''',
    "nb18-attention-forward": '''\
B, T, C = x.shape
H, D = self.n_head, self.head_dim
qkv = self.qkv(x).reshape(B, T, 3, H, D)
q = qkv[:, :, 0].transpose(1, 2)
k = qkv[:, :, 1].transpose(1, 2)
v = qkv[:, :, 2].transpose(1, 2)
p = self.dropout if self.training else 0.0
att = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
return self.resid_drop(self.proj(att.transpose(1, 2).reshape(B, T, C)))
''',
    "nb18-block-forward": '''\
res = x
res = res + self.attn(self.ln1(res))
res = res + self.mlp(self.ln2(res))
return res
''',
    "nb18-decoder-forward": '''\
where = torch.arange(T, device=idx.device).unsqueeze(0)
h = self.tokens(idx) + self.positions(where)
h = self.drop(h)
for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    V = logits.size(-1)
    loss = F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''\
big, small = [], []
seen = set()
for _, p in model.named_parameters():
    if id(p) in seen:
        continue
    seen.add(id(p))
    (big if p.ndim > 1 else small).append(p)
return [{"params": big, "weight_decay": weight_decay}, {"params": small, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''\
if step >= max_steps:
    return float(lr * min_lr_ratio)
if step < warmup:
    return float(step * lr / warmup)
floor = lr * min_lr_ratio
t = (step - warmup) / (max_steps - warmup)
return float(floor + (lr - floor) * (1 + math.cos(math.pi * t)) / 2)
''',
}

# ----------------------------------------------------------------------------------------------
# gertrudis: copia a florencio y lo retoca a mano para que no se note (nombres, comentarios,
# líneas en blanco, alguna sentencia independiente en otro orden, expresiones equivalentes).
# ----------------------------------------------------------------------------------------------
GERTRUDIS = {
    "nb11-make-xy": '''\
# cuántas ventanas completas caben en el flujo
count = (len(stream) - 1) // T

positions = torch.arange(count * T).reshape(count, T)
return stream[positions], stream[1 + positions]
''',
    "nb11-accumulated-step": '''\
step_rows = x.shape[0] // n_micro
total = 0.0
opt.zero_grad()

# recorro el lote trozo a trozo
for first in range(0, x.shape[0], step_rows):
    pred = model(x[first : first + step_rows])
    summed = F.cross_entropy(pred.reshape(-1, pred.shape[-1]), y[first : first + step_rows].reshape(-1), reduction="sum")
    total += summed.item()
    (summed / y.numel()).backward()

opt.step()
return total / y.numel()
''',
    "nb11-data-floor": '''\
cur = x.reshape(-1)
nxt = y.reshape(-1)

# un número distinto por cada pareja (actual, siguiente)
width = 1 + int(torch.cat([cur, nxt]).max())
key = width * cur + nxt

times_cur = torch.bincount(cur)[cur].double()
times_pair = torch.bincount(key)[key].double()
return -(times_pair / times_cur).log().mean().item()
''',
    "nb17-pad-to": '''\
# relleno de más y luego corto a T
rows = [(list(s) + T * [pad_id])[:T] for s in seqs]
return torch.tensor(rows, dtype=torch.int64)
''',
    "nb17-packed-item": '''\
first = int(starts[i])
index = torch.arange(first, first + block + 1)

# fuera del flujo va <pad>
valid = index < len(stream)
window = torch.where(valid, stream.long()[index.clamp(max=len(stream) - 1)], torch.zeros_like(index))

y = window[1:].clone()
x = window[:-1].clone()
y[-1] = 0
return x, y
''',
    "nb17-loss-per-game": '''\
mask = (y != 0).to(logits.dtype)
each = F.cross_entropy(logits.transpose(1, 2), y, reduction="none")

return (each * mask).sum(dim=-1) / mask.sum(dim=-1)
''',
    "nb18-attention-forward": '''\
B, T, C = x.shape
fused = self.qkv(x).reshape(B, T, 3, self.n_head, self.head_dim)

# cada una con las cabezas delante: (B, H, T, D)
query = fused[:, :, 0].transpose(1, 2)
key = fused[:, :, 1].transpose(1, 2)
value = fused[:, :, 2].transpose(1, 2)

drop_p = 0.0 if not self.training else self.dropout
mixed = F.scaled_dot_product_attention(query, key, value, dropout_p=drop_p, is_causal=True)
return self.resid_drop(self.proj(mixed.transpose(1, 2).reshape(B, T, C)))
''',
    "nb18-block-forward": '''\
out = x

out = self.attn(self.ln1(out)) + out
out = self.mlp(self.ln2(out)) + out
return out
''',
    "nb18-decoder-forward": '''\
positions = torch.arange(T, device=idx.device).unsqueeze(0)
hidden = self.drop(self.tokens(idx) + self.positions(positions))

for blk in self.blocks:
    hidden = blk(hidden)

logits = self.lm_head(self.ln_f(hidden))
if targets is None:
    return logits, None
n_tokens = logits.size(-1)
loss = F.cross_entropy(logits.reshape(-1, n_tokens), targets.reshape(-1), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''\
matrices, vectors = [], []
done = set()
# el peso atado sale dos veces: solo lo cuento una
for _, param in model.named_parameters():
    if id(param) in done:
        continue
    done.add(id(param))
    (matrices if param.dim() >= 2 else vectors).append(param)
return [{"params": matrices, "weight_decay": weight_decay}, {"params": vectors, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''\
bottom = lr * min_lr_ratio
if step < warmup:
    return float(lr * step / warmup)
if step >= max_steps:
    return float(bottom)

frac = (step - warmup) / (max_steps - warmup)
return float(bottom + 0.5 * (lr - bottom) * (1 + math.cos(frac * math.pi)))
''',
}
