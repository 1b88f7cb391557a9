"""Undécima clase apartada para el informe de parecidos: 11-bucle, 17-partidas-a-lotes y 18-decoder.

Quién es quién:

* ``joaquin``, ``lidia`` y ``nicolas`` son honrados y trabajan cada uno por su cuenta, sin mirar la
  solución publicada ni a los demás. ``joaquin`` solo usa lo que el curso ha enseñado hasta cada
  cuaderno y escribe corto y directo; ``lidia`` es principiante (bucles, pasos intermedios, nombres
  largos); ``nicolas`` ya programaba (funciones auxiliares, comprensiones, ``unfold``,
  ``torch.unique``, ``pad_sequence``, ``functools.reduce``…).
* ``patricia`` y ``quique`` son la pareja: ``patricia`` lo resuelve a su manera y ``quique`` le copia
  y lo retoca a mano para que no se note (otros nombres, comentarios, líneas en blanco, alguna
  sentencia independiente en otro orden, alguna expresión equivalente escrita de otra forma).
* ``ruth`` es la copiona: pega la solución publicada de ``source/`` y la disfraza a mano del mismo
  modo; sigue siendo la solución pegada y retocada, no reescrita.
* ``simon`` entrega el cuaderno en blanco.

Cómo se escribió: a mano y a ciegas, sin ver las soluciones independientes, las otras clases ni el
código del informe de parecidos. Los tres honrados y la pareja se escribieron leyendo solo la
versión de alumno (``release/``); la solución publicada se abrió después, solo para la copiona. Se
comprobó que todos (menos el blanco) aprueban todos los tests de los tres cuadernos con la prueba
de respuestas equivocadas, y nada se retocó después de medir parecidos: no se midió ninguno.

Cada código es lo que va en lugar del ``raise NotImplementedError()`` de su celda, sin su sangría.
"""

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("joaquin", "lidia", "nicolas"), ("patricia", "quique"), "ruth", "simon"

# --- joaquin: honrado; solo lo que ha enseñado el curso, corto y directo -----------------------
JOAQUIN = {
    "nb11-make-xy": '''
N = (len(stream) - 1) // T
x = stream[: N * T].view(N, T)
y = stream[1 : N * T + 1].view(N, T)
return x, y
''',
    "nb11-accumulated-step": '''
size = x.shape[0] // n_micro
opt.zero_grad()
total = 0.0
for i in range(n_micro):
    logits = model(x[i * size : (i + 1) * size])
    V = logits.shape[-1]
    loss = F.cross_entropy(logits.view(-1, V), y[i * size : (i + 1) * size].reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
''',
    "nb11-data-floor": '''
import math

pairs, firsts = {}, {}
for a, b in zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()):
    pairs[(a, b)] = pairs.get((a, b), 0) + 1
    firsts[a] = firsts.get(a, 0) + 1
total = 0.0
for (a, b), n in pairs.items():
    total -= n * math.log(n / firsts[a])
return total / x.numel()
''',
    "nb17-pad-to": '''
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    out[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return out
''',
    "nb17-packed-item": '''
start = int(starts[i])
piece = stream[start : start + block].long()
x = torch.zeros(block, dtype=torch.int64)
x[: len(piece)] = piece
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
''',
    "nb17-loss-per-game": '''
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none").view(B, T)
real = (y != 0).float()
return losses.sum(dim=1) / real.sum(dim=1)
''',
    "nb18-attention-forward": '''
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=-1)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(out))
''',
    "nb18-block-forward": '''
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
''',
    "nb18-decoder-forward": '''
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''
decay = [p for p in model.parameters() if p.dim() >= 2]
rest = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": rest, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
''',
}

# --- lidia: honrada; principiante, con bucles, pasos intermedios y nombres largos -------------
LIDIA = {
    "nb11-make-xy": '''
total_length = stream.shape[0]
number_of_windows = 0
while (number_of_windows + 1) * T + 1 <= total_length:
    number_of_windows = number_of_windows + 1

if number_of_windows == 0:
    empty_windows = torch.zeros((0, T), dtype=torch.int64)
    return empty_windows, empty_windows.clone()

input_rows = []
target_rows = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    input_window = stream[window_start : window_start + T]
    target_window = stream[window_start + 1 : window_start + T + 1]
    input_rows.append(input_window)
    target_rows.append(target_window)

x_windows = torch.stack(input_rows)
y_windows = torch.stack(target_rows)
return x_windows, y_windows
''',
    "nb11-accumulated-step": '''
batch_size = x.shape[0]
games_per_piece = batch_size // n_micro

# primero borro lo que hubiera en .grad
opt.zero_grad()

loss_of_each_piece = []
for piece_number in range(n_micro):
    first_game = piece_number * games_per_piece
    last_game = first_game + games_per_piece
    piece_inputs = x[first_game:last_game]
    piece_targets = y[first_game:last_game]
    piece_logits = model(piece_inputs)
    vocab_size = piece_logits.shape[-1]
    flat_logits = piece_logits.reshape(-1, vocab_size)
    flat_targets = piece_targets.reshape(-1)
    piece_loss = F.cross_entropy(flat_logits, flat_targets)
    # cada trozo es una parte de la media: la divido entre el número de trozos
    scaled_piece_loss = piece_loss / n_micro
    scaled_piece_loss.backward()
    loss_of_each_piece.append(scaled_piece_loss.item())

opt.step()

total_loss = 0.0
for piece_value in loss_of_each_piece:
    total_loss = total_loss + piece_value
return total_loss
''',
    "nb11-data-floor": '''
import math

flat_current_tokens = x.reshape(-1).tolist()
flat_next_tokens = y.reshape(-1).tolist()
number_of_positions = len(flat_current_tokens)

pair_counts = {}
current_counts = {}
for position in range(number_of_positions):
    current_token = flat_current_tokens[position]
    next_token = flat_next_tokens[position]
    pair = (current_token, next_token)
    if pair in pair_counts:
        pair_counts[pair] = pair_counts[pair] + 1
    else:
        pair_counts[pair] = 1
    if current_token in current_counts:
        current_counts[current_token] = current_counts[current_token] + 1
    else:
        current_counts[current_token] = 1

sum_of_logs = 0.0
for position in range(number_of_positions):
    current_token = flat_current_tokens[position]
    next_token = flat_next_tokens[position]
    probability = pair_counts[(current_token, next_token)] / current_counts[current_token]
    sum_of_logs = sum_of_logs + math.log(probability)

floor_value = -sum_of_logs / number_of_positions
return floor_value
''',
    "nb17-pad-to": '''
padded_rows = []
for sequence in seqs:
    new_row = []
    for position in range(T):
        if position < len(sequence):
            new_row.append(sequence[position])
        else:
            new_row.append(pad_id)
    padded_rows.append(new_row)
padded_batch = torch.tensor(padded_rows, dtype=torch.int64)
return padded_batch
''',
    "nb17-packed-item": '''
start_position = int(starts[i])
stream_length = stream.shape[0]

input_tokens = torch.zeros(block, dtype=torch.int64)
for offset in range(block):
    position_in_stream = start_position + offset
    if position_in_stream < stream_length:
        input_tokens[offset] = int(stream[position_in_stream])

target_tokens = torch.zeros(block, dtype=torch.int64)
for offset in range(block - 1):
    target_tokens[offset] = input_tokens[offset + 1]

return input_tokens, target_tokens
''',
    "nb17-loss-per-game": '''
batch_size, sequence_length, vocab_size = logits.shape
flat_logits = logits.reshape(batch_size * sequence_length, vocab_size)
flat_targets = y.reshape(batch_size * sequence_length)
loss_of_every_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
loss_table = loss_of_every_position.reshape(batch_size, sequence_length)
is_real_target = y != 0
real_mask = is_real_target.to(torch.float32)
loss_only_real = loss_table * real_mask
sum_per_game = loss_only_real.sum(dim=1)
count_per_game = real_mask.sum(dim=1)
mean_per_game = sum_per_game / count_per_game
return mean_per_game
''',
    "nb18-attention-forward": '''
batch_size, sequence_length, model_width = x.shape
all_projections = self.qkv(x)
queries = all_projections[:, :, 0:model_width]
keys = all_projections[:, :, model_width : 2 * model_width]
values = all_projections[:, :, 2 * model_width : 3 * model_width]

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
attended = F.scaled_dot_product_attention(queries, keys, values, dropout_p=dropout_probability, is_causal=True)

attended = attended.transpose(1, 2)
joined_heads = attended.reshape(batch_size, sequence_length, model_width)
projected = self.proj(joined_heads)
output = self.resid_drop(projected)
return output
''',
    "nb18-block-forward": '''
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_attention = x + attention_result
normalized_for_mlp = self.ln2(after_attention)
mlp_result = self.mlp(normalized_for_mlp)
after_mlp = after_attention + mlp_result
return after_mlp
''',
    "nb18-decoder-forward": '''
position_numbers = torch.arange(0, T, dtype=torch.long, device=idx.device)
token_embeddings = self.tokens(idx)
position_embeddings = self.positions(position_numbers)
hidden = token_embeddings + position_embeddings
hidden = self.drop(hidden)
for one_block in self.blocks:
    hidden = one_block(hidden)
hidden = self.ln_f(hidden)
logits = self.lm_head(hidden)

if targets is None:
    loss = None
else:
    vocab_size = logits.shape[2]
    flat_logits = logits.reshape(B * T, vocab_size)
    flat_targets = targets.reshape(B * T)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''
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
''',
    "nb18-lr-at": '''
if step < warmup:
    increase_per_step = lr / warmup
    current_lr = increase_per_step * step
    return float(current_lr)

lowest_lr = lr * min_lr_ratio
if step >= max_steps:
    return float(lowest_lr)

steps_since_warmup = step - warmup
cosine_length = max_steps - warmup
progress = steps_since_warmup / cosine_length
cosine_factor = 0.5 * (1 + math.cos(math.pi * progress))
current_lr = lowest_lr + (lr - lowest_lr) * cosine_factor
return float(current_lr)
''',
}

# --- nicolas: honrado; ya programaba (auxiliares, comprensiones, otras funciones de torch) -----
NICOLAS = {
    "nb11-make-xy": '''
if stream.numel() <= T:
    return stream.new_zeros(0, T), stream.new_zeros(0, T)
windows = stream.unfold(0, T + 1, T)  # (N, T + 1): cada ventana con su último objetivo
return windows[:, :-1].clone(), windows[:, 1:].clone()
''',
    "nb11-accumulated-step": '''
n_targets = y.numel()
opt.zero_grad(set_to_none=True)
total = 0.0
for xs, ys in zip(x.tensor_split(n_micro), y.tensor_split(n_micro)):
    part = F.cross_entropy(model(xs).flatten(0, 1), ys.flatten(), reduction="sum") / n_targets
    part.backward()
    total += part.item()
opt.step()
return total
''',
    "nb11-data-floor": '''
a, b = x.flatten(), y.flatten()
_, pair_of, pair_counts = torch.unique(torch.stack([a, b], dim=1), dim=0, return_inverse=True, return_counts=True)
_, token_of, token_counts = torch.unique(a, return_inverse=True, return_counts=True)
p = pair_counts[pair_of].double() / token_counts[token_of].double()
return float(-p.log().mean())
''',
    "nb17-pad-to": '''
from torch.nn.utils.rnn import pad_sequence

cut = [torch.as_tensor(s[:T], dtype=torch.long) for s in seqs]
cut.append(torch.empty(T, dtype=torch.long))  # una fila de relleno fuerza la anchura T
return pad_sequence(cut, batch_first=True, padding_value=pad_id)[:-1]
''',
    "nb17-packed-item": '''
start = starts[i].item()
window = stream[start : start + block + 1].long()
window = F.pad(window, (0, block + 1 - window.numel()), value=0)
x, y = window[:-1].clone(), window[1:].clone()
y[-1] = 0
return x, y
''',
    "nb17-loss-per-game": '''
per_position = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")  # (B, T)
return per_position.sum(-1) / y.ne(0).sum(-1)
''',
    "nb18-attention-forward": '''
def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
out = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout * self.training, is_causal=True)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
''',
    "nb18-block-forward": '''
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
''',
    "nb18-decoder-forward": '''
import functools

h = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)))
h = functools.reduce(lambda acc, layer: layer(acc), self.blocks, h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''
params = list(model.parameters())


def pick(keep):
    return [p for p in params if keep(p.ndim)]


return [
    {"params": pick(lambda n: n >= 2), "weight_decay": weight_decay},
    {"params": pick(lambda n: n < 2), "weight_decay": 0.0},
]
''',
    "nb18-lr-at": '''
def half_cosine(progress):
    return 0.5 * (1.0 + math.cos(math.pi * progress))


if step < warmup:
    return float(step) * lr / warmup
floor = lr * min_lr_ratio
return floor + (lr - floor) * half_cosine(min(1.0, (step - warmup) / (max_steps - warmup)))
''',
}

# --- patricia: la pareja, la que lo resuelve (a su manera) ------------------------------------
PATRICIA = {
    "nb11-make-xy": '''
n_windows = (len(stream) - 1) // T
index = torch.arange(n_windows * T).view(n_windows, T)
return stream[index], stream[index + 1]
''',
    "nb11-accumulated-step": '''
opt.zero_grad()
piece = x.shape[0] // n_micro
losses = []
for start in range(0, x.shape[0], piece):
    logits = model(x[start:start + piece])
    V = logits.shape[-1]
    loss = F.cross_entropy(logits.view(-1, V), y[start:start + piece].reshape(-1))
    (loss / n_micro).backward()
    losses.append(loss.item())
opt.step()
return sum(losses) / n_micro
''',
    "nb11-data-floor": '''
a, b = x.reshape(-1), y.reshape(-1)
size = int(max(a.max(), b.max())) + 1
pair_id = a * size + b
pair_counts = torch.bincount(pair_id, minlength=size * size)
token_counts = torch.bincount(a, minlength=size)
p = pair_counts[pair_id].double() / token_counts[a].double()
return -torch.log(p).mean().item()
''',
    "nb17-pad-to": '''
batch = torch.full((len(seqs), T), pad_id, dtype=torch.long)
for row, seq in enumerate(seqs):
    n = min(len(seq), T)
    if n:
        batch[row, :n] = torch.tensor(seq[:n])
return batch
''',
    "nb17-packed-item": '''
begin = int(starts[i])
piece = stream[begin:begin + block + 1].to(torch.int64)
window = torch.zeros(block + 1, dtype=torch.int64)
window[:len(piece)] = piece
x = window[:block]
y = torch.cat([window[1:block], torch.zeros(1, dtype=torch.int64)])
return x, y
''',
    "nb17-loss-per-game": '''
B, T, V = logits.shape
flat = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none", ignore_index=0)
per_position = flat.view(B, T)
counted = (y > 0).sum(dim=1)
return per_position.sum(dim=1) / counted
''',
    "nb18-attention-forward": '''
B, T, d = x.shape
H, D = self.n_head, self.head_dim
qkv = self.qkv(x).view(B, T, 3, H, D).permute(2, 0, 3, 1, 4)   # (3, B, H, T, D)
q, k, v = qkv[0], qkv[1], qkv[2]
drop = self.dropout if self.training else 0.0
att = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=drop)
att = att.permute(0, 2, 1, 3).reshape(B, T, d)
return self.resid_drop(self.proj(att))
''',
    "nb18-block-forward": '''
h = x + self.attn(self.ln1(x))
out = h + self.mlp(self.ln2(h))
return out
''',
    "nb18-decoder-forward": '''
positions = torch.arange(T, device=idx.device).unsqueeze(0)
h = self.tokens(idx) + self.positions(positions)
h = self.drop(h)
for blk in self.blocks:
    h = blk(h)
h = self.ln_f(h)
logits = self.lm_head(h)
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.reshape(B * T, -1), targets.reshape(B * T), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''
matrices, others = [], []
for p in model.parameters():
    (matrices if p.ndim > 1 else others).append(p)
return [dict(params=matrices, weight_decay=weight_decay), dict(params=others, weight_decay=0.0)]
''',
    "nb18-lr-at": '''
if step < warmup:
    return lr * (step / warmup)
floor = lr * min_lr_ratio
if step >= max_steps:
    return floor
p = (step - warmup) / (max_steps - warmup)
return floor + (lr - floor) * (1 + math.cos(math.pi * p)) / 2
''',
}

# --- quique: la pareja, el que copia a patricia y lo retoca a mano para que no se note ---------
QUIQUE = {
    "nb11-make-xy": '''
# cuántas ventanas completas caben (cada una necesita T + 1 tokens)
count = (stream.shape[0] - 1) // T
positions = torch.arange(count * T).reshape(count, T)

return stream[positions], stream[1 + positions]
''',
    "nb11-accumulated-step": '''
chunk = x.shape[0] // n_micro
opt.zero_grad()
partial = []

for first in range(0, x.shape[0], chunk):
    out = model(x[first:first + chunk])
    vocab = out.shape[-1]
    # la pérdida de este trozo, con su parte de la media
    piece_loss = F.cross_entropy(out.view(-1, vocab), y[first:first + chunk].reshape(-1))
    partial.append(piece_loss.item())
    (piece_loss / n_micro).backward()

opt.step()
return sum(partial) / n_micro
''',
    "nb11-data-floor": '''
cur, nxt = x.reshape(-1), y.reshape(-1)
width = int(max(cur.max(), nxt.max())) + 1
# contamos a la vez: cada pareja (a, b) es un solo número
codes = width * cur + nxt
seen_cur = torch.bincount(cur, minlength=width)
seen_pair = torch.bincount(codes, minlength=width * width)

prob = seen_pair[codes].double() / seen_cur[cur].double()
return -prob.log().mean().item()
''',
    "nb17-pad-to": '''
result = torch.full((len(seqs), T), pad_id, dtype=torch.long)

for k, ids in enumerate(seqs):
    length = min(T, len(ids))
    if length > 0:
        result[k, :length] = torch.tensor(ids[:length])   # lo que cabe, a la izquierda
return result
''',
    "nb17-packed-item": '''
first = int(starts[i])
buffer = torch.zeros(block + 1, dtype=torch.int64)
taken = stream[first:first + block + 1].to(torch.int64)
buffer[:len(taken)] = taken

# y es x desplazada, con <pad> al final
y = torch.cat([buffer[1:block], torch.zeros(1, dtype=torch.int64)])
x = buffer[:block]
return x, y
''',
    "nb17-loss-per-game": '''
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), ignore_index=0, reduction="none")

n_real = (y != 0).sum(dim=1)
return losses.view(B, T).sum(dim=1) / n_real
''',
    "nb18-attention-forward": '''
B, T, d = x.shape
n_h, h_d = self.n_head, self.head_dim
p_drop = self.dropout if self.training else 0.0
# (3, B, H, T, D): consultas, claves y valores separados
packed = self.qkv(x).view(B, T, 3, n_h, h_d).permute(2, 0, 3, 1, 4)
q, k, v = packed[0], packed[1], packed[2]

y = F.scaled_dot_product_attention(q, k, v, dropout_p=p_drop, is_causal=True)
y = y.permute(0, 2, 1, 3).reshape(B, T, d)
return self.resid_drop(self.proj(y))
''',
    "nb18-block-forward": '''
r = x + self.attn(self.ln1(x))   # primer residuo
return r + self.mlp(self.ln2(r))
''',
    "nb18-decoder-forward": '''
pos = torch.arange(T, device=idx.device).unsqueeze(0)
z = self.drop(self.tokens(idx) + self.positions(pos))

for layer in self.blocks:
    z = layer(z)
logits = self.lm_head(self.ln_f(z))

loss = None
if targets is not None:
    # sin contar el relleno
    loss = F.cross_entropy(logits.reshape(B * T, -1), targets.reshape(B * T), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''
with_decay, without_decay = [], []
for param in model.parameters():
    (without_decay if param.ndim < 2 else with_decay).append(param)

return [
    dict(params=with_decay, weight_decay=weight_decay),
    dict(params=without_decay, weight_decay=0.0),
]
''',
    "nb18-lr-at": '''
base = lr * min_lr_ratio
if step < warmup:
    return lr * step / warmup
if step >= max_steps:
    return base

# medio coseno entre lr y el suelo
frac = (step - warmup) / (max_steps - warmup)
return base + 0.5 * (lr - base) * (1 + math.cos(frac * math.pi))
''',
}

# --- ruth: la copiona; la solución publicada pegada y disfrazada a mano ------------------------
RUTH = {
    "nb11-make-xy": '''
# ventanas completas que caben
num = (len(stream) - 1) // T

inputs = stream[: num * T].reshape(num, T)
targets = stream[1 : 1 + num * T].reshape(num, T)
return inputs, targets
''',
    "nb11-accumulated-step": '''
opt.zero_grad()
chunk = x.shape[0] // n_micro
acc = 0.0

for i0 in range(0, x.shape[0], chunk):
    out = model(x[i0 : i0 + chunk])
    # pérdida media de este trozo
    part = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[i0 : i0 + chunk].reshape(-1))
    acc = acc + part.item()
    (part / n_micro).backward()

opt.step()
return acc / n_micro
''',
    "nb11-data-floor": '''
from collections import Counter
import math

positions = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
current_seen = Counter(cur for cur, _ in positions)
pair_seen = Counter(positions)

acc = 0.0
for cur, nxt in positions:   # cada posición cuenta, también las repetidas
    acc = acc - math.log(pair_seen[(cur, nxt)] / current_seen[cur])
return acc / len(positions)
''',
    "nb17-pad-to": '''
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)

for row, ids in enumerate(seqs):
    # como mucho T ids; el resto se queda en pad_id
    part = list(ids)[:T]
    out[row, : len(part)] = torch.tensor(part, dtype=torch.int64)
return out
''',
    "nb17-packed-item": '''
s = int(starts[i])
chunk = stream[s : s + block]   # se queda corto si el flujo termina antes

x = torch.zeros(block, dtype=torch.int64)
y = torch.zeros(block, dtype=torch.int64)
x[: len(chunk)] = chunk
y[: block - 1] = x[1:]
return x, y
''',
    "nb17-loss-per-game": '''
B, T, V = logits.shape
real = y != 0
# una pérdida por posición, luego la media de las que no son relleno
losses = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)
return (real * losses).sum(dim=1) / real.sum(dim=1)
''',
    "nb18-attention-forward": '''
B, T, d = x.shape
queries, keys, values = self.qkv(x).split(d, dim=-1)
# cabezas delante de las posiciones: (B, H, T, D)
queries, keys, values = (m.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for m in (queries, keys, values))
p = 0.0 if not self.training else self.dropout
mixed = F.scaled_dot_product_attention(queries, keys, values, dropout_p=p, is_causal=True)

mixed = mixed.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(mixed))
''',
    "nb18-block-forward": '''
# primero la atención, luego el MLP, cada uno sumado al residuo
x = self.attn(self.ln1(x)) + x
return self.mlp(self.ln2(x)) + x
''',
    "nb18-decoder-forward": '''
pos = torch.arange(T, device=idx.device)
h = self.drop(self.positions(pos) + self.tokens(idx))

for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))

if targets is None:
    return logits, None
# la media sin las posiciones de relleno
V = logits.shape[-1]
return logits, F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), ignore_index=0)
''',
    "nb18-param-groups": '''
without = [t for t in model.parameters() if t.dim() < 2]
matrices = [t for t in model.parameters() if t.dim() >= 2]

return [
    {"params": matrices, "weight_decay": weight_decay},   # matrices con decaimiento
    {"params": without, "weight_decay": 0.0},
]
''',
    "nb18-lr-at": '''
if step < warmup:
    return step * lr / warmup
lowest = min_lr_ratio * lr

frac = min(1.0, (step - warmup) / (max_steps - warmup))
return lowest + (lr - lowest) * 0.5 * (1 + math.cos(math.pi * frac))
''',
}

WORK = {
    "joaquin": JOAQUIN,
    "lidia": LIDIA,
    "nicolas": NICOLAS,
    "patricia": PATRICIA,
    "quique": QUIQUE,
    "ruth": RUTH,
    "simon": {},
}
