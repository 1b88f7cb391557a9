"""Faustino, honrado y principiante: bucles, pasos intermedios y nombres largos.

Escrito a mano leyendo solo la versión de alumno (``release/``), sin mirar la solución ni a nadie.
"""

WORK = {
    "nb11-make-xy": '''
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
''',
    "nb11-accumulated-step": '''
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
''',
    "nb11-data-floor": '''
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
''',
    "nb17-pad-to": '''
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
''',
    "nb17-packed-item": '''
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
''',
    "nb17-loss-per-game": '''
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
''',
    "nb18-attention-forward": '''
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
''',
    "nb18-block-forward": '''
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_first_sum = x + attention_result
normalized_for_mlp = self.ln2(after_first_sum)
mlp_result = self.mlp(normalized_for_mlp)
after_second_sum = after_first_sum + mlp_result
return after_second_sum
''',
    "nb18-decoder-forward": '''
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
''',
    "nb18-param-groups": '''
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
    "nb18-lr-at": '''
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
''',
}
