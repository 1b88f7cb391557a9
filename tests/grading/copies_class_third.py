"""Una tercera clase apartada para el informe de parecidos (11-bucle, 17-partidas-a-lotes y 18-decoder), escrita
a mano y a ciegas: sin ver los juegos independientes (``catalogues/independent``), ni los alumnos de las otras
clases apartadas, ni los umbrales. Nadie se retocó después de medir.

- ``lucia``, ``mateo`` y ``nora`` lo resuelven cada uno por su cuenta, sin mirarse:
  ``lucia`` con lo que el curso enseña hasta ahí, corto, casi como la solución en lo corto;
  ``mateo`` con bucles y nombres largos (``copies_class_third_loops``);
  ``nora`` como quien ya programaba: funciones de torch que el curso aún no enseñó (``unfold``,
  ``torch.unique``, ``gather``, ``F.pad``), comprensiones y funciones auxiliares;
- ``raul`` y ``sara`` entregan el mismo trabajo (``copies_class_third_pair``): el de ``raul``, que no es la
  solución publicada; ``sara`` lo cambia a mano como quien copia (otros nombres, comentarios, líneas en
  blanco, alguna sentencia independiente en otro orden y alguna expresión escrita de otra forma);
- ``tomas`` pega la solución publicada (la de ``source/``) disfrazada a mano del mismo modo
  (``copies_class_third_copy``);
- ``vera`` entrega la versión de alumno sin tocar.

Todos menos ``vera`` aprueban todos los tests de cada ejercicio de código (comprobado con
``proof_execution.run``, como los juegos independientes). Cada alumno trae, por ``grade_id``, lo que va en
lugar del ``raise NotImplementedError()`` de la versión de alumno, sin su sangría (``copies_class.fill``).
"""

from __future__ import annotations

from copies_class_third_copy import TOMAS
from copies_class_third_loops import MATEO
from copies_class_third_pair import RAUL, SARA

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("lucia", "mateo", "nora"), ("raul", "sara"), "tomas", "vera"

LUCIA = {
    "nb11-make-xy": """
N = (len(stream) - 1) // T
x = stream[:N * T].view(N, T)
y = stream[1:N * T + 1].view(N, T)
return x, y
""",
    "nb11-accumulated-step": """
opt.zero_grad()
chunk = len(x) // n_micro
loss_sum = 0.0
for k in range(n_micro):
    xs = x[k * chunk:(k + 1) * chunk]
    ys = y[k * chunk:(k + 1) * chunk]
    logits = model(xs)
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), ys.reshape(-1))
    (loss / n_micro).backward()
    loss_sum += loss.item()
opt.step()
return loss_sum / n_micro
""",
    "nb11-data-floor": """
from collections import Counter
import math

a_list = x.reshape(-1).tolist()
b_list = y.reshape(-1).tolist()
pairs = Counter(zip(a_list, b_list))
firsts = Counter(a_list)
s = 0.0
for (a, b), n in pairs.items():
    s -= n * math.log(n / firsts[a])
return s / len(a_list)
""",
    "nb17-pad-to": """
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    out[i, :len(s)] = torch.tensor(s, dtype=torch.int64)
return out
""",
    "nb17-packed-item": """
start = int(starts[i])
window = stream[start:start + block]
x = torch.zeros(block, dtype=torch.int64)
x[:len(window)] = window
y = torch.zeros(block, dtype=torch.int64)
y[:block - 1] = x[1:]
return x, y
""",
    "nb17-loss-per-game": """
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none")
losses = losses.view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
""",
    "nb18-attention-forward": """
B, T, d = x.shape
qkv = self.qkv(x)
q = qkv[..., :d]
k = qkv[..., d:2 * d]
v = qkv[..., 2 * d:]
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
y = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
y = y.transpose(1, 2).reshape(B, T, d)
return self.resid_drop(self.proj(y))
""",
    "nb18-block-forward": """
h = x + self.attn(self.ln1(x))
out = h + self.mlp(self.ln2(h))
return out
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
with_decay = []
without_decay = []
for p in model.parameters():
    if p.dim() >= 2:
        with_decay.append(p)
    else:
        without_decay.append(p)
return [{"params": with_decay, "weight_decay": weight_decay},
        {"params": without_decay, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """
s = lr * min_lr_ratio
if step < warmup:
    return lr * step / warmup
if step > max_steps:
    return s
p = (step - warmup) / (max_steps - warmup)
return s + 0.5 * (lr - s) * (1 + math.cos(math.pi * p))
""",
}

NORA = {
    "nb11-make-xy": """
n = (stream.numel() - 1) // T
if n <= 0:
    empty = stream.new_empty((0, T))
    return empty, empty.clone()
windows = stream.unfold(0, T + 1, T)[:n]
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
    "nb11-accumulated-step": """
opt.zero_grad(set_to_none=True)
losses = []
for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro)):
    logits = model(xb)
    loss = F.cross_entropy(logits.flatten(0, 1), yb.flatten())
    loss.div(n_micro).backward()
    losses.append(loss.detach())
opt.step()
return torch.stack(losses).mean().item()
""",
    "nb11-data-floor": """
pairs = torch.stack([x.flatten(), y.flatten()], dim=1)
_, pair_of, pair_counts = torch.unique(pairs, dim=0, return_inverse=True, return_counts=True)
_, ctx_of, ctx_counts = torch.unique(pairs[:, 0], return_inverse=True, return_counts=True)
p = pair_counts[pair_of].double() / ctx_counts[ctx_of].double()
return -p.log().mean().item()
""",
    "nb17-pad-to": """
from torch.nn.functional import pad

rows = [torch.as_tensor(list(seq)[:T], dtype=torch.long) for seq in seqs]
if not rows:
    return torch.empty((0, T), dtype=torch.long)
return torch.stack([pad(r, (0, T - r.numel()), value=pad_id) for r in rows])
""",
    "nb17-packed-item": """
begin = int(starts[i])
chunk = stream[begin:begin + block].to(torch.long)
x = F.pad(chunk, (0, block - chunk.numel()))
y = torch.cat([x[1:], x.new_zeros(1)])
return x, y
""",
    "nb17-loss-per-game": """
mask = y.ne(0)
nll = -logits.log_softmax(-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
return nll.masked_fill(~mask, 0).sum(1) / mask.sum(1)
""",
    "nb18-attention-forward": """
B, T, C = x.shape
q, k, v = self.qkv(x).view(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
out = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=self.dropout * self.training)
return self.resid_drop(self.proj(out.transpose(1, 2).reshape(B, T, C)))
""",
    "nb18-block-forward": """
x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
    "nb18-decoder-forward": """
h = self.drop(self.tokens(idx) + self.positions.weight[:T])
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """
groups = {True: [], False: []}
for p in model.parameters():
    groups[p.ndim >= 2].append(p)
return [{"params": groups[True], "weight_decay": weight_decay},
        {"params": groups[False], "weight_decay": 0.0}]
""",
    "nb18-lr-at": """
def cosine(t):
    return 0.5 * (1.0 + math.cos(math.pi * t))

floor = lr * min_lr_ratio
if step < warmup:
    return lr * step / warmup
t = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + (lr - floor) * cosine(t)
""",
}

WORK = {"lucia": LUCIA, "mateo": MATEO, "nora": NORA, "raul": RAUL, "sara": SARA, "tomas": TOMAS, "vera": {}}
