"""Décima clase apartada para el informe de parecidos: 11-bucle, 17-partidas-a-lotes y 18-decoder.

Nadie la ha usado para ajustar el informe: se escribió a ciegas, a mano, y no se ejecutó nada que
compare alumnos. Ningún alumno se retocó después de medir nada (no se midió nada); lo único que se
comprobó es que cada uno, menos el blanco, aprueba todos los tests de los tres cuadernos, y todos
aprobaron a la primera, así que tampoco hubo que arreglar ninguno.

Cada código es el cuerpo que va en lugar del ``raise NotImplementedError()`` de la versión de
alumno, sin su sangría.

Quién es quién:

- Honrados, cada uno por su cuenta, escritos leyendo solo ``release/`` (enunciados y tests):
  - ``lorena``: solo lo que el curso ha enseñado hasta cada cuaderno, corto y directo (cortes y
    ``reshape``, ``chunk``, ``Counter``, ``torch.full``, ``reduction="none"``, ``split`` y
    ``transpose``, comprensiones sencillas).
  - ``mario``: principiante; bucles, pasos intermedios con nombres largos, diccionarios contados a
    mano con ``if``/``else``, listas de Python que al final pasan a tensor.
  - ``blanca``: ya programaba; funciones auxiliares, ``functools.reduce``, y otras funciones de
    torch (``unfold``, ``tensor_split``, ``unique`` con ``return_inverse``, ``pad_sequence`` y
    ``F.pad``, ``log_softmax`` con ``gather``, ``unflatten``/``permute``/``unbind``).
- Pareja:
  - ``pilar`` lo resuelve a su manera: índices ``arange`` con difusión para las ventanas, gradientes
    a ``None`` a mano, suma por parejas distintas en el suelo, ``torch.roll``, ``reshape(B, T, 3, H,
    D)`` en la atención.
  - ``rodrigo`` le copia y lo disfraza a mano: otros nombres, comentarios, líneas en blanco, alguna
    sentencia independiente en otro orden y alguna expresión escrita de otra forma equivalente
    (``unsqueeze`` por ``[None]``, ``+=`` de listas por ``extend``, un ``if`` por la expresión
    condicional...).
- Copión: ``susana`` pega la solución publicada de ``source/`` y la disfraza a mano del mismo modo;
  sigue siendo la solución pegada y retocada, no reescrita.
- Blanco: ``jorge`` no entrega nada.

Los tres honrados y la pareja se escribieron antes de abrir ``source/``. Al abrirlo para el copión se
vio que varios ejercicios de ``lorena`` salen casi iguales a los publicados (``param_groups`` es la
misma cuenta con las dos comprensiones y ``p.dim()``; ``make_xy``, ``loss_per_game``, la atención,
``packed_item`` y ``lr_at`` se les parecen mucho) y que el ``forward`` del decodificador de ``pilar``
llama ``where`` a las posiciones, como el publicado: es lo que salió al escribirlos y se dejaron tal
cual.

Un tropiezo al escribirla: antes de empezar, para ver el formato, se abrieron por error las primeras
40 líneas de la novena clase (``copies_class_ninth.py``: su docstring y el comienzo del primer
ejercicio de su primer honrado). Ningún código de esta clase se cambió después por eso: los once
ejercicios de los cinco alumnos ya estaban pensados antes y se escribieron tal como estaban pensados.
"""

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("lorena", "mario", "blanca"), ("pilar", "rodrigo"), "susana", "jorge"

LORENA = {
    "nb11-make-xy": """\
n = (len(stream) - 1) // T
x = stream[: n * T].reshape(n, T)
y = stream[1 : n * T + 1].reshape(n, T)
return x, y
""",
    "nb11-accumulated-step": """\
opt.zero_grad()
total = 0.0
for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro)):
    logits = model(xb)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), yb.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
    "nb11-data-floor": """\
import math
from collections import Counter

pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_counts = Counter(pairs)
first_counts = Counter(a for a, _ in pairs)
return -sum(math.log(pair_counts[p] / first_counts[p[0]]) for p in pairs) / len(pairs)
""",
    "nb17-pad-to": """\
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    batch[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return batch
""",
    "nb17-packed-item": """\
start = int(starts[i])
window = stream[start : start + block].long()
x = torch.zeros(block, dtype=torch.int64)
x[: len(window)] = window
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
""",
    "nb17-loss-per-game": """\
B, T, V = logits.shape
per_position = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (per_position * real).sum(dim=1) / real.sum(dim=1)
""",
    "nb18-attention-forward": """\
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=-1)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(out))
""",
    "nb18-block-forward": """\
x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
    "nb18-decoder-forward": """\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
}

MARIO = {
    "nb11-make-xy": """\
number_of_windows = (len(stream) - 1) // T
x_rows = []
y_rows = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    input_tokens = stream[window_start : window_start + T]
    target_tokens = stream[window_start + 1 : window_start + T + 1]
    x_rows.append(input_tokens)
    y_rows.append(target_tokens)
x = torch.stack(x_rows)
y = torch.stack(y_rows)
return x, y
""",
    "nb11-accumulated-step": """\
total_batch_size = x.shape[0]
micro_batch_size = total_batch_size // n_micro
opt.zero_grad()
total_loss_value = 0.0
for micro_index in range(n_micro):
    start_row = micro_index * micro_batch_size
    end_row = start_row + micro_batch_size
    micro_x = x[start_row:end_row]
    micro_y = y[start_row:end_row]
    micro_logits = model(micro_x)
    vocabulary_size = micro_logits.shape[-1]
    flat_logits = micro_logits.reshape(-1, vocabulary_size)
    flat_targets = micro_y.reshape(-1)
    micro_loss = F.cross_entropy(flat_logits, flat_targets)
    # cada trozo pone su parte de la media: su media dividida entre el número de trozos
    scaled_loss = micro_loss / n_micro
    scaled_loss.backward()
    total_loss_value = total_loss_value + micro_loss.item() / n_micro
opt.step()
return total_loss_value
""",
    "nb11-data-floor": """\
import math

current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
pair_count = {}
current_count = {}
for current_token, next_token in zip(current_tokens, next_tokens):
    pair = (current_token, next_token)
    if pair in pair_count:
        pair_count[pair] = pair_count[pair] + 1
    else:
        pair_count[pair] = 1
    if current_token in current_count:
        current_count[current_token] = current_count[current_token] + 1
    else:
        current_count[current_token] = 1
total_cost = 0.0
for current_token, next_token in zip(current_tokens, next_tokens):
    probability = pair_count[(current_token, next_token)] / current_count[current_token]
    total_cost = total_cost - math.log(probability)
number_of_positions = len(current_tokens)
return total_cost / number_of_positions
""",
    "nb17-pad-to": """\
padded_rows = []
for sequence in seqs:
    row = []
    for position in range(T):
        if position < len(sequence):
            row.append(sequence[position])
        else:
            row.append(pad_id)
    padded_rows.append(row)
result = torch.tensor(padded_rows, dtype=torch.int64)
return result
""",
    "nb17-packed-item": """\
start_position = int(starts[i])
stream_length = len(stream)
x_values = []
for offset in range(block):
    position = start_position + offset
    if position < stream_length:
        x_values.append(int(stream[position]))
    else:
        x_values.append(0)
y_values = []
for offset in range(block - 1):
    y_values.append(x_values[offset + 1])
y_values.append(0)
x = torch.tensor(x_values, dtype=torch.int64)
y = torch.tensor(y_values, dtype=torch.int64)
return x, y
""",
    "nb17-loss-per-game": """\
batch_size = logits.shape[0]
sequence_length = logits.shape[1]
vocabulary_size = logits.shape[2]
flat_logits = logits.reshape(batch_size * sequence_length, vocabulary_size)
flat_targets = y.reshape(batch_size * sequence_length)
flat_losses = F.cross_entropy(flat_logits, flat_targets, reduction="none", ignore_index=0)
losses_per_position = flat_losses.reshape(batch_size, sequence_length)
is_real_target = y != 0
number_of_real_targets = is_real_target.sum(dim=1)
sum_of_losses = losses_per_position.sum(dim=1)
average_loss = sum_of_losses / number_of_real_targets
return average_loss
""",
    "nb18-attention-forward": """\
batch_size, sequence_length, model_width = x.shape
query_key_value = self.qkv(x)
queries = query_key_value[:, :, 0:model_width]
keys = query_key_value[:, :, model_width : 2 * model_width]
values = query_key_value[:, :, 2 * model_width : 3 * model_width]
queries = queries.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
queries = queries.transpose(1, 2)
keys = keys.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
keys = keys.transpose(1, 2)
values = values.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
values = values.transpose(1, 2)
if self.training:
    attention_dropout = self.dropout
else:
    attention_dropout = 0.0
attended = F.scaled_dot_product_attention(queries, keys, values, dropout_p=attention_dropout, is_causal=True)
attended = attended.transpose(1, 2)
joined_heads = attended.reshape(batch_size, sequence_length, model_width)
projected = self.proj(joined_heads)
output = self.resid_drop(projected)
return output
""",
    "nb18-block-forward": """\
normalized_for_attention = self.ln1(x)
attention_output = self.attn(normalized_for_attention)
after_attention = x + attention_output
normalized_for_mlp = self.ln2(after_attention)
mlp_output = self.mlp(normalized_for_mlp)
result = after_attention + mlp_output
return result
""",
    "nb18-decoder-forward": """\
token_embeddings = self.tokens(idx)
position_numbers = torch.arange(0, T, dtype=torch.long, device=idx.device)
position_embeddings = self.positions(position_numbers)
hidden = token_embeddings + position_embeddings
hidden = self.drop(hidden)
for current_block in self.blocks:
    hidden = current_block(hidden)
hidden = self.ln_f(hidden)
logits = self.lm_head(hidden)
if targets is None:
    loss = None
else:
    vocabulary_size = logits.shape[-1]
    flat_logits = logits.reshape(B * T, vocabulary_size)
    flat_targets = targets.reshape(B * T)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
parameters_with_decay = []
parameters_without_decay = []
for parameter in model.parameters():
    if parameter.dim() >= 2:
        parameters_with_decay.append(parameter)
    else:
        parameters_without_decay.append(parameter)
first_group = {"params": parameters_with_decay, "weight_decay": weight_decay}
second_group = {"params": parameters_without_decay, "weight_decay": 0.0}
return [first_group, second_group]
""",
    "nb18-lr-at": """\
minimum_lr = lr * min_lr_ratio
if step < warmup:
    fraction_of_warmup = step / warmup
    current_lr = lr * fraction_of_warmup
elif step > max_steps:
    current_lr = minimum_lr
else:
    steps_since_warmup = step - warmup
    decay_steps = max_steps - warmup
    progress = steps_since_warmup / decay_steps
    cosine_value = math.cos(math.pi * progress)
    current_lr = minimum_lr + 0.5 * (lr - minimum_lr) * (1 + cosine_value)
return float(current_lr)
""",
}

BLANCA = {
    "nb11-make-xy": """\
n = (stream.numel() - 1) // T
# ventanas de T + 1 tokens que avanzan de T en T: cada una comparte su último token con la siguiente
windows = stream[: n * T + 1].unfold(0, T + 1, T)
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
    "nb11-accumulated-step": """\
def piece_loss(xs, ys):
    logits = model(xs)
    return F.cross_entropy(logits.flatten(0, 1), ys.flatten())

opt.zero_grad(set_to_none=True)
losses = []
for xs, ys in zip(x.tensor_split(n_micro), y.tensor_split(n_micro)):
    loss = piece_loss(xs, ys) / n_micro
    loss.backward()
    losses.append(loss.detach())
opt.step()
return torch.stack(losses).sum().item()
""",
    "nb11-data-floor": """\
flat_x, flat_y = x.flatten(), y.flatten()
_, pair_of, pair_counts = torch.stack([flat_x, flat_y], dim=1).unique(dim=0, return_inverse=True, return_counts=True)
_, context_of, context_counts = flat_x.unique(return_inverse=True, return_counts=True)
p = pair_counts[pair_of].double() / context_counts[context_of].double()
return -p.log().mean().item()
""",
    "nb17-pad-to": """\
import torch.nn.functional as F
from torch.nn.utils.rnn import pad_sequence

rows = [torch.as_tensor(s[:T], dtype=torch.long) for s in seqs]
out = pad_sequence(rows, batch_first=True, padding_value=pad_id)
return F.pad(out, (0, T - out.shape[1]), value=pad_id)
""",
    "nb17-packed-item": """\
import torch.nn.functional as F

begin = starts[i].item()
window = stream[begin : begin + block].to(torch.int64)
x = F.pad(window, (0, block - window.numel()))
y = torch.cat([x[1:], x.new_zeros(1)])
return x, y
""",
    "nb17-loss-per-game": """\
log_probs = logits.log_softmax(dim=-1)
picked = log_probs.gather(-1, y.unsqueeze(-1)).squeeze(-1)
mask = y.ne(0)
return -torch.where(mask, picked, torch.zeros_like(picked)).sum(-1) / mask.sum(-1)
""",
    "nb18-attention-forward": """\
q, k, v = self.qkv(x).unflatten(-1, (3, self.n_head, self.head_dim)).permute(2, 0, 3, 1, 4).unbind(0)
y = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(y.transpose(1, 2).flatten(2)))
""",
    "nb18-block-forward": """\
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
    "nb18-decoder-forward": """\
import functools

h = self.drop(self.tokens(idx) + self.positions.weight[:T])
h = functools.reduce(lambda acc, blk: blk(acc), self.blocks, h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
buckets = {True: [], False: []}
for p in model.parameters():
    buckets[p.ndim >= 2].append(p)
return [dict(params=buckets[True], weight_decay=weight_decay), dict(params=buckets[False], weight_decay=0.0)]
""",
    "nb18-lr-at": """\
if step < warmup:
    return float(lr * step / warmup)
progress = min(max(step - warmup, 0) / (max_steps - warmup), 1.0)
floor = lr * min_lr_ratio
return float(floor + (lr - floor) * (1 + math.cos(math.pi * progress)) / 2)
""",
}

PILAR = {
    "nb11-make-xy": """\
count = (len(stream) - 1) // T
starts = torch.arange(count) * T
offsets = torch.arange(T)
index = starts[:, None] + offsets[None, :]
return stream[index], stream[index + 1]
""",
    "nb11-accumulated-step": """\
for p in model.parameters():
    p.grad = None
size = x.shape[0] // n_micro
running = 0.0
for k in range(n_micro):
    rows = slice(k * size, (k + 1) * size)
    logits = model(x[rows])
    part = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y[rows].reshape(-1))
    (part / n_micro).backward()
    running += part.item()
opt.step()
return running / n_micro
""",
    "nb11-data-floor": """\
import math

a = x.reshape(-1).tolist()
b = y.reshape(-1).tolist()
seen_pair, seen_first = {}, {}
for u, v in zip(a, b):
    seen_pair[(u, v)] = seen_pair.get((u, v), 0) + 1
    seen_first[u] = seen_first.get(u, 0) + 1
total = 0.0
for (u, v), c in seen_pair.items():
    total -= c * math.log(c / seen_first[u])
return total / len(a)
""",
    "nb17-pad-to": """\
out = []
for s in seqs:
    row = list(s)[:T]
    row.extend([pad_id] * (T - len(row)))
    out.append(row)
return torch.tensor(out, dtype=torch.long)
""",
    "nb17-packed-item": """\
s = int(starts[i])
end = min(s + block, len(stream))
x = torch.full((block,), 0, dtype=torch.long)
x[: end - s] = stream[s:end]
y = torch.roll(x, -1)
y[-1] = 0
return x, y
""",
    "nb17-loss-per-game": """\
V = logits.shape[-1]
costs = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none")
costs = costs.reshape(y.shape)
counts = (y > 0).sum(dim=1)
return costs.sum(dim=1) / counts
""",
    "nb18-attention-forward": """\
B, T, C = x.shape
H, D = self.n_head, self.head_dim
qkv = self.qkv(x).reshape(B, T, 3, H, D)
q = qkv[:, :, 0].transpose(1, 2)
k = qkv[:, :, 1].transpose(1, 2)
v = qkv[:, :, 2].transpose(1, 2)
drop = self.dropout if self.training else 0.0
att = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=drop)
merged = att.transpose(1, 2).reshape(B, T, C)
return self.resid_drop(self.proj(merged))
""",
    "nb18-block-forward": """\
h = x + self.attn(self.ln1(x))
return h + self.mlp(self.ln2(h))
""",
    "nb18-decoder-forward": """\
where = torch.arange(T, device=idx.device)
h = self.tokens(idx) + self.positions(where)[None]
h = self.drop(h)
for layer in self.blocks:
    h = layer(h)
h = self.ln_f(h)
logits = self.lm_head(h)
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.reshape(B * T, -1), targets.reshape(B * T), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
matrices, others = [], []
for name, p in model.named_parameters():
    (matrices if p.ndim > 1 else others).append(p)
return [
    {"params": matrices, "weight_decay": weight_decay},
    {"params": others, "weight_decay": 0.0},
]
""",
    "nb18-lr-at": """\
if step < warmup:
    return lr * (step / warmup)
if step >= max_steps:
    return lr * min_lr_ratio
low = lr * min_lr_ratio
t = (step - warmup) / (max_steps - warmup)
return low + (lr - low) * 0.5 * (1.0 + math.cos(math.pi * t))
""",
}

# rodrigo copia a pilar y lo retoca a mano para que no se note
RODRIGO = {
    "nb11-make-xy": """\
# cuántas ventanas completas caben
n_windows = (len(stream) - 1) // T
positions = torch.arange(T)
first = T * torch.arange(n_windows)

idx = first.unsqueeze(1) + positions.unsqueeze(0)   # (N, T)
return stream[idx], stream[1 + idx]
""",
    "nb11-accumulated-step": """\
chunk = x.shape[0] // n_micro
for param in model.parameters():
    param.grad = None   # fuera lo que quedara de antes

acc = 0.0
for j in range(n_micro):
    sel = slice(j * chunk, j * chunk + chunk)
    out = model(x[sel])
    piece = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[sel].reshape(-1))
    acc += piece.item()
    (piece / n_micro).backward()

opt.step()
return acc / n_micro
""",
    "nb11-data-floor": """\
import math

cur = x.reshape(-1).tolist()
nxt = y.reshape(-1).tolist()
by_pair, by_current = {}, {}
for c, n in zip(cur, nxt):
    by_current[c] = by_current.get(c, 0) + 1
    by_pair[(c, n)] = by_pair.get((c, n), 0) + 1

# cada pareja distinta pesa tantas veces como aparece
acc = 0.0
for (c, n), times in by_pair.items():
    acc = acc - times * math.log(times / by_current[c])
return acc / len(cur)
""",
    "nb17-pad-to": """\
rows = []
for seq in seqs:
    r = list(seq)[:T]
    r += [pad_id] * (T - len(r))   # relleno a la derecha
    rows.append(r)

return torch.tensor(rows, dtype=torch.int64)
""",
    "nb17-packed-item": """\
begin = int(starts[i])
stop = min(len(stream), begin + block)

x = torch.zeros(block, dtype=torch.long)
x[: stop - begin] = stream[begin:stop]
# y es x movido una posición a la izquierda, con <pad> al final
y = x.roll(-1)
y[block - 1] = 0
return x, y
""",
    "nb17-loss-per-game": """\
n_vocab = logits.shape[-1]
real = (y > 0).sum(dim=1)   # objetivos que cuentan en cada partida

per_token = F.cross_entropy(logits.reshape(-1, n_vocab), y.reshape(-1), reduction="none", ignore_index=0)
per_token = per_token.reshape(y.shape)
return per_token.sum(dim=1) / real
""",
    "nb18-attention-forward": """\
B, T, C = x.shape
packed = self.qkv(x).reshape(B, T, 3, self.n_head, self.head_dim)

# (B, H, T, D) para cada uno
query = packed[:, :, 0].transpose(1, 2)
key = packed[:, :, 1].transpose(1, 2)
value = packed[:, :, 2].transpose(1, 2)

p = 0.0
if self.training:
    p = self.dropout
heads = F.scaled_dot_product_attention(query, key, value, dropout_p=p, is_causal=True)
joined = heads.transpose(1, 2).reshape(B, T, C)
return self.resid_drop(self.proj(joined))
""",
    "nb18-block-forward": """\
out = self.attn(self.ln1(x)) + x
# segunda conexión residual
return out + self.mlp(self.ln2(out))
""",
    "nb18-decoder-forward": """\
pos = torch.arange(T, device=idx.device)
hidden = self.drop(self.tokens(idx) + self.positions(pos).unsqueeze(0))

for blk in self.blocks:
    hidden = blk(hidden)
logits = self.lm_head(self.ln_f(hidden))

loss = None
if targets is not None:
    # sin contar el relleno
    loss = F.cross_entropy(logits.reshape(B * T, -1), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
decayed, rest = [], []
for _, param in model.named_parameters():
    if param.ndim >= 2:
        decayed.append(param)
    else:
        rest.append(param)

return [
    {"params": decayed, "weight_decay": weight_decay},
    {"params": rest, "weight_decay": 0.0},
]
""",
    "nb18-lr-at": """\
floor = lr * min_lr_ratio
if step >= max_steps:
    return floor
if step < warmup:
    return lr * step / warmup   # subida en línea recta

frac = (step - warmup) / (max_steps - warmup)
return floor + 0.5 * (lr - floor) * (1.0 + math.cos(frac * math.pi))
""",
}

# susana pega la solución publicada y la retoca a mano para que no se note
SUSANA = {
    "nb11-make-xy": """\
# ventanas completas que caben en el flujo
count = (len(stream) - 1) // T

inputs = stream[: T * count].reshape(count, T)
targets = stream[1 : T * count + 1].reshape(count, T)
return inputs, targets
""",
    "nb11-accumulated-step": """\
opt.zero_grad()
step_size = x.shape[0] // n_micro
acc = 0.0

for i in range(0, x.shape[0], step_size):
    out = model(x[i : i + step_size])
    # la media del trozo; cada trozo pone 1/n_micro de la media total
    piece = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[i : i + step_size].reshape(-1))
    (piece / n_micro).backward()
    acc = acc + piece.item()

opt.step()
return acc / n_micro
""",
    "nb11-data-floor": """\
from collections import Counter
import math

couples = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
per_current = Counter(cur for cur, _ in couples)
per_couple = Counter(couples)

cost = 0.0
for cur, nxt in couples:
    cost = cost - math.log(per_couple[(cur, nxt)] / per_current[cur])
return cost / len(couples)
""",
    "nb17-pad-to": """\
out = torch.full((len(seqs), T), pad_id, dtype=torch.long)

for row, ids in enumerate(seqs):
    cut = list(ids)[:T]   # como mucho T ids
    out[row, : len(cut)] = torch.tensor(cut, dtype=torch.long)
return out
""",
    "nb17-packed-item": """\
begin = int(starts[i])
x = torch.full((block,), 0, dtype=torch.int64)
y = torch.full((block,), 0, dtype=torch.int64)

# si el flujo se acaba antes, el trozo es más corto y lo demás queda en <pad>
chunk = stream[begin : block + begin]
x[: len(chunk)] = chunk
y[: block - 1] = x[1:]
return x, y
""",
    "nb17-loss-per-game": """\
B, T, V = logits.shape
mask = y != 0

# una pérdida por posición, sin promediar
losses = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)
return (losses * mask).sum(dim=1) / mask.sum(dim=1)
""",
    "nb18-attention-forward": """\
B, T, C = x.shape
query, key, value = self.qkv(x).split(C, dim=-1)
# cabezas delante de las posiciones: (B, H, T, D)
query, key, value = (m.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for m in (query, key, value))

p = self.dropout if self.training else 0.0
heads = F.scaled_dot_product_attention(query, key, value, dropout_p=p, is_causal=True)
heads = heads.transpose(1, 2).contiguous().view(B, T, C)

return self.resid_drop(self.proj(heads))
""",
    "nb18-block-forward": """\
h = self.attn(self.ln1(x)) + x
# el MLP lee la primera suma normalizada
return h + self.mlp(self.ln2(h))
""",
    "nb18-decoder-forward": """\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.positions(pos) + self.tokens(idx))

for layer in self.blocks:
    h = layer(h)

logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    # ignore_index=0: el relleno no cuenta
    loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
with_decay = [param for param in model.parameters() if param.dim() > 1]
without_decay = [param for param in model.parameters() if param.dim() <= 1]

return [
    {"params": with_decay, "weight_decay": weight_decay},
    {"params": without_decay, "weight_decay": 0.0},
]
""",
    "nb18-lr-at": """\
if step < warmup:
    return step / warmup * lr   # calentamiento en línea recta
lowest = min_lr_ratio * lr
frac = min(1.0, (step - warmup) / (max_steps - warmup))

return lowest + (lr - lowest) * (1 + math.cos(frac * math.pi)) / 2
""",
}

WORK = {
    "lorena": LORENA,
    "mario": MARIO,
    "blanca": BLANCA,
    "pilar": PILAR,
    "rodrigo": RODRIGO,
    "susana": SUSANA,
    "jorge": {},
}
