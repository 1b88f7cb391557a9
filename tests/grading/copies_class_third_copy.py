"""``tomas``, de la tercera clase apartada (``copies_class_third``): pega la solución publicada de ``source/``,
disfrazada a mano (otros nombres, comentarios, líneas en blanco, alguna sentencia independiente en otro orden)."""

TOMAS = {
    "nb11-make-xy": """
nw = (len(stream) - 1) // T   # ventanas completas

tgt = stream[1 : nw * T + 1].reshape(nw, T)
inp = stream[: nw * T].reshape(nw, T)
return inp, tgt
""",
    "nb11-accumulated-step": """
opt.zero_grad()
step_size = x.shape[0] // n_micro
acc = 0.0

# recorro los trozos
for s in range(0, x.shape[0], step_size):
    out = model(x[s : s + step_size])
    l = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[s : s + step_size].reshape(-1))
    (l / n_micro).backward()
    acc = acc + l.item()
opt.step()
return acc / n_micro
""",
    "nb11-data-floor": """
from collections import Counter
import math

ps = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
first_counts = Counter(a for a, _ in ps)
both_counts = Counter(ps)
h = 0.0
for a, b in ps:
    # -log p(b | a)
    h = h - math.log(both_counts[(a, b)] / first_counts[a])
return h / len(ps)
""",
    "nb17-pad-to": """
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)

for r, s in enumerate(seqs):
    keep = list(s)[:T]   # corto a T
    out[r, : len(keep)] = torch.tensor(keep, dtype=torch.int64)
return out
""",
    "nb17-packed-item": """
st = int(starts[i])
w = stream[st : st + block]
# entrada, rellena con <pad>
inp = torch.full((block,), 0, dtype=torch.int64)
inp[: len(w)] = w

tgt = torch.full((block,), 0, dtype=torch.int64)
tgt[:-1] = inp[1:]
return inp, tgt
""",
    "nb17-loss-per-game": """
B, T, V = logits.shape
mask = y != 0
per_pos = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)
# media sobre lo que no es relleno
return (per_pos * mask).sum(dim=1) / mask.sum(dim=1)
""",
    "nb18-attention-forward": """
B, T, d = x.shape
qs, ks, vs = self.qkv(x).split(d, dim=2)
# (B, T, d) -> (B, H, T, D)
qs, ks, vs = (u.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for u in (qs, ks, vs))
res = F.scaled_dot_product_attention(qs, ks, vs, dropout_p=self.dropout if self.training else 0.0, is_causal=True)

res = res.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(res))
""",
    "nb18-block-forward": """
h = x + self.attn(self.ln1(x))   # atención
return h + self.mlp(self.ln2(h))
""",
    "nb18-decoder-forward": """
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))

for layer in self.blocks:
    h = layer(h)
out = self.lm_head(self.ln_f(h))
# pérdida solo si hay objetivos
l = None
if targets is not None:
    l = F.cross_entropy(out.reshape(-1, out.shape[-1]), targets.reshape(-1), ignore_index=0)
return out, l
""",
    "nb18-param-groups": """
# con decaimiento: las de 2 o más dimensiones
with_wd = [w for w in model.parameters() if w.dim() >= 2]
without_wd = [w for w in model.parameters() if w.dim() < 2]

return [{"params": with_wd, "weight_decay": weight_decay}, {"params": without_wd, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """
low = lr * min_lr_ratio
if step < warmup:
    return lr * step / warmup
# fracción del coseno, como mucho 1
frac = min((step - warmup) / (max_steps - warmup), 1.0)
return low + 0.5 * (lr - low) * (1 + math.cos(math.pi * frac))
""",
}
