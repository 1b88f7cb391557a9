"""Los tres honrados de la decimosexta clase apartada: leonor, pascual y kevin (cada uno por su cuenta)."""

LEONOR = {
    "nb11-make-xy": '''
n = (len(stream) - 1) // T
x = stream[: n * T].view(n, T)
y = stream[1 : n * T + 1].view(n, T)
return x, y
''',
    "nb11-accumulated-step": '''
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
''',
    "nb11-data-floor": '''
pairs = {}
firsts = {}
for a, b in zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()):
    pairs[(a, b)] = pairs.get((a, b), 0) + 1
    firsts[a] = firsts.get(a, 0) + 1
total = 0.0
for (a, b), n in pairs.items():
    total -= n * math.log(n / firsts[a])
return total / x.numel()
''',
    "nb17-pad-to": '''
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, seq in enumerate(seqs):
    row = seq[:T]
    batch[i, : len(row)] = torch.tensor(row, dtype=torch.int64)
return batch
''',
    "nb17-packed-item": '''
start = starts[i].item()
piece = stream[start : start + block].long()
x = torch.zeros(block, dtype=torch.int64)
x[: len(piece)] = piece
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
''',
    "nb17-loss-per-game": '''
B, T, V = logits.shape
losses = F.cross_entropy(logits.view(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
''',
    "nb18-attention-forward": '''
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=2)
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
rest = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": rest, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''
if step < warmup:
    return lr * step / warmup
s = lr * min_lr_ratio
if step >= max_steps:
    return s
p = (step - warmup) / (max_steps - warmup)
return s + 0.5 * (lr - s) * (1 + math.cos(math.pi * p))
''',
}

PASCUAL = {
    "nb11-make-xy": '''
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
''',
    "nb11-accumulated-step": '''
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
''',
    "nb11-data-floor": '''
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
''',
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
padded_batch = torch.tensor(all_rows, dtype=torch.int64)
if len(seqs) == 0:
    padded_batch = torch.zeros(0, T, dtype=torch.int64)
return padded_batch
''',
    "nb17-packed-item": '''
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
''',
    "nb17-loss-per-game": '''
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
''',
    "nb18-attention-forward": '''
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
''',
    "nb18-block-forward": '''
normalized_for_attention = self.ln1(x)
attention_output = self.attn(normalized_for_attention)
after_first_residual = x + attention_output

normalized_for_mlp = self.ln2(after_first_residual)
mlp_output = self.mlp(normalized_for_mlp)
after_second_residual = after_first_residual + mlp_output
return after_second_residual
''',
    "nb18-decoder-forward": '''
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
''',
    "nb18-param-groups": '''
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
''',
    "nb18-lr-at": '''
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
''',
}

KEVIN = {
    "nb11-make-xy": '''
n_windows = max(0, (stream.numel() - 1) // T)
used = n_windows * T
return stream.narrow(0, 0, used).reshape(n_windows, T), stream.narrow(0, 1, used).reshape(n_windows, T)
''',
    "nb11-accumulated-step": '''
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
''',
    "nb11-data-floor": '''
a, b = x.flatten(), y.flatten()
base = int(torch.maximum(a.max(), b.max())) + 1
_, pair_idx, pair_n = torch.unique(a * base + b, return_inverse=True, return_counts=True)
_, cur_idx, cur_n = torch.unique(a, return_inverse=True, return_counts=True)
p = pair_n[pair_idx].double() / cur_n[cur_idx].double()
return -torch.log(p).mean().item()
''',
    "nb17-pad-to": '''
def row(seq):
    head = list(seq[:T])
    return head + [pad_id] * (T - len(head))

return torch.tensor([row(s) for s in seqs], dtype=torch.long).reshape(len(seqs), T)
''',
    "nb17-packed-item": '''
lo = int(starts[i])
window = F.pad(stream[lo : lo + block].to(torch.long), (0, max(0, block - (stream.numel() - lo))), value=0)
window = window[:block]
return window, torch.cat([window[1:], window.new_zeros(1)])
''',
    "nb17-loss-per-game": '''
mask = y.ne(0)
nll = F.cross_entropy(logits.transpose(1, 2), y, reduction="none")
return nll.masked_fill(~mask, 0.0).sum(-1).div(mask.sum(-1)).float()
''',
    "nb18-attention-forward": '''
B, T, C = x.shape

def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
y = F.scaled_dot_product_attention(
    q, k, v, is_causal=True, dropout_p=self.dropout * self.training
)
return self.resid_drop(self.proj(y.transpose(1, 2).reshape(B, T, C)))
''',
    "nb18-block-forward": '''
h = x + self.attn(self.ln1(x))
return h + self.mlp(self.ln2(h))
''',
    "nb18-decoder-forward": '''
h = self.tokens(idx) + self.positions.weight[:T]
h = self.drop(h)
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(
    logits.flatten(0, 1), targets.flatten(), ignore_index=0
)
return logits, loss
''',
    "nb18-param-groups": '''
unique = {id(p): p for p in model.parameters()}.values()
groups = {True: [], False: []}
for p in unique:
    groups[p.ndim >= 2].append(p)
return [dict(params=groups[True], weight_decay=weight_decay), dict(params=groups[False], weight_decay=0.0)]
''',
    "nb18-lr-at": '''
floor = lr * min_lr_ratio
if step < warmup:
    return float(lr * step / warmup)
progress = min(1.0, (step - warmup) / (max_steps - warmup))
return float(floor + (lr - floor) * (1.0 + math.cos(math.pi * progress)) / 2)
''',
}
