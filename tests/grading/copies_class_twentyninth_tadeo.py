"""Tadeo, honrado: solo lo que el curso ha enseñado hasta cada cuaderno, corto y directo."""

WORK = {
    "nb11-make-xy": """
n = (len(stream) - 1) // T
x = stream[: n * T].view(n, T)
y = stream[1 : n * T + 1].view(n, T)
return x, y
""",
    "nb11-accumulated-step": """
opt.zero_grad()
total = 0.0
for xs, ys in zip(x.split(x.shape[0] // n_micro), y.split(y.shape[0] // n_micro)):
    logits = model(xs)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), ys.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
    "nb11-data-floor": """
pairs = Counter(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
seen = Counter(x.reshape(-1).tolist())
return -sum(n * math.log(n / seen[a]) for (a, b), n in pairs.items()) / x.numel()
""",
    "nb17-pad-to": """
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    out[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return out
""",
    "nb17-packed-item": """
start = int(starts[i])
window = stream[start : start + block + 1].long()
window = torch.cat([window, torch.zeros(block + 1 - len(window), dtype=torch.int64)])
x = window[:-1]
y = window[1:]
y[-1] = 0
return x, y
""",
    "nb17-loss-per-game": """
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
""",
    "nb18-attention-forward": """
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=-1)
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
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """
decay = [p for p in model.parameters() if p.dim() >= 2]
rest = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": rest, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
}
