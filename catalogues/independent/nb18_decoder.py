"""Trece soluciones independientes de 18-decoder (ver ``catalogues/independent``)."""

SETS = [
    {  # 1
        "nb18-attention-forward": """
B, T, C = x.shape
qkv = self.qkv(x)
q, k, v = qkv.chunk(3, dim=-1)
q = q.reshape(B, T, self.n_head, self.head_dim).permute(0, 2, 1, 3)
k = k.reshape(B, T, self.n_head, self.head_dim).permute(0, 2, 1, 3)
v = v.reshape(B, T, self.n_head, self.head_dim).permute(0, 2, 1, 3)
p = self.dropout if self.training else 0.0
y = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=p)
y = y.permute(0, 2, 1, 3).reshape(B, T, C)
return self.resid_drop(self.proj(y))
""",
        "nb18-block-forward": """
h = self.ln1(x)
x = x + self.attn(h)
h = self.ln2(x)
x = x + self.mlp(h)
return x
""",
        "nb18-decoder-forward": """
pos = torch.arange(0, T, dtype=torch.long, device=idx.device)
h = self.tokens(idx) + self.positions(pos)
h = self.drop(h)
for layer in self.blocks:
    h = layer(h)
h = self.ln_f(h)
logits = self.lm_head(h)
if targets is None:
    return logits, None
V = logits.size(-1)
return logits, F.cross_entropy(logits.view(B * T, V), targets.reshape(B * T), ignore_index=0)
""",
        "nb18-param-groups": """
with_decay, without_decay = [], []
for p in model.parameters():
    if p.ndim >= 2:
        with_decay.append(p)
    else:
        without_decay.append(p)
return [dict(params=with_decay, weight_decay=weight_decay), dict(params=without_decay, weight_decay=0.0)]
""",
        "nb18-lr-at": """
if step < warmup:
    return lr * step / warmup
if step >= max_steps:
    return lr * min_lr_ratio
ratio = (step - warmup) / (max_steps - warmup)
coef = 0.5 * (1.0 + math.cos(math.pi * ratio))
low = min_lr_ratio * lr
return low + coef * (lr - low)
""",
    },
    {  # 2
        "nb18-attention-forward": """
batch, steps, width = x.size()
heads = self.n_head
query, key, value = self.qkv(x).split(width, dim=-1)
def split_heads(t):
    return t.view(batch, steps, heads, width // heads).transpose(1, 2)
att = F.scaled_dot_product_attention(split_heads(query), split_heads(key), split_heads(value),
                                     dropout_p=self.dropout if self.training else 0, is_causal=True)
merged = att.transpose(1, 2).reshape(batch, steps, width)
return self.resid_drop(self.proj(merged))
""",
        "nb18-block-forward": """
attended = x + self.attn(self.ln1(x))
out = attended + self.mlp(self.ln2(attended))
return out
""",
        "nb18-decoder-forward": """
steps = torch.arange(T, device=idx.device).unsqueeze(0)
hidden = self.tokens(idx) + self.positions(steps)
hidden = self.drop(hidden)
for blk in self.blocks:
    hidden = blk(hidden)
out = self.lm_head(self.ln_f(hidden))
if targets is not None:
    l = F.cross_entropy(out.flatten(0, 1), targets.flatten(), ignore_index=0)
else:
    l = None
return out, l
""",
        "nb18-param-groups": """
params = list(model.parameters())
matrices = [t for t in params if len(t.shape) > 1]
vectors = [t for t in params if len(t.shape) <= 1]
return [
    {"params": matrices, "weight_decay": weight_decay},
    {"params": vectors, "weight_decay": 0.0},
]
""",
        "nb18-lr-at": """
lowest = lr * min_lr_ratio
if step < warmup:
    return step / warmup * lr
done = (step - warmup) / (max_steps - warmup)
done = max(0.0, min(1.0, done))
return lowest + (lr - lowest) * (math.cos(done * math.pi) + 1) / 2
""",
    },
    {  # 3
        "nb18-attention-forward": """
n, t, c = x.shape
parts = self.qkv(x).view(n, t, 3, self.n_head, self.head_dim)
q = parts[:, :, 0].transpose(1, 2)
k = parts[:, :, 1].transpose(1, 2)
v = parts[:, :, 2].transpose(1, 2)
drop = self.dropout if self.training else 0.0
o = F.scaled_dot_product_attention(q, k, v, dropout_p=drop, is_causal=True)
o = o.transpose(1, 2).contiguous().view(n, t, c)
o = self.proj(o)
return self.resid_drop(o)
""",
        "nb18-block-forward": """
residual = x
x = residual + self.attn(self.ln1(residual))
residual = x
return residual + self.mlp(self.ln2(residual))
""",
        "nb18-decoder-forward": """
tok = self.tokens(idx)
pos = self.positions(torch.arange(T, device=idx.device))
z = self.drop(tok + pos)
for b in self.blocks:
    z = b(z)
logits = self.lm_head(self.ln_f(z))
if targets is None:
    loss = None
else:
    loss = F.cross_entropy(logits.transpose(1, 2), targets, ignore_index=0)
return logits, loss
""",
        "nb18-param-groups": """
big = []
small = []
for name, param in model.named_parameters():
    (big if param.dim() >= 2 else small).append(param)
return [{"params": big, "weight_decay": weight_decay}, {"params": small, "weight_decay": 0.0}]
""",
        "nb18-lr-at": """
min_lr = min_lr_ratio * lr
if step < warmup:
    return lr * (step / warmup)
if step > max_steps:
    return min_lr
frac = (step - warmup) / (max_steps - warmup)
cosine = math.cos(math.pi * frac)
return min_lr + (lr - min_lr) * 0.5 * (1 + cosine)
""",
    },
    {  # 4
        "nb18-attention-forward": """
B, T, d = x.shape
H, D = self.n_head, self.head_dim
fused = self.qkv(x)
q, k, v = torch.split(fused, d, dim=2)
q = q.view(B, T, H, D).transpose(1, 2)
k = k.view(B, T, H, D).transpose(1, 2)
v = v.view(B, T, H, D).transpose(1, 2)
if self.training:
    att = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout, is_causal=True)
else:
    att = F.scaled_dot_product_attention(q, k, v, is_causal=True)
return self.resid_drop(self.proj(att.transpose(1, 2).reshape(B, T, d)))
""",
        "nb18-block-forward": """
a = self.attn(self.ln1(x))
x = a + x
m = self.mlp(self.ln2(x))
return m + x
""",
        "nb18-decoder-forward": """
positions = torch.arange(T, device=idx.device).expand(B, T)
act = self.tokens(idx) + self.positions(positions)
act = self.drop(act)
for i in range(len(self.blocks)):
    act = self.blocks[i](act)
logits = self.lm_head(self.ln_f(act))
loss = None
if targets is not None:
    mask = targets.reshape(-1) != 0
    flat = logits.reshape(-1, logits.shape[-1])
    loss = F.cross_entropy(flat[mask], targets.reshape(-1)[mask])
return logits, loss
""",
        "nb18-param-groups": """
groups = {True: [], False: []}
for w in model.parameters():
    groups[w.dim() >= 2].append(w)
return [{"params": groups[True], "weight_decay": weight_decay},
        {"params": groups[False], "weight_decay": 0.0}]
""",
        "nb18-lr-at": """
if step < warmup:
    return lr * step / max(1, warmup)
t = min(step - warmup, max_steps - warmup) / (max_steps - warmup)
top, bottom = lr, lr * min_lr_ratio
return bottom + (top - bottom) * 0.5 * (1.0 + math.cos(math.pi * t))
""",
    },
    {  # 5
        "nb18-attention-forward": """
b, t, e = x.shape
qkv = self.qkv(x).reshape(b, t, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
q, k, v = qkv[0], qkv[1], qkv[2]
rate = self.dropout if self.training else 0.0
ctx = F.scaled_dot_product_attention(q, k, v, None, rate, True)
ctx = ctx.permute(0, 2, 1, 3).flatten(2)
return self.resid_drop(self.proj(ctx))
""",
        "nb18-block-forward": """
x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
        "nb18-decoder-forward": """
p = torch.arange(T, device=idx.device)
e = self.drop(self.tokens(idx) + self.positions(p)[None, :, :])
for blk in self.blocks:
    e = blk(e)
e = self.ln_f(e)
scores = self.lm_head(e)
if targets is None:
    return scores, None
loss = F.cross_entropy(scores.reshape(B * T, -1), targets.reshape(B * T), ignore_index=0)
return scores, loss
""",
        "nb18-param-groups": """
two_d = list(filter(lambda p: p.dim() >= 2, model.parameters()))
rest = list(filter(lambda p: p.dim() < 2, model.parameters()))
first = {"params": two_d, "weight_decay": weight_decay}
second = {"params": rest, "weight_decay": 0.0}
return [first, second]
""",
        "nb18-lr-at": """
if step < warmup:
    return step * lr / warmup
elapsed = step - warmup
span = max_steps - warmup
progress = 1.0 if elapsed >= span else elapsed / span
floor_lr = lr * min_lr_ratio
cos_part = (1 + math.cos(progress * math.pi)) / 2
return floor_lr + cos_part * (lr - floor_lr)
""",
    },
    {  # 6: lo natural, casi como la solución
        "nb18-attention-forward": """
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=2)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(out))
""",
        "nb18-block-forward": """
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        "nb18-decoder-forward": """
pos = torch.arange(T, device=idx.device)
x = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    x = block(x)
logits = self.lm_head(self.ln_f(x))
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
        "nb18-param-groups": """
decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        "nb18-lr-at": """
min_lr = lr * min_lr_ratio
if step < warmup:
    return lr * step / warmup
progress = min((step - warmup) / (max_steps - warmup), 1.0)
return min_lr + 0.5 * (lr - min_lr) * (1 + math.cos(math.pi * progress))
""",
    },
    {  # 7: unflatten, unbind y reduce (ya programaba)
        "nb18-attention-forward": """
q, k, v = self.qkv(x).unflatten(-1, (3, self.n_head, self.head_dim)).unbind(dim=2)
q, k, v = [t.transpose(1, 2) for t in (q, k, v)]
# self.training es un bool: por él, la probabilidad o 0.0
heads = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout * self.training, is_causal=True)
joined = heads.transpose(1, 2).flatten(start_dim=2)
return self.resid_drop(self.proj(joined))
""",
        "nb18-block-forward": """
h = x + self.attn(self.ln1(x))
h = h + self.mlp(self.ln2(h))
return h
""",
        "nb18-decoder-forward": """
from functools import reduce
emb = self.tokens(idx) + self.positions(torch.arange(T, device=idx.device))
h = reduce(lambda acc, blk: blk(acc), self.blocks, self.drop(emb))
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
return logits, F.cross_entropy(logits.permute(0, 2, 1), targets, ignore_index=0)
""",
        "nb18-param-groups": """
matrices, others = [], []
for _, p in model.named_parameters():
    if p.ndim > 1:
        matrices.append(p)
    else:
        others.append(p)
groups = [{"params": matrices, "weight_decay": weight_decay}]
groups.append({"params": others, "weight_decay": 0.0})
return groups
""",
        "nb18-lr-at": """
if step < warmup:
    return float(step) / warmup * lr
if step > max_steps:
    step = max_steps
p = (step - warmup) / (max_steps - warmup)
s = lr * min_lr_ratio
return s + 0.5 * (lr - s) * (1 + math.cos(math.pi * p))
""",
    },
    {  # 8: todo con nombre, un paso por línea
        "nb18-attention-forward": """
batch_size, seq_len, width = x.shape
heads = self.n_head
size = self.head_dim
projected = self.qkv(x)
queries = projected[:, :, :width]
keys = projected[:, :, width:2 * width]
values = projected[:, :, 2 * width:]
queries = queries.reshape(batch_size, seq_len, heads, size).permute(0, 2, 1, 3)
keys = keys.reshape(batch_size, seq_len, heads, size).permute(0, 2, 1, 3)
values = values.reshape(batch_size, seq_len, heads, size).permute(0, 2, 1, 3)
if self.training:
    drop_p = self.dropout
else:
    drop_p = 0.0
mixed = F.scaled_dot_product_attention(queries, keys, values, is_causal=True, dropout_p=drop_p)
mixed = mixed.permute(0, 2, 1, 3).reshape(batch_size, seq_len, width)
out = self.proj(mixed)
out = self.resid_drop(out)
return out
""",
        "nb18-block-forward": """
after_attention = x + self.attn(self.ln1(x))
after_mlp = after_attention + self.mlp(self.ln2(after_attention))
return after_mlp
""",
        "nb18-decoder-forward": """
token_vectors = self.tokens(idx)
position_ids = torch.arange(0, T, device=idx.device)
position_vectors = self.positions(position_ids)
hidden = token_vectors + position_vectors
hidden = self.drop(hidden)
for i, block in enumerate(self.blocks):
    hidden = block(hidden)
hidden = self.ln_f(hidden)
logits = self.lm_head(hidden)
if targets is None:
    return logits, None
vocab_size = logits.shape[-1]
per_token = F.cross_entropy(logits.reshape(B * T, vocab_size), targets.reshape(B * T), reduction="none")
mask = (targets.reshape(B * T) != 0).float()
loss = (per_token * mask).sum() / mask.sum()
return logits, loss
""",
        "nb18-param-groups": """
from itertools import filterfalse, tee
a, b = tee(model.parameters())
is_matrix = lambda p: p.dim() >= 2
return [{"params": list(filter(is_matrix, a)), "weight_decay": weight_decay},
        {"params": list(filterfalse(is_matrix, b)), "weight_decay": 0.0}]
""",
        "nb18-lr-at": """
floor = lr * min_lr_ratio
warm = step / warmup
if warm < 1:
    return lr * warm
p = max(0.0, min(1.0, (step - warmup) / (max_steps - warmup)))
return floor + (lr - floor) * (1 + math.cos(math.pi * p)) / 2
""",
    },
    {  # 9: chunk, map y la tabla de posiciones leída sin llamarla
        "nb18-attention-forward": """
B, T, C = x.size()
H = self.n_head
to_heads = lambda t: t.reshape(B, T, H, C // H).swapaxes(1, 2)
q, k, v = map(to_heads, torch.chunk(self.qkv(x), 3, dim=-1))
att = F.scaled_dot_product_attention(q, k, v, is_causal=True,
                                     dropout_p=self.dropout if self.training else 0.0)
att = att.swapaxes(1, 2).reshape(B, T, C)
return self.resid_drop(self.proj(att))
""",
        "nb18-block-forward": """
normed = self.ln1(x)
x = x + self.attn(normed)
normed = self.ln2(x)
x = x + self.mlp(normed)
return x
""",
        "nb18-decoder-forward": """
x = self.tokens(idx) + self.positions.weight[:T]
x = self.drop(x)
for layer in self.blocks:
    x = layer(x)
x = self.ln_f(x)
logits = self.lm_head(x)
loss = None if targets is None else F.cross_entropy(logits.flatten(end_dim=1), targets.flatten(), ignore_index=PAD_ID)
return logits, loss
""",
        "nb18-param-groups": """
group_decay = {"weight_decay": weight_decay, "params": []}
group_plain = {"weight_decay": 0.0, "params": []}
for param in model.parameters():
    if len(param.shape) >= 2:
        group_decay["params"].append(param)
    else:
        group_plain["params"].append(param)
return [group_decay, group_plain]
""",
        "nb18-lr-at": """
if step < warmup:
    slope = lr / warmup
    return slope * step
decay_steps = max_steps - warmup
steps_done = step - warmup
if steps_done > decay_steps:
    steps_done = decay_steps
fraction = steps_done / decay_steps
cosine = math.cos(math.pi * fraction)
smallest = lr * min_lr_ratio
return smallest + (lr - smallest) * (1 + cosine) * 0.5
""",
    },
    {  # 10: un bucle sobre las dos subcapas y la máscara del relleno a mano
        "nb18-attention-forward": """
n_batch, n_pos, dim = x.shape
h = self.qkv(x).view(n_batch, n_pos, 3 * self.n_head, self.head_dim).transpose(1, 2)
q, k, v = h.split(self.n_head, dim=1)
prob = 0.0
if self.training:
    prob = self.dropout
o = F.scaled_dot_product_attention(q, k, v, dropout_p=prob, is_causal=True)
o = o.transpose(1, 2).reshape(n_batch, n_pos, dim)
return self.resid_drop(self.proj(o))
""",
        "nb18-block-forward": """
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
        "nb18-decoder-forward": """
seq = torch.arange(T, device=idx.device).unsqueeze(0).expand(B, -1)
out = self.tokens(idx)
out = out + self.positions(seq)
out = self.drop(out)
for block in self.blocks:
    out = block(out)
logits = self.lm_head(self.ln_f(out))
if targets is not None:
    keep = targets != 0
    loss = F.cross_entropy(logits[keep], targets[keep])
else:
    loss = None
return logits, loss
""",
        "nb18-param-groups": """
seen = set()
big, small = [], []
for name, p in model.named_parameters():
    if id(p) in seen:
        continue
    seen.add(id(p))
    target = big if p.dim() >= 2 else small
    target.append(p)
return [dict(params=big, weight_decay=weight_decay), dict(params=small, weight_decay=0.0)]
""",
        "nb18-lr-at": """
if step < warmup:
    return lr * step / warmup
progress = min(1.0, (step - warmup) / (max_steps - warmup))
factor = min_lr_ratio + (1 - min_lr_ratio) * 0.5 * (1.0 + math.cos(math.pi * progress))
return lr * factor
""",
    },
    {  # 11: al pie de la letra; view con head_dim, comprensiones para los grupos, lr con tope en max_steps
        "nb18-attention-forward": """\
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=2)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(out))
""",
        "nb18-block-forward": """\
x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
        "nb18-decoder-forward": """\
pos = torch.arange(T, device=idx.device)
x = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    x = block(x)
logits = self.lm_head(self.ln_f(x))
if targets is None:
    loss = None
else:
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=PAD_ID)
return logits, loss
""",
        "nb18-param-groups": """\
decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        "nb18-lr-at": """\
if step < warmup:
    return lr * step / warmup
if step > max_steps:
    step = max_steps
p = (step - warmup) / (max_steps - warmup)
s = lr * min_lr_ratio
return s + 0.5 * (lr - s) * (1 + math.cos(math.pi * p))
""",
    },
    {  # 12: al pie de la letra; reshape en un generador, bucle if/else para los grupos, suelo pasado max_steps
        "nb18-attention-forward": """\
B, T, d = x.shape
H, D = self.n_head, self.head_dim
q, k, v = (t.reshape(B, T, H, D).transpose(1, 2) for t in self.qkv(x).split(d, dim=-1))
y = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
y = y.transpose(1, 2).reshape(B, T, d)
y = self.proj(y)
return self.resid_drop(y)
""",
        "nb18-block-forward": """\
h = x + self.attn(self.ln1(x))
return h + self.mlp(self.ln2(h))
""",
        "nb18-decoder-forward": """\
positions = torch.arange(0, T, device=idx.device)
h = self.tokens(idx) + self.positions(positions)
h = self.drop(h)
for block in self.blocks:
    h = block(h)
h = self.ln_f(h)
logits = self.lm_head(h)
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.reshape(B * T, -1), targets.reshape(B * T), ignore_index=0)
return logits, loss
""",
        "nb18-param-groups": """\
decay, rest = [], []
for p in model.parameters():
    if p.dim() >= 2:
        decay.append(p)
    else:
        rest.append(p)
return [{"params": decay, "weight_decay": weight_decay}, {"params": rest, "weight_decay": 0.0}]
""",
        "nb18-lr-at": """\
floor = lr * min_lr_ratio
if step < warmup:
    return step / warmup * lr
if step >= max_steps:
    return floor
p = (step - warmup) / (max_steps - warmup)
return floor + (lr - floor) * (1 + math.cos(math.pi * p)) / 2
""",
    },
    {  # 13: al pie de la letra; view(B, T, H, -1), named_parameters y len(shape), min(p, 1.0) en el coseno
        "nb18-attention-forward": """\
B, T, d = x.shape
qkv = self.qkv(x)
q, k, v = qkv.split(d, dim=2)
q = q.view(B, T, self.n_head, -1).transpose(1, 2)
k = k.view(B, T, self.n_head, -1).transpose(1, 2)
v = v.view(B, T, self.n_head, -1).transpose(1, 2)
drop = self.dropout if self.training else 0.0
heads = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=drop)
merged = heads.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(merged))
""",
        "nb18-block-forward": """\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        "nb18-decoder-forward": """\
tok = self.tokens(idx)
pos = self.positions(torch.arange(T, device=idx.device))
x = self.drop(tok + pos)
for block in self.blocks:
    x = block(x)
x = self.ln_f(x)
logits = self.lm_head(x)
if targets is None:
    return logits, None
V = logits.shape[-1]
loss = F.cross_entropy(logits.view(B * T, V), targets.reshape(B * T), ignore_index=PAD_ID)
return logits, loss
""",
        "nb18-param-groups": """\
matrices = []
others = []
for name, p in model.named_parameters():
    if len(p.shape) >= 2:
        matrices.append(p)
    else:
        others.append(p)
groups = [{"params": matrices, "weight_decay": weight_decay}, {"params": others, "weight_decay": 0.0}]
return groups
""",
        "nb18-lr-at": """\
s = lr * min_lr_ratio
if step < warmup:
    return lr * (step / warmup)
p = min((step - warmup) / (max_steps - warmup), 1.0)
return s + 0.5 * (lr - s) * (1 + math.cos(math.pi * p))
""",
    },
]
