"""Adela, la copiona: pega la solución publicada de ``source/`` y la disfraza a mano."""

WORK = {
    "nb11-make-xy": """
count = (len(stream) - 1) // T

# entradas y objetivos, desplazados un token
inputs = stream[: count * T].reshape(count, T)
targets = stream[1 : 1 + count * T].reshape(count, T)
return inputs, targets
""",
    "nb11-accumulated-step": """
opt.zero_grad()
step_size = x.shape[0] // n_micro
acc = 0.0
for i in range(0, x.shape[0], step_size):
    out = model(x[i : i + step_size])

    # la media de este trozo
    l = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[i : i + step_size].reshape(-1))
    acc += l.item()
    (l / n_micro).backward()
opt.step()
return acc / n_micro
""",
    "nb11-data-floor": """
from collections import Counter
import math

couples = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
first_seen = Counter(c for c, _ in couples)
couple_seen = Counter(couples)

acc = 0.0
for c, n in couples:
    acc = acc - math.log(couple_seen[(c, n)] / first_seen[c])
return acc / len(couples)
""",
    "nb17-pad-to": """
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for row, s in enumerate(seqs):
    cut = list(s)[:T]   # como mucho T ids
    out[row, : len(cut)] = torch.tensor(cut, dtype=torch.int64)
return out
""",
    "nb17-packed-item": """
begin = int(starts[i])
# si el flujo se acaba, vienen menos de block
piece = stream[begin : begin + block]
y = torch.full((block,), 0, dtype=torch.int64)
x = torch.full((block,), 0, dtype=torch.int64)
x[: len(piece)] = piece

y[: block - 1] = x[1:]
return x, y
""",
    "nb17-loss-per-game": """
B, T, V = logits.shape
real = y != 0
each = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)
return (real * each).sum(dim=1) / real.sum(dim=1)
""",
    "nb18-attention-forward": """
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=-1)

# (B, H, T, D) para las tres
q, k, v = (m.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for m in (q, k, v))
p = self.dropout if self.training else 0.0
res = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=p)
res = res.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(res))
""",
    "nb18-block-forward": """
# primero la atención, luego el MLP, cada uno con su residuo
h = x + self.attn(self.ln1(x))
return h + self.mlp(self.ln2(h))
""",
    "nb18-decoder-forward": """
idxs = torch.arange(T, device=idx.device)
h = self.drop(self.positions(idxs) + self.tokens(idx))
for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))

if targets is None:
    return logits, None
loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """
without = [w for w in model.parameters() if w.dim() <= 1]
with_decay = [w for w in model.parameters() if w.dim() > 1]
return [{"params": with_decay, "weight_decay": weight_decay}, {"params": without, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """
if step < warmup:
    return step * lr / warmup
low = lr * min_lr_ratio
frac = min(1.0, (step - warmup) / (max_steps - warmup))

return low + (lr - low) * 0.5 * (1 + math.cos(frac * math.pi))
""",
}
