"""La clase de prueba de copies_class en 17-partidas-a-lotes y 18-decoder, escrita a mano y aparte de los
juegos de calibración (``catalogues/independent``), sin ajustarla a ellos.

``carla`` escribe ``pad_to`` y el bloque pre-norm exactamente como la solución publicada (la única manera
natural de escribirlos) y el resto a su manera: es la alumna honrada que el informe antiguo acusaba.
``ana`` pega la solución publicada con otros nombres, comentarios, líneas en blanco y otro orden donde no
importa; ``hugo`` e ``ines`` entregan el mismo trabajo (ines lo renombra y lo comenta).
"""

from copies_class_late_copies import ANA, HUGO  # noqa: F401  (la copia y la pareja, en su fichero)

CARLA = {
    "nb17-pad-to": """
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, seq in enumerate(seqs):
    kept = list(seq)[:T]
    batch[i, : len(kept)] = torch.tensor(kept, dtype=torch.int64)
return batch
""",
    "nb17-packed-item": """
o = int(starts[i])
tokens = stream[o:o + block + 1].tolist()
tokens += [0] * (block + 1 - len(tokens))
return torch.tensor(tokens[:block], dtype=torch.int64), torch.tensor(tokens[1:block] + [0], dtype=torch.int64)
""",
    "nb17-loss-per-game": """
res = []
for b in range(y.shape[0]):
    m = y[b] != 0
    res.append(F.cross_entropy(logits[b][m], y[b][m]))
return torch.stack(res)
""",
    "nb18-attention-forward": """
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=2)
heads = [t.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for t in (q, k, v)]
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(*heads, dropout_p=p, is_causal=True)
return self.resid_drop(self.proj(out.transpose(1, 2).reshape(B, T, d)))
""",
    "nb18-block-forward": """
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
    "nb18-decoder-forward": """
where = torch.arange(T, device=idx.device)
x = self.drop(self.tokens(idx) + self.positions(where))
for block in self.blocks:
    x = block(x)
logits = self.lm_head(self.ln_f(x))
if targets is None:
    return logits, None
return logits, F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1), ignore_index=0)
""",
    "nb18-param-groups": """
nd = [p for p in model.parameters() if p.dim() < 2]
d = [p for p in model.parameters() if p.dim() > 1]
return [{"params": d, "weight_decay": weight_decay}, {"params": nd, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """
if step < warmup:
    return lr * step / warmup
s = min(1.0, (step - warmup) / (max_steps - warmup))
m = lr * min_lr_ratio
return m + (lr - m) * 0.5 * (1.0 + math.cos(math.pi * s))
""",
}

DANI = {
    "nb17-pad-to": """
out = []
for s in seqs:
    row = list(s[:T])
    while len(row) < T:
        row.append(pad_id)
    out.append(row)
return torch.tensor(out, dtype=torch.int64).reshape(-1, T)
""",
    "nb17-packed-item": """
j = int(starts[i])
x = stream.new_zeros(block)
chunk = stream[j:j + block]
x[:chunk.shape[0]] = chunk
y = torch.cat([x[1:], x.new_zeros(1)])
return x.long(), y.long()
""",
    "nb17-loss-per-game": """
per = F.cross_entropy(logits.transpose(1, 2), y, reduction="none")
w = (y != 0).float()
return (per * w).sum(-1) / w.sum(-1)
""",
    "nb18-attention-forward": """
bsz, seq, dim = x.shape
qkv = self.qkv(x).view(bsz, seq, 3, self.n_head, dim // self.n_head)
qkv = qkv.permute(2, 0, 3, 1, 4)
attn = F.scaled_dot_product_attention(qkv[0], qkv[1], qkv[2], is_causal=True,
                                      dropout_p=self.dropout if self.training else 0.0)
attn = attn.transpose(1, 2).reshape(bsz, seq, dim)
return self.resid_drop(self.proj(attn))
""",
    "nb18-block-forward": """
y = x + self.attn(self.ln1(x))
y = y + self.mlp(self.ln2(y))
return y
""",
    "nb18-decoder-forward": """
h = self.tokens(idx) + self.positions(torch.arange(T, device=idx.device))[None]
h = self.drop(h)
for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(
    logits.permute(0, 2, 1), targets, ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """
groups = [[], []]
for param in model.parameters():
    groups[0 if param.dim() >= 2 else 1].append(param)
return [{"params": groups[0], "weight_decay": weight_decay}, {"params": groups[1], "weight_decay": 0.0}]
""",
    "nb18-lr-at": """
lo = min_lr_ratio * lr
if step >= max_steps:
    return lo
if step < warmup:
    return lr * step / warmup
phase = math.pi * (step - warmup) / (max_steps - warmup)
return lo + 0.5 * (lr - lo) * (1 + math.cos(phase))
""",
}

EVA = {
    "nb17-pad-to": """
t = torch.full((len(seqs), T), fill_value=pad_id, dtype=torch.int64)
for r in range(len(seqs)):
    cut = torch.tensor(list(seqs[r])[:T], dtype=torch.int64)
    t[r, 0:len(cut)] = cut
return t
""",
    "nb17-packed-item": """
beg = int(starts[i])
seq = torch.zeros(block + 1, dtype=torch.int64)
avail = stream[beg:beg + block]
seq[:avail.numel()] = avail
seq[block] = 0
inputs = seq[:-1].clone()
targets = seq[1:].clone()
targets[avail.numel() - 1:] = 0
return inputs, targets
""",
    "nb17-loss-per-game": """
Bn, Tn, Vn = logits.shape
lp = torch.log_softmax(logits, dim=-1)
nll = -torch.gather(lp, 2, y.view(Bn, Tn, 1)).view(Bn, Tn)
mask = y.ne(0)
return nll.masked_fill(~mask, 0).sum(1) / mask.sum(1)
""",
    "nb18-attention-forward": """
B, T, C = x.shape
H = self.n_head
qkv = self.qkv(x)
q = qkv[..., :C].view(B, T, H, -1).transpose(1, 2)
k = qkv[..., C:2 * C].view(B, T, H, -1).transpose(1, 2)
v = qkv[..., 2 * C:].view(B, T, H, -1).transpose(1, 2)
z = F.scaled_dot_product_attention(q, k, v, dropout_p=(self.dropout if self.training else 0.0), is_causal=True)
z = z.transpose(1, 2).contiguous().view(B, T, C)
return self.resid_drop(self.proj(z))
""",
    "nb18-block-forward": """
after_attn = x + self.attn(self.ln1(x))
return after_attn + self.mlp(self.ln2(after_attn))
""",
    "nb18-decoder-forward": """
emb = self.tokens(idx)
emb = emb + self.positions.weight[:T]
emb = self.drop(emb)
for blk in self.blocks:
    emb = blk(emb)
logits = self.lm_head(self.ln_f(emb))
if targets is not None:
    keep = targets != 0
    return logits, F.cross_entropy(logits[keep], targets[keep])
return logits, None
""",
    "nb18-param-groups": """
all_params = [p for p in model.parameters()]
return [
    {"params": [p for p in all_params if p.ndim >= 2], "weight_decay": weight_decay},
    {"params": [p for p in all_params if p.ndim < 2], "weight_decay": 0.0},
]
""",
    "nb18-lr-at": """
if step < warmup:
    return lr * (step / warmup)
frac = (step - warmup) / (max_steps - warmup)
if frac > 1:
    frac = 1.0
target = lr * min_lr_ratio
return target + (lr - target) * (1 + math.cos(frac * math.pi)) / 2
""",
}
