"""Sexta clase de prueba del informe de parecidos: cuadernos 11-bucle, 17-partidas-a-lotes y 18-decoder.

Una clase apartada que nadie ha usado para ajustar el informe. Se escribió a ciegas, a mano, de una
sola vez: sin abrir las soluciones independientes, las otras clases de prueba, el código del informe
ni sus umbrales, y sin ejecutar el informe ni nada que compare alumnos. Ningún alumno se ha retocado
tras medir nada (no se midió nada). Lo único que se ejecutó fue la prueba de respuestas equivocadas
(``proof_execution.run``) para comprobar que todos, menos el cuaderno en blanco, aprueban todos los
tests de los tres cuadernos.

Quién es quién:

- ``leandro`` (honrado): solo usa lo que el curso ha enseñado hasta cada cuaderno; corto y directo.
- ``remedios`` (honrada): principiante; bucles, pasos intermedios, nombres largos y comentarios.
- ``anselmo`` (honrado): ya programaba; funciones auxiliares, comprensiones, ``unfold``,
  ``torch.unique``, ``F.pad``, ``gather``, ``unflatten``, ``functools.reduce``…
- ``eulalia`` y ``casimiro`` (pareja): ``eulalia`` lo resuelve a su manera (índices con ``arange``,
  ``torch.split``, ``Counter`` por parejas distintas, ``torch.where``, la entropía cruzada sobre
  (B, V, T)…); ``casimiro`` le copia y lo retoca a mano para que no se note: otros nombres,
  comentarios, líneas en blanco, alguna sentencia independiente en otro orden y alguna expresión
  escrita de otra forma equivalente.
- ``baltasar`` (copión): pega la solución publicada (``source/``) y la disfraza a mano del mismo modo;
  sigue siendo la solución pegada y retocada, no reescrita.
- ``genoveva`` (en blanco): no entrega nada.

Los tres honrados y la pareja se escribieron leyendo solo la versión de alumno (``release/``); la
solución publicada se abrió después, solo para el copión. Cada código es lo que va en lugar del
``raise NotImplementedError()`` de la celda de la versión de alumno, sin su sangría.
"""

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("leandro", "remedios", "anselmo"), ("eulalia", "casimiro"), "baltasar", "genoveva"

LEANDRO = {
    "nb11-make-xy": '''
N = (len(stream) - 1) // T
x = stream[: N * T].reshape(N, T)
y = stream[1 : N * T + 1].reshape(N, T)
return x, y
''',
    "nb11-accumulated-step": '''
opt.zero_grad()
size = x.shape[0] // n_micro
total = 0.0
for k in range(n_micro):
    xs = x[k * size : (k + 1) * size]
    ys = y[k * size : (k + 1) * size]
    logits = model(xs)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), ys.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
''',
    "nb11-data-floor": '''
pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_counts = Counter(pairs)
current_counts = Counter(a for a, b in pairs)
total = 0.0
for a, b in pairs:
    total -= math.log(pair_counts[(a, b)] / current_counts[a])
return total / len(pairs)
''',
    "nb17-pad-to": '''
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, seq in enumerate(seqs):
    row = seq[:T]
    batch[i, : len(row)] = torch.tensor(row, dtype=torch.int64)
return batch
''',
    "nb17-packed-item": '''
start = int(starts[i])
window = stream[start : start + block + 1].to(torch.int64)
x = torch.zeros(block, dtype=torch.int64)
y = torch.zeros(block, dtype=torch.int64)
x[: min(block, len(window))] = window[:block]
y[: len(window) - 1] = window[1:]
y[-1] = 0
return x, y
''',
    "nb17-loss-per-game": '''
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
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
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''
decay = []
no_decay = []
for p in model.parameters():
    if p.dim() >= 2:
        decay.append(p)
    else:
        no_decay.append(p)
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
if step >= max_steps:
    return float(floor)
p = (step - warmup) / (max_steps - warmup)
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
''',
}

REMEDIOS = {
    "nb11-make-xy": '''
# Cuántas ventanas completas caben: cada una necesita T entradas y un objetivo más.
number_of_windows = (stream.shape[0] - 1) // T

# Si no cabe ninguna, devuelvo dos tensores vacíos con T columnas.
if number_of_windows == 0:
    empty_windows = torch.zeros((0, T), dtype=torch.int64)
    return empty_windows, empty_windows.clone()

input_rows = []
target_rows = []
for window_index in range(number_of_windows):
    start_position = window_index * T
    end_position = start_position + T
    window_inputs = stream[start_position:end_position]
    window_targets = stream[start_position + 1:end_position + 1]
    input_rows.append(window_inputs)
    target_rows.append(window_targets)

x = torch.stack(input_rows)
y = torch.stack(target_rows)
return x, y
''',
    "nb11-accumulated-step": '''
# Primero borro lo que hubiera en .grad de antes.
opt.zero_grad()

batch_size = x.shape[0]
games_per_chunk = batch_size // n_micro
total_loss_of_batch = 0.0

for chunk_number in range(n_micro):
    first_game = chunk_number * games_per_chunk
    last_game = first_game + games_per_chunk
    chunk_inputs = x[first_game:last_game]
    chunk_targets = y[first_game:last_game]

    chunk_logits = model(chunk_inputs)
    vocabulary_size = chunk_logits.shape[2]
    flat_chunk_logits = chunk_logits.reshape(-1, vocabulary_size)
    flat_chunk_targets = chunk_targets.reshape(-1)
    chunk_loss = F.cross_entropy(flat_chunk_logits, flat_chunk_targets)

    # Cada trozo es una parte de la media: lo divido entre el número de trozos.
    chunk_share = chunk_loss / n_micro
    chunk_share.backward()

    total_loss_of_batch = total_loss_of_batch + chunk_share.item()

# Un solo paso con los gradientes de todos los trozos sumados.
opt.step()

return total_loss_of_batch
''',
    "nb11-data-floor": '''
current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
number_of_positions = len(current_tokens)

# Cuento cuántas veces sale cada pareja y cada token actual.
pair_count = {}
current_count = {}
for position in range(number_of_positions):
    current_token = current_tokens[position]
    next_token = next_tokens[position]
    pair = (current_token, next_token)
    if pair in pair_count:
        pair_count[pair] = pair_count[pair] + 1
    else:
        pair_count[pair] = 1
    if current_token in current_count:
        current_count[current_token] = current_count[current_token] + 1
    else:
        current_count[current_token] = 1

# Ahora sumo el logaritmo de la probabilidad en cada posición.
total_log_probability = 0.0
for position in range(number_of_positions):
    current_token = current_tokens[position]
    next_token = next_tokens[position]
    probability = pair_count[(current_token, next_token)] / current_count[current_token]
    total_log_probability = total_log_probability + math.log(probability)

floor_value = -total_log_probability / number_of_positions
return floor_value
''',
    "nb17-pad-to": '''
all_rows = []
for sequence in seqs:
    # Me quedo como mucho con los T primeros ids.
    cut_sequence = list(sequence[:T])
    # Y relleno lo que falte hasta T con pad_id.
    missing_positions = T - len(cut_sequence)
    padded_sequence = cut_sequence + [pad_id] * missing_positions
    all_rows.append(padded_sequence)

result = torch.tensor(all_rows, dtype=torch.int64)
return result
''',
    "nb17-packed-item": '''
start_position = int(starts[i])
stream_length = len(stream)

# x: los block tokens desde el <bos>, con 0 si el flujo se acaba.
x_values = []
for offset in range(block):
    position = start_position + offset
    if position < stream_length:
        x_values.append(int(stream[position]))
    else:
        x_values.append(0)

# y: el token siguiente de cada posición, menos la última, que siempre es <pad>.
y_values = []
for offset in range(block - 1):
    next_position = start_position + offset + 1
    if next_position < stream_length:
        y_values.append(int(stream[next_position]))
    else:
        y_values.append(0)
y_values.append(0)

x = torch.tensor(x_values, dtype=torch.int64)
y = torch.tensor(y_values, dtype=torch.int64)
return x, y
''',
    "nb17-loss-per-game": '''
number_of_games = logits.shape[0]
number_of_positions = logits.shape[1]
vocabulary_size = logits.shape[2]

flat_logits = logits.reshape(number_of_games * number_of_positions, vocabulary_size)
flat_targets = y.reshape(number_of_games * number_of_positions)

# Con ignore_index=0 y sin reducir, las posiciones de relleno dan pérdida 0.
flat_losses = F.cross_entropy(flat_logits, flat_targets, reduction="none", ignore_index=0)
losses_per_position = flat_losses.reshape(number_of_games, number_of_positions)

real_targets = y != 0
number_of_real_targets = real_targets.sum(dim=1)
total_loss_per_game = losses_per_position.sum(dim=1)

mean_loss_per_game = total_loss_per_game / number_of_real_targets
return mean_loss_per_game
''',
    "nb18-attention-forward": '''
batch_size, sequence_length, model_size = x.shape

# qkv da las consultas, las claves y los valores pegados: los separo.
queries_keys_values = self.qkv(x)
queries = queries_keys_values[:, :, 0:model_size]
keys = queries_keys_values[:, :, model_size:2 * model_size]
values = queries_keys_values[:, :, 2 * model_size:3 * model_size]

# Reparto cada uno en cabezas y pongo las cabezas delante de las posiciones.
queries = queries.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
queries = queries.transpose(1, 2)
keys = keys.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
keys = keys.transpose(1, 2)
values = values.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
values = values.transpose(1, 2)

if self.training:
    dropout_probability = self.dropout
else:
    dropout_probability = 0.0

attention_output = F.scaled_dot_product_attention(
    queries, keys, values, dropout_p=dropout_probability, is_causal=True
)

# Vuelvo a juntar las cabezas de cada posición.
attention_output = attention_output.transpose(1, 2)
attention_output = attention_output.reshape(batch_size, sequence_length, model_size)

projected_output = self.proj(attention_output)
final_output = self.resid_drop(projected_output)
return final_output
''',
    "nb18-block-forward": '''
# Primera conexión residual: la atención.
normalized_input = self.ln1(x)
attention_result = self.attn(normalized_input)
after_attention = x + attention_result

# Segunda conexión residual: el MLP.
normalized_after_attention = self.ln2(after_attention)
mlp_result = self.mlp(normalized_after_attention)
block_output = after_attention + mlp_result

return block_output
''',
    "nb18-decoder-forward": '''
# Los números de posición 0, 1, ..., T - 1, en el mismo dispositivo que idx.
position_numbers = torch.arange(0, T, dtype=torch.long, device=idx.device)

token_embeddings = self.tokens(idx)
position_embeddings = self.positions(position_numbers)
hidden_state = token_embeddings + position_embeddings
hidden_state = self.drop(hidden_state)

for current_block in self.blocks:
    hidden_state = current_block(hidden_state)

hidden_state = self.ln_f(hidden_state)
logits = self.lm_head(hidden_state)

if targets is None:
    loss = None
else:
    vocabulary_size = logits.shape[2]
    flat_logits = logits.reshape(B * T, vocabulary_size)
    flat_targets = targets.reshape(B * T)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=PAD_ID)

return logits, loss
''',
    "nb18-param-groups": '''
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
groups = [first_group, second_group]
return groups
''',
    "nb18-lr-at": '''
# Calentamiento: una recta desde 0.
if step < warmup:
    warmup_fraction = step / warmup
    current_lr = lr * warmup_fraction
    return current_lr

minimum_lr = lr * min_lr_ratio

# Pasado el final, se queda en el suelo.
if step > max_steps:
    return minimum_lr

# Coseno desde lr hasta el suelo.
progress = (step - warmup) / (max_steps - warmup)
cosine_value = math.cos(math.pi * progress)
current_lr = minimum_lr + 0.5 * (lr - minimum_lr) * (1 + cosine_value)
return current_lr
''',
}

ANSELMO = {
    "nb11-make-xy": '''
n_windows = (stream.numel() - 1) // T
if n_windows <= 0:
    return stream.new_empty((0, T)).long(), stream.new_empty((0, T)).long()
# T + 1 tokens por ventana, avanzando de T en T: cada ventana comparte un token con la siguiente.
spans = stream[: n_windows * T + 1].unfold(0, T + 1, T)
return spans[:, :-1].long().contiguous(), spans[:, 1:].long().contiguous()
''',
    "nb11-accumulated-step": '''
opt.zero_grad(set_to_none=True)
n_targets = y.numel()
running = 0.0
for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro)):
    logits = model(xb)
    # Suma de las pérdidas del trozo entre el total de objetivos: su parte exacta de la media.
    part = F.cross_entropy(logits.flatten(0, 1), yb.reshape(-1), reduction="sum") / n_targets
    part.backward()
    running += part.item()
opt.step()
return float(running)
''',
    "nb11-data-floor": '''
a, b = x.reshape(-1), y.reshape(-1)
_, pair_of, pair_counts = torch.unique(torch.stack((a, b), dim=1), dim=0, return_inverse=True, return_counts=True)
_, ctx_of, ctx_counts = torch.unique(a, return_inverse=True, return_counts=True)
p = pair_counts[pair_of].double() / ctx_counts[ctx_of].double()
return float(-p.log().mean())
''',
    "nb17-pad-to": '''
import torch.nn.functional as F

def fit(ids):
    row = torch.as_tensor(list(ids)[:T], dtype=torch.long)
    return F.pad(row, (0, T - row.numel()), value=pad_id)

if not seqs:
    return torch.empty(0, T, dtype=torch.long)
return torch.stack([fit(s) for s in seqs])
''',
    "nb17-packed-item": '''
import torch.nn.functional as F

begin = int(starts[i].item())
tokens = stream[begin : begin + block + 1].long()
tokens = F.pad(tokens, (0, block + 1 - tokens.numel()), value=0)   # relleno solo al final del flujo
return tokens[:-1], torch.cat([tokens[1:-1], tokens.new_zeros(1)])
''',
    "nb17-loss-per-game": '''
logp = logits.log_softmax(dim=-1)
picked = logp.gather(-1, y.unsqueeze(-1)).squeeze(-1)
mask = y.ne(0)
return -picked.masked_fill(~mask, 0.0).sum(-1) / mask.sum(-1)
''',
    "nb18-attention-forward": '''
def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)   # (B, H, T, D)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
p = self.dropout if self.training else 0.0
mixed = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
return self.resid_drop(self.proj(mixed.transpose(1, 2).flatten(2)))
''',
    "nb18-block-forward": '''
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
''',
    "nb18-decoder-forward": '''
from functools import reduce

h = self.tokens(idx) + self.positions(torch.arange(T, device=idx.device))[None]
h = reduce(lambda acc, blk: blk(acc), self.blocks, self.drop(h))
logits = self.lm_head(self.ln_f(h))
loss = (None if targets is None
        else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=PAD_ID))
return logits, loss
''',
    "nb18-param-groups": '''
params = [p for p in model.parameters() if p.requires_grad]
matrices = [p for p in params if p.ndim >= 2]
others = [p for p in params if p.ndim < 2]
return [dict(params=matrices, weight_decay=weight_decay), dict(params=others, weight_decay=0.0)]
''',
    "nb18-lr-at": '''
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
progress = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + (lr - floor) * (1.0 + math.cos(math.pi * progress)) / 2.0
''',
}

EULALIA = {
    "nb11-make-xy": '''
count = (len(stream) - 1) // T
starts = torch.arange(count) * T
offsets = torch.arange(T)
positions = starts[:, None] + offsets[None, :]
return stream[positions], stream[positions + 1]
''',
    "nb11-accumulated-step": '''
opt.zero_grad()
chunk = len(x) // n_micro
losses = []
for piece_x, piece_y in zip(torch.split(x, chunk), torch.split(y, chunk)):
    out = model(piece_x)
    vocab_size = out.shape[-1]
    piece_loss = F.cross_entropy(out.view(-1, vocab_size), piece_y.reshape(-1))
    (piece_loss / n_micro).backward()
    losses.append(piece_loss.item())
opt.step()
return sum(losses) / n_micro
''',
    "nb11-data-floor": '''
flat_x, flat_y = x.flatten().tolist(), y.flatten().tolist()
n = len(flat_x)
seen_pairs = Counter(zip(flat_x, flat_y))
seen_firsts = Counter(flat_x)
entropy = 0.0
for (first, second), times in seen_pairs.items():
    entropy += times * math.log(seen_firsts[first] / times)
return entropy / n
''',
    "nb17-pad-to": '''
width = T
out = []
for s in seqs:
    s = list(s)
    if len(s) >= width:
        out.append(s[:width])
    else:
        out.append(s + [pad_id] * (width - len(s)))
return torch.tensor(out, dtype=torch.long).view(len(seqs), width)
''',
    "nb17-packed-item": '''
first = int(starts[i])
pos = torch.arange(first, first + block + 1)
inside = pos < len(stream)
vals = torch.where(inside, stream[pos.clamp(max=len(stream) - 1)].long(), torch.zeros_like(pos))
x = vals[:block]
y = vals[1:].clone()
y[block - 1] = 0
return x, y
''',
    "nb17-loss-per-game": '''
per_position = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")
counted = (y > 0).sum(dim=1)
return per_position.sum(dim=1) / counted
''',
    "nb18-attention-forward": '''
B, T, C = x.shape
packed = self.qkv(x).view(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
q, k, v = packed[0], packed[1], packed[2]
drop = self.dropout if self.training else 0.0
att = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=drop)
merged = att.permute(0, 2, 1, 3).reshape(B, T, C)
return self.resid_drop(self.proj(merged))
''',
    "nb18-block-forward": '''
h = x + self.attn(self.ln1(x))
return h + self.mlp(self.ln2(h))
''',
    "nb18-decoder-forward": '''
where = torch.arange(T, device=idx.device).unsqueeze(0).expand(B, T)
h = self.drop(self.tokens(idx) + self.positions(where))
for layer in self.blocks:
    h = layer(h)
h = self.ln_f(h)
logits = self.lm_head(h)
if targets is None:
    return logits, None
V = logits.size(-1)
return logits, F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), ignore_index=0)
''',
    "nb18-param-groups": '''
buckets = {True: [], False: []}
for p in model.parameters():
    buckets[p.dim() > 1].append(p)
return [{"params": buckets[True], "weight_decay": weight_decay},
        {"params": buckets[False], "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''
base = float(lr)
if step < warmup:
    return base * (step / warmup)
bottom = base * min_lr_ratio
done = (min(step, max_steps) - warmup) / (max_steps - warmup)
return bottom + (base - bottom) * 0.5 * (1.0 + math.cos(done * math.pi))
''',
}

CASIMIRO = {
    "nb11-make-xy": '''
# cuántas ventanas enteras caben en el flujo
n = (stream.shape[0] - 1) // T

cols = torch.arange(T)
rows_begin = T * torch.arange(n)
idx = rows_begin.unsqueeze(1) + cols.unsqueeze(0)

return stream[idx], stream[1 + idx]
''',
    "nb11-accumulated-step": '''
opt.zero_grad()
parts = []
per_part = x.shape[0] // n_micro

for xx, yy in zip(torch.split(x, per_part), torch.split(y, per_part)):
    scores = model(xx)
    V = scores.shape[-1]
    l = F.cross_entropy(scores.view(-1, V), yy.reshape(-1))
    parts.append(l.item())
    # cada trozo pesa 1/n_micro
    (l * (1 / n_micro)).backward()

opt.step()
return sum(parts) / len(parts)
''',
    "nb11-data-floor": '''
xs = x.flatten().tolist()
ys = y.flatten().tolist()
first_counts = Counter(xs)
bigram_counts = Counter(zip(xs, ys))
N = len(xs)

h = 0.0
for (cur, nxt), c in bigram_counts.items():
    # c veces paga -ln(c / veces de cur)
    h += c * (math.log(first_counts[cur]) - math.log(c))

return h / N
''',
    "nb17-pad-to": '''
rows = []

for seq in seqs:
    seq = list(seq)
    if len(seq) < T:
        rows.append(seq + [pad_id] * (T - len(seq)))
    else:
        rows.append(seq[:T])   # cortamos lo que sobra

return torch.tensor(rows, dtype=torch.long).view(len(seqs), T)
''',
    "nb17-packed-item": '''
b = int(starts[i])
L = len(stream)
idx = torch.arange(b, b + block + 1)
valid = idx < L

# fuera del flujo va <pad> (0)
tok = torch.where(valid, stream[idx.clamp(max=L - 1)].long(), torch.zeros_like(idx))
y = tok[1:].clone()
x = tok[:block]
y[-1] = 0

return x, y
''',
    "nb17-loss-per-game": '''
# F.cross_entropy acepta (B, V, T) y da una pérdida por posición
n_real = (y != 0).sum(dim=1)
ce = F.cross_entropy(logits.permute(0, 2, 1), y, reduction="none", ignore_index=0)

return ce.sum(dim=1) / n_real
''',
    "nb18-attention-forward": '''
B, T, C = x.shape
p = 0.0
if self.training:
    p = self.dropout

# (3, B, H, T, D)
qkv = self.qkv(x).view(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
query, key, value = qkv[0], qkv[1], qkv[2]

y = F.scaled_dot_product_attention(query, key, value, dropout_p=p, is_causal=True)
y = y.permute(0, 2, 1, 3).reshape(B, T, C)

return self.resid_drop(self.proj(y))
''',
    "nb18-block-forward": '''
res = self.attn(self.ln1(x)) + x
out = res + self.mlp(self.ln2(res))
return out
''',
    "nb18-decoder-forward": '''
positions = torch.arange(T, device=idx.device).unsqueeze(0).expand(B, T)
z = self.drop(self.positions(positions) + self.tokens(idx))

for blk in self.blocks:
    z = blk(z)

logits = self.lm_head(self.ln_f(z))

if targets is None:
    return logits, None
loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''
# True: 2 o más dimensiones
split = {False: [], True: []}
for param in model.parameters():
    split[param.dim() >= 2].append(param)

return [
    {"params": split[True], "weight_decay": weight_decay},
    {"params": split[False], "weight_decay": 0.0},
]
''',
    "nb18-lr-at": '''
peak = float(lr)
if step < warmup:
    return peak * step / warmup

low = min_lr_ratio * peak
frac = (min(step, max_steps) - warmup) / (max_steps - warmup)

return low + (peak - low) * (1.0 + math.cos(math.pi * frac)) / 2
''',
}

BALTASAR = {
    "nb11-make-xy": '''
# ventanas completas
nw = (len(stream) - 1) // T

y = stream[1 : nw * T + 1].reshape(nw, T)
x = stream[: nw * T].reshape(nw, T)

return x, y
''',
    "nb11-accumulated-step": '''
opt.zero_grad()
chunk = x.shape[0] // n_micro
acc = 0.0

# recorremos el lote de chunk en chunk
for s in range(0, x.shape[0], chunk):
    out = model(x[s : s + chunk])
    l = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[s : s + chunk].reshape(-1))
    acc += l.item()
    (l / n_micro).backward()

opt.step()
return acc / n_micro
''',
    "nb11-data-floor": '''
from collections import Counter
import math

pares = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
cuenta_actual = Counter(p for p, _ in pares)
cuenta_par = Counter(pares)

s = 0.0
for p, q in pares:
    s += math.log(cuenta_actual[p] / cuenta_par[(p, q)])   # -ln(par / actual)

return s / len(pares)
''',
    "nb17-pad-to": '''
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)

for row, ids in enumerate(seqs):
    ids_kept = list(ids)[:T]
    # lo que no se escribe se queda en pad_id
    out[row, : len(ids_kept)] = torch.tensor(ids_kept, dtype=torch.int64)

return out
''',
    "nb17-packed-item": '''
begin = int(starts[i])
y = torch.full((block,), 0, dtype=torch.int64)
x = torch.full((block,), 0, dtype=torch.int64)

w = stream[begin : begin + block]   # puede ser más corto al final del flujo
x[: len(w)] = w
y[: block - 1] = x[1:]

return x, y
''',
    "nb17-loss-per-game": '''
B, T, V = logits.shape
real = y != 0
ce = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)

# media solo sobre los objetivos reales
return (ce * real).sum(dim=1) / real.sum(dim=1)
''',
    "nb18-attention-forward": '''
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=-1)
# cabezas delante: (B, H, T, D)
q, k, v = (m.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for m in (q, k, v))

p_drop = self.dropout if self.training else 0.0
h = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=p_drop)
h = h.transpose(1, 2).contiguous().view(B, T, d)

return self.resid_drop(self.proj(h))
''',
    "nb18-block-forward": '''
# residuo de la atención y luego el del mlp
h = self.attn(self.ln1(x)) + x
return h + self.mlp(self.ln2(h))
''',
    "nb18-decoder-forward": '''
pos = torch.arange(T, device=idx.device)
h = self.drop(self.positions(pos) + self.tokens(idx))

for b in self.blocks:
    h = b(h)

logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(
    logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)

return logits, loss
''',
    "nb18-param-groups": '''
# sin decaimiento: sesgos y LayerNorm (1 dimensión)
sin_decay = [p for p in model.parameters() if p.dim() <= 1]
con_decay = [p for p in model.parameters() if p.dim() > 1]

return [{"params": con_decay, "weight_decay": weight_decay}, {"params": sin_decay, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''
if step < warmup:
    return step * lr / warmup

suelo = min_lr_ratio * lr
p = min(1.0, (step - warmup) / (max_steps - warmup))

return suelo + (lr - suelo) * (1 + math.cos(math.pi * p)) / 2
''',
}


# Cada código sin las líneas en blanco de los bordes que dejan las comillas triples.
WORK = {
    name: {grade_id: code.strip("\n") for grade_id, code in written.items()}
    for name, written in {
        "leandro": LEANDRO,
        "remedios": REMEDIOS,
        "anselmo": ANSELMO,
        "eulalia": EULALIA,
        "casimiro": CASIMIRO,
        "baltasar": BALTASAR,
        "genoveva": {},
    }.items()
}
