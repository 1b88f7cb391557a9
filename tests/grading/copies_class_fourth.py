"""Una cuarta clase apartada para el informe de parecidos (11-bucle, 17-partidas-a-lotes y 18-decoder), escrita
a mano y a ciegas: sin ver los juegos independientes (``catalogues/independent``), ni los alumnos de las otras
clases apartadas, ni los umbrales. Nadie se retocó después de medir.

- ``alba``, ``ciro`` y ``celia`` lo resuelven cada uno por su cuenta, sin mirarse:
  ``alba`` con lo que el curso enseña hasta ahí, corto, casi como la solución en lo corto (aquí);
  ``ciro`` con bucles y nombres largos (``copies_class_fourth_loops``);
  ``celia`` como quien ya programaba: ``unfold``, ``chunk``, ``torch.unique``, ``F.pad``, ``gather``,
  ``unflatten``, comprensiones y funciones auxiliares (``copies_class_fourth_coder``);
- ``diego`` y ``elena`` entregan el mismo trabajo (``copies_class_fourth_pair``): el de ``diego``, que no es la
  solución publicada; ``elena`` lo cambia a mano como quien copia (otros nombres, comentarios, líneas en
  blanco, alguna sentencia independiente en otro orden y alguna expresión escrita de otra forma);
- ``fermin`` pega la solución publicada (la de ``source/``) disfrazada a mano del mismo modo
  (``copies_class_fourth_copy``);
- ``gloria`` entrega la versión de alumno sin tocar.

Todos menos ``gloria`` aprueban todos los tests de cada ejercicio de código (comprobado con
``proof_execution.run``, como los juegos independientes). Cada alumno trae, por ``grade_id``, lo que va en
lugar del ``raise NotImplementedError()`` de la versión de alumno, sin su sangría (``copies_class.fill``).
"""

from __future__ import annotations

from copies_class_fourth_coder import CELIA
from copies_class_fourth_copy import FERMIN
from copies_class_fourth_loops import CIRO
from copies_class_fourth_pair import DIEGO, ELENA

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("alba", "ciro", "celia"), ("diego", "elena"), "fermin", "gloria"

ALBA = {
    "nb11-make-xy": """
N = (stream.shape[0] - 1) // T
x = stream[:N * T].view(N, T)
y = stream[1:N * T + 1].view(N, T)
return x, y
""",
    "nb11-accumulated-step": """
b = x.shape[0] // n_micro
opt.zero_grad()
loss_sum = 0.0
for i in range(n_micro):
    xb = x[i * b:(i + 1) * b]
    yb = y[i * b:(i + 1) * b]
    logits = model(xb)
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), yb.reshape(-1)) / n_micro
    loss.backward()
    loss_sum += loss.item()
opt.step()
return loss_sum
""",
    "nb11-data-floor": """
import math
from collections import Counter

a_list = x.reshape(-1).tolist()
b_list = y.reshape(-1).tolist()
n_pair = Counter(zip(a_list, b_list))
n_a = Counter(a_list)
total = 0.0
for (a, b), c in n_pair.items():
    total -= c * math.log(c / n_a[a])
return total / len(a_list)
""",
    "nb17-pad-to": """
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    out[i, :len(s)] = torch.tensor(s)
return out
""",
    "nb17-packed-item": """
s = starts[i].item()
x = torch.zeros(block, dtype=torch.int64)
piece = stream[s:s + block]
x[:len(piece)] = piece
y = torch.zeros(block, dtype=torch.int64)
y[:block - 1] = x[1:]
return x, y
""",
    "nb17-loss-per-game": """
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
""",
    "nb18-attention-forward": """
B, T, d = x.shape
H, D = self.n_head, self.head_dim
qkv = self.qkv(x)
q = qkv[..., :d].view(B, T, H, D).transpose(1, 2)
k = qkv[..., d:2 * d].view(B, T, H, D).transpose(1, 2)
v = qkv[..., 2 * d:].view(B, T, H, D).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(out))
""",
    "nb18-block-forward": """
x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
    "nb18-decoder-forward": """
pos = torch.arange(T, device=idx.device)
h = self.tokens(idx) + self.positions(pos)
h = self.drop(h)
for blk in self.blocks:
    h = blk(h)
h = self.ln_f(h)
logits = self.lm_head(h)
if targets is None:
    return logits, None
V = logits.shape[-1]
loss = F.cross_entropy(logits.view(-1, V), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """
decay = []
no_decay = []
for p in model.parameters():
    if p.dim() >= 2:
        decay.append(p)
    else:
        no_decay.append(p)
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """
if step < warmup:
    return lr * step / warmup
s = lr * min_lr_ratio
if step >= max_steps:
    return s
p = (step - warmup) / (max_steps - warmup)
return s + 0.5 * (lr - s) * (1 + math.cos(math.pi * p))
""",
}

WORK = {"alba": ALBA, "ciro": CIRO, "celia": CELIA, "diego": DIEGO, "elena": ELENA, "fermin": FERMIN, "gloria": {}}
