"""Lourdes, la que resuelve en la pareja: a su manera, sin mirar la solución publicada."""

WORK = {
    "nb11-make-xy": r'''count = (stream.numel() - 1) // T
used = stream[: count * T + 1]
x = used[:-1].reshape(count, T)
y = used[1:].reshape(count, T)
return x, y
''',
    "nb11-accumulated-step": r'''# borrar lo que quede en .grad antes de acumular
for p in model.parameters():
    p.grad = None
loss_sum = 0.0
pieces_x = x.split(x.shape[0] // n_micro)
pieces_y = y.split(y.shape[0] // n_micro)
for px, py in zip(pieces_x, pieces_y):
    out = model(px)
    part = F.cross_entropy(out.reshape(px.numel(), -1), py.reshape(-1))
    (part / n_micro).backward()
    loss_sum += part.item()
opt.step()
return loss_sum / n_micro
''',
    "nb11-data-floor": r'''from collections import Counter, defaultdict

followers = defaultdict(Counter)
for a, b in zip(x.flatten().tolist(), y.flatten().tolist()):
    followers[a][b] += 1
total = 0.0
n = 0
for a, seen in followers.items():
    times_a = sum(seen.values())
    for b, times_ab in seen.items():
        total -= times_ab * math.log(times_ab / times_a)
        n += times_ab
return total / n
''',
    "nb17-pad-to": r'''rows = [torch.tensor(s[:T], dtype=torch.int64) for s in seqs]
batch = torch.full((len(rows), T), pad_id, dtype=torch.int64)
for i, row in enumerate(rows):
    batch[i, : row.shape[0]] = row
return batch
''',
    "nb17-packed-item": r'''begin = int(starts[i])
end = min(begin + block + 1, len(stream))
piece = stream[begin:end].to(torch.int64)
missing = block + 1 - piece.shape[0]
full = torch.cat([piece, torch.zeros(missing, dtype=torch.int64)])
y = full[1:].clone()
y[block - 1] = 0
return full[:block].clone(), y
''',
    "nb17-loss-per-game": r'''V = logits.shape[-1]
keep = y != 0
each = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").reshape(y.shape)
each = torch.where(keep, each, torch.zeros_like(each))
return each.sum(dim=1) / keep.sum(dim=1)
''',
    "nb18-attention-forward": r'''B, T, d = x.shape
H, D = self.n_head, self.head_dim
qkv = self.qkv(x).view(B, T, 3, H, D).permute(2, 0, 3, 1, 4)   # (3, B, H, T, D)
q, k, v = qkv[0], qkv[1], qkv[2]
drop = self.dropout if self.training else 0.0
att = F.scaled_dot_product_attention(q, k, v, dropout_p=drop, is_causal=True)
merged = att.permute(0, 2, 1, 3).reshape(B, T, H * D)
return self.resid_drop(self.proj(merged))
''',
    "nb18-block-forward": r'''mid = x + self.attn(self.ln1(x))
return mid + self.mlp(self.ln2(mid))
''',
    "nb18-decoder-forward": r'''where = torch.arange(T, device=idx.device)
h = self.tokens(idx) + self.positions(where)
h = self.drop(h)
for layer in self.blocks:
    h = layer(h)
h = self.ln_f(h)
logits = self.lm_head(h)
loss = None
if targets is not None:
    V = logits.shape[2]
    loss = F.cross_entropy(logits.reshape(B * T, V), targets.reshape(B * T), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": r'''big, small = [], []
for name, p in model.named_parameters():
    if len(p.shape) >= 2:
        big.append(p)
    else:
        small.append(p)
return [
    {"params": big, "weight_decay": weight_decay},
    {"params": small, "weight_decay": 0.0},
]
''',
    "nb18-lr-at": r'''low = lr * min_lr_ratio
if step >= max_steps:
    return float(low)
if step < warmup:
    return float(lr * step / warmup)
done = (step - warmup) / (max_steps - warmup)
return float(low + (lr - low) * (1 + math.cos(math.pi * done)) / 2)
''',
}
