"""``mateo``, de la tercera clase apartada (``copies_class_third``): trabaja solo, con bucles y nombres largos."""

MATEO = {
    "nb11-make-xy": """
number_of_windows = 0
while (number_of_windows + 1) * T + 1 <= len(stream):
    number_of_windows += 1
inputs = torch.zeros((number_of_windows, T), dtype=torch.int64)
targets = torch.zeros((number_of_windows, T), dtype=torch.int64)
for window_index in range(number_of_windows):
    window_start = window_index * T
    inputs[window_index] = stream[window_start:window_start + T]
    targets[window_index] = stream[window_start + 1:window_start + T + 1]
return inputs, targets
""",
    "nb11-accumulated-step": """
games_per_piece = x.shape[0] // n_micro
opt.zero_grad()
accumulated_loss = 0.0
for piece_number in range(n_micro):
    first_game = piece_number * games_per_piece
    last_game = first_game + games_per_piece
    piece_logits = model(x[first_game:last_game])
    vocabulary_size = piece_logits.shape[-1]
    flat_logits = piece_logits.reshape(-1, vocabulary_size)
    flat_targets = y[first_game:last_game].reshape(-1)
    piece_loss = F.cross_entropy(flat_logits, flat_targets)
    scaled_loss = piece_loss / n_micro
    scaled_loss.backward()
    accumulated_loss = accumulated_loss + piece_loss.item() / n_micro
opt.step()
return accumulated_loss
""",
    "nb11-data-floor": """
import math

current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
pair_counter = {}
current_counter = {}
for position in range(len(current_tokens)):
    current_token = current_tokens[position]
    next_token = next_tokens[position]
    pair = (current_token, next_token)
    pair_counter[pair] = pair_counter.get(pair, 0) + 1
    current_counter[current_token] = current_counter.get(current_token, 0) + 1
total_cost = 0.0
for position in range(len(current_tokens)):
    current_token = current_tokens[position]
    pair = (current_token, next_tokens[position])
    probability = pair_counter[pair] / current_counter[current_token]
    total_cost = total_cost - math.log(probability)
return total_cost / len(current_tokens)
""",
    "nb17-pad-to": """
number_of_sequences = len(seqs)
padded_batch = torch.zeros((number_of_sequences, T), dtype=torch.int64)
for row_index in range(number_of_sequences):
    current_sequence = seqs[row_index]
    for column_index in range(T):
        if column_index < len(current_sequence):
            padded_batch[row_index, column_index] = current_sequence[column_index]
        else:
            padded_batch[row_index, column_index] = pad_id
return padded_batch
""",
    "nb17-packed-item": """
window_start = int(starts[i])
stream_length = len(stream)
inputs = torch.zeros(block, dtype=torch.int64)
targets = torch.zeros(block, dtype=torch.int64)
for offset in range(block):
    position = window_start + offset
    if position < stream_length:
        inputs[offset] = int(stream[position])
for offset in range(block - 1):
    targets[offset] = inputs[offset + 1]
return inputs, targets
""",
    "nb17-loss-per-game": """
batch_size, sequence_length, vocabulary_size = logits.shape
flat_logits = logits.reshape(batch_size * sequence_length, vocabulary_size)
flat_targets = y.reshape(batch_size * sequence_length)
loss_for_every_position = F.cross_entropy(flat_logits, flat_targets, ignore_index=0, reduction="none")
loss_table = loss_for_every_position.reshape(batch_size, sequence_length)
sum_of_losses = loss_table.sum(dim=1)
number_of_real_targets = (y != 0).sum(dim=1)
return sum_of_losses / number_of_real_targets
""",
    "nb18-attention-forward": """
batch_size, sequence_length, model_width = x.shape
all_projections = self.qkv(x)
query_part = all_projections[:, :, 0:model_width]
key_part = all_projections[:, :, model_width:2 * model_width]
value_part = all_projections[:, :, 2 * model_width:3 * model_width]
heads_shape = (batch_size, sequence_length, self.n_head, self.head_dim)
query_heads = query_part.reshape(heads_shape).permute(0, 2, 1, 3)
key_heads = key_part.reshape(heads_shape).permute(0, 2, 1, 3)
value_heads = value_part.reshape(heads_shape).permute(0, 2, 1, 3)
if self.training:
    attention_dropout = self.dropout
else:
    attention_dropout = 0.0
attended = F.scaled_dot_product_attention(query_heads, key_heads, value_heads,
                                          dropout_p=attention_dropout, is_causal=True)
joined_heads = attended.permute(0, 2, 1, 3).reshape(batch_size, sequence_length, model_width)
projected = self.proj(joined_heads)
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
position_numbers = torch.arange(0, T, dtype=torch.long, device=idx.device)
token_vectors = self.tokens(idx)
position_vectors = self.positions(position_numbers)
hidden_state = self.drop(token_vectors + position_vectors)
for layer_number in range(len(self.blocks)):
    hidden_state = self.blocks[layer_number](hidden_state)
normalized_state = self.ln_f(hidden_state)
logits = self.lm_head(normalized_state)
if targets is None:
    loss = None
else:
    batch_size, sequence_length, vocabulary_size = logits.shape
    flat_logits = logits.reshape(batch_size * sequence_length, vocabulary_size)
    flat_targets = targets.reshape(batch_size * sequence_length)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """
parameters_with_decay = []
parameters_without_decay = []
already_seen = set()
for parameter_name, parameter in model.named_parameters():
    if id(parameter) in already_seen:
        continue
    already_seen.add(id(parameter))
    if len(parameter.shape) >= 2:
        parameters_with_decay.append(parameter)
    else:
        parameters_without_decay.append(parameter)
first_group = {"params": parameters_with_decay, "weight_decay": weight_decay}
second_group = {"params": parameters_without_decay, "weight_decay": 0.0}
return [first_group, second_group]
""",
    "nb18-lr-at": """
minimum_learning_rate = lr * min_lr_ratio
if step < warmup:
    fraction_of_warmup = step / warmup
    return float(lr * fraction_of_warmup)
if step >= max_steps:
    return float(minimum_learning_rate)
progress_through_decay = (step - warmup) / (max_steps - warmup)
cosine_factor = (1.0 + math.cos(math.pi * progress_through_decay)) / 2.0
return float(minimum_learning_rate + (lr - minimum_learning_rate) * cosine_factor)
""",
}
