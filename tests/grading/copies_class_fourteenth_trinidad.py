"""Trinidad, honrada y principiante: bucles, pasos intermedios y nombres largos."""

WORK = {
    "nb11-make-xy": '''number_of_windows = (len(stream) - 1) // T
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
''',
    "nb11-accumulated-step": '''batch_size = x.shape[0]
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
''',
    "nb11-data-floor": '''import math
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
''',
    "nb17-pad-to": '''all_rows = []
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
''',
    "nb17-packed-item": '''start_position = int(starts[i])
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
''',
    "nb17-loss-per-game": '''batch_size, sequence_length, vocabulary_size = logits.shape
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
''',
    "nb18-attention-forward": '''batch_size, sequence_length, model_width = x.shape
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
''',
    "nb18-block-forward": '''normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_attention = x + attention_result
normalized_for_mlp = self.ln2(after_attention)
mlp_result = self.mlp(normalized_for_mlp)
output = after_attention + mlp_result
return output
''',
    "nb18-decoder-forward": '''position_numbers = torch.arange(0, T, dtype=torch.int64, device=idx.device)
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
''',
    "nb18-param-groups": '''parameters_with_decay = []
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
    "nb18-lr-at": '''if step < warmup:
    learning_rate = lr * step / warmup
    return float(learning_rate)
minimum_learning_rate = lr * min_lr_ratio
if step >= max_steps:
    return float(minimum_learning_rate)
progress = (step - warmup) / (max_steps - warmup)
cosine_part = (1 + math.cos(math.pi * progress)) / 2
learning_rate = minimum_learning_rate + (lr - minimum_learning_rate) * cosine_part
return float(learning_rate)
''',
}
