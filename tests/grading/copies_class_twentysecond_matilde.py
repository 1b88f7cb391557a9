"""Matilde, honrada y principiante: bucles, pasos intermedios y nombres largos."""

WORK = {
    "nb11-make-xy": """\
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
    "nb11-accumulated-step": """\
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
    "nb11-data-floor": """\
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
    "nb17-pad-to": """\
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
loss_of_each_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
loss_of_each_position = loss_of_each_position.reshape(batch_size, sequence_length)
is_real_target = (y != 0).float()
real_losses = loss_of_each_position * is_real_target
sum_per_game = real_losses.sum(dim=1)
real_targets_per_game = is_real_target.sum(dim=1)
loss_per_game_result = sum_per_game / real_targets_per_game
return loss_per_game_result
""",
    "nb18-attention-forward": """\
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
    "nb18-param-groups": """\
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
    "nb18-lr-at": """\
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
}
