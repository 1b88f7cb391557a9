"""``fermin``, de la cuarta clase apartada (``copies_class_fourth``): pega la solución publicada (la de
``source/``) disfrazada a mano: otros nombres, comentarios, líneas en blanco, alguna sentencia independiente en
otro orden y alguna expresión escrita de otra forma equivalente."""

FERMIN = {
    "nb11-make-xy": """
# ventanas completas
count = (len(stream) - 1) // T

targets = stream[1:count * T + 1].reshape(count, T)   # desplazado uno
inputs = stream[:count * T].reshape(count, T)
return inputs, targets
""",
    "nb11-accumulated-step": """
opt.zero_grad()
chunk = x.shape[0] // n_micro
acc = 0.0

# cada trozo pone su parte de la media
for first in range(0, x.shape[0], chunk):
    out = model(x[first:first + chunk])
    piece_loss = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[first:first + chunk].reshape(-1))
    acc += piece_loss.item()
    (piece_loss / n_micro).backward()

opt.step()
return acc / n_micro
""",
    "nb11-data-floor": """
from collections import Counter
import math

# todas las parejas (actual, siguiente)
couples = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
by_current = Counter(cur for cur, _ in couples)
by_couple = Counter(couples)

s = 0.0
for cur, nxt in couples:
    s = s - math.log(by_couple[(cur, nxt)] / by_current[cur])
return s / len(couples)
""",
    "nb17-pad-to": """
# todo relleno para empezar
result = torch.full((len(seqs), T), pad_id, dtype=torch.int64)

for row, ids in enumerate(seqs):
    first_ids = list(ids)[:T]     # corto a T
    result[row, :len(first_ids)] = torch.tensor(first_ids, dtype=torch.int64)
return result
""",
    "nb17-packed-item": """
first = int(starts[i])
tokens = stream[first:first + block]   # puede quedarse corto al final del flujo

inputs = torch.full((block,), 0, dtype=torch.int64)
targets = torch.full((block,), 0, dtype=torch.int64)
inputs[:len(tokens)] = tokens
targets[:block - 1] = inputs[1:]
return inputs, targets
""",
    "nb17-loss-per-game": """
B, T, V = logits.shape
# pérdida de cada posición, sin media
each = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)
real = y > 0    # lo que no es <pad>

return (each * real).sum(dim=1) / real.sum(dim=1)
""",
    "nb18-attention-forward": """
B, T, width = x.shape
query, key, value = self.qkv(x).split(width, dim=2)

# cabezas delante: (B, H, T, D)
query, key, value = (part.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for part in (query, key, value))
att = F.scaled_dot_product_attention(query, key, value, is_causal=True, dropout_p=0.0 if not self.training else self.dropout)

att = att.transpose(1, 2).contiguous().view(B, T, width)   # juntas otra vez
return self.resid_drop(self.proj(att))
""",
    "nb18-block-forward": """
# primero la atención, luego el mlp, cada uno con su residuo
h = x + self.attn(self.ln1(x))
out = h + self.mlp(self.ln2(h))
return out
""",
    "nb18-decoder-forward": """
idxs = torch.arange(T, device=idx.device)   # posiciones 0..T-1
h = self.drop(self.positions(idxs) + self.tokens(idx))

for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))

# pérdida sin el relleno
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """
# sesgos y LayerNorm: sin decaimiento
flat = [w for w in model.parameters() if w.dim() < 2]
matrices = [w for w in model.parameters() if w.dim() > 1]
return [{"params": matrices, "weight_decay": weight_decay}, {"params": flat, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """
if step < warmup:   # calentamiento
    return step * lr / warmup
bottom = min_lr_ratio * lr

p = min(1.0, (step - warmup) / (max_steps - warmup))
return bottom + (lr - bottom) * 0.5 * (1 + math.cos(math.pi * p))
""",
}
