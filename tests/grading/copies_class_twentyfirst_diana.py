"""Diana (pareja, la que lo resuelve): a su manera, sin mirar la solución publicada."""

WORK = {
    "nb11-make-xy": '''\
starts = range(0, len(stream) - T, T)
xs = [stream[s : s + T] for s in starts]
ys = [stream[s + 1 : s + T + 1] for s in starts]
if not xs:
    return stream.new_zeros(0, T), stream.new_zeros(0, T)
return torch.stack(xs), torch.stack(ys)
''',
    "nb11-accumulated-step": '''\
opt.zero_grad()
size = len(x) // n_micro
total = 0.0
for start in range(0, len(x), size):
    logits = model(x[start : start + size])
    V = logits.shape[-1]
    loss = F.cross_entropy(logits.reshape(-1, V), y[start : start + size].reshape(-1))
    weight = size / len(x)  # la parte de la media que le toca a este trozo
    (loss * weight).backward()
    total += loss.item() * weight
opt.step()
return total
''',
    "nb11-data-floor": '''\
xs, ys = x.reshape(-1).tolist(), y.reshape(-1).tolist()
seen_pair, seen_current = {}, {}
for a, b in zip(xs, ys):
    seen_pair[a, b] = seen_pair.get((a, b), 0) + 1
    seen_current[a] = seen_current.get(a, 0) + 1
# cada pareja distinta sale n veces, y cada vez paga -ln(n / veces de a)
total = sum(-n * math.log(n / seen_current[a]) for (a, b), n in seen_pair.items())
return total / len(xs)
''',
    "nb17-pad-to": '''\
out = []
for s in seqs:
    s = list(s)[:T]
    out.append(s + [pad_id] * (T - len(s)))
return torch.tensor(out, dtype=torch.long)
''',
    "nb17-packed-item": '''\
begin = starts[i].item()
x = torch.zeros(block, dtype=torch.long)
piece = stream[begin : begin + block]
x[: piece.numel()] = piece
y = torch.cat([x[1:], torch.zeros(1, dtype=torch.long)])
return x, y
''',
    "nb17-loss-per-game": '''\
mask = y != 0
log_probs = torch.log_softmax(logits, dim=-1)
picked = log_probs.gather(2, y.unsqueeze(2)).squeeze(2)
return -(picked * mask).sum(dim=1) / mask.sum(dim=1)
''',
    "nb18-attention-forward": '''\
B, T, d = x.shape
qkv = self.qkv(x).view(B, T, 3, self.n_head, self.head_dim)
q, k, v = qkv.permute(2, 0, 3, 1, 4)  # cada uno (B, H, T, D)
drop = self.dropout if self.training else 0.0
att = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=drop)
att = att.permute(0, 2, 1, 3).reshape(B, T, d)
return self.resid_drop(self.proj(att))
''',
    "nb18-block-forward": '''\
y = self.attn(self.ln1(x))
x = x + y
y = self.mlp(self.ln2(x))
return x + y
''',
    "nb18-decoder-forward": '''\
positions = torch.arange(T, device=idx.device).unsqueeze(0)  # (1, T)
h = self.drop(self.tokens(idx) + self.positions(positions))
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.reshape(B * T, -1), targets.reshape(B * T), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''\
params = list(model.parameters())
big = [p for p in params if p.dim() > 1]
small = [p for p in params if p.dim() <= 1]
return [dict(params=big, weight_decay=weight_decay), dict(params=small, weight_decay=0.0)]
''',
    "nb18-lr-at": '''\
if step < warmup:
    return lr * (step / warmup)
s = lr * min_lr_ratio
if step >= max_steps:
    return float(s)
p = (step - warmup) / (max_steps - warmup)
return s + (lr - s) * (1 + math.cos(math.pi * p)) / 2
''',
}
