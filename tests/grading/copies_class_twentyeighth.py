"""Vigesimoctava clase de prueba, apartada, para el informe de parecidos: cuadernos 11, 17 y 18.

Quién es quién:

- ``petra`` (honrada): solo usa lo que el curso ha enseñado hasta cada cuaderno; corto y directo.
- ``laureano`` (honrado): principiante; bucles, pasos intermedios y nombres largos.
- ``jacoba`` (honrada): ya programaba; funciones auxiliares, comprensiones y otras funciones de torch
  (``unfold``, ``torch.unique``, ``unflatten``, ``functools.reduce``…).
- ``nazario`` y ``maximina`` (la pareja): ``nazario`` lo resuelve a su manera (índices con
  ``arange``, ``bincount``, ``gather``…); ``maximina`` le copia y lo cambia a mano para que no se note
  (otros nombres, comentarios, líneas en blanco, alguna sentencia independiente en otro orden y alguna
  expresión escrita de otra forma equivalente).
- ``rufino`` (el copión): pega la solución publicada de ``source/`` y la disfraza a mano del mismo modo;
  sigue siendo la solución pegada y retocada.
- ``sagrario``: entrega el cuaderno en blanco.

Cómo se escribió: a ciegas y a mano. Los tres honrados y la pareja se escribieron leyendo solo la versión
de alumno (``release/``), sin mirar la solución publicada, las otras clases de prueba ni las soluciones
independientes; la solución publicada se leyó después, solo para el copión. Nadie se retocó tras medir
parecidos (no se midió nada): lo único que se comprobó es que cada alumno, menos el blanco, aprueba todos
los tests de los tres cuadernos (tests ocultos incluidos), con la prueba de respuestas equivocadas.

Cada código es el cuerpo que va en lugar del ``raise NotImplementedError()`` de su celda, sin su sangría.
"""

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("petra", "laureano", "jacoba"), ("nazario", "maximina"), "rufino", "sagrario"

# ---------------------------------------------------------------------------------------------------------
# petra: lo que el curso ha enseñado, corto y directo.
# ---------------------------------------------------------------------------------------------------------
PETRA = {
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
    xb, yb = x[i * size : (i + 1) * size], y[i * size : (i + 1) * size]
    logits = model(xb)
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), yb.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
''',
    "nb11-data-floor": '''
from collections import Counter

pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_counts = Counter(pairs)
first_counts = Counter(a for a, _ in pairs)
total = 0.0
for a, b in pairs:
    total -= math.log(pair_counts[(a, b)] / first_counts[a])
return total / len(pairs)
''',
    "nb17-pad-to": '''
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    batch[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return batch
''',
    "nb17-packed-item": '''
start = int(starts[i])
piece = stream[start : start + block + 1].long()
window = torch.zeros(block + 1, dtype=torch.int64)
window[: len(piece)] = piece
x = window[:-1]
y = window[1:].clone()
y[-1] = 0
return x, y
''',
    "nb17-loss-per-game": '''
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none").view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
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
loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''
decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
''',
}

# ---------------------------------------------------------------------------------------------------------
# laureano: principiante; todo paso a paso, con bucles y nombres largos.
# ---------------------------------------------------------------------------------------------------------
LAUREANO = {
    "nb11-make-xy": '''
total_length = stream.shape[0]
# cuento cuántas ventanas completas caben (cada una necesita T + 1 tokens)
number_of_windows = 0
while (number_of_windows + 1) * T + 1 <= total_length:
    number_of_windows = number_of_windows + 1

if number_of_windows == 0:
    empty_inputs = torch.zeros((0, T), dtype=torch.int64)
    empty_targets = torch.zeros((0, T), dtype=torch.int64)
    return empty_inputs, empty_targets

inputs_list = []
targets_list = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    window_inputs = stream[window_start : window_start + T]
    window_targets = stream[window_start + 1 : window_start + T + 1]
    inputs_list.append(window_inputs)
    targets_list.append(window_targets)

inputs_tensor = torch.stack(inputs_list)
targets_tensor = torch.stack(targets_list)
return inputs_tensor, targets_tensor
''',
    "nb11-accumulated-step": '''
games_per_piece = x.shape[0] // n_micro
# primero borro lo que hubiera en .grad de antes
opt.zero_grad()
whole_batch_loss = 0.0
for piece_number in range(n_micro):
    first_game = piece_number * games_per_piece
    last_game = first_game + games_per_piece
    piece_inputs = x[first_game:last_game]
    piece_targets = y[first_game:last_game]
    piece_logits = model(piece_inputs)
    vocabulary_size = piece_logits.shape[2]
    flat_logits = piece_logits.reshape(-1, vocabulary_size)
    flat_targets = piece_targets.reshape(-1)
    piece_loss = F.cross_entropy(flat_logits, flat_targets)
    # cada trozo es una parte de la media: lo divido entre el número de trozos
    scaled_piece_loss = piece_loss / n_micro
    scaled_piece_loss.backward()
    whole_batch_loss = whole_batch_loss + scaled_piece_loss.item()
# un solo paso al final, con los gradientes de todos los trozos
opt.step()
return whole_batch_loss
''',
    "nb11-data-floor": '''
current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()

# cuento las parejas y los tokens actuales
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

# sumo lo que paga cada posición
sum_of_losses = 0.0
for position in range(len(current_tokens)):
    current_token = current_tokens[position]
    next_token = next_tokens[position]
    probability = pair_counts[(current_token, next_token)] / current_counts[current_token]
    sum_of_losses = sum_of_losses - math.log(probability)

number_of_positions = len(current_tokens)
average_loss = sum_of_losses / number_of_positions
return float(average_loss)
''',
    "nb17-pad-to": '''
padded_rows = []
for sequence in seqs:
    row = []
    for token_id in sequence:
        if len(row) < T:
            row.append(token_id)
    # relleno a la derecha hasta tener T columnas
    while len(row) < T:
        row.append(pad_id)
    padded_rows.append(row)
result = torch.tensor(padded_rows, dtype=torch.int64)
return result
''',
    "nb17-packed-item": '''
start_position = int(starts[i])
stream_length = stream.shape[0]
window_tokens = []
for offset in range(block):
    position = start_position + offset
    if position < stream_length:
        window_tokens.append(int(stream[position]))
    else:
        window_tokens.append(0)   # el flujo se acabó: <pad>
inputs = torch.tensor(window_tokens, dtype=torch.int64)
targets_list = []
for offset in range(1, block):
    targets_list.append(window_tokens[offset])
targets_list.append(0)   # el último objetivo siempre es <pad>
targets = torch.tensor(targets_list, dtype=torch.int64)
return inputs, targets
''',
    "nb17-loss-per-game": '''
batch_size = logits.shape[0]
sequence_length = logits.shape[1]
vocabulary_size = logits.shape[2]
flat_logits = logits.reshape(batch_size * sequence_length, vocabulary_size)
flat_targets = y.reshape(batch_size * sequence_length)
loss_of_every_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
loss_table = loss_of_every_position.reshape(batch_size, sequence_length)
is_real_target = y != 0
# las posiciones de relleno no cuentan: las pongo a cero
real_losses = torch.where(is_real_target, loss_table, torch.zeros_like(loss_table))
sum_per_game = real_losses.sum(dim=1)
count_per_game = is_real_target.sum(dim=1)
average_per_game = sum_per_game / count_per_game
return average_per_game
''',
    "nb18-attention-forward": '''
batch_size, sequence_length, model_width = x.shape
number_of_heads = self.n_head
size_of_head = self.head_dim
all_projections = self.qkv(x)
queries = all_projections[:, :, 0:model_width]
keys = all_projections[:, :, model_width : 2 * model_width]
values = all_projections[:, :, 2 * model_width : 3 * model_width]
# las cabezas delante de las posiciones: (B, H, T, D)
queries = queries.reshape(batch_size, sequence_length, number_of_heads, size_of_head)
queries = queries.transpose(1, 2)
keys = keys.reshape(batch_size, sequence_length, number_of_heads, size_of_head)
keys = keys.transpose(1, 2)
values = values.reshape(batch_size, sequence_length, number_of_heads, size_of_head)
values = values.transpose(1, 2)
if self.training:
    attention_dropout = self.dropout
else:
    attention_dropout = 0.0
attended = F.scaled_dot_product_attention(queries, keys, values, dropout_p=attention_dropout, is_causal=True)
# vuelvo a juntar las cabezas
attended = attended.transpose(1, 2)
attended = attended.reshape(batch_size, sequence_length, model_width)
projected = self.proj(attended)
output = self.resid_drop(projected)
return output
''',
    "nb18-block-forward": '''
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_attention = x + attention_result
normalized_for_mlp = self.ln2(after_attention)
mlp_result = self.mlp(normalized_for_mlp)
output = after_attention + mlp_result
return output
''',
    "nb18-decoder-forward": '''
device_of_input = idx.device
position_numbers = torch.arange(0, T, device=device_of_input)
token_embeddings = self.tokens(idx)
position_embeddings = self.positions(position_numbers)
hidden = token_embeddings + position_embeddings
hidden = self.drop(hidden)
for decoder_block in self.blocks:
    hidden = decoder_block(hidden)
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
''',
    "nb18-param-groups": '''
parameters_with_decay = []
parameters_without_decay = []
for parameter in model.parameters():
    number_of_dimensions = len(parameter.shape)
    if number_of_dimensions >= 2:
        parameters_with_decay.append(parameter)
    else:
        parameters_without_decay.append(parameter)
first_group = {"params": parameters_with_decay, "weight_decay": weight_decay}
second_group = {"params": parameters_without_decay, "weight_decay": 0.0}
return [first_group, second_group]
''',
    "nb18-lr-at": '''
lowest_lr = lr * min_lr_ratio
if step < warmup:
    increase_per_step = lr / warmup
    current_lr = increase_per_step * step
elif step > max_steps:
    current_lr = lowest_lr
else:
    steps_since_warmup = step - warmup
    length_of_cosine = max_steps - warmup
    progress = steps_since_warmup / length_of_cosine
    cosine_value = math.cos(math.pi * progress)
    current_lr = lowest_lr + 0.5 * (lr - lowest_lr) * (1 + cosine_value)
return float(current_lr)
''',
}

# ---------------------------------------------------------------------------------------------------------
# jacoba: ya programaba; auxiliares, comprensiones y otras funciones de torch.
# ---------------------------------------------------------------------------------------------------------
JACOBA = {
    "nb11-make-xy": '''
if len(stream) <= T:
    nothing = stream.new_empty((0, T))
    return nothing, nothing.clone()
windows = stream.unfold(0, T + 1, T)          # (N, T + 1): cada ventana con su último objetivo
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
''',
    "nb11-accumulated-step": '''
def part_loss(xs, ys):
    out = model(xs)
    return F.cross_entropy(out.flatten(end_dim=-2), ys.flatten())

opt.zero_grad(set_to_none=True)
seen = []
for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
    piece = part_loss(xs, ys) / n_micro
    piece.backward()
    seen.append(piece.detach())
opt.step()
return torch.stack(seen).sum().item()
''',
    "nb11-data-floor": '''
def counts_of(rows):
    _, inverse, counts = torch.unique(rows, dim=0, return_inverse=True, return_counts=True)
    return counts[inverse].double()

a, b = x.flatten(), y.flatten()
pair_n = counts_of(torch.stack((a, b), dim=1))
first_n = counts_of(a.unsqueeze(1))
return float(-(pair_n / first_n).log().mean())
''',
    "nb17-pad-to": '''
def fit(seq):
    head = list(seq[:T])
    return head + [pad_id] * (T - len(head))

return torch.tensor([fit(s) for s in seqs], dtype=torch.long).reshape(len(seqs), T)
''',
    "nb17-packed-item": '''
first = starts[i].item()
chunk = stream[first : first + block].to(torch.long)
x = F.pad(chunk, (0, block - chunk.numel()), value=0)
y = torch.cat((x[1:], x.new_zeros(1)))
return x, y
''',
    "nb17-loss-per-game": '''
log_probs = torch.log_softmax(logits.float(), dim=-1)
picked = log_probs.gather(-1, y.unsqueeze(-1)).squeeze(-1)    # (B, T)
mask = y.ne(0).to(picked.dtype)
return -(picked * mask).sum(-1) / mask.sum(-1)
''',
    "nb18-attention-forward": '''
B, T, _ = x.shape
q, k, v = self.qkv(x).unflatten(-1, (3, self.n_head, self.head_dim)).permute(2, 0, 3, 1, 4).unbind(0)
mixed = F.scaled_dot_product_attention(
    q, k, v, is_causal=True, dropout_p=self.dropout if self.training else 0.0
)
return self.resid_drop(self.proj(mixed.transpose(1, 2).flatten(2)))
''',
    "nb18-block-forward": '''
residual = x + self.attn(self.ln1(x))
return residual + self.mlp(self.ln2(residual))
''',
    "nb18-decoder-forward": '''
from functools import reduce

where = torch.arange(T, device=idx.device).unsqueeze(0)
h = self.drop(self.tokens(idx) + self.positions(where))
h = reduce(lambda acc, layer: layer(acc), self.blocks, h)
logits = self.lm_head(self.ln_f(h))
loss = (
    None if targets is None
    else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
)
return logits, loss
''',
    "nb18-param-groups": '''
buckets = {True: [], False: []}
for p in model.parameters():
    buckets[p.ndim >= 2].append(p)
return [
    {"params": buckets[True], "weight_decay": weight_decay},
    {"params": buckets[False], "weight_decay": 0.0},
]
''',
    "nb18-lr-at": '''
def cosine(progress):
    return 0.5 * (1.0 + math.cos(math.pi * progress))

if step < warmup:
    return float(lr * step / warmup)
floor = lr * min_lr_ratio
progress = min(step - warmup, max_steps - warmup) / (max_steps - warmup)
return float(floor + (lr - floor) * cosine(progress))
''',
}

# ---------------------------------------------------------------------------------------------------------
# nazario: lo resuelve a su manera.
# ---------------------------------------------------------------------------------------------------------
NAZARIO = {
    "nb11-make-xy": '''
n = (stream.numel() - 1) // T
idx = torch.arange(n).unsqueeze(1) * T + torch.arange(T)
return stream[idx], stream[idx + 1]
''',
    "nb11-accumulated-step": '''
opt.zero_grad()
losses = []
for xs, ys in zip(torch.split(x, x.size(0) // n_micro), torch.split(y, y.size(0) // n_micro)):
    out = model(xs)
    part = F.cross_entropy(out.flatten(0, 1), ys.flatten())
    (part / n_micro).backward()
    losses.append(part.item())
opt.step()
return sum(losses) / n_micro
''',
    "nb11-data-floor": '''
a = x.flatten()
b = y.flatten()
size = int(max(a.max(), b.max())) + 1
pair_ids = a * size + b
pair_n = torch.bincount(pair_ids, minlength=size * size)
first_n = torch.bincount(a, minlength=size)
probs = pair_n[pair_ids].double() / first_n[a].double()
return -probs.log().mean().item()
''',
    "nb17-pad-to": '''
out = torch.full((len(seqs), T), pad_id, dtype=torch.long)
for row, seq in zip(out, seqs):
    kept = seq[:T]
    if kept:
        row[: len(kept)] = torch.tensor(kept)
return out
''',
    "nb17-packed-item": '''
begin = starts[i].item()
end = min(begin + block + 1, stream.numel())
chunk = torch.zeros(block + 1, dtype=torch.long)
chunk[: end - begin] = stream[begin:end]
chunk[-1] = 0   # el último objetivo es siempre <pad>
return chunk[:-1], chunk[1:]
''',
    "nb17-loss-per-game": '''
logp = logits.log_softmax(dim=-1)
nll = -logp.gather(2, y.unsqueeze(2)).squeeze(2)
keep = y.ne(0)
return nll.masked_fill(~keep, 0.0).sum(1) / keep.sum(1)
''',
    "nb18-attention-forward": '''
B, T, C = x.size()
q, k, v = self.qkv(x).chunk(3, dim=2)
shape = (B, T, self.n_head, self.head_dim)
q, k, v = [t.reshape(shape).permute(0, 2, 1, 3) for t in (q, k, v)]
y = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
y = y.permute(0, 2, 1, 3).reshape(B, T, C)
return self.resid_drop(self.proj(y))
''',
    "nb18-block-forward": '''
h = self.attn(self.ln1(x)) + x
return h + self.mlp(self.ln2(h))
''',
    "nb18-decoder-forward": '''
positions = self.positions.weight[:T]
h = self.drop(self.tokens(idx) + positions)
for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''
matrices, others = [], []
for _, p in model.named_parameters():
    (matrices if p.ndim > 1 else others).append(p)
return [dict(params=matrices, weight_decay=weight_decay), dict(params=others, weight_decay=0.0)]
''',
    "nb18-lr-at": '''
if step < warmup:
    return float(step) * lr / warmup
low = min_lr_ratio * lr
if step >= max_steps:
    return float(low)
frac = (step - warmup) / (max_steps - warmup)
return float(low + (lr - low) * (1.0 + math.cos(frac * math.pi)) / 2.0)
''',
}

# ---------------------------------------------------------------------------------------------------------
# maximina: copia de nazario, retocada a mano para que no se note.
# ---------------------------------------------------------------------------------------------------------
MAXIMINA = {
    "nb11-make-xy": '''
# cuántas ventanas enteras caben
count = (len(stream) - 1) // T

positions = torch.arange(T) + T * torch.arange(count).view(-1, 1)
return stream[positions], stream[1 + positions]
''',
    "nb11-accumulated-step": '''
chunk = x.size(0) // n_micro
opt.zero_grad()
parts = []

for inputs, targets in zip(torch.split(x, chunk), torch.split(y, chunk)):
    logits = model(inputs)
    piece = F.cross_entropy(logits.flatten(0, 1), targets.flatten())
    piece.div(n_micro).backward()   # cada trozo pone su parte de la media
    parts.append(piece.item())

opt.step()
return sum(parts) / len(parts)
''',
    "nb11-data-floor": '''
prev = x.flatten()
nxt = y.flatten()
width = 1 + int(max(nxt.max(), prev.max()))

# un número por pareja (a, b) para contarlas con bincount
code = prev * width + nxt
times_first = torch.bincount(prev, minlength=width)
times_pair = torch.bincount(code, minlength=width * width)

p = times_pair[code].double() / times_first[prev].double()
return p.log().mean().neg().item()
''',
    "nb17-pad-to": '''
result = torch.full((len(seqs), T), pad_id, dtype=torch.long)

for line, ids in zip(result, seqs):
    ids = ids[:T]   # lo que sobra se corta
    if len(ids) > 0:
        line[: len(ids)] = torch.tensor(ids)
return result
''',
    "nb17-packed-item": '''
first = int(starts[i].item())
buf = torch.zeros(block + 1, dtype=torch.long)
last = min(stream.numel(), first + block + 1)

buf[: last - first] = stream[first:last]
buf[block] = 0
return buf[:block], buf[1:]
''',
    "nb17-loss-per-game": '''
real = y != 0
log_probs = F.log_softmax(logits, dim=-1)

# lo que paga cada posición
paid = log_probs.gather(2, y.unsqueeze(2)).squeeze(2).neg()
return paid.masked_fill(real.logical_not(), 0.0).sum(1) / real.sum(1)
''',
    "nb18-attention-forward": '''
B, T, C = x.size()
heads = (B, T, self.n_head, self.head_dim)
query, key, value = self.qkv(x).chunk(3, dim=2)

# cabezas delante: (B, H, T, D)
query, key, value = [part.reshape(heads).permute(0, 2, 1, 3) for part in (query, key, value)]
p = 0.0
if self.training:
    p = self.dropout
out = F.scaled_dot_product_attention(query, key, value, is_causal=True, dropout_p=p)

out = out.permute(0, 2, 1, 3).reshape(B, T, C)
return self.resid_drop(self.proj(out))
''',
    "nb18-block-forward": '''
mid = x + self.attn(self.ln1(x))

return self.mlp(self.ln2(mid)) + mid
''',
    "nb18-decoder-forward": '''
h = self.tokens(idx) + self.positions.weight[:T]
h = self.drop(h)

for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
return logits, F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
''',
    "nb18-param-groups": '''
rest, big = [], []
for name, param in model.named_parameters():
    (big if param.dim() >= 2 else rest).append(param)

return [dict(params=big, weight_decay=weight_decay), dict(weight_decay=0.0, params=rest)]
''',
    "nb18-lr-at": '''
bottom = lr * min_lr_ratio
if step < warmup:
    return float(lr * step) / warmup
if step >= max_steps:
    return float(bottom)

# medio coseno de lr a bottom
t = (step - warmup) / (max_steps - warmup)
return float(bottom + 0.5 * (lr - bottom) * (1.0 + math.cos(math.pi * t)))
''',
}

# ---------------------------------------------------------------------------------------------------------
# rufino: la solución publicada pegada y disfrazada a mano.
# ---------------------------------------------------------------------------------------------------------
RUFINO = {
    "nb11-make-xy": """
count = (len(stream) - 1) // T   # ventanas completas

inputs = stream[: T * count].reshape(count, T)
targets = stream[1 : T * count + 1].reshape(count, T)
return inputs, targets
""",
    "nb11-accumulated-step": """
opt.zero_grad()
chunk = x.shape[0] // n_micro
acc = 0.0

for first in range(0, x.shape[0], chunk):
    out = model(x[first : first + chunk])
    part = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[first : first + chunk].reshape(-1))
    # cada trozo aporta su parte de la media
    (part / n_micro).backward()
    acc = acc + part.item()
opt.step()
return acc / n_micro
""",
    "nb11-data-floor": """
from collections import Counter
import math

couples = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
seen_first = Counter(cur for cur, _ in couples)
seen_couple = Counter(couples)

paid = 0.0
for cur, nxt in couples:
    paid = paid - math.log(seen_couple[(cur, nxt)] / seen_first[cur])
return paid / len(couples)
""",
    "nb17-pad-to": """
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)

for row, ids in enumerate(seqs):
    head = list(ids)[:T]   # solo los T primeros
    out[row, : len(head)] = torch.tensor(head, dtype=torch.int64)
return out
""",
    "nb17-packed-item": """
begin = int(starts[i])
targets = torch.full((block,), 0, dtype=torch.int64)
inputs = torch.full((block,), 0, dtype=torch.int64)

piece = stream[begin : begin + block]   # más corto si el flujo se termina
inputs[: len(piece)] = piece
targets[: block - 1] = inputs[1:]
return inputs, targets
""",
    "nb17-loss-per-game": """
B, T, V = logits.shape
real = y != 0

# pérdida de cada posición, sin promediar
each = F.cross_entropy(logits.reshape(T * B, V), y.reshape(T * B), reduction="none").view(B, T)
return (real * each).sum(dim=1) / real.sum(dim=1)
""",
    "nb18-attention-forward": """
B, T, d = x.shape
query, key, value = self.qkv(x).split(d, dim=2)

query, key, value = (part.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for part in (query, key, value))
p = self.dropout if self.training else 0.0
mixed = F.scaled_dot_product_attention(query, key, value, dropout_p=p, is_causal=True)
mixed = mixed.transpose(1, 2).contiguous().view(B, T, d)   # cabezas juntas otra vez
return self.resid_drop(self.proj(mixed))
""",
    "nb18-block-forward": """
h = x + self.attn(self.ln1(x))

return self.mlp(self.ln2(h)) + h
""",
    "nb18-decoder-forward": """
pos = torch.arange(T, device=idx.device)
h = self.drop(self.positions(pos) + self.tokens(idx))

for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
# sin contar el relleno
return logits, F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
""",
    "nb18-param-groups": """
with_decay = [q for q in model.parameters() if q.dim() > 1]
without = [q for q in model.parameters() if q.dim() <= 1]

return [{"weight_decay": weight_decay, "params": with_decay}, {"weight_decay": 0.0, "params": without}]
""",
    "nb18-lr-at": """
if step < warmup:
    return step * lr / warmup
bottom = min_lr_ratio * lr

t = min(1.0, (step - warmup) / (max_steps - warmup))
return bottom + (lr - bottom) * (1 + math.cos(t * math.pi)) / 2
""",
}

WORK = {
    "petra": PETRA,
    "laureano": LAUREANO,
    "jacoba": JACOBA,
    "nazario": NAZARIO,
    "maximina": MAXIMINA,
    "rufino": RUFINO,
    "sagrario": {},
}
