"""Rocío, honrada y principiante: bucles, pasos intermedios y nombres largos."""

WORK = {
    "nb11-make-xy": r'''stream_length = stream.shape[0]
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
''',
    "nb11-accumulated-step": r'''batch_size = x.shape[0]
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
''',
    "nb11-data-floor": r'''current_tokens = x.reshape(-1).tolist()
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
''',
    "nb17-pad-to": r'''padded_rows = []
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
''',
    "nb17-packed-item": r'''start_position = int(starts[i])
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
''',
    "nb17-loss-per-game": r'''batch_size = logits.shape[0]
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
''',
    "nb18-attention-forward": r'''batch_size, sequence_length, model_width = x.shape
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
''',
    "nb18-block-forward": r'''normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_first_residual = x + attention_result
normalized_for_mlp = self.ln2(after_first_residual)
mlp_result = self.mlp(normalized_for_mlp)
after_second_residual = after_first_residual + mlp_result
return after_second_residual
''',
    "nb18-decoder-forward": r'''position_indices = torch.arange(0, T, dtype=torch.long, device=idx.device)
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
''',
    "nb18-param-groups": r'''parameters_with_decay = []
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
''',
    "nb18-lr-at": r'''minimum_learning_rate = lr * min_lr_ratio
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
''',
}
