"""Novena clase apartada para el informe de parecidos: 11-bucle, 17-partidas-a-lotes y 18-decoder.

Nadie la ha usado para ajustar el informe: se escribió a ciegas, a mano, sin mirar las soluciones
independientes, las otras clases de prueba ni el código o los umbrales del informe, y sin ejecutar
nada que compare alumnos. Ningún alumno se retocó después de medir nada (no se midió nada); solo se
comprobó que cada uno aprueba todos los tests de los tres cuadernos.

Quién es quién (cada código es el cuerpo que va en lugar del ``raise NotImplementedError()`` de la
versión de alumno, sin su sangría):

- Honrados, cada uno por su cuenta, escritos leyendo solo ``release/``:
  - ``irene``: solo lo que el curso ha enseñado hasta cada cuaderno, corto y directo (``view`` y
    cortes, ``Counter``, ``torch.full``, ``split`` y ``transpose``, listas por comprensión sencillas).
  - ``julio``: principiante; bucles, pasos intermedios con nombres largos, diccionarios contados a mano,
    listas de Python que al final pasan a tensor.
  - ``manuel``: ya programaba; funciones auxiliares, comprensiones y ``map``, y otras funciones de
    torch (``unfold``, ``chunk``, ``torch.unique``, ``F.pad``, ``unflatten``, ``flatten``).
- Pareja:
  - ``sonia`` lo resuelve a su manera (sin mirar la solución publicada): cortes con ``range`` de paso,
    suma por parejas distintas en el suelo, ``view(B, T, 3, H, D)`` con ``permute`` en la atención,
    ``torch.where`` para quitar el relleno.
  - ``victor`` le copia y lo disfraza a mano: otros nombres, comentarios, líneas en blanco, alguna
    sentencia independiente en otro orden y alguna expresión escrita de otra forma equivalente.
- Copión: ``ramon`` pega la solución publicada de ``source/`` y la disfraza a mano del mismo modo; sigue
  siendo la solución pegada y retocada, no reescrita.
- Blanco: ``noelia`` no entrega nada.

Los tres honrados y la pareja se escribieron antes de abrir ``source/``. Al abrirlo para el copión se
vio que el ``param_groups`` de ``irene`` coincide con el publicado (dos comprensiones con ``p.dim()`` y
la lista de dos diccionarios en una línea) y que su ``lr_at`` se le parece mucho: es lo que salió al
escribirlo, y se dejó tal cual.
"""

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("irene", "julio", "manuel"), ("sonia", "victor"), "ramon", "noelia"

IRENE = {
    "nb11-make-xy": """\
n = (len(stream) - 1) // T
x = stream[: n * T].view(n, T)
y = stream[1 : n * T + 1].view(n, T)
return x, y
""",
    "nb11-accumulated-step": """\
opt.zero_grad()
size = x.shape[0] // n_micro
total = 0.0
for k in range(n_micro):
    xb, yb = x[k * size : (k + 1) * size], y[k * size : (k + 1) * size]
    logits = model(xb)
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), yb.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
    "nb11-data-floor": """\
a_list, b_list = x.reshape(-1).tolist(), y.reshape(-1).tolist()
pairs = Counter(zip(a_list, b_list))
firsts = Counter(a_list)
total = 0.0
for a, b in zip(a_list, b_list):
    total -= math.log(pairs[(a, b)] / firsts[a])
return total / len(a_list)
""",
    "nb17-pad-to": """\
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    out[i, : len(s)] = torch.tensor(s)
return out
""",
    "nb17-packed-item": """\
s = int(starts[i])
x = torch.zeros(block, dtype=torch.int64)
piece = stream[s : s + block]
x[: len(piece)] = piece
y = torch.cat([x[1:], torch.zeros(1, dtype=torch.int64)])
return x, y
""",
    "nb17-loss-per-game": """\
B, T, V = logits.shape
each = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none").view(B, T)
real = (y != 0).float()
return (each * real).sum(dim=1) / real.sum(dim=1)
""",
    "nb18-attention-forward": """\
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=2)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).reshape(B, T, d)
return self.resid_drop(self.proj(out))
""",
    "nb18-block-forward": """\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
    "nb18-decoder-forward": """\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
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
p = min((step - warmup) / (max_steps - warmup), 1.0)
floor = lr * min_lr_ratio
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
}

JULIO = {
    "nb11-make-xy": """\
window_size = T
total_tokens = stream.shape[0]
number_of_windows = 0
while (number_of_windows + 1) * window_size + 1 <= total_tokens:
    number_of_windows = number_of_windows + 1

input_rows = []
target_rows = []
for window_index in range(number_of_windows):
    window_start = window_index * window_size
    window_end = window_start + window_size
    input_rows.append(stream[window_start:window_end])
    target_rows.append(stream[window_start + 1:window_end + 1])

inputs = torch.stack(input_rows)
targets = torch.stack(target_rows)
return inputs, targets
""",
    "nb11-accumulated-step": """\
total_games = x.shape[0]
games_per_chunk = total_games // n_micro

# primero borro lo que hubiera en .grad
opt.zero_grad()

chunk_losses = []
for chunk_number in range(n_micro):
    first_game = chunk_number * games_per_chunk
    last_game = first_game + games_per_chunk
    chunk_inputs = x[first_game:last_game]
    chunk_targets = y[first_game:last_game]
    chunk_logits = model(chunk_inputs)
    vocabulary_size = chunk_logits.shape[2]
    flat_logits = chunk_logits.reshape(-1, vocabulary_size)
    flat_targets = chunk_targets.reshape(-1)
    chunk_loss = F.cross_entropy(flat_logits, flat_targets)
    # todos los trozos tienen las mismas posiciones: cada uno pone 1/n_micro de la media
    scaled_loss = chunk_loss / n_micro
    scaled_loss.backward()
    chunk_losses.append(chunk_loss.item())

opt.step()
loss_of_whole_batch = sum(chunk_losses) / n_micro
return loss_of_whole_batch
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
        pair_counts[pair] += 1
    else:
        pair_counts[pair] = 1
    if current_token in current_counts:
        current_counts[current_token] += 1
    else:
        current_counts[current_token] = 1

sum_of_logs = 0.0
for position in range(len(current_tokens)):
    pair = (current_tokens[position], next_tokens[position])
    probability = pair_counts[pair] / current_counts[current_tokens[position]]
    sum_of_logs = sum_of_logs + math.log(probability)

number_of_positions = len(current_tokens)
floor_value = -sum_of_logs / number_of_positions
return floor_value
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

input_tokens = []
for offset in range(block):
    position = start_position + offset
    if position < stream_length:
        input_tokens.append(int(stream[position]))
    else:
        input_tokens.append(0)

target_tokens = []
for offset in range(block - 1):
    target_tokens.append(input_tokens[offset + 1])
target_tokens.append(0)

x = torch.tensor(input_tokens, dtype=torch.int64)
y = torch.tensor(target_tokens, dtype=torch.int64)
return x, y
""",
    "nb17-loss-per-game": """\
batch_size, sequence_length, vocabulary_size = logits.shape
flat_logits = logits.reshape(batch_size * sequence_length, vocabulary_size)
flat_targets = y.reshape(batch_size * sequence_length)
log_probabilities = torch.log_softmax(flat_logits, dim=1)
picked = log_probabilities[torch.arange(batch_size * sequence_length), flat_targets]
losses_per_position = -picked.reshape(batch_size, sequence_length)
is_real_target = (y != 0).to(torch.float32)
losses_of_real_targets = losses_per_position * is_real_target
sum_per_game = losses_of_real_targets.sum(dim=1)
count_per_game = is_real_target.sum(dim=1)
mean_per_game = sum_per_game / count_per_game
return mean_per_game
""",
    "nb18-attention-forward": """\
batch_size, sequence_length, model_width = x.shape
number_of_heads = self.n_head
width_per_head = self.head_dim

all_three = self.qkv(x)
queries = all_three[:, :, 0:model_width]
keys = all_three[:, :, model_width:2 * model_width]
values = all_three[:, :, 2 * model_width:3 * model_width]

queries = queries.reshape(batch_size, sequence_length, number_of_heads, width_per_head).transpose(1, 2)
keys = keys.reshape(batch_size, sequence_length, number_of_heads, width_per_head).transpose(1, 2)
values = values.reshape(batch_size, sequence_length, number_of_heads, width_per_head).transpose(1, 2)

if self.training:
    dropout_probability = self.dropout
else:
    dropout_probability = 0.0

attended = F.scaled_dot_product_attention(queries, keys, values, dropout_p=dropout_probability, is_causal=True)
attended = attended.transpose(1, 2)
joined = attended.reshape(batch_size, sequence_length, model_width)
projected = self.proj(joined)
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
position_numbers = torch.arange(0, T, device=idx.device)
token_vectors = self.tokens(idx)
position_vectors = self.positions(position_numbers)
hidden = token_vectors + position_vectors
hidden = self.drop(hidden)
for each_block in self.blocks:
    hidden = each_block(hidden)
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
with_decay = []
without_decay = []
for name, parameter in model.named_parameters():
    if len(parameter.shape) >= 2:
        with_decay.append(parameter)
    else:
        without_decay.append(parameter)
first_group = {"params": with_decay, "weight_decay": weight_decay}
second_group = {"params": without_decay, "weight_decay": 0.0}
return [first_group, second_group]
""",
    "nb18-lr-at": """\
if step < warmup:
    increase_per_step = lr / warmup
    current_lr = increase_per_step * step
    return float(current_lr)

floor_lr = lr * min_lr_ratio
if step >= max_steps:
    return float(floor_lr)

progress = (step - warmup) / (max_steps - warmup)
cosine_part = (1 + math.cos(math.pi * progress)) / 2
current_lr = floor_lr + (lr - floor_lr) * cosine_part
return float(current_lr)
""",
}

MANUEL = {
    "nb11-make-xy": """\
n = (stream.numel() - 1) // T
windows = stream[: n * T + 1].unfold(0, T + 1, T)  # (n, T + 1): cada ventana con su último objetivo
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
    "nb11-accumulated-step": """\
def piece_loss(xs, ys):
    logits = model(xs)
    return F.cross_entropy(logits.flatten(0, 1), ys.flatten())

opt.zero_grad(set_to_none=True)
losses = []
for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
    loss = piece_loss(xs, ys)
    (loss / n_micro).backward()  # trozos iguales: la media del lote es la media de las medias
    losses.append(loss.detach())
opt.step()
return torch.stack(losses).mean().item()
""",
    "nb11-data-floor": """\
pairs = torch.stack([x.flatten(), y.flatten()], dim=1)
_, pair_idx, pair_counts = torch.unique(pairs, dim=0, return_inverse=True, return_counts=True)
_, ctx_idx, ctx_counts = torch.unique(x.flatten(), return_inverse=True, return_counts=True)
p = pair_counts[pair_idx].double() / ctx_counts[ctx_idx].double()
return -p.log().mean().item()
""",
    "nb17-pad-to": """\
def fit(seq):
    seq = list(seq[:T])
    return seq + [pad_id] * (T - len(seq))

return torch.tensor([fit(s) for s in seqs], dtype=torch.long).reshape(len(seqs), T)
""",
    "nb17-packed-item": """\
start = starts[i].item()
window = stream[start : start + block + 1].long()
window = F.pad(window, (0, block + 1 - window.numel()), value=0)
x, y = window[:-1], window[1:].clone()
y[-1] = 0
return x, y
""",
    "nb17-loss-per-game": """\
per_position = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")  # (B, T)
counted = y.ne(0).sum(dim=1)
return per_position.sum(dim=1) / counted
""",
    "nb18-attention-forward": """\
def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=p)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
    "nb18-block-forward": """\
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
    "nb18-decoder-forward": """\
positions = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(positions)[None])
for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
params = list(model.parameters())
decay = [p for p in params if p.ndim >= 2]
keep = [p for p in params if p.ndim < 2]
return [dict(params=decay, weight_decay=weight_decay), dict(params=keep, weight_decay=0.0)]
""",
    "nb18-lr-at": """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
progress = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + (lr - floor) * 0.5 * (1.0 + math.cos(math.pi * progress))
""",
}

SONIA = {
    "nb11-make-xy": """\
n_windows = (stream.shape[0] - 1) // T
used = n_windows * T
inputs = stream[:used].reshape(n_windows, T)
targets = stream[1:used + 1].reshape(n_windows, T)
return (inputs, targets)
""",
    "nb11-accumulated-step": """\
opt.zero_grad()
rows = x.shape[0] // n_micro
whole = 0.0
for start in range(0, x.shape[0], rows):
    out = model(x[start:start + rows])
    part = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[start:start + rows].reshape(-1)) * (rows / x.shape[0])
    part.backward()
    whole += part.item()
opt.step()
return whole
""",
    "nb11-data-floor": """\
flat_x = x.flatten().tolist()
flat_y = y.flatten().tolist()
seen_pairs = Counter(zip(flat_x, flat_y))
seen_current = Counter(flat_x)
total = 0.0
for (a, b), times in seen_pairs.items():
    total += times * math.log(times / seen_current[a])
return -total / len(flat_x)
""",
    "nb17-pad-to": """\
rows = []
for seq in seqs:
    cut = list(seq)[:T]
    rows.append(cut + [pad_id] * (T - len(cut)))
return torch.tensor(rows, dtype=torch.int64)
""",
    "nb17-packed-item": """\
begin = int(starts[i])
piece = stream[begin:begin + block + 1].to(torch.int64)
window = torch.zeros(block + 1, dtype=torch.int64)
window[:len(piece)] = piece
x = window[:block]
y = window[1:].clone()
y[block - 1] = 0
return x, y
""",
    "nb17-loss-per-game": """\
V = logits.shape[-1]
flat = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none")
flat = flat.view(y.shape)
mask = y != 0
return torch.where(mask, flat, torch.zeros_like(flat)).sum(dim=1) / mask.sum(dim=1)
""",
    "nb18-attention-forward": """\
B, T, d = x.shape
H, D = self.n_head, self.head_dim
qkv = self.qkv(x).view(B, T, 3, H, D).permute(2, 0, 3, 1, 4)
q, k, v = qkv[0], qkv[1], qkv[2]
drop = self.dropout if self.training else 0.0
att = F.scaled_dot_product_attention(q, k, v, dropout_p=drop, is_causal=True)
att = att.permute(0, 2, 1, 3).reshape(B, T, d)
return self.resid_drop(self.proj(att))
""",
    "nb18-block-forward": """\
x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
    "nb18-decoder-forward": """\
where = torch.arange(T, device=idx.device)
h = self.tokens(idx) + self.positions(where)
h = self.drop(h)
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
V = logits.shape[-1]
loss = F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
big, small = [], []
for p in model.parameters():
    (big if p.dim() >= 2 else small).append(p)
return [{"params": big, "weight_decay": weight_decay},
        {"params": small, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """\
if step < warmup:
    return lr * (step / warmup)
if step >= max_steps:
    return lr * min_lr_ratio
s = lr * min_lr_ratio
p = (step - warmup) / (max_steps - warmup)
return s + 0.5 * (lr - s) * (1 + math.cos(math.pi * p))
""",
}

VICTOR = {
    "nb11-make-xy": """\
# cuántas ventanas enteras caben (cada una necesita T + 1 tokens)
count = (len(stream) - 1) // T
last = count * T

ys = stream[1:last + 1].reshape(count, T)
xs = stream[:last].reshape(count, T)
return xs, ys
""",
    "nb11-accumulated-step": """\
opt.zero_grad()
total_rows = x.shape[0]
per_piece = total_rows // n_micro
loss_sum = 0.0

for first in range(0, total_rows, per_piece):
    # un trozo de partidas seguidas
    logits = model(x[first:first + per_piece])
    share = per_piece / total_rows
    piece = share * F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y[first:first + per_piece].reshape(-1))
    piece.backward()
    loss_sum = loss_sum + piece.item()

opt.step()
return loss_sum
""",
    "nb11-data-floor": """\
ys = y.flatten().tolist()
xs = x.flatten().tolist()

# veces que sale cada token actual, y cada pareja
by_token = Counter(xs)
by_pair = Counter(zip(xs, ys))

acc = 0.0
for (cur, _nxt), n in by_pair.items():
    acc = acc + n * math.log(n / by_token[cur])
return -acc / len(xs)
""",
    "nb17-pad-to": """\
out = []

for s in seqs:
    trimmed = list(s)[:T]
    # relleno a la derecha hasta T
    out.append(trimmed + (T - len(trimmed)) * [pad_id])
return torch.tensor(out, dtype=torch.long)
""",
    "nb17-packed-item": """\
chunk = torch.zeros(block + 1, dtype=torch.long)
first = int(starts[i])
taken = stream[first:first + block + 1].long()
chunk[:taken.shape[0]] = taken

y = chunk[1:].clone()
y[-1] = 0  # el último objetivo siempre es <pad>
x = chunk[:block]
return x, y
""",
    "nb17-loss-per-game": """\
keep = y != 0
vocab = logits.shape[-1]

# pérdida de cada posición, sin promediar
each = F.cross_entropy(logits.reshape(-1, vocab), y.reshape(-1), reduction="none").view(y.shape)
zeros = torch.zeros_like(each)
return torch.where(keep, each, zeros).sum(dim=1) / keep.sum(dim=1)
""",
    "nb18-attention-forward": """\
B, T, d = x.shape
heads, size = self.n_head, self.head_dim
p = 0.0
if self.training:
    p = self.dropout

# q, k y v pegados: los separo y pongo las cabezas delante
packed = self.qkv(x).view(B, T, 3, heads, size).permute(2, 0, 3, 1, 4)
q, k, v = packed[0], packed[1], packed[2]

y = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
y = y.permute(0, 2, 1, 3).reshape(B, T, d)
return self.resid_drop(self.proj(y))
""",
    "nb18-block-forward": """\
# primero la atención, luego el MLP, cada uno con su residuo
x = self.attn(self.ln1(x)) + x

x = self.mlp(self.ln2(x)) + x
return x
""",
    "nb18-decoder-forward": """\
idx_pos = torch.arange(T, device=idx.device)
z = self.positions(idx_pos) + self.tokens(idx)
z = self.drop(z)

for b in self.blocks:
    z = b(z)
logits = self.lm_head(self.ln_f(z))

if targets is None:
    return logits, None
n_vocab = logits.shape[-1]
# sin contar los objetivos <pad> = 0
loss = F.cross_entropy(logits.reshape(-1, n_vocab), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
matrices, others = [], []

for param in model.parameters():
    if param.dim() > 1:
        matrices.append(param)
    else:
        others.append(param)
return [{"params": matrices, "weight_decay": weight_decay}, {"params": others, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """\
floor_lr = min_lr_ratio * lr
if step < warmup:
    return step / warmup * lr
# pasado el final, el suelo
if step >= max_steps:
    return floor_lr

frac = (step - warmup) / (max_steps - warmup)
return floor_lr + (lr - floor_lr) * (1 + math.cos(frac * math.pi)) / 2
""",
}

RAMON = {
    "nb11-make-xy": """\
# ventanas completas que caben en el flujo
count = (len(stream) - 1) // T

inputs = stream[: count * T].reshape(count, T)
targets = stream[1 : T * count + 1].reshape(count, T)
return inputs, targets
""",
    "nb11-accumulated-step": """\
opt.zero_grad()
chunk = x.shape[0] // n_micro
running = 0.0

for first in range(0, x.shape[0], chunk):
    # un trozo que sí cabe en el modelo
    out = model(x[first : first + chunk])
    part = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[first : first + chunk].reshape(-1))
    (part / n_micro).backward()
    running = running + part.item()
opt.step()

return running / n_micro
""",
    "nb11-data-floor": """\
from collections import Counter
import math

couples = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
by_current = Counter(cur for cur, _ in couples)
by_couple = Counter(couples)

acc = 0.0
for cur, nxt in couples:
    # -ln p(nxt | cur), contando
    acc = acc - math.log(by_couple[(cur, nxt)] / by_current[cur])
return acc / len(couples)
""",
    "nb17-pad-to": """\
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)

for row, ids in enumerate(seqs):
    head = list(ids)[:T]  # solo los T primeros
    out[row, : len(head)] = torch.tensor(head, dtype=torch.int64)
return out
""",
    "nb17-packed-item": """\
first = int(starts[i])
y = torch.full((block,), 0, dtype=torch.int64)
piece = stream[first : first + block]  # más corto si el flujo se acaba

x = torch.full((block,), 0, dtype=torch.int64)
x[: len(piece)] = piece
y[: block - 1] = x[1:]
return x, y
""",
    "nb17-loss-per-game": """\
B, T, V = logits.shape
real = y != 0
# una pérdida por posición, sin promediar todavía
each = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)

return (each * real).sum(dim=1) / real.sum(dim=1)
""",
    "nb18-attention-forward": """\
B, T, d = x.shape
p = self.dropout if self.training else 0.0
query, key, value = self.qkv(x).split(d, dim=2)
# las cabezas delante de las posiciones: (B, H, T, D)
query, key, value = (part.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for part in (query, key, value))

res = F.scaled_dot_product_attention(query, key, value, dropout_p=p, is_causal=True)
res = res.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(res))
""",
    "nb18-block-forward": """\
# atención con su residuo

x = self.attn(self.ln1(x)) + x
return self.mlp(self.ln2(x)) + x
""",
    "nb18-decoder-forward": """\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.positions(pos) + self.tokens(idx))

for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
loss = None

if targets is not None:
    # sin contar los objetivos <pad>
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
rest = [w for w in model.parameters() if w.dim() < 2]
mats = [w for w in model.parameters() if w.dim() > 1]
# matrices con decaimiento, lo demás sin él
return [{"params": mats, "weight_decay": weight_decay}, {"params": rest, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """\
if step < warmup:
    return step * lr / warmup
low = min_lr_ratio * lr

frac = min(1.0, (step - warmup) / (max_steps - warmup))
return low + (lr - low) * (1 + math.cos(math.pi * frac)) / 2
""",
}

WORK = {
    "irene": IRENE,
    "julio": JULIO,
    "manuel": MANUEL,
    "sonia": SONIA,
    "victor": VICTOR,
    "ramon": RAMON,
    "noelia": {},
}
