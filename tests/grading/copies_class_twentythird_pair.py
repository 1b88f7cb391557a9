"""La pareja: Eloy lo resuelve a su manera; Filomena le copia y lo retoca a mano para que no se note.
Escrito a ciegas: Eloy sin mirar la solución publicada; Filomena, a partir del código de Eloy."""

ELOY = {
    "nb11-make-xy": '''
n_windows = (len(stream) - 1) // T
idx = torch.arange(n_windows * T).view(n_windows, T)
return stream[idx], stream[idx + 1]
''',
    "nb11-accumulated-step": '''
opt.zero_grad()
loss_sum = 0.0
for xm, ym in zip(torch.split(x, x.shape[0] // n_micro), torch.split(y, y.shape[0] // n_micro)):
    out = model(xm)
    l = F.cross_entropy(out.view(-1, out.shape[-1]), ym.reshape(-1))
    (l / n_micro).backward()
    loss_sum += l.item()
opt.step()
return loss_sum / n_micro
''',
    "nb11-data-floor": '''
from collections import defaultdict

pairs = defaultdict(int)
firsts = defaultdict(int)
for a, b in zip(x.flatten().tolist(), y.flatten().tolist()):
    pairs[a, b] += 1
    firsts[a] += 1
n = sum(firsts.values())
return -sum(c * math.log(c / firsts[a]) for (a, b), c in pairs.items()) / n
''',
    "nb17-pad-to": '''
batch = torch.zeros(len(seqs), T, dtype=torch.long) + pad_id
for row, ids in zip(batch, seqs):
    n = min(len(ids), T)
    row[:n] = torch.tensor(ids[:n])
return batch
''',
    "nb17-packed-item": '''
s = starts[i].item()
end = min(s + block, stream.shape[0])
real = stream[s:end].to(torch.int64)
missing = block - real.shape[0]
x = torch.cat([real, torch.zeros(missing, dtype=torch.int64)])
y = torch.cat([x[1:], torch.tensor([0])])
return x, y
''',
    "nb17-loss-per-game": '''
per_pos = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")
counts = (y > 0).sum(dim=1)
return per_pos.sum(dim=1) / counts
''',
    "nb18-attention-forward": '''
B, T, C = x.shape
qkv = self.qkv(x).reshape(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
q, k, v = qkv[0], qkv[1], qkv[2]
drop_p = 0.0
if self.training:
    drop_p = self.dropout
att = F.scaled_dot_product_attention(q, k, v, attn_mask=None, dropout_p=drop_p, is_causal=True)
att = att.transpose(1, 2).reshape(B, T, C)
att = self.proj(att)
return self.resid_drop(att)
''',
    "nb18-block-forward": '''
h = x + self.attn(self.ln1(x))
out = h + self.mlp(self.ln2(h))
return out
''',
    "nb18-decoder-forward": '''
tok = self.tokens(idx)
pos = self.positions(torch.arange(T, device=idx.device)).unsqueeze(0)
x = self.drop(tok + pos)
for b in self.blocks:
    x = b(x)
x = self.ln_f(x)
logits = self.lm_head(x)
if targets is None:
    return logits, None
V = logits.shape[-1]
loss = F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), ignore_index=PAD_ID)
return logits, loss
''',
    "nb18-param-groups": '''
params = dict(model.named_parameters())
matrices = [p for n, p in params.items() if len(p.shape) > 1]
rest = [p for n, p in params.items() if len(p.shape) <= 1]
return [
    {"params": matrices, "weight_decay": weight_decay},
    {"params": rest, "weight_decay": 0.0},
]
''',
    "nb18-lr-at": '''
floor = lr * min_lr_ratio
if step < warmup:
    return float(step) / warmup * lr
progress = min((step - warmup) / (max_steps - warmup), 1.0)
return floor + (lr - floor) * (math.cos(math.pi * progress) + 1) / 2
''',
}

# Filomena: lo de Eloy, con otros nombres, comentarios, líneas en blanco, alguna sentencia movida y alguna
# expresión escrita de otra forma equivalente.
FILOMENA = {
    "nb11-make-xy": '''
# cuántas ventanas enteras caben (la última necesita su objetivo)
count = (stream.shape[0] - 1) // T

positions = torch.arange(count * T).reshape(count, T)
return stream[positions], stream[1 + positions]
''',
    "nb11-accumulated-step": '''
total = 0.0
opt.zero_grad()
size = x.shape[0] // n_micro

# trozo a trozo, acumulando en .grad
for xs, ys in zip(torch.split(x, size), torch.split(y, size)):
    pred = model(xs)
    err = F.cross_entropy(pred.view(-1, pred.size(-1)), ys.reshape(-1))
    total += err.item()
    (err / n_micro).backward()

opt.step()
return total / n_micro
''',
    "nb11-data-floor": '''
from collections import defaultdict

seen_first = defaultdict(int)
seen_pair = defaultdict(int)
for cur, nxt in zip(x.flatten().tolist(), y.flatten().tolist()):
    seen_first[cur] += 1
    seen_pair[cur, nxt] += 1

# cada pareja distinta pesa tantas veces como aparece
total = sum(seen_first.values())
return -sum(k * math.log(k / seen_first[cur]) for (cur, nxt), k in seen_pair.items()) / total
''',
    "nb17-pad-to": '''
result = pad_id + torch.zeros((len(seqs), T), dtype=torch.long)

for line, seq in zip(result, seqs):
    # solo caben T
    k = min(T, len(seq))
    line[:k] = torch.tensor(seq[:k])
return result
''',
    "nb17-packed-item": '''
first = starts[i].item()
last = min(stream.shape[0], first + block)

tokens = stream[first:last].to(torch.int64)
pad = torch.zeros(block - tokens.shape[0], dtype=torch.int64)   # lo que falta hasta block
x = torch.cat([tokens, pad])
y = torch.cat([x[1:], torch.tensor([0])])
return x, y
''',
    "nb17-loss-per-game": '''
# F.cross_entropy quiere las clases en el eje 1
losses = F.cross_entropy(logits.transpose(1, 2), y, reduction="none", ignore_index=0)
n_real = (y != 0).sum(dim=1)
return losses.sum(dim=1) / n_real
''',
    "nb18-attention-forward": '''
B, T, D = x.shape
p = 0.0
if self.training:
    p = self.dropout

parts = self.qkv(x).reshape(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
query, key, value = parts[0], parts[1], parts[2]
y = F.scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=p, is_causal=True)

y = self.proj(y.transpose(1, 2).reshape(B, T, D))
return self.resid_drop(y)
''',
    "nb18-block-forward": '''
# primero la atención, luego el mlp, cada uno con su residuo
mid = x + self.attn(self.ln1(x))
return mid + self.mlp(self.ln2(mid))
''',
    "nb18-decoder-forward": '''
where = self.positions(torch.arange(T, device=idx.device)).unsqueeze(0)
emb = self.tokens(idx)
h = self.drop(emb + where)

for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))

if targets is None:
    return logits, None
loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=PAD_ID)
return logits, loss
''',
    "nb18-param-groups": '''
named = dict(model.named_parameters())
# sesgos y LayerNorm: sin decaimiento
others = [t for _, t in named.items() if t.dim() <= 1]
mats = [t for _, t in named.items() if t.dim() > 1]
return [{"params": mats, "weight_decay": weight_decay}, {"params": others, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''
if step < warmup:
    return lr * float(step) / warmup

lowest = min_lr_ratio * lr
frac = min(1.0, (step - warmup) / (max_steps - warmup))
return lowest + (lr - lowest) * (1 + math.cos(frac * math.pi)) / 2
''',
}
