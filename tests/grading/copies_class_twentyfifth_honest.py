"""Vigésima quinta clase apartada: los tres alumnos honrados, cada uno por su cuenta.

Escritos a mano y a ciegas, leyendo solo la versión de alumno (``release/``), sin mirar la solución
publicada ni a los demás, y sin retocar nada después de medir (no se midió nada).

- ``tamara``: usa solo lo que el curso ha enseñado hasta cada cuaderno; corto y directo.
- ``bernabe``: principiante; bucles, pasos intermedios y nombres largos.
- ``catalina``: ya programaba; funciones auxiliares, comprensiones y otras funciones de torch
  (``unfold``, ``torch.unique``, ``roll``, ``gather``, ``chunk``…).

Cada código es el cuerpo que va en lugar del ``raise NotImplementedError()`` de su celda, sin sangría.
"""

TAMARA = {
    # 11 · El bucle
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
for k in range(n_micro):
    xs, ys = x[k * size : (k + 1) * size], y[k * size : (k + 1) * size]
    logits = model(xs)
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), ys.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
''',
    "nb11-data-floor": '''
import math
from collections import Counter

pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_count = Counter(pairs)
current_count = Counter(a for a, _ in pairs)
total = sum(-math.log(pair_count[(a, b)] / current_count[a]) for a, b in pairs)
return total / len(pairs)
''',
    # 17 · De partidas a lotes
    "nb17-pad-to": '''
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    batch[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return batch
''',
    "nb17-packed-item": '''
start = int(starts[i])
window = stream[start : start + block]
x = torch.zeros(block, dtype=torch.int64)
x[: len(window)] = window
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
''',
    "nb17-loss-per-game": '''
B, T, V = logits.shape
each = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none").view(B, T)
real = (y != 0).sum(dim=1)
return each.sum(dim=1) / real
''',
    # 18 · El decodificador
    "nb18-attention-forward": '''
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=-1)
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
return x + self.mlp(self.ln2(x))
''',
    "nb18-decoder-forward": '''
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1), ignore_index=PAD_ID)
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

BERNABE = {
    # 11 · El bucle
    "nb11-make-xy": '''
# primero cuento cuántas ventanas completas caben (cada una necesita T + 1 tokens del flujo)
number_of_windows = 0
while (number_of_windows + 1) * T + 1 <= len(stream):
    number_of_windows = number_of_windows + 1

inputs_list = []
targets_list = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    inputs_list.append(stream[window_start : window_start + T])
    targets_list.append(stream[window_start + 1 : window_start + T + 1])

if number_of_windows == 0:
    empty_inputs = torch.zeros(0, T, dtype=torch.int64)
    empty_targets = torch.zeros(0, T, dtype=torch.int64)
    return empty_inputs, empty_targets

inputs_tensor = torch.stack(inputs_list)
targets_tensor = torch.stack(targets_list)
return inputs_tensor, targets_tensor
''',
    "nb11-accumulated-step": '''
batch_size = x.shape[0]
games_per_piece = batch_size // n_micro

# borro lo que quedara en .grad de antes
opt.zero_grad()

total_loss_value = 0.0
for piece_number in range(n_micro):
    first_game = piece_number * games_per_piece
    last_game = first_game + games_per_piece
    piece_inputs = x[first_game:last_game]
    piece_targets = y[first_game:last_game]

    piece_logits = model(piece_inputs)
    vocab_size = piece_logits.shape[2]
    flat_logits = piece_logits.reshape(-1, vocab_size)
    flat_targets = piece_targets.reshape(-1)

    piece_loss = F.cross_entropy(flat_logits, flat_targets)
    # cada trozo es una parte de la media: lo divido entre el número de trozos
    scaled_piece_loss = piece_loss / n_micro
    scaled_piece_loss.backward()
    total_loss_value = total_loss_value + scaled_piece_loss.item()

opt.step()
return total_loss_value
''',
    "nb11-data-floor": '''
import math

all_currents = x.reshape(-1).tolist()
all_nexts = y.reshape(-1).tolist()

# cuento las parejas y los tokens actuales
pair_counts = {}
current_counts = {}
for position in range(len(all_currents)):
    current_token = all_currents[position]
    next_token = all_nexts[position]
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
total_cost = 0.0
for position in range(len(all_currents)):
    current_token = all_currents[position]
    next_token = all_nexts[position]
    probability = pair_counts[(current_token, next_token)] / current_counts[current_token]
    total_cost = total_cost - math.log(probability)

number_of_positions = len(all_currents)
return total_cost / number_of_positions
''',
    # 17 · De partidas a lotes
    "nb17-pad-to": '''
all_rows = []
for sequence in seqs:
    new_row = []
    for position in range(T):
        if position < len(sequence):
            new_row.append(sequence[position])
        else:
            new_row.append(pad_id)
    all_rows.append(new_row)
result_tensor = torch.tensor(all_rows, dtype=torch.int64)
return result_tensor
''',
    "nb17-packed-item": '''
start_position = int(starts[i])
stream_length = len(stream)

# x: block tokens desde el inicio de la partida, con 0 si el flujo se acaba
x_values = []
for offset in range(block):
    position_in_stream = start_position + offset
    if position_in_stream < stream_length:
        x_values.append(int(stream[position_in_stream]))
    else:
        x_values.append(0)

# y: lo mismo movido una posición, y <pad> al final
y_values = []
for offset in range(block - 1):
    y_values.append(x_values[offset + 1])
y_values.append(0)

x_tensor = torch.tensor(x_values, dtype=torch.int64)
y_tensor = torch.tensor(y_values, dtype=torch.int64)
return x_tensor, y_tensor
''',
    "nb17-loss-per-game": '''
batch_size = logits.shape[0]
positions = logits.shape[1]
vocab_size = logits.shape[2]

flat_logits = logits.reshape(batch_size * positions, vocab_size)
flat_targets = y.reshape(batch_size * positions)
flat_losses = F.cross_entropy(flat_logits, flat_targets, reduction="none")
losses_per_position = flat_losses.reshape(batch_size, positions)

# solo cuentan los objetivos que no son <pad>
is_real_target = (y != 0).float()
real_losses = losses_per_position * is_real_target
sum_per_game = real_losses.sum(dim=1)
count_per_game = is_real_target.sum(dim=1)
mean_per_game = sum_per_game / count_per_game
return mean_per_game
''',
    # 18 · El decodificador
    "nb18-attention-forward": '''
batch_size, sequence_length, model_width = x.shape

all_three = self.qkv(x)
queries, keys, values = all_three.split(model_width, dim=2)

# cada una en cabezas: (B, T, H, D) y luego las cabezas delante (B, H, T, D)
queries = queries.view(batch_size, sequence_length, self.n_head, self.head_dim).transpose(1, 2)
keys = keys.view(batch_size, sequence_length, self.n_head, self.head_dim).transpose(1, 2)
values = values.view(batch_size, sequence_length, self.n_head, self.head_dim).transpose(1, 2)

if self.training:
    attention_dropout = self.dropout
else:
    attention_dropout = 0.0

attended = F.scaled_dot_product_attention(queries, keys, values, dropout_p=attention_dropout, is_causal=True)

# vuelven a juntarse las cabezas
attended = attended.transpose(1, 2)
attended = attended.contiguous()
attended = attended.view(batch_size, sequence_length, model_width)

output = self.proj(attended)
output = self.resid_drop(output)
return output
''',
    "nb18-block-forward": '''
normalized_for_attention = self.ln1(x)
attention_output = self.attn(normalized_for_attention)
after_attention = x + attention_output

normalized_for_mlp = self.ln2(after_attention)
mlp_output = self.mlp(normalized_for_mlp)
after_mlp = after_attention + mlp_output
return after_mlp
''',
    "nb18-decoder-forward": '''
position_numbers = torch.arange(T, device=idx.device)
token_vectors = self.tokens(idx)
position_vectors = self.positions(position_numbers)
hidden = token_vectors + position_vectors
hidden = self.drop(hidden)

for one_block in self.blocks:
    hidden = one_block(hidden)

hidden = self.ln_f(hidden)
logits = self.lm_head(hidden)

if targets is None:
    loss = None
else:
    vocab_size = logits.shape[-1]
    flat_logits = logits.view(B * T, vocab_size)
    flat_targets = targets.reshape(B * T)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''
with_decay = []
without_decay = []
for parameter in model.parameters():
    if parameter.dim() >= 2:
        with_decay.append(parameter)
    else:
        without_decay.append(parameter)

first_group = {"params": with_decay, "weight_decay": weight_decay}
second_group = {"params": without_decay, "weight_decay": 0.0}
return [first_group, second_group]
''',
    "nb18-lr-at": '''
if step < warmup:
    learning_rate = lr * step / warmup
    return float(learning_rate)

floor_value = lr * min_lr_ratio
if step >= max_steps:
    return float(floor_value)

progress = (step - warmup) / (max_steps - warmup)
cosine_part = 1 + math.cos(math.pi * progress)
learning_rate = floor_value + 0.5 * (lr - floor_value) * cosine_part
return float(learning_rate)
''',
}

CATALINA = {
    # 11 · El bucle
    "nb11-make-xy": '''
n = (stream.numel() - 1) // T
if n <= 0:
    return stream.new_empty((0, T)), stream.new_empty((0, T))
pieces = stream[: n * T + 1].unfold(0, T + 1, T)   # (n, T + 1): ventanas que comparten un token
return pieces[:, :-1].contiguous(), pieces[:, 1:].contiguous()
''',
    "nb11-accumulated-step": '''
def chunk_loss(xs, ys):
    logits = model(xs)
    return F.cross_entropy(logits.flatten(0, 1), ys.flatten())

opt.zero_grad(set_to_none=True)
parts = []
for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
    part = chunk_loss(xs, ys) / n_micro   # trozos iguales: la media del lote es la media de las medias
    part.backward()
    parts.append(part.detach())
opt.step()
return torch.stack(parts).sum().item()
''',
    "nb11-data-floor": '''
flat_x, flat_y = x.flatten(), y.flatten()
pairs = torch.stack([flat_x, flat_y], dim=1)
_, pair_of, pair_counts = torch.unique(pairs, dim=0, return_inverse=True, return_counts=True)
_, ctx_of, ctx_counts = torch.unique(flat_x, return_inverse=True, return_counts=True)
p = pair_counts[pair_of].double() / ctx_counts[ctx_of].double()
return -p.log().mean().item()
''',
    # 17 · De partidas a lotes
    "nb17-pad-to": '''
from torch.nn.utils.rnn import pad_sequence
import torch.nn.functional as F

rows = [torch.tensor(list(s[:T]), dtype=torch.long) for s in seqs]
padded = pad_sequence(rows, batch_first=True, padding_value=pad_id)
return F.pad(padded, (0, T - padded.shape[1]), value=pad_id)
''',
    "nb17-packed-item": '''
start = int(starts[i])
piece = stream[start : start + block].to(torch.int64)
x = torch.cat([piece, piece.new_zeros(block - piece.numel())])
y = torch.roll(x, -1)
y[-1] = 0
return x, y
''',
    "nb17-loss-per-game": '''
nll = -logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
mask = y.ne(0)
return torch.where(mask, nll, torch.zeros_like(nll)).sum(-1) / mask.sum(-1)
''',
    # 18 · El decodificador
    "nb18-attention-forward": '''
B, T, d = x.shape
qkv = self.qkv(x).view(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
q, k, v = qkv.unbind(0)
causal = torch.ones(T, T, dtype=torch.bool, device=x.device).tril()
mixed = F.scaled_dot_product_attention(q, k, v, attn_mask=causal, dropout_p=self.dropout if self.training else 0.0)
return self.resid_drop(self.proj(mixed.transpose(1, 2).flatten(2)))
''',
    "nb18-block-forward": '''
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
''',
    "nb18-decoder-forward": '''
h = self.drop(self.tokens(idx) + self.positions.weight[:T])
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
return logits, F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
''',
    "nb18-param-groups": '''
buckets = {True: [], False: []}
for p in model.parameters():
    buckets[p.ndim >= 2].append(p)
return [{"params": buckets[True], "weight_decay": weight_decay},
        {"params": buckets[False], "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''
def cosine(progress):
    return 0.5 * (1.0 + math.cos(math.pi * progress))

if step < warmup:
    return float(lr) * step / warmup
floor = lr * min_lr_ratio
progress = min(max(step - warmup, 0) / (max_steps - warmup), 1.0)
return float(floor + (lr - floor) * cosine(progress))
''',
}
