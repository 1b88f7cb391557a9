"""Cayetano (honrado): principiante; bucles, pasos intermedios y nombres largos. Escrito a ciegas."""

WORK = {
    "nb11-make-xy": '''
number_of_windows = (stream.shape[0] - 1) // T
x_rows = []
y_rows = []
for k in range(number_of_windows):
    start = k * T
    x_rows.append(stream[start:start + T])
    y_rows.append(stream[start + 1:start + T + 1])
x = torch.stack(x_rows)
y = torch.stack(y_rows)
return x, y
''',
    "nb11-accumulated-step": '''
# primero borro lo que pudiera quedar en .grad
opt.zero_grad()
batch_size = x.shape[0]
games_per_piece = batch_size // n_micro
loss_of_whole_batch = 0.0
for piece_number in range(n_micro):
    first_game = piece_number * games_per_piece
    last_game = first_game + games_per_piece
    x_piece = x[first_game:last_game]
    y_piece = y[first_game:last_game]
    logits_piece = model(x_piece)
    vocabulary_size = logits_piece.shape[2]
    flat_logits = logits_piece.reshape(-1, vocabulary_size)
    flat_targets = y_piece.reshape(-1)
    loss_piece = F.cross_entropy(flat_logits, flat_targets)
    # cada trozo pone su parte de la media: su media dividida entre n_micro
    scaled_loss = loss_piece / n_micro
    scaled_loss.backward()
    loss_of_whole_batch = loss_of_whole_batch + scaled_loss.item()
opt.step()
return loss_of_whole_batch
''',
    "nb11-data-floor": '''
current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
count_of_pair = {}
count_of_current = {}
for position in range(len(current_tokens)):
    a = current_tokens[position]
    b = next_tokens[position]
    if (a, b) in count_of_pair:
        count_of_pair[(a, b)] = count_of_pair[(a, b)] + 1
    else:
        count_of_pair[(a, b)] = 1
    if a in count_of_current:
        count_of_current[a] = count_of_current[a] + 1
    else:
        count_of_current[a] = 1
total_loss = 0.0
for position in range(len(current_tokens)):
    a = current_tokens[position]
    b = next_tokens[position]
    probability = count_of_pair[(a, b)] / count_of_current[a]
    total_loss = total_loss - math.log(probability)
average_loss = total_loss / len(current_tokens)
return average_loss
''',
    "nb17-pad-to": '''
all_rows = []
for sequence in seqs:
    row = []
    for position in range(T):
        if position < len(sequence):
            row.append(sequence[position])
        else:
            row.append(pad_id)
    all_rows.append(row)
result = torch.tensor(all_rows, dtype=torch.long)
return result
''',
    "nb17-packed-item": '''
start_position = starts[i].item()
stream_length = len(stream)
x_values = []
for offset in range(block):
    position = start_position + offset
    if position < stream_length:
        x_values.append(int(stream[position]))
    else:
        x_values.append(0)
y_values = []
for t in range(block - 1):
    y_values.append(x_values[t + 1])
y_values.append(0)
x = torch.tensor(x_values, dtype=torch.int64)
y = torch.tensor(y_values, dtype=torch.int64)
return x, y
''',
    "nb17-loss-per-game": '''
batch_size, sequence_length, vocabulary_size = logits.shape
flat_logits = logits.reshape(batch_size * sequence_length, vocabulary_size)
flat_targets = y.reshape(batch_size * sequence_length)
losses_flat = F.cross_entropy(flat_logits, flat_targets, reduction="none")
losses_per_position = losses_flat.reshape(batch_size, sequence_length)
is_real_target = y != 0
losses_without_padding = losses_per_position * is_real_target
total_loss_per_game = losses_without_padding.sum(dim=1)
number_of_real_targets = is_real_target.sum(dim=1)
mean_loss_per_game = total_loss_per_game / number_of_real_targets
return mean_loss_per_game
''',
    "nb18-attention-forward": '''
batch_size, sequence_length, model_dim = x.shape
all_projections = self.qkv(x)
queries = all_projections[:, :, 0:model_dim]
keys = all_projections[:, :, model_dim:2 * model_dim]
values = all_projections[:, :, 2 * model_dim:3 * model_dim]
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
    "nb18-block-forward": '''
normalized_input = self.ln1(x)
attention_result = self.attn(normalized_input)
after_attention = x + attention_result
normalized_again = self.ln2(after_attention)
mlp_result = self.mlp(normalized_again)
output = after_attention + mlp_result
return output
''',
    "nb18-decoder-forward": '''
position_numbers = torch.arange(0, T, dtype=torch.long, device=idx.device)
token_embeddings = self.tokens(idx)
position_embeddings = self.positions(position_numbers)
hidden = token_embeddings + position_embeddings
hidden = self.drop(hidden)
for block_number in range(len(self.blocks)):
    hidden = self.blocks[block_number](hidden)
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
for name, parameter in model.named_parameters():
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
floor_lr = lr * min_lr_ratio
if step < warmup:
    increase_per_step = lr / warmup
    current_lr = increase_per_step * step
elif step <= max_steps:
    steps_since_warmup = step - warmup
    cosine_steps = max_steps - warmup
    progress = steps_since_warmup / cosine_steps
    cosine_part = (1 + math.cos(math.pi * progress)) / 2
    current_lr = floor_lr + (lr - floor_lr) * cosine_part
else:
    current_lr = floor_lr
return float(current_lr)
''',
}
