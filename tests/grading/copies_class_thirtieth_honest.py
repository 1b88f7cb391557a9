"""Trigésima clase apartada: los tres alumnos honrados (candela, demetrio, esperanza), cada uno por su cuenta."""

# ----------------------------------------------------------------------------------------------
# candela: lo que ha enseñado el curso hasta cada cuaderno, corto y directo.
# ----------------------------------------------------------------------------------------------
CANDELA = {
    "nb11-make-xy": '''\
N = (len(stream) - 1) // T
x = stream[: N * T].view(N, T)
y = stream[1 : N * T + 1].view(N, T)
return x, y
''',
    "nb11-accumulated-step": '''\
size = x.shape[0] // n_micro
opt.zero_grad()
total = 0.0
for k in range(n_micro):
    xb = x[k * size : (k + 1) * size]
    yb = y[k * size : (k + 1) * size]
    logits = model(xb)
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), yb.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
''',
    "nb11-data-floor": '''\
import math
from collections import Counter

pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_count = Counter(pairs)
current_count = Counter(a for a, b in pairs)
total = 0.0
for a, b in pairs:
    total -= math.log(pair_count[(a, b)] / current_count[a])
return total / len(pairs)
''',
    "nb17-pad-to": '''\
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, seq in enumerate(seqs):
    seq = seq[:T]
    batch[i, : len(seq)] = torch.tensor(seq)
return batch
''',
    "nb17-packed-item": '''\
start = int(starts[i])
piece = stream[start : start + block]
x = torch.zeros(block, dtype=torch.int64)
x[: len(piece)] = piece
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
''',
    "nb17-loss-per-game": '''\
V = logits.shape[-1]
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none")
losses = losses.view(y.shape)
return losses.sum(dim=1) / (y != 0).sum(dim=1)
''',
    "nb18-attention-forward": '''\
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
    "nb18-block-forward": '''\
x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
''',
    "nb18-decoder-forward": '''\
pos = torch.arange(T, device=idx.device)
x = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    x = block(x)
logits = self.lm_head(self.ln_f(x))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''\
decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min((step - warmup) / (max_steps - warmup), 1.0)
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
''',
}

# ----------------------------------------------------------------------------------------------
# demetrio: principiante; bucles, pasos intermedios y nombres largos.
# ----------------------------------------------------------------------------------------------
DEMETRIO = {
    "nb11-make-xy": '''\
stream_length = len(stream)
x_windows = []
y_windows = []
window_start = 0
# una ventana solo vale si el flujo tiene también su último objetivo
while window_start + T < stream_length:
    input_window = stream[window_start : window_start + T]
    target_window = stream[window_start + 1 : window_start + T + 1]
    x_windows.append(input_window)
    y_windows.append(target_window)
    window_start = window_start + T
x = torch.stack(x_windows)
y = torch.stack(y_windows)
return x, y
''',
    "nb11-accumulated-step": '''\
batch_size = x.shape[0]
games_per_piece = batch_size // n_micro

# primero borro lo que hubiera en .grad
opt.zero_grad()

total_loss = 0.0
for piece_number in range(n_micro):
    first_game = piece_number * games_per_piece
    last_game = first_game + games_per_piece
    x_piece = x[first_game:last_game]
    y_piece = y[first_game:last_game]

    logits_piece = model(x_piece)
    vocab_size = logits_piece.shape[2]
    flat_logits = logits_piece.reshape(-1, vocab_size)
    flat_targets = y_piece.reshape(-1)
    piece_loss = F.cross_entropy(flat_logits, flat_targets)

    # cada trozo pone una parte de la media del lote entero
    scaled_loss = piece_loss / n_micro
    scaled_loss.backward()
    total_loss = total_loss + scaled_loss.item()

# un solo paso con los gradientes de todos los trozos
opt.step()
return total_loss
''',
    "nb11-data-floor": '''\
import math

current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
number_of_positions = len(current_tokens)

pair_counts = {}
current_counts = {}
for position in range(number_of_positions):
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

total_cost = 0.0
for position in range(number_of_positions):
    current_token = current_tokens[position]
    next_token = next_tokens[position]
    probability = pair_counts[(current_token, next_token)] / current_counts[current_token]
    total_cost = total_cost - math.log(probability)

average_cost = total_cost / number_of_positions
return average_cost
''',
    "nb17-pad-to": '''\
all_rows = []
for sequence in seqs:
    row = []
    for token_id in sequence:
        if len(row) < T:
            row.append(token_id)
    # relleno a la derecha hasta tener T columnas
    while len(row) < T:
        row.append(pad_id)
    all_rows.append(row)
padded_batch = torch.tensor(all_rows, dtype=torch.int64)
return padded_batch
''',
    "nb17-packed-item": '''\
start_position = int(starts[i])
stream_length = len(stream)

x_values = []
for offset in range(block):
    position = start_position + offset
    if position < stream_length:
        x_values.append(int(stream[position]))
    else:
        x_values.append(0)  # el flujo se acabó: <pad>

y_values = []
for offset in range(block - 1):
    y_values.append(x_values[offset + 1])
y_values.append(0)  # el último objetivo siempre es <pad>

x = torch.tensor(x_values, dtype=torch.int64)
y = torch.tensor(y_values, dtype=torch.int64)
return x, y
''',
    "nb17-loss-per-game": '''\
batch_size, sequence_length, vocab_size = logits.shape
flat_logits = logits.reshape(batch_size * sequence_length, vocab_size)
flat_targets = y.reshape(batch_size * sequence_length)

loss_every_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
loss_table = loss_every_position.reshape(batch_size, sequence_length)

is_real_target = y != 0
real_mask = is_real_target.float()
loss_of_real_targets = loss_table * real_mask

sum_per_game = loss_of_real_targets.sum(dim=1)
count_per_game = real_mask.sum(dim=1)
mean_per_game = sum_per_game / count_per_game
return mean_per_game
''',
    "nb18-attention-forward": '''\
batch_size, sequence_length, model_dim = x.shape
number_of_heads = self.n_head
size_of_head = self.head_dim

all_three = self.qkv(x)
queries = all_three[:, :, 0:model_dim]
keys = all_three[:, :, model_dim : 2 * model_dim]
values = all_three[:, :, 2 * model_dim : 3 * model_dim]

queries = queries.reshape(batch_size, sequence_length, number_of_heads, size_of_head)
queries = queries.transpose(1, 2)
keys = keys.reshape(batch_size, sequence_length, number_of_heads, size_of_head)
keys = keys.transpose(1, 2)
values = values.reshape(batch_size, sequence_length, number_of_heads, size_of_head)
values = values.transpose(1, 2)

if self.training:
    dropout_probability = self.dropout
else:
    dropout_probability = 0.0

attended = F.scaled_dot_product_attention(
    queries, keys, values, dropout_p=dropout_probability, is_causal=True
)
attended = attended.transpose(1, 2)
joined_heads = attended.reshape(batch_size, sequence_length, model_dim)
projected = self.proj(joined_heads)
output = self.resid_drop(projected)
return output
''',
    "nb18-block-forward": '''\
normalized_input = self.ln1(x)
attention_output = self.attn(normalized_input)
after_attention = x + attention_output

normalized_again = self.ln2(after_attention)
mlp_output = self.mlp(normalized_again)
result = after_attention + mlp_output
return result
''',
    "nb18-decoder-forward": '''\
token_vectors = self.tokens(idx)
position_numbers = torch.arange(0, T, dtype=torch.long, device=idx.device)
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
    flat_logits = logits.reshape(B * T, vocab_size)
    flat_targets = targets.reshape(B * T)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''\
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
    "nb18-lr-at": '''\
import math

if step < warmup:
    growth_per_step = lr / warmup
    current_lr = growth_per_step * step
    return float(current_lr)

lowest_lr = lr * min_lr_ratio
steps_after_warmup = step - warmup
cosine_steps = max_steps - warmup
progress = steps_after_warmup / cosine_steps
if progress > 1:
    progress = 1.0
cosine_value = math.cos(math.pi * progress)
current_lr = lowest_lr + 0.5 * (lr - lowest_lr) * (1 + cosine_value)
return float(current_lr)
''',
}

# ----------------------------------------------------------------------------------------------
# esperanza: ya programaba; funciones auxiliares, comprensiones y otras funciones de torch.
# ----------------------------------------------------------------------------------------------
ESPERANZA = {
    "nb11-make-xy": '''\
n = (stream.numel() - 1) // T
windows = stream[: n * T + 1].unfold(0, T + 1, T)   # (n, T + 1), paso T: comparten un token
return windows[:, :-1], windows[:, 1:]
''',
    "nb11-accumulated-step": '''\
opt.zero_grad(set_to_none=True)
seen = 0.0
for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro)):
    share = yb.numel() / y.numel()          # qué parte de la media le toca a este trozo
    part = F.cross_entropy(model(xb).flatten(0, 1), yb.flatten()) * share
    part.backward()
    seen += part.detach().item()
opt.step()
return seen
''',
    "nb11-data-floor": '''\
a, b = x.flatten(), y.flatten()
_, pair_of, pair_n = torch.unique(torch.stack([a, b]), dim=1, return_inverse=True, return_counts=True)
_, cur_of, cur_n = torch.unique(a, return_inverse=True, return_counts=True)
p = pair_n[pair_of].double() / cur_n[cur_of].double()
return float(-p.log().mean())
''',
    "nb17-pad-to": '''\
import torch.nn.functional as F

def row(seq):
    t = torch.as_tensor(seq[:T], dtype=torch.int64)
    return F.pad(t, (0, T - t.numel()), value=pad_id)

return torch.stack([row(s) for s in seqs])
''',
    "nb17-packed-item": '''\
s = int(starts[i])
x = F.pad(stream[s : s + block].long(), (0, max(0, block - (len(stream) - s))), value=0)
y = x.roll(-1)
y[-1] = 0
return x, y
''',
    "nb17-loss-per-game": '''\
nll = -logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
real = y.ne(0)
return torch.where(real, nll, torch.zeros_like(nll)).sum(-1) / real.sum(-1)
''',
    "nb18-attention-forward": '''\
B, T, _ = x.shape
q, k, v = self.qkv(x).view(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
heads = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=self.dropout if self.training else 0.0)
return self.resid_drop(self.proj(heads.transpose(1, 2).flatten(2)))
''',
    "nb18-block-forward": '''\
h = x + self.attn(self.ln1(x))
return h + self.mlp(self.ln2(h))
''',
    "nb18-decoder-forward": '''\
h = self.drop(self.tokens(idx) + self.positions.weight[:T])   # la tabla de posiciones ya está en su dispositivo
for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.transpose(1, 2), targets, ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''\
buckets = {True: [], False: []}
for p in model.parameters():               # parameters() ya no repite el peso atado
    buckets[p.ndim >= 2].append(p)
return [dict(params=buckets[True], weight_decay=weight_decay), dict(params=buckets[False], weight_decay=0.0)]
''',
    "nb18-lr-at": '''\
def half_cosine(progress):
    return 0.5 * (1.0 + math.cos(math.pi * progress))

if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
return floor + (lr - floor) * half_cosine(min(1.0, (step - warmup) / (max_steps - warmup)))
''',
}
