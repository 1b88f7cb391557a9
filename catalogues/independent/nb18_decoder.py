"""Cinco soluciones independientes de 18-decoder (ver ``catalogues/independent``)."""

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
return logits, F.cross_entropy(logits.reshape(B * T, V), targets.reshape(B * T), ignore_index=0)
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
]
