"""Ximena, la copiona: pega la solución publicada y la disfraza a mano (otros nombres, comentarios,
líneas en blanco, alguna sentencia independiente en otro orden, alguna expresión escrita de otra forma)."""

WORK = {
    "nb11-make-xy": '''count = (len(stream) - 1) // T   # ventanas enteras

inputs = stream[: count * T].reshape(count, T)
targets = stream[1 : 1 + count * T].reshape(count, T)
return inputs, targets
''',
    "nb11-accumulated-step": '''opt.zero_grad()
piece = x.shape[0] // n_micro
running = 0.0

for begin in range(0, x.shape[0], piece):
    out = model(x[begin : begin + piece])
    # pérdida media de este trozo
    part = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[begin : begin + piece].reshape(-1))
    (part / n_micro).backward()
    running = running + part.item()
opt.step()
return running / n_micro
''',
    "nb11-data-floor": '''from collections import Counter
import math

couples = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
by_current = Counter(cur for cur, _ in couples)
by_couple = Counter(couples)

acc = 0.0
for cur, nxt in couples:
    acc = acc - math.log(by_couple[(cur, nxt)] / by_current[cur])
return acc / len(couples)
''',
    "nb17-pad-to": '''out = torch.full((len(seqs), T), pad_id, dtype=torch.long)
for row, ids in enumerate(seqs):
    # solo los T primeros
    first_ids = list(ids)[:T]
    out[row, : len(first_ids)] = torch.tensor(first_ids, dtype=torch.long)

return out
''',
    "nb17-packed-item": '''begin = int(starts[i])
y = torch.full((block,), 0, dtype=torch.int64)
x = torch.full((block,), 0, dtype=torch.int64)
chunk = stream[begin : begin + block]  # puede quedarse corto al final del flujo

x[: len(chunk)] = chunk
y[: block - 1] = x[1:]
return x, y
''',
    "nb17-loss-per-game": '''B, T, V = logits.shape
keep = y != 0
each = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)

# media por fila, sin el relleno
return (each * keep).sum(dim=1) / keep.sum(dim=1)
''',
    "nb18-attention-forward": '''B, T, d = x.shape
query, key, value = self.qkv(x).split(d, dim=-1)
query, key, value = (m.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for m in (query, key, value))

p = self.dropout if self.training else 0.0
mixed = F.scaled_dot_product_attention(query, key, value, is_causal=True, dropout_p=p)
# de vuelta a (B, T, d)
mixed = mixed.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(mixed))
''',
    "nb18-block-forward": '''h = x + self.attn(self.ln1(x))

return h + self.mlp(self.ln2(h))
''',
    "nb18-decoder-forward": '''steps = torch.arange(T, device=idx.device)
h = self.drop(self.positions(steps) + self.tokens(idx))

for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    # el relleno (0) no cuenta
    loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''flat = [w for w in model.parameters() if w.dim() < 2]
mats = [w for w in model.parameters() if w.dim() > 1]

return [
    {"params": mats, "weight_decay": weight_decay},
    {"params": flat, "weight_decay": 0.0},
]
''',
    "nb18-lr-at": '''if step < warmup:
    return step * lr / warmup
bottom = min_lr_ratio * lr
frac = min(1.0, (step - warmup) / (max_steps - warmup))
# medio coseno de lr hasta el suelo
return bottom + (lr - bottom) * (1 + math.cos(math.pi * frac)) / 2
''',
}
