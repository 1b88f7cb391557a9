"""Lorenzo, de la pareja: copia lo de Ofelia y lo retoca a mano para que no se note."""

WORK = {
    "nb11-make-xy": """\
# cuántas ventanas enteras caben (hace falta un token más para el último objetivo)
n_windows = (len(stream) - 1) // T

part = stream[: n_windows * T + 1]

inputs = part[:-1].reshape(n_windows, T)
targets = part[1:].reshape(n_windows, T)
return inputs, targets
""",
    "nb11-accumulated-step": """\
# parto el lote en trozos iguales
chunk = x.size(0) // n_micro
ys = torch.split(y, chunk)
xs = torch.split(x, chunk)

opt.zero_grad()
total = 0.0
for xb, yb in zip(xs, ys):
    logits = model(xb)
    l = F.cross_entropy(logits.reshape(-1, logits.size(-1)), yb.reshape(-1))
    # cada trozo pone 1/n_micro de la media
    (l / n_micro).backward()
    total = total + l.item() / n_micro

opt.step()
return total
""",
    "nb11-data-floor": """\
import math

pairs = {}
seen = {}
for cur, nxt in zip(x.flatten().tolist(), y.flatten().tolist()):
    seen[cur] = seen.get(cur, 0) + 1   # veces como token actual
    pairs[(cur, nxt)] = pairs.get((cur, nxt), 0) + 1

cost = 0.0
for (cur, nxt), n in pairs.items():
    cost -= n * math.log(n / seen[cur])
return cost / x.numel()
""",
    "nb17-pad-to": """\
out = []
for s in seqs:
    line = [pad_id] * T

    # copio los primeros T ids; el resto se queda con el relleno
    for k, tok in enumerate(s[:T]):
        line[k] = tok
    out.append(line)
return torch.tensor(out, dtype=torch.int64)
""",
    "nb17-packed-item": """\
first = starts[i].item()
last = min(len(stream), first + block)

inp = torch.zeros(block, dtype=torch.int64)
inp[: last - first] = stream[first:last]   # lo que no llega se queda en <pad>
# objetivos: desplazados uno, y <pad> al final
out = torch.cat([inp[1:], torch.zeros(1, dtype=torch.int64)])
return inp, out
""",
    "nb17-loss-per-game": """\
V = logits.size(-1)
per_pos = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none").reshape(y.shape)

# cuántos objetivos reales tiene cada partida
n_real = (y != 0).sum(dim=1)
return per_pos.sum(dim=1) / n_real
""",
    "nb18-attention-forward": """\
B, T, C = x.size()
# q, k y v de todas las cabezas a la vez
heads = self.qkv(x).view(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
q, k, v = heads[0], heads[1], heads[2]

p = 0.0
if self.training:
    p = self.dropout
att = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)

att = att.permute(0, 2, 1, 3).reshape(B, T, C)
return self.resid_drop(self.proj(att))
""",
    "nb18-block-forward": """\
# primera suma: la atención sobre x normalizado
x = x + self.attn(self.ln1(x))

# segunda suma: el MLP
out = self.mlp(self.ln2(x))
return x + out
""",
    "nb18-decoder-forward": """\
pos = torch.arange(T, device=idx.device).unsqueeze(0)
h = self.tokens(idx) + self.positions(pos)
h = self.drop(h)

for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))

if targets is None:
    return logits, None
# sin contar el relleno
loss = F.cross_entropy(logits.reshape(B * T, -1), targets.reshape(B * T), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
# el resto (sesgos, LayerNorm) va sin decaimiento
rest = [p for p in model.parameters() if p.dim() < 2]
matrices = [p for p in model.parameters() if p.dim() >= 2]

return [
    {"params": matrices, "weight_decay": weight_decay},
    {"params": rest, "weight_decay": 0.0},
]
""",
    "nb18-lr-at": """\
low = lr * min_lr_ratio
if step < warmup:
    return lr * step / warmup
if step >= max_steps:
    return low

# medio coseno, de 1 a 0
frac = (step - warmup) / (max_steps - warmup)
c = (1.0 + math.cos(math.pi * frac)) / 2
return low + (lr - low) * c
""",
}
