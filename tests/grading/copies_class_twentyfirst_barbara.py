"""Bárbara (honrada): principiante; bucles, pasos intermedios y nombres largos."""

WORK = {
    "nb11-make-xy": '''\
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
''',
    "nb11-accumulated-step": '''\
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
''',
    "nb11-data-floor": '''\
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
''',
    "nb17-pad-to": '''\
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
''',
    "nb17-packed-item": '''\
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
''',
    "nb17-loss-per-game": '''\
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
''',
    "nb18-attention-forward": '''\
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
''',
    "nb18-block-forward": '''\
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_first_sum = x + attention_result

normalized_for_mlp = self.ln2(after_first_sum)
mlp_result = self.mlp(normalized_for_mlp)
after_second_sum = after_first_sum + mlp_result
return after_second_sum
''',
    "nb18-decoder-forward": '''\
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
''',
    "nb18-param-groups": '''\
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
''',
    "nb18-lr-at": '''\
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
''',
}
