"""Vigésima cuarta clase de prueba del informe de parecidos: cuadernos 11, 17 y 18, escrita a ciegas.

Siete alumnos inventados, cada uno con todos los ejercicios de código de los tres cuadernos (las celdas
de solución con ``grade_id``; no las predicciones de respuesta corta). Cada código es lo que va en lugar
del ``raise NotImplementedError()`` de la versión de alumno, sin su sangría.

Quién es quién:

- ``jimena``, ``prudencio`` y ``rebeca`` (``HONEST``) trabajan cada uno por su cuenta. Jimena usa solo lo
  que el curso ha enseñado hasta cada cuaderno y escribe corto y directo; Prudencio es principiante (bucles,
  pasos intermedios, nombres largos); Rebeca ya programaba (funciones auxiliares, comprensiones, ``unfold``,
  ``unique``, ``tensor_split``, ``gather``, ``functools.reduce``...).
- ``leopoldo`` y ``marisol`` (``PAIR``): Leopoldo lo resuelve a su manera (pérdidas sumadas y divididas por
  el total, ``bincount``, ``narrow``, ``permute`` de un solo ``reshape``...); Marisol le copia y lo retoca a
  mano para que no se note: otros nombres, comentarios, líneas en blanco, sentencias independientes en
  otro orden y alguna expresión escrita de otra forma equivalente.
- ``nicanor`` (``COPIER``) pega la solución publicada y la disfraza a mano del mismo modo; sigue siendo la
  solución retocada, no reescrita.
- ``obdulia`` (``BLANK``) entrega el cuaderno en blanco.

Cómo se escribió: a mano y a ciegas, sin mirar el informe de parecidos, sus umbrales, las soluciones
independientes ni las demás clases de prueba. Los tres honrados y la pareja se escribieron leyendo solo
la versión de alumno (``release/``) y los cuadernos anteriores; la solución publicada (``source/``) se
abrió después, solo para el copión. Todos menos el blanco aprueban todos los tests de los tres cuadernos
(comprobado con ``proof_execution.run``, la prueba de respuestas equivocadas); no se midió ningún parecido
y ningún alumno se retocó después.
"""

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("jimena", "prudencio", "rebeca"), ("leopoldo", "marisol"), "nicanor", "obdulia"

HONEST_WORK = {
    # --- jimena: lo que el curso ha enseñado hasta cada cuaderno, corto y directo ---
    "jimena": {
        "nb11-make-xy": """\
N = (len(stream) - 1) // T
x = stream[:N * T].view(N, T)
y = stream[1:N * T + 1].view(N, T)
return x, y
""",
        "nb11-accumulated-step": """\
size = x.shape[0] // n_micro
opt.zero_grad()
total = 0.0
for k in range(n_micro):
    logits = model(x[k * size:(k + 1) * size])
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), y[k * size:(k + 1) * size].reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
        "nb11-data-floor": """\
pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_count = Counter(pairs)
current_count = Counter(a for a, b in pairs)
return -sum(math.log(pair_count[(a, b)] / current_count[a]) for a, b in pairs) / len(pairs)
""",
        "nb17-pad-to": """\
rows = [s[:T] + [pad_id] * (T - len(s[:T])) for s in seqs]
return torch.tensor(rows, dtype=torch.int64)
""",
        "nb17-packed-item": """\
start = int(starts[i])
window = stream[start:start + block + 1].long()
if len(window) < block + 1:
    window = torch.cat([window, torch.zeros(block + 1 - len(window), dtype=torch.int64)])
x = window[:-1]
y = window[1:].clone()
y[-1] = 0
return x, y
""",
        "nb17-loss-per-game": """\
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
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
return x + self.mlp(self.ln2(x))
""",
        "nb18-decoder-forward": """\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for b in self.blocks:
    h = b(h)
logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
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
    },
    # --- prudencio: principiante; bucles, pasos intermedios y nombres largos ---
    "prudencio": {
        "nb11-make-xy": """\
# cuántas ventanas completas caben: cada una necesita T entradas y un objetivo más
number_of_windows = (stream.shape[0] - 1) // T
rows_of_x = []
rows_of_y = []
for window_index in range(number_of_windows):
    start_position = window_index * T
    window_inputs = stream[start_position:start_position + T]
    window_targets = stream[start_position + 1:start_position + T + 1]
    rows_of_x.append(window_inputs)
    rows_of_y.append(window_targets)
x = torch.stack(rows_of_x)
y = torch.stack(rows_of_y)
return x, y
""",
        "nb11-accumulated-step": """\
batch_size = x.shape[0]
games_per_piece = batch_size // n_micro
# primero borro lo que hubiera de antes en .grad
opt.zero_grad()
total_loss = 0.0
for piece_number in range(n_micro):
    first_game = piece_number * games_per_piece
    last_game = first_game + games_per_piece
    piece_x = x[first_game:last_game]
    piece_y = y[first_game:last_game]
    piece_logits = model(piece_x)
    vocabulary_size = piece_logits.shape[2]
    flat_logits = piece_logits.reshape(-1, vocabulary_size)
    flat_targets = piece_y.reshape(-1)
    piece_loss = F.cross_entropy(flat_logits, flat_targets)
    # cada trozo pone solo su parte de la media
    scaled_loss = piece_loss / n_micro
    scaled_loss.backward()
    total_loss = total_loss + piece_loss.item() / n_micro
opt.step()
return total_loss
""",
        "nb11-data-floor": """\
import math

current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
pair_counts = {}
current_counts = {}
for position in range(len(current_tokens)):
    a = current_tokens[position]
    b = next_tokens[position]
    if (a, b) in pair_counts:
        pair_counts[(a, b)] = pair_counts[(a, b)] + 1
    else:
        pair_counts[(a, b)] = 1
    if a in current_counts:
        current_counts[a] = current_counts[a] + 1
    else:
        current_counts[a] = 1
total = 0.0
for position in range(len(current_tokens)):
    a = current_tokens[position]
    b = next_tokens[position]
    probability = pair_counts[(a, b)] / current_counts[a]
    total = total - math.log(probability)
number_of_positions = len(current_tokens)
floor_value = total / number_of_positions
return floor_value
""",
        "nb17-pad-to": """\
padded_rows = []
for sequence in seqs:
    new_row = []
    for position in range(T):
        if position < len(sequence):
            new_row.append(sequence[position])
        else:
            new_row.append(pad_id)
    padded_rows.append(new_row)
result = torch.tensor(padded_rows, dtype=torch.int64)
return result
""",
        "nb17-packed-item": """\
start_position = int(starts[i])
stream_length = stream.shape[0]
x = torch.zeros(block, dtype=torch.int64)
y = torch.zeros(block, dtype=torch.int64)
# copio los tokens del flujo que caben; si se acaba, se quedan los ceros (<pad>)
for t in range(block):
    position = start_position + t
    if position < stream_length:
        x[t] = stream[position]
# y es x desplazada una posición, y la última se queda en <pad>
for t in range(block - 1):
    y[t] = x[t + 1]
return x, y
""",
        "nb17-loss-per-game": """\
batch_size = logits.shape[0]
positions = logits.shape[1]
vocabulary_size = logits.shape[2]
flat_logits = logits.reshape(batch_size * positions, vocabulary_size)
flat_targets = y.reshape(batch_size * positions)
flat_losses = F.cross_entropy(flat_logits, flat_targets, reduction="none")
losses_per_position = flat_losses.reshape(batch_size, positions)
is_real_target = y != 0
real_as_numbers = is_real_target.float()
summed_losses = (losses_per_position * real_as_numbers).sum(dim=1)
number_of_real_targets = real_as_numbers.sum(dim=1)
average_losses = summed_losses / number_of_real_targets
return average_losses
""",
        "nb18-attention-forward": """\
batch_size, sequence_length, model_width = x.shape
all_projections = self.qkv(x)
queries = all_projections[:, :, 0:model_width]
keys = all_projections[:, :, model_width:2 * model_width]
values = all_projections[:, :, 2 * model_width:3 * model_width]
# repartir en cabezas y poner las cabezas delante de las posiciones
queries = queries.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
keys = keys.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
values = values.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
queries = queries.transpose(1, 2)
keys = keys.transpose(1, 2)
values = values.transpose(1, 2)
if self.training:
    dropout_probability = self.dropout
else:
    dropout_probability = 0.0
attention_output = F.scaled_dot_product_attention(
    queries, keys, values, dropout_p=dropout_probability, is_causal=True
)
attention_output = attention_output.transpose(1, 2)
attention_output = attention_output.reshape(batch_size, sequence_length, model_width)
projected_output = self.proj(attention_output)
final_output = self.resid_drop(projected_output)
return final_output
""",
        "nb18-block-forward": """\
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_first_sum = x + attention_result
normalized_for_mlp = self.ln2(after_first_sum)
mlp_result = self.mlp(normalized_for_mlp)
after_second_sum = after_first_sum + mlp_result
return after_second_sum
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
    vocabulary_size = logits.shape[2]
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
if step < warmup:
    learning_rate = lr * step / warmup
    return float(learning_rate)
minimum_lr = lr * min_lr_ratio
if step >= max_steps:
    return float(minimum_lr)
progress = (step - warmup) / (max_steps - warmup)
cosine_part = math.cos(math.pi * progress)
learning_rate = minimum_lr + 0.5 * (lr - minimum_lr) * (1 + cosine_part)
return float(learning_rate)
""",
    },
    # --- rebeca: ya programaba; funciones auxiliares, comprensiones y otras funciones de torch ---
    "rebeca": {
        "nb11-make-xy": """\
pieces = stream.unfold(0, T + 1, T)  # (N, T + 1): cada ventana con su último objetivo
return pieces[:, :-1].contiguous(), pieces[:, 1:].contiguous()
""",
        "nb11-accumulated-step": """\
def chunk_loss(xs, ys):
    logits = model(xs)
    return F.cross_entropy(logits.flatten(0, 1), ys.flatten())

opt.zero_grad(set_to_none=True)
parts = []
for xs, ys in zip(x.tensor_split(n_micro), y.tensor_split(n_micro)):
    part = chunk_loss(xs, ys) / n_micro
    part.backward()
    parts.append(part.detach())
opt.step()
return torch.stack(parts).sum().item()
""",
        "nb11-data-floor": """\
a, b = x.flatten(), y.flatten()
_, pair_of, pair_n = torch.stack([a, b]).unique(dim=1, return_inverse=True, return_counts=True)
_, cur_of, cur_n = a.unique(return_inverse=True, return_counts=True)
p = pair_n[pair_of].double() / cur_n[cur_of].double()
return -p.log().mean().item()
""",
        "nb17-pad-to": """\
import torch.nn.functional as F
from torch.nn.utils.rnn import pad_sequence

cut = [torch.as_tensor(s[:T], dtype=torch.int64) for s in seqs]
packed = pad_sequence(cut, batch_first=True, padding_value=pad_id)
return F.pad(packed, (0, T - packed.shape[1]), value=pad_id)
""",
        "nb17-packed-item": """\
start = int(starts[i])
chunk = stream[start:start + block + 1].to(torch.int64)
chunk = F.pad(chunk, (0, block + 1 - chunk.numel()))  # <pad> = 0 donde se acaba el flujo
return chunk[:block], torch.cat([chunk[1:block], chunk.new_zeros(1)])
""",
        "nb17-loss-per-game": """\
nll = -logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
mask = y.ne(0)
return torch.where(mask, nll, torch.zeros_like(nll)).sum(1) / mask.sum(1)
""",
        "nb18-attention-forward": """\
def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
out = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
        "nb18-block-forward": """\
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
        "nb18-decoder-forward": """\
from functools import reduce

h = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)))
h = reduce(lambda acc, blk: blk(acc), self.blocks, h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
return logits, F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
""",
        "nb18-param-groups": """\
split = {True: [], False: []}
for p in model.parameters():
    split[p.ndim >= 2].append(p)
return [{"params": split[True], "weight_decay": weight_decay},
        {"params": split[False], "weight_decay": 0.0}]
""",
        "nb18-lr-at": """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
progress = min(max(step - warmup, 0) / (max_steps - warmup), 1.0)
return floor + (lr - floor) * (1 + math.cos(math.pi * progress)) / 2
""",
    },
}

PAIR_WORK = {
    # --- leopoldo: lo resuelve a su manera ---
    "leopoldo": {
        "nb11-make-xy": """\
usable = stream.numel() - 1
count = usable // T
inputs = stream.narrow(0, 0, count * T).reshape(count, T)
targets = stream.narrow(0, 1, count * T).reshape(count, T)
return inputs, targets
""",
        "nb11-accumulated-step": """\
opt.zero_grad()
size = len(x) // n_micro
whole = 0.0
for start in range(0, len(x), size):
    out = model(x[start:start + size])
    piece = F.cross_entropy(out.reshape(-1, out.size(-1)), y[start:start + size].reshape(-1), reduction="sum")
    (piece / y.numel()).backward()
    whole += piece.item()
opt.step()
return whole / y.numel()
""",
        "nb11-data-floor": """\
flat_a = x.reshape(-1)
flat_b = y.reshape(-1)
size = int(torch.max(flat_a.max(), flat_b.max())) + 1
pair_ids = flat_a * size + flat_b
pair_counts = torch.bincount(pair_ids)
a_counts = torch.bincount(flat_a)
prob = pair_counts[pair_ids].double() / a_counts[flat_a].double()
return float(-torch.log(prob).mean())
""",
        "nb17-pad-to": """\
out = torch.full((len(seqs), T), pad_id, dtype=torch.long)
for row, seq in enumerate(seqs):
    n = min(len(seq), T)
    out[row, :n] = torch.tensor(seq[:n], dtype=torch.long)
return out
""",
        "nb17-packed-item": """\
begin = starts[i].item()
x = torch.zeros(block, dtype=torch.long)
y = torch.zeros(block, dtype=torch.long)
seen = stream[begin:begin + block].long()
x[:len(seen)] = seen
y[:-1] = x[1:]
return x, y
""",
        "nb17-loss-per-game": """\
per_token = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")
counted = (y != 0).sum(dim=1)
return per_token.sum(dim=1) / counted
""",
        "nb18-attention-forward": """\
B, T, d = x.shape
H, D = self.n_head, self.head_dim
qkv = self.qkv(x).reshape(B, T, 3, H, D).permute(2, 0, 3, 1, 4)
q, k, v = qkv[0], qkv[1], qkv[2]
drop = self.dropout if self.training else 0.0
att = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=drop)
merged = att.permute(0, 2, 1, 3).reshape(B, T, d)
return self.resid_drop(self.proj(merged))
""",
        "nb18-block-forward": """\
h = x + self.attn(self.ln1(x))
out = h + self.mlp(self.ln2(h))
return out
""",
        "nb18-decoder-forward": """\
where = torch.arange(T, device=idx.device).unsqueeze(0)
h = self.tokens(idx) + self.positions(where)
h = self.drop(h)
for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.transpose(1, 2), targets, ignore_index=0)
return logits, loss
""",
        "nb18-param-groups": """\
params = list(model.parameters())
matrices = [p for p in params if p.ndim > 1]
rest = [p for p in params if p.ndim <= 1]
return [dict(params=matrices, weight_decay=weight_decay), dict(params=rest, weight_decay=0.0)]
""",
        "nb18-lr-at": """\
if step < warmup:
    return step / warmup * lr
floor = lr * min_lr_ratio
if step > max_steps:
    return float(floor)
p = (step - warmup) / (max_steps - warmup)
return float(floor + (lr - floor) * 0.5 * (1.0 + math.cos(p * math.pi)))
""",
    },
    # --- marisol: copia a leopoldo y lo retoca a mano para que no se note ---
    "marisol": {
        "nb11-make-xy": """\
# número de ventanas completas (la última necesita su objetivo)
n_win = (stream.numel() - 1) // T

xs = stream.narrow(0, 0, n_win * T).reshape(n_win, T)
ys = stream.narrow(0, 1, T * n_win).reshape(n_win, T)
return xs, ys
""",
        "nb11-accumulated-step": """\
chunk = len(x) // n_micro
opt.zero_grad()
acc = 0.0
n_targets = y.numel()

for first in range(0, len(x), chunk):
    logits_part = model(x[first:first + chunk])
    # suma de las pérdidas del trozo; la media se hace al dividir
    part_sum = F.cross_entropy(logits_part.reshape(-1, logits_part.size(-1)),
                               y[first:first + chunk].reshape(-1), reduction="sum")
    (part_sum / n_targets).backward()
    acc = acc + part_sum.item()
opt.step()
return acc / n_targets
""",
        "nb11-data-floor": """\
cur = x.reshape(-1)
nxt = y.reshape(-1)
# un id para cada pareja (actual, siguiente)
width = int(torch.max(nxt.max(), cur.max())) + 1
codes = cur * width + nxt

cur_counts = torch.bincount(cur)
code_counts = torch.bincount(codes)
probs = code_counts[codes].double() / cur_counts[cur].double()
return float(torch.log(probs).mean().neg())
""",
        "nb17-pad-to": """\
result = torch.full((len(seqs), T), pad_id, dtype=torch.long)
for r, s in enumerate(seqs):
    keep = min(T, len(s))
    # lo que sobra se corta; lo que falta ya es pad_id
    result[r, :keep] = torch.tensor(s[:keep], dtype=torch.long)
return result
""",
        "nb17-packed-item": """\
y = torch.zeros(block, dtype=torch.long)
x = torch.zeros(block, dtype=torch.long)
first = starts[i].item()

window = stream[first:first + block].long()
x[:len(window)] = window
y[:-1] = x[1:]  # la última posición se queda en <pad>
return x, y
""",
        "nb17-loss-per-game": """\
real_count = (y != 0).sum(dim=1)
# (B, V, T) para que cross_entropy dé una pérdida por posición
token_losses = F.cross_entropy(logits.transpose(1, 2), y, reduction="none", ignore_index=0)
return token_losses.sum(dim=1) / real_count
""",
        "nb18-attention-forward": """\
B, T, d = x.shape
nh, hd = self.n_head, self.head_dim

stacked = self.qkv(x).reshape(B, T, 3, nh, hd).permute(2, 0, 3, 1, 4)
q, k, v = stacked[0], stacked[1], stacked[2]
p_drop = 0.0 if not self.training else self.dropout
heads_out = F.scaled_dot_product_attention(q, k, v, dropout_p=p_drop, is_causal=True)
joined = heads_out.permute(0, 2, 1, 3).reshape(B, T, d)
return self.resid_drop(self.proj(joined))
""",
        "nb18-block-forward": """\
mid = x + self.attn(self.ln1(x))
return mid + self.mlp(self.ln2(mid))
""",
        "nb18-decoder-forward": """\
pos_ids = torch.arange(T, device=idx.device).unsqueeze(0)
z = self.drop(self.positions(pos_ids) + self.tokens(idx))

for blk in self.blocks:
    z = blk(z)
logits = self.lm_head(self.ln_f(z))
if targets is None:
    loss = None
else:
    loss = F.cross_entropy(logits.transpose(1, 2), targets, ignore_index=0)
return logits, loss
""",
        "nb18-param-groups": """\
all_params = list(model.parameters())
no_wd = [t for t in all_params if t.ndim < 2]
wd = [t for t in all_params if t.ndim >= 2]
return [dict(params=wd, weight_decay=weight_decay),
        dict(params=no_wd, weight_decay=0.0)]
""",
        "nb18-lr-at": """\
if step < warmup:
    return lr * (step / warmup)
low = min_lr_ratio * lr
if step > max_steps:
    return float(low)
frac = (step - warmup) / (max_steps - warmup)
# medio coseno entre lr y el suelo
return float(low + 0.5 * (lr - low) * (1.0 + math.cos(math.pi * frac)))
""",
    },
}

COPIER_WORK = {
    # --- nicanor: pega la solución publicada y la disfraza a mano ---
    "nicanor": {
        "nb11-make-xy": """\
# cuántas ventanas enteras hay
count = (len(stream) - 1) // T

inp = stream[: count * T].reshape(count, T)
tgt = stream[1 : 1 + count * T].reshape(count, T)
return inp, tgt
""",
        "nb11-accumulated-step": """\
opt.zero_grad()
step_size = x.shape[0] // n_micro
running = 0.0

for begin in range(0, x.shape[0], step_size):
    out = model(x[begin : begin + step_size])
    # pérdida media del microlote
    part = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[begin : begin + step_size].reshape(-1))
    running += part.item()
    (part / n_micro).backward()
opt.step()
return running / n_micro
""",
        "nb11-data-floor": """\
from collections import Counter
import math

couples = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
seen_first = Counter(cur for cur, _ in couples)
seen_couple = Counter(couples)

acc = 0.0
for cur, nxt in couples:
    acc = acc - math.log(seen_couple[(cur, nxt)] / seen_first[cur])
return acc / len(couples)
""",
        "nb17-pad-to": """\
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for row, s in enumerate(seqs):
    trimmed = list(s)[:T]  # solo los T primeros
    out[row, : len(trimmed)] = torch.tensor(trimmed, dtype=torch.int64)
return out
""",
        "nb17-packed-item": """\
begin = int(starts[i])
x = torch.zeros((block,), dtype=torch.int64)
y = torch.zeros((block,), dtype=torch.int64)
piece = stream[begin : begin + block]  # puede ser más corto al final del flujo

x[: len(piece)] = piece
y[:-1] = x[1:]
return x, y
""",
        "nb17-loss-per-game": """\
B, T, V = logits.shape
mask = y != 0
losses = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)
# media de cada fila sin el relleno
return (mask * losses).sum(dim=1) / mask.sum(dim=1)
""",
        "nb18-attention-forward": """\
B, T, d = x.shape
query, key, value = self.qkv(x).split(d, dim=-1)
query, key, value = (part.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for part in (query, key, value))

p = 0.0 if not self.training else self.dropout
att = F.scaled_dot_product_attention(query, key, value, dropout_p=p, is_causal=True)
att = att.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(att))
""",
        "nb18-block-forward": """\
h = x + self.attn(self.ln1(x))
return h + self.mlp(self.ln2(h))
""",
        "nb18-decoder-forward": """\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.positions(pos) + self.tokens(idx))

for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
        "nb18-param-groups": """\
with_decay = [t for t in model.parameters() if t.dim() > 1]
without_decay = [t for t in model.parameters() if t.dim() <= 1]
# primero las matrices, luego sesgos y LayerNorm
return [
    {"params": with_decay, "weight_decay": weight_decay},
    {"params": without_decay, "weight_decay": 0.0},
]
""",
        "nb18-lr-at": """\
if step < warmup:
    return step * lr / warmup
low = min_lr_ratio * lr
frac = min(1.0, (step - warmup) / (max_steps - warmup))
return low + (lr - low) * 0.5 * (1 + math.cos(math.pi * frac))
""",
    },
}

WORK = {**HONEST_WORK, **PAIR_WORK, **COPIER_WORK, BLANK: {}}
