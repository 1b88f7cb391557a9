"""Los tres alumnos honrados de la decimoquinta clase apartada: abel, beatriz y camilo.

Cada uno escribió sus once ejercicios por su cuenta, leyendo solo la versión de alumno de los
cuadernos (nunca la solución publicada ni a los otros). Se escribieron a ciegas y no se han
retocado después de medir nada (no se midió nada).
"""

# abel: solo lo que el curso ha enseñado hasta cada cuaderno, corto y directo.
ABEL = {
    "nb11-make-xy": """N = (len(stream) - 1) // T
x = stream[: N * T].reshape(N, T)
y = stream[1 : N * T + 1].reshape(N, T)
return x, y
""",
    "nb11-accumulated-step": """opt.zero_grad()
total = 0.0
for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro)):
    logits = model(xb)
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), yb.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
    "nb11-data-floor": """import math

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
    "nb17-pad-to": """batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = s[:T]
    batch[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
return batch
""",
    "nb17-packed-item": """start = int(starts[i])
piece = stream[start : start + block + 1].long()
window = torch.zeros(block + 1, dtype=torch.int64)
window[: len(piece)] = piece
x = window[:block]
y = window[1:].clone()
y[-1] = 0
return x, y
""",
    "nb17-loss-per-game": """B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = (y != 0).float()
return (losses * real).sum(dim=1) / real.sum(dim=1)
""",
    "nb18-attention-forward": """B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=2)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(out))
""",
    "nb18-block-forward": """x = x + self.attn(self.ln1(x))
x = x + self.mlp(self.ln2(x))
return x
""",
    "nb18-decoder-forward": """pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
""",
}

# beatriz: principiante; bucles, pasos intermedios y nombres largos.
BEATRIZ = {
    "nb11-make-xy": """number_of_windows = (stream.shape[0] - 1) // T
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
    "nb11-accumulated-step": """opt.zero_grad()
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
    "nb11-data-floor": """import math

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
    "nb17-pad-to": """padded_rows = []
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
    "nb17-packed-item": """start_position = int(starts[i])
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
    "nb17-loss-per-game": """batch_size, sequence_length, vocab_size = logits.shape
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
    "nb18-attention-forward": """batch_size, sequence_length, model_dim = x.shape
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
    "nb18-block-forward": """normalized_first = self.ln1(x)
attention_result = self.attn(normalized_first)
after_attention = x + attention_result
normalized_second = self.ln2(after_attention)
mlp_result = self.mlp(normalized_second)
output = after_attention + mlp_result
return output
""",
    "nb18-decoder-forward": """position_numbers = torch.arange(0, T, dtype=torch.long, device=idx.device)
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
    "nb18-param-groups": """with_decay = []
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
    "nb18-lr-at": """import math

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
}

# camilo: ya programaba; funciones de torch menos vistas, comprensiones y cuentas vectorizadas.
CAMILO = {
    "nb11-make-xy": """windows = stream.unfold(0, T + 1, T)   # (N, T + 1), saltando de T en T
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
    "nb11-accumulated-step": """opt.zero_grad(set_to_none=True)
n_total = y.numel()
total = torch.zeros(())
for xs, ys in zip(x.tensor_split(n_micro), y.tensor_split(n_micro)):
    part = F.cross_entropy(model(xs).flatten(0, 1), ys.flatten(), reduction="sum") / n_total
    part.backward()
    total += part.detach()
opt.step()
return total.item()
""",
    "nb11-data-floor": """flat_x, flat_y = x.reshape(-1), y.reshape(-1)
_, pair_of, pair_n = torch.unique(torch.stack([flat_x, flat_y], dim=1), dim=0, return_inverse=True, return_counts=True)
_, cur_of, cur_n = torch.unique(flat_x, return_inverse=True, return_counts=True)
p = pair_n[pair_of].double() / cur_n[cur_of].double()
return float(-p.log().mean())
""",
    "nb17-pad-to": """import torch.nn.functional as F

rows = [torch.as_tensor(s[:T], dtype=torch.long) for s in seqs]
return torch.stack([F.pad(r, (0, T - len(r)), value=pad_id) for r in rows])
""",
    "nb17-packed-item": """start = int(starts[i])
chunk = stream[start : start + block + 1].to(torch.int64)
chunk = torch.cat([chunk, chunk.new_zeros(block + 1 - len(chunk))])
x, y = chunk[:-1], chunk[1:].clone()
y[-1] = 0
return x, y
""",
    "nb17-loss-per-game": """logp = logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
mask = y.ne(0)
return -(logp * mask).sum(-1) / mask.sum(-1)
""",
    "nb18-attention-forward": """q, k, v = (t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)
           for t in self.qkv(x).chunk(3, dim=-1))
out = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout * self.training, is_causal=True)
return self.resid_drop(self.proj(out.transpose(1, 2).flatten(2)))
""",
    "nb18-block-forward": """h = x + self.attn(self.ln1(x))
return h + self.mlp(self.ln2(h))
""",
    "nb18-decoder-forward": """h = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device))[None])
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """unique = {id(p): p for _, p in model.named_parameters()}
groups = ([], [])
for p in unique.values():
    groups[p.ndim < 2].append(p)
return [{"params": groups[0], "weight_decay": weight_decay}, {"params": groups[1], "weight_decay": 0.0}]
""",
    "nb18-lr-at": """if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
progress = min(max(step - warmup, 0) / (max_steps - warmup), 1.0)
return floor + (lr - floor) * (1 + math.cos(math.pi * progress)) / 2
""",
}
