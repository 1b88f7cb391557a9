"""Álvaro, honrado: solo lo que el curso ha enseñado hasta cada cuaderno, corto y directo."""

WORK = {
    "nb11-make-xy": r'''n = (len(stream) - 1) // T
x = stream[: n * T].view(n, T)
y = stream[1 : n * T + 1].view(n, T)
return x, y
''',
    "nb11-accumulated-step": r'''size = x.shape[0] // n_micro
opt.zero_grad()
total = 0.0
for k in range(n_micro):
    xs, ys = x[k * size : (k + 1) * size], y[k * size : (k + 1) * size]
    logits = model(xs)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), ys.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
''',
    "nb11-data-floor": r'''from collections import Counter

a, b = x.reshape(-1).tolist(), y.reshape(-1).tolist()
pairs = Counter(zip(a, b))
firsts = Counter(a)
return -sum(math.log(pairs[p, q] / firsts[p]) for p, q in zip(a, b)) / len(a)
''',
    "nb17-pad-to": r'''out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    out[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return out
''',
    "nb17-packed-item": r'''start = int(starts[i])
tokens = stream[start : start + block].long()
x = torch.zeros(block, dtype=torch.int64)
x[: len(tokens)] = tokens
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
''',
    "nb17-loss-per-game": r'''B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
''',
    "nb18-attention-forward": r'''B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=2)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).reshape(B, T, d)
return self.resid_drop(self.proj(out))
''',
    "nb18-block-forward": r'''x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
''',
    "nb18-decoder-forward": r'''pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": r'''decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
''',
    "nb18-lr-at": r'''if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
if step >= max_steps:
    return float(floor)
p = (step - warmup) / (max_steps - warmup)
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
''',
}
