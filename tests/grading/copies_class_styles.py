"""Seis juegos de estilo para 11-bucle, 17-partidas-a-lotes y 18-decoder, escritos a ciegas por tres ayudantes que
no vieron nada del informe de parecidos (como juegos 14 a 19, que nunca entraron en la calibración): en cada par, un
principiante (bucles, listas que se llenan, diccionarios contados a mano, nombres largos) y uno que ya programaba
(``unfold``, ``chunk``, ``torch.unique``, funciones auxiliares). Como juegos de la calibración no sirven (dos
principiantes comparten más que una copia reescrita, y ningún umbral de todo el curso los separaría); como trabajo
honrado de más, sí: son parte del corpus de ``honest_corpus`` (lo natural entre compañeros).

Cada alumno aprueba todos los tests de los tres cuadernos (lo comprobaron sus autores con ``proof_execution.run``).
"""

HONEST = ('principiante14', 'programador15', 'principiante16', 'programador17', 'principiante18', 'programador19')

WORK = {
    "principiante14": {
        "nb11-make-xy": """\
number_of_windows = (len(stream) - 1) // T
x_rows = []
y_rows = []
for k in range(number_of_windows):
    start = k * T
    x_row = stream[start : start + T].tolist()
    y_row = stream[start + 1 : start + T + 1].tolist()
    x_rows.append(x_row)
    y_rows.append(y_row)
x = torch.tensor(x_rows, dtype=torch.int64)
y = torch.tensor(y_rows, dtype=torch.int64)
return x, y
""",
        "nb11-accumulated-step": """\
opt.zero_grad()
B = x.shape[0]
games_per_piece = B // n_micro
total_loss = 0.0
for piece in range(n_micro):
    start = piece * games_per_piece
    end = start + games_per_piece
    x_piece = x[start:end]
    y_piece = y[start:end]
    logits = model(x_piece)
    V = logits.shape[-1]
    loss_piece = F.cross_entropy(logits.view(-1, V), y_piece.reshape(-1))
    # cada trozo es una parte de n_micro de la media del lote entero
    loss_piece = loss_piece / n_micro
    loss_piece.backward()
    total_loss = total_loss + loss_piece.item()
opt.step()
return total_loss
""",
        "nb11-data-floor": """\
import math

current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
pair_count = {}
current_count = {}
for a, b in zip(current_tokens, next_tokens):
    if (a, b) in pair_count:
        pair_count[(a, b)] = pair_count[(a, b)] + 1
    else:
        pair_count[(a, b)] = 1
    if a in current_count:
        current_count[a] = current_count[a] + 1
    else:
        current_count[a] = 1
total = 0.0
for a, b in zip(current_tokens, next_tokens):
    probability = pair_count[(a, b)] / current_count[a]
    total = total - math.log(probability)
return total / len(current_tokens)
""",
        "nb17-pad-to": """\
rows = []
for sequence in seqs:
    row = []
    for token in sequence:
        if len(row) < T:
            row.append(token)
    while len(row) < T:
        row.append(pad_id)
    rows.append(row)
return torch.tensor(rows, dtype=torch.int64)
""",
        "nb17-packed-item": """\
start = int(starts[i])
x_list = []
for t in range(block):
    position = start + t
    if position < len(stream):
        x_list.append(int(stream[position]))
    else:
        x_list.append(0)
y_list = []
for t in range(block - 1):
    y_list.append(x_list[t + 1])
y_list.append(0)
x = torch.tensor(x_list, dtype=torch.int64)
y = torch.tensor(y_list, dtype=torch.int64)
return x, y
""",
        "nb17-loss-per-game": """\
B = logits.shape[0]
T = logits.shape[1]
V = logits.shape[2]
flat_logits = logits.reshape(B * T, V)
flat_targets = y.reshape(B * T)
loss_every_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
loss_every_position = loss_every_position.view(B, T)
is_real = (y != 0).float()
loss_real_positions = loss_every_position * is_real
sum_per_game = loss_real_positions.sum(dim=1)
count_per_game = is_real.sum(dim=1)
return sum_per_game / count_per_game
""",
        "nb18-attention-forward": """\
B = x.shape[0]
T = x.shape[1]
d = x.shape[2]
q_k_v = self.qkv(x)
q = q_k_v[:, :, 0:d]
k = q_k_v[:, :, d : 2 * d]
v = q_k_v[:, :, 2 * d : 3 * d]
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
if self.training:
    dropout_probability = self.dropout
else:
    dropout_probability = 0.0
attended = F.scaled_dot_product_attention(q, k, v, dropout_p=dropout_probability, is_causal=True)
joined = attended.transpose(1, 2).contiguous().view(B, T, d)
projected = self.proj(joined)
output = self.resid_drop(projected)
return output
""",
        "nb18-block-forward": """\
normalized_x = self.ln1(x)
attention_output = self.attn(normalized_x)
first_sum = x + attention_output
normalized_first_sum = self.ln2(first_sum)
mlp_output = self.mlp(normalized_first_sum)
second_sum = first_sum + mlp_output
return second_sum
""",
        "nb18-decoder-forward": """\
positions = torch.arange(0, T, device=idx.device)
token_vectors = self.tokens(idx)
position_vectors = self.positions(positions)
h = token_vectors + position_vectors
h = self.drop(h)
for current_block in self.blocks:
    h = current_block(h)
h = self.ln_f(h)
logits = self.lm_head(h)
if targets is None:
    loss = None
else:
    V = logits.shape[-1]
    flat_logits = logits.view(B * T, V)
    flat_targets = targets.reshape(B * T)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
return logits, loss
""",
        "nb18-param-groups": """\
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
""",
        "nb18-lr-at": """\
if step < warmup:
    learning_rate = lr * step / warmup
elif step <= max_steps:
    progress = (step - warmup) / (max_steps - warmup)
    floor = lr * min_lr_ratio
    learning_rate = floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * progress))
else:
    learning_rate = lr * min_lr_ratio
return float(learning_rate)
""",
    },
    "programador15": {
        "nb11-make-xy": """\
# ventanas de T + 1 tokens que avanzan de T en T: solo salen las completas
windows = stream.unfold(0, T + 1, T)
return windows[:, :-1].long(), windows[:, 1:].long()
""",
        "nb11-accumulated-step": """\
opt.zero_grad(set_to_none=True)
parts = []
for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
    loss = F.cross_entropy(model(xs).flatten(0, 1), ys.flatten()) / n_micro
    loss.backward()
    parts.append(loss.detach())
opt.step()
return torch.stack(parts).sum().item()
""",
        "nb11-data-floor": """\
from collections import Counter
import math

pairs = list(zip(x.flatten().tolist(), y.flatten().tolist()))
pair_counts = Counter(pairs)
current_counts = Counter(a for a, _ in pairs)
return -sum(n * math.log(n / current_counts[a]) for (a, _), n in pair_counts.items()) / len(pairs)
""",
        "nb17-pad-to": """\
from torch.nn.utils.rnn import pad_sequence
import torch.nn.functional as F

rows = [torch.tensor(s[:T], dtype=torch.long) for s in seqs]
batch = pad_sequence(rows, batch_first=True, padding_value=pad_id)
return F.pad(batch, (0, T - batch.shape[1]), value=pad_id)
""",
        "nb17-packed-item": """\
import torch.nn.functional as F

start = int(starts[i])
window = stream[start : start + block].long()
x = F.pad(window, (0, block - len(window)))   # <pad> = 0 si el flujo se acaba
y = torch.cat([x[1:], x.new_zeros(1)])
return x, y
""",
        "nb17-loss-per-game": """\
# cross_entropy quiere las clases en el eje 1: (B, V, T) contra (B, T)
per_position = F.cross_entropy(logits.transpose(1, 2), y, reduction="none", ignore_index=0)
return per_position.sum(-1) / y.ne(0).sum(-1)
""",
        "nb18-attention-forward": """\
B, T, d = x.shape
q, k, v = (t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2) for t in self.qkv(x).split(d, dim=-1))
out = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
        "nb18-block-forward": """\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        "nb18-decoder-forward": """\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos)[None])
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
        "nb18-param-groups": """\
decay, no_decay = [], []
for p in model.parameters():   # parameters() ya da el peso atado una sola vez
    (decay if p.ndim >= 2 else no_decay).append(p)
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        "nb18-lr-at": """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
progress = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + (lr - floor) * 0.5 * (1.0 + math.cos(math.pi * progress))
""",
    },
    "principiante16": {
        "nb11-make-xy": """\
length = len(stream)
number_of_windows = 0
# una ventana más cabe si el flujo tiene también su último objetivo
while (number_of_windows + 1) * T + 1 <= length:
    number_of_windows = number_of_windows + 1

x_rows = []
y_rows = []
for window in range(number_of_windows):
    start = window * T
    x_rows.append(stream[start:start + T].tolist())
    y_rows.append(stream[start + 1:start + T + 1].tolist())

x = torch.tensor(x_rows, dtype=torch.int64)
y = torch.tensor(y_rows, dtype=torch.int64)
return x, y
""",
        "nb11-accumulated-step": """\
batch_size = x.shape[0]
games_per_piece = batch_size // n_micro

opt.zero_grad()
total_loss = 0.0
for piece in range(n_micro):
    first_game = piece * games_per_piece
    last_game = first_game + games_per_piece
    x_piece = x[first_game:last_game]
    y_piece = y[first_game:last_game]
    logits_piece = model(x_piece)
    vocab_size = logits_piece.shape[-1]
    loss_piece = F.cross_entropy(logits_piece.view(-1, vocab_size), y_piece.reshape(-1))
    # todos los trozos tienen las mismas posiciones: cada uno pone 1/n_micro de la media
    loss_part = loss_piece / n_micro
    loss_part.backward()
    total_loss = total_loss + loss_part.item()
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

floor = total / len(current_tokens)
return floor
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

batch = torch.tensor(all_rows, dtype=torch.int64)
return batch
""",
        "nb17-packed-item": """\
start_position = int(starts[i])
stream_length = len(stream)

window_tokens = []
for offset in range(block):
    position = start_position + offset
    if position < stream_length:
        window_tokens.append(int(stream[position]))
    else:
        window_tokens.append(0)

target_tokens = []
for t in range(block - 1):
    target_tokens.append(window_tokens[t + 1])
target_tokens.append(0)

x = torch.tensor(window_tokens, dtype=torch.int64)
y = torch.tensor(target_tokens, dtype=torch.int64)
return x, y
""",
        "nb17-loss-per-game": """\
B, T, V = logits.shape
flat_logits = logits.reshape(B * T, V)
flat_targets = y.reshape(B * T)
loss_each_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
loss_each_position = loss_each_position.view(B, T)

is_real = y != 0
real_as_float = is_real.float()
loss_only_real = loss_each_position * real_as_float

sum_per_game = loss_only_real.sum(dim=1)
count_per_game = real_as_float.sum(dim=1)
mean_per_game = sum_per_game / count_per_game
return mean_per_game
""",
        "nb18-attention-forward": """\
B, T, d = x.shape
H = self.n_head
D = self.head_dim

qkv_out = self.qkv(x)
q, k, v = qkv_out.split(d, dim=2)
q = q.view(B, T, H, D).transpose(1, 2)
k = k.view(B, T, H, D).transpose(1, 2)
v = v.view(B, T, H, D).transpose(1, 2)

if self.training:
    probability = self.dropout
else:
    probability = 0.0

attended = F.scaled_dot_product_attention(q, k, v, dropout_p=probability, is_causal=True)
merged = attended.transpose(1, 2).contiguous().view(B, T, d)
projected = self.proj(merged)
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
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=PAD_ID)
return logits, loss
""",
        "nb18-param-groups": """\
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
""",
        "nb18-lr-at": """\
floor_lr = lr * min_lr_ratio

if step < warmup:
    learning_rate = lr * step / warmup
elif step <= max_steps:
    progress = (step - warmup) / (max_steps - warmup)
    cosine_part = 1 + math.cos(math.pi * progress)
    learning_rate = floor_lr + 0.5 * (lr - floor_lr) * cosine_part
else:
    learning_rate = floor_lr

return float(learning_rate)
""",
    },
    "programador17": {
        "nb11-make-xy": """\
n = max(0, (len(stream) - 1) // T)
if n == 0:
    empty = stream.new_empty((0, T), dtype=torch.long)
    return empty, empty.clone()
# ventanas de T + 1 tokens que avanzan de T en T: comparten un token con la siguiente
windows = stream[: n * T + 1].unfold(0, T + 1, T).long()
return windows[:, :-1], windows[:, 1:]
""",
        "nb11-accumulated-step": """\
def piece_loss(xs, ys):
    logits = model(xs)
    return F.cross_entropy(logits.flatten(0, 1), ys.flatten())

opt.zero_grad(set_to_none=True)
parts = []
for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
    part = piece_loss(xs, ys) / n_micro   # trozos iguales: la media del lote es la media de sus medias
    part.backward()
    parts.append(part.detach())
opt.step()
return torch.stack(parts).sum().item()
""",
        "nb11-data-floor": """\
pairs = torch.stack([x.reshape(-1), y.reshape(-1)], dim=1)            # (N, 2)
_, pair_idx, pair_n = torch.unique(pairs, dim=0, return_inverse=True, return_counts=True)
_, ctx_idx, ctx_n = torch.unique(pairs[:, 0], return_inverse=True, return_counts=True)
p = pair_n[pair_idx].double() / ctx_n[ctx_idx].double()               # p(b | a) de cada posición
return float(-p.log().mean())
""",
        "nb17-pad-to": """\
def fit(seq):
    seq = list(seq)[:T]
    return seq + [pad_id] * (T - len(seq))

return torch.tensor([fit(s) for s in seqs], dtype=torch.long).reshape(len(seqs), T)
""",
        "nb17-packed-item": """\
start = int(starts[i])
piece = stream[start : start + block].to(torch.long)
x = F.pad(piece, (0, block - piece.numel()), value=0)   # copia nueva: el flujo no se toca
y = torch.cat([x[1:], x.new_zeros(1)])
return x, y
""",
        "nb17-loss-per-game": """\
# cross_entropy acepta (B, V, T) con objetivos (B, T); ignore_index deja 0 en el relleno
per_position = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")
return per_position.sum(dim=1) / y.ne(0).sum(dim=1)
""",
        "nb18-attention-forward": """\
B, T, _ = x.shape
# (B, T, 3d) -> (B, T, 3, H, D) -> (3, B, H, T, D)
q, k, v = self.qkv(x).unflatten(-1, (3, self.n_head, self.head_dim)).permute(2, 0, 3, 1, 4)
out = F.scaled_dot_product_attention(q, k, v, is_causal=True,
                                     dropout_p=self.dropout if self.training else 0.0)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
        "nb18-block-forward": """\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        "nb18-decoder-forward": """\
from functools import reduce

pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos)[None])
h = reduce(lambda acc, blk: blk(acc), self.blocks, h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
return logits, F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=PAD_ID)
""",
        "nb18-param-groups": """\
unique = list({id(p): p for p in model.parameters()}.values())   # el peso atado, una sola vez
return [
    {"params": [p for p in unique if p.ndim >= 2], "weight_decay": weight_decay},
    {"params": [p for p in unique if p.ndim < 2], "weight_decay": 0.0},
]
""",
        "nb18-lr-at": """\
floor = lr * min_lr_ratio
if step < warmup:
    return float(lr * step / warmup)
p = min(1.0, (step - warmup) / (max_steps - warmup))
return float(floor + 0.5 * (lr - floor) * (1.0 + math.cos(math.pi * p)))
""",
    },
    "principiante18": {
        "nb11-make-xy": """\
total_tokens = len(stream)
number_of_windows = (total_tokens - 1) // T
x_rows = []
y_rows = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    window_end = window_start + T
    x_rows.append(stream[window_start:window_end].tolist())
    y_rows.append(stream[window_start + 1:window_end + 1].tolist())
x = torch.tensor(x_rows, dtype=torch.int64)
y = torch.tensor(y_rows, dtype=torch.int64)
return x, y
""",
        "nb11-accumulated-step": """\
batch_size = x.shape[0]
games_per_piece = batch_size // n_micro
opt.zero_grad()
total_loss = 0.0
for piece_number in range(n_micro):
    first_game = piece_number * games_per_piece
    last_game = first_game + games_per_piece
    x_piece = x[first_game:last_game]
    y_piece = y[first_game:last_game]
    logits_piece = model(x_piece)
    vocab_size = logits_piece.shape[-1]
    loss_piece = F.cross_entropy(logits_piece.reshape(-1, vocab_size), y_piece.reshape(-1))
    # cada trozo pone su parte de la media: su pérdida dividida entre el número de trozos
    scaled_loss = loss_piece / n_micro
    scaled_loss.backward()
    total_loss = total_loss + scaled_loss.item()
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
        pair_counts[(a, b)] += 1
    else:
        pair_counts[(a, b)] = 1
    if a in current_counts:
        current_counts[a] += 1
    else:
        current_counts[a] = 1
total = 0.0
for position in range(len(current_tokens)):
    a = current_tokens[position]
    b = next_tokens[position]
    probability = pair_counts[(a, b)] / current_counts[a]
    total = total - math.log(probability)
return total / len(current_tokens)
""",
        "nb17-pad-to": """\
all_rows = []
for sequence in seqs:
    row = []
    for token in sequence:
        if len(row) < T:
            row.append(token)
    while len(row) < T:
        row.append(pad_id)
    all_rows.append(row)
batch = torch.tensor(all_rows, dtype=torch.int64)
return batch
""",
        "nb17-packed-item": """\
start_position = int(starts[i])
stream_length = len(stream)
x_list = []
for offset in range(block):
    position = start_position + offset
    if position < stream_length:
        x_list.append(int(stream[position]))
    else:
        x_list.append(0)
y_list = []
for t in range(block - 1):
    y_list.append(x_list[t + 1])
y_list.append(0)
x = torch.tensor(x_list, dtype=torch.int64)
y = torch.tensor(y_list, dtype=torch.int64)
return x, y
""",
        "nb17-loss-per-game": """\
batch_size, length, vocab_size = logits.shape
flat_logits = logits.reshape(-1, vocab_size)
flat_targets = y.reshape(-1)
loss_each_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
loss_table = loss_each_position.reshape(batch_size, length)
is_real = (y != 0).float()
loss_sum_per_game = (loss_table * is_real).sum(dim=1)
real_count_per_game = is_real.sum(dim=1)
loss_per_game_result = loss_sum_per_game / real_count_per_game
return loss_per_game_result
""",
        "nb18-attention-forward": """\
batch_size, seq_length, model_dim = x.shape
qkv_out = self.qkv(x)
queries = qkv_out[:, :, 0:model_dim]
keys = qkv_out[:, :, model_dim:2 * model_dim]
values = qkv_out[:, :, 2 * model_dim:3 * model_dim]
queries = queries.reshape(batch_size, seq_length, self.n_head, self.head_dim).transpose(1, 2)
keys = keys.reshape(batch_size, seq_length, self.n_head, self.head_dim).transpose(1, 2)
values = values.reshape(batch_size, seq_length, self.n_head, self.head_dim).transpose(1, 2)
if self.training:
    dropout_probability = self.dropout
else:
    dropout_probability = 0.0
attention_out = F.scaled_dot_product_attention(
    queries, keys, values, dropout_p=dropout_probability, is_causal=True
)
attention_out = attention_out.transpose(1, 2).reshape(batch_size, seq_length, model_dim)
projected = self.proj(attention_out)
output = self.resid_drop(projected)
return output
""",
        "nb18-block-forward": """\
normalized_first = self.ln1(x)
attention_result = self.attn(normalized_first)
after_attention = x + attention_result
normalized_second = self.ln2(after_attention)
mlp_result = self.mlp(normalized_second)
output = after_attention + mlp_result
return output
""",
        "nb18-decoder-forward": """\
position_numbers = torch.arange(0, T, device=idx.device)
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
    flat_logits = logits.reshape(-1, vocab_size)
    flat_targets = targets.reshape(-1)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
return logits, loss
""",
        "nb18-param-groups": """\
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
""",
        "nb18-lr-at": """\
if step < warmup:
    learning_rate = lr * step / warmup
else:
    if step > max_steps:
        step = max_steps
    progress = (step - warmup) / (max_steps - warmup)
    floor_lr = lr * min_lr_ratio
    learning_rate = floor_lr + 0.5 * (lr - floor_lr) * (1 + math.cos(math.pi * progress))
return float(learning_rate)
""",
    },
    "programador19": {
        "nb11-make-xy": """\
n = max(0, (stream.numel() - 1) // T)
windows = stream[: n * T + 1].unfold(0, T + 1, T)   # (n, T + 1), cada una pisa la siguiente en un token
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
        "nb11-accumulated-step": """\
def chunk_loss(xb, yb):
    logits = model(xb)
    return F.cross_entropy(logits.flatten(0, 1), yb.flatten())

opt.zero_grad(set_to_none=True)
parts = []
for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro)):
    loss = chunk_loss(xb, yb) / n_micro   # trozos del mismo tamaño: la media es la media de medias
    loss.backward()
    parts.append(loss.detach())
opt.step()
return float(torch.stack(parts).sum())
""",
        "nb11-data-floor": """\
pairs = torch.stack([x.reshape(-1), y.reshape(-1)], dim=1)
_, pair_of, pair_n = torch.unique(pairs, dim=0, return_inverse=True, return_counts=True)
_, ctx_of, ctx_n = torch.unique(pairs[:, 0], return_inverse=True, return_counts=True)
p = pair_n[pair_of].double() / ctx_n[ctx_of].double()
return float(-p.log().mean())
""",
        "nb17-pad-to": """\
out = torch.full((len(seqs), T), pad_id, dtype=torch.long)
for row, seq in zip(out, seqs):
    kept = list(seq[:T])
    row[: len(kept)] = torch.as_tensor(kept, dtype=torch.long)
return out
""",
        "nb17-packed-item": """\
start = int(starts[i])
chunk = stream[start : start + block].to(torch.long)
x = F.pad(chunk, (0, block - chunk.numel()), value=0)   # tensor nuevo: stream no se toca
y = torch.cat([x[1:], x.new_zeros(1)])
return x, y
""",
        "nb17-loss-per-game": """\
mask = y.ne(0)
nll = -torch.log_softmax(logits, dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
return (nll * mask).sum(-1) / mask.sum(-1)
""",
        "nb18-attention-forward": """\
B, T, C = x.shape
heads = lambda t: t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)   # (B, H, T, D)
q, k, v = map(heads, self.qkv(x).split(C, dim=-1))
out = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
        "nb18-block-forward": """\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        "nb18-decoder-forward": """\
h = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)))
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=PAD_ID)
return logits, loss
""",
        "nb18-param-groups": """\
params = list(model.parameters())   # parameters() ya da el peso atado una sola vez
return [
    {"params": [p for p in params if p.ndim >= 2], "weight_decay": weight_decay},
    {"params": [p for p in params if p.ndim < 2], "weight_decay": 0.0},
]
""",
        "nb18-lr-at": """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1.0 + math.cos(math.pi * p))
""",
    },
}
