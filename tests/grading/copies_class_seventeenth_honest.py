"""Los tres honrados de la decimoséptima clase apartada: teresa, vicente y angela.

Cada uno escribió por su cuenta, leyendo solo la versión de alumno (``release/``), sin la solución
publicada y sin mirar a los otros. Cada código es el cuerpo que va en lugar del
``raise NotImplementedError()`` de su celda, sin sangría.
"""

# teresa: usa solo lo que el curso ha enseñado hasta cada cuaderno; corto y directo.
TERESA = {
    "nb11-make-xy": """\
n = (len(stream) - 1) // T
x = stream[: n * T].view(n, T)
y = stream[1 : n * T + 1].view(n, T)
return x, y
""",
    "nb11-accumulated-step": """\
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
    "nb11-data-floor": """\
import math
from collections import Counter

pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_count = Counter(pairs)
first_count = Counter(a for a, _ in pairs)
total = sum(-math.log(pair_count[(a, b)] / first_count[a]) for a, b in pairs)
return total / len(pairs)
""",
    "nb17-pad-to": """\
rows = []
for s in seqs:
    row = list(s[:T])
    rows.append(row + [pad_id] * (T - len(row)))
return torch.tensor(rows, dtype=torch.int64)
""",
    "nb17-packed-item": """\
start = int(starts[i])
piece = stream[start : start + block]
x = torch.zeros(block, dtype=torch.int64)
x[: len(piece)] = piece
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
""",
    "nb17-loss-per-game": """\
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none").view(B, T)
counted = (y != 0).sum(dim=1)
return losses.sum(dim=1) / counted
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
return x + self.mlp(self.ln2(x))
""",
    "nb18-decoder-forward": """\
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
    "nb18-param-groups": """\
decay = [p for p in model.parameters() if p.dim() >= 2]
other = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": other, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """\
if step < warmup:
    return lr * step / warmup
p = min(1.0, (step - warmup) / (max_steps - warmup))
floor = lr * min_lr_ratio
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
}

# vicente: principiante; bucles, pasos intermedios y nombres largos.
VICENTE = {
    "nb11-make-xy": """\
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
    "nb11-accumulated-step": """\
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
    "nb11-data-floor": """\
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
    "nb17-pad-to": """\
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
    "nb17-packed-item": """\
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
    "nb17-loss-per-game": """\
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
    "nb18-attention-forward": """\
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
    "nb18-block-forward": """\
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_attention = x + attention_result
normalized_for_mlp = self.ln2(after_attention)
mlp_result = self.mlp(normalized_for_mlp)
output = after_attention + mlp_result
return output
""",
    "nb18-decoder-forward": """\
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
    "nb18-param-groups": """\
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
    "nb18-lr-at": """\
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
}

# angela: ya programaba; funciones auxiliares, comprensiones y otras funciones de torch.
ANGELA = {
    "nb11-make-xy": """\
n_windows = (stream.numel() - 1) // T
if n_windows <= 0:
    empty = stream.new_empty((0, T))
    return empty, empty.clone()
# ventanas de T + 1 tokens que avanzan de T en T: cada una comparte un token con la siguiente
windows = stream[: n_windows * T + 1].unfold(0, T + 1, T)
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
    "nb11-accumulated-step": """\
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
    "nb11-data-floor": """\
a, b = x.flatten(), y.flatten()
_, pair_idx, pair_counts = torch.stack([a, b]).unique(dim=1, return_inverse=True, return_counts=True)
_, cur_idx, cur_counts = a.unique(return_inverse=True, return_counts=True)
p = pair_counts[pair_idx].double() / cur_counts[cur_idx].double()
return -p.log().mean().item()
""",
    "nb17-pad-to": """\
out = torch.full((len(seqs), T), pad_id, dtype=torch.long)
for row, seq in zip(out, seqs):
    kept = torch.as_tensor(seq[:T], dtype=torch.long)
    row[: kept.numel()] = kept
return out
""",
    "nb17-packed-item": """\
start = starts[i].item()
chunk = stream[start : start + block].to(torch.int64)
x = F.pad(chunk, (0, block - chunk.numel()), value=0)
y = torch.roll(x, -1)
y[-1] = 0
return x, y
""",
    "nb17-loss-per-game": """\
mask = y.ne(0)
# cross_entropy acepta (B, V, T) con objetivos (B, T): una pérdida por posición
nll = F.cross_entropy(logits.transpose(1, 2), y, reduction="none", ignore_index=0)
return nll.sum(1) / mask.sum(1).to(nll.dtype)
""",
    "nb18-attention-forward": """\
B, T, C = x.shape
H, D = self.n_head, self.head_dim
q, k, v = self.qkv(x).view(B, T, 3, H, D).permute(2, 0, 3, 1, 4).unbind(0)
y = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout * self.training, is_causal=True)
return self.resid_drop(self.proj(y.transpose(1, 2).reshape(B, T, C)))
""",
    "nb18-block-forward": """\
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
    "nb18-decoder-forward": """\
import functools

where = self.positions(torch.arange(T, device=idx.device))
h = self.drop(self.tokens(idx) + where[None])
h = functools.reduce(lambda acc, blk: blk(acc), self.blocks, h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
buckets = {True: [], False: []}
for p in model.parameters():
    buckets[p.ndim >= 2].append(p)
return [
    {"params": buckets[True], "weight_decay": weight_decay},
    {"params": buckets[False], "weight_decay": 0.0},
]
""",
    "nb18-lr-at": """\
def warm(s):
    return lr * s / warmup

def cosine(s):
    progress = min(1.0, (s - warmup) / (max_steps - warmup))
    floor = lr * min_lr_ratio
    return floor + (lr - floor) * (1 + math.cos(math.pi * progress)) / 2

return float(warm(step) if step < warmup else cosine(step))
""",
}
