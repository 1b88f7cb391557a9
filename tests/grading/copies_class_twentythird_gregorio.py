"""Gregorio (copión): la solución publicada de source/, pegada y disfrazada a mano (otros nombres,
comentarios, líneas en blanco, alguna sentencia independiente en otro orden y alguna expresión escrita de otra
forma equivalente). Sigue siendo la solución pegada y retocada, no reescrita."""

WORK = {
    "nb11-make-xy": '''
count = (stream.shape[0] - 1) // T

# entradas y objetivos, desplazados un token
inp = stream[: count * T].reshape(count, T)
tgt = stream[1 : 1 + count * T].reshape(count, T)
return inp, tgt
''',
    "nb11-accumulated-step": '''
opt.zero_grad()
acc = 0.0
chunk = x.shape[0] // n_micro

for s in range(0, x.shape[0], chunk):
    out = model(x[s : s + chunk])
    err = F.cross_entropy(out.reshape(-1, out.size(-1)), y[s : s + chunk].reshape(-1))
    acc += err.item()
    # cada trozo aporta su parte de la media
    (err / n_micro).backward()

opt.step()
return acc / n_micro
''',
    "nb11-data-floor": '''
from collections import Counter
import math

couples = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
firsts = Counter(cur for cur, _ in couples)
both = Counter(couples)

acc = 0.0
for cur, nxt in couples:
    acc = acc - math.log(both[(cur, nxt)] / firsts[cur])
return acc / len(couples)
''',
    "nb17-pad-to": '''
out = torch.full((len(seqs), T), pad_id, dtype=torch.long)

for row, s in enumerate(seqs):
    # lo que pase de T se corta
    head = list(s)[:T]
    out[row, : len(head)] = torch.tensor(head, dtype=torch.long)
return out
''',
    "nb17-packed-item": '''
first = int(starts[i])
# si el flujo se acaba, salen menos de block tokens
piece = stream[first : first + block]

y = torch.full((block,), 0, dtype=torch.int64)
x = torch.full((block,), 0, dtype=torch.int64)
x[: len(piece)] = piece
y[: block - 1] = x[1:]
return x, y
''',
    "nb17-loss-per-game": '''
B, T, V = logits.shape
mask = y != 0

ce = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
return (ce * mask).sum(dim=1) / mask.sum(dim=1)
''',
    "nb18-attention-forward": '''
B, T, C = x.shape
queries, keys, values = self.qkv(x).split(C, dim=-1)
queries, keys, values = (m.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for m in (queries, keys, values))

# dropout de los pesos solo al entrenar
p = self.dropout if self.training else 0.0
att = F.scaled_dot_product_attention(queries, keys, values, dropout_p=p, is_causal=True)
att = att.transpose(1, 2).contiguous().view(B, T, C)
return self.resid_drop(self.proj(att))
''',
    "nb18-block-forward": '''
# pre-norm: la LayerNorm va delante de cada subcapa
h = x + self.attn(self.ln1(x))
return h + self.mlp(self.ln2(h))
''',
    "nb18-decoder-forward": '''
pos = torch.arange(T, device=idx.device)
h = self.drop(self.positions(pos) + self.tokens(idx))

for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))

loss = None
if targets is not None:
    # el relleno no cuenta
    loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1), ignore_index=PAD_ID)
return logits, loss
''',
    "nb18-param-groups": '''
rest = [t for t in model.parameters() if t.dim() <= 1]
mats = [t for t in model.parameters() if t.dim() > 1]

return [
    {"params": mats, "weight_decay": weight_decay},
    {"params": rest, "weight_decay": 0.0},
]
''',
    "nb18-lr-at": '''
if step < warmup:
    return step * lr / warmup
bottom = min_lr_ratio * lr

frac = min(1.0, (step - warmup) / (max_steps - warmup))
return bottom + (lr - bottom) * (1 + math.cos(frac * math.pi)) / 2
''',
}
