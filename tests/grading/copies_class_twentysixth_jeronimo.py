"""Jerónimo, el copión: pega la solución publicada (``source/``) y la disfraza a mano.

Otros nombres, comentarios, líneas en blanco, alguna sentencia independiente en otro orden y alguna
expresión escrita de otra forma equivalente; sigue siendo la solución pegada y retocada, no reescrita.
Escrito después de los honrados y la pareja, que no se tocaron al leer la solución.
"""

WORK = {
    "nb11-make-xy": '''
# ventanas completas que caben en el flujo
count = (stream.shape[0] - 1) // T
inputs = stream[: count * T].reshape(count, T)
targets = stream[1 : 1 + count * T].reshape(count, T)

return inputs, targets
''',
    "nb11-accumulated-step": '''
chunk = x.shape[0] // n_micro
running = 0.0
opt.zero_grad()
for begin in range(0, len(x), chunk):
    out = model(x[begin : begin + chunk])
    # pérdida media de este trozo
    piece = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[begin : begin + chunk].reshape(-1))
    running += piece.item()
    (piece / n_micro).backward()

opt.step()
return running / n_micro
''',
    "nb11-data-floor": '''
from collections import Counter
import math

couples = list(zip(x.flatten().tolist(), y.flatten().tolist()))
by_current = Counter(cur for cur, _ in couples)
by_couple = Counter(couples)

acc = 0.0
for cur, nxt in couples:
    acc += -math.log(by_couple[(cur, nxt)] / by_current[cur])
return acc / len(couples)
''',
    "nb17-pad-to": '''
out = torch.full((len(seqs), T), pad_id, dtype=torch.long)
for row, ids in enumerate(seqs):
    # los T primeros, como mucho
    first = list(ids)[:T]
    out[row, : len(first)] = torch.tensor(first, dtype=torch.long)

return out
''',
    "nb17-packed-item": '''
begin = int(starts[i])
x = torch.zeros(block, dtype=torch.int64)
piece = stream[begin : begin + block]  # se queda corto si el flujo termina
x[: len(piece)] = piece

y = torch.zeros(block, dtype=torch.int64)
y[: block - 1] = x[1:]
return x, y
''',
    "nb17-loss-per-game": '''
n_games, n_pos, n_tok = logits.shape
real = y != 0
each = F.cross_entropy(logits.reshape(n_games * n_pos, n_tok), y.reshape(n_games * n_pos), reduction="none")
each = each.view(n_games, n_pos)
# media de cada fila, sin el relleno
return (each * real).sum(dim=1) / real.sum(dim=1)
''',
    "nb18-attention-forward": '''
B, T, C = x.shape
queries, keys, values = self.qkv(x).split(C, dim=2)
# cabezas delante: (B, H, T, D)
queries, keys, values = (m.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for m in (queries, keys, values))
p = 0.0
if self.training:
    p = self.dropout
att = F.scaled_dot_product_attention(queries, keys, values, is_causal=True, dropout_p=p)

att = att.transpose(1, 2).contiguous().view(B, T, C)
return self.resid_drop(self.proj(att))
''',
    "nb18-block-forward": '''
h = x + self.attn(self.ln1(x))

# segunda conexión residual
return h + self.mlp(self.ln2(h))
''',
    "nb18-decoder-forward": '''
pos = torch.arange(T, device=idx.device)
h = self.drop(self.positions(pos) + self.tokens(idx))
for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))

if targets is None:
    return logits, None
loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''
without = [w for w in model.parameters() if w.dim() < 2]
with_decay = [w for w in model.parameters() if w.dim() > 1]
return [
    {"params": with_decay, "weight_decay": weight_decay},
    {"params": without, "weight_decay": 0.0},
]
''',
    "nb18-lr-at": '''
if step < warmup:
    return step * lr / warmup
lowest = min_lr_ratio * lr
# fracción del coseno recorrida, sin pasar de 1
frac = min((step - warmup) / (max_steps - warmup), 1.0)
return lowest + (lr - lowest) * 0.5 * (1 + math.cos(math.pi * frac))
''',
}
