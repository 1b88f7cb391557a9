"""Berta (honrada): solo lo que el curso ha enseñado hasta cada cuaderno, corto y directo. Escrito a ciegas."""

WORK = {
    "nb11-make-xy": '''
N = (len(stream) - 1) // T
x = stream[:N * T].view(N, T)
y = stream[1:N * T + 1].view(N, T)
return x, y
''',
    "nb11-accumulated-step": '''
size = x.shape[0] // n_micro
opt.zero_grad()
total = 0.0
for i in range(n_micro):
    xb = x[i * size:(i + 1) * size]
    yb = y[i * size:(i + 1) * size]
    logits = model(xb)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), yb.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
''',
    "nb11-data-floor": '''
pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_count = Counter(pairs)
first_count = Counter(a for a, b in pairs)
total = 0.0
for a, b in pairs:
    total -= math.log(pair_count[(a, b)] / first_count[a])
return total / len(pairs)
''',
    "nb17-pad-to": '''
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    out[i, :len(s)] = torch.tensor(s, dtype=torch.int64)
return out
''',
    "nb17-packed-item": '''
start = int(starts[i])
window = stream[start:start + block]
x = torch.zeros(block, dtype=torch.int64)
x[:len(window)] = window
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
''',
    "nb17-loss-per-game": '''
B, T, V = logits.shape
ce = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (ce * real).sum(dim=1) / real.sum(dim=1)
''',
    "nb18-attention-forward": '''
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=-1)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(out))
''',
    "nb18-block-forward": '''
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
''',
    "nb18-decoder-forward": '''
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''
decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''
if step < warmup:
    return lr * step / warmup
if step > max_steps:
    step = max_steps
p = (step - warmup) / (max_steps - warmup)
s = lr * min_lr_ratio
return s + 0.5 * (lr - s) * (1 + math.cos(math.pi * p))
''',
}
