"""``ciro``, de la cuarta clase apartada (``copies_class_fourth``): trabaja solo, con bucles y nombres largos."""

CIRO = {
    "nb11-make-xy": """
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
    "nb11-accumulated-step": """
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
    "nb11-data-floor": """
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
    "nb17-pad-to": """
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
    "nb17-packed-item": """
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
    "nb17-loss-per-game": """
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
    "nb18-attention-forward": """
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
    "nb18-block-forward": """
normalized_for_attention = self.ln1(x)
after_attention = x + self.attn(normalized_for_attention)
normalized_for_mlp = self.ln2(after_attention)
after_mlp = after_attention + self.mlp(normalized_for_mlp)
return after_mlp
""",
    "nb18-decoder-forward": """
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
    "nb18-param-groups": """
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
    "nb18-lr-at": """
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
}
