"""Ofelia, de la pareja: lo resuelve ella, a su manera (Lorenzo le copia)."""

WORK = {
    "nb11-make-xy": """\
count = (stream.numel() - 1) // T
used = stream[: count * T + 1]
x = used[:-1].reshape(count, T)
y = used[1:].reshape(count, T)
return x, y
""",
    "nb11-accumulated-step": """\
opt.zero_grad()
pieces_x = torch.split(x, x.size(0) // n_micro)
pieces_y = torch.split(y, y.size(0) // n_micro)
whole = 0.0
for px, py in zip(pieces_x, pieces_y):
    out = model(px)
    part = F.cross_entropy(out.reshape(-1, out.size(-1)), py.reshape(-1))
    (part / n_micro).backward()
    whole += part.item() / n_micro
opt.step()
return whole
""",
    "nb11-data-floor": """\
import math

pair_count = {}
context_count = {}
for a, b in zip(x.flatten().tolist(), y.flatten().tolist()):
    pair_count[(a, b)] = pair_count.get((a, b), 0) + 1
    context_count[a] = context_count.get(a, 0) + 1
paid = 0.0
for (a, b), c in pair_count.items():
    paid += c * math.log(context_count[a] / c)
return paid / x.numel()
""",
    "nb17-pad-to": """\
rows = []
for seq in seqs:
    row = [pad_id] * T
    for j, token in enumerate(seq[:T]):
        row[j] = token
    rows.append(row)
return torch.tensor(rows, dtype=torch.long)
""",
    "nb17-packed-item": """\
begin = starts[i].item()
end = min(begin + block, len(stream))
x = torch.zeros(block, dtype=torch.long)
x[: end - begin] = stream[begin:end]
y = torch.cat([x[1:], torch.zeros(1, dtype=torch.long)])
return x, y
""",
    "nb17-loss-per-game": """\
flat = F.cross_entropy(logits.reshape(-1, logits.size(-1)), y.reshape(-1), ignore_index=0, reduction="none")
flat = flat.reshape(y.shape)
counts = (y > 0).sum(dim=1)
return flat.sum(dim=1) / counts
""",
    "nb18-attention-forward": """\
B, T, C = x.size()
qkv = self.qkv(x).view(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
q, k, v = qkv[0], qkv[1], qkv[2]
drop = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=drop, is_causal=True)
out = out.permute(0, 2, 1, 3).reshape(B, T, C)
return self.resid_drop(self.proj(out))
""",
    "nb18-block-forward": """\
h = self.attn(self.ln1(x))
x = x + h
h = self.mlp(self.ln2(x))
return x + h
""",
    "nb18-decoder-forward": """\
steps = torch.arange(T, device=idx.device).unsqueeze(0)
out = self.drop(self.tokens(idx) + self.positions(steps))
for layer in self.blocks:
    out = layer(out)
logits = self.lm_head(self.ln_f(out))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.reshape(B * T, -1), targets.reshape(B * T), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
big = [p for p in model.parameters() if p.dim() > 1]
small = [p for p in model.parameters() if p.dim() <= 1]
return [{"params": big, "weight_decay": weight_decay}, {"params": small, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """\
if step >= max_steps:
    return lr * min_lr_ratio
if step < warmup:
    return step * lr / warmup
progress = (step - warmup) / (max_steps - warmup)
cosine = 0.5 * (1.0 + math.cos(math.pi * progress))
return lr * min_lr_ratio + (lr - lr * min_lr_ratio) * cosine
""",
}
