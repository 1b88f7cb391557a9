"""Trabajo honrado escrito por separado: los alumnos honrados de las clases apartadas del informe de parecidos
y los juegos de estilo. Lo que escribe también uno de ellos es natural entre compañeros (``evidence``).

Generado por ``tests/grading/honest_corpus.py`` desde ``tests/grading/copies_class_*.py``: no se edita a mano.
"""

LEARNERS = {
    'eighteenth/samuel': {
        'nb11-make-xy': """\
N = (len(stream) - 1) // T
x = stream[: N * T].view(N, T)
y = stream[1 : N * T + 1].view(N, T)
return x, y
""",
        'nb11-accumulated-step': """\
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
        'nb11-data-floor': """\
pairs = Counter(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
currents = Counter(x.reshape(-1).tolist())
total = 0.0
for (a, b), n in pairs.items():
    total -= n * math.log(n / currents[a])
return total / x.numel()
""",
        'nb17-pad-to': """\
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    batch[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return batch
""",
        'nb17-packed-item': """\
start = int(starts[i])
x = torch.zeros(block, dtype=torch.int64)
piece = stream[start : start + block]
x[: len(piece)] = piece
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
""",
        'nb17-loss-per-game': """\
B, T, V = logits.shape
per_position = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (per_position * real).sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\
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
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
        'nb18-decoder-forward': """\
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
        'nb18-param-groups': """\
decay, no_decay = [], []
for p in model.parameters():
    if p.dim() >= 2:
        decay.append(p)
    else:
        no_decay.append(p)
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
if step > max_steps:
    step = max_steps
p = (step - warmup) / (max_steps - warmup)
s = lr * min_lr_ratio
return s + 0.5 * (lr - s) * (1 + math.cos(math.pi * p))
""",
    },
    'eighteenth/alicia': {
        'nb11-make-xy': """\
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
        'nb11-accumulated-step': """\
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
        'nb11-data-floor': """\
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
        'nb17-pad-to': """\
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
        'nb17-packed-item': """\
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
        'nb17-loss-per-game': """\
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
        'nb18-attention-forward': """\
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
        'nb18-block-forward': """\
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_first_residual = x + attention_result
normalized_for_mlp = self.ln2(after_first_residual)
mlp_result = self.mlp(normalized_for_mlp)
after_second_residual = after_first_residual + mlp_result
return after_second_residual
""",
        'nb18-decoder-forward': """\
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
        'nb18-param-groups': """\
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
        'nb18-lr-at': """\
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
    },
    'eighteenth/marcos': {
        'nb11-make-xy': """\
windows = stream.unfold(0, T + 1, T)   # (N, T + 1): cada ventana lleva también su último objetivo
return windows[:, :-1].clone(), windows[:, 1:].clone()
""",
        'nb11-accumulated-step': """\
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
        'nb11-data-floor': """\
a, b = x.reshape(-1), y.reshape(-1)
_, pair_idx, pair_n = torch.unique(torch.stack([a, b], dim=1), dim=0, return_inverse=True, return_counts=True)
_, ctx_idx, ctx_n = torch.unique(a, return_inverse=True, return_counts=True)
p = pair_n[pair_idx].double() / ctx_n[ctx_idx].double()
return -p.log().mean().item()
""",
        'nb17-pad-to': """\
import torch.nn.functional as F

rows = [torch.as_tensor(s[:T], dtype=torch.long) for s in seqs]
return torch.stack([F.pad(r, (0, T - len(r)), value=pad_id) for r in rows])
""",
        'nb17-packed-item': """\
start = starts[i].item()
window = stream[start : start + block].long()
window = torch.nn.functional.pad(window, (0, block - window.numel()), value=0)
return window, torch.cat([window[1:], window.new_zeros(1)])
""",
        'nb17-loss-per-game': """\
logp = logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
mask = y.ne(0)
return -(logp * mask).sum(-1) / mask.sum(-1)
""",
        'nb18-attention-forward': """\
def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
y = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(y.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
        'nb18-decoder-forward': """\
from functools import reduce

h = self.drop(self.tokens(idx) + self.positions.weight[:T])
h = reduce(lambda acc, block: block(acc), self.blocks, h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.transpose(1, 2), targets, ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
params = list(model.parameters())
return [
    {"params": [p for p in params if p.ndim >= 2], "weight_decay": weight_decay},
    {"params": [p for p in params if p.ndim < 2], "weight_decay": 0.0},
]
""",
        'nb18-lr-at': """\
def cosine(t):
    return 0.5 * (1.0 + math.cos(math.pi * t))

if step < warmup:
    return float(lr * step / warmup)
t = min(step - warmup, max_steps - warmup) / (max_steps - warmup)
return float(lr * (min_lr_ratio + (1.0 - min_lr_ratio) * cosine(t)))
""",
    },
    'eighth/aurora': {
        'nb11-make-xy': """\
N = (len(stream) - 1) // T
x = stream[: N * T].reshape(N, T)
y = stream[1 : N * T + 1].reshape(N, T)
return x, y
""",
        'nb11-accumulated-step': """\
opt.zero_grad()
size = x.shape[0] // n_micro
total = 0.0
for k in range(n_micro):
    xs, ys = x[k * size : (k + 1) * size], y[k * size : (k + 1) * size]
    logits = model(xs)
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), ys.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
        'nb11-data-floor': """\
xs, ys = x.reshape(-1).tolist(), y.reshape(-1).tolist()
pair_count, current_count = {}, {}
for a, b in zip(xs, ys):
    pair_count[(a, b)] = pair_count.get((a, b), 0) + 1
    current_count[a] = current_count.get(a, 0) + 1
probs = torch.tensor([pair_count[(a, b)] / current_count[a] for a, b in zip(xs, ys)], dtype=torch.float64)
return -torch.log(probs).mean().item()
""",
        'nb17-pad-to': """\
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    out[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return out
""",
        'nb17-packed-item': """\
start = int(starts[i])
window = stream[start : start + block + 1].long()
window = torch.cat([window, torch.zeros(block + 1 - len(window), dtype=torch.int64)])
x = window[:-1].clone()
y = window[1:].clone()
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=2)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(out))
""",
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        'nb18-decoder-forward': """\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
decay = [p for p in model.parameters() if p.dim() >= 2]
rest = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": rest, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'eighth/benito': {
        'nb11-make-xy': """\
# cuántas ventanas completas caben: cada una necesita T + 1 tokens
number_of_windows = 0
while (number_of_windows + 1) * T + 1 <= len(stream):
    number_of_windows = number_of_windows + 1
input_rows = []
target_rows = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    input_rows.append(stream[window_start : window_start + T])
    target_rows.append(stream[window_start + 1 : window_start + T + 1])
inputs = torch.stack(input_rows)
targets = torch.stack(target_rows)
return inputs, targets
""",
        'nb11-accumulated-step': """\
batch_size = x.shape[0]
games_per_chunk = batch_size // n_micro
total_positions = x.shape[0] * x.shape[1]
opt.zero_grad()
whole_batch_loss = 0.0
for chunk_number in range(n_micro):
    first_game = chunk_number * games_per_chunk
    last_game = first_game + games_per_chunk
    chunk_inputs = x[first_game:last_game]
    chunk_targets = y[first_game:last_game]
    chunk_logits = model(chunk_inputs)
    vocabulary_size = chunk_logits.shape[2]
    flat_logits = chunk_logits.reshape(-1, vocabulary_size)
    flat_targets = chunk_targets.reshape(-1)
    # sumo las pérdidas del trozo y divido entre todas las posiciones del lote
    chunk_loss_sum = F.cross_entropy(flat_logits, flat_targets, reduction="sum")
    chunk_part = chunk_loss_sum / total_positions
    chunk_part.backward()
    whole_batch_loss = whole_batch_loss + chunk_part.item()
opt.step()
return whole_batch_loss
""",
        'nb11-data-floor': """\
import math
current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
number_of_positions = len(current_tokens)
times_seen_as_current = {}
times_seen_pair = {}
for position in range(number_of_positions):
    current_token = current_tokens[position]
    next_token = next_tokens[position]
    if current_token in times_seen_as_current:
        times_seen_as_current[current_token] += 1
    else:
        times_seen_as_current[current_token] = 1
    pair = (current_token, next_token)
    if pair in times_seen_pair:
        times_seen_pair[pair] += 1
    else:
        times_seen_pair[pair] = 1
sum_of_logs = 0.0
for position in range(number_of_positions):
    pair = (current_tokens[position], next_tokens[position])
    probability = times_seen_pair[pair] / times_seen_as_current[current_tokens[position]]
    sum_of_logs = sum_of_logs + math.log(probability)
floor_value = -sum_of_logs / number_of_positions
return floor_value
""",
        'nb17-pad-to': """\
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
        'nb17-packed-item': """\
start_position = int(starts[i])
stream_length = len(stream)
window_tokens = []
for offset in range(block + 1):
    position = start_position + offset
    if position < stream_length:
        window_tokens.append(int(stream[position]))
    else:
        window_tokens.append(0)
input_tokens = torch.tensor(window_tokens[:block], dtype=torch.int64)
target_list = window_tokens[1:block]
target_list.append(0)
target_tokens = torch.tensor(target_list, dtype=torch.int64)
return input_tokens, target_tokens
""",
        'nb17-loss-per-game': """\
batch_size = logits.shape[0]
sequence_length = logits.shape[1]
vocabulary_size = logits.shape[2]
flat_logits = logits.reshape(batch_size * sequence_length, vocabulary_size)
flat_targets = y.reshape(batch_size * sequence_length)
loss_every_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
loss_table = loss_every_position.reshape(batch_size, sequence_length)
is_real_target = y != 0
loss_only_real = torch.where(is_real_target, loss_table, torch.zeros_like(loss_table))
sum_per_game = loss_only_real.sum(dim=1)
real_targets_per_game = is_real_target.sum(dim=1)
mean_per_game = sum_per_game / real_targets_per_game
return mean_per_game
""",
        'nb18-attention-forward': """\
batch_size, sequence_length, model_width = x.shape
all_projections = self.qkv(x)
queries = all_projections[:, :, 0:model_width]
keys = all_projections[:, :, model_width : 2 * model_width]
values = all_projections[:, :, 2 * model_width : 3 * model_width]
queries = queries.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
queries = queries.transpose(1, 2)
keys = keys.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
keys = keys.transpose(1, 2)
values = values.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
values = values.transpose(1, 2)
if self.training:
    attention_dropout = self.dropout
else:
    attention_dropout = 0.0
heads_output = F.scaled_dot_product_attention(
    queries, keys, values, dropout_p=attention_dropout, is_causal=True
)
heads_output = heads_output.transpose(1, 2)
joined_heads = heads_output.reshape(batch_size, sequence_length, model_width)
projected = self.proj(joined_heads)
result = self.resid_drop(projected)
return result
""",
        'nb18-block-forward': """\
normalized_input = self.ln1(x)
attention_output = self.attn(normalized_input)
after_attention = x + attention_output
normalized_again = self.ln2(after_attention)
mlp_output = self.mlp(normalized_again)
block_output = after_attention + mlp_output
return block_output
""",
        'nb18-decoder-forward': """\
token_vectors = self.tokens(idx)
position_numbers = torch.arange(0, T, device=idx.device)
position_vectors = self.positions(position_numbers)
hidden = token_vectors + position_vectors
hidden = self.drop(hidden)
for transformer_block in self.blocks:
    hidden = transformer_block(hidden)
hidden = self.ln_f(hidden)
logits = self.lm_head(hidden)
if targets is None:
    loss = None
else:
    vocabulary_size = logits.shape[2]
    flat_logits = logits.reshape(B * T, vocabulary_size)
    flat_targets = targets.reshape(B * T)
    loss_each_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
    is_real = flat_targets != 0
    loss = loss_each_position[is_real].mean()
return logits, loss
""",
        'nb18-param-groups': """\
with_decay = []
without_decay = []
for parameter in model.parameters():
    number_of_dimensions = len(parameter.shape)
    if number_of_dimensions >= 2:
        with_decay.append(parameter)
    else:
        without_decay.append(parameter)
first_group = {"params": with_decay, "weight_decay": weight_decay}
second_group = {"params": without_decay, "weight_decay": 0.0}
return [first_group, second_group]
""",
        'nb18-lr-at': """\
if step < warmup:
    increase_per_step = lr / warmup
    current_lr = increase_per_step * step
    return float(current_lr)
minimum_lr = lr * min_lr_ratio
if step >= max_steps:
    return float(minimum_lr)
steps_since_warmup = step - warmup
cosine_length = max_steps - warmup
progress = steps_since_warmup / cosine_length
cosine_factor = (1 + math.cos(math.pi * progress)) / 2
current_lr = minimum_lr + (lr - minimum_lr) * cosine_factor
return float(current_lr)
""",
    },
    'eighth/clemente': {
        'nb11-make-xy': """\
if stream.numel() < T + 1:
    empty = stream.new_empty((0, T))
    return empty, empty.clone()
pieces = stream.unfold(0, T + 1, T)   # (N, T + 1): cada ventana con su último objetivo
return pieces[:, :-1].clone(), pieces[:, 1:].clone()
""",
        'nb11-accumulated-step': """\
opt.zero_grad(set_to_none=True)
weight = 1.0 / n_micro
losses = []
for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
    logits = model(xs)
    loss = F.cross_entropy(logits.flatten(0, 1), ys.flatten())
    (loss * weight).backward()
    losses.append(loss.detach())
opt.step()
return torch.stack(losses).mean().item()
""",
        'nb11-data-floor': """\
a, b = x.reshape(-1), y.reshape(-1)
_, pair_idx, pair_counts = torch.unique(torch.stack([a, b]), dim=1, return_inverse=True, return_counts=True)
_, cur_idx, cur_counts = torch.unique(a, return_inverse=True, return_counts=True)
p = pair_counts[pair_idx].double() / cur_counts[cur_idx].double()
return float(-p.log().mean())
""",
        'nb17-pad-to': """\
def fit(seq):
    head = list(seq[:T])
    return head + [pad_id] * (T - len(head))

return torch.tensor([fit(s) for s in seqs], dtype=torch.long).reshape(len(seqs), T)
""",
        'nb17-packed-item': """\
start = int(starts[i])
chunk = stream[start : start + block + 1].to(torch.int64)
chunk = F.pad(chunk, (0, block + 1 - chunk.numel()), value=0)
x = chunk[:block]
y = torch.cat((chunk[1:block], chunk.new_zeros(1)))
return x, y
""",
        'nb17-loss-per-game': """\
logp = logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
mask = y.ne(0)
return -(logp * mask).sum(-1) / mask.sum(-1)
""",
        'nb18-attention-forward': """\
B, T, C = x.shape
H, D = self.n_head, self.head_dim

def heads(t):
    return t.unflatten(-1, (H, D)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
y = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(y.transpose(1, 2).reshape(B, T, C)))
""",
        'nb18-block-forward': """\
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
        'nb18-decoder-forward': """\
positions = self.positions(torch.arange(T, device=idx.device))
h = self.drop(self.tokens(idx) + positions[None])
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    mask = targets != 0
    loss = F.cross_entropy(logits[mask], targets[mask])
return logits, loss
""",
        'nb18-param-groups': """\
by_kind = {True: [], False: []}
for p in model.parameters():
    by_kind[p.ndim >= 2].append(p)
return [
    {"params": by_kind[True], "weight_decay": weight_decay},
    {"params": by_kind[False], "weight_decay": 0.0},
]
""",
        'nb18-lr-at': """\
def clamp01(v):
    return min(max(v, 0.0), 1.0)

if step < warmup:
    return float(lr * step / warmup)
floor = lr * min_lr_ratio
progress = clamp01((step - warmup) / (max_steps - warmup))
return float(floor + (lr - floor) * (1.0 + math.cos(math.pi * progress)) / 2.0)
""",
    },
    'eleventh/joaquin': {
        'nb11-make-xy': """\

N = (len(stream) - 1) // T
x = stream[: N * T].view(N, T)
y = stream[1 : N * T + 1].view(N, T)
return x, y
""",
        'nb11-accumulated-step': """\

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
""",
        'nb11-data-floor': """\

import math

pairs, firsts = {}, {}
for a, b in zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()):
    pairs[(a, b)] = pairs.get((a, b), 0) + 1
    firsts[a] = firsts.get(a, 0) + 1
total = 0.0
for (a, b), n in pairs.items():
    total -= n * math.log(n / firsts[a])
return total / x.numel()
""",
        'nb17-pad-to': """\

out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    out[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return out
""",
        'nb17-packed-item': """\

start = int(starts[i])
piece = stream[start : start + block].long()
x = torch.zeros(block, dtype=torch.int64)
x[: len(piece)] = piece
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
""",
        'nb17-loss-per-game': """\

B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none").view(B, T)
real = (y != 0).float()
return losses.sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\

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
        'nb18-block-forward': """\

x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        'nb18-decoder-forward': """\

pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\

decay = [p for p in model.parameters() if p.dim() >= 2]
rest = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": rest, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\

if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'eleventh/lidia': {
        'nb11-make-xy': """\

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
""",
        'nb11-accumulated-step': """\

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
""",
        'nb11-data-floor': """\

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
""",
        'nb17-pad-to': """\

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
""",
        'nb17-packed-item': """\

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
""",
        'nb17-loss-per-game': """\

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
""",
        'nb18-attention-forward': """\

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
""",
        'nb18-block-forward': """\

normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_attention = x + attention_result
normalized_for_mlp = self.ln2(after_attention)
mlp_result = self.mlp(normalized_for_mlp)
after_mlp = after_attention + mlp_result
return after_mlp
""",
        'nb18-decoder-forward': """\

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
""",
        'nb18-param-groups': """\

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
        'nb18-lr-at': """\

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
""",
    },
    'eleventh/nicolas': {
        'nb11-make-xy': """\

if stream.numel() <= T:
    return stream.new_zeros(0, T), stream.new_zeros(0, T)
windows = stream.unfold(0, T + 1, T)  # (N, T + 1): cada ventana con su último objetivo
return windows[:, :-1].clone(), windows[:, 1:].clone()
""",
        'nb11-accumulated-step': """\

n_targets = y.numel()
opt.zero_grad(set_to_none=True)
total = 0.0
for xs, ys in zip(x.tensor_split(n_micro), y.tensor_split(n_micro)):
    part = F.cross_entropy(model(xs).flatten(0, 1), ys.flatten(), reduction="sum") / n_targets
    part.backward()
    total += part.item()
opt.step()
return total
""",
        'nb11-data-floor': """\

a, b = x.flatten(), y.flatten()
_, pair_of, pair_counts = torch.unique(torch.stack([a, b], dim=1), dim=0, return_inverse=True, return_counts=True)
_, token_of, token_counts = torch.unique(a, return_inverse=True, return_counts=True)
p = pair_counts[pair_of].double() / token_counts[token_of].double()
return float(-p.log().mean())
""",
        'nb17-pad-to': """\

from torch.nn.utils.rnn import pad_sequence

cut = [torch.as_tensor(s[:T], dtype=torch.long) for s in seqs]
cut.append(torch.empty(T, dtype=torch.long))  # una fila de relleno fuerza la anchura T
return pad_sequence(cut, batch_first=True, padding_value=pad_id)[:-1]
""",
        'nb17-packed-item': """\

start = starts[i].item()
window = stream[start : start + block + 1].long()
window = F.pad(window, (0, block + 1 - window.numel()), value=0)
x, y = window[:-1].clone(), window[1:].clone()
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\

per_position = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")  # (B, T)
return per_position.sum(-1) / y.ne(0).sum(-1)
""",
        'nb18-attention-forward': """\

def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
out = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout * self.training, is_causal=True)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\

for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
        'nb18-decoder-forward': """\

import functools

h = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)))
h = functools.reduce(lambda acc, layer: layer(acc), self.blocks, h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\

params = list(model.parameters())


def pick(keep):
    return [p for p in params if keep(p.ndim)]


return [
    {"params": pick(lambda n: n >= 2), "weight_decay": weight_decay},
    {"params": pick(lambda n: n < 2), "weight_decay": 0.0},
]
""",
        'nb18-lr-at': """\

def half_cosine(progress):
    return 0.5 * (1.0 + math.cos(math.pi * progress))


if step < warmup:
    return float(step) * lr / warmup
floor = lr * min_lr_ratio
return floor + (lr - floor) * half_cosine(min(1.0, (step - warmup) / (max_steps - warmup)))
""",
    },
    'fifteenth/abel': {
        'nb11-make-xy': """\
N = (len(stream) - 1) // T
x = stream[: N * T].reshape(N, T)
y = stream[1 : N * T + 1].reshape(N, T)
return x, y
""",
        'nb11-accumulated-step': """\
opt.zero_grad()
total = 0.0
for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro)):
    logits = model(xb)
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), yb.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
        'nb11-data-floor': """\
import math

a = x.reshape(-1).tolist()
b = y.reshape(-1).tolist()
pairs, current = {}, {}
for i, j in zip(a, b):
    pairs[(i, j)] = pairs.get((i, j), 0) + 1
    current[i] = current.get(i, 0) + 1
total = 0.0
for i, j in zip(a, b):
    total -= math.log(pairs[(i, j)] / current[i])
return total / len(a)
""",
        'nb17-pad-to': """\
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    batch[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return batch
""",
        'nb17-packed-item': """\
start = int(starts[i])
piece = stream[start : start + block + 1].long()
window = torch.zeros(block + 1, dtype=torch.int64)
window[: len(piece)] = piece
x = window[:block]
y = window[1:].clone()
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=2)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(out))
""",
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
        'nb18-decoder-forward': """\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'fifteenth/beatriz': {
        'nb11-make-xy': """\
number_of_windows = (stream.shape[0] - 1) // T
inputs_list = []
targets_list = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    input_window = stream[window_start : window_start + T]
    target_window = stream[window_start + 1 : window_start + T + 1]
    inputs_list.append(input_window)
    targets_list.append(target_window)
x = torch.stack(inputs_list)
y = torch.stack(targets_list)
return x, y
""",
        'nb11-accumulated-step': """\
opt.zero_grad()
batch_size = x.shape[0]
micro_batch_size = batch_size // n_micro
total_loss = 0.0
for micro_index in range(n_micro):
    first_game = micro_index * micro_batch_size
    last_game = first_game + micro_batch_size
    micro_x = x[first_game:last_game]
    micro_y = y[first_game:last_game]
    micro_logits = model(micro_x)
    vocab_size = micro_logits.shape[-1]
    micro_loss = F.cross_entropy(micro_logits.reshape(-1, vocab_size), micro_y.reshape(-1))
    scaled_loss = micro_loss / n_micro
    scaled_loss.backward()
    total_loss = total_loss + micro_loss.item() / n_micro
opt.step()
return total_loss
""",
        'nb11-data-floor': """\
import math

flat_current = x.reshape(-1).tolist()
flat_next = y.reshape(-1).tolist()
pair_counts = {}
current_counts = {}
for position in range(len(flat_current)):
    current_token = flat_current[position]
    next_token = flat_next[position]
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
for pair in pair_counts:
    times_seen = pair_counts[pair]
    probability = times_seen / current_counts[pair[0]]
    total_cost = total_cost + times_seen * (-math.log(probability))
number_of_positions = len(flat_current)
return total_cost / number_of_positions
""",
        'nb17-pad-to': """\
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
        'nb17-packed-item': """\
start_position = int(starts[i])
stream_length = stream.shape[0]
window_tokens = []
for offset in range(block + 1):
    position = start_position + offset
    if position < stream_length:
        window_tokens.append(int(stream[position]))
    else:
        window_tokens.append(0)
input_tokens = window_tokens[:block]
target_tokens = window_tokens[1:block]
target_tokens.append(0)
x = torch.tensor(input_tokens, dtype=torch.int64)
y = torch.tensor(target_tokens, dtype=torch.int64)
return x, y
""",
        'nb17-loss-per-game': """\
batch_size, sequence_length, vocab_size = logits.shape
flat_logits = logits.reshape(batch_size * sequence_length, vocab_size)
flat_targets = y.reshape(batch_size * sequence_length)
loss_every_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
loss_grid = loss_every_position.reshape(batch_size, sequence_length)
is_real_target = y != 0
loss_real_only = torch.where(is_real_target, loss_grid, torch.zeros_like(loss_grid))
sum_per_game = loss_real_only.sum(dim=1)
count_per_game = is_real_target.sum(dim=1)
mean_per_game = sum_per_game / count_per_game
return mean_per_game
""",
        'nb18-attention-forward': """\
batch_size, sequence_length, model_dim = x.shape
all_projections = self.qkv(x)
queries = all_projections[:, :, 0:model_dim]
keys = all_projections[:, :, model_dim : 2 * model_dim]
values = all_projections[:, :, 2 * model_dim : 3 * model_dim]
queries = queries.reshape(batch_size, sequence_length, self.n_head, self.head_dim).transpose(1, 2)
keys = keys.reshape(batch_size, sequence_length, self.n_head, self.head_dim).transpose(1, 2)
values = values.reshape(batch_size, sequence_length, self.n_head, self.head_dim).transpose(1, 2)
if self.training:
    dropout_probability = self.dropout
else:
    dropout_probability = 0.0
attention_output = F.scaled_dot_product_attention(
    queries, keys, values, dropout_p=dropout_probability, is_causal=True
)
attention_output = attention_output.transpose(1, 2)
attention_output = attention_output.reshape(batch_size, sequence_length, model_dim)
projected = self.proj(attention_output)
result = self.resid_drop(projected)
return result
""",
        'nb18-block-forward': """\
normalized_first = self.ln1(x)
attention_result = self.attn(normalized_first)
after_attention = x + attention_result
normalized_second = self.ln2(after_attention)
mlp_result = self.mlp(normalized_second)
output = after_attention + mlp_result
return output
""",
        'nb18-decoder-forward': """\
position_numbers = torch.arange(0, T, dtype=torch.long, device=idx.device)
token_vectors = self.tokens(idx)
position_vectors = self.positions(position_numbers)
hidden = token_vectors + position_vectors
hidden = self.drop(hidden)
for one_block in self.blocks:
    hidden = one_block(hidden)
hidden = self.ln_f(hidden)
logits = self.lm_head(hidden)
if targets is None:
    return logits, None
vocab_size = logits.shape[-1]
flat_logits = logits.reshape(B * T, vocab_size)
flat_targets = targets.reshape(B * T)
loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
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
        'nb18-lr-at': """\
import math

if step < warmup:
    warmup_fraction = step / warmup
    return float(lr * warmup_fraction)
min_lr = lr * min_lr_ratio
if step > max_steps:
    return float(min_lr)
progress = (step - warmup) / (max_steps - warmup)
cosine_factor = 0.5 * (1.0 + math.cos(math.pi * progress))
current_lr = min_lr + (lr - min_lr) * cosine_factor
return float(current_lr)
""",
    },
    'fifteenth/camilo': {
        'nb11-make-xy': """\
windows = stream.unfold(0, T + 1, T)   # (N, T + 1), saltando de T en T
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
        'nb11-accumulated-step': """\
opt.zero_grad(set_to_none=True)
n_total = y.numel()
total = torch.zeros(())
for xs, ys in zip(x.tensor_split(n_micro), y.tensor_split(n_micro)):
    part = F.cross_entropy(model(xs).flatten(0, 1), ys.flatten(), reduction="sum") / n_total
    part.backward()
    total += part.detach()
opt.step()
return total.item()
""",
        'nb11-data-floor': """\
flat_x, flat_y = x.reshape(-1), y.reshape(-1)
_, pair_of, pair_n = torch.unique(torch.stack([flat_x, flat_y], dim=1), dim=0, return_inverse=True, return_counts=True)
_, cur_of, cur_n = torch.unique(flat_x, return_inverse=True, return_counts=True)
p = pair_n[pair_of].double() / cur_n[cur_of].double()
return float(-p.log().mean())
""",
        'nb17-pad-to': """\
import torch.nn.functional as F

rows = [torch.as_tensor(s[:T], dtype=torch.long) for s in seqs]
return torch.stack([F.pad(r, (0, T - len(r)), value=pad_id) for r in rows])
""",
        'nb17-packed-item': """\
start = int(starts[i])
chunk = stream[start : start + block + 1].to(torch.int64)
chunk = torch.cat([chunk, chunk.new_zeros(block + 1 - len(chunk))])
x, y = chunk[:-1], chunk[1:].clone()
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\
logp = logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
mask = y.ne(0)
return -(logp * mask).sum(-1) / mask.sum(-1)
""",
        'nb18-attention-forward': """\
q, k, v = (t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)
           for t in self.qkv(x).chunk(3, dim=-1))
out = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout * self.training, is_causal=True)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\
h = x + self.attn(self.ln1(x))
return h + self.mlp(self.ln2(h))
""",
        'nb18-decoder-forward': """\
h = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device))[None])
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
unique = {id(p): p for _, p in model.named_parameters()}
groups = ([], [])
for p in unique.values():
    groups[p.ndim < 2].append(p)
return [{"params": groups[0], "weight_decay": weight_decay}, {"params": groups[1], "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
progress = min(max(step - warmup, 0) / (max_steps - warmup), 1.0)
return floor + (lr - floor) * (1 + math.cos(math.pi * progress)) / 2
""",
    },
    'fifth/begona': {
        'nb11-make-xy': """\
N = (len(stream) - 1) // T
x = stream[: N * T].view(N, T)
y = stream[1 : N * T + 1].view(N, T)
return x, y
""",
        'nb11-accumulated-step': """\
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
""",
        'nb11-data-floor': """\
a = x.reshape(-1).tolist()
b = y.reshape(-1).tolist()
pairs = Counter(zip(a, b))
currents = Counter(a)
total = 0.0
for (current, following), n in pairs.items():
    total -= n * math.log(n / currents[current])
return total / len(a)
""",
        'nb17-pad-to': """\
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    batch[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return batch
""",
        'nb17-packed-item': """\
start = int(starts[i])
piece = stream[start : start + block + 1].long()
window = torch.zeros(block + 1, dtype=torch.int64)
window[: len(piece)] = piece
x = window[:-1].clone()
y = window[1:].clone()
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
mask = (y != 0).float()
return (losses * mask).sum(dim=1) / mask.sum(dim=1)
""",
        'nb18-attention-forward': """\
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
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
        'nb18-decoder-forward': """\
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
        'nb18-param-groups': """\
decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'fifth/casimiro': {
        'nb11-make-xy': """\
number_of_tokens = stream.shape[0]
number_of_windows = (number_of_tokens - 1) // T
input_rows = []
target_rows = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    window_end = window_start + T
    input_rows.append(stream[window_start:window_end])
    target_rows.append(stream[window_start + 1:window_end + 1])
x = torch.stack(input_rows)
y = torch.stack(target_rows)
return x, y
""",
        'nb11-accumulated-step': """\
batch_size = x.shape[0]
micro_batch_size = batch_size // n_micro
# primero borro lo que hubiera en .grad de antes
opt.zero_grad()
total_loss_value = 0.0
for micro_index in range(n_micro):
    first_row = micro_index * micro_batch_size
    last_row = first_row + micro_batch_size
    micro_inputs = x[first_row:last_row]
    micro_targets = y[first_row:last_row]
    micro_logits = model(micro_inputs)
    vocabulary_size = micro_logits.shape[-1]
    flat_logits = micro_logits.reshape(-1, vocabulary_size)
    flat_targets = micro_targets.reshape(-1)
    micro_loss = F.cross_entropy(flat_logits, flat_targets)
    # cada trozo es una parte de la media del lote entero
    scaled_loss = micro_loss / n_micro
    scaled_loss.backward()
    total_loss_value = total_loss_value + micro_loss.item() / n_micro
opt.step()
return total_loss_value
""",
        'nb11-data-floor': """\
current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
pair_counts = {}
current_counts = {}
for current_token, next_token in zip(current_tokens, next_tokens):
    pair = (current_token, next_token)
    if pair in pair_counts:
        pair_counts[pair] += 1
    else:
        pair_counts[pair] = 1
    if current_token in current_counts:
        current_counts[current_token] += 1
    else:
        current_counts[current_token] = 1
total_penalty = 0.0
for current_token, next_token in zip(current_tokens, next_tokens):
    probability = pair_counts[(current_token, next_token)] / current_counts[current_token]
    total_penalty = total_penalty - math.log(probability)
number_of_positions = len(current_tokens)
return total_penalty / number_of_positions
""",
        'nb17-pad-to': """\
padded_rows = []
for sequence in seqs:
    cut_sequence = list(sequence[:T])
    missing_positions = T - len(cut_sequence)
    padded_row = cut_sequence + [pad_id] * missing_positions
    padded_rows.append(padded_row)
result = torch.tensor(padded_rows, dtype=torch.int64)
return result
""",
        'nb17-packed-item': """\
window_start = int(starts[i])
total_tokens = stream.shape[0]
input_tokens = torch.zeros(block, dtype=torch.int64)
target_tokens = torch.zeros(block, dtype=torch.int64)
for position in range(block):
    stream_position = window_start + position
    if stream_position < total_tokens:
        input_tokens[position] = stream[stream_position]
# el objetivo es el token de al lado; el último se queda en <pad>
for position in range(block - 1):
    target_tokens[position] = input_tokens[position + 1]
return input_tokens, target_tokens
""",
        'nb17-loss-per-game': """\
batch_size, sequence_length, vocabulary_size = logits.shape
flat_logits = logits.reshape(batch_size * sequence_length, vocabulary_size)
flat_targets = y.reshape(batch_size * sequence_length)
loss_of_each_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
loss_table = loss_of_each_position.reshape(batch_size, sequence_length)
is_real_target = y != 0
real_loss_table = torch.where(is_real_target, loss_table, torch.zeros_like(loss_table))
sum_of_losses = real_loss_table.sum(dim=1)
number_of_real_targets = is_real_target.sum(dim=1)
average_losses = sum_of_losses / number_of_real_targets
return average_losses
""",
        'nb18-attention-forward': """\
batch_size, sequence_length, model_width = x.shape
all_projections = self.qkv(x)
queries = all_projections[:, :, 0:model_width]
keys = all_projections[:, :, model_width:2 * model_width]
values = all_projections[:, :, 2 * model_width:3 * model_width]
queries = queries.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
keys = keys.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
values = values.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
# las cabezas delante de las posiciones: (B, H, T, D)
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
        'nb18-block-forward': """\
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_attention = x + attention_result
normalized_for_mlp = self.ln2(after_attention)
mlp_result = self.mlp(normalized_for_mlp)
block_output = after_attention + mlp_result
return block_output
""",
        'nb18-decoder-forward': """\
position_numbers = torch.arange(0, T, dtype=torch.long, device=idx.device)
token_vectors = self.tokens(idx)
position_vectors = self.positions(position_numbers)
hidden_states = token_vectors + position_vectors
hidden_states = self.drop(hidden_states)
for layer_number in range(len(self.blocks)):
    current_block = self.blocks[layer_number]
    hidden_states = current_block(hidden_states)
hidden_states = self.ln_f(hidden_states)
logits = self.lm_head(hidden_states)
if targets is None:
    loss = None
else:
    vocabulary_size = logits.shape[2]
    flat_logits = logits.reshape(B * T, vocabulary_size)
    flat_targets = targets.reshape(B * T)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
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
        'nb18-lr-at': """\
minimum_learning_rate = lr * min_lr_ratio
if step < warmup:
    fraction_of_warmup = step / warmup
    current_learning_rate = lr * fraction_of_warmup
elif step <= max_steps:
    steps_after_warmup = step - warmup
    decay_length = max_steps - warmup
    progress = steps_after_warmup / decay_length
    cosine_factor = (1 + math.cos(math.pi * progress)) / 2
    current_learning_rate = minimum_learning_rate + (lr - minimum_learning_rate) * cosine_factor
else:
    current_learning_rate = minimum_learning_rate
return float(current_learning_rate)
""",
    },
    'fifth/nieves': {
        'nb11-make-xy': """\
n = (stream.numel() - 1) // T
windows = stream[: n * T + 1].unfold(0, T + 1, T)   # (n, T + 1), solapadas en un token
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
        'nb11-accumulated-step': """\
def chunk_loss(inputs, targets):
    logits = model(inputs)
    return F.cross_entropy(logits.flatten(0, 1), targets.flatten())

opt.zero_grad(set_to_none=True)
pieces = []
for inputs, targets in zip(x.chunk(n_micro), y.chunk(n_micro)):
    loss = chunk_loss(inputs, targets)
    (loss / n_micro).backward()
    pieces.append(loss.detach())
opt.step()
return torch.stack(pieces).mean().item()
""",
        'nb11-data-floor': """\
cur, nxt = x.flatten(), y.flatten()
_, pair_of, pair_counts = torch.unique(torch.stack([cur, nxt], dim=1), dim=0,
                                       return_inverse=True, return_counts=True)
_, cur_of, cur_counts = torch.unique(cur, return_inverse=True, return_counts=True)
p = pair_counts[pair_of].double() / cur_counts[cur_of].double()
return float(-p.log().mean())
""",
        'nb17-pad-to': """\
from torch.nn.utils.rnn import pad_sequence

rows = [torch.as_tensor(list(s[:T]), dtype=torch.int64) for s in seqs]
rows.append(torch.empty(T, dtype=torch.int64))   # una fila de T fuerza la anchura; luego se quita
return pad_sequence(rows, batch_first=True, padding_value=pad_id)[:-1]
""",
        'nb17-packed-item': """\
start = starts[i].item()
chunk = stream[start : start + block + 1].to(torch.int64)
window = F.pad(chunk, (0, block + 1 - chunk.numel()))   # tensor nuevo: stream no se toca
return window[:-1], torch.cat([window[1:-1], window.new_zeros(1)])
""",
        'nb17-loss-per-game': """\
per_token = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")   # (B, T)
return per_token.sum(dim=1) / y.ne(0).sum(dim=1)
""",
        'nb18-attention-forward': """\
B, T, _ = x.shape
qkv = self.qkv(x).unflatten(-1, (3, self.n_head, self.head_dim))   # (B, T, 3, H, D)
q, k, v = qkv.permute(2, 0, 3, 1, 4).unbind(0)                     # cada una (B, H, T, D)
mixed = F.scaled_dot_product_attention(
    q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(mixed.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
        'nb18-decoder-forward': """\
from functools import reduce

h = self.tokens(idx) + self.positions(torch.arange(T, device=idx.device))[None]
h = reduce(lambda acc, blk: blk(acc), self.blocks, self.drop(h))
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
return logits, F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=PAD_ID)
""",
        'nb18-param-groups': """\
by_rank = {True: [], False: []}
for p in model.parameters():
    by_rank[p.ndim >= 2].append(p)
return [dict(params=by_rank[True], weight_decay=weight_decay),
        dict(params=by_rank[False], weight_decay=0.0)]
""",
        'nb18-lr-at': """\
def ramp(s):
    return lr * s / warmup

def cosine(progress):
    floor = lr * min_lr_ratio
    return floor + (lr - floor) * (1 + math.cos(math.pi * progress)) / 2

if step < warmup:
    return float(ramp(step))
return float(cosine(min((step - warmup) / (max_steps - warmup), 1.0)))
""",
    },
    'fourteenth/sergio': {
        'nb11-make-xy': """\
n = (len(stream) - 1) // T
x = stream[: n * T].reshape(n, T)
y = stream[1 : n * T + 1].reshape(n, T)
return x, y
""",
        'nb11-accumulated-step': """\
opt.zero_grad()
total = 0.0
for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
    logits = model(xs)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), ys.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
        'nb11-data-floor': """\
a = x.reshape(-1).tolist()
b = y.reshape(-1).tolist()
pairs = Counter(zip(a, b))
firsts = Counter(a)
return -sum(math.log(pairs[(i, j)] / firsts[i]) for i, j in zip(a, b)) / len(a)
""",
        'nb17-pad-to': """\
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    batch[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return batch
""",
        'nb17-packed-item': """\
start = int(starts[i])
chunk = torch.zeros(block + 1, dtype=torch.int64)
window = stream[start : start + block + 1]
chunk[: len(window)] = window
x = chunk[:block]
y = torch.cat([chunk[1:block], torch.zeros(1, dtype=torch.int64)])
return x, y
""",
        'nb17-loss-per-game': """\
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\
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
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        'nb18-decoder-forward': """\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
decay = [p for p in model.parameters() if p.dim() >= 2]
rest = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": rest, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'fourteenth/trinidad': {
        'nb11-make-xy': """\
number_of_windows = (len(stream) - 1) // T
list_of_inputs = []
list_of_targets = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    input_window = stream[window_start : window_start + T]
    target_window = stream[window_start + 1 : window_start + T + 1]
    list_of_inputs.append(input_window)
    list_of_targets.append(target_window)
x = torch.stack(list_of_inputs)
y = torch.stack(list_of_targets)
return x, y
""",
        'nb11-accumulated-step': """\
batch_size = x.shape[0]
micro_batch_size = batch_size // n_micro
# borro lo que hubiera en .grad antes de empezar
opt.zero_grad()
total_loss_value = 0.0
for micro_index in range(n_micro):
    first_game = micro_index * micro_batch_size
    last_game = first_game + micro_batch_size
    micro_inputs = x[first_game:last_game]
    micro_targets = y[first_game:last_game]
    micro_logits = model(micro_inputs)
    vocabulary_size = micro_logits.shape[-1]
    flat_logits = micro_logits.reshape(-1, vocabulary_size)
    flat_targets = micro_targets.reshape(-1)
    micro_loss = F.cross_entropy(flat_logits, flat_targets)
    # cada trozo pone su parte de la media
    scaled_loss = micro_loss / n_micro
    scaled_loss.backward()
    total_loss_value = total_loss_value + scaled_loss.item()
opt.step()
return total_loss_value
""",
        'nb11-data-floor': """\
import math
flat_current = x.reshape(-1).tolist()
flat_next = y.reshape(-1).tolist()
pair_counts = {}
current_counts = {}
for current_token, next_token in zip(flat_current, flat_next):
    pair = (current_token, next_token)
    if pair in pair_counts:
        pair_counts[pair] = pair_counts[pair] + 1
    else:
        pair_counts[pair] = 1
    if current_token in current_counts:
        current_counts[current_token] = current_counts[current_token] + 1
    else:
        current_counts[current_token] = 1
total_of_logs = 0.0
for current_token, next_token in zip(flat_current, flat_next):
    probability = pair_counts[(current_token, next_token)] / current_counts[current_token]
    total_of_logs = total_of_logs + math.log(probability)
number_of_positions = len(flat_current)
return -total_of_logs / number_of_positions
""",
        'nb17-pad-to': """\
all_rows = []
for sequence in seqs:
    row = []
    for position in range(T):
        if position < len(sequence):
            row.append(sequence[position])
        else:
            row.append(pad_id)
    all_rows.append(row)
result = torch.tensor(all_rows, dtype=torch.int64)
return result
""",
        'nb17-packed-item': """\
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
for t in range(1, block):
    y_values.append(x_values[t])
y_values.append(0)
x = torch.tensor(x_values, dtype=torch.int64)
y = torch.tensor(y_values, dtype=torch.int64)
return x, y
""",
        'nb17-loss-per-game': """\
batch_size, sequence_length, vocabulary_size = logits.shape
flat_logits = logits.reshape(batch_size * sequence_length, vocabulary_size)
flat_targets = y.reshape(batch_size * sequence_length)
flat_losses = F.cross_entropy(flat_logits, flat_targets, reduction="none")
losses_per_position = flat_losses.reshape(batch_size, sequence_length)
is_real_target = y != 0
real_losses = torch.where(is_real_target, losses_per_position, torch.zeros_like(losses_per_position))
sum_per_game = real_losses.sum(dim=1)
count_per_game = is_real_target.sum(dim=1)
mean_per_game = sum_per_game / count_per_game
return mean_per_game
""",
        'nb18-attention-forward': """\
batch_size, sequence_length, model_width = x.shape
all_three = self.qkv(x)
queries = all_three[:, :, 0:model_width]
keys = all_three[:, :, model_width:2 * model_width]
values = all_three[:, :, 2 * model_width:3 * model_width]
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
joined_heads = attention_output.reshape(batch_size, sequence_length, model_width)
projected = self.proj(joined_heads)
result = self.resid_drop(projected)
return result
""",
        'nb18-block-forward': """\
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_attention = x + attention_result
normalized_for_mlp = self.ln2(after_attention)
mlp_result = self.mlp(normalized_for_mlp)
output = after_attention + mlp_result
return output
""",
        'nb18-decoder-forward': """\
position_numbers = torch.arange(0, T, dtype=torch.int64, device=idx.device)
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
    vocabulary_size = logits.shape[2]
    flat_logits = logits.reshape(B * T, vocabulary_size)
    flat_targets = targets.reshape(B * T)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
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
        'nb18-lr-at': """\
if step < warmup:
    learning_rate = lr * step / warmup
    return float(learning_rate)
minimum_learning_rate = lr * min_lr_ratio
if step >= max_steps:
    return float(minimum_learning_rate)
progress = (step - warmup) / (max_steps - warmup)
cosine_part = (1 + math.cos(math.pi * progress)) / 2
learning_rate = minimum_learning_rate + (lr - minimum_learning_rate) * cosine_part
return float(learning_rate)
""",
    },
    'fourteenth/ulises': {
        'nb11-make-xy': """\
def windows(offset):
    return stream.narrow(0, offset, n * T).reshape(n, T)

n = (stream.numel() - 1) // T
return windows(0), windows(1)
""",
        'nb11-accumulated-step': """\
opt.zero_grad(set_to_none=True)
size = x.size(0) // n_micro

def micro_loss(xs, ys):
    logits = model(xs)
    return F.cross_entropy(logits.flatten(0, 1), ys.flatten())

parts = []
for xs, ys in zip(x.split(size), y.split(size)):
    part = micro_loss(xs, ys) / n_micro
    part.backward()
    parts.append(part.detach())
opt.step()
return torch.stack(parts).sum().item()
""",
        'nb11-data-floor': """\
a, b = x.flatten(), y.flatten()
_, pair_of, pair_n = torch.unique(torch.stack([a, b]), dim=1, return_inverse=True, return_counts=True)
_, cur_of, cur_n = torch.unique(a, return_inverse=True, return_counts=True)
p = pair_n[pair_of].double() / cur_n[cur_of].double()
return -p.log().mean().item()
""",
        'nb17-pad-to': """\
import torch.nn.functional as F
from torch.nn.utils.rnn import pad_sequence

trimmed = [torch.as_tensor(s[:T], dtype=torch.long) for s in seqs]
padded = pad_sequence(trimmed, batch_first=True, padding_value=pad_id)
return F.pad(padded, (0, T - padded.shape[1]), value=pad_id)
""",
        'nb17-packed-item': """\
import torch.nn.functional as F

start = starts[i].item()
window = stream[start : start + block + 1].long()
window = F.pad(window, (0, block + 1 - window.numel()), value=0)
return window[:-1], torch.cat([window[1:-1], window.new_zeros(1)])
""",
        'nb17-loss-per-game': """\
nll = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")  # (B, T)
return nll.sum(-1) / y.ne(0).sum(-1)
""",
        'nb18-attention-forward': """\
def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
out = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=self.dropout if self.training else 0.0)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
        'nb18-decoder-forward': """\
import functools

h = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)))
h = functools.reduce(lambda acc, blk: blk(acc), self.blocks, h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=PAD_ID)
return logits, loss
""",
        'nb18-param-groups': """\
buckets = {True: [], False: []}
for p in model.parameters():
    buckets[p.ndim >= 2].append(p)
return [
    {"params": buckets[True], "weight_decay": weight_decay},
    {"params": buckets[False], "weight_decay": 0.0},
]
""",
        'nb18-lr-at': """\
def cosine(frac):
    return 0.5 * (1.0 + math.cos(math.pi * frac))

if step < warmup:
    return float(lr) * step / warmup
frac = min(step - warmup, max_steps - warmup) / (max_steps - warmup)
return lr * (min_lr_ratio + (1.0 - min_lr_ratio) * cosine(frac))
""",
    },
    'fourth/alba': {
        'nb11-make-xy': """\

N = (stream.shape[0] - 1) // T
x = stream[:N * T].view(N, T)
y = stream[1:N * T + 1].view(N, T)
return x, y
""",
        'nb11-accumulated-step': """\

b = x.shape[0] // n_micro
opt.zero_grad()
loss_sum = 0.0
for i in range(n_micro):
    xb = x[i * b:(i + 1) * b]
    yb = y[i * b:(i + 1) * b]
    logits = model(xb)
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), yb.reshape(-1)) / n_micro
    loss.backward()
    loss_sum += loss.item()
opt.step()
return loss_sum
""",
        'nb11-data-floor': """\

import math
from collections import Counter

a_list = x.reshape(-1).tolist()
b_list = y.reshape(-1).tolist()
n_pair = Counter(zip(a_list, b_list))
n_a = Counter(a_list)
total = 0.0
for (a, b), c in n_pair.items():
    total -= c * math.log(c / n_a[a])
return total / len(a_list)
""",
        'nb17-pad-to': """\

out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    out[i, :len(s)] = torch.tensor(s)
return out
""",
        'nb17-packed-item': """\

s = starts[i].item()
x = torch.zeros(block, dtype=torch.int64)
piece = stream[s:s + block]
x[:len(piece)] = piece
y = torch.zeros(block, dtype=torch.int64)
y[:block - 1] = x[1:]
return x, y
""",
        'nb17-loss-per-game': """\

B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\

B, T, d = x.shape
H, D = self.n_head, self.head_dim
qkv = self.qkv(x)
q = qkv[..., :d].view(B, T, H, D).transpose(1, 2)
k = qkv[..., d:2 * d].view(B, T, H, D).transpose(1, 2)
v = qkv[..., 2 * d:].view(B, T, H, D).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(out))
""",
        'nb18-block-forward': """\

x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
        'nb18-decoder-forward': """\

pos = torch.arange(T, device=idx.device)
h = self.tokens(idx) + self.positions(pos)
h = self.drop(h)
for blk in self.blocks:
    h = blk(h)
h = self.ln_f(h)
logits = self.lm_head(h)
if targets is None:
    return logits, None
V = logits.shape[-1]
loss = F.cross_entropy(logits.view(-1, V), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\

decay = []
no_decay = []
for p in model.parameters():
    if p.dim() >= 2:
        decay.append(p)
    else:
        no_decay.append(p)
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\

if step < warmup:
    return lr * step / warmup
s = lr * min_lr_ratio
if step >= max_steps:
    return s
p = (step - warmup) / (max_steps - warmup)
return s + 0.5 * (lr - s) * (1 + math.cos(math.pi * p))
""",
    },
    'fourth/ciro': {
        'nb11-make-xy': """\

number_of_tokens = len(stream)
number_of_windows = 0
while (number_of_windows + 1) * T + 1 <= number_of_tokens:
    number_of_windows += 1
inputs = torch.zeros((number_of_windows, T), dtype=torch.int64)
targets = torch.zeros((number_of_windows, T), dtype=torch.int64)
for window_index in range(number_of_windows):
    window_start = window_index * T
    for position in range(T):
        inputs[window_index, position] = stream[window_start + position]
        targets[window_index, position] = stream[window_start + position + 1]
return inputs, targets
""",
        'nb11-accumulated-step': """\

batch_size = x.shape[0]
games_per_chunk = batch_size // n_micro
opt.zero_grad()
accumulated_loss = 0.0
for chunk_number in range(n_micro):
    first_game = chunk_number * games_per_chunk
    last_game = first_game + games_per_chunk
    chunk_inputs = x[first_game:last_game]
    chunk_targets = y[first_game:last_game]
    chunk_logits = model(chunk_inputs)
    vocabulary_size = chunk_logits.shape[2]
    number_of_positions = games_per_chunk * chunk_inputs.shape[1]
    flat_logits = chunk_logits.reshape(number_of_positions, vocabulary_size)
    flat_targets = chunk_targets.reshape(number_of_positions)
    chunk_loss = F.cross_entropy(flat_logits, flat_targets)
    share_of_the_batch = games_per_chunk / batch_size
    weighted_loss = chunk_loss * share_of_the_batch
    weighted_loss.backward()
    accumulated_loss = accumulated_loss + chunk_loss.item() * share_of_the_batch
opt.step()
return accumulated_loss
""",
        'nb11-data-floor': """\

import math

current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
number_of_positions = len(current_tokens)
times_current_seen = {}
times_pair_seen = {}
for position in range(number_of_positions):
    current_token = current_tokens[position]
    next_token = next_tokens[position]
    times_current_seen[current_token] = times_current_seen.get(current_token, 0) + 1
    pair = (current_token, next_token)
    times_pair_seen[pair] = times_pair_seen.get(pair, 0) + 1
sum_of_negative_logs = 0.0
for position in range(number_of_positions):
    current_token = current_tokens[position]
    pair = (current_token, next_tokens[position])
    probability = times_pair_seen[pair] / times_current_seen[current_token]
    sum_of_negative_logs = sum_of_negative_logs - math.log(probability)
return sum_of_negative_logs / number_of_positions
""",
        'nb17-pad-to': """\

number_of_sequences = len(seqs)
rows = []
for sequence in seqs:
    row = []
    for column in range(T):
        if column < len(sequence):
            row.append(sequence[column])
        else:
            row.append(pad_id)
    rows.append(row)
return torch.tensor(rows, dtype=torch.int64).reshape(number_of_sequences, T)
""",
        'nb17-packed-item': """\

window_start = int(starts[i])
stream_length = len(stream)
window_inputs = torch.zeros(block, dtype=torch.int64)
window_targets = torch.zeros(block, dtype=torch.int64)
for offset in range(block):
    if window_start + offset < stream_length:
        window_inputs[offset] = stream[window_start + offset]
for offset in range(block - 1):
    window_targets[offset] = window_inputs[offset + 1]
return window_inputs, window_targets
""",
        'nb17-loss-per-game': """\

batch_size, sequence_length, vocabulary_size = logits.shape
flat_logits = logits.reshape(batch_size * sequence_length, vocabulary_size)
flat_targets = y.reshape(batch_size * sequence_length)
loss_of_every_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
loss_of_every_position = loss_of_every_position.reshape(batch_size, sequence_length)
is_real_target = y != 0
nothing = torch.zeros(batch_size, sequence_length)
loss_of_real_positions = torch.where(is_real_target, loss_of_every_position, nothing)
number_of_real_targets = is_real_target.sum(dim=1)
return loss_of_real_positions.sum(dim=1) / number_of_real_targets
""",
        'nb18-attention-forward': """\

batch_size, sequence_length, model_width = x.shape
number_of_heads = self.n_head
width_of_head = self.head_dim
queries_keys_values = self.qkv(x)
queries, keys, values = queries_keys_values.split(model_width, dim=-1)
queries = queries.reshape(batch_size, sequence_length, number_of_heads, width_of_head).transpose(1, 2)
keys = keys.reshape(batch_size, sequence_length, number_of_heads, width_of_head).transpose(1, 2)
values = values.reshape(batch_size, sequence_length, number_of_heads, width_of_head).transpose(1, 2)
if self.training:
    attention_dropout = self.dropout
else:
    attention_dropout = 0.0
heads_output = F.scaled_dot_product_attention(queries, keys, values, dropout_p=attention_dropout, is_causal=True)
heads_side_by_side = heads_output.transpose(1, 2).reshape(batch_size, sequence_length, model_width)
projected = self.proj(heads_side_by_side)
return self.resid_drop(projected)
""",
        'nb18-block-forward': """\

normalized_for_attention = self.ln1(x)
after_attention = x + self.attn(normalized_for_attention)
normalized_for_mlp = self.ln2(after_attention)
after_mlp = after_attention + self.mlp(normalized_for_mlp)
return after_mlp
""",
        'nb18-decoder-forward': """\

position_numbers = torch.arange(0, T, dtype=torch.int64, device=idx.device)
token_vectors = self.tokens(idx)
position_vectors = self.positions(position_numbers)
hidden_states = self.drop(token_vectors + position_vectors)
for block_number in range(len(self.blocks)):
    hidden_states = self.blocks[block_number](hidden_states)
hidden_states = self.ln_f(hidden_states)
logits = self.lm_head(hidden_states)
if targets is not None:
    vocabulary_size = logits.shape[2]
    flat_logits = logits.reshape(B * T, vocabulary_size)
    flat_targets = targets.reshape(B * T)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
else:
    loss = None
return logits, loss
""",
        'nb18-param-groups': """\

parameters_with_decay = []
parameters_without_decay = []
for name, parameter in model.named_parameters():
    if len(parameter.shape) >= 2:
        parameters_with_decay.append(parameter)
    else:
        parameters_without_decay.append(parameter)
decay_group = {"params": parameters_with_decay, "weight_decay": weight_decay}
no_decay_group = {"params": parameters_without_decay, "weight_decay": 0.0}
return [decay_group, no_decay_group]
""",
        'nb18-lr-at': """\

floor_learning_rate = lr * min_lr_ratio
if step < warmup:
    increase_per_step = lr / warmup
    return increase_per_step * step
if step > max_steps:
    return floor_learning_rate
cosine_steps = max_steps - warmup
progress = (step - warmup) / cosine_steps
cosine_factor = (1 + math.cos(math.pi * progress)) / 2
return floor_learning_rate + (lr - floor_learning_rate) * cosine_factor
""",
    },
    'fourth/celia': {
        'nb11-make-xy': """\

n = (stream.numel() - 1) // T
windows = stream.unfold(0, T + 1, T)[:n]
return windows[:, :T], windows[:, 1:]
""",
        'nb11-accumulated-step': """\

opt.zero_grad(set_to_none=True)
losses = []
for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
    out = model(xs)
    loss = F.cross_entropy(out.flatten(0, 1), ys.flatten())
    (loss / n_micro).backward()
    losses.append(loss.detach())
opt.step()
return torch.stack(losses).mean().item()
""",
        'nb11-data-floor': """\

a, b = x.flatten(), y.flatten()
key = a * (int(b.max()) + 1) + b

def freq(t):
    _, inverse, counts = torch.unique(t, return_inverse=True, return_counts=True)
    return counts[inverse].double()

return float(-(freq(key) / freq(a)).log().mean())
""",
        'nb17-pad-to': """\

import torch.nn.functional as F

def row(ids):
    kept = torch.as_tensor(ids[:T], dtype=torch.long)
    return F.pad(kept, (0, T - len(kept)), value=pad_id)

return torch.stack([row(s) for s in seqs])
""",
        'nb17-packed-item': """\

start = int(starts[i])
chunk = stream[start:start + block + 1].long()
chunk = torch.cat([chunk, chunk.new_zeros(block + 1 - len(chunk))])
x, y = chunk[:-1], chunk[1:].clone()
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\

nll = -logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
mask = y.ne(0)
return nll.masked_fill(~mask, 0).sum(1) / mask.sum(1)
""",
        'nb18-attention-forward': """\

def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
out = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=self.dropout * self.training)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\

for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
        'nb18-decoder-forward': """\

h = self.drop(self.tokens(idx) + self.positions.weight[:T])
for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\

params = list(model.parameters())
return [
    {"params": [p for p in params if p.ndim >= 2], "weight_decay": weight_decay},
    {"params": [p for p in params if p.ndim < 2], "weight_decay": 0.0},
]
""",
        'nb18-lr-at': """\

floor = lr * min_lr_ratio
if step < warmup:
    return lr * (step / warmup)
t = max(0.0, min(1.0, (step - warmup) / (max_steps - warmup)))
cosine = 0.5 * (1.0 + math.cos(math.pi * t))
return floor + (lr - floor) * cosine
""",
    },
    'nineteenth/alvaro': {
        'nb11-make-xy': """\
n = (len(stream) - 1) // T
x = stream[: n * T].view(n, T)
y = stream[1 : n * T + 1].view(n, T)
return x, y
""",
        'nb11-accumulated-step': """\
size = x.shape[0] // n_micro
opt.zero_grad()
total = 0.0
for k in range(n_micro):
    xs, ys = x[k * size : (k + 1) * size], y[k * size : (k + 1) * size]
    logits = model(xs)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), ys.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
        'nb11-data-floor': """\
from collections import Counter

a, b = x.reshape(-1).tolist(), y.reshape(-1).tolist()
pairs = Counter(zip(a, b))
firsts = Counter(a)
return -sum(math.log(pairs[p, q] / firsts[p]) for p, q in zip(a, b)) / len(a)
""",
        'nb17-pad-to': """\
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    out[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return out
""",
        'nb17-packed-item': """\
start = int(starts[i])
tokens = stream[start : start + block].long()
x = torch.zeros(block, dtype=torch.int64)
x[: len(tokens)] = tokens
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
""",
        'nb17-loss-per-game': """\
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\
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
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
        'nb18-decoder-forward': """\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
if step >= max_steps:
    return float(floor)
p = (step - warmup) / (max_steps - warmup)
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'nineteenth/rocio': {
        'nb11-make-xy': """\
stream_length = stream.shape[0]
number_of_windows = 0
# una ventana k necesita los tokens de k*T hasta k*T + T (el último objetivo incluido)
while (number_of_windows + 1) * T + 1 <= stream_length:
    number_of_windows = number_of_windows + 1
input_rows = []
target_rows = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    input_rows.append(stream[window_start : window_start + T])
    target_rows.append(stream[window_start + 1 : window_start + T + 1])
inputs_tensor = torch.stack(input_rows)
targets_tensor = torch.stack(target_rows)
return inputs_tensor, targets_tensor
""",
        'nb11-accumulated-step': """\
batch_size = x.shape[0]
games_per_chunk = batch_size // n_micro
vocabulary_size = None
# primero borro lo que hubiera en .grad
opt.zero_grad()
accumulated_loss = 0.0
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
    # cada trozo pesa 1/n_micro de la media del lote entero
    scaled_chunk_loss = chunk_loss / n_micro
    scaled_chunk_loss.backward()
    accumulated_loss = accumulated_loss + scaled_chunk_loss.item()
opt.step()
return float(accumulated_loss)
""",
        'nb11-data-floor': """\
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
total_of_logs = 0.0
for position in range(len(current_tokens)):
    current_token = current_tokens[position]
    next_token = next_tokens[position]
    probability = pair_counts[(current_token, next_token)] / current_counts[current_token]
    total_of_logs = total_of_logs + math.log(probability)
number_of_positions = len(current_tokens)
floor_value = -total_of_logs / number_of_positions
return float(floor_value)
""",
        'nb17-pad-to': """\
padded_rows = []
for sequence in seqs:
    row = []
    for position in range(T):
        if position < len(sequence):
            row.append(sequence[position])
        else:
            row.append(pad_id)
    padded_rows.append(row)
result_tensor = torch.tensor(padded_rows, dtype=torch.int64)
return result_tensor
""",
        'nb17-packed-item': """\
start_position = int(starts[i])
stream_length = len(stream)
window_tokens = []
# leo block + 1 tokens del flujo, y pongo <pad> si se acaba
for offset in range(block + 1):
    position_in_stream = start_position + offset
    if position_in_stream < stream_length:
        window_tokens.append(int(stream[position_in_stream]))
    else:
        window_tokens.append(0)
input_tokens = window_tokens[:block]
target_tokens = window_tokens[1 : block + 1]
target_tokens[block - 1] = 0
x_window = torch.tensor(input_tokens, dtype=torch.int64)
y_window = torch.tensor(target_tokens, dtype=torch.int64)
return x_window, y_window
""",
        'nb17-loss-per-game': """\
batch_size = logits.shape[0]
sequence_length = logits.shape[1]
vocabulary_size = logits.shape[2]
flat_logits = logits.reshape(batch_size * sequence_length, vocabulary_size)
flat_targets = y.reshape(batch_size * sequence_length)
loss_of_each_position = F.cross_entropy(flat_logits, flat_targets, ignore_index=0, reduction="none")
loss_of_each_position = loss_of_each_position.reshape(batch_size, sequence_length)
real_targets_mask = y != 0
number_of_real_targets = real_targets_mask.sum(dim=1)
total_loss_of_each_game = loss_of_each_position.sum(dim=1)
mean_loss_of_each_game = total_loss_of_each_game / number_of_real_targets
return mean_loss_of_each_game
""",
        'nb18-attention-forward': """\
batch_size, sequence_length, model_width = x.shape
queries_keys_values = self.qkv(x)
queries = queries_keys_values[:, :, 0:model_width]
keys = queries_keys_values[:, :, model_width : 2 * model_width]
values = queries_keys_values[:, :, 2 * model_width : 3 * model_width]
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
attention_output = attention_output.contiguous()
attention_output = attention_output.view(batch_size, sequence_length, model_width)
projected_output = self.proj(attention_output)
final_output = self.resid_drop(projected_output)
return final_output
""",
        'nb18-block-forward': """\
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_first_residual = x + attention_result
normalized_for_mlp = self.ln2(after_first_residual)
mlp_result = self.mlp(normalized_for_mlp)
after_second_residual = after_first_residual + mlp_result
return after_second_residual
""",
        'nb18-decoder-forward': """\
position_indices = torch.arange(0, T, dtype=torch.long, device=idx.device)
token_embeddings = self.tokens(idx)
position_embeddings = self.positions(position_indices)
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
""",
        'nb18-param-groups': """\
parameters_with_decay = []
parameters_without_decay = []
for parameter in model.parameters():
    number_of_dimensions = parameter.dim()
    if number_of_dimensions >= 2:
        parameters_with_decay.append(parameter)
    else:
        parameters_without_decay.append(parameter)
first_group = {"params": parameters_with_decay, "weight_decay": weight_decay}
second_group = {"params": parameters_without_decay, "weight_decay": 0.0}
list_of_groups = [first_group, second_group]
return list_of_groups
""",
        'nb18-lr-at': """\
minimum_learning_rate = lr * min_lr_ratio
if step < warmup:
    fraction_of_warmup = step / warmup
    learning_rate = lr * fraction_of_warmup
elif step <= max_steps:
    progress = (step - warmup) / (max_steps - warmup)
    cosine_value = math.cos(math.pi * progress)
    learning_rate = minimum_learning_rate + 0.5 * (lr - minimum_learning_rate) * (1 + cosine_value)
else:
    learning_rate = minimum_learning_rate
return float(learning_rate)
""",
    },
    'nineteenth/german': {
        'nb11-make-xy': """\
windows = stream.unfold(0, T + 1, T)          # (N, T + 1): cada ventana con su último objetivo
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
        'nb11-accumulated-step': """\
def _flat_ce(logits, targets):
    return F.cross_entropy(logits.flatten(0, -2), targets.flatten())

opt.zero_grad(set_to_none=True)
parts = list(zip(torch.tensor_split(x, n_micro), torch.tensor_split(y, n_micro)))
total = torch.zeros(())
for xb, yb in parts:
    part = _flat_ce(model(xb), yb) / len(parts)
    part.backward()
    total += part.detach()
opt.step()
return total.item()
""",
        'nb11-data-floor': """\
def _inverse_counts(keys):
    _, inverse, counts = torch.unique(keys, return_inverse=True, return_counts=True)
    return counts[inverse].double()

a, b = x.flatten(), y.flatten()
pair_key = a * (int(b.max()) + 1) + b         # una clave única por pareja (a, b)
p = _inverse_counts(pair_key) / _inverse_counts(a)
return -torch.log(p).mean().item()
""",
        'nb17-pad-to': """\
def _row(seq):
    head = list(seq[:T])
    return head + [pad_id] * (T - len(head))

return torch.tensor([_row(s) for s in seqs], dtype=torch.long).reshape(len(seqs), T)
""",
        'nb17-packed-item': """\
start = starts[i].item()
window = stream[start : start + block + 1].to(torch.int64)
window = F.pad(window, (0, block + 1 - window.numel()), value=0)
x, y = window[:-1].clone(), window[1:].clone()
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\
real = y.ne(0)
nll = F.cross_entropy(logits.permute(0, 2, 1), y, reduction="none", ignore_index=0)   # (B, T)
return nll.sum(-1) / real.sum(-1).clamp_min(1).to(nll.dtype)
""",
        'nb18-attention-forward': """\
B, T, d = x.shape

def _heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)   # (B, H, T, D)

q, k, v = map(_heads, self.qkv(x).chunk(3, dim=-1))
y = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(y.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\
for norm, sublayer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + sublayer(norm(x))
return x
""",
        'nb18-decoder-forward': """\
h = self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)).unsqueeze(0)
h = self.drop(h)
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(
    logits.flatten(0, 1), targets.flatten(), ignore_index=PAD_ID)
return logits, loss
""",
        'nb18-param-groups': """\
groups = {True: [], False: []}
for p in model.parameters():
    groups[p.ndim >= 2].append(p)
return [{"params": groups[True], "weight_decay": weight_decay},
        {"params": groups[False], "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
def _cosine(progress):
    return 0.5 * (1.0 + math.cos(math.pi * min(max(progress, 0.0), 1.0)))

if step < warmup:
    return float(lr) * step / warmup
low = lr * min_lr_ratio
return float(low + (lr - low) * _cosine((step - warmup) / (max_steps - warmup)))
""",
    },
    'ninth/irene': {
        'nb11-make-xy': """\
n = (len(stream) - 1) // T
x = stream[: n * T].view(n, T)
y = stream[1 : n * T + 1].view(n, T)
return x, y
""",
        'nb11-accumulated-step': """\
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
        'nb11-data-floor': """\
a_list, b_list = x.reshape(-1).tolist(), y.reshape(-1).tolist()
pairs = Counter(zip(a_list, b_list))
firsts = Counter(a_list)
total = 0.0
for a, b in zip(a_list, b_list):
    total -= math.log(pairs[(a, b)] / firsts[a])
return total / len(a_list)
""",
        'nb17-pad-to': """\
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    out[i, : len(s)] = torch.tensor(s)
return out
""",
        'nb17-packed-item': """\
s = int(starts[i])
x = torch.zeros(block, dtype=torch.int64)
piece = stream[s : s + block]
x[: len(piece)] = piece
y = torch.cat([x[1:], torch.zeros(1, dtype=torch.int64)])
return x, y
""",
        'nb17-loss-per-game': """\
B, T, V = logits.shape
each = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none").view(B, T)
real = (y != 0).float()
return (each * real).sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\
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
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        'nb18-decoder-forward': """\
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
        'nb18-param-groups': """\
decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
p = min((step - warmup) / (max_steps - warmup), 1.0)
floor = lr * min_lr_ratio
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'ninth/julio': {
        'nb11-make-xy': """\
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
        'nb11-accumulated-step': """\
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
        'nb11-data-floor': """\
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
        'nb17-pad-to': """\
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
        'nb17-packed-item': """\
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
        'nb17-loss-per-game': """\
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
        'nb18-attention-forward': """\
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
        'nb18-block-forward': """\
normalized_for_attention = self.ln1(x)
attention_output = self.attn(normalized_for_attention)
after_attention = x + attention_output
normalized_for_mlp = self.ln2(after_attention)
mlp_output = self.mlp(normalized_for_mlp)
result = after_attention + mlp_output
return result
""",
        'nb18-decoder-forward': """\
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
        'nb18-param-groups': """\
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
        'nb18-lr-at': """\
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
    },
    'ninth/manuel': {
        'nb11-make-xy': """\
n = (stream.numel() - 1) // T
windows = stream[: n * T + 1].unfold(0, T + 1, T)  # (n, T + 1): cada ventana con su último objetivo
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
        'nb11-accumulated-step': """\
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
        'nb11-data-floor': """\
pairs = torch.stack([x.flatten(), y.flatten()], dim=1)
_, pair_idx, pair_counts = torch.unique(pairs, dim=0, return_inverse=True, return_counts=True)
_, ctx_idx, ctx_counts = torch.unique(x.flatten(), return_inverse=True, return_counts=True)
p = pair_counts[pair_idx].double() / ctx_counts[ctx_idx].double()
return -p.log().mean().item()
""",
        'nb17-pad-to': """\
def fit(seq):
    seq = list(seq[:T])
    return seq + [pad_id] * (T - len(seq))

return torch.tensor([fit(s) for s in seqs], dtype=torch.long).reshape(len(seqs), T)
""",
        'nb17-packed-item': """\
start = starts[i].item()
window = stream[start : start + block + 1].long()
window = F.pad(window, (0, block + 1 - window.numel()), value=0)
x, y = window[:-1], window[1:].clone()
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\
per_position = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")  # (B, T)
counted = y.ne(0).sum(dim=1)
return per_position.sum(dim=1) / counted
""",
        'nb18-attention-forward': """\
def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=p)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
        'nb18-decoder-forward': """\
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
        'nb18-param-groups': """\
params = list(model.parameters())
decay = [p for p in params if p.ndim >= 2]
keep = [p for p in params if p.ndim < 2]
return [dict(params=decay, weight_decay=weight_decay), dict(params=keep, weight_decay=0.0)]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
progress = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + (lr - floor) * 0.5 * (1.0 + math.cos(math.pi * progress))
""",
    },
    'seventeenth/teresa': {
        'nb11-make-xy': """\
n = (len(stream) - 1) // T
x = stream[: n * T].view(n, T)
y = stream[1 : n * T + 1].view(n, T)
return x, y
""",
        'nb11-accumulated-step': """\
size = x.shape[0] // n_micro
opt.zero_grad()
total = 0.0
for i in range(n_micro):
    logits = model(x[i * size : (i + 1) * size])
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), y[i * size : (i + 1) * size].reshape(-1))
    (loss / n_micro).backward()
    total += loss.item() / n_micro
opt.step()
return total
""",
        'nb11-data-floor': """\
import math
from collections import Counter

pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_count = Counter(pairs)
first_count = Counter(a for a, _ in pairs)
total = sum(-math.log(pair_count[(a, b)] / first_count[a]) for a, b in pairs)
return total / len(pairs)
""",
        'nb17-pad-to': """\
rows = []
for s in seqs:
    row = list(s[:T])
    rows.append(row + [pad_id] * (T - len(row)))
return torch.tensor(rows, dtype=torch.int64)
""",
        'nb17-packed-item': """\
start = int(starts[i])
piece = stream[start : start + block]
x = torch.zeros(block, dtype=torch.int64)
x[: len(piece)] = piece
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
""",
        'nb17-loss-per-game': """\
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none").view(B, T)
counted = (y != 0).sum(dim=1)
return losses.sum(dim=1) / counted
""",
        'nb18-attention-forward': """\
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
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        'nb18-decoder-forward': """\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
decay = [p for p in model.parameters() if p.dim() >= 2]
other = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": other, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
p = min(1.0, (step - warmup) / (max_steps - warmup))
floor = lr * min_lr_ratio
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'seventeenth/vicente': {
        'nb11-make-xy': """\
stream_length = len(stream)
number_of_windows = (stream_length - 1) // T
x_rows = []
y_rows = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    window_end = window_start + T
    x_rows.append(stream[window_start:window_end])
    y_rows.append(stream[window_start + 1:window_end + 1])
x = torch.stack(x_rows)
y = torch.stack(y_rows)
return x, y
""",
        'nb11-accumulated-step': """\
batch_size = x.shape[0]
micro_batch_size = batch_size // n_micro
opt.zero_grad()
total_loss = 0.0
for micro_index in range(n_micro):
    start = micro_index * micro_batch_size
    end = start + micro_batch_size
    micro_x = x[start:end]
    micro_y = y[start:end]
    micro_logits = model(micro_x)
    vocab_size = micro_logits.shape[2]
    flat_logits = micro_logits.reshape(-1, vocab_size)
    flat_targets = micro_y.reshape(-1)
    micro_loss = F.cross_entropy(flat_logits, flat_targets)
    # cada trozo pone solo su parte de la media del lote entero
    scaled_loss = micro_loss / n_micro
    scaled_loss.backward()
    total_loss = total_loss + micro_loss.item()
opt.step()
average_loss = total_loss / n_micro
return average_loss
""",
        'nb11-data-floor': """\
import math

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
total_cost = 0.0
for position in range(len(current_tokens)):
    pair = (current_tokens[position], next_tokens[position])
    probability = pair_counts[pair] / current_counts[current_tokens[position]]
    total_cost = total_cost - math.log(probability)
number_of_positions = len(current_tokens)
return total_cost / number_of_positions
""",
        'nb17-pad-to': """\
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
        'nb17-packed-item': """\
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
    y_values.append(x_values[offset + 1])
y_values.append(0)
x = torch.tensor(x_values, dtype=torch.int64)
y = torch.tensor(y_values, dtype=torch.int64)
return x, y
""",
        'nb17-loss-per-game': """\
batch_size = logits.shape[0]
sequence_length = logits.shape[1]
vocab_size = logits.shape[2]
flat_logits = logits.reshape(batch_size * sequence_length, vocab_size)
flat_targets = y.reshape(batch_size * sequence_length)
flat_losses = F.cross_entropy(flat_logits, flat_targets, reduction="none")
losses_per_position = flat_losses.reshape(batch_size, sequence_length)
is_real_target = (y != 0).float()
real_losses = losses_per_position * is_real_target
sum_per_game = real_losses.sum(dim=1)
count_per_game = is_real_target.sum(dim=1)
mean_per_game = sum_per_game / count_per_game
return mean_per_game
""",
        'nb18-attention-forward': """\
batch_size, sequence_length, model_dim = x.shape
all_projections = self.qkv(x)
queries = all_projections[:, :, 0:model_dim]
keys = all_projections[:, :, model_dim:2 * model_dim]
values = all_projections[:, :, 2 * model_dim:3 * model_dim]
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
attention_output = attention_output.reshape(batch_size, sequence_length, model_dim)
projected = self.proj(attention_output)
result = self.resid_drop(projected)
return result
""",
        'nb18-block-forward': """\
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_attention = x + attention_result
normalized_for_mlp = self.ln2(after_attention)
mlp_result = self.mlp(normalized_for_mlp)
output = after_attention + mlp_result
return output
""",
        'nb18-decoder-forward': """\
position_numbers = torch.arange(0, T, device=idx.device)
token_vectors = self.tokens(idx)
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
    vocab_size = logits.shape[2]
    flat_logits = logits.reshape(B * T, vocab_size)
    flat_targets = targets.reshape(B * T)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
params_with_decay = []
params_without_decay = []
for parameter in model.parameters():
    if parameter.dim() >= 2:
        params_with_decay.append(parameter)
    else:
        params_without_decay.append(parameter)
first_group = {"params": params_with_decay, "weight_decay": weight_decay}
second_group = {"params": params_without_decay, "weight_decay": 0.0}
return [first_group, second_group]
""",
        'nb18-lr-at': """\
if step < warmup:
    increase_per_step = lr / warmup
    current_lr = increase_per_step * step
    return float(current_lr)
floor_lr = lr * min_lr_ratio
if step >= max_steps:
    return float(floor_lr)
progress = (step - warmup) / (max_steps - warmup)
cosine_factor = (1 + math.cos(math.pi * progress)) / 2
current_lr = floor_lr + (lr - floor_lr) * cosine_factor
return float(current_lr)
""",
    },
    'seventeenth/angela': {
        'nb11-make-xy': """\
n_windows = (stream.numel() - 1) // T
if n_windows <= 0:
    empty = stream.new_empty((0, T))
    return empty, empty.clone()
# ventanas de T + 1 tokens que avanzan de T en T: cada una comparte un token con la siguiente
windows = stream[: n_windows * T + 1].unfold(0, T + 1, T)
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
        'nb11-accumulated-step': """\
def micro_loss(xb, yb):
    logits = model(xb)
    return F.cross_entropy(logits.flatten(0, 1), yb.flatten())

opt.zero_grad(set_to_none=True)
parts = []
for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro)):
    loss = micro_loss(xb, yb)
    (loss / n_micro).backward()
    parts.append(loss.detach())
opt.step()
return torch.stack(parts).mean().item()
""",
        'nb11-data-floor': """\
a, b = x.flatten(), y.flatten()
_, pair_idx, pair_counts = torch.stack([a, b]).unique(dim=1, return_inverse=True, return_counts=True)
_, cur_idx, cur_counts = a.unique(return_inverse=True, return_counts=True)
p = pair_counts[pair_idx].double() / cur_counts[cur_idx].double()
return -p.log().mean().item()
""",
        'nb17-pad-to': """\
out = torch.full((len(seqs), T), pad_id, dtype=torch.long)
for row, seq in zip(out, seqs):
    kept = torch.as_tensor(seq[:T], dtype=torch.long)
    row[: kept.numel()] = kept
return out
""",
        'nb17-packed-item': """\
start = starts[i].item()
chunk = stream[start : start + block].to(torch.int64)
x = F.pad(chunk, (0, block - chunk.numel()), value=0)
y = torch.roll(x, -1)
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\
mask = y.ne(0)
# cross_entropy acepta (B, V, T) con objetivos (B, T): una pérdida por posición
nll = F.cross_entropy(logits.transpose(1, 2), y, reduction="none", ignore_index=0)
return nll.sum(1) / mask.sum(1).to(nll.dtype)
""",
        'nb18-attention-forward': """\
B, T, C = x.shape
H, D = self.n_head, self.head_dim
q, k, v = self.qkv(x).view(B, T, 3, H, D).permute(2, 0, 3, 1, 4).unbind(0)
y = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout * self.training, is_causal=True)
return self.resid_drop(self.proj(y.transpose(1, 2).reshape(B, T, C)))
""",
        'nb18-block-forward': """\
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
        'nb18-decoder-forward': """\
import functools

where = self.positions(torch.arange(T, device=idx.device))
h = self.drop(self.tokens(idx) + where[None])
h = functools.reduce(lambda acc, blk: blk(acc), self.blocks, h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
buckets = {True: [], False: []}
for p in model.parameters():
    buckets[p.ndim >= 2].append(p)
return [
    {"params": buckets[True], "weight_decay": weight_decay},
    {"params": buckets[False], "weight_decay": 0.0},
]
""",
        'nb18-lr-at': """\
def warm(s):
    return lr * s / warmup

def cosine(s):
    progress = min(1.0, (s - warmup) / (max_steps - warmup))
    floor = lr * min_lr_ratio
    return floor + (lr - floor) * (1 + math.cos(math.pi * progress)) / 2

return float(warm(step) if step < warmup else cosine(step))
""",
    },
    'seventh/jaime': {
        'nb11-make-xy': """\
n = (len(stream) - 1) // T
x = stream[: n * T].view(n, T)
y = stream[1 : n * T + 1].view(n, T)
return x, y
""",
        'nb11-accumulated-step': """\
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
""",
        'nb11-data-floor': """\
import math
from collections import Counter

pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_counts = Counter(pairs)
current_counts = Counter(a for a, b in pairs)
total = 0.0
for a, b in pairs:
    total -= math.log(pair_counts[(a, b)] / current_counts[a])
return total / len(pairs)
""",
        'nb17-pad-to': """\
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, seq in enumerate(seqs):
    seq = seq[:T]
    batch[i, : len(seq)] = torch.tensor(seq, dtype=torch.int64)
return batch
""",
        'nb17-packed-item': """\
start = int(starts[i])
x = torch.full((block,), 0, dtype=torch.int64)
window = stream[start : start + block]
x[: len(window)] = window
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
""",
        'nb17-loss-per-game': """\
B, T, V = logits.shape
per_position = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (per_position * real).sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=2)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(out))
""",
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
        'nb18-decoder-forward': """\
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
        'nb18-param-groups': """\
decay, no_decay = [], []
for p in model.parameters():
    if p.dim() >= 2:
        decay.append(p)
    else:
        no_decay.append(p)
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
if step >= max_steps:
    return floor
p = (step - warmup) / (max_steps - warmup)
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'seventh/rosa': {
        'nb11-make-xy': """\
# primero cuento cuántas ventanas completas caben (cada una lee T + 1 tokens)
number_of_windows = 0
while (number_of_windows + 1) * T + 1 <= len(stream):
    number_of_windows = number_of_windows + 1

input_rows = []
target_rows = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    input_window = stream[window_start : window_start + T]
    target_window = stream[window_start + 1 : window_start + T + 1]
    input_rows.append(input_window)
    target_rows.append(target_window)

x = torch.stack(input_rows)
y = torch.stack(target_rows)
return x, y
""",
        'nb11-accumulated-step': """\
# borro lo que quedara en .grad antes de empezar
opt.zero_grad()
batch_size = x.shape[0]
games_per_piece = batch_size // n_micro
loss_of_whole_batch = 0.0
for piece_number in range(n_micro):
    first_game = piece_number * games_per_piece
    last_game = first_game + games_per_piece
    inputs_of_piece = x[first_game:last_game]
    targets_of_piece = y[first_game:last_game]
    logits_of_piece = model(inputs_of_piece)
    vocabulary_size = logits_of_piece.shape[2]
    flat_logits = logits_of_piece.reshape(-1, vocabulary_size)
    flat_targets = targets_of_piece.reshape(-1)
    loss_of_piece = F.cross_entropy(flat_logits, flat_targets)
    # todos los trozos son iguales: cada uno pone 1/n_micro de la media
    part_of_the_mean = loss_of_piece / n_micro
    part_of_the_mean.backward()
    loss_of_whole_batch = loss_of_whole_batch + part_of_the_mean.item()
# un solo paso al final, con los gradientes de todos los trozos sumados
opt.step()
return loss_of_whole_batch
""",
        'nb11-data-floor': """\
import math

flat_current = x.reshape(-1).tolist()
flat_next = y.reshape(-1).tolist()
number_of_positions = len(flat_current)

# cuento cada token actual y cada pareja (actual, siguiente)
times_current_seen = {}
times_pair_seen = {}
for position in range(number_of_positions):
    current_token = flat_current[position]
    next_token = flat_next[position]
    if current_token in times_current_seen:
        times_current_seen[current_token] += 1
    else:
        times_current_seen[current_token] = 1
    pair = (current_token, next_token)
    if pair in times_pair_seen:
        times_pair_seen[pair] += 1
    else:
        times_pair_seen[pair] = 1

# ahora sumo -ln p(b | a) en cada posición
sum_of_minus_logs = 0.0
for position in range(number_of_positions):
    current_token = flat_current[position]
    next_token = flat_next[position]
    probability = times_pair_seen[(current_token, next_token)] / times_current_seen[current_token]
    sum_of_minus_logs = sum_of_minus_logs - math.log(probability)

floor_value = sum_of_minus_logs / number_of_positions
return floor_value
""",
        'nb17-pad-to': """\
all_rows = []
for sequence in seqs:
    new_row = []
    for position in range(T):
        if position < len(sequence):
            new_row.append(sequence[position])
        else:
            new_row.append(pad_id)
    all_rows.append(new_row)
result = torch.tensor(all_rows, dtype=torch.int64)
return result
""",
        'nb17-packed-item': """\
start_position = int(starts[i])
stream_length = len(stream)

# x: los block tokens desde el <bos>, con <pad> si el flujo se acaba
x_values = []
for offset in range(block):
    position_in_stream = start_position + offset
    if position_in_stream < stream_length:
        x_values.append(int(stream[position_in_stream]))
    else:
        x_values.append(0)

# y: x desplazado una posición y <pad> al final
y_values = []
for offset in range(block - 1):
    y_values.append(x_values[offset + 1])
y_values.append(0)

x = torch.tensor(x_values, dtype=torch.int64)
y = torch.tensor(y_values, dtype=torch.int64)
return x, y
""",
        'nb17-loss-per-game': """\
batch_size = logits.shape[0]
number_of_positions = logits.shape[1]
vocabulary_size = logits.shape[2]
flat_logits = logits.reshape(batch_size * number_of_positions, vocabulary_size)
flat_targets = y.reshape(batch_size * number_of_positions)
# con ignore_index=0 las posiciones de relleno dan 0
flat_losses = F.cross_entropy(flat_logits, flat_targets, reduction="none", ignore_index=0)
losses_by_game = flat_losses.reshape(batch_size, number_of_positions)
is_real_target = y != 0
real_targets_per_game = is_real_target.sum(dim=1)
loss_sum_per_game = losses_by_game.sum(dim=1)
mean_loss_per_game = loss_sum_per_game / real_targets_per_game
return mean_loss_per_game
""",
        'nb18-attention-forward': """\
batch_size, sequence_length, model_width = x.shape
number_of_heads = self.n_head
size_of_head = self.head_dim

queries_keys_values = self.qkv(x)
queries = queries_keys_values[:, :, 0:model_width]
keys = queries_keys_values[:, :, model_width : 2 * model_width]
values = queries_keys_values[:, :, 2 * model_width : 3 * model_width]

# separo las cabezas y las pongo delante de las posiciones
queries = queries.reshape(batch_size, sequence_length, number_of_heads, size_of_head)
keys = keys.reshape(batch_size, sequence_length, number_of_heads, size_of_head)
values = values.reshape(batch_size, sequence_length, number_of_heads, size_of_head)
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

# vuelvo a juntar las cabezas
attention_output = attention_output.transpose(1, 2)
attention_output = attention_output.reshape(batch_size, sequence_length, model_width)
projected_output = self.proj(attention_output)
final_output = self.resid_drop(projected_output)
return final_output
""",
        'nb18-block-forward': """\
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_first_residual = x + attention_result
normalized_for_mlp = self.ln2(after_first_residual)
mlp_result = self.mlp(normalized_for_mlp)
after_second_residual = after_first_residual + mlp_result
return after_second_residual
""",
        'nb18-decoder-forward': """\
device_of_input = idx.device
position_numbers = torch.arange(0, T, device=device_of_input)
token_vectors = self.tokens(idx)
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
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=PAD_ID)
return logits, loss
""",
        'nb18-param-groups': """\
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
        'nb18-lr-at': """\
import math

minimum_learning_rate = lr * min_lr_ratio
if step < warmup:
    fraction_of_warmup = step / warmup
    current_learning_rate = lr * fraction_of_warmup
elif step <= max_steps:
    steps_since_warmup = step - warmup
    length_of_decay = max_steps - warmup
    progress = steps_since_warmup / length_of_decay
    cosine_part = (1 + math.cos(math.pi * progress)) / 2
    current_learning_rate = minimum_learning_rate + (lr - minimum_learning_rate) * cosine_part
else:
    current_learning_rate = minimum_learning_rate
return float(current_learning_rate)
""",
    },
    'seventh/ignacio': {
        'nb11-make-xy': """\
# ventanas de T + 1 tokens que avanzan de T en T: unfold solo da las completas
windows = stream.unfold(0, T + 1, T)
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
        'nb11-accumulated-step': """\
opt.zero_grad(set_to_none=True)
n_targets = y.numel()
running = 0.0
for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
    logits = model(xs)
    # la suma del trozo entre el total del lote: las partes suman la media entera
    part = F.cross_entropy(logits.flatten(0, 1), ys.flatten(), reduction="sum") / n_targets
    part.backward()
    running += part.detach()
opt.step()
return float(running)
""",
        'nb11-data-floor': """\
def count_each(keys):
    # para cada posición, cuántas veces sale su clave
    _, inverse, counts = torch.unique(keys, return_inverse=True, return_counts=True)
    return counts[inverse].double()

a, b = x.reshape(-1), y.reshape(-1)
width = int(max(a.max(), b.max())) + 1
p = count_each(a * width + b) / count_each(a)
return -p.log().mean().item()
""",
        'nb17-pad-to': """\
rows = [list(s[:T]) + [pad_id] * max(0, T - len(s)) for s in seqs]
return torch.tensor(rows, dtype=torch.long).view(len(seqs), T)
""",
        'nb17-packed-item': """\
s = int(starts[i])
chunk = stream[s : s + block].long()
x = F.pad(chunk, (0, block - chunk.numel()), value=0)
y = torch.cat([x[1:], x.new_zeros(1)])
return x, y
""",
        'nb17-loss-per-game': """\
logp = logits.log_softmax(dim=-1)
picked = logp.gather(-1, y.unsqueeze(-1)).squeeze(-1)  # (B, T)
mask = y.ne(0)
return -picked.masked_fill(~mask, 0.0).sum(1) / mask.sum(1)
""",
        'nb18-attention-forward': """\
B, T, _ = x.shape
q, k, v = self.qkv(x).view(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4).unbind(0)
causal = torch.ones(T, T, dtype=torch.bool, device=x.device).tril()
out = F.scaled_dot_product_attention(q, k, v, attn_mask=causal,
                                     dropout_p=self.dropout if self.training else 0.0)
return self.resid_drop(self.proj(out.permute(0, 2, 1, 3).flatten(2)))
""",
        'nb18-block-forward': """\
for norm, sublayer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + sublayer(norm(x))
return x
""",
        'nb18-decoder-forward': """\
h = self.drop(self.tokens(idx) + self.positions.weight[:T])
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
params = list(model.parameters())
return [
    {"params": [p for p in params if p.ndim >= 2], "weight_decay": weight_decay},
    {"params": [p for p in params if p.ndim < 2], "weight_decay": 0.0},
]
""",
        'nb18-lr-at': """\
def half_cosine(fraction):
    return 0.5 * (1.0 + math.cos(math.pi * fraction))

if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
return floor + (lr - floor) * half_cosine(min(1.0, (step - warmup) / (max_steps - warmup)))
""",
    },
    'sixteenth/leonor': {
        'nb11-make-xy': """\

n = (len(stream) - 1) // T
x = stream[: n * T].view(n, T)
y = stream[1 : n * T + 1].view(n, T)
return x, y
""",
        'nb11-accumulated-step': """\

B = x.shape[0]
b = B // n_micro
opt.zero_grad()
total = 0.0
for i in range(0, B, b):
    logits = model(x[i : i + b])
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), y[i : i + b].reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
        'nb11-data-floor': """\

pairs = {}
firsts = {}
for a, b in zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()):
    pairs[(a, b)] = pairs.get((a, b), 0) + 1
    firsts[a] = firsts.get(a, 0) + 1
total = 0.0
for (a, b), n in pairs.items():
    total -= n * math.log(n / firsts[a])
return total / x.numel()
""",
        'nb17-pad-to': """\

batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, seq in enumerate(seqs):
    row = seq[:T]
    batch[i, : len(row)] = torch.tensor(row, dtype=torch.int64)
return batch
""",
        'nb17-packed-item': """\

start = starts[i].item()
piece = stream[start : start + block].long()
x = torch.zeros(block, dtype=torch.int64)
x[: len(piece)] = piece
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
""",
        'nb17-loss-per-game': """\

B, T, V = logits.shape
losses = F.cross_entropy(logits.view(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\

B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=2)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(out))
""",
        'nb18-block-forward': """\

x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
        'nb18-decoder-forward': """\

pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\

decay = [p for p in model.parameters() if p.dim() >= 2]
rest = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": rest, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\

if step < warmup:
    return lr * step / warmup
s = lr * min_lr_ratio
if step >= max_steps:
    return s
p = (step - warmup) / (max_steps - warmup)
return s + 0.5 * (lr - s) * (1 + math.cos(math.pi * p))
""",
    },
    'sixteenth/pascual': {
        'nb11-make-xy': """\

# cuántas ventanas completas caben: cada una necesita T tokens y uno más para el último objetivo
total_tokens = stream.shape[0]
number_of_windows = 0
while (number_of_windows + 1) * T + 1 <= total_tokens:
    number_of_windows = number_of_windows + 1

input_rows = []
target_rows = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    window_end = window_start + T
    input_rows.append(stream[window_start:window_end])
    target_rows.append(stream[window_start + 1:window_end + 1])

if number_of_windows == 0:
    empty = torch.zeros(0, T, dtype=torch.int64)
    return empty, empty.clone()

inputs_tensor = torch.stack(input_rows)
targets_tensor = torch.stack(target_rows)
return inputs_tensor, targets_tensor
""",
        'nb11-accumulated-step': """\

# borro lo que hubiera en .grad de antes
opt.zero_grad()

batch_size = x.shape[0]
micro_size = batch_size // n_micro
loss_of_whole_batch = 0.0

for micro_index in range(n_micro):
    first_row = micro_index * micro_size
    last_row = first_row + micro_size
    micro_inputs = x[first_row:last_row]
    micro_targets = y[first_row:last_row]

    micro_logits = model(micro_inputs)
    vocab_size = micro_logits.shape[2]
    flat_logits = micro_logits.reshape(-1, vocab_size)
    flat_targets = micro_targets.reshape(-1)
    micro_loss = F.cross_entropy(flat_logits, flat_targets)

    # cada trozo es una parte de la media del lote entero: lo divido entre el número de trozos
    scaled_loss = micro_loss / n_micro
    scaled_loss.backward()
    loss_of_whole_batch = loss_of_whole_batch + scaled_loss.item()

opt.step()
return float(loss_of_whole_batch)
""",
        'nb11-data-floor': """\

current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
number_of_positions = len(current_tokens)

# primero cuento las parejas y las veces que sale cada token como actual
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

# después sumo -ln p(b | a) en cada posición
sum_of_negative_logs = 0.0
for position in range(number_of_positions):
    current_token = current_tokens[position]
    next_token = next_tokens[position]
    probability = pair_counts[(current_token, next_token)] / current_counts[current_token]
    sum_of_negative_logs = sum_of_negative_logs - math.log(probability)

floor_value = sum_of_negative_logs / number_of_positions
return floor_value
""",
        'nb17-pad-to': """\

all_rows = []
for sequence in seqs:
    new_row = []
    for position in range(T):
        if position < len(sequence):
            new_row.append(sequence[position])
        else:
            new_row.append(pad_id)
    all_rows.append(new_row)
padded_batch = torch.tensor(all_rows, dtype=torch.int64)
if len(seqs) == 0:
    padded_batch = torch.zeros(0, T, dtype=torch.int64)
return padded_batch
""",
        'nb17-packed-item': """\

start_position = int(starts[i])
stream_length = stream.shape[0]

window_tokens = []
for offset in range(block):
    position_in_stream = start_position + offset
    if position_in_stream < stream_length:
        window_tokens.append(int(stream[position_in_stream]))
    else:
        window_tokens.append(0)

target_tokens = []
for offset in range(1, block):
    target_tokens.append(window_tokens[offset])
target_tokens.append(0)

x = torch.tensor(window_tokens, dtype=torch.int64)
y = torch.tensor(target_tokens, dtype=torch.int64)
return x, y
""",
        'nb17-loss-per-game': """\

batch_size, time_steps, vocab_size = logits.shape
flat_logits = logits.reshape(batch_size * time_steps, vocab_size)
flat_targets = y.reshape(batch_size * time_steps)

# la pérdida de cada posición, sin hacer la media
loss_of_each_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
loss_of_each_position = loss_of_each_position.reshape(batch_size, time_steps)

# 1 donde el objetivo es de verdad, 0 donde es <pad>
is_real_target = (y != 0).to(torch.float32)
loss_only_real = loss_of_each_position * is_real_target

sum_of_losses_per_game = loss_only_real.sum(dim=1)
number_of_real_targets_per_game = is_real_target.sum(dim=1)
mean_loss_per_game = sum_of_losses_per_game / number_of_real_targets_per_game
return mean_loss_per_game
""",
        'nb18-attention-forward': """\

batch_size, sequence_length, model_width = x.shape

# consultas, claves y valores, pegados en 3·d números
queries_keys_values = self.qkv(x)
queries = queries_keys_values[:, :, 0:model_width]
keys = queries_keys_values[:, :, model_width:2 * model_width]
values = queries_keys_values[:, :, 2 * model_width:3 * model_width]

# (B, T, d) -> (B, T, H, D) -> (B, H, T, D)
queries = queries.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
queries = queries.transpose(1, 2)
keys = keys.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
keys = keys.transpose(1, 2)
values = values.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
values = values.transpose(1, 2)

if self.training:
    attention_dropout = self.dropout
else:
    attention_dropout = 0.0

attended = F.scaled_dot_product_attention(queries, keys, values, dropout_p=attention_dropout, is_causal=True)

# otra vez (B, T, H, D) y las cabezas juntas en d
attended = attended.transpose(1, 2)
attended = attended.reshape(batch_size, sequence_length, model_width)

projected = self.proj(attended)
output = self.resid_drop(projected)
return output
""",
        'nb18-block-forward': """\

normalized_for_attention = self.ln1(x)
attention_output = self.attn(normalized_for_attention)
after_first_residual = x + attention_output

normalized_for_mlp = self.ln2(after_first_residual)
mlp_output = self.mlp(normalized_for_mlp)
after_second_residual = after_first_residual + mlp_output
return after_second_residual
""",
        'nb18-decoder-forward': """\

token_embeddings = self.tokens(idx)
position_numbers = torch.arange(0, T, dtype=torch.int64, device=idx.device)
position_embeddings = self.positions(position_numbers)
hidden_state = token_embeddings + position_embeddings
hidden_state = self.drop(hidden_state)

for current_block in self.blocks:
    hidden_state = current_block(hidden_state)

hidden_state = self.ln_f(hidden_state)
logits = self.lm_head(hidden_state)

loss = None
if targets is not None:
    vocab_size = logits.shape[-1]
    flat_logits = logits.reshape(B * T, vocab_size)
    flat_targets = targets.reshape(B * T)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\

parameters_with_decay = []
parameters_without_decay = []
already_seen_ids = set()
for name, parameter in model.named_parameters():
    if id(parameter) in already_seen_ids:
        continue
    already_seen_ids.add(id(parameter))
    if len(parameter.shape) >= 2:
        parameters_with_decay.append(parameter)
    else:
        parameters_without_decay.append(parameter)

first_group = {"params": parameters_with_decay, "weight_decay": weight_decay}
second_group = {"params": parameters_without_decay, "weight_decay": 0.0}
return [first_group, second_group]
""",
        'nb18-lr-at': """\

minimum_learning_rate = lr * min_lr_ratio
if step < warmup:
    learning_rate = lr * step / warmup
elif step <= max_steps:
    progress = (step - warmup) / (max_steps - warmup)
    cosine_factor = 0.5 * (1 + math.cos(math.pi * progress))
    learning_rate = minimum_learning_rate + (lr - minimum_learning_rate) * cosine_factor
else:
    learning_rate = minimum_learning_rate
return float(learning_rate)
""",
    },
    'sixteenth/kevin': {
        'nb11-make-xy': """\

n_windows = max(0, (stream.numel() - 1) // T)
used = n_windows * T
return stream.narrow(0, 0, used).reshape(n_windows, T), stream.narrow(0, 1, used).reshape(n_windows, T)
""",
        'nb11-accumulated-step': """\

def chunk_loss(xs, ys):
    out = model(xs)
    return F.cross_entropy(out.flatten(0, 1), ys.flatten())

opt.zero_grad(set_to_none=True)
total = 0.0
for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
    part = chunk_loss(xs, ys) / n_micro
    part.backward()
    total += part.detach().item()
opt.step()
return total
""",
        'nb11-data-floor': """\

a, b = x.flatten(), y.flatten()
base = int(torch.maximum(a.max(), b.max())) + 1
_, pair_idx, pair_n = torch.unique(a * base + b, return_inverse=True, return_counts=True)
_, cur_idx, cur_n = torch.unique(a, return_inverse=True, return_counts=True)
p = pair_n[pair_idx].double() / cur_n[cur_idx].double()
return -torch.log(p).mean().item()
""",
        'nb17-pad-to': """\

def row(seq):
    head = list(seq[:T])
    return head + [pad_id] * (T - len(head))

return torch.tensor([row(s) for s in seqs], dtype=torch.long).reshape(len(seqs), T)
""",
        'nb17-packed-item': """\

lo = int(starts[i])
window = F.pad(stream[lo : lo + block].to(torch.long), (0, max(0, block - (stream.numel() - lo))), value=0)
window = window[:block]
return window, torch.cat([window[1:], window.new_zeros(1)])
""",
        'nb17-loss-per-game': """\

mask = y.ne(0)
nll = F.cross_entropy(logits.transpose(1, 2), y, reduction="none")
return nll.masked_fill(~mask, 0.0).sum(-1).div(mask.sum(-1)).float()
""",
        'nb18-attention-forward': """\

B, T, C = x.shape

def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
y = F.scaled_dot_product_attention(
    q, k, v, is_causal=True, dropout_p=self.dropout * self.training
)
return self.resid_drop(self.proj(y.transpose(1, 2).reshape(B, T, C)))
""",
        'nb18-block-forward': """\

h = x + self.attn(self.ln1(x))
return h + self.mlp(self.ln2(h))
""",
        'nb18-decoder-forward': """\

h = self.tokens(idx) + self.positions.weight[:T]
h = self.drop(h)
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(
    logits.flatten(0, 1), targets.flatten(), ignore_index=0
)
return logits, loss
""",
        'nb18-param-groups': """\

unique = {id(p): p for p in model.parameters()}.values()
groups = {True: [], False: []}
for p in unique:
    groups[p.ndim >= 2].append(p)
return [dict(params=groups[True], weight_decay=weight_decay), dict(params=groups[False], weight_decay=0.0)]
""",
        'nb18-lr-at': """\

floor = lr * min_lr_ratio
if step < warmup:
    return float(lr * step / warmup)
progress = min(1.0, (step - warmup) / (max_steps - warmup))
return float(floor + (lr - floor) * (1.0 + math.cos(math.pi * progress)) / 2)
""",
    },
    'sixth/leandro': {
        'nb11-make-xy': 'N = (len(stream) - 1) // T\nx = stream[: N * T].reshape(N, T)\ny = stream[1 : N * T + 1].reshape(N, T)\nreturn x, y',
        'nb11-accumulated-step': 'opt.zero_grad()\nsize = x.shape[0] // n_micro\ntotal = 0.0\nfor k in range(n_micro):\n    xs = x[k * size : (k + 1) * size]\n    ys = y[k * size : (k + 1) * size]\n    logits = model(xs)\n    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), ys.reshape(-1)) / n_micro\n    loss.backward()\n    total += loss.item()\nopt.step()\nreturn total',
        'nb11-data-floor': 'pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))\npair_counts = Counter(pairs)\ncurrent_counts = Counter(a for a, b in pairs)\ntotal = 0.0\nfor a, b in pairs:\n    total -= math.log(pair_counts[(a, b)] / current_counts[a])\nreturn total / len(pairs)',
        'nb17-pad-to': 'batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)\nfor i, seq in enumerate(seqs):\n    row = seq[:T]\n    batch[i, : len(row)] = torch.tensor(row, dtype=torch.int64)\nreturn batch',
        'nb17-packed-item': 'start = int(starts[i])\nwindow = stream[start : start + block + 1].to(torch.int64)\nx = torch.zeros(block, dtype=torch.int64)\ny = torch.zeros(block, dtype=torch.int64)\nx[: min(block, len(window))] = window[:block]\ny[: len(window) - 1] = window[1:]\ny[-1] = 0\nreturn x, y',
        'nb17-loss-per-game': 'B, T, V = logits.shape\nlosses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)\nreal = (y != 0).float()\nreturn (losses * real).sum(dim=1) / real.sum(dim=1)',
        'nb18-attention-forward': 'B, T, d = x.shape\nq, k, v = self.qkv(x).split(d, dim=-1)\nq = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)\nk = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)\nv = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)\np = self.dropout if self.training else 0.0\nout = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)\nout = out.transpose(1, 2).contiguous().view(B, T, d)\nreturn self.resid_drop(self.proj(out))',
        'nb18-block-forward': 'x = x + self.attn(self.ln1(x))\nx = x + self.mlp(self.ln2(x))\nreturn x',
        'nb18-decoder-forward': 'pos = torch.arange(T, device=idx.device)\nh = self.drop(self.tokens(idx) + self.positions(pos))\nfor block in self.blocks:\n    h = block(h)\nlogits = self.lm_head(self.ln_f(h))\nloss = None\nif targets is not None:\n    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)\nreturn logits, loss',
        'nb18-param-groups': 'decay = []\nno_decay = []\nfor p in model.parameters():\n    if p.dim() >= 2:\n        decay.append(p)\n    else:\n        no_decay.append(p)\nreturn [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]',
        'nb18-lr-at': 'if step < warmup:\n    return lr * step / warmup\nfloor = lr * min_lr_ratio\nif step >= max_steps:\n    return float(floor)\np = (step - warmup) / (max_steps - warmup)\nreturn floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))',
    },
    'sixth/remedios': {
        'nb11-make-xy': '# Cuántas ventanas completas caben: cada una necesita T entradas y un objetivo más.\nnumber_of_windows = (stream.shape[0] - 1) // T\n\n# Si no cabe ninguna, devuelvo dos tensores vacíos con T columnas.\nif number_of_windows == 0:\n    empty_windows = torch.zeros((0, T), dtype=torch.int64)\n    return empty_windows, empty_windows.clone()\n\ninput_rows = []\ntarget_rows = []\nfor window_index in range(number_of_windows):\n    start_position = window_index * T\n    end_position = start_position + T\n    window_inputs = stream[start_position:end_position]\n    window_targets = stream[start_position + 1:end_position + 1]\n    input_rows.append(window_inputs)\n    target_rows.append(window_targets)\n\nx = torch.stack(input_rows)\ny = torch.stack(target_rows)\nreturn x, y',
        'nb11-accumulated-step': '# Primero borro lo que hubiera en .grad de antes.\nopt.zero_grad()\n\nbatch_size = x.shape[0]\ngames_per_chunk = batch_size // n_micro\ntotal_loss_of_batch = 0.0\n\nfor chunk_number in range(n_micro):\n    first_game = chunk_number * games_per_chunk\n    last_game = first_game + games_per_chunk\n    chunk_inputs = x[first_game:last_game]\n    chunk_targets = y[first_game:last_game]\n\n    chunk_logits = model(chunk_inputs)\n    vocabulary_size = chunk_logits.shape[2]\n    flat_chunk_logits = chunk_logits.reshape(-1, vocabulary_size)\n    flat_chunk_targets = chunk_targets.reshape(-1)\n    chunk_loss = F.cross_entropy(flat_chunk_logits, flat_chunk_targets)\n\n    # Cada trozo es una parte de la media: lo divido entre el número de trozos.\n    chunk_share = chunk_loss / n_micro\n    chunk_share.backward()\n\n    total_loss_of_batch = total_loss_of_batch + chunk_share.item()\n\n# Un solo paso con los gradientes de todos los trozos sumados.\nopt.step()\n\nreturn total_loss_of_batch',
        'nb11-data-floor': 'current_tokens = x.reshape(-1).tolist()\nnext_tokens = y.reshape(-1).tolist()\nnumber_of_positions = len(current_tokens)\n\n# Cuento cuántas veces sale cada pareja y cada token actual.\npair_count = {}\ncurrent_count = {}\nfor position in range(number_of_positions):\n    current_token = current_tokens[position]\n    next_token = next_tokens[position]\n    pair = (current_token, next_token)\n    if pair in pair_count:\n        pair_count[pair] = pair_count[pair] + 1\n    else:\n        pair_count[pair] = 1\n    if current_token in current_count:\n        current_count[current_token] = current_count[current_token] + 1\n    else:\n        current_count[current_token] = 1\n\n# Ahora sumo el logaritmo de la probabilidad en cada posición.\ntotal_log_probability = 0.0\nfor position in range(number_of_positions):\n    current_token = current_tokens[position]\n    next_token = next_tokens[position]\n    probability = pair_count[(current_token, next_token)] / current_count[current_token]\n    total_log_probability = total_log_probability + math.log(probability)\n\nfloor_value = -total_log_probability / number_of_positions\nreturn floor_value',
        'nb17-pad-to': 'all_rows = []\nfor sequence in seqs:\n    # Me quedo como mucho con los T primeros ids.\n    cut_sequence = list(sequence[:T])\n    # Y relleno lo que falte hasta T con pad_id.\n    missing_positions = T - len(cut_sequence)\n    padded_sequence = cut_sequence + [pad_id] * missing_positions\n    all_rows.append(padded_sequence)\n\nresult = torch.tensor(all_rows, dtype=torch.int64)\nreturn result',
        'nb17-packed-item': 'start_position = int(starts[i])\nstream_length = len(stream)\n\n# x: los block tokens desde el <bos>, con 0 si el flujo se acaba.\nx_values = []\nfor offset in range(block):\n    position = start_position + offset\n    if position < stream_length:\n        x_values.append(int(stream[position]))\n    else:\n        x_values.append(0)\n\n# y: el token siguiente de cada posición, menos la última, que siempre es <pad>.\ny_values = []\nfor offset in range(block - 1):\n    next_position = start_position + offset + 1\n    if next_position < stream_length:\n        y_values.append(int(stream[next_position]))\n    else:\n        y_values.append(0)\ny_values.append(0)\n\nx = torch.tensor(x_values, dtype=torch.int64)\ny = torch.tensor(y_values, dtype=torch.int64)\nreturn x, y',
        'nb17-loss-per-game': 'number_of_games = logits.shape[0]\nnumber_of_positions = logits.shape[1]\nvocabulary_size = logits.shape[2]\n\nflat_logits = logits.reshape(number_of_games * number_of_positions, vocabulary_size)\nflat_targets = y.reshape(number_of_games * number_of_positions)\n\n# Con ignore_index=0 y sin reducir, las posiciones de relleno dan pérdida 0.\nflat_losses = F.cross_entropy(flat_logits, flat_targets, reduction="none", ignore_index=0)\nlosses_per_position = flat_losses.reshape(number_of_games, number_of_positions)\n\nreal_targets = y != 0\nnumber_of_real_targets = real_targets.sum(dim=1)\ntotal_loss_per_game = losses_per_position.sum(dim=1)\n\nmean_loss_per_game = total_loss_per_game / number_of_real_targets\nreturn mean_loss_per_game',
        'nb18-attention-forward': 'batch_size, sequence_length, model_size = x.shape\n\n# qkv da las consultas, las claves y los valores pegados: los separo.\nqueries_keys_values = self.qkv(x)\nqueries = queries_keys_values[:, :, 0:model_size]\nkeys = queries_keys_values[:, :, model_size:2 * model_size]\nvalues = queries_keys_values[:, :, 2 * model_size:3 * model_size]\n\n# Reparto cada uno en cabezas y pongo las cabezas delante de las posiciones.\nqueries = queries.reshape(batch_size, sequence_length, self.n_head, self.head_dim)\nqueries = queries.transpose(1, 2)\nkeys = keys.reshape(batch_size, sequence_length, self.n_head, self.head_dim)\nkeys = keys.transpose(1, 2)\nvalues = values.reshape(batch_size, sequence_length, self.n_head, self.head_dim)\nvalues = values.transpose(1, 2)\n\nif self.training:\n    dropout_probability = self.dropout\nelse:\n    dropout_probability = 0.0\n\nattention_output = F.scaled_dot_product_attention(\n    queries, keys, values, dropout_p=dropout_probability, is_causal=True\n)\n\n# Vuelvo a juntar las cabezas de cada posición.\nattention_output = attention_output.transpose(1, 2)\nattention_output = attention_output.reshape(batch_size, sequence_length, model_size)\n\nprojected_output = self.proj(attention_output)\nfinal_output = self.resid_drop(projected_output)\nreturn final_output',
        'nb18-block-forward': '# Primera conexión residual: la atención.\nnormalized_input = self.ln1(x)\nattention_result = self.attn(normalized_input)\nafter_attention = x + attention_result\n\n# Segunda conexión residual: el MLP.\nnormalized_after_attention = self.ln2(after_attention)\nmlp_result = self.mlp(normalized_after_attention)\nblock_output = after_attention + mlp_result\n\nreturn block_output',
        'nb18-decoder-forward': '# Los números de posición 0, 1, ..., T - 1, en el mismo dispositivo que idx.\nposition_numbers = torch.arange(0, T, dtype=torch.long, device=idx.device)\n\ntoken_embeddings = self.tokens(idx)\nposition_embeddings = self.positions(position_numbers)\nhidden_state = token_embeddings + position_embeddings\nhidden_state = self.drop(hidden_state)\n\nfor current_block in self.blocks:\n    hidden_state = current_block(hidden_state)\n\nhidden_state = self.ln_f(hidden_state)\nlogits = self.lm_head(hidden_state)\n\nif targets is None:\n    loss = None\nelse:\n    vocabulary_size = logits.shape[2]\n    flat_logits = logits.reshape(B * T, vocabulary_size)\n    flat_targets = targets.reshape(B * T)\n    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=PAD_ID)\n\nreturn logits, loss',
        'nb18-param-groups': 'parameters_with_decay = []\nparameters_without_decay = []\n\nfor parameter_name, parameter in model.named_parameters():\n    number_of_dimensions = len(parameter.shape)\n    if number_of_dimensions >= 2:\n        parameters_with_decay.append(parameter)\n    else:\n        parameters_without_decay.append(parameter)\n\nfirst_group = {"params": parameters_with_decay, "weight_decay": weight_decay}\nsecond_group = {"params": parameters_without_decay, "weight_decay": 0.0}\ngroups = [first_group, second_group]\nreturn groups',
        'nb18-lr-at': '# Calentamiento: una recta desde 0.\nif step < warmup:\n    warmup_fraction = step / warmup\n    current_lr = lr * warmup_fraction\n    return current_lr\n\nminimum_lr = lr * min_lr_ratio\n\n# Pasado el final, se queda en el suelo.\nif step > max_steps:\n    return minimum_lr\n\n# Coseno desde lr hasta el suelo.\nprogress = (step - warmup) / (max_steps - warmup)\ncosine_value = math.cos(math.pi * progress)\ncurrent_lr = minimum_lr + 0.5 * (lr - minimum_lr) * (1 + cosine_value)\nreturn current_lr',
    },
    'sixth/anselmo': {
        'nb11-make-xy': 'n_windows = (stream.numel() - 1) // T\nif n_windows <= 0:\n    return stream.new_empty((0, T)).long(), stream.new_empty((0, T)).long()\n# T + 1 tokens por ventana, avanzando de T en T: cada ventana comparte un token con la siguiente.\nspans = stream[: n_windows * T + 1].unfold(0, T + 1, T)\nreturn spans[:, :-1].long().contiguous(), spans[:, 1:].long().contiguous()',
        'nb11-accumulated-step': 'opt.zero_grad(set_to_none=True)\nn_targets = y.numel()\nrunning = 0.0\nfor xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro)):\n    logits = model(xb)\n    # Suma de las pérdidas del trozo entre el total de objetivos: su parte exacta de la media.\n    part = F.cross_entropy(logits.flatten(0, 1), yb.reshape(-1), reduction="sum") / n_targets\n    part.backward()\n    running += part.item()\nopt.step()\nreturn float(running)',
        'nb11-data-floor': 'a, b = x.reshape(-1), y.reshape(-1)\n_, pair_of, pair_counts = torch.unique(torch.stack((a, b), dim=1), dim=0, return_inverse=True, return_counts=True)\n_, ctx_of, ctx_counts = torch.unique(a, return_inverse=True, return_counts=True)\np = pair_counts[pair_of].double() / ctx_counts[ctx_of].double()\nreturn float(-p.log().mean())',
        'nb17-pad-to': 'import torch.nn.functional as F\n\ndef fit(ids):\n    row = torch.as_tensor(list(ids)[:T], dtype=torch.long)\n    return F.pad(row, (0, T - row.numel()), value=pad_id)\n\nif not seqs:\n    return torch.empty(0, T, dtype=torch.long)\nreturn torch.stack([fit(s) for s in seqs])',
        'nb17-packed-item': 'import torch.nn.functional as F\n\nbegin = int(starts[i].item())\ntokens = stream[begin : begin + block + 1].long()\ntokens = F.pad(tokens, (0, block + 1 - tokens.numel()), value=0)   # relleno solo al final del flujo\nreturn tokens[:-1], torch.cat([tokens[1:-1], tokens.new_zeros(1)])',
        'nb17-loss-per-game': 'logp = logits.log_softmax(dim=-1)\npicked = logp.gather(-1, y.unsqueeze(-1)).squeeze(-1)\nmask = y.ne(0)\nreturn -picked.masked_fill(~mask, 0.0).sum(-1) / mask.sum(-1)',
        'nb18-attention-forward': 'def heads(t):\n    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)   # (B, H, T, D)\n\nq, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))\np = self.dropout if self.training else 0.0\nmixed = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)\nreturn self.resid_drop(self.proj(mixed.transpose(1, 2).flatten(2)))',
        'nb18-block-forward': 'for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):\n    x = x + layer(norm(x))\nreturn x',
        'nb18-decoder-forward': 'from functools import reduce\n\nh = self.tokens(idx) + self.positions(torch.arange(T, device=idx.device))[None]\nh = reduce(lambda acc, blk: blk(acc), self.blocks, self.drop(h))\nlogits = self.lm_head(self.ln_f(h))\nloss = (None if targets is None\n        else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=PAD_ID))\nreturn logits, loss',
        'nb18-param-groups': 'params = [p for p in model.parameters() if p.requires_grad]\nmatrices = [p for p in params if p.ndim >= 2]\nothers = [p for p in params if p.ndim < 2]\nreturn [dict(params=matrices, weight_decay=weight_decay), dict(params=others, weight_decay=0.0)]',
        'nb18-lr-at': 'if step < warmup:\n    return lr * step / warmup\nfloor = lr * min_lr_ratio\nprogress = min(1.0, (step - warmup) / (max_steps - warmup))\nreturn floor + (lr - floor) * (1.0 + math.cos(math.pi * progress)) / 2.0',
    },
    'styles/principiante14': {
        'nb11-make-xy': """\
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
        'nb11-accumulated-step': """\
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
        'nb11-data-floor': """\
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
        'nb17-pad-to': """\
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
        'nb17-packed-item': """\
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
        'nb17-loss-per-game': """\
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
        'nb18-attention-forward': """\
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
        'nb18-block-forward': """\
normalized_x = self.ln1(x)
attention_output = self.attn(normalized_x)
first_sum = x + attention_output
normalized_first_sum = self.ln2(first_sum)
mlp_output = self.mlp(normalized_first_sum)
second_sum = first_sum + mlp_output
return second_sum
""",
        'nb18-decoder-forward': """\
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
        'nb18-param-groups': """\
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
        'nb18-lr-at': """\
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
    'styles/programador15': {
        'nb11-make-xy': """\
# ventanas de T + 1 tokens que avanzan de T en T: solo salen las completas
windows = stream.unfold(0, T + 1, T)
return windows[:, :-1].long(), windows[:, 1:].long()
""",
        'nb11-accumulated-step': """\
opt.zero_grad(set_to_none=True)
parts = []
for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
    loss = F.cross_entropy(model(xs).flatten(0, 1), ys.flatten()) / n_micro
    loss.backward()
    parts.append(loss.detach())
opt.step()
return torch.stack(parts).sum().item()
""",
        'nb11-data-floor': """\
from collections import Counter
import math

pairs = list(zip(x.flatten().tolist(), y.flatten().tolist()))
pair_counts = Counter(pairs)
current_counts = Counter(a for a, _ in pairs)
return -sum(n * math.log(n / current_counts[a]) for (a, _), n in pair_counts.items()) / len(pairs)
""",
        'nb17-pad-to': """\
from torch.nn.utils.rnn import pad_sequence
import torch.nn.functional as F

rows = [torch.tensor(s[:T], dtype=torch.long) for s in seqs]
batch = pad_sequence(rows, batch_first=True, padding_value=pad_id)
return F.pad(batch, (0, T - batch.shape[1]), value=pad_id)
""",
        'nb17-packed-item': """\
import torch.nn.functional as F

start = int(starts[i])
window = stream[start : start + block].long()
x = F.pad(window, (0, block - len(window)))   # <pad> = 0 si el flujo se acaba
y = torch.cat([x[1:], x.new_zeros(1)])
return x, y
""",
        'nb17-loss-per-game': """\
# cross_entropy quiere las clases en el eje 1: (B, V, T) contra (B, T)
per_position = F.cross_entropy(logits.transpose(1, 2), y, reduction="none", ignore_index=0)
return per_position.sum(-1) / y.ne(0).sum(-1)
""",
        'nb18-attention-forward': """\
B, T, d = x.shape
q, k, v = (t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2) for t in self.qkv(x).split(d, dim=-1))
out = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        'nb18-decoder-forward': """\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos)[None])
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
decay, no_decay = [], []
for p in model.parameters():   # parameters() ya da el peso atado una sola vez
    (decay if p.ndim >= 2 else no_decay).append(p)
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
progress = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + (lr - floor) * 0.5 * (1.0 + math.cos(math.pi * progress))
""",
    },
    'styles/principiante16': {
        'nb11-make-xy': """\
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
        'nb11-accumulated-step': """\
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
        'nb11-data-floor': """\
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
        'nb17-pad-to': """\
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
        'nb17-packed-item': """\
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
        'nb17-loss-per-game': """\
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
        'nb18-attention-forward': """\
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
        'nb18-block-forward': """\
normalized_for_attention = self.ln1(x)
attention_output = self.attn(normalized_for_attention)
after_attention = x + attention_output

normalized_for_mlp = self.ln2(after_attention)
mlp_output = self.mlp(normalized_for_mlp)
result = after_attention + mlp_output
return result
""",
        'nb18-decoder-forward': """\
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
        'nb18-param-groups': """\
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
        'nb18-lr-at': """\
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
    'styles/programador17': {
        'nb11-make-xy': """\
n = max(0, (len(stream) - 1) // T)
if n == 0:
    empty = stream.new_empty((0, T), dtype=torch.long)
    return empty, empty.clone()
# ventanas de T + 1 tokens que avanzan de T en T: comparten un token con la siguiente
windows = stream[: n * T + 1].unfold(0, T + 1, T).long()
return windows[:, :-1], windows[:, 1:]
""",
        'nb11-accumulated-step': """\
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
        'nb11-data-floor': """\
pairs = torch.stack([x.reshape(-1), y.reshape(-1)], dim=1)            # (N, 2)
_, pair_idx, pair_n = torch.unique(pairs, dim=0, return_inverse=True, return_counts=True)
_, ctx_idx, ctx_n = torch.unique(pairs[:, 0], return_inverse=True, return_counts=True)
p = pair_n[pair_idx].double() / ctx_n[ctx_idx].double()               # p(b | a) de cada posición
return float(-p.log().mean())
""",
        'nb17-pad-to': """\
def fit(seq):
    seq = list(seq)[:T]
    return seq + [pad_id] * (T - len(seq))

return torch.tensor([fit(s) for s in seqs], dtype=torch.long).reshape(len(seqs), T)
""",
        'nb17-packed-item': """\
start = int(starts[i])
piece = stream[start : start + block].to(torch.long)
x = F.pad(piece, (0, block - piece.numel()), value=0)   # copia nueva: el flujo no se toca
y = torch.cat([x[1:], x.new_zeros(1)])
return x, y
""",
        'nb17-loss-per-game': """\
# cross_entropy acepta (B, V, T) con objetivos (B, T); ignore_index deja 0 en el relleno
per_position = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")
return per_position.sum(dim=1) / y.ne(0).sum(dim=1)
""",
        'nb18-attention-forward': """\
B, T, _ = x.shape
# (B, T, 3d) -> (B, T, 3, H, D) -> (3, B, H, T, D)
q, k, v = self.qkv(x).unflatten(-1, (3, self.n_head, self.head_dim)).permute(2, 0, 3, 1, 4)
out = F.scaled_dot_product_attention(q, k, v, is_causal=True,
                                     dropout_p=self.dropout if self.training else 0.0)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        'nb18-decoder-forward': """\
from functools import reduce

pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos)[None])
h = reduce(lambda acc, blk: blk(acc), self.blocks, h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
return logits, F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=PAD_ID)
""",
        'nb18-param-groups': """\
unique = list({id(p): p for p in model.parameters()}.values())   # el peso atado, una sola vez
return [
    {"params": [p for p in unique if p.ndim >= 2], "weight_decay": weight_decay},
    {"params": [p for p in unique if p.ndim < 2], "weight_decay": 0.0},
]
""",
        'nb18-lr-at': """\
floor = lr * min_lr_ratio
if step < warmup:
    return float(lr * step / warmup)
p = min(1.0, (step - warmup) / (max_steps - warmup))
return float(floor + 0.5 * (lr - floor) * (1.0 + math.cos(math.pi * p)))
""",
    },
    'styles/principiante18': {
        'nb11-make-xy': """\
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
        'nb11-accumulated-step': """\
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
        'nb11-data-floor': """\
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
        'nb17-pad-to': """\
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
        'nb17-packed-item': """\
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
        'nb17-loss-per-game': """\
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
        'nb18-attention-forward': """\
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
        'nb18-block-forward': """\
normalized_first = self.ln1(x)
attention_result = self.attn(normalized_first)
after_attention = x + attention_result
normalized_second = self.ln2(after_attention)
mlp_result = self.mlp(normalized_second)
output = after_attention + mlp_result
return output
""",
        'nb18-decoder-forward': """\
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
        'nb18-param-groups': """\
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
        'nb18-lr-at': """\
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
    'styles/programador19': {
        'nb11-make-xy': """\
n = max(0, (stream.numel() - 1) // T)
windows = stream[: n * T + 1].unfold(0, T + 1, T)   # (n, T + 1), cada una pisa la siguiente en un token
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
        'nb11-accumulated-step': """\
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
        'nb11-data-floor': """\
pairs = torch.stack([x.reshape(-1), y.reshape(-1)], dim=1)
_, pair_of, pair_n = torch.unique(pairs, dim=0, return_inverse=True, return_counts=True)
_, ctx_of, ctx_n = torch.unique(pairs[:, 0], return_inverse=True, return_counts=True)
p = pair_n[pair_of].double() / ctx_n[ctx_of].double()
return float(-p.log().mean())
""",
        'nb17-pad-to': """\
out = torch.full((len(seqs), T), pad_id, dtype=torch.long)
for row, seq in zip(out, seqs):
    kept = list(seq[:T])
    row[: len(kept)] = torch.as_tensor(kept, dtype=torch.long)
return out
""",
        'nb17-packed-item': """\
start = int(starts[i])
chunk = stream[start : start + block].to(torch.long)
x = F.pad(chunk, (0, block - chunk.numel()), value=0)   # tensor nuevo: stream no se toca
y = torch.cat([x[1:], x.new_zeros(1)])
return x, y
""",
        'nb17-loss-per-game': """\
mask = y.ne(0)
nll = -torch.log_softmax(logits, dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
return (nll * mask).sum(-1) / mask.sum(-1)
""",
        'nb18-attention-forward': """\
B, T, C = x.shape
heads = lambda t: t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)   # (B, H, T, D)
q, k, v = map(heads, self.qkv(x).split(C, dim=-1))
out = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        'nb18-decoder-forward': """\
h = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)))
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=PAD_ID)
return logits, loss
""",
        'nb18-param-groups': """\
params = list(model.parameters())   # parameters() ya da el peso atado una sola vez
return [
    {"params": [p for p in params if p.ndim >= 2], "weight_decay": weight_decay},
    {"params": [p for p in params if p.ndim < 2], "weight_decay": 0.0},
]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1.0 + math.cos(math.pi * p))
""",
    },
    'tenth/lorena': {
        'nb11-make-xy': """\
n = (len(stream) - 1) // T
x = stream[: n * T].reshape(n, T)
y = stream[1 : n * T + 1].reshape(n, T)
return x, y
""",
        'nb11-accumulated-step': """\
opt.zero_grad()
total = 0.0
for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro)):
    logits = model(xb)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), yb.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
        'nb11-data-floor': """\
import math
from collections import Counter

pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_counts = Counter(pairs)
first_counts = Counter(a for a, _ in pairs)
return -sum(math.log(pair_counts[p] / first_counts[p[0]]) for p in pairs) / len(pairs)
""",
        'nb17-pad-to': """\
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    batch[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return batch
""",
        'nb17-packed-item': """\
start = int(starts[i])
window = stream[start : start + block].long()
x = torch.zeros(block, dtype=torch.int64)
x[: len(window)] = window
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
""",
        'nb17-loss-per-game': """\
B, T, V = logits.shape
per_position = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (per_position * real).sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\
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
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
        'nb18-decoder-forward': """\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'tenth/mario': {
        'nb11-make-xy': """\
number_of_windows = (len(stream) - 1) // T
x_rows = []
y_rows = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    input_tokens = stream[window_start : window_start + T]
    target_tokens = stream[window_start + 1 : window_start + T + 1]
    x_rows.append(input_tokens)
    y_rows.append(target_tokens)
x = torch.stack(x_rows)
y = torch.stack(y_rows)
return x, y
""",
        'nb11-accumulated-step': """\
total_batch_size = x.shape[0]
micro_batch_size = total_batch_size // n_micro
opt.zero_grad()
total_loss_value = 0.0
for micro_index in range(n_micro):
    start_row = micro_index * micro_batch_size
    end_row = start_row + micro_batch_size
    micro_x = x[start_row:end_row]
    micro_y = y[start_row:end_row]
    micro_logits = model(micro_x)
    vocabulary_size = micro_logits.shape[-1]
    flat_logits = micro_logits.reshape(-1, vocabulary_size)
    flat_targets = micro_y.reshape(-1)
    micro_loss = F.cross_entropy(flat_logits, flat_targets)
    # cada trozo pone su parte de la media: su media dividida entre el número de trozos
    scaled_loss = micro_loss / n_micro
    scaled_loss.backward()
    total_loss_value = total_loss_value + micro_loss.item() / n_micro
opt.step()
return total_loss_value
""",
        'nb11-data-floor': """\
import math

current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
pair_count = {}
current_count = {}
for current_token, next_token in zip(current_tokens, next_tokens):
    pair = (current_token, next_token)
    if pair in pair_count:
        pair_count[pair] = pair_count[pair] + 1
    else:
        pair_count[pair] = 1
    if current_token in current_count:
        current_count[current_token] = current_count[current_token] + 1
    else:
        current_count[current_token] = 1
total_cost = 0.0
for current_token, next_token in zip(current_tokens, next_tokens):
    probability = pair_count[(current_token, next_token)] / current_count[current_token]
    total_cost = total_cost - math.log(probability)
number_of_positions = len(current_tokens)
return total_cost / number_of_positions
""",
        'nb17-pad-to': """\
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
        'nb17-packed-item': """\
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
    y_values.append(x_values[offset + 1])
y_values.append(0)
x = torch.tensor(x_values, dtype=torch.int64)
y = torch.tensor(y_values, dtype=torch.int64)
return x, y
""",
        'nb17-loss-per-game': """\
batch_size = logits.shape[0]
sequence_length = logits.shape[1]
vocabulary_size = logits.shape[2]
flat_logits = logits.reshape(batch_size * sequence_length, vocabulary_size)
flat_targets = y.reshape(batch_size * sequence_length)
flat_losses = F.cross_entropy(flat_logits, flat_targets, reduction="none", ignore_index=0)
losses_per_position = flat_losses.reshape(batch_size, sequence_length)
is_real_target = y != 0
number_of_real_targets = is_real_target.sum(dim=1)
sum_of_losses = losses_per_position.sum(dim=1)
average_loss = sum_of_losses / number_of_real_targets
return average_loss
""",
        'nb18-attention-forward': """\
batch_size, sequence_length, model_width = x.shape
query_key_value = self.qkv(x)
queries = query_key_value[:, :, 0:model_width]
keys = query_key_value[:, :, model_width : 2 * model_width]
values = query_key_value[:, :, 2 * model_width : 3 * model_width]
queries = queries.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
queries = queries.transpose(1, 2)
keys = keys.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
keys = keys.transpose(1, 2)
values = values.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
values = values.transpose(1, 2)
if self.training:
    attention_dropout = self.dropout
else:
    attention_dropout = 0.0
attended = F.scaled_dot_product_attention(queries, keys, values, dropout_p=attention_dropout, is_causal=True)
attended = attended.transpose(1, 2)
joined_heads = attended.reshape(batch_size, sequence_length, model_width)
projected = self.proj(joined_heads)
output = self.resid_drop(projected)
return output
""",
        'nb18-block-forward': """\
normalized_for_attention = self.ln1(x)
attention_output = self.attn(normalized_for_attention)
after_attention = x + attention_output
normalized_for_mlp = self.ln2(after_attention)
mlp_output = self.mlp(normalized_for_mlp)
result = after_attention + mlp_output
return result
""",
        'nb18-decoder-forward': """\
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
    vocabulary_size = logits.shape[-1]
    flat_logits = logits.reshape(B * T, vocabulary_size)
    flat_targets = targets.reshape(B * T)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
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
        'nb18-lr-at': """\
minimum_lr = lr * min_lr_ratio
if step < warmup:
    fraction_of_warmup = step / warmup
    current_lr = lr * fraction_of_warmup
elif step > max_steps:
    current_lr = minimum_lr
else:
    steps_since_warmup = step - warmup
    decay_steps = max_steps - warmup
    progress = steps_since_warmup / decay_steps
    cosine_value = math.cos(math.pi * progress)
    current_lr = minimum_lr + 0.5 * (lr - minimum_lr) * (1 + cosine_value)
return float(current_lr)
""",
    },
    'tenth/blanca': {
        'nb11-make-xy': """\
n = (stream.numel() - 1) // T
# ventanas de T + 1 tokens que avanzan de T en T: cada una comparte su último token con la siguiente
windows = stream[: n * T + 1].unfold(0, T + 1, T)
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
        'nb11-accumulated-step': """\
def piece_loss(xs, ys):
    logits = model(xs)
    return F.cross_entropy(logits.flatten(0, 1), ys.flatten())

opt.zero_grad(set_to_none=True)
losses = []
for xs, ys in zip(x.tensor_split(n_micro), y.tensor_split(n_micro)):
    loss = piece_loss(xs, ys) / n_micro
    loss.backward()
    losses.append(loss.detach())
opt.step()
return torch.stack(losses).sum().item()
""",
        'nb11-data-floor': """\
flat_x, flat_y = x.flatten(), y.flatten()
_, pair_of, pair_counts = torch.stack([flat_x, flat_y], dim=1).unique(dim=0, return_inverse=True, return_counts=True)
_, context_of, context_counts = flat_x.unique(return_inverse=True, return_counts=True)
p = pair_counts[pair_of].double() / context_counts[context_of].double()
return -p.log().mean().item()
""",
        'nb17-pad-to': """\
import torch.nn.functional as F
from torch.nn.utils.rnn import pad_sequence

rows = [torch.as_tensor(s[:T], dtype=torch.long) for s in seqs]
out = pad_sequence(rows, batch_first=True, padding_value=pad_id)
return F.pad(out, (0, T - out.shape[1]), value=pad_id)
""",
        'nb17-packed-item': """\
import torch.nn.functional as F

begin = starts[i].item()
window = stream[begin : begin + block].to(torch.int64)
x = F.pad(window, (0, block - window.numel()))
y = torch.cat([x[1:], x.new_zeros(1)])
return x, y
""",
        'nb17-loss-per-game': """\
log_probs = logits.log_softmax(dim=-1)
picked = log_probs.gather(-1, y.unsqueeze(-1)).squeeze(-1)
mask = y.ne(0)
return -torch.where(mask, picked, torch.zeros_like(picked)).sum(-1) / mask.sum(-1)
""",
        'nb18-attention-forward': """\
q, k, v = self.qkv(x).unflatten(-1, (3, self.n_head, self.head_dim)).permute(2, 0, 3, 1, 4).unbind(0)
y = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(y.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
        'nb18-decoder-forward': """\
import functools

h = self.drop(self.tokens(idx) + self.positions.weight[:T])
h = functools.reduce(lambda acc, blk: blk(acc), self.blocks, h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
buckets = {True: [], False: []}
for p in model.parameters():
    buckets[p.ndim >= 2].append(p)
return [dict(params=buckets[True], weight_decay=weight_decay), dict(params=buckets[False], weight_decay=0.0)]
""",
        'nb18-lr-at': """\
if step < warmup:
    return float(lr * step / warmup)
progress = min(max(step - warmup, 0) / (max_steps - warmup), 1.0)
floor = lr * min_lr_ratio
return float(floor + (lr - floor) * (1 + math.cos(math.pi * progress)) / 2)
""",
    },
    'third/lucia': {
        'nb11-make-xy': """\

N = (len(stream) - 1) // T
x = stream[:N * T].view(N, T)
y = stream[1:N * T + 1].view(N, T)
return x, y
""",
        'nb11-accumulated-step': """\

opt.zero_grad()
chunk = len(x) // n_micro
loss_sum = 0.0
for k in range(n_micro):
    xs = x[k * chunk:(k + 1) * chunk]
    ys = y[k * chunk:(k + 1) * chunk]
    logits = model(xs)
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), ys.reshape(-1))
    (loss / n_micro).backward()
    loss_sum += loss.item()
opt.step()
return loss_sum / n_micro
""",
        'nb11-data-floor': """\

from collections import Counter
import math

a_list = x.reshape(-1).tolist()
b_list = y.reshape(-1).tolist()
pairs = Counter(zip(a_list, b_list))
firsts = Counter(a_list)
s = 0.0
for (a, b), n in pairs.items():
    s -= n * math.log(n / firsts[a])
return s / len(a_list)
""",
        'nb17-pad-to': """\

out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    out[i, :len(s)] = torch.tensor(s, dtype=torch.int64)
return out
""",
        'nb17-packed-item': """\

start = int(starts[i])
window = stream[start:start + block]
x = torch.zeros(block, dtype=torch.int64)
x[:len(window)] = window
y = torch.zeros(block, dtype=torch.int64)
y[:block - 1] = x[1:]
return x, y
""",
        'nb17-loss-per-game': """\

B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none")
losses = losses.view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\

B, T, d = x.shape
qkv = self.qkv(x)
q = qkv[..., :d]
k = qkv[..., d:2 * d]
v = qkv[..., 2 * d:]
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
y = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
y = y.transpose(1, 2).reshape(B, T, d)
return self.resid_drop(self.proj(y))
""",
        'nb18-block-forward': """\

h = x + self.attn(self.ln1(x))
out = h + self.mlp(self.ln2(h))
return out
""",
        'nb18-decoder-forward': """\

pos = torch.arange(T, device=idx.device)
h = self.tokens(idx) + self.positions(pos)
h = self.drop(h)
for blk in self.blocks:
    h = blk(h)
h = self.ln_f(h)
logits = self.lm_head(h)
if targets is None:
    return logits, None
V = logits.shape[-1]
loss = F.cross_entropy(logits.view(-1, V), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\

with_decay = []
without_decay = []
for p in model.parameters():
    if p.dim() >= 2:
        with_decay.append(p)
    else:
        without_decay.append(p)
return [{"params": with_decay, "weight_decay": weight_decay},
        {"params": without_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\

s = lr * min_lr_ratio
if step < warmup:
    return lr * step / warmup
if step > max_steps:
    return s
p = (step - warmup) / (max_steps - warmup)
return s + 0.5 * (lr - s) * (1 + math.cos(math.pi * p))
""",
    },
    'third/mateo': {
        'nb11-make-xy': """\

number_of_windows = 0
while (number_of_windows + 1) * T + 1 <= len(stream):
    number_of_windows += 1
inputs = torch.zeros((number_of_windows, T), dtype=torch.int64)
targets = torch.zeros((number_of_windows, T), dtype=torch.int64)
for window_index in range(number_of_windows):
    window_start = window_index * T
    inputs[window_index] = stream[window_start:window_start + T]
    targets[window_index] = stream[window_start + 1:window_start + T + 1]
return inputs, targets
""",
        'nb11-accumulated-step': """\

games_per_piece = x.shape[0] // n_micro
opt.zero_grad()
accumulated_loss = 0.0
for piece_number in range(n_micro):
    first_game = piece_number * games_per_piece
    last_game = first_game + games_per_piece
    piece_logits = model(x[first_game:last_game])
    vocabulary_size = piece_logits.shape[-1]
    flat_logits = piece_logits.reshape(-1, vocabulary_size)
    flat_targets = y[first_game:last_game].reshape(-1)
    piece_loss = F.cross_entropy(flat_logits, flat_targets)
    scaled_loss = piece_loss / n_micro
    scaled_loss.backward()
    accumulated_loss = accumulated_loss + piece_loss.item() / n_micro
opt.step()
return accumulated_loss
""",
        'nb11-data-floor': """\

import math

current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
pair_counter = {}
current_counter = {}
for position in range(len(current_tokens)):
    current_token = current_tokens[position]
    next_token = next_tokens[position]
    pair = (current_token, next_token)
    pair_counter[pair] = pair_counter.get(pair, 0) + 1
    current_counter[current_token] = current_counter.get(current_token, 0) + 1
total_cost = 0.0
for position in range(len(current_tokens)):
    current_token = current_tokens[position]
    pair = (current_token, next_tokens[position])
    probability = pair_counter[pair] / current_counter[current_token]
    total_cost = total_cost - math.log(probability)
return total_cost / len(current_tokens)
""",
        'nb17-pad-to': """\

number_of_sequences = len(seqs)
padded_batch = torch.zeros((number_of_sequences, T), dtype=torch.int64)
for row_index in range(number_of_sequences):
    current_sequence = seqs[row_index]
    for column_index in range(T):
        if column_index < len(current_sequence):
            padded_batch[row_index, column_index] = current_sequence[column_index]
        else:
            padded_batch[row_index, column_index] = pad_id
return padded_batch
""",
        'nb17-packed-item': """\

window_start = int(starts[i])
stream_length = len(stream)
inputs = torch.zeros(block, dtype=torch.int64)
targets = torch.zeros(block, dtype=torch.int64)
for offset in range(block):
    position = window_start + offset
    if position < stream_length:
        inputs[offset] = int(stream[position])
for offset in range(block - 1):
    targets[offset] = inputs[offset + 1]
return inputs, targets
""",
        'nb17-loss-per-game': """\

batch_size, sequence_length, vocabulary_size = logits.shape
flat_logits = logits.reshape(batch_size * sequence_length, vocabulary_size)
flat_targets = y.reshape(batch_size * sequence_length)
loss_for_every_position = F.cross_entropy(flat_logits, flat_targets, ignore_index=0, reduction="none")
loss_table = loss_for_every_position.reshape(batch_size, sequence_length)
sum_of_losses = loss_table.sum(dim=1)
number_of_real_targets = (y != 0).sum(dim=1)
return sum_of_losses / number_of_real_targets
""",
        'nb18-attention-forward': """\

batch_size, sequence_length, model_width = x.shape
all_projections = self.qkv(x)
query_part = all_projections[:, :, 0:model_width]
key_part = all_projections[:, :, model_width:2 * model_width]
value_part = all_projections[:, :, 2 * model_width:3 * model_width]
heads_shape = (batch_size, sequence_length, self.n_head, self.head_dim)
query_heads = query_part.reshape(heads_shape).permute(0, 2, 1, 3)
key_heads = key_part.reshape(heads_shape).permute(0, 2, 1, 3)
value_heads = value_part.reshape(heads_shape).permute(0, 2, 1, 3)
if self.training:
    attention_dropout = self.dropout
else:
    attention_dropout = 0.0
attended = F.scaled_dot_product_attention(query_heads, key_heads, value_heads,
                                          dropout_p=attention_dropout, is_causal=True)
joined_heads = attended.permute(0, 2, 1, 3).reshape(batch_size, sequence_length, model_width)
projected = self.proj(joined_heads)
return self.resid_drop(projected)
""",
        'nb18-block-forward': """\

normalized_for_attention = self.ln1(x)
after_attention = x + self.attn(normalized_for_attention)
normalized_for_mlp = self.ln2(after_attention)
after_mlp = after_attention + self.mlp(normalized_for_mlp)
return after_mlp
""",
        'nb18-decoder-forward': """\

position_numbers = torch.arange(0, T, dtype=torch.long, device=idx.device)
token_vectors = self.tokens(idx)
position_vectors = self.positions(position_numbers)
hidden_state = self.drop(token_vectors + position_vectors)
for layer_number in range(len(self.blocks)):
    hidden_state = self.blocks[layer_number](hidden_state)
normalized_state = self.ln_f(hidden_state)
logits = self.lm_head(normalized_state)
if targets is None:
    loss = None
else:
    batch_size, sequence_length, vocabulary_size = logits.shape
    flat_logits = logits.reshape(batch_size * sequence_length, vocabulary_size)
    flat_targets = targets.reshape(batch_size * sequence_length)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\

parameters_with_decay = []
parameters_without_decay = []
already_seen = set()
for parameter_name, parameter in model.named_parameters():
    if id(parameter) in already_seen:
        continue
    already_seen.add(id(parameter))
    if len(parameter.shape) >= 2:
        parameters_with_decay.append(parameter)
    else:
        parameters_without_decay.append(parameter)
first_group = {"params": parameters_with_decay, "weight_decay": weight_decay}
second_group = {"params": parameters_without_decay, "weight_decay": 0.0}
return [first_group, second_group]
""",
        'nb18-lr-at': """\

minimum_learning_rate = lr * min_lr_ratio
if step < warmup:
    fraction_of_warmup = step / warmup
    return float(lr * fraction_of_warmup)
if step >= max_steps:
    return float(minimum_learning_rate)
progress_through_decay = (step - warmup) / (max_steps - warmup)
cosine_factor = (1.0 + math.cos(math.pi * progress_through_decay)) / 2.0
return float(minimum_learning_rate + (lr - minimum_learning_rate) * cosine_factor)
""",
    },
    'third/nora': {
        'nb11-make-xy': """\

n = (stream.numel() - 1) // T
if n <= 0:
    empty = stream.new_empty((0, T))
    return empty, empty.clone()
windows = stream.unfold(0, T + 1, T)[:n]
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
        'nb11-accumulated-step': """\

opt.zero_grad(set_to_none=True)
losses = []
for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro)):
    logits = model(xb)
    loss = F.cross_entropy(logits.flatten(0, 1), yb.flatten())
    loss.div(n_micro).backward()
    losses.append(loss.detach())
opt.step()
return torch.stack(losses).mean().item()
""",
        'nb11-data-floor': """\

pairs = torch.stack([x.flatten(), y.flatten()], dim=1)
_, pair_of, pair_counts = torch.unique(pairs, dim=0, return_inverse=True, return_counts=True)
_, ctx_of, ctx_counts = torch.unique(pairs[:, 0], return_inverse=True, return_counts=True)
p = pair_counts[pair_of].double() / ctx_counts[ctx_of].double()
return -p.log().mean().item()
""",
        'nb17-pad-to': """\

from torch.nn.functional import pad

rows = [torch.as_tensor(list(seq)[:T], dtype=torch.long) for seq in seqs]
if not rows:
    return torch.empty((0, T), dtype=torch.long)
return torch.stack([pad(r, (0, T - r.numel()), value=pad_id) for r in rows])
""",
        'nb17-packed-item': """\

begin = int(starts[i])
chunk = stream[begin:begin + block].to(torch.long)
x = F.pad(chunk, (0, block - chunk.numel()))
y = torch.cat([x[1:], x.new_zeros(1)])
return x, y
""",
        'nb17-loss-per-game': """\

mask = y.ne(0)
nll = -logits.log_softmax(-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
return nll.masked_fill(~mask, 0).sum(1) / mask.sum(1)
""",
        'nb18-attention-forward': """\

B, T, C = x.shape
q, k, v = self.qkv(x).view(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
out = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=self.dropout * self.training)
return self.resid_drop(self.proj(out.transpose(1, 2).reshape(B, T, C)))
""",
        'nb18-block-forward': """\

x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
        'nb18-decoder-forward': """\

h = self.drop(self.tokens(idx) + self.positions.weight[:T])
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\

groups = {True: [], False: []}
for p in model.parameters():
    groups[p.ndim >= 2].append(p)
return [{"params": groups[True], "weight_decay": weight_decay},
        {"params": groups[False], "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\

def cosine(t):
    return 0.5 * (1.0 + math.cos(math.pi * t))

floor = lr * min_lr_ratio
if step < warmup:
    return lr * step / warmup
t = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + (lr - floor) * cosine(t)
""",
    },
    'thirteenth/jacinta': {
        'nb11-make-xy': """\

N = (len(stream) - 1) // T
x = stream[: N * T].view(N, T)
y = stream[1 : N * T + 1].view(N, T)
return x, y
""",
        'nb11-accumulated-step': """\

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
""",
        'nb11-data-floor': """\

from collections import Counter

a = x.reshape(-1).tolist()
b = y.reshape(-1).tolist()
pairs = Counter(zip(a, b))
firsts = Counter(a)
total = 0.0
for (current, following), n in pairs.items():
    total -= n * math.log(n / firsts[current])
return total / len(a)
""",
        'nb17-pad-to': """\

rows = [s[:T] + [pad_id] * (T - len(s[:T])) for s in seqs]
return torch.tensor(rows, dtype=torch.int64)
""",
        'nb17-packed-item': """\

start = int(starts[i])
chunk = torch.zeros(block + 1, dtype=torch.int64)
window = stream[start : start + block + 1]
chunk[: len(window)] = window
x = chunk[:-1]
y = chunk[1:].clone()
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\

B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none").view(B, T)
real = (y != 0).sum(dim=1)
return losses.sum(dim=1) / real
""",
        'nb18-attention-forward': """\

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
        'nb18-block-forward': """\

x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
        'nb18-decoder-forward': """\

pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=PAD_ID)
return logits, loss
""",
        'nb18-param-groups': """\

decay = [p for p in model.parameters() if p.dim() >= 2]
rest = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": rest, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\

if step < warmup:
    return lr * step / warmup
p = min(1.0, (step - warmup) / (max_steps - warmup))
floor = lr * min_lr_ratio
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'thirteenth/norberto': {
        'nb11-make-xy': """\

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
""",
        'nb11-accumulated-step': """\

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
""",
        'nb11-data-floor': """\

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
""",
        'nb17-pad-to': """\

number_of_sequences = len(seqs)
batch = torch.full((number_of_sequences, T), pad_id, dtype=torch.int64)
for row_index in range(number_of_sequences):
    sequence = seqs[row_index]
    for column_index in range(T):
        if column_index < len(sequence):
            batch[row_index, column_index] = sequence[column_index]
return batch
""",
        'nb17-packed-item': """\

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
""",
        'nb17-loss-per-game': """\

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
""",
        'nb18-attention-forward': """\

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
""",
        'nb18-block-forward': """\

normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_first_residual = x + attention_result
normalized_for_mlp = self.ln2(after_first_residual)
mlp_result = self.mlp(normalized_for_mlp)
after_second_residual = after_first_residual + mlp_result
return after_second_residual
""",
        'nb18-decoder-forward': """\

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
""",
        'nb18-param-groups': """\

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
        'nb18-lr-at': """\

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
""",
    },
    'thirteenth/ivan': {
        'nb11-make-xy': """\

windows = stream.unfold(0, T + 1, T)   # (N, T + 1): cada ventana con su último objetivo
return windows[:, :-1].long(), windows[:, 1:].long()
""",
        'nb11-accumulated-step': """\

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
""",
        'nb11-data-floor': """\

pairs = torch.stack((x.flatten(), y.flatten()), dim=1)
_, pair_of, pair_counts = pairs.unique(dim=0, return_inverse=True, return_counts=True)
_, context_of, context_counts = x.flatten().unique(return_inverse=True, return_counts=True)
p = pair_counts[pair_of].double() / context_counts[context_of]
return -p.log().mean().item()
""",
        'nb17-pad-to': """\

import torch.nn.functional as F

def fit(seq):
    head = torch.as_tensor(list(seq)[:T], dtype=torch.long)
    return F.pad(head, (0, T - head.numel()), value=pad_id)

return torch.stack([fit(s) for s in seqs])
""",
        'nb17-packed-item': """\

start = int(starts[i])
window = stream[start : start + block + 1].to(torch.int64)
window = F.pad(window, (0, block + 1 - window.numel()), value=0)
return window[:-1], torch.cat((window[1:-1], window.new_zeros(1)))
""",
        'nb17-loss-per-game': """\

per_position = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")
return per_position.sum(dim=1) / y.ne(0).sum(dim=1)
""",
        'nb18-attention-forward': """\

split_heads = lambda t: t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)
q, k, v = map(split_heads, self.qkv(x).chunk(3, dim=-1))
out = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=self.dropout * self.training)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\

for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
        'nb18-decoder-forward': """\

h = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)))
h = nn.Sequential(*self.blocks)(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=PAD_ID)
return logits, loss
""",
        'nb18-param-groups': """\

params = list(model.parameters())
decay = [p for p in params if p.ndim >= 2]
no_decay = [p for p in params if p.ndim < 2]
return [dict(params=decay, weight_decay=weight_decay), dict(params=no_decay, weight_decay=0.0)]
""",
        'nb18-lr-at': """\

def cosine(fraction):
    return 0.5 * (1.0 + math.cos(math.pi * min(fraction, 1.0)))

floor = lr * min_lr_ratio
if step < warmup:
    return lr * step / warmup
return floor + (lr - floor) * cosine((step - warmup) / (max_steps - warmup))
""",
    },
    'thirtieth/candela': {
        'nb11-make-xy': """\
N = (len(stream) - 1) // T
x = stream[: N * T].view(N, T)
y = stream[1 : N * T + 1].view(N, T)
return x, y
""",
        'nb11-accumulated-step': """\
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
""",
        'nb11-data-floor': """\
import math
from collections import Counter

pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_count = Counter(pairs)
current_count = Counter(a for a, b in pairs)
total = 0.0
for a, b in pairs:
    total -= math.log(pair_count[(a, b)] / current_count[a])
return total / len(pairs)
""",
        'nb17-pad-to': """\
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, seq in enumerate(seqs):
    seq = seq[:T]
    batch[i, : len(seq)] = torch.tensor(seq)
return batch
""",
        'nb17-packed-item': """\
start = int(starts[i])
piece = stream[start : start + block]
x = torch.zeros(block, dtype=torch.int64)
x[: len(piece)] = piece
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
""",
        'nb17-loss-per-game': """\
V = logits.shape[-1]
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none")
losses = losses.view(y.shape)
return losses.sum(dim=1) / (y != 0).sum(dim=1)
""",
        'nb18-attention-forward': """\
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=-1)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).reshape(B, T, d)
return self.resid_drop(self.proj(out))
""",
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
        'nb18-decoder-forward': """\
pos = torch.arange(T, device=idx.device)
x = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    x = block(x)
logits = self.lm_head(self.ln_f(x))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min((step - warmup) / (max_steps - warmup), 1.0)
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'thirtieth/demetrio': {
        'nb11-make-xy': """\
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
""",
        'nb11-accumulated-step': """\
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
""",
        'nb11-data-floor': """\
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
""",
        'nb17-pad-to': """\
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
""",
        'nb17-packed-item': """\
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
""",
        'nb17-loss-per-game': """\
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
""",
        'nb18-attention-forward': """\
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
""",
        'nb18-block-forward': """\
normalized_input = self.ln1(x)
attention_output = self.attn(normalized_input)
after_attention = x + attention_output

normalized_again = self.ln2(after_attention)
mlp_output = self.mlp(normalized_again)
result = after_attention + mlp_output
return result
""",
        'nb18-decoder-forward': """\
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
""",
        'nb18-param-groups': """\
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
        'nb18-lr-at': """\
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
""",
    },
    'thirtieth/esperanza': {
        'nb11-make-xy': """\
n = (stream.numel() - 1) // T
windows = stream[: n * T + 1].unfold(0, T + 1, T)   # (n, T + 1), paso T: comparten un token
return windows[:, :-1], windows[:, 1:]
""",
        'nb11-accumulated-step': """\
opt.zero_grad(set_to_none=True)
seen = 0.0
for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro)):
    share = yb.numel() / y.numel()          # qué parte de la media le toca a este trozo
    part = F.cross_entropy(model(xb).flatten(0, 1), yb.flatten()) * share
    part.backward()
    seen += part.detach().item()
opt.step()
return seen
""",
        'nb11-data-floor': """\
a, b = x.flatten(), y.flatten()
_, pair_of, pair_n = torch.unique(torch.stack([a, b]), dim=1, return_inverse=True, return_counts=True)
_, cur_of, cur_n = torch.unique(a, return_inverse=True, return_counts=True)
p = pair_n[pair_of].double() / cur_n[cur_of].double()
return float(-p.log().mean())
""",
        'nb17-pad-to': """\
import torch.nn.functional as F

def row(seq):
    t = torch.as_tensor(seq[:T], dtype=torch.int64)
    return F.pad(t, (0, T - t.numel()), value=pad_id)

return torch.stack([row(s) for s in seqs])
""",
        'nb17-packed-item': """\
s = int(starts[i])
x = F.pad(stream[s : s + block].long(), (0, max(0, block - (len(stream) - s))), value=0)
y = x.roll(-1)
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\
nll = -logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
real = y.ne(0)
return torch.where(real, nll, torch.zeros_like(nll)).sum(-1) / real.sum(-1)
""",
        'nb18-attention-forward': """\
B, T, _ = x.shape
q, k, v = self.qkv(x).view(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
heads = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=self.dropout if self.training else 0.0)
return self.resid_drop(self.proj(heads.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\
h = x + self.attn(self.ln1(x))
return h + self.mlp(self.ln2(h))
""",
        'nb18-decoder-forward': """\
h = self.drop(self.tokens(idx) + self.positions.weight[:T])   # la tabla de posiciones ya está en su dispositivo
for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.transpose(1, 2), targets, ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
buckets = {True: [], False: []}
for p in model.parameters():               # parameters() ya no repite el peso atado
    buckets[p.ndim >= 2].append(p)
return [dict(params=buckets[True], weight_decay=weight_decay), dict(params=buckets[False], weight_decay=0.0)]
""",
        'nb18-lr-at': """\
def half_cosine(progress):
    return 0.5 * (1.0 + math.cos(math.pi * progress))

if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
return floor + (lr - floor) * half_cosine(min(1.0, (step - warmup) / (max_steps - warmup)))
""",
    },
    'twelfth/agustin': {
        'nb11-make-xy': """\
N = (len(stream) - 1) // T
x = stream[: N * T].view(N, T)
y = stream[1 : N * T + 1].view(N, T)
return x, y
""",
        'nb11-accumulated-step': """\
opt.zero_grad()
total = 0.0
for xs, ys in zip(x.split(x.shape[0] // n_micro), y.split(y.shape[0] // n_micro)):
    logits = model(xs)
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), ys.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
        'nb11-data-floor': """\
pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_counts = Counter(pairs)
current_counts = Counter(a for a, b in pairs)
return -sum(math.log(pair_counts[(a, b)] / current_counts[a]) for a, b in pairs) / len(pairs)
""",
        'nb17-pad-to': """\
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    batch[i, : len(s)] = torch.tensor(s)
return batch
""",
        'nb17-packed-item': """\
start = int(starts[i])
window = stream[start : start + block + 1].long()
chunk = torch.zeros(block + 1, dtype=torch.int64)
chunk[: len(window)] = window
y = chunk[1:].clone()
y[-1] = 0
return chunk[:-1], y
""",
        'nb17-loss-per-game': """\
log_probs = F.log_softmax(logits, dim=-1)
picked = log_probs.gather(-1, y.unsqueeze(-1)).squeeze(-1)
real = (y != 0).float()
return -(picked * real).sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=-1)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
out = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
out = out.transpose(1, 2).reshape(B, T, d)
return self.resid_drop(self.proj(out))
""",
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        'nb18-decoder-forward': """\
h = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
decay = [p for p in model.parameters() if p.dim() >= 2]
rest = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": rest, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'twelfth/bruno': {
        'nb11-make-xy': """\
number_of_windows = (len(stream) - 1) // T
inputs_list = []
targets_list = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    window_end = window_start + T
    inputs_list.append(stream[window_start:window_end])
    targets_list.append(stream[window_start + 1:window_end + 1])
x = torch.stack(inputs_list)
y = torch.stack(targets_list)
return x, y
""",
        'nb11-accumulated-step': """\
batch_size = x.shape[0]
micro_batch_size = batch_size // n_micro
opt.zero_grad()
total_loss_value = 0.0
for micro_index in range(n_micro):
    first_game = micro_index * micro_batch_size
    last_game = first_game + micro_batch_size
    micro_inputs = x[first_game:last_game]
    micro_targets = y[first_game:last_game]
    micro_logits = model(micro_inputs)
    vocabulary_size = micro_logits.shape[-1]
    flat_logits = micro_logits.reshape(-1, vocabulary_size)
    flat_targets = micro_targets.reshape(-1)
    micro_loss = F.cross_entropy(flat_logits, flat_targets)
    # cada trozo pone su parte de la media del lote entero
    scaled_loss = micro_loss / n_micro
    scaled_loss.backward()
    total_loss_value = total_loss_value + micro_loss.item() / n_micro
opt.step()
return total_loss_value
""",
        'nb11-data-floor': """\
import math

current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
pair_counts = {}
current_counts = {}
for current_token, next_token in zip(current_tokens, next_tokens):
    pair = (current_token, next_token)
    if pair in pair_counts:
        pair_counts[pair] += 1
    else:
        pair_counts[pair] = 1
    if current_token in current_counts:
        current_counts[current_token] += 1
    else:
        current_counts[current_token] = 1
total_cost = 0.0
for current_token, next_token in zip(current_tokens, next_tokens):
    probability = pair_counts[(current_token, next_token)] / current_counts[current_token]
    total_cost = total_cost - math.log(probability)
number_of_positions = len(current_tokens)
return total_cost / number_of_positions
""",
        'nb17-pad-to': """\
all_rows = []
for sequence in seqs:
    row = []
    for position in range(T):
        if position < len(sequence):
            row.append(sequence[position])
        else:
            row.append(pad_id)
    all_rows.append(row)
return torch.tensor(all_rows, dtype=torch.int64)
""",
        'nb17-packed-item': """\
start_position = int(starts[i])
window_tokens = []
for offset in range(block):
    position = start_position + offset
    if position < len(stream):
        window_tokens.append(int(stream[position]))
    else:
        window_tokens.append(0)
input_tokens = window_tokens
target_tokens = window_tokens[1:]
target_tokens.append(0)
x = torch.tensor(input_tokens, dtype=torch.int64)
y = torch.tensor(target_tokens, dtype=torch.int64)
return x, y
""",
        'nb17-loss-per-game': """\
batch_size, sequence_length, vocabulary_size = logits.shape
flat_logits = logits.reshape(batch_size * sequence_length, vocabulary_size)
flat_targets = y.reshape(batch_size * sequence_length)
flat_losses = F.cross_entropy(flat_logits, flat_targets, ignore_index=0, reduction="none")
losses_per_position = flat_losses.reshape(batch_size, sequence_length)
is_real_target = y != 0
real_targets_per_game = is_real_target.sum(dim=1)
loss_sum_per_game = losses_per_position.sum(dim=1)
average_loss_per_game = loss_sum_per_game / real_targets_per_game
return average_loss_per_game
""",
        'nb18-attention-forward': """\
batch_size, sequence_length, model_dim = x.shape
number_of_heads = self.n_head
head_size = self.head_dim
all_projections = self.qkv(x)
queries = all_projections[:, :, 0:model_dim]
keys = all_projections[:, :, model_dim:2 * model_dim]
values = all_projections[:, :, 2 * model_dim:3 * model_dim]
queries = queries.reshape(batch_size, sequence_length, number_of_heads, head_size).transpose(1, 2)
keys = keys.reshape(batch_size, sequence_length, number_of_heads, head_size).transpose(1, 2)
values = values.reshape(batch_size, sequence_length, number_of_heads, head_size).transpose(1, 2)
if self.training:
    dropout_probability = self.dropout
else:
    dropout_probability = 0.0
attended = F.scaled_dot_product_attention(queries, keys, values, dropout_p=dropout_probability, is_causal=True)
attended = attended.transpose(1, 2)
joined_heads = attended.reshape(batch_size, sequence_length, model_dim)
projected = self.proj(joined_heads)
output = self.resid_drop(projected)
return output
""",
        'nb18-block-forward': """\
normalized_for_attention = self.ln1(x)
attention_output = self.attn(normalized_for_attention)
after_attention = x + attention_output
normalized_for_mlp = self.ln2(after_attention)
mlp_output = self.mlp(normalized_for_mlp)
after_mlp = after_attention + mlp_output
return after_mlp
""",
        'nb18-decoder-forward': """\
device = idx.device
position_numbers = torch.arange(0, T, dtype=torch.long, device=device)
token_embeddings = self.tokens(idx)
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
    vocabulary_size = logits.shape[-1]
    flat_logits = logits.reshape(B * T, vocabulary_size)
    flat_targets = targets.reshape(B * T)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
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
        'nb18-lr-at': """\
minimum_lr = lr * min_lr_ratio
if step < warmup:
    increase_per_step = lr / warmup
    current_lr = increase_per_step * step
elif step >= max_steps:
    current_lr = minimum_lr
else:
    steps_after_warmup = step - warmup
    cosine_length = max_steps - warmup
    progress = steps_after_warmup / cosine_length
    cosine_factor = (1 + math.cos(math.pi * progress)) / 2
    current_lr = minimum_lr + (lr - minimum_lr) * cosine_factor
return float(current_lr)
""",
    },
    'twelfth/cristina': {
        'nb11-make-xy': """\
n = (stream.numel() - 1) // T
span = stream[: n * T + 1]
return span[:-1].unflatten(0, (n, T)), span[1:].unflatten(0, (n, T))
""",
        'nb11-accumulated-step': """\
def micro_loss(xb, yb):
    logits = model(xb)
    return F.cross_entropy(logits.flatten(0, 1), yb.flatten())

opt.zero_grad(set_to_none=True)
losses = []
for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro)):
    loss = micro_loss(xb, yb)
    (loss / n_micro).backward()  # los trozos son iguales: la media de medias es la media
    losses.append(loss.detach())
opt.step()
return torch.stack(losses).mean().item()
""",
        'nb11-data-floor': """\
flat_x = x.flatten()
pairs = torch.stack([flat_x, y.flatten()], dim=1)
_, pair_of, pair_counts = torch.unique(pairs, dim=0, return_inverse=True, return_counts=True)
_, current_of, current_counts = torch.unique(flat_x, return_inverse=True, return_counts=True)
p = pair_counts[pair_of].double() / current_counts[current_of].double()
return -p.log().mean().item()
""",
        'nb17-pad-to': """\
def fitted(seq):
    kept = list(seq[:T])
    return kept + [pad_id] * (T - len(kept))

return torch.tensor([fitted(s) for s in seqs], dtype=torch.long).reshape(len(seqs), T)
""",
        'nb17-packed-item': """\
start = starts[i].item()
piece = stream[start : start + block + 1].to(torch.int64)
piece = F.pad(piece, (0, block + 1 - piece.numel()), value=0)
x, y = piece[:-1], piece[1:].clone()
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\
keep = y.ne(0)
nll = F.cross_entropy(logits.transpose(1, 2), y, reduction="none")  # (B, T)
return nll.masked_fill(~keep, 0.0).sum(-1) / keep.sum(-1)
""",
        'nb18-attention-forward': """\
B, T, _ = x.shape

def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
causal = torch.ones(T, T, dtype=torch.bool, device=x.device).tril()
out = F.scaled_dot_product_attention(q, k, v, attn_mask=causal, dropout_p=self.dropout if self.training else 0.0)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\
for norm, sublayer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + sublayer(norm(x))
return x
""",
        'nb18-decoder-forward': """\
where = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(where)[None])
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
params = list(model.parameters())

def select(keep):
    return [p for p in params if keep(p.ndim)]

return [
    {"params": select(lambda n: n >= 2), "weight_decay": weight_decay},
    {"params": select(lambda n: n < 2), "weight_decay": 0.0},
]
""",
        'nb18-lr-at': """\
def half_cosine(t):
    return 0.5 * (1.0 + math.cos(math.pi * t))

if step < warmup:
    return float(lr * step / warmup)
t = min(1.0, (step - warmup) / (max_steps - warmup))
floor = lr * min_lr_ratio
return float(floor + (lr - floor) * half_cosine(t))
""",
    },
    'twentieth/ricardo': {
        'nb11-make-xy': """\
N = (len(stream) - 1) // T
x = stream[: N * T].reshape(N, T)
y = stream[1 : N * T + 1].reshape(N, T)
return x, y
""",
        'nb11-accumulated-step': """\
opt.zero_grad()
total = 0.0
for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro)):
    logits = model(xb)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), yb.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
        'nb11-data-floor': """\
from collections import Counter
a = x.reshape(-1).tolist()
b = y.reshape(-1).tolist()
pairs = Counter(zip(a, b))
currents = Counter(a)
total = 0.0
for u, v in zip(a, b):
    total -= math.log(pairs[(u, v)] / currents[u])
return total / len(a)
""",
        'nb17-pad-to': """\
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    batch[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return batch
""",
        'nb17-packed-item': """\
start = int(starts[i])
window = stream[start : start + block + 1]
chunk = torch.zeros(block + 1, dtype=torch.int64)
chunk[: len(window)] = window
x = chunk[:-1]
y = chunk[1:].clone()
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none").view(B, T)
real = (y != 0).float()
return losses.sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\
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
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        'nb18-decoder-forward': """\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'twentieth/tania': {
        'nb11-make-xy': """\
# Cuento cuántas ventanas completas caben: cada una necesita T tokens y uno más de objetivo.
number_of_windows = 0
while (number_of_windows + 1) * T + 1 <= len(stream):
    number_of_windows = number_of_windows + 1

inputs_list = []
targets_list = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    window_inputs = stream[window_start : window_start + T]
    window_targets = stream[window_start + 1 : window_start + T + 1]
    inputs_list.append(window_inputs)
    targets_list.append(window_targets)

if number_of_windows == 0:
    empty_windows = torch.zeros((0, T), dtype=torch.int64)
    return empty_windows, empty_windows.clone()

inputs_tensor = torch.stack(inputs_list)
targets_tensor = torch.stack(targets_list)
return inputs_tensor, targets_tensor
""",
        'nb11-accumulated-step': """\
total_games = x.shape[0]
games_per_chunk = total_games // n_micro

# Primero borro lo que quedara en .grad de antes.
opt.zero_grad()

total_loss_value = 0.0
for chunk_number in range(n_micro):
    first_game = chunk_number * games_per_chunk
    last_game = first_game + games_per_chunk
    chunk_inputs = x[first_game:last_game]
    chunk_targets = y[first_game:last_game]

    chunk_logits = model(chunk_inputs)
    vocabulary_size = chunk_logits.shape[-1]
    flat_logits = chunk_logits.reshape(-1, vocabulary_size)
    flat_targets = chunk_targets.reshape(-1)
    chunk_loss = F.cross_entropy(flat_logits, flat_targets)

    # Cada trozo pone solo su parte de la media del lote entero.
    scaled_chunk_loss = chunk_loss / n_micro
    scaled_chunk_loss.backward()
    total_loss_value = total_loss_value + scaled_chunk_loss.item()

opt.step()
return total_loss_value
""",
        'nb11-data-floor': """\
import math

flat_currents = x.reshape(-1).tolist()
flat_nexts = y.reshape(-1).tolist()
number_of_positions = len(flat_currents)

times_current_seen = {}
times_pair_seen = {}
for position in range(number_of_positions):
    current_token = flat_currents[position]
    next_token = flat_nexts[position]
    if current_token in times_current_seen:
        times_current_seen[current_token] += 1
    else:
        times_current_seen[current_token] = 1
    pair = (current_token, next_token)
    if pair in times_pair_seen:
        times_pair_seen[pair] += 1
    else:
        times_pair_seen[pair] = 1

sum_of_log_probabilities = 0.0
for position in range(number_of_positions):
    current_token = flat_currents[position]
    pair = (current_token, flat_nexts[position])
    probability = times_pair_seen[pair] / times_current_seen[current_token]
    sum_of_log_probabilities = sum_of_log_probabilities + math.log(probability)

floor_value = -sum_of_log_probabilities / number_of_positions
return float(floor_value)
""",
        'nb17-pad-to': """\
padded_rows = []
for sequence in seqs:
    row = []
    for position in range(T):
        if position < len(sequence):
            row.append(sequence[position])
        else:
            row.append(pad_id)
    padded_rows.append(row)
padded_batch = torch.tensor(padded_rows, dtype=torch.int64)
return padded_batch
""",
        'nb17-packed-item': """\
window_start = int(starts[i])
window_values = []
for offset in range(block + 1):
    position_in_stream = window_start + offset
    if position_in_stream < len(stream):
        window_values.append(int(stream[position_in_stream]))
    else:
        window_values.append(0)

input_values = window_values[:block]
target_values = window_values[1:block]
target_values.append(0)  # el último objetivo siempre es <pad>

x = torch.tensor(input_values, dtype=torch.int64)
y = torch.tensor(target_values, dtype=torch.int64)
return x, y
""",
        'nb17-loss-per-game': """\
batch_size = logits.shape[0]
positions = logits.shape[1]
vocabulary_size = logits.shape[2]

flat_logits = logits.reshape(batch_size * positions, vocabulary_size)
flat_targets = y.reshape(batch_size * positions)
loss_of_every_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
loss_table = loss_of_every_position.reshape(batch_size, positions)

is_real_target = y != 0
real_mask_as_float = is_real_target.to(torch.float32)
sum_of_real_losses = (loss_table * real_mask_as_float).sum(dim=1)
number_of_real_targets = real_mask_as_float.sum(dim=1)

average_loss_per_game = sum_of_real_losses / number_of_real_targets
return average_loss_per_game
""",
        'nb18-attention-forward': """\
batch_size, sequence_length, model_width = x.shape

all_projections = self.qkv(x)
queries = all_projections[:, :, 0:model_width]
keys = all_projections[:, :, model_width : 2 * model_width]
values = all_projections[:, :, 2 * model_width : 3 * model_width]

queries = queries.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
keys = keys.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
values = values.reshape(batch_size, sequence_length, self.n_head, self.head_dim)

# Las cabezas delante de las posiciones: (B, H, T, D).
queries = queries.permute(0, 2, 1, 3)
keys = keys.permute(0, 2, 1, 3)
values = values.permute(0, 2, 1, 3)

if self.training:
    dropout_probability = self.dropout
else:
    dropout_probability = 0.0

attention_output = F.scaled_dot_product_attention(
    queries, keys, values, dropout_p=dropout_probability, is_causal=True
)

attention_output = attention_output.permute(0, 2, 1, 3)
attention_output = attention_output.reshape(batch_size, sequence_length, model_width)
projected_output = self.proj(attention_output)
final_output = self.resid_drop(projected_output)
return final_output
""",
        'nb18-block-forward': """\
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_first_residual = x + attention_result

normalized_for_mlp = self.ln2(after_first_residual)
mlp_result = self.mlp(normalized_for_mlp)
after_second_residual = after_first_residual + mlp_result
return after_second_residual
""",
        'nb18-decoder-forward': """\
token_embeddings = self.tokens(idx)
position_numbers = torch.arange(0, T, dtype=torch.long, device=idx.device)
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
    vocabulary_size = logits.shape[-1]
    flat_logits = logits.reshape(B * T, vocabulary_size)
    flat_targets = targets.reshape(B * T)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=PAD_ID)
return logits, loss
""",
        'nb18-param-groups': """\
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
        'nb18-lr-at': """\
minimum_lr = lr * min_lr_ratio
if step < warmup:
    fraction_of_warmup = step / warmup
    current_lr = lr * fraction_of_warmup
elif step >= max_steps:
    current_lr = minimum_lr
else:
    steps_since_warmup = step - warmup
    cosine_length = max_steps - warmup
    progress = steps_since_warmup / cosine_length
    cosine_factor = (1 + math.cos(math.pi * progress)) / 2
    current_lr = minimum_lr + (lr - minimum_lr) * cosine_factor
return float(current_lr)
""",
    },
    'twentieth/valentin': {
        'nb11-make-xy': """\
n_windows = max(0, (stream.numel() - 1) // T)
if n_windows == 0:
    return stream.new_empty((0, T)), stream.new_empty((0, T))
# T + 1 tokens por ventana, con paso T: dos ventanas seguidas comparten un token.
windows = stream[: n_windows * T + 1].unfold(0, T + 1, T)
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
        'nb11-accumulated-step': """\
def summed_loss(inputs, targets):
    logits = model(inputs)
    return F.cross_entropy(logits.flatten(0, 1), targets.flatten(), reduction="sum")

n_targets = y.numel()
opt.zero_grad(set_to_none=True)
total = 0.0
for xb, yb in zip(torch.tensor_split(x, n_micro), torch.tensor_split(y, n_micro)):
    part = summed_loss(xb, yb) / n_targets   # su parte de la media de B·T términos
    part.backward()
    total += part.detach().item()
opt.step()
return float(total)
""",
        'nb11-data-floor': """\
current, following = x.reshape(-1), y.reshape(-1)
_, pair_of, pair_counts = torch.unique(
    torch.stack([current, following]), dim=1, return_inverse=True, return_counts=True
)
_, context_of, context_counts = torch.unique(current, return_inverse=True, return_counts=True)
p = pair_counts[pair_of].double() / context_counts[context_of].double()
return -p.log().mean().item()
""",
        'nb17-pad-to': """\
import torch.nn.functional as F

def fit(seq):
    ids = torch.as_tensor(list(seq)[:T], dtype=torch.long)
    return F.pad(ids, (0, T - ids.numel()), value=pad_id)

if not seqs:
    return torch.empty(0, T, dtype=torch.long)
return torch.stack([fit(seq) for seq in seqs])
""",
        'nb17-packed-item': """\
start = int(starts[i])
piece = stream[start : start + block + 1].to(torch.int64)
piece = torch.nn.functional.pad(piece, (0, block + 1 - piece.numel()), value=0)
x, y = piece[:-1], piece[1:].clone()
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\
nll = -logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
real = y.ne(0)
return nll.masked_fill(~real, 0.0).sum(-1) / real.sum(-1)
""",
        'nb18-attention-forward': """\
def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
p = self.dropout if self.training else 0.0
mixed = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
return self.resid_drop(self.proj(mixed.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\
for norm, sublayer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + sublayer(norm(x))
return x
""",
        'nb18-decoder-forward': """\
h = self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)).unsqueeze(0)
h = self.drop(h)
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    # cross_entropy admite (B, V, T) frente a (B, T): sin aplanar.
    loss = F.cross_entropy(logits.transpose(1, 2), targets, ignore_index=PAD_ID)
return logits, loss
""",
        'nb18-param-groups': """\
by_rank = {True: [], False: []}
for p in model.parameters():
    by_rank[p.ndim >= 2].append(p)
return [dict(params=by_rank[True], weight_decay=weight_decay), dict(params=by_rank[False], weight_decay=0.0)]
""",
        'nb18-lr-at': """\
def half_cosine(progress):
    return 0.5 * (1.0 + math.cos(math.pi * progress))

if step < warmup:
    return float(lr) * step / warmup
floor = lr * min_lr_ratio
progress = min(1.0, (step - warmup) / (max_steps - warmup))
return float(floor + (lr - floor) * half_cosine(progress))
""",
    },
    'twentyeighth/petra': {
        'nb11-make-xy': """\

N = (len(stream) - 1) // T
x = stream[: N * T].view(N, T)
y = stream[1 : N * T + 1].view(N, T)
return x, y
""",
        'nb11-accumulated-step': """\

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
""",
        'nb11-data-floor': """\

from collections import Counter

pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_counts = Counter(pairs)
first_counts = Counter(a for a, _ in pairs)
total = 0.0
for a, b in pairs:
    total -= math.log(pair_counts[(a, b)] / first_counts[a])
return total / len(pairs)
""",
        'nb17-pad-to': """\

batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    batch[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return batch
""",
        'nb17-packed-item': """\

start = int(starts[i])
piece = stream[start : start + block + 1].long()
window = torch.zeros(block + 1, dtype=torch.int64)
window[: len(piece)] = piece
x = window[:-1]
y = window[1:].clone()
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\

B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none").view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\

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
        'nb18-block-forward': """\

x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
        'nb18-decoder-forward': """\

pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\

decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\

if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'twentyeighth/laureano': {
        'nb11-make-xy': """\

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
""",
        'nb11-accumulated-step': """\

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
""",
        'nb11-data-floor': """\

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
""",
        'nb17-pad-to': """\

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
""",
        'nb17-packed-item': """\

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
""",
        'nb17-loss-per-game': """\

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
""",
        'nb18-attention-forward': """\

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
""",
        'nb18-block-forward': """\

normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_attention = x + attention_result
normalized_for_mlp = self.ln2(after_attention)
mlp_result = self.mlp(normalized_for_mlp)
output = after_attention + mlp_result
return output
""",
        'nb18-decoder-forward': """\

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
""",
        'nb18-param-groups': """\

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
""",
        'nb18-lr-at': """\

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
""",
    },
    'twentyeighth/jacoba': {
        'nb11-make-xy': """\

if len(stream) <= T:
    nothing = stream.new_empty((0, T))
    return nothing, nothing.clone()
windows = stream.unfold(0, T + 1, T)          # (N, T + 1): cada ventana con su último objetivo
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
        'nb11-accumulated-step': """\

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
""",
        'nb11-data-floor': """\

def counts_of(rows):
    _, inverse, counts = torch.unique(rows, dim=0, return_inverse=True, return_counts=True)
    return counts[inverse].double()

a, b = x.flatten(), y.flatten()
pair_n = counts_of(torch.stack((a, b), dim=1))
first_n = counts_of(a.unsqueeze(1))
return float(-(pair_n / first_n).log().mean())
""",
        'nb17-pad-to': """\

def fit(seq):
    head = list(seq[:T])
    return head + [pad_id] * (T - len(head))

return torch.tensor([fit(s) for s in seqs], dtype=torch.long).reshape(len(seqs), T)
""",
        'nb17-packed-item': """\

first = starts[i].item()
chunk = stream[first : first + block].to(torch.long)
x = F.pad(chunk, (0, block - chunk.numel()), value=0)
y = torch.cat((x[1:], x.new_zeros(1)))
return x, y
""",
        'nb17-loss-per-game': """\

log_probs = torch.log_softmax(logits.float(), dim=-1)
picked = log_probs.gather(-1, y.unsqueeze(-1)).squeeze(-1)    # (B, T)
mask = y.ne(0).to(picked.dtype)
return -(picked * mask).sum(-1) / mask.sum(-1)
""",
        'nb18-attention-forward': """\

B, T, _ = x.shape
q, k, v = self.qkv(x).unflatten(-1, (3, self.n_head, self.head_dim)).permute(2, 0, 3, 1, 4).unbind(0)
mixed = F.scaled_dot_product_attention(
    q, k, v, is_causal=True, dropout_p=self.dropout if self.training else 0.0
)
return self.resid_drop(self.proj(mixed.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\

residual = x + self.attn(self.ln1(x))
return residual + self.mlp(self.ln2(residual))
""",
        'nb18-decoder-forward': """\

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
""",
        'nb18-param-groups': """\

buckets = {True: [], False: []}
for p in model.parameters():
    buckets[p.ndim >= 2].append(p)
return [
    {"params": buckets[True], "weight_decay": weight_decay},
    {"params": buckets[False], "weight_decay": 0.0},
]
""",
        'nb18-lr-at': """\

def cosine(progress):
    return 0.5 * (1.0 + math.cos(math.pi * progress))

if step < warmup:
    return float(lr * step / warmup)
floor = lr * min_lr_ratio
progress = min(step - warmup, max_steps - warmup) / (max_steps - warmup)
return float(floor + (lr - floor) * cosine(progress))
""",
    },
    'twentyfifth/tamara': {
        'nb11-make-xy': """\
N = (len(stream) - 1) // T
x = stream[: N * T].view(N, T)
y = stream[1 : N * T + 1].view(N, T)
return x, y
""",
        'nb11-accumulated-step': """\
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
""",
        'nb11-data-floor': """\
import math
from collections import Counter

pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_count = Counter(pairs)
current_count = Counter(a for a, _ in pairs)
total = sum(-math.log(pair_count[(a, b)] / current_count[a]) for a, b in pairs)
return total / len(pairs)
""",
        'nb17-pad-to': """\
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    batch[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return batch
""",
        'nb17-packed-item': """\
start = int(starts[i])
window = stream[start : start + block]
x = torch.zeros(block, dtype=torch.int64)
x[: len(window)] = window
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
""",
        'nb17-loss-per-game': """\
B, T, V = logits.shape
each = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none").view(B, T)
real = (y != 0).sum(dim=1)
return each.sum(dim=1) / real
""",
        'nb18-attention-forward': """\
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=-1)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).reshape(B, T, d)
return self.resid_drop(self.proj(out))
""",
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        'nb18-decoder-forward': """\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1), ignore_index=PAD_ID)
return logits, loss
""",
        'nb18-param-groups': """\
decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'twentyfifth/bernabe': {
        'nb11-make-xy': """\
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
""",
        'nb11-accumulated-step': """\
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
""",
        'nb11-data-floor': """\
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
""",
        'nb17-pad-to': """\
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
""",
        'nb17-packed-item': """\
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
""",
        'nb17-loss-per-game': """\
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
""",
        'nb18-attention-forward': """\
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
""",
        'nb18-block-forward': """\
normalized_for_attention = self.ln1(x)
attention_output = self.attn(normalized_for_attention)
after_attention = x + attention_output

normalized_for_mlp = self.ln2(after_attention)
mlp_output = self.mlp(normalized_for_mlp)
after_mlp = after_attention + mlp_output
return after_mlp
""",
        'nb18-decoder-forward': """\
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
""",
        'nb18-param-groups': """\
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
        'nb18-lr-at': """\
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
""",
    },
    'twentyfifth/catalina': {
        'nb11-make-xy': """\
n = (stream.numel() - 1) // T
if n <= 0:
    return stream.new_empty((0, T)), stream.new_empty((0, T))
pieces = stream[: n * T + 1].unfold(0, T + 1, T)   # (n, T + 1): ventanas que comparten un token
return pieces[:, :-1].contiguous(), pieces[:, 1:].contiguous()
""",
        'nb11-accumulated-step': """\
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
""",
        'nb11-data-floor': """\
flat_x, flat_y = x.flatten(), y.flatten()
pairs = torch.stack([flat_x, flat_y], dim=1)
_, pair_of, pair_counts = torch.unique(pairs, dim=0, return_inverse=True, return_counts=True)
_, ctx_of, ctx_counts = torch.unique(flat_x, return_inverse=True, return_counts=True)
p = pair_counts[pair_of].double() / ctx_counts[ctx_of].double()
return -p.log().mean().item()
""",
        'nb17-pad-to': """\
from torch.nn.utils.rnn import pad_sequence
import torch.nn.functional as F

rows = [torch.tensor(list(s[:T]), dtype=torch.long) for s in seqs]
padded = pad_sequence(rows, batch_first=True, padding_value=pad_id)
return F.pad(padded, (0, T - padded.shape[1]), value=pad_id)
""",
        'nb17-packed-item': """\
start = int(starts[i])
piece = stream[start : start + block].to(torch.int64)
x = torch.cat([piece, piece.new_zeros(block - piece.numel())])
y = torch.roll(x, -1)
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\
nll = -logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
mask = y.ne(0)
return torch.where(mask, nll, torch.zeros_like(nll)).sum(-1) / mask.sum(-1)
""",
        'nb18-attention-forward': """\
B, T, d = x.shape
qkv = self.qkv(x).view(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
q, k, v = qkv.unbind(0)
causal = torch.ones(T, T, dtype=torch.bool, device=x.device).tril()
mixed = F.scaled_dot_product_attention(q, k, v, attn_mask=causal, dropout_p=self.dropout if self.training else 0.0)
return self.resid_drop(self.proj(mixed.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
        'nb18-decoder-forward': """\
h = self.drop(self.tokens(idx) + self.positions.weight[:T])
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
return logits, F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
""",
        'nb18-param-groups': """\
buckets = {True: [], False: []}
for p in model.parameters():
    buckets[p.ndim >= 2].append(p)
return [{"params": buckets[True], "weight_decay": weight_decay},
        {"params": buckets[False], "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
def cosine(progress):
    return 0.5 * (1.0 + math.cos(math.pi * progress))

if step < warmup:
    return float(lr) * step / warmup
floor = lr * min_lr_ratio
progress = min(max(step - warmup, 0) / (max_steps - warmup), 1.0)
return float(floor + (lr - floor) * cosine(progress))
""",
    },
    'twentyfirst/adolfo': {
        'nb11-make-xy': """\
N = (len(stream) - 1) // T
x = stream[: N * T].view(N, T)
y = stream[1 : N * T + 1].view(N, T)
return x, y
""",
        'nb11-accumulated-step': """\
opt.zero_grad()
size = x.shape[0] // n_micro
total = 0.0
for k in range(n_micro):
    xs, ys = x[k * size : (k + 1) * size], y[k * size : (k + 1) * size]
    logits = model(xs)
    # cada trozo pone su parte de la media: su media dividida entre n_micro
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), ys.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
        'nb11-data-floor': """\
pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_counts = Counter(pairs)
current_counts = Counter(a for a, b in pairs)
total = 0.0
for a, b in pairs:
    total -= math.log(pair_counts[(a, b)] / current_counts[a])
return total / len(pairs)
""",
        'nb17-pad-to': """\
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    batch[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return batch
""",
        'nb17-packed-item': """\
start = int(starts[i])
piece = stream[start : start + block]
x = torch.zeros(block, dtype=torch.int64)
x[: len(piece)] = piece
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
""",
        'nb17-loss-per-game': """\
B, T, V = logits.shape
losses = F.cross_entropy(logits.view(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=2)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(out))
""",
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        'nb18-decoder-forward': """\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'twentyfirst/barbara': {
        'nb11-make-xy': """\
number_of_tokens = stream.shape[0]

# cuento cuántas ventanas completas caben (cada una necesita T + 1 tokens)
number_of_windows = 0
while (number_of_windows + 1) * T + 1 <= number_of_tokens:
    number_of_windows = number_of_windows + 1

if number_of_windows == 0:
    empty_inputs = torch.zeros((0, T), dtype=torch.int64)
    empty_targets = torch.zeros((0, T), dtype=torch.int64)
    return empty_inputs, empty_targets

input_rows = []
target_rows = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    input_window = stream[window_start : window_start + T]
    target_window = stream[window_start + 1 : window_start + T + 1]
    input_rows.append(input_window)
    target_rows.append(target_window)

inputs = torch.stack(input_rows)
targets = torch.stack(target_rows)
return inputs, targets
""",
        'nb11-accumulated-step': """\
# primero borro lo que hubiera en .grad
opt.zero_grad()

total_games = x.shape[0]
games_per_piece = total_games // n_micro
sum_of_piece_losses = 0.0

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
    # todos los trozos tienen las mismas posiciones: cada uno vale 1/n_micro de la media
    scaled_loss = piece_loss / n_micro
    scaled_loss.backward()

    sum_of_piece_losses = sum_of_piece_losses + piece_loss.item()

opt.step()

loss_of_whole_batch = sum_of_piece_losses / n_micro
return loss_of_whole_batch
""",
        'nb11-data-floor': """\
import math

current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()

pair_counter = {}
current_counter = {}
for position in range(len(current_tokens)):
    current_token = current_tokens[position]
    next_token = next_tokens[position]
    pair = (current_token, next_token)
    if pair in pair_counter:
        pair_counter[pair] = pair_counter[pair] + 1
    else:
        pair_counter[pair] = 1
    if current_token in current_counter:
        current_counter[current_token] = current_counter[current_token] + 1
    else:
        current_counter[current_token] = 1

sum_of_losses = 0.0
for position in range(len(current_tokens)):
    current_token = current_tokens[position]
    pair = (current_token, next_tokens[position])
    probability = pair_counter[pair] / current_counter[current_token]
    sum_of_losses = sum_of_losses - math.log(probability)

number_of_positions = len(current_tokens)
return sum_of_losses / number_of_positions
""",
        'nb17-pad-to': """\
padded_rows = []
for sequence in seqs:
    row = []
    for token in sequence:
        if len(row) < T:
            row.append(token)
    while len(row) < T:
        row.append(pad_id)
    padded_rows.append(row)

result = torch.tensor(padded_rows, dtype=torch.int64)
return result
""",
        'nb17-packed-item': """\
start_position = int(starts[i])
total_length = len(stream)

x_values = []
for offset in range(block):
    position = start_position + offset
    if position < total_length:
        x_values.append(int(stream[position]))
    else:
        x_values.append(0)

y_values = []
for offset in range(block - 1):
    y_values.append(x_values[offset + 1])
y_values.append(0)

x = torch.tensor(x_values, dtype=torch.int64)
y = torch.tensor(y_values, dtype=torch.int64)
return x, y
""",
        'nb17-loss-per-game': """\
batch_size = logits.shape[0]
length = logits.shape[1]
vocabulary_size = logits.shape[2]

flat_logits = logits.reshape(batch_size * length, vocabulary_size)
flat_targets = y.reshape(batch_size * length)
loss_every_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
loss_table = loss_every_position.reshape(batch_size, length)

is_real_target = y != 0
real_mask = is_real_target.float()
loss_of_real_targets = loss_table * real_mask

sum_per_game = loss_of_real_targets.sum(dim=1)
count_per_game = real_mask.sum(dim=1)
mean_per_game = sum_per_game / count_per_game
return mean_per_game
""",
        'nb18-attention-forward': """\
batch_size, sequence_length, model_dim = x.shape

all_projections = self.qkv(x)
queries = all_projections[:, :, 0:model_dim]
keys = all_projections[:, :, model_dim : 2 * model_dim]
values = all_projections[:, :, 2 * model_dim : 3 * model_dim]

# repartir en cabezas y ponerlas delante de las posiciones
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
attention_output = attention_output.reshape(batch_size, sequence_length, model_dim)
projected_output = self.proj(attention_output)
final_output = self.resid_drop(projected_output)
return final_output
""",
        'nb18-block-forward': """\
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_first_sum = x + attention_result

normalized_for_mlp = self.ln2(after_first_sum)
mlp_result = self.mlp(normalized_for_mlp)
after_second_sum = after_first_sum + mlp_result
return after_second_sum
""",
        'nb18-decoder-forward': """\
position_numbers = torch.arange(0, T, device=idx.device)
token_vectors = self.tokens(idx)
position_vectors = self.positions(position_numbers)
hidden = token_vectors + position_vectors
hidden = self.drop(hidden)

for block_number in range(len(self.blocks)):
    current_block = self.blocks[block_number]
    hidden = current_block(hidden)

hidden = self.ln_f(hidden)
logits = self.lm_head(hidden)

if targets is None:
    loss = None
else:
    vocabulary_size = logits.shape[-1]
    flat_logits = logits.reshape(B * T, vocabulary_size)
    flat_targets = targets.reshape(B * T)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
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
groups = [first_group, second_group]
return groups
""",
        'nb18-lr-at': """\
import math

if step < warmup:
    increase_per_step = lr / warmup
    current_lr = increase_per_step * step
    return float(current_lr)

lowest_lr = lr * min_lr_ratio
if step > max_steps:
    return float(lowest_lr)

progress = (step - warmup) / (max_steps - warmup)
cosine_value = math.cos(math.pi * progress)
current_lr = lowest_lr + 0.5 * (lr - lowest_lr) * (1 + cosine_value)
return float(current_lr)
""",
    },
    'twentyfirst/cristobal': {
        'nb11-make-xy': """\
if stream.numel() <= T:  # ni una ventana completa
    return stream.new_empty(0, T), stream.new_empty(0, T)
chunks = stream.unfold(0, T + 1, T)  # (N, T + 1): cada ventana con su último objetivo
return chunks[:, :-1].contiguous(), chunks[:, 1:].contiguous()
""",
        'nb11-accumulated-step': """\
opt.zero_grad(set_to_none=True)
parts = []
for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
    part = F.cross_entropy(model(xs).flatten(0, 1), ys.flatten()) / n_micro
    part.backward()
    parts.append(part.detach())
opt.step()
return torch.stack(parts).sum().item()
""",
        'nb11-data-floor': """\
a, b = x.flatten(), y.flatten()
_, pair_of, pair_n = torch.unique(torch.stack([a, b]), dim=1, return_inverse=True, return_counts=True)
_, cur_of, cur_n = torch.unique(a, return_inverse=True, return_counts=True)
p = pair_n[pair_of].double() / cur_n[cur_of].double()
return float(-p.log().mean())
""",
        'nb17-pad-to': """\
import torch.nn.functional as F

def fit(seq):
    row = torch.as_tensor(list(seq[:T]), dtype=torch.long)
    return F.pad(row, (0, T - row.numel()), value=pad_id)

return torch.stack([fit(s) for s in seqs])
""",
        'nb17-packed-item': """\
import torch.nn.functional as F

start = int(starts[i])
window = stream[start : start + block + 1].to(torch.long)
window = F.pad(window, (0, block + 1 - window.numel()))  # <pad> = 0 donde se acaba el flujo
x, y = window[:-1], window[1:].clone()
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\
nll = F.cross_entropy(logits.transpose(1, 2), y, reduction="none", ignore_index=0)  # (B, T)
return nll.sum(1) / y.ne(0).sum(1)
""",
        'nb18-attention-forward': """\
def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
mixed = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(mixed.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
        'nb18-decoder-forward': """\
from functools import reduce

h = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)))
h = reduce(lambda acc, blk: blk(acc), self.blocks, h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
by_rank = {True: [], False: []}
for p in model.parameters():
    by_rank[p.ndim >= 2].append(p)
return [{"params": by_rank[True], "weight_decay": weight_decay},
        {"params": by_rank[False], "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
progress = min((step - warmup) / (max_steps - warmup), 1.0)
return floor + (lr - floor) * 0.5 * (1.0 + math.cos(math.pi * progress))
""",
    },
    'twentyfourth/jimena': {
        'nb11-make-xy': """\
N = (len(stream) - 1) // T
x = stream[:N * T].view(N, T)
y = stream[1:N * T + 1].view(N, T)
return x, y
""",
        'nb11-accumulated-step': """\
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
        'nb11-data-floor': """\
pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_count = Counter(pairs)
current_count = Counter(a for a, b in pairs)
return -sum(math.log(pair_count[(a, b)] / current_count[a]) for a, b in pairs) / len(pairs)
""",
        'nb17-pad-to': """\
rows = [s[:T] + [pad_id] * (T - len(s[:T])) for s in seqs]
return torch.tensor(rows, dtype=torch.int64)
""",
        'nb17-packed-item': """\
start = int(starts[i])
window = stream[start:start + block + 1].long()
if len(window) < block + 1:
    window = torch.cat([window, torch.zeros(block + 1 - len(window), dtype=torch.int64)])
x = window[:-1]
y = window[1:].clone()
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\
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
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        'nb18-decoder-forward': """\
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
        'nb18-param-groups': """\
decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'twentyfourth/prudencio': {
        'nb11-make-xy': """\
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
        'nb11-accumulated-step': """\
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
        'nb11-data-floor': """\
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
        'nb17-pad-to': """\
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
        'nb17-packed-item': """\
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
        'nb17-loss-per-game': """\
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
        'nb18-attention-forward': """\
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
        'nb18-block-forward': """\
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_first_sum = x + attention_result
normalized_for_mlp = self.ln2(after_first_sum)
mlp_result = self.mlp(normalized_for_mlp)
after_second_sum = after_first_sum + mlp_result
return after_second_sum
""",
        'nb18-decoder-forward': """\
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
        'nb18-param-groups': """\
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
        'nb18-lr-at': """\
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
    'twentyfourth/rebeca': {
        'nb11-make-xy': """\
pieces = stream.unfold(0, T + 1, T)  # (N, T + 1): cada ventana con su último objetivo
return pieces[:, :-1].contiguous(), pieces[:, 1:].contiguous()
""",
        'nb11-accumulated-step': """\
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
        'nb11-data-floor': """\
a, b = x.flatten(), y.flatten()
_, pair_of, pair_n = torch.stack([a, b]).unique(dim=1, return_inverse=True, return_counts=True)
_, cur_of, cur_n = a.unique(return_inverse=True, return_counts=True)
p = pair_n[pair_of].double() / cur_n[cur_of].double()
return -p.log().mean().item()
""",
        'nb17-pad-to': """\
import torch.nn.functional as F
from torch.nn.utils.rnn import pad_sequence

cut = [torch.as_tensor(s[:T], dtype=torch.int64) for s in seqs]
packed = pad_sequence(cut, batch_first=True, padding_value=pad_id)
return F.pad(packed, (0, T - packed.shape[1]), value=pad_id)
""",
        'nb17-packed-item': """\
start = int(starts[i])
chunk = stream[start:start + block + 1].to(torch.int64)
chunk = F.pad(chunk, (0, block + 1 - chunk.numel()))  # <pad> = 0 donde se acaba el flujo
return chunk[:block], torch.cat([chunk[1:block], chunk.new_zeros(1)])
""",
        'nb17-loss-per-game': """\
nll = -logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
mask = y.ne(0)
return torch.where(mask, nll, torch.zeros_like(nll)).sum(1) / mask.sum(1)
""",
        'nb18-attention-forward': """\
def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
out = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
        'nb18-decoder-forward': """\
from functools import reduce

h = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)))
h = reduce(lambda acc, blk: blk(acc), self.blocks, h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
return logits, F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
""",
        'nb18-param-groups': """\
split = {True: [], False: []}
for p in model.parameters():
    split[p.ndim >= 2].append(p)
return [{"params": split[True], "weight_decay": weight_decay},
        {"params": split[False], "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
progress = min(max(step - warmup, 0) / (max_steps - warmup), 1.0)
return floor + (lr - floor) * (1 + math.cos(math.pi * progress)) / 2
""",
    },
    'twentyninth/tadeo': {
        'nb11-make-xy': """\

n = (len(stream) - 1) // T
x = stream[: n * T].view(n, T)
y = stream[1 : n * T + 1].view(n, T)
return x, y
""",
        'nb11-accumulated-step': """\

opt.zero_grad()
total = 0.0
for xs, ys in zip(x.split(x.shape[0] // n_micro), y.split(y.shape[0] // n_micro)):
    logits = model(xs)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), ys.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
        'nb11-data-floor': """\

pairs = Counter(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
seen = Counter(x.reshape(-1).tolist())
return -sum(n * math.log(n / seen[a]) for (a, b), n in pairs.items()) / x.numel()
""",
        'nb17-pad-to': """\

out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    out[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return out
""",
        'nb17-packed-item': """\

start = int(starts[i])
window = stream[start : start + block + 1].long()
window = torch.cat([window, torch.zeros(block + 1 - len(window), dtype=torch.int64)])
x = window[:-1]
y = window[1:]
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\

B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\

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
        'nb18-block-forward': """\

x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        'nb18-decoder-forward': """\

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
        'nb18-param-groups': """\

decay = [p for p in model.parameters() if p.dim() >= 2]
rest = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": rest, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\

if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'twentyninth/valeriano': {
        'nb11-make-xy': """\

total_tokens = stream.shape[0]
number_of_windows = 0
while (number_of_windows + 1) * T + 1 <= total_tokens:
    number_of_windows = number_of_windows + 1
rows_of_inputs = []
rows_of_targets = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    input_row = stream[window_start : window_start + T]
    target_row = stream[window_start + 1 : window_start + T + 1]
    rows_of_inputs.append(input_row)
    rows_of_targets.append(target_row)
inputs = torch.stack(rows_of_inputs)
targets = torch.stack(rows_of_targets)
return inputs, targets
""",
        'nb11-accumulated-step': """\

# borro lo que hubiera en .grad antes de empezar
opt.zero_grad()
batch_size = x.shape[0]
micro_size = batch_size // n_micro
total_loss = 0.0
for micro_index in range(n_micro):
    first_game = micro_index * micro_size
    last_game = first_game + micro_size
    micro_inputs = x[first_game:last_game]
    micro_targets = y[first_game:last_game]
    micro_logits = model(micro_inputs)
    vocabulary_size = micro_logits.shape[-1]
    flat_logits = micro_logits.reshape(-1, vocabulary_size)
    flat_targets = micro_targets.reshape(-1)
    micro_loss = F.cross_entropy(flat_logits, flat_targets)
    # cada trozo pone 1/n_micro de la media del lote entero
    scaled_loss = micro_loss / n_micro
    scaled_loss.backward()
    total_loss = total_loss + scaled_loss.item()
# un solo paso al final, con los gradientes de todos los trozos sumados
opt.step()
return total_loss
""",
        'nb11-data-floor': """\

all_current = x.reshape(-1).tolist()
all_next = y.reshape(-1).tolist()
count_of_pairs = {}
count_of_current = {}
for position in range(len(all_current)):
    current_token = all_current[position]
    next_token = all_next[position]
    pair = (current_token, next_token)
    if pair in count_of_pairs:
        count_of_pairs[pair] = count_of_pairs[pair] + 1
    else:
        count_of_pairs[pair] = 1
    if current_token in count_of_current:
        count_of_current[current_token] = count_of_current[current_token] + 1
    else:
        count_of_current[current_token] = 1
sum_of_costs = 0.0
for position in range(len(all_current)):
    current_token = all_current[position]
    next_token = all_next[position]
    probability = count_of_pairs[(current_token, next_token)] / count_of_current[current_token]
    sum_of_costs = sum_of_costs - math.log(probability)
number_of_positions = len(all_current)
return sum_of_costs / number_of_positions
""",
        'nb17-pad-to': """\

padded_rows = []
for sequence in seqs:
    new_row = []
    for token in sequence:
        if len(new_row) < T:
            new_row.append(token)
    while len(new_row) < T:
        new_row.append(pad_id)
    padded_rows.append(new_row)
result = torch.tensor(padded_rows, dtype=torch.int64)
return result
""",
        'nb17-packed-item': """\

start_position = int(starts[i])
stream_length = stream.shape[0]
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
x_window = torch.tensor(input_tokens, dtype=torch.int64)
y_window = torch.tensor(target_tokens, dtype=torch.int64)
return x_window, y_window
""",
        'nb17-loss-per-game': """\

batch_size = logits.shape[0]
number_of_positions = logits.shape[1]
vocabulary_size = logits.shape[2]
flat_logits = logits.reshape(batch_size * number_of_positions, vocabulary_size)
flat_targets = y.reshape(batch_size * number_of_positions)
# con ignore_index=0 las posiciones de relleno dan pérdida 0
loss_of_each_position = F.cross_entropy(flat_logits, flat_targets, ignore_index=0, reduction="none")
loss_table = loss_of_each_position.reshape(batch_size, number_of_positions)
is_real_target = y != 0
sum_per_game = loss_table.sum(dim=1)
count_per_game = is_real_target.sum(dim=1)
mean_per_game = sum_per_game / count_per_game
return mean_per_game
""",
        'nb18-attention-forward': """\

batch_size, sequence_length, model_dim = x.shape
all_three = self.qkv(x)
queries = all_three[:, :, 0:model_dim]
keys = all_three[:, :, model_dim : 2 * model_dim]
values = all_three[:, :, 2 * model_dim : 3 * model_dim]
queries = queries.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
queries = queries.transpose(1, 2)
keys = keys.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
keys = keys.transpose(1, 2)
values = values.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
values = values.transpose(1, 2)
if self.training:
    attention_dropout = self.dropout
else:
    attention_dropout = 0.0
attended = F.scaled_dot_product_attention(queries, keys, values, dropout_p=attention_dropout, is_causal=True)
attended = attended.transpose(1, 2)
joined_heads = attended.reshape(batch_size, sequence_length, model_dim)
projected = self.proj(joined_heads)
output = self.resid_drop(projected)
return output
""",
        'nb18-block-forward': """\

normalized_first = self.ln1(x)
attention_output = self.attn(normalized_first)
after_attention = x + attention_output
normalized_second = self.ln2(after_attention)
mlp_output = self.mlp(normalized_second)
final_output = after_attention + mlp_output
return final_output
""",
        'nb18-decoder-forward': """\

token_embeddings = self.tokens(idx)
position_numbers = torch.arange(0, T, dtype=torch.long, device=idx.device)
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
    vocabulary_size = logits.shape[-1]
    flat_logits = logits.reshape(B * T, vocabulary_size)
    flat_targets = targets.reshape(B * T)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\

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
        'nb18-lr-at': """\

if step < warmup:
    warmup_fraction = step / warmup
    current_lr = lr * warmup_fraction
    return float(current_lr)
lowest_lr = lr * min_lr_ratio
if step >= max_steps:
    return float(lowest_lr)
progress = (step - warmup) / (max_steps - warmup)
cosine_factor = (1 + math.cos(math.pi * progress)) / 2
current_lr = lowest_lr + (lr - lowest_lr) * cosine_factor
return float(current_lr)
""",
    },
    'twentyninth/yaiza': {
        'nb11-make-xy': """\

n = (stream.numel() - 1) // T
# ventanas de T + 1 tokens que avanzan de T en T: cada una trae sus entradas y sus objetivos
windows = stream[: n * T + 1].unfold(0, T + 1, T)
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
        'nb11-accumulated-step': """\

def scaled_backward(xs, ys):
    logits = model(xs)
    part = F.cross_entropy(logits.flatten(0, 1), ys.flatten()) / n_micro
    part.backward()
    return part.item()

opt.zero_grad(set_to_none=True)
loss = sum(scaled_backward(xs, ys) for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)))
opt.step()
return float(loss)
""",
        'nb11-data-floor': """\

a, b = x.flatten(), y.flatten()
_, pair_of, pair_counts = torch.unique(torch.stack([a, b], dim=1), dim=0, return_inverse=True, return_counts=True)
_, current_of, current_counts = torch.unique(a, return_inverse=True, return_counts=True)
p = pair_counts[pair_of].double() / current_counts[current_of].double()
return float(-p.log().mean())
""",
        'nb17-pad-to': """\

from torch.nn.functional import pad

rows = [torch.tensor(s[:T], dtype=torch.long) for s in seqs]
return torch.stack([pad(r, (0, T - r.numel()), value=pad_id) for r in rows])
""",
        'nb17-packed-item': """\

start = starts[i].item()
piece = stream[start : start + block + 1].to(torch.int64)
window = torch.nn.functional.pad(piece, (0, block + 1 - piece.numel()))
return window[:-1], torch.cat([window[1:-1], window.new_zeros(1)])
""",
        'nb17-loss-per-game': """\

# cross_entropy acepta (B, V, T): la pérdida de cada posición, sin aplanar
per_token = F.cross_entropy(logits.transpose(1, 2), y, reduction="none", ignore_index=0)
return per_token.sum(dim=1) / y.ne(0).sum(dim=1)
""",
        'nb18-attention-forward': """\

def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
mixed = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(mixed.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\

for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
        'nb18-decoder-forward': """\

h = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)))
for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\

matrices, others = [], []
for p in model.parameters():
    (matrices if p.ndim >= 2 else others).append(p)
return [dict(params=matrices, weight_decay=weight_decay), dict(params=others, weight_decay=0.0)]
""",
        'nb18-lr-at': """\

def half_cosine(fraction):
    return 0.5 * (1.0 + math.cos(math.pi * min(fraction, 1.0)))

if step < warmup:
    return float(lr * step / warmup)
floor = lr * min_lr_ratio
return float(floor + (lr - floor) * half_cosine((step - warmup) / (max_steps - warmup)))
""",
    },
    'twentysecond/isidro': {
        'nb11-make-xy': """\
n = (len(stream) - 1) // T
x = stream[: n * T].view(n, T)
y = stream[1 : n * T + 1].view(n, T)
return x, y
""",
        'nb11-accumulated-step': """\
opt.zero_grad()
size = x.shape[0] // n_micro
total = 0.0
for k in range(n_micro):
    logits = model(x[k * size : (k + 1) * size])
    V = logits.shape[-1]
    loss = F.cross_entropy(logits.view(-1, V), y[k * size : (k + 1) * size].reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
        'nb11-data-floor': """\
from collections import Counter

a = x.reshape(-1).tolist()
b = y.reshape(-1).tolist()
pairs = Counter(zip(a, b))
currents = Counter(a)
total = 0.0
for (first, second), n in pairs.items():
    total -= n * math.log(n / currents[first])
return total / len(a)
""",
        'nb17-pad-to': """\
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    batch[i, : len(s)] = torch.tensor(s)
return batch
""",
        'nb17-packed-item': """\
start = int(starts[i])
window = stream[start : start + block].long()
x = torch.zeros(block, dtype=torch.int64)
x[: len(window)] = window
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
""",
        'nb17-loss-per-game': """\
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none").view(B, T)
real = (y != 0).sum(dim=1)
return losses.sum(dim=1) / real
""",
        'nb18-attention-forward': """\
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=2)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(out))
""",
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        'nb18-decoder-forward': """\
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
        'nb18-param-groups': """\
decay, no_decay = [], []
for p in model.parameters():
    if p.dim() >= 2:
        decay.append(p)
    else:
        no_decay.append(p)
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min((step - warmup) / (max_steps - warmup), 1.0)
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'twentysecond/matilde': {
        'nb11-make-xy': """\
length_of_stream = len(stream)
number_of_windows = 0
# cuento cuántas ventanas caben: cada una necesita sus T tokens y uno más para el último objetivo
while (number_of_windows + 1) * T + 1 <= length_of_stream:
    number_of_windows = number_of_windows + 1
x_rows = []
y_rows = []
for window_index in range(number_of_windows):
    start_position = window_index * T
    end_position = start_position + T
    x_row = stream[start_position:end_position]
    y_row = stream[start_position + 1:end_position + 1]
    x_rows.append(x_row)
    y_rows.append(y_row)
x = torch.stack(x_rows)
y = torch.stack(y_rows)
return x, y
""",
        'nb11-accumulated-step': """\
batch_size = x.shape[0]
games_per_chunk = batch_size // n_micro
# primero borro lo que hubiera en .grad
opt.zero_grad()
total_loss = 0.0
for chunk_number in range(n_micro):
    first_game = chunk_number * games_per_chunk
    last_game = first_game + games_per_chunk
    x_chunk = x[first_game:last_game]
    y_chunk = y[first_game:last_game]
    logits_chunk = model(x_chunk)
    vocab_size = logits_chunk.shape[2]
    flat_logits = logits_chunk.reshape(-1, vocab_size)
    flat_targets = y_chunk.reshape(-1)
    chunk_loss = F.cross_entropy(flat_logits, flat_targets)
    # cada trozo es una parte de la media del lote entero, así que lo divido entre el número de trozos
    scaled_loss = chunk_loss / n_micro
    scaled_loss.backward()
    total_loss = total_loss + chunk_loss.item()
opt.step()
average_loss = total_loss / n_micro
return average_loss
""",
        'nb11-data-floor': """\
import math

x_list = x.reshape(-1).tolist()
y_list = y.reshape(-1).tolist()
number_of_positions = len(x_list)
times_as_current = {}
times_of_pair = {}
for position in range(number_of_positions):
    current_token = x_list[position]
    next_token = y_list[position]
    if current_token in times_as_current:
        times_as_current[current_token] = times_as_current[current_token] + 1
    else:
        times_as_current[current_token] = 1
    pair = (current_token, next_token)
    if pair in times_of_pair:
        times_of_pair[pair] = times_of_pair[pair] + 1
    else:
        times_of_pair[pair] = 1
total = 0.0
for position in range(number_of_positions):
    current_token = x_list[position]
    next_token = y_list[position]
    probability = times_of_pair[(current_token, next_token)] / times_as_current[current_token]
    total = total - math.log(probability)
floor_of_data = total / number_of_positions
return floor_of_data
""",
        'nb17-pad-to': """\
all_rows = []
for sequence in seqs:
    new_row = []
    for position in range(T):
        if position < len(sequence):
            new_row.append(sequence[position])
        else:
            new_row.append(pad_id)
    all_rows.append(new_row)
result = torch.tensor(all_rows, dtype=torch.int64)
return result
""",
        'nb17-packed-item': """\
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
    y_values.append(x_values[offset + 1])
y_values.append(0)
x = torch.tensor(x_values, dtype=torch.int64)
y = torch.tensor(y_values, dtype=torch.int64)
return x, y
""",
        'nb17-loss-per-game': """\
batch_size = logits.shape[0]
sequence_length = logits.shape[1]
vocab_size = logits.shape[2]
flat_logits = logits.reshape(batch_size * sequence_length, vocab_size)
flat_targets = y.reshape(batch_size * sequence_length)
loss_of_each_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
loss_of_each_position = loss_of_each_position.reshape(batch_size, sequence_length)
is_real_target = (y != 0).float()
real_losses = loss_of_each_position * is_real_target
sum_per_game = real_losses.sum(dim=1)
real_targets_per_game = is_real_target.sum(dim=1)
loss_per_game_result = sum_per_game / real_targets_per_game
return loss_per_game_result
""",
        'nb18-attention-forward': """\
batch_size, sequence_length, d_model = x.shape
number_of_heads = self.n_head
size_of_head = self.head_dim
all_three = self.qkv(x)
queries = all_three[:, :, 0:d_model]
keys = all_three[:, :, d_model:2 * d_model]
values = all_three[:, :, 2 * d_model:3 * d_model]
queries = queries.reshape(batch_size, sequence_length, number_of_heads, size_of_head)
keys = keys.reshape(batch_size, sequence_length, number_of_heads, size_of_head)
values = values.reshape(batch_size, sequence_length, number_of_heads, size_of_head)
queries = queries.transpose(1, 2)
keys = keys.transpose(1, 2)
values = values.transpose(1, 2)
if self.training:
    dropout_probability = self.dropout
else:
    dropout_probability = 0.0
attention_output = F.scaled_dot_product_attention(queries, keys, values, dropout_p=dropout_probability, is_causal=True)
attention_output = attention_output.transpose(1, 2)
attention_output = attention_output.reshape(batch_size, sequence_length, d_model)
projected_output = self.proj(attention_output)
final_output = self.resid_drop(projected_output)
return final_output
""",
        'nb18-block-forward': """\
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_attention = x + attention_result
normalized_for_mlp = self.ln2(after_attention)
mlp_result = self.mlp(normalized_for_mlp)
output = after_attention + mlp_result
return output
""",
        'nb18-decoder-forward': """\
token_vectors = self.tokens(idx)
position_numbers = torch.arange(0, T, device=idx.device)
position_vectors = self.positions(position_numbers)
hidden = token_vectors + position_vectors
hidden = self.drop(hidden)
for layer_number in range(len(self.blocks)):
    hidden = self.blocks[layer_number](hidden)
hidden = self.ln_f(hidden)
logits = self.lm_head(hidden)
if targets is None:
    return logits, None
vocab_size = logits.shape[2]
flat_logits = logits.reshape(B * T, vocab_size)
flat_targets = targets.reshape(B * T)
loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\
matrices_with_decay = []
everything_else = []
for name, parameter in model.named_parameters():
    number_of_dimensions = len(parameter.shape)
    if number_of_dimensions >= 2:
        matrices_with_decay.append(parameter)
    else:
        everything_else.append(parameter)
first_group = {"params": matrices_with_decay, "weight_decay": weight_decay}
second_group = {"params": everything_else, "weight_decay": 0.0}
groups = [first_group, second_group]
return groups
""",
        'nb18-lr-at': """\
lowest_lr = lr * min_lr_ratio
if step < warmup:
    lr_increase_per_step = lr / warmup
    current_lr = lr_increase_per_step * step
    return float(current_lr)
if step > max_steps:
    return float(lowest_lr)
steps_since_warmup = step - warmup
cosine_steps = max_steps - warmup
progress = steps_since_warmup / cosine_steps
cosine_value = math.cos(math.pi * progress)
current_lr = lowest_lr + 0.5 * (lr - lowest_lr) * (1 + cosine_value)
return float(current_lr)
""",
    },
    'twentysecond/nestor': {
        'nb11-make-xy': """\
# ventanas de T + 1 tokens que avanzan de T en T: el último objetivo de una es la primera entrada de la siguiente
windows = stream.unfold(0, T + 1, T)
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
        'nb11-accumulated-step': """\
def chunk_loss(xs, ys):
    logits = model(xs)
    return F.cross_entropy(logits.flatten(0, 1), ys.flatten())

opt.zero_grad(set_to_none=True)
parts = []
for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
    loss = chunk_loss(xs, ys)
    (loss / n_micro).backward()   # trozos iguales: cada uno pone 1/n_micro de la media
    parts.append(loss.detach())
opt.step()
return torch.stack(parts).mean().item()
""",
        'nb11-data-floor': """\
a, b = x.flatten(), y.flatten()
_, ctx_idx, ctx_counts = torch.unique(a, return_inverse=True, return_counts=True)
_, pair_idx, pair_counts = torch.unique(torch.stack((a, b), dim=1), dim=0, return_inverse=True, return_counts=True)
# p(b | a) de cada posición, en float64 para no perder precisión
p = pair_counts[pair_idx].double() / ctx_counts[ctx_idx].double()
return -p.log().mean().item()
""",
        'nb17-pad-to': """\
def fit(seq):
    head = list(seq[:T])
    return head + [pad_id] * (T - len(head))

return torch.tensor([fit(s) for s in seqs], dtype=torch.long).view(len(seqs), T)
""",
        'nb17-packed-item': """\
import torch.nn.functional as F

s = int(starts[i])
x = stream[s : s + block].to(torch.long)
x = F.pad(x, (0, block - x.numel()), value=0)   # copia nueva: no toca el flujo
y = torch.roll(x, -1)
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\
# cross_entropy acepta (B, V, T) y, sin reducir, devuelve una pérdida por posición (B, T)
per_token = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")
mask = y.ne(0)
return per_token.sum(-1) / mask.sum(-1)
""",
        'nb18-attention-forward': """\
def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
out = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
        'nb18-decoder-forward': """\
h = self.drop(self.tokens(idx) + self.positions.weight[:T])
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=PAD_ID)
return logits, loss
""",
        'nb18-param-groups': """\
params = list(model.parameters())   # parameters() ya da el peso atado una sola vez
return [
    {"params": [p for p in params if p.ndim >= 2], "weight_decay": weight_decay},
    {"params": [p for p in params if p.ndim < 2], "weight_decay": 0.0},
]
""",
        'nb18-lr-at': """\
def clamp01(v):
    return max(0.0, min(1.0, v))

if step < warmup:
    return float(lr * step / warmup)
s = lr * min_lr_ratio
return s + (lr - s) * 0.5 * (1 + math.cos(math.pi * clamp01((step - warmup) / (max_steps - warmup))))
""",
    },
    'twentyseventh/abundio': {
        'nb11-make-xy': """\
N = (len(stream) - 1) // T
x = stream[: N * T].view(N, T)
y = stream[1 : N * T + 1].view(N, T)
return x, y
""",
        'nb11-accumulated-step': """\
size = x.shape[0] // n_micro
opt.zero_grad()
total = 0.0
for xb, yb in zip(x.split(size), y.split(size)):
    logits = model(xb)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), yb.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
        'nb11-data-floor': """\
pairs = Counter(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
seen = Counter(x.reshape(-1).tolist())
total = 0.0
for (a, b), n in pairs.items():
    total -= n * math.log(n / seen[a])
return total / x.numel()
""",
        'nb17-pad-to': """\
batch = torch.full((len(seqs), T), pad_id)
for i, s in enumerate(seqs):
    s = s[:T]
    batch[i, : len(s)] = torch.tensor(s)
return batch
""",
        'nb17-packed-item': """\
start = int(starts[i])
piece = stream[start : start + block + 1].long()
piece = torch.cat([piece, torch.zeros(block + 1 - len(piece), dtype=torch.long)])
x = piece[:-1]
y = piece[1:].clone()
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = y != 0
return (losses * real).sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=-1)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).reshape(B, T, d)
return self.resid_drop(self.proj(out))
""",
        'nb18-block-forward': """\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        'nb18-decoder-forward': """\
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
        'nb18-param-groups': """\
decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'twentyseventh/brigida': {
        'nb11-make-xy': """\
number_of_windows = (len(stream) - 1) // T
x_rows = []
y_rows = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    window_end = window_start + T
    x_rows.append(stream[window_start:window_end])
    y_rows.append(stream[window_start + 1:window_end + 1])
x = torch.stack(x_rows)
y = torch.stack(y_rows)
return x, y
""",
        'nb11-accumulated-step': """\
batch_size = x.shape[0]
micro_size = batch_size // n_micro
opt.zero_grad()
total_loss = 0.0
for micro_index in range(n_micro):
    first_game = micro_index * micro_size
    last_game = first_game + micro_size
    micro_x = x[first_game:last_game]
    micro_y = y[first_game:last_game]
    micro_logits = model(micro_x)
    vocab_size = micro_logits.shape[-1]
    micro_loss = F.cross_entropy(micro_logits.view(-1, vocab_size), micro_y.reshape(-1))
    # cada trozo pone su parte de la media: dividido entre el número de trozos
    scaled_loss = micro_loss / n_micro
    scaled_loss.backward()
    total_loss = total_loss + micro_loss.item()
opt.step()
average_loss = total_loss / n_micro
return average_loss
""",
        'nb11-data-floor': """\
current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
pair_counts = {}
current_counts = {}
for current_token, next_token in zip(current_tokens, next_tokens):
    pair = (current_token, next_token)
    if pair in pair_counts:
        pair_counts[pair] += 1
    else:
        pair_counts[pair] = 1
    if current_token in current_counts:
        current_counts[current_token] += 1
    else:
        current_counts[current_token] = 1
total_cost = 0.0
for current_token, next_token in zip(current_tokens, next_tokens):
    probability = pair_counts[(current_token, next_token)] / current_counts[current_token]
    total_cost = total_cost - math.log(probability)
number_of_positions = len(current_tokens)
return total_cost / number_of_positions
""",
        'nb17-pad-to': """\
padded_rows = []
for sequence in seqs:
    cut_sequence = list(sequence[:T])
    missing = T - len(cut_sequence)
    padded_row = cut_sequence + [pad_id] * missing
    padded_rows.append(padded_row)
result = torch.tensor(padded_rows, dtype=torch.int64)
return result
""",
        'nb17-packed-item': """\
start_position = int(starts[i])
x = torch.zeros(block, dtype=torch.int64)
y = torch.zeros(block, dtype=torch.int64)
for offset in range(block):
    position = start_position + offset
    if position < len(stream):
        x[offset] = stream[position]
for offset in range(block - 1):
    y[offset] = x[offset + 1]
return x, y
""",
        'nb17-loss-per-game': """\
batch_size, time_steps, vocab_size = logits.shape
flat_logits = logits.reshape(batch_size * time_steps, vocab_size)
flat_targets = y.reshape(batch_size * time_steps)
log_probabilities = torch.log_softmax(flat_logits, dim=-1)
picked_log_probabilities = log_probabilities[torch.arange(batch_size * time_steps), flat_targets]
position_losses = -picked_log_probabilities.view(batch_size, time_steps)
is_real_target = (y != 0).float()
loss_sum_per_game = (position_losses * is_real_target).sum(dim=1)
real_targets_per_game = is_real_target.sum(dim=1)
return loss_sum_per_game / real_targets_per_game
""",
        'nb18-attention-forward': """\
batch_size, sequence_length, model_dim = x.shape
all_projections = self.qkv(x)
queries = all_projections[:, :, 0:model_dim]
keys = all_projections[:, :, model_dim:2 * model_dim]
values = all_projections[:, :, 2 * model_dim:3 * model_dim]
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
attention_output = F.scaled_dot_product_attention(queries, keys, values, dropout_p=dropout_probability, is_causal=True)
attention_output = attention_output.transpose(1, 2)
joined_heads = attention_output.reshape(batch_size, sequence_length, model_dim)
projected = self.proj(joined_heads)
output = self.resid_drop(projected)
return output
""",
        'nb18-block-forward': """\
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_attention = x + attention_result
normalized_for_mlp = self.ln2(after_attention)
mlp_result = self.mlp(normalized_for_mlp)
output = after_attention + mlp_result
return output
""",
        'nb18-decoder-forward': """\
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
        'nb18-param-groups': """\
decay_parameters = []
no_decay_parameters = []
for parameter in model.parameters():
    if parameter.dim() >= 2:
        decay_parameters.append(parameter)
    else:
        no_decay_parameters.append(parameter)
decay_group = {"params": decay_parameters, "weight_decay": weight_decay}
no_decay_group = {"params": no_decay_parameters, "weight_decay": 0.0}
return [decay_group, no_decay_group]
""",
        'nb18-lr-at': """\
if step < warmup:
    warmup_fraction = step / warmup
    return lr * warmup_fraction
floor_lr = lr * min_lr_ratio
if step >= max_steps:
    return floor_lr
progress = (step - warmup) / (max_steps - warmup)
cosine_factor = (1 + math.cos(math.pi * progress)) / 2
current_lr = floor_lr + (lr - floor_lr) * cosine_factor
return current_lr
""",
    },
    'twentyseventh/ceferino': {
        'nb11-make-xy': """\
n = (stream.numel() - 1) // T
index = (torch.arange(n) * T)[:, None] + torch.arange(T)
return stream[index], stream[index + 1]
""",
        'nb11-accumulated-step': """\
def micro_loss(xs, ys):
    out = model(xs)
    return F.cross_entropy(out.flatten(0, 1), ys.flatten())

opt.zero_grad(set_to_none=True)
parts = []
for xs, ys in zip(torch.tensor_split(x, n_micro), torch.tensor_split(y, n_micro)):
    part = micro_loss(xs, ys) / n_micro
    part.backward()
    parts.append(part.detach())
opt.step()
return torch.stack(parts).sum().item()
""",
        'nb11-data-floor': """\
flat_x, flat_y = x.flatten(), y.flatten()
_, pair_of, pair_n = torch.unique(torch.stack([flat_x, flat_y], dim=1), dim=0, return_inverse=True, return_counts=True)
_, ctx_of, ctx_n = torch.unique(flat_x, return_inverse=True, return_counts=True)
p = pair_n[pair_of].double() / ctx_n[ctx_of].double()
return float(-p.log().mean())
""",
        'nb17-pad-to': """\
out = torch.full((len(seqs), T), pad_id, dtype=torch.long)
for row, seq in zip(out, seqs):
    head = torch.as_tensor(seq[:T], dtype=torch.long)
    row[: head.numel()] = head
return out
""",
        'nb17-packed-item': """\
s = int(starts[i])
chunk = stream[s : s + block].long()
window = F.pad(chunk, (0, block - chunk.numel()), value=0)
return window, F.pad(window[1:], (0, 1), value=0)
""",
        'nb17-loss-per-game': """\
mask = y.ne(0)
nll = -logits.log_softmax(-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
return nll.masked_fill(~mask, 0.0).sum(-1) / mask.sum(-1)
""",
        'nb18-attention-forward': """\
def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
y = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(y.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\
for norm, sublayer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + sublayer(norm(x))
return x
""",
        'nb18-decoder-forward': """\
where = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(where)[None])
for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
loss = (F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
        if targets is not None else None)
return logits, loss
""",
        'nb18-param-groups': """\
split = {True: [], False: []}
for p in model.parameters():
    split[p.ndim >= 2].append(p)
return [dict(params=split[True], weight_decay=weight_decay), dict(params=split[False], weight_decay=0.0)]
""",
        'nb18-lr-at': """\
def warm(s):
    return lr * s / warmup

def cosine(s):
    floor = lr * min_lr_ratio
    frac = min(max(s - warmup, 0) / (max_steps - warmup), 1.0)
    return floor + (lr - floor) * 0.5 * (1.0 + math.cos(math.pi * frac))

return float(warm(step) if step < warmup else cosine(step))
""",
    },
    'twentysixth/encarna': {
        'nb11-make-xy': """\

N = (len(stream) - 1) // T
x = stream[: N * T].view(N, T)
y = stream[1 : N * T + 1].view(N, T)
return x, y
""",
        'nb11-accumulated-step': """\

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
""",
        'nb11-data-floor': """\

pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_count = Counter(pairs)
first_count = Counter(a for a, _ in pairs)
total = sum(-math.log(pair_count[p] / first_count[p[0]]) for p in pairs)
return total / len(pairs)
""",
        'nb17-pad-to': """\

batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, seq in enumerate(seqs):
    row = seq[:T]
    batch[i, : len(row)] = torch.tensor(row, dtype=torch.int64)
return batch
""",
        'nb17-packed-item': """\

start = int(starts[i])
piece = stream[start : start + block].long()
x = torch.zeros(block, dtype=torch.int64)
x[: len(piece)] = piece
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
""",
        'nb17-loss-per-game': """\

B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\

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
        'nb18-block-forward': """\

x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
        'nb18-decoder-forward': """\

pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\

decay, no_decay = [], []
for p in model.parameters():
    if p.dim() >= 2:
        decay.append(p)
    else:
        no_decay.append(p)
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\

if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
    },
    'twentysixth/faustino': {
        'nb11-make-xy': """\

number_of_tokens = stream.shape[0]
number_of_windows = (number_of_tokens - 1) // T
input_rows = []
target_rows = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    window_end = window_start + T
    input_window = stream[window_start:window_end]
    target_window = stream[window_start + 1:window_end + 1]
    input_rows.append(input_window)
    target_rows.append(target_window)
x = torch.stack(input_rows)
y = torch.stack(target_rows)
return x, y
""",
        'nb11-accumulated-step': """\

batch_size = x.shape[0]
games_per_piece = batch_size // n_micro
opt.zero_grad()
whole_batch_loss = 0.0
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
    share_of_piece = piece_loss / n_micro
    share_of_piece.backward()
    whole_batch_loss = whole_batch_loss + share_of_piece.item()
opt.step()
return whole_batch_loss
""",
        'nb11-data-floor': """\

import math

current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
times_pair_seen = {}
times_current_seen = {}
for position in range(len(current_tokens)):
    current_token = current_tokens[position]
    next_token = next_tokens[position]
    pair = (current_token, next_token)
    if pair in times_pair_seen:
        times_pair_seen[pair] += 1
    else:
        times_pair_seen[pair] = 1
    if current_token in times_current_seen:
        times_current_seen[current_token] += 1
    else:
        times_current_seen[current_token] = 1
sum_of_penalties = 0.0
for position in range(len(current_tokens)):
    current_token = current_tokens[position]
    next_token = next_tokens[position]
    probability = times_pair_seen[(current_token, next_token)] / times_current_seen[current_token]
    sum_of_penalties = sum_of_penalties - math.log(probability)
number_of_positions = len(current_tokens)
return sum_of_penalties / number_of_positions
""",
        'nb17-pad-to': """\

number_of_games = len(seqs)
padded_batch = torch.zeros((number_of_games, T), dtype=torch.int64)
for game_index in range(number_of_games):
    game_ids = seqs[game_index]
    for column in range(T):
        if column < len(game_ids):
            padded_batch[game_index, column] = game_ids[column]
        else:
            padded_batch[game_index, column] = pad_id
return padded_batch
""",
        'nb17-packed-item': """\

window_start = int(starts[i])
stream_length = len(stream)
input_tokens = []
for offset in range(block):
    position = window_start + offset
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
        'nb17-loss-per-game': """\

number_of_games = logits.shape[0]
number_of_positions = logits.shape[1]
vocabulary_size = logits.shape[2]
flat_logits = logits.reshape(number_of_games * number_of_positions, vocabulary_size)
flat_targets = y.reshape(number_of_games * number_of_positions)
loss_of_each_position = F.cross_entropy(flat_logits, flat_targets, ignore_index=0, reduction="none")
loss_table = loss_of_each_position.reshape(number_of_games, number_of_positions)
is_real_target = y != 0
real_targets_per_game = is_real_target.sum(dim=1)
loss_sum_per_game = loss_table.sum(dim=1)
mean_loss_per_game = loss_sum_per_game / real_targets_per_game
return mean_loss_per_game
""",
        'nb18-attention-forward': """\

batch_size, sequence_length, model_width = x.shape
number_of_heads = self.n_head
width_of_head = self.head_dim
all_three = self.qkv(x)
queries = all_three[:, :, 0:model_width]
keys = all_three[:, :, model_width:2 * model_width]
values = all_three[:, :, 2 * model_width:3 * model_width]
queries = queries.reshape(batch_size, sequence_length, number_of_heads, width_of_head)
keys = keys.reshape(batch_size, sequence_length, number_of_heads, width_of_head)
values = values.reshape(batch_size, sequence_length, number_of_heads, width_of_head)
queries = queries.transpose(1, 2)
keys = keys.transpose(1, 2)
values = values.transpose(1, 2)
if self.training:
    dropout_probability = self.dropout
else:
    dropout_probability = 0.0
attention_output = F.scaled_dot_product_attention(queries, keys, values, dropout_p=dropout_probability, is_causal=True)
attention_output = attention_output.transpose(1, 2)
joined_heads = attention_output.reshape(batch_size, sequence_length, model_width)
projected = self.proj(joined_heads)
result = self.resid_drop(projected)
return result
""",
        'nb18-block-forward': """\

normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_first_sum = x + attention_result
normalized_for_mlp = self.ln2(after_first_sum)
mlp_result = self.mlp(normalized_for_mlp)
after_second_sum = after_first_sum + mlp_result
return after_second_sum
""",
        'nb18-decoder-forward': """\

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
    vocabulary_size = logits.shape[2]
    flat_logits = logits.reshape(B * T, vocabulary_size)
    flat_targets = targets.reshape(B * T)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=PAD_ID)
return logits, loss
""",
        'nb18-param-groups': """\

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
groups = [first_group, second_group]
return groups
""",
        'nb18-lr-at': """\

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
cosine_value = math.cos(math.pi * progress)
current_lr = lowest_lr + 0.5 * (lr - lowest_lr) * (1 + cosine_value)
return float(current_lr)
""",
    },
    'twentysixth/graciela': {
        'nb11-make-xy': """\

n = (stream.numel() - 1) // T
windows = stream.unfold(0, T + 1, T)[:n]
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
        'nb11-accumulated-step': """\

def piece_loss(xb, yb):
    logits = model(xb)
    return F.cross_entropy(logits.flatten(0, 1), yb.flatten())

opt.zero_grad(set_to_none=True)
pieces = list(zip(x.chunk(n_micro), y.chunk(n_micro)))
total = 0.0
for xb, yb in pieces:
    loss = piece_loss(xb, yb) / len(pieces)
    loss.backward()
    total += loss.detach().item()
opt.step()
return float(total)
""",
        'nb11-data-floor': """\

pairs = torch.stack([x.flatten(), y.flatten()], dim=1)
_, pair_idx, pair_counts = torch.unique(pairs, dim=0, return_inverse=True, return_counts=True)
_, ctx_idx, ctx_counts = torch.unique(x.flatten(), return_inverse=True, return_counts=True)
p = pair_counts[pair_idx].double() / ctx_counts[ctx_idx].double()
return float(-torch.log(p).mean())
""",
        'nb17-pad-to': """\

import torch.nn.functional as F
from torch.nn.utils.rnn import pad_sequence

trimmed = [torch.as_tensor(list(s)[:T], dtype=torch.long) for s in seqs]
batch = pad_sequence(trimmed, batch_first=True, padding_value=pad_id)
return F.pad(batch, (0, T - batch.shape[1]), value=pad_id)
""",
        'nb17-packed-item': """\

start = int(starts[i])
chunk = stream[start : start + block + 1].to(torch.int64)
chunk = torch.nn.functional.pad(chunk, (0, block + 1 - chunk.numel()), value=0)
x, y = chunk[:-1].clone(), chunk[1:].clone()
y[-1] = 0
return x, y
""",
        'nb17-loss-per-game': """\

mask = y.ne(0)
nll = -logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
return (nll * mask).sum(-1) / mask.sum(-1)
""",
        'nb18-attention-forward': """\

B, T, _ = x.shape
q, k, v = (t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)
           for t in self.qkv(x).chunk(3, dim=-1))
y = F.scaled_dot_product_attention(q, k, v, is_causal=True,
                                   dropout_p=self.dropout if self.training else 0.0)
return self.resid_drop(self.proj(y.transpose(1, 2).flatten(2)))
""",
        'nb18-block-forward': """\

for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
        'nb18-decoder-forward': """\

h = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device))[None])
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=PAD_ID)
return logits, loss
""",
        'nb18-param-groups': """\

params = list(model.parameters())
matrices = [p for p in params if p.ndim >= 2]
others = [p for p in params if p.ndim < 2]
return [dict(params=matrices, weight_decay=weight_decay), dict(params=others, weight_decay=0.0)]
""",
        'nb18-lr-at': """\

def cosine(progress):
    return 0.5 * (1.0 + math.cos(math.pi * progress))

if step < warmup:
    return lr * (step / warmup)
floor = lr * min_lr_ratio
progress = min(max(step - warmup, 0) / (max_steps - warmup), 1.0)
return floor + (lr - floor) * cosine(progress)
""",
    },
    'twentythird/berta': {
        'nb11-make-xy': """\

N = (len(stream) - 1) // T
x = stream[:N * T].view(N, T)
y = stream[1:N * T + 1].view(N, T)
return x, y
""",
        'nb11-accumulated-step': """\

size = x.shape[0] // n_micro
opt.zero_grad()
total = 0.0
for i in range(n_micro):
    xb = x[i * size:(i + 1) * size]
    yb = y[i * size:(i + 1) * size]
    logits = model(xb)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), yb.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
        'nb11-data-floor': """\

pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_count = Counter(pairs)
first_count = Counter(a for a, b in pairs)
total = 0.0
for a, b in pairs:
    total -= math.log(pair_count[(a, b)] / first_count[a])
return total / len(pairs)
""",
        'nb17-pad-to': """\

out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    out[i, :len(s)] = torch.tensor(s, dtype=torch.int64)
return out
""",
        'nb17-packed-item': """\

start = int(starts[i])
window = stream[start:start + block]
x = torch.zeros(block, dtype=torch.int64)
x[:len(window)] = window
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
""",
        'nb17-loss-per-game': """\

B, T, V = logits.shape
ce = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (ce * real).sum(dim=1) / real.sum(dim=1)
""",
        'nb18-attention-forward': """\

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
        'nb18-block-forward': """\

x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
""",
        'nb18-decoder-forward': """\

pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
        'nb18-param-groups': """\

decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
        'nb18-lr-at': """\

if step < warmup:
    return lr * step / warmup
if step > max_steps:
    step = max_steps
p = (step - warmup) / (max_steps - warmup)
s = lr * min_lr_ratio
return s + 0.5 * (lr - s) * (1 + math.cos(math.pi * p))
""",
    },
    'twentythird/cayetano': {
        'nb11-make-xy': """\

number_of_windows = (stream.shape[0] - 1) // T
x_rows = []
y_rows = []
for k in range(number_of_windows):
    start = k * T
    x_rows.append(stream[start:start + T])
    y_rows.append(stream[start + 1:start + T + 1])
x = torch.stack(x_rows)
y = torch.stack(y_rows)
return x, y
""",
        'nb11-accumulated-step': """\

# primero borro lo que pudiera quedar en .grad
opt.zero_grad()
batch_size = x.shape[0]
games_per_piece = batch_size // n_micro
loss_of_whole_batch = 0.0
for piece_number in range(n_micro):
    first_game = piece_number * games_per_piece
    last_game = first_game + games_per_piece
    x_piece = x[first_game:last_game]
    y_piece = y[first_game:last_game]
    logits_piece = model(x_piece)
    vocabulary_size = logits_piece.shape[2]
    flat_logits = logits_piece.reshape(-1, vocabulary_size)
    flat_targets = y_piece.reshape(-1)
    loss_piece = F.cross_entropy(flat_logits, flat_targets)
    # cada trozo pone su parte de la media: su media dividida entre n_micro
    scaled_loss = loss_piece / n_micro
    scaled_loss.backward()
    loss_of_whole_batch = loss_of_whole_batch + scaled_loss.item()
opt.step()
return loss_of_whole_batch
""",
        'nb11-data-floor': """\

current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
count_of_pair = {}
count_of_current = {}
for position in range(len(current_tokens)):
    a = current_tokens[position]
    b = next_tokens[position]
    if (a, b) in count_of_pair:
        count_of_pair[(a, b)] = count_of_pair[(a, b)] + 1
    else:
        count_of_pair[(a, b)] = 1
    if a in count_of_current:
        count_of_current[a] = count_of_current[a] + 1
    else:
        count_of_current[a] = 1
total_loss = 0.0
for position in range(len(current_tokens)):
    a = current_tokens[position]
    b = next_tokens[position]
    probability = count_of_pair[(a, b)] / count_of_current[a]
    total_loss = total_loss - math.log(probability)
average_loss = total_loss / len(current_tokens)
return average_loss
""",
        'nb17-pad-to': """\

all_rows = []
for sequence in seqs:
    row = []
    for position in range(T):
        if position < len(sequence):
            row.append(sequence[position])
        else:
            row.append(pad_id)
    all_rows.append(row)
result = torch.tensor(all_rows, dtype=torch.long)
return result
""",
        'nb17-packed-item': """\

start_position = starts[i].item()
stream_length = len(stream)
x_values = []
for offset in range(block):
    position = start_position + offset
    if position < stream_length:
        x_values.append(int(stream[position]))
    else:
        x_values.append(0)
y_values = []
for t in range(block - 1):
    y_values.append(x_values[t + 1])
y_values.append(0)
x = torch.tensor(x_values, dtype=torch.int64)
y = torch.tensor(y_values, dtype=torch.int64)
return x, y
""",
        'nb17-loss-per-game': """\

batch_size, sequence_length, vocabulary_size = logits.shape
flat_logits = logits.reshape(batch_size * sequence_length, vocabulary_size)
flat_targets = y.reshape(batch_size * sequence_length)
losses_flat = F.cross_entropy(flat_logits, flat_targets, reduction="none")
losses_per_position = losses_flat.reshape(batch_size, sequence_length)
is_real_target = y != 0
losses_without_padding = losses_per_position * is_real_target
total_loss_per_game = losses_without_padding.sum(dim=1)
number_of_real_targets = is_real_target.sum(dim=1)
mean_loss_per_game = total_loss_per_game / number_of_real_targets
return mean_loss_per_game
""",
        'nb18-attention-forward': """\

batch_size, sequence_length, model_dim = x.shape
all_projections = self.qkv(x)
queries = all_projections[:, :, 0:model_dim]
keys = all_projections[:, :, model_dim:2 * model_dim]
values = all_projections[:, :, 2 * model_dim:3 * model_dim]
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
attention_output = attention_output.reshape(batch_size, sequence_length, model_dim)
projected_output = self.proj(attention_output)
final_output = self.resid_drop(projected_output)
return final_output
""",
        'nb18-block-forward': """\

normalized_input = self.ln1(x)
attention_result = self.attn(normalized_input)
after_attention = x + attention_result
normalized_again = self.ln2(after_attention)
mlp_result = self.mlp(normalized_again)
output = after_attention + mlp_result
return output
""",
        'nb18-decoder-forward': """\

position_numbers = torch.arange(0, T, dtype=torch.long, device=idx.device)
token_embeddings = self.tokens(idx)
position_embeddings = self.positions(position_numbers)
hidden = token_embeddings + position_embeddings
hidden = self.drop(hidden)
for block_number in range(len(self.blocks)):
    hidden = self.blocks[block_number](hidden)
hidden = self.ln_f(hidden)
logits = self.lm_head(hidden)
if targets is None:
    loss = None
else:
    vocabulary_size = logits.shape[2]
    flat_logits = logits.reshape(B * T, vocabulary_size)
    flat_targets = targets.reshape(B * T)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=PAD_ID)
return logits, loss
""",
        'nb18-param-groups': """\

parameters_with_decay = []
parameters_without_decay = []
for name, parameter in model.named_parameters():
    number_of_dimensions = len(parameter.shape)
    if number_of_dimensions >= 2:
        parameters_with_decay.append(parameter)
    else:
        parameters_without_decay.append(parameter)
first_group = {"params": parameters_with_decay, "weight_decay": weight_decay}
second_group = {"params": parameters_without_decay, "weight_decay": 0.0}
groups = [first_group, second_group]
return groups
""",
        'nb18-lr-at': """\

floor_lr = lr * min_lr_ratio
if step < warmup:
    increase_per_step = lr / warmup
    current_lr = increase_per_step * step
elif step <= max_steps:
    steps_since_warmup = step - warmup
    cosine_steps = max_steps - warmup
    progress = steps_since_warmup / cosine_steps
    cosine_part = (1 + math.cos(math.pi * progress)) / 2
    current_lr = floor_lr + (lr - floor_lr) * cosine_part
else:
    current_lr = floor_lr
return float(current_lr)
""",
    },
    'twentythird/dorotea': {
        'nb11-make-xy': """\

# ventanas de T + 1 tokens que avanzan de T en T: la última columna es el objetivo que falta
windows = stream.unfold(0, T + 1, T)
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
        'nb11-accumulated-step': """\

def run_part(xs, ys):
    loss = F.cross_entropy(model(xs).flatten(0, 1), ys.flatten()) / n_micro
    loss.backward()
    return loss.item()

opt.zero_grad(set_to_none=True)
total = sum(run_part(xs, ys) for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)))
opt.step()
return float(total)
""",
        'nb11-data-floor': """\

a, b = x.reshape(-1), y.reshape(-1)
_, pair_of, pair_counts = torch.unique(torch.stack([a, b]), dim=1, return_inverse=True, return_counts=True)
_, first_of, first_counts = torch.unique(a, return_inverse=True, return_counts=True)
p = pair_counts[pair_of].double() / first_counts[first_of].double()
return float(-p.log().mean())
""",
        'nb17-pad-to': """\

import torch.nn.functional as F

rows = [torch.as_tensor(s[:T], dtype=torch.int64) for s in seqs]
padded = pad_sequence(rows, batch_first=True, padding_value=pad_id)
return F.pad(padded, (0, T - padded.shape[1]), value=pad_id)
""",
        'nb17-packed-item': """\

begin = int(starts[i])
chunk = stream[begin:begin + block].to(torch.int64)
x = F.pad(chunk, (0, block - chunk.numel()), value=PAD_ID)
y = torch.cat([x[1:], x.new_full((1,), PAD_ID)])
return x, y
""",
        'nb17-loss-per-game': """\

nll = -logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
keep = y.ne(PAD_ID)
return torch.where(keep, nll, torch.zeros_like(nll)).sum(-1) / keep.sum(-1)
""",
        'nb18-attention-forward': """\

def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).permute(0, 2, 1, 3)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
mixed = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=self.dropout if self.training else 0.0)
return self.resid_drop(self.proj(mixed.permute(0, 2, 1, 3).flatten(2)))
""",
        'nb18-block-forward': """\

for norm, sublayer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + sublayer(norm(x))
return x
""",
        'nb18-decoder-forward': """\

from functools import reduce

h = self.drop(self.tokens(idx) + self.positions.weight[:T])
h = reduce(lambda acc, blk: blk(acc), self.blocks, h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
per_token = F.cross_entropy(logits.flatten(0, 1), targets.flatten(), reduction="none")
mask = targets.flatten() != PAD_ID
return logits, (per_token * mask).sum() / mask.sum()
""",
        'nb18-param-groups': """\

by_kind = {True: [], False: []}
for p in model.parameters():
    by_kind[p.ndim >= 2].append(p)
return [dict(params=by_kind[True], weight_decay=weight_decay), dict(params=by_kind[False], weight_decay=0.0)]
""",
        'nb18-lr-at': """\

if step < warmup:
    return float(lr * step / warmup)
floor = lr * min_lr_ratio
progress = min(step, max_steps) - warmup
cosine = 0.5 * (1.0 + math.cos(math.pi * progress / (max_steps - warmup)))
return float(floor + (lr - floor) * cosine)
""",
    },
}
