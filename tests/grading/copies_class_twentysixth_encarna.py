"""Encarna, honrada: solo lo que el curso ha enseñado hasta cada cuaderno, corto y directo.

Escrito a mano leyendo solo la versión de alumno (``release/``), sin mirar la solución ni a nadie.
"""

WORK = {
    "nb11-make-xy": '''
N = (len(stream) - 1) // T
x = stream[: N * T].view(N, T)
y = stream[1 : N * T + 1].view(N, T)
return x, y
''',
    "nb11-accumulated-step": '''
size = x.shape[0] // n_micro
opt.zero_grad()
total = 0.0
for k in range(n_micro):
    xs, ys = x[k * size : (k + 1) * size], y[k * size : (k + 1) * size]
    logits = model(xs)
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), ys.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
''',
    "nb11-data-floor": '''
pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_count = Counter(pairs)
first_count = Counter(a for a, _ in pairs)
total = sum(-math.log(pair_count[p] / first_count[p[0]]) for p in pairs)
return total / len(pairs)
''',
    "nb17-pad-to": '''
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, seq in enumerate(seqs):
    row = seq[:T]
    batch[i, : len(row)] = torch.tensor(row, dtype=torch.int64)
return batch
''',
    "nb17-packed-item": '''
start = int(starts[i])
piece = stream[start : start + block].long()
x = torch.zeros(block, dtype=torch.int64)
x[: len(piece)] = piece
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
''',
    "nb17-loss-per-game": '''
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
''',
    "nb18-attention-forward": '''
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=2)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).reshape(B, T, d)
return self.resid_drop(self.proj(out))
''',
    "nb18-block-forward": '''
x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
''',
    "nb18-decoder-forward": '''
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''
decay, no_decay = [], []
for p in model.parameters():
    if p.dim() >= 2:
        decay.append(p)
    else:
        no_decay.append(p)
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
''',
}
