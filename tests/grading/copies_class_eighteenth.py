"""Decimoctava clase apartada: seis alumnos en los cuadernos 11, 17 y 18, escritos a ciegas.

Quién es quién:

- ``samuel`` (honrado): solo usa lo que el curso ha enseñado hasta cada cuaderno, corto y directo.
- ``alicia`` (honrada): principiante; bucles, pasos intermedios y nombres largos.
- ``marcos`` (honrado): ya programaba; funciones auxiliares, comprensiones y otras funciones de
  torch (``unfold``, ``torch.unique``, ``gather``, ``reduce``…).
- ``yolanda`` y ``ruben`` (pareja): ``yolanda`` lo resuelve a su manera; ``ruben`` le copia y lo
  retoca a mano para que no se note (otros nombres, comentarios, líneas en blanco, sentencias
  independientes en otro orden, alguna expresión escrita de otra forma equivalente).
- ``elisa`` (copiona): pega la solución publicada de ``source/`` y la disfraza a mano del mismo
  modo; sigue siendo la solución retocada, no una reescrita.
- ``andres`` (en blanco): no entrega nada.

Cómo se escribió: a mano y a ciegas. Los tres honrados y la pareja, leyendo solo los enunciados
de ``release/`` (y los cuadernos anteriores, para saber qué ha enseñado el curso), sin mirar la
solución publicada, las soluciones independientes ni las otras clases. La solución publicada se
leyó después, solo para escribir a la copiona. Ningún alumno se retocó tras medir parecidos: no se
midió nada. La única comprobación fue que todos (menos el blanco) aprueban todos los tests de los
tres cuadernos, con la prueba de respuestas equivocadas.

Cada código es lo que va en lugar del ``raise NotImplementedError()`` de su celda, sin su sangría.
"""

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("samuel", "alicia", "marcos"), ("yolanda", "ruben"), "elisa", "andres"

# --- samuel: lo del curso, corto y directo -------------------------------------------------------

SAMUEL = {
    "nb11-make-xy": """\
N = (len(stream) - 1) // T
x = stream[: N * T].view(N, T)
y = stream[1 : N * T + 1].view(N, T)
return x, y
""",
    "nb11-accumulated-step": """\
opt.zero_grad()
size = x.shape[0] // n_micro
total = 0.0
for i in range(n_micro):
    logits = model(x[i * size : (i + 1) * size])
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), y[i * size : (i + 1) * size].reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
    "nb11-data-floor": """\
pairs = Counter(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
currents = Counter(x.reshape(-1).tolist())
total = 0.0
for (a, b), n in pairs.items():
    total -= n * math.log(n / currents[a])
return total / x.numel()
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
x = torch.zeros(block, dtype=torch.int64)
piece = stream[start : start + block]
x[: len(piece)] = piece
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
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
decay, no_decay = [], []
for p in model.parameters():
    if p.dim() >= 2:
        decay.append(p)
    else:
        no_decay.append(p)
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """\
if step < warmup:
    return lr * step / warmup
if step > max_steps:
    step = max_steps
p = (step - warmup) / (max_steps - warmup)
s = lr * min_lr_ratio
return s + 0.5 * (lr - s) * (1 + math.cos(math.pi * p))
""",
}

# --- alicia: principiante, bucles y nombres largos -----------------------------------------------

ALICIA = {
    "nb11-make-xy": """\
number_of_windows = (stream.shape[0] - 1) // T
input_rows = []
target_rows = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    window_end = window_start + T
    # la fila de x y la de y, que va un token por delante
    input_rows.append(stream[window_start:window_end])
    target_rows.append(stream[window_start + 1:window_end + 1])
x = torch.stack(input_rows)
y = torch.stack(target_rows)
return x, y
""",
    "nb11-accumulated-step": """\
batch_size = x.shape[0]
games_per_chunk = batch_size // n_micro
# primero borro lo que hubiera en .grad de antes
opt.zero_grad()
all_chunk_losses = []
for chunk_number in range(n_micro):
    first_game = chunk_number * games_per_chunk
    last_game = first_game + games_per_chunk
    chunk_x = x[first_game:last_game]
    chunk_y = y[first_game:last_game]
    chunk_logits = model(chunk_x)
    vocab_size = chunk_logits.shape[-1]
    flat_logits = chunk_logits.view(-1, vocab_size)
    flat_targets = chunk_y.reshape(-1)
    chunk_loss = F.cross_entropy(flat_logits, flat_targets)
    # cada trozo pone una parte de la media del lote entero
    scaled_loss = chunk_loss / n_micro
    scaled_loss.backward()
    all_chunk_losses.append(scaled_loss.item())
opt.step()
whole_batch_loss = 0.0
for value in all_chunk_losses:
    whole_batch_loss = whole_batch_loss + value
return whole_batch_loss
""",
    "nb11-data-floor": """\
current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
pair_counts = {}
current_counts = {}
for position in range(len(current_tokens)):
    current_token = current_tokens[position]
    next_token = next_tokens[position]
    pair = (current_token, next_token)
    if pair in pair_counts:
        pair_counts[pair] = pair_counts[pair] + 1
    else:
        pair_counts[pair] = 1
    if current_token in current_counts:
        current_counts[current_token] = current_counts[current_token] + 1
    else:
        current_counts[current_token] = 1
sum_of_minus_logs = 0.0
for position in range(len(current_tokens)):
    current_token = current_tokens[position]
    next_token = next_tokens[position]
    probability = pair_counts[(current_token, next_token)] / current_counts[current_token]
    sum_of_minus_logs = sum_of_minus_logs - math.log(probability)
number_of_positions = len(current_tokens)
return sum_of_minus_logs / number_of_positions
""",
    "nb17-pad-to": """\
all_rows = []
for sequence in seqs:
    row = []
    for position in range(T):
        if position < len(sequence):
            row.append(sequence[position])
        else:
            row.append(pad_id)
    all_rows.append(row)
padded_batch = torch.tensor(all_rows, dtype=torch.int64)
return padded_batch
""",
    "nb17-packed-item": """\
start_position = int(starts[i])
x_values = []
for offset in range(block):
    position = start_position + offset
    if position < len(stream):
        x_values.append(int(stream[position]))
    else:
        x_values.append(0)
y_values = []
for offset in range(1, block):
    y_values.append(x_values[offset])
y_values.append(0)
x = torch.tensor(x_values, dtype=torch.int64)
y = torch.tensor(y_values, dtype=torch.int64)
return x, y
""",
    "nb17-loss-per-game": """\
batch_size = logits.shape[0]
positions = logits.shape[1]
vocab_size = logits.shape[2]
flat_logits = logits.reshape(batch_size * positions, vocab_size)
flat_targets = y.reshape(batch_size * positions)
flat_losses = F.cross_entropy(flat_logits, flat_targets, ignore_index=0, reduction="none")
losses_per_position = flat_losses.reshape(batch_size, positions)
real_targets = y != 0
number_of_real_targets = real_targets.sum(dim=1)
sum_of_losses = losses_per_position.sum(dim=1)
mean_loss_per_game = sum_of_losses / number_of_real_targets
return mean_loss_per_game
""",
    "nb18-attention-forward": """\
batch_size, sequence_length, model_width = x.shape
all_together = self.qkv(x)
queries = all_together[:, :, 0:model_width]
keys = all_together[:, :, model_width:2 * model_width]
values = all_together[:, :, 2 * model_width:3 * model_width]
queries = queries.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
keys = keys.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
values = values.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
# las cabezas delante de las posiciones: (B, H, T, D)
queries = queries.transpose(1, 2)
keys = keys.transpose(1, 2)
values = values.transpose(1, 2)
if self.training:
    attention_dropout = self.dropout
else:
    attention_dropout = 0.0
attention_output = F.scaled_dot_product_attention(queries, keys, values, dropout_p=attention_dropout, is_causal=True)
attention_output = attention_output.transpose(1, 2)
attention_output = attention_output.reshape(batch_size, sequence_length, model_width)
projected = self.proj(attention_output)
final_output = self.resid_drop(projected)
return final_output
""",
    "nb18-block-forward": """\
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_first_residual = x + attention_result
normalized_for_mlp = self.ln2(after_first_residual)
mlp_result = self.mlp(normalized_for_mlp)
after_second_residual = after_first_residual + mlp_result
return after_second_residual
""",
    "nb18-decoder-forward": """\
token_vectors = self.tokens(idx)
position_numbers = torch.arange(0, T, device=idx.device)
position_vectors = self.positions(position_numbers)
hidden = token_vectors + position_vectors
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
for parameter_name, parameter in model.named_parameters():
    number_of_dimensions = len(parameter.shape)
    if number_of_dimensions >= 2:
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
    increase_per_step = lr / warmup
    current_lr = increase_per_step * step
elif step <= max_steps:
    steps_since_warmup = step - warmup
    cosine_steps = max_steps - warmup
    progress = steps_since_warmup / cosine_steps
    cosine_factor = (1 + math.cos(math.pi * progress)) / 2
    current_lr = minimum_lr + (lr - minimum_lr) * cosine_factor
else:
    current_lr = minimum_lr
return float(current_lr)
""",
}

# --- marcos: ya programaba -----------------------------------------------------------------------

MARCOS = {
    "nb11-make-xy": """\
windows = stream.unfold(0, T + 1, T)   # (N, T + 1): cada ventana lleva también su último objetivo
return windows[:, :-1].clone(), windows[:, 1:].clone()
""",
    "nb11-accumulated-step": """\
n_targets = y.numel()
opt.zero_grad(set_to_none=True)
total = 0.0
for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
    logits = model(xs)
    part = F.cross_entropy(logits.flatten(0, 1), ys.flatten(), reduction="sum") / n_targets
    part.backward()
    total += part.item()
opt.step()
return float(total)
""",
    "nb11-data-floor": """\
a, b = x.reshape(-1), y.reshape(-1)
_, pair_idx, pair_n = torch.unique(torch.stack([a, b], dim=1), dim=0, return_inverse=True, return_counts=True)
_, ctx_idx, ctx_n = torch.unique(a, return_inverse=True, return_counts=True)
p = pair_n[pair_idx].double() / ctx_n[ctx_idx].double()
return -p.log().mean().item()
""",
    "nb17-pad-to": """\
import torch.nn.functional as F

rows = [torch.as_tensor(s[:T], dtype=torch.long) for s in seqs]
return torch.stack([F.pad(r, (0, T - len(r)), value=pad_id) for r in rows])
""",
    "nb17-packed-item": """\
start = starts[i].item()
window = stream[start : start + block].long()
window = torch.nn.functional.pad(window, (0, block - window.numel()), value=0)
return window, torch.cat([window[1:], window.new_zeros(1)])
""",
    "nb17-loss-per-game": """\
logp = logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
mask = y.ne(0)
return -(logp * mask).sum(-1) / mask.sum(-1)
""",
    "nb18-attention-forward": """\
def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
y = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(y.transpose(1, 2).flatten(2)))
""",
    "nb18-block-forward": """\
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
    "nb18-decoder-forward": """\
from functools import reduce

h = self.drop(self.tokens(idx) + self.positions.weight[:T])
h = reduce(lambda acc, block: block(acc), self.blocks, h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.transpose(1, 2), targets, ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
params = list(model.parameters())
return [
    {"params": [p for p in params if p.ndim >= 2], "weight_decay": weight_decay},
    {"params": [p for p in params if p.ndim < 2], "weight_decay": 0.0},
]
""",
    "nb18-lr-at": """\
def cosine(t):
    return 0.5 * (1.0 + math.cos(math.pi * t))

if step < warmup:
    return float(lr * step / warmup)
t = min(step - warmup, max_steps - warmup) / (max_steps - warmup)
return float(lr * (min_lr_ratio + (1.0 - min_lr_ratio) * cosine(t)))
""",
}

# --- yolanda: la pareja, la que lo resuelve ------------------------------------------------------

YOLANDA = {
    "nb11-make-xy": """\
count = (stream.numel() - 1) // T
x = torch.stack([stream[k * T : (k + 1) * T] for k in range(count)])
y = torch.stack([stream[k * T + 1 : (k + 1) * T + 1] for k in range(count)])
return x, y
""",
    "nb11-accumulated-step": """\
opt.zero_grad()
step = len(x) // n_micro
pieces = []
for start in range(0, len(x), step):
    out = model(x[start:start + step])
    piece = F.cross_entropy(out.reshape(-1, out.size(-1)), y[start:start + step].reshape(-1))
    (piece / n_micro).backward()
    pieces.append(piece.item())
opt.step()
return sum(pieces) / n_micro
""",
    "nb11-data-floor": """\
from collections import defaultdict

followers = defaultdict(list)
for a, b in zip(x.flatten().tolist(), y.flatten().tolist()):
    followers[a].append(b)
N = x.numel()
result = 0.0
for a, seen in followers.items():
    for b in set(seen):
        k = seen.count(b)
        result += k * math.log(len(seen) / k)
return result / N
""",
    "nb17-pad-to": """\
rows = [list(s[:T]) + [pad_id] * (T - len(s[:T])) for s in seqs]
return torch.tensor(rows, dtype=torch.long)
""",
    "nb17-packed-item": """\
begin = starts[i].item()
chunk = stream[begin:begin + block + 1].tolist()
chunk = chunk + [0] * (block + 1 - len(chunk))
x = torch.tensor(chunk[:block])
y = torch.tensor(chunk[1:block] + [0])
return x, y
""",
    "nb17-loss-per-game": """\
losses = F.cross_entropy(logits.transpose(1, 2), y, reduction="none")
keep = (y != 0).to(losses.dtype)
return (losses * keep).sum(dim=1) / keep.sum(dim=1)
""",
    "nb18-attention-forward": """\
B, T, C = x.shape
qkv = self.qkv(x).reshape(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
q, k, v = qkv[0], qkv[1], qkv[2]
drop = self.dropout if self.training else 0.0
att = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=drop)
att = att.permute(0, 2, 1, 3).reshape(B, T, C)
return self.resid_drop(self.proj(att))
""",
    "nb18-block-forward": """\
h = x + self.attn(self.ln1(x))
return h + self.mlp(self.ln2(h))
""",
    "nb18-decoder-forward": """\
where = torch.arange(T, device=idx.device).unsqueeze(0)
h = self.tokens(idx) + self.positions(where)
h = self.drop(h)
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
flat = logits.flatten(0, 1)
return logits, F.cross_entropy(flat, targets.flatten(), ignore_index=PAD_ID)
""",
    "nb18-param-groups": """\
groups = {True: [], False: []}
for p in model.parameters():
    groups[p.dim() > 1].append(p)
return [dict(params=groups[True], weight_decay=weight_decay), dict(params=groups[False], weight_decay=0.0)]
""",
    "nb18-lr-at": """\
if step >= max_steps:
    return float(lr * min_lr_ratio)
if step < warmup:
    return step / warmup * lr
low = lr * min_lr_ratio
frac = (step - warmup) / (max_steps - warmup)
return low + (lr - low) * (math.cos(frac * math.pi) + 1) / 2
""",
}

# --- ruben: le copia a yolanda y lo retoca ------------------------------------------------------

RUBEN = {
    "nb11-make-xy": """\
n_windows = (len(stream) - 1) // T   # solo las ventanas completas

# los objetivos: un token más adelante
targets = torch.stack([stream[w * T + 1 : w * T + T + 1] for w in range(n_windows)])
inputs = torch.stack([stream[w * T : w * T + T] for w in range(n_windows)])

return inputs, targets
""",
    "nb11-accumulated-step": """\
size = x.shape[0] // n_micro
opt.zero_grad()   # fuera lo que quedara en .grad

chunk_losses = []
for first in range(0, x.shape[0], size):
    logits = model(x[first:first + size])
    chunk_loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y[first:first + size].reshape(-1))
    chunk_losses.append(chunk_loss.item())
    # cada trozo aporta 1/n_micro de la media
    (chunk_loss / n_micro).backward()

opt.step()
return sum(chunk_losses) / n_micro
""",
    "nb11-data-floor": """\
from collections import defaultdict

nexts_after = defaultdict(list)   # token actual -> lista de los que vinieron detrás
for cur, nxt in zip(x.flatten().tolist(), y.flatten().tolist()):
    nexts_after[cur].append(nxt)

total = 0.0
for cur, nexts in nexts_after.items():
    for nxt in set(nexts):
        times = nexts.count(nxt)
        total = total + times * math.log(len(nexts) / times)

return total / x.numel()
""",
    "nb17-pad-to": """\
# corto a T y relleno lo que falte a la derecha
padded = [list(seq[:T]) + [pad_id] * (T - len(seq[:T])) for seq in seqs]

return torch.tensor(padded, dtype=torch.int64)
""",
    "nb17-packed-item": """\
first = int(starts[i])
tokens = stream[first:first + block + 1].tolist()
tokens += [0] * (block + 1 - len(tokens))   # <pad> si el flujo se acaba

y = torch.tensor(tokens[1:block] + [0])
x = torch.tensor(tokens[:block])
return x, y
""",
    "nb17-loss-per-game": """\
real = (y != 0).to(logits.dtype)
# cross_entropy quiere las clases en el eje 1
per_token = F.cross_entropy(logits.transpose(1, 2), y, reduction="none")

return (per_token * real).sum(dim=1) / real.sum(dim=1)
""",
    "nb18-attention-forward": """\
B, T, d = x.shape
p = 0.0
if self.training:
    p = self.dropout

# (3, B, H, T, D): consultas, claves y valores con las cabezas delante
parts = self.qkv(x).reshape(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
q, k, v = parts[0], parts[1], parts[2]
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)

out = out.permute(0, 2, 1, 3).reshape(B, T, d)
return self.resid_drop(self.proj(out))
""",
    "nb18-block-forward": """\
residual = self.attn(self.ln1(x)) + x   # primera suma

return self.mlp(self.ln2(residual)) + residual
""",
    "nb18-decoder-forward": """\
positions = torch.arange(T, device=idx.device)[None, :]
h = self.drop(self.positions(positions) + self.tokens(idx))

for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))

if targets is not None:
    # sin contar <pad>
    return logits, F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=PAD_ID)
return logits, None
""",
    "nb18-param-groups": """\
by_kind = {False: [], True: []}
for param in model.parameters():
    by_kind[param.dim() >= 2].append(param)

return [dict(params=by_kind[True], weight_decay=weight_decay),
        dict(params=by_kind[False], weight_decay=0.0)]
""",
    "nb18-lr-at": """\
floor = lr * min_lr_ratio
if step >= max_steps:
    return float(floor)
if step < warmup:
    return lr * step / warmup   # la recta desde 0

progress = (step - warmup) / (max_steps - warmup)
return floor + (lr - floor) * (1 + math.cos(math.pi * progress)) / 2
""",
}

# --- elisa: pega la solución publicada y la disfraza ---------------------------------------------

ELISA = {
    "nb11-make-xy": """\
windows = (len(stream) - 1) // T   # cuántas caben enteras

targets = stream[1 : windows * T + 1].reshape(windows, T)
inputs = stream[: windows * T].reshape(windows, T)
return inputs, targets
""",
    "nb11-accumulated-step": """\
opt.zero_grad()
chunk = x.shape[0] // n_micro
running = 0.0

for begin in range(0, x.shape[0], chunk):
    out = model(x[begin : begin + chunk])
    # pérdida media del trozo
    piece = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[begin : begin + chunk].reshape(-1))
    (piece / n_micro).backward()
    running = running + piece.item()

opt.step()
return running / n_micro
""",
    "nb11-data-floor": """\
from collections import Counter
import math

positions = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
seen_current = Counter(cur for cur, _ in positions)
seen_pair = Counter(positions)

acc = 0.0
for cur, nxt in positions:
    acc = acc - math.log(seen_pair[(cur, nxt)] / seen_current[cur])
return acc / len(positions)
""",
    "nb17-pad-to": """\
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)

for row, ids in enumerate(seqs):
    cut = list(ids)[:T]   # como mucho T ids
    out[row, : len(cut)] = torch.tensor(cut, dtype=torch.int64)
return out
""",
    "nb17-packed-item": """\
first = int(starts[i])
piece = stream[first : first + block]   # se queda corta si el flujo termina

y = torch.zeros(block, dtype=torch.int64)
x = torch.zeros(block, dtype=torch.int64)
x[: len(piece)] = piece
y[:-1] = x[1:]
return x, y
""",
    "nb17-loss-per-game": """\
B, T, V = logits.shape
real = y != 0
losses = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)

return (losses * real).sum(dim=1) / real.sum(dim=1)
""",
    "nb18-attention-forward": """\
B, T, d = x.shape
queries, keys, values = self.qkv(x).split(d, dim=2)
# cabezas delante de las posiciones
queries, keys, values = (part.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for part in (queries, keys, values))
p = self.dropout if self.training else 0.0
mixed = F.scaled_dot_product_attention(queries, keys, values, dropout_p=p, is_causal=True)

mixed = mixed.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(mixed))
""",
    "nb18-block-forward": """\
h = self.attn(self.ln1(x)) + x
return self.mlp(self.ln2(h)) + h
""",
    "nb18-decoder-forward": """\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.positions(pos) + self.tokens(idx))

for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))

loss = None
if targets is not None:
    # <pad> no cuenta
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
flat = [p for p in model.parameters() if p.dim() < 2]
matrices = [p for p in model.parameters() if p.dim() > 1]

return [{"params": matrices, "weight_decay": weight_decay},
        {"params": flat, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """\
if step < warmup:
    return step * lr / warmup
lowest = lr * min_lr_ratio
frac = min(1.0, (step - warmup) / (max_steps - warmup))   # no pasa de 1 tras max_steps

return lowest + (lr - lowest) * (1 + math.cos(math.pi * frac)) / 2
""",
}

WORK = {
    "samuel": SAMUEL,
    "alicia": ALICIA,
    "marcos": MARCOS,
    "yolanda": YOLANDA,
    "ruben": RUBEN,
    "elisa": ELISA,
    "andres": {},
}
