"""La pareja de la decimosexta clase apartada: nerea lo resuelve a su manera y jonas le copia y lo disfraza a mano."""

NEREA = {
    "nb11-make-xy": '''
L = stream.shape[0]
N = (L - 1) // T if L > 0 else 0
idx = torch.arange(N * T).view(N, T)
return stream[idx], stream[idx + 1]
''',
    "nb11-accumulated-step": '''
size = len(x) // n_micro
for p in model.parameters():
    p.grad = None
whole = 0.0
for start in range(0, len(x), size):
    out = model(x[start:start + size])
    part = F.cross_entropy(out.reshape(-1, out.size(-1)), y[start:start + size].reshape(-1))
    (part / n_micro).backward()
    whole += part.item() / n_micro
opt.step()
return whole
''',
    "nb11-data-floor": '''
a = x.reshape(-1)
b = y.reshape(-1)
M = int(max(a.max().item(), b.max().item())) + 1
codes = a * M + b
uniq_pairs, pair_count = torch.unique(codes, return_counts=True)
uniq_a, a_count = torch.unique(a, return_counts=True)
count_of_a = dict(zip(uniq_a.tolist(), a_count.tolist()))
s = 0.0
for code, c in zip(uniq_pairs.tolist(), pair_count.tolist()):
    s += c * math.log(c / count_of_a[code // M])
return -s / len(a)
''',
    "nb17-pad-to": '''
out = torch.zeros(len(seqs), T, dtype=torch.long) + pad_id
for row, s in enumerate(seqs):
    n = min(len(s), T)
    if n > 0:
        out[row, :n] = torch.tensor(s[:n])
return out
''',
    "nb17-packed-item": '''
s = int(starts[i])
end = min(s + block, len(stream))
x = torch.zeros(block, dtype=torch.long)
x[: end - s] = stream[s:end]
y = torch.cat([x[1:], torch.tensor([0])])
return x, y
''',
    "nb17-loss-per-game": '''
V = logits.size(-1)
ce = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none", ignore_index=0)
ce = ce.view(y.shape)
n_real = (y > 0).sum(dim=1)
return ce.sum(dim=1) / n_real
''',
    "nb18-attention-forward": '''
B, T, d = x.shape
H, D = self.n_head, self.head_dim
qkv = self.qkv(x).view(B, T, 3, H, D)
q = qkv[:, :, 0].transpose(1, 2)
k = qkv[:, :, 1].transpose(1, 2)
v = qkv[:, :, 2].transpose(1, 2)
drop = 0.0
if self.training:
    drop = self.dropout
att = F.scaled_dot_product_attention(q, k, v, dropout_p=drop, is_causal=True)
att = att.transpose(1, 2).reshape(B, T, d)
return self.resid_drop(self.proj(att))
''',
    "nb18-block-forward": '''
a = self.attn(self.ln1(x))
x = x + a
m = self.mlp(self.ln2(x))
return x + m
''',
    "nb18-decoder-forward": '''
positions = self.positions(torch.arange(T, device=idx.device))
out = self.drop(self.tokens(idx) + positions)
for layer in self.blocks:
    out = layer(out)
out = self.ln_f(out)
logits = self.lm_head(out)
if targets is None:
    loss = None
else:
    V = logits.size(-1)
    keep = targets.reshape(-1) != 0
    loss = F.cross_entropy(logits.reshape(-1, V)[keep], targets.reshape(-1)[keep])
return logits, loss
''',
    "nb18-param-groups": '''
matrices, others = [], []
for p in model.parameters():
    if p.dim() >= 2:
        matrices.append(p)
    else:
        others.append(p)
return [
    {"params": matrices, "weight_decay": weight_decay},
    {"params": others, "weight_decay": 0.0},
]
''',
    "nb18-lr-at": '''
low = lr * min_lr_ratio
if step < warmup:
    return step / warmup * lr
if step > max_steps:
    return low
p = (step - warmup) / (max_steps - warmup)
cos = math.cos(math.pi * p)
return low + (lr - low) * (1 + cos) / 2
''',
}

JONAS = {
    "nb11-make-xy": '''
# número de ventanas completas
length = stream.shape[0]
n_win = 0 if length == 0 else (length - 1) // T

positions = torch.arange(n_win * T).reshape(n_win, T)
return stream[positions], stream[1 + positions]
''',
    "nb11-accumulated-step": '''
whole_loss = 0.0
# borro los gradientes que hubiera
for param in model.parameters():
    param.grad = None
chunk = x.shape[0] // n_micro

for first in range(0, x.shape[0], chunk):
    logits = model(x[first:first + chunk])
    piece = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y[first:first + chunk].reshape(-1))
    (piece / n_micro).backward()

    whole_loss = whole_loss + piece.item() / n_micro
opt.step()
return whole_loss
''',
    "nb11-data-floor": '''
cur = x.reshape(-1)
nxt = y.reshape(-1)
base = 1 + int(max(cur.max().item(), nxt.max().item()))

# cada pareja (a, b) como un solo número
uniq_cur, cur_count = torch.unique(cur, return_counts=True)
pairs, pairs_count = torch.unique(cur * base + nxt, return_counts=True)
times_cur = dict(zip(uniq_cur.tolist(), cur_count.tolist()))

acc = 0.0
for pair, n in zip(pairs.tolist(), pairs_count.tolist()):
    acc = acc + n * math.log(n / times_cur[pair // base])
return -acc / len(cur)
''',
    "nb17-pad-to": '''
batch = pad_id + torch.zeros(len(seqs), T, dtype=torch.long)
for i, seq in enumerate(seqs):
    k = min(T, len(seq))
    if k > 0:
        batch[i, :k] = torch.tensor(seq[:k])   # lo que cabe
return batch
''',
    "nb17-packed-item": '''
begin = int(starts[i])
stop = min(len(stream), begin + block)

x = torch.zeros(block, dtype=torch.long)
x[: stop - begin] = stream[begin:stop]
# y es x desplazado y un <pad> al final
y = torch.cat([x[1:], torch.tensor([0])])
return x, y
''',
    "nb17-loss-per-game": '''
vocab = logits.size(-1)
# pérdida de cada posición; las de <pad> salen 0
per_pos = F.cross_entropy(logits.reshape(-1, vocab), y.reshape(-1), ignore_index=0, reduction="none").view(y.shape)
counted = (y > 0).sum(dim=1)

return per_pos.sum(dim=1) / counted
''',
    "nb18-attention-forward": '''
B, T, d = x.shape
n_h, h_d = self.n_head, self.head_dim
p = 0.0
if self.training:
    p = self.dropout
both = self.qkv(x).view(B, T, 3, n_h, h_d)
queries = both[:, :, 0].transpose(1, 2)
keys = both[:, :, 1].transpose(1, 2)
values = both[:, :, 2].transpose(1, 2)

res = F.scaled_dot_product_attention(queries, keys, values, dropout_p=p, is_causal=True)
res = res.transpose(1, 2).reshape(B, T, d)
return self.resid_drop(self.proj(res))
''',
    "nb18-block-forward": '''
x = x + self.attn(self.ln1(x))   # primera suma
out = self.mlp(self.ln2(x))
return out + x
''',
    "nb18-decoder-forward": '''
emb = self.tokens(idx) + self.positions(torch.arange(T, device=idx.device))
h = self.drop(emb)
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))

loss = None
if targets is not None:
    V = logits.size(-1)
    # fuera los <pad>
    ok = targets.reshape(-1) != 0
    loss = F.cross_entropy(logits.reshape(-1, V)[ok], targets.reshape(-1)[ok])
return logits, loss
''',
    "nb18-param-groups": '''
with_decay = []
no_decay = []
for param in model.parameters():
    if param.dim() < 2:
        no_decay.append(param)
    else:
        with_decay.append(param)
return [{"params": with_decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''
floor = min_lr_ratio * lr
if step < warmup:
    return lr * step / warmup
if step > max_steps:
    return floor
frac = (step - warmup) / (max_steps - warmup)
return floor + (lr - floor) * (1 + math.cos(frac * math.pi)) / 2
''',
}
