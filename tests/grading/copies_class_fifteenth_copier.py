"""El copión de la decimoquinta clase apartada: fatima.

fatima pegó la solución publicada de ``source/`` y la disfrazó a mano: otros nombres, comentarios,
líneas en blanco, alguna sentencia independiente en otro orden y alguna expresión escrita de otra
forma equivalente. Sigue siendo la solución pegada y retocada, no reescrita. Se escribió después de
los honrados y de la pareja, y no se retocó tras medir nada (no se midió nada).
"""

FATIMA = {
    "nb11-make-xy": """# ventanas completas: cada una necesita también su último objetivo
count = (len(stream) - 1) // T

inputs = stream[: count * T].reshape(count, T)
targets = stream[1 : 1 + count * T].reshape(count, T)
return inputs, targets
""",
    "nb11-accumulated-step": """opt.zero_grad()
chunk = x.shape[0] // n_micro
acc = 0.0

for first in range(0, x.shape[0], chunk):
    out = model(x[first : first + chunk])
    # pérdida media del trozo
    part = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[first : first + chunk].reshape(-1))
    acc += part.item()
    (part / n_micro).backward()
opt.step()

return acc / n_micro
""",
    "nb11-data-floor": """from collections import Counter
import math

couples = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
by_current = Counter(cur for cur, _ in couples)
by_couple = Counter(couples)

# cada posición paga -ln p(b | a)
cost = 0.0
for cur, nxt in couples:
    cost += -math.log(by_couple[(cur, nxt)] / by_current[cur])
return cost / len(couples)
""",
    "nb17-pad-to": """out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)

for row, ids in enumerate(seqs):
    cut = list(ids)[:T]   # como mucho T ids
    out[row, : len(cut)] = torch.tensor(cut, dtype=torch.int64)
return out
""",
    "nb17-packed-item": """begin = int(starts[i])
# si el flujo se acaba antes, salen menos de block tokens
chunk = stream[begin : begin + block]
y = torch.full((block,), 0, dtype=torch.int64)
x = torch.full((block,), 0, dtype=torch.int64)

x[: len(chunk)] = chunk
y[: block - 1] = x[1:]
return x, y
""",
    "nb17-loss-per-game": """n_games, n_pos, n_vocab = logits.shape
mask = y != 0
# una pérdida por posición, sin promediar
each = F.cross_entropy(logits.reshape(n_games * n_pos, n_vocab), y.reshape(n_games * n_pos), reduction="none").view(n_games, n_pos)

return (each * mask).sum(dim=1) / mask.sum(dim=1)
""",
    "nb18-attention-forward": """B, T, width = x.shape
query, key, value = self.qkv(x).split(width, dim=2)

# cabezas delante de las posiciones: (B, H, T, D)
query, key, value = (part.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for part in (query, key, value))
p_drop = self.dropout if self.training else 0.0
mixed = F.scaled_dot_product_attention(query, key, value, dropout_p=p_drop, is_causal=True)
mixed = mixed.transpose(1, 2).contiguous().view(B, T, width)

return self.resid_drop(self.proj(mixed))
""",
    "nb18-block-forward": """# atención y MLP, cada una sumando al residuo
h = self.attn(self.ln1(x)) + x
return h + self.mlp(self.ln2(h))
""",
    "nb18-decoder-forward": """pos = torch.arange(T, device=idx.device)
h = self.drop(self.positions(pos) + self.tokens(idx))

for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None

# sin contar los <pad>
loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """rest = [w for w in model.parameters() if w.dim() < 2]
matrices = [w for w in model.parameters() if w.dim() > 1]

return [{"params": matrices, "weight_decay": weight_decay}, {"params": rest, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """if step < warmup:
    return step / warmup * lr
# suelo del coseno
bottom = min_lr_ratio * lr
frac = min(1.0, (step - warmup) / (max_steps - warmup))
return bottom + (lr - bottom) * 0.5 * (1 + math.cos(math.pi * frac))
""",
}
