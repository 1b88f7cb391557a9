"""Decimotercera clase apartada para el informe de parecidos: cuadernos 11, 17 y 18.

Nadie ha usado esta clase para ajustar el informe. Se escribió a ciegas y a mano, de una vez: sin abrir las
soluciones independientes del catálogo, las otras clases de prueba ni el código del informe, y sin ejecutar
el informe ni nada que compare alumnos. Tras escribirla solo se comprobó que cada alumno aprueba todos los
tests de los tres cuadernos (la prueba de respuestas equivocadas); ningún alumno se retocó tras medir
parecidos, porque no se midió ninguno.

Quién es quién:

* ``jacinta`` (honrada): usa solo lo que el curso ha enseñado hasta cada cuaderno; escribe corto y directo.
* ``norberto`` (honrado): principiante; bucles, pasos intermedios y nombres largos.
* ``ivan`` (honrado): ya programaba; funciones auxiliares, comprensiones y otras funciones de torch
  (``unfold``, ``unique``, ``F.pad``, ``unflatten``, ``nn.Sequential``...).
* ``lucas`` y ``macarena`` (la pareja): ``lucas`` lo resuelve a su manera (índices con ``arange``,
  ``index_put_``, ``gather``, ``permute``); ``macarena`` le copia y lo cambia a mano para que no se note:
  otros nombres, comentarios, líneas en blanco, alguna sentencia independiente en otro orden y alguna
  expresión escrita de otra forma equivalente.
* ``octavio`` (el copión): pega la solución publicada de ``source/`` y la disfraza a mano del mismo modo;
  sigue siendo la solución pegada y retocada, no reescrita.
* ``hilario``: el cuaderno en blanco.

Los tres honrados y la pareja se escribieron leyendo solo la versión de alumno (``release/``); la solución
publicada se abrió después, y solo para el copión. Cada código es lo que va en lugar del
``raise NotImplementedError()`` de su celda, sin su sangría.
"""

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("jacinta", "norberto", "ivan"), ("lucas", "macarena"), "octavio", "hilario"

# --- jacinta: lo del curso, corto y directo ---------------------------------------------------------------

JACINTA = {
    "nb11-make-xy": '''
N = (len(stream) - 1) // T
x = stream[: N * T].view(N, T)
y = stream[1 : N * T + 1].view(N, T)
return x, y
''',
    "nb11-accumulated-step": '''
opt.zero_grad()
size = x.shape[0] // n_micro
total = 0.0
for i in range(n_micro):
    xs, ys = x[i * size : (i + 1) * size], y[i * size : (i + 1) * size]
    logits = model(xs)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), ys.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
''',
    "nb11-data-floor": '''
from collections import Counter

a = x.reshape(-1).tolist()
b = y.reshape(-1).tolist()
pairs = Counter(zip(a, b))
firsts = Counter(a)
total = 0.0
for (current, following), n in pairs.items():
    total -= n * math.log(n / firsts[current])
return total / len(a)
''',
    "nb17-pad-to": '''
rows = [s[:T] + [pad_id] * (T - len(s[:T])) for s in seqs]
return torch.tensor(rows, dtype=torch.int64)
''',
    "nb17-packed-item": '''
start = int(starts[i])
chunk = torch.zeros(block + 1, dtype=torch.int64)
window = stream[start : start + block + 1]
chunk[: len(window)] = window
x = chunk[:-1]
y = chunk[1:].clone()
y[-1] = 0
return x, y
''',
    "nb17-loss-per-game": '''
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none").view(B, T)
real = (y != 0).sum(dim=1)
return losses.sum(dim=1) / real
''',
    "nb18-attention-forward": '''
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=2)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).reshape(B, T, d)
return self.resid_drop(self.proj(out))
''',
    "nb18-block-forward": '''
x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
''',
    "nb18-decoder-forward": '''
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=PAD_ID)
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
p = min(1.0, (step - warmup) / (max_steps - warmup))
floor = lr * min_lr_ratio
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
''',
}

# --- norberto: principiante, bucles, pasos intermedios y nombres largos ------------------------------------

NORBERTO = {
    "nb11-make-xy": '''
total_length = stream.shape[0]
number_of_windows = 0
while (number_of_windows + 1) * T + 1 <= total_length:
    number_of_windows = number_of_windows + 1
inputs_list = []
targets_list = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    window_inputs = stream[window_start : window_start + T]
    window_targets = stream[window_start + 1 : window_start + T + 1]
    inputs_list.append(window_inputs)
    targets_list.append(window_targets)
x = torch.stack(inputs_list)
y = torch.stack(targets_list)
return x, y
''',
    "nb11-accumulated-step": '''
opt.zero_grad()
total_games = x.shape[0]
games_per_chunk = total_games // n_micro
loss_of_whole_batch = 0.0
for chunk_number in range(n_micro):
    first_game = chunk_number * games_per_chunk
    last_game = first_game + games_per_chunk
    chunk_inputs = x[first_game:last_game]
    chunk_targets = y[first_game:last_game]
    chunk_logits = model(chunk_inputs)
    vocab_size = chunk_logits.shape[-1]
    flat_logits = chunk_logits.reshape(-1, vocab_size)
    flat_targets = chunk_targets.reshape(-1)
    chunk_loss = F.cross_entropy(flat_logits, flat_targets)
    share_of_chunk = chunk_loss / n_micro
    share_of_chunk.backward()
    loss_of_whole_batch = loss_of_whole_batch + share_of_chunk.item()
opt.step()
return loss_of_whole_batch
''',
    "nb11-data-floor": '''
current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
pair_counts = {}
current_counts = {}
for current_token, next_token in zip(current_tokens, next_tokens):
    pair = (current_token, next_token)
    if pair in pair_counts:
        pair_counts[pair] = pair_counts[pair] + 1
    else:
        pair_counts[pair] = 1
    if current_token in current_counts:
        current_counts[current_token] = current_counts[current_token] + 1
    else:
        current_counts[current_token] = 1
sum_of_losses = 0.0
for current_token, next_token in zip(current_tokens, next_tokens):
    probability = pair_counts[(current_token, next_token)] / current_counts[current_token]
    sum_of_losses = sum_of_losses - math.log(probability)
number_of_positions = len(current_tokens)
return sum_of_losses / number_of_positions
''',
    "nb17-pad-to": '''
number_of_sequences = len(seqs)
batch = torch.full((number_of_sequences, T), pad_id, dtype=torch.int64)
for row_index in range(number_of_sequences):
    sequence = seqs[row_index]
    for column_index in range(T):
        if column_index < len(sequence):
            batch[row_index, column_index] = sequence[column_index]
return batch
''',
    "nb17-packed-item": '''
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
    position = start_position + offset + 1
    if position < stream_length:
        y_values.append(int(stream[position]))
    else:
        y_values.append(0)
y_values.append(0)
x = torch.tensor(x_values, dtype=torch.int64)
y = torch.tensor(y_values, dtype=torch.int64)
return x, y
''',
    "nb17-loss-per-game": '''
batch_size, sequence_length, vocab_size = logits.shape
flat_logits = logits.reshape(batch_size * sequence_length, vocab_size)
flat_targets = y.reshape(batch_size * sequence_length)
loss_of_every_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
loss_of_every_position = loss_of_every_position.reshape(batch_size, sequence_length)
is_real_target = (y != 0).float()
real_losses = loss_of_every_position * is_real_target
sum_per_game = real_losses.sum(dim=1)
real_targets_per_game = is_real_target.sum(dim=1)
return sum_per_game / real_targets_per_game
''',
    "nb18-attention-forward": '''
batch_size, sequence_length, model_dim = x.shape
all_projections = self.qkv(x)
queries = all_projections[:, :, 0:model_dim]
keys = all_projections[:, :, model_dim : 2 * model_dim]
values = all_projections[:, :, 2 * model_dim : 3 * model_dim]
queries = queries.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
keys = keys.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
values = values.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
queries = queries.transpose(1, 2)
keys = keys.transpose(1, 2)
values = values.transpose(1, 2)
if self.training:
    attention_dropout = self.dropout
else:
    attention_dropout = 0.0
heads_output = F.scaled_dot_product_attention(queries, keys, values, dropout_p=attention_dropout, is_causal=True)
heads_output = heads_output.transpose(1, 2)
joined_heads = heads_output.reshape(batch_size, sequence_length, model_dim)
projected = self.proj(joined_heads)
output = self.resid_drop(projected)
return output
''',
    "nb18-block-forward": '''
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_first_residual = x + attention_result
normalized_for_mlp = self.ln2(after_first_residual)
mlp_result = self.mlp(normalized_for_mlp)
after_second_residual = after_first_residual + mlp_result
return after_second_residual
''',
    "nb18-decoder-forward": '''
token_embeddings = self.tokens(idx)
position_numbers = torch.arange(0, T, dtype=torch.int64, device=idx.device)
position_embeddings = self.positions(position_numbers)
hidden_states = token_embeddings + position_embeddings
hidden_states = self.drop(hidden_states)
for current_block in self.blocks:
    hidden_states = current_block(hidden_states)
hidden_states = self.ln_f(hidden_states)
logits = self.lm_head(hidden_states)
if targets is None:
    loss = None
else:
    vocabulary_size = logits.shape[-1]
    flat_logits = logits.reshape(B * T, vocabulary_size)
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
    learning_rate = increase_per_step * step
    return float(learning_rate)
lowest_lr = lr * min_lr_ratio
if step >= max_steps:
    return float(lowest_lr)
progress = (step - warmup) / (max_steps - warmup)
cosine_part = (1 + math.cos(math.pi * progress)) / 2
learning_rate = lowest_lr + (lr - lowest_lr) * cosine_part
return float(learning_rate)
''',
}

# --- ivan: ya programaba; auxiliares, comprensiones y otras funciones de torch -----------------------------

IVAN = {
    "nb11-make-xy": '''
windows = stream.unfold(0, T + 1, T)   # (N, T + 1): cada ventana con su último objetivo
return windows[:, :-1].long(), windows[:, 1:].long()
''',
    "nb11-accumulated-step": '''
def chunk_loss(xs, ys):
    logits = model(xs)
    return F.cross_entropy(logits.flatten(0, 1), ys.flatten())

opt.zero_grad(set_to_none=True)
total = torch.zeros(())
for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
    loss = chunk_loss(xs, ys) / n_micro
    loss.backward()
    total += loss.detach()
opt.step()
return total.item()
''',
    "nb11-data-floor": '''
pairs = torch.stack((x.flatten(), y.flatten()), dim=1)
_, pair_of, pair_counts = pairs.unique(dim=0, return_inverse=True, return_counts=True)
_, context_of, context_counts = x.flatten().unique(return_inverse=True, return_counts=True)
p = pair_counts[pair_of].double() / context_counts[context_of]
return -p.log().mean().item()
''',
    "nb17-pad-to": '''
import torch.nn.functional as F

def fit(seq):
    head = torch.as_tensor(list(seq)[:T], dtype=torch.long)
    return F.pad(head, (0, T - head.numel()), value=pad_id)

return torch.stack([fit(s) for s in seqs])
''',
    "nb17-packed-item": '''
start = int(starts[i])
window = stream[start : start + block + 1].to(torch.int64)
window = F.pad(window, (0, block + 1 - window.numel()), value=0)
return window[:-1], torch.cat((window[1:-1], window.new_zeros(1)))
''',
    "nb17-loss-per-game": '''
per_position = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")
return per_position.sum(dim=1) / y.ne(0).sum(dim=1)
''',
    "nb18-attention-forward": '''
split_heads = lambda t: t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)
q, k, v = map(split_heads, self.qkv(x).chunk(3, dim=-1))
out = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=self.dropout * self.training)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
''',
    "nb18-block-forward": '''
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
''',
    "nb18-decoder-forward": '''
h = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)))
h = nn.Sequential(*self.blocks)(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=PAD_ID)
return logits, loss
''',
    "nb18-param-groups": '''
params = list(model.parameters())
decay = [p for p in params if p.ndim >= 2]
no_decay = [p for p in params if p.ndim < 2]
return [dict(params=decay, weight_decay=weight_decay), dict(params=no_decay, weight_decay=0.0)]
''',
    "nb18-lr-at": '''
def cosine(fraction):
    return 0.5 * (1.0 + math.cos(math.pi * min(fraction, 1.0)))

floor = lr * min_lr_ratio
if step < warmup:
    return lr * step / warmup
return floor + (lr - floor) * cosine((step - warmup) / (max_steps - warmup))
''',
}

# --- lucas: la pareja, el que lo resuelve a su manera ------------------------------------------------------

LUCAS = {
    "nb11-make-xy": '''
n = (stream.numel() - 1) // T
starts = torch.arange(n) * T
offsets = torch.arange(T)
positions = starts[:, None] + offsets[None, :]
return stream[positions], stream[positions + 1]
''',
    "nb11-accumulated-step": '''
opt.zero_grad()
B = x.shape[0]
step = B // n_micro
losses = []
for start in range(0, B, step):
    out = model(x[start : start + step])
    part = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[start : start + step].reshape(-1))
    (part / n_micro).backward()
    losses.append(part.item())
opt.step()
return sum(losses) / len(losses)
''',
    "nb11-data-floor": '''
a = x.reshape(-1)
b = y.reshape(-1)
size = int(max(a.max(), b.max())) + 1
table = torch.zeros(size, size, dtype=torch.float64)
table.index_put_((a, b), torch.ones(len(a), dtype=torch.float64), accumulate=True)
rows = table.sum(dim=1)
p = table[a, b] / rows[a]
return float(-torch.log(p).mean())
''',
    "nb17-pad-to": '''
batch = torch.full((len(seqs), T), pad_id)
for row, s in enumerate(seqs):
    n = min(len(s), T)
    batch[row, :n] = torch.tensor(s[:n])
return batch
''',
    "nb17-packed-item": '''
begin = int(starts[i])
end = min(begin + block + 1, len(stream))
tokens = stream[begin:end].long().tolist()
tokens = tokens + [0] * (block + 1 - len(tokens))
x = torch.tensor(tokens[:block])
y = torch.tensor(tokens[1:block] + [0])
return x, y
''',
    "nb17-loss-per-game": '''
logp = F.log_softmax(logits, dim=-1)
picked = logp.gather(-1, y.unsqueeze(-1)).squeeze(-1)
mask = (y != 0).to(logits.dtype)
return -(picked * mask).sum(dim=1) / mask.sum(dim=1)
''',
    "nb18-attention-forward": '''
B, T, d = x.shape
H, D = self.n_head, self.head_dim
qkv = self.qkv(x).view(B, T, 3, H, D).permute(2, 0, 3, 1, 4)
q, k, v = qkv[0], qkv[1], qkv[2]
drop = self.dropout if self.training else 0.0
att = F.scaled_dot_product_attention(q, k, v, dropout_p=drop, is_causal=True)
att = att.permute(0, 2, 1, 3).reshape(B, T, d)
return self.resid_drop(self.proj(att))
''',
    "nb18-block-forward": '''
h = x + self.attn(self.ln1(x))
out = h + self.mlp(self.ln2(h))
return out
''',
    "nb18-decoder-forward": '''
where = torch.arange(T, device=idx.device)
h = self.tokens(idx) + self.positions(where)
h = self.drop(h)
for layer in self.blocks:
    h = layer(h)
h = self.ln_f(h)
logits = self.lm_head(h)
loss = None
if targets is not None:
    V = logits.size(-1)
    loss = F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''
groups = [{"params": [], "weight_decay": weight_decay}, {"params": [], "weight_decay": 0.0}]
for p in model.parameters():
    groups[0 if p.dim() >= 2 else 1]["params"].append(p)
return groups
''',
    "nb18-lr-at": '''
if step < warmup:
    return step * lr / warmup
if step >= max_steps:
    return lr * min_lr_ratio
low = lr * min_lr_ratio
p = (step - warmup) / (max_steps - warmup)
return low + (lr - low) * (1 + math.cos(math.pi * p)) / 2
''',
}

# --- macarena: copia a lucas y lo retoca a mano para que no se note ---------------------------------------

MACARENA = {
    "nb11-make-xy": '''
# cuántas ventanas completas caben
count = (len(stream) - 1) // T
cols = torch.arange(T)
rows = T * torch.arange(count)

idx = rows.unsqueeze(1) + cols.unsqueeze(0)
return stream[idx], stream[1 + idx]
''',
    "nb11-accumulated-step": '''
total = x.shape[0]
opt.zero_grad()
chunk = total // n_micro
values = []

# cada trozo aporta su parte al gradiente
for first in range(0, total, chunk):
    logits = model(x[first : first + chunk])
    piece = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y[first : first + chunk].reshape(-1))
    values.append(piece.item())
    (piece / n_micro).backward()

opt.step()
return sum(values) / n_micro
''',
    "nb11-data-floor": '''
cur = x.reshape(-1)
nxt = y.reshape(-1)
n = int(max(cur.max(), nxt.max())) + 1

# tabla de cuentas de parejas
counts = torch.zeros(n, n, dtype=torch.float64)
counts.index_put_((cur, nxt), torch.ones(len(cur), dtype=torch.float64), accumulate=True)
totals = counts.sum(dim=1)

probs = counts[cur, nxt] / totals[cur]
return float(-probs.log().mean())
''',
    "nb17-pad-to": '''
out = torch.full((len(seqs), T), pad_id)
for i, seq in enumerate(seqs):
    m = min(T, len(seq))
    # copia lo que cabe; el resto ya es relleno
    out[i, :m] = torch.tensor(seq[:m])

return out
''',
    "nb17-packed-item": '''
first = int(starts[i])
last = min(len(stream), first + block + 1)

ids = stream[first:last].long().tolist()
ids += [0] * (block + 1 - len(ids))   # relleno si el flujo se acaba

y = torch.tensor(ids[1:block] + [0])
x = torch.tensor(ids[:block])
return x, y
''',
    "nb17-loss-per-game": '''
log_probs = logits.log_softmax(dim=-1)
real = (y != 0).to(logits.dtype)
# log-probabilidad del objetivo en cada posición
chosen = log_probs.gather(2, y.unsqueeze(2)).squeeze(2)

return -(chosen * real).sum(1) / real.sum(1)
''',
    "nb18-attention-forward": '''
B, T, d = x.shape
packed = self.qkv(x).view(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
q, k, v = packed[0], packed[1], packed[2]

p = 0.0
if self.training:
    p = self.dropout
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)

# cabezas otra vez juntas
out = out.permute(0, 2, 1, 3).reshape(B, T, d)
return self.resid_drop(self.proj(out))
''',
    "nb18-block-forward": '''
mid = self.attn(self.ln1(x)) + x
return mid + self.mlp(self.ln2(mid))
''',
    "nb18-decoder-forward": '''
pos = torch.arange(T, device=idx.device)
hidden = self.drop(self.tokens(idx) + self.positions(pos))

for blk in self.blocks:
    hidden = blk(hidden)
logits = self.lm_head(self.ln_f(hidden))

if targets is None:
    return logits, None
vocab = logits.size(-1)
loss = F.cross_entropy(logits.reshape(-1, vocab), targets.reshape(-1), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''
with_decay = {"params": [], "weight_decay": weight_decay}
without_decay = {"params": [], "weight_decay": 0.0}
# matrices con decaimiento, lo demás sin él
for param in model.parameters():
    (with_decay if param.dim() > 1 else without_decay)["params"].append(param)
return [with_decay, without_decay]
''',
    "nb18-lr-at": '''
floor = min_lr_ratio * lr
if step < warmup:
    return lr * step / warmup
if step >= max_steps:
    return floor

frac = (step - warmup) / (max_steps - warmup)
return floor + 0.5 * (lr - floor) * (1 + math.cos(frac * math.pi))
''',
}

# --- octavio: la solución publicada, pegada y disfrazada a mano --------------------------------------------

OCTAVIO = {
    "nb11-make-xy": '''
# ventanas completas que caben en el flujo
count = (len(stream) - 1) // T

inputs = stream[: count * T].reshape(count, T)
targets = stream[1 : 1 + count * T].reshape(count, T)
return inputs, targets
''',
    "nb11-accumulated-step": '''
opt.zero_grad()
chunk = x.shape[0] // n_micro
running = 0.0

for first in range(0, x.shape[0], chunk):
    out = model(x[first : first + chunk])
    part = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[first : first + chunk].reshape(-1))
    # cada trozo pone 1/n_micro de la media
    (part / n_micro).backward()
    running = running + part.item()
opt.step()
return running / n_micro
''',
    "nb11-data-floor": '''
from collections import Counter
import math

positions = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
contexts = Counter(cur for cur, _ in positions)
together = Counter(positions)

acc = 0.0
for cur, nxt in positions:
    acc = acc - math.log(together[(cur, nxt)] / contexts[cur])
return acc / len(positions)
''',
    "nb17-pad-to": '''
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for row, s in enumerate(seqs):
    head = list(s)[:T]   # solo lo que cabe
    out[row, : len(head)] = torch.tensor(head, dtype=torch.int64)

return out
''',
    "nb17-packed-item": '''
begin = int(starts[i])
x = torch.full((block,), 0, dtype=torch.int64)
y = torch.full((block,), 0, dtype=torch.int64)

chunk = stream[begin : begin + block]   # más corto si se acaba el flujo
x[: len(chunk)] = chunk
y[: block - 1] = x[1:]
return x, y
''',
    "nb17-loss-per-game": '''
B, T, V = logits.shape
real = y != 0
# pérdida de cada posición, sin reducir
each = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)

return (each * real).sum(dim=1) / real.sum(dim=1)
''',
    "nb18-attention-forward": '''
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=2)
q, k, v = (part.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for part in (q, k, v))

p = self.dropout if self.training else 0.0   # dropout solo al entrenar
heads = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
heads = heads.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(heads))
''',
    "nb18-block-forward": '''
h = self.attn(self.ln1(x)) + x
return self.mlp(self.ln2(h)) + h
''',
    "nb18-decoder-forward": '''
positions = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(positions))

for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))

loss = None
if targets is not None:
    # sin contar el relleno
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''
rest = [q for q in model.parameters() if q.dim() < 2]
matrices = [q for q in model.parameters() if q.dim() >= 2]

return [{"params": matrices, "weight_decay": weight_decay}, {"params": rest, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''
if step < warmup:
    return step * lr / warmup
low = min_lr_ratio * lr
frac = min(1.0, (step - warmup) / (max_steps - warmup))

return low + (lr - low) * 0.5 * (1 + math.cos(math.pi * frac))
''',
}

WORK = {
    "jacinta": JACINTA,
    "norberto": NORBERTO,
    "ivan": IVAN,
    "lucas": LUCAS,
    "macarena": MACARENA,
    "octavio": OCTAVIO,
    "hilario": {},
}
