"""Valeriano, honrado y principiante: bucles, pasos intermedios y nombres largos."""

WORK = {
    "nb11-make-xy": """
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
    "nb11-accumulated-step": """
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
    "nb11-data-floor": """
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
    "nb17-pad-to": """
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
    "nb17-packed-item": """
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
    "nb17-loss-per-game": """
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
    "nb18-attention-forward": """
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
    "nb18-block-forward": """
normalized_first = self.ln1(x)
attention_output = self.attn(normalized_first)
after_attention = x + attention_output
normalized_second = self.ln2(after_attention)
mlp_output = self.mlp(normalized_second)
final_output = after_attention + mlp_output
return final_output
""",
    "nb18-decoder-forward": """
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
    "nb18-param-groups": """
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
    "nb18-lr-at": """
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
}
