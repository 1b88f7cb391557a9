"""Bruno, honrado y principiante: bucles, pasos intermedios y nombres largos."""

CODE = {
    "nb11-make-xy": """\
number_of_windows = (len(stream) - 1) // T
inputs_list = []
targets_list = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    window_end = window_start + T
    inputs_list.append(stream[window_start:window_end])
    targets_list.append(stream[window_start + 1:window_end + 1])
x = torch.stack(inputs_list)
y = torch.stack(targets_list)
return x, y
""",
    "nb11-accumulated-step": """\
batch_size = x.shape[0]
micro_batch_size = batch_size // n_micro
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
    # cada trozo pone su parte de la media del lote entero
    scaled_loss = micro_loss / n_micro
    scaled_loss.backward()
    total_loss_value = total_loss_value + micro_loss.item() / n_micro
opt.step()
return total_loss_value
""",
    "nb11-data-floor": """\
import math

current_tokens = x.reshape(-1).tolist()
next_tokens = y.reshape(-1).tolist()
pair_counts = {}
current_counts = {}
for current_token, next_token in zip(current_tokens, next_tokens):
    pair = (current_token, next_token)
    if pair in pair_counts:
        pair_counts[pair] += 1
    else:
        pair_counts[pair] = 1
    if current_token in current_counts:
        current_counts[current_token] += 1
    else:
        current_counts[current_token] = 1
total_cost = 0.0
for current_token, next_token in zip(current_tokens, next_tokens):
    probability = pair_counts[(current_token, next_token)] / current_counts[current_token]
    total_cost = total_cost - math.log(probability)
number_of_positions = len(current_tokens)
return total_cost / number_of_positions
""",
    "nb17-pad-to": """\
all_rows = []
for sequence in seqs:
    row = []
    for position in range(T):
        if position < len(sequence):
            row.append(sequence[position])
        else:
            row.append(pad_id)
    all_rows.append(row)
return torch.tensor(all_rows, dtype=torch.int64)
""",
    "nb17-packed-item": """\
start_position = int(starts[i])
window_tokens = []
for offset in range(block):
    position = start_position + offset
    if position < len(stream):
        window_tokens.append(int(stream[position]))
    else:
        window_tokens.append(0)
input_tokens = window_tokens
target_tokens = window_tokens[1:]
target_tokens.append(0)
x = torch.tensor(input_tokens, dtype=torch.int64)
y = torch.tensor(target_tokens, dtype=torch.int64)
return x, y
""",
    "nb17-loss-per-game": """\
batch_size, sequence_length, vocabulary_size = logits.shape
flat_logits = logits.reshape(batch_size * sequence_length, vocabulary_size)
flat_targets = y.reshape(batch_size * sequence_length)
flat_losses = F.cross_entropy(flat_logits, flat_targets, ignore_index=0, reduction="none")
losses_per_position = flat_losses.reshape(batch_size, sequence_length)
is_real_target = y != 0
real_targets_per_game = is_real_target.sum(dim=1)
loss_sum_per_game = losses_per_position.sum(dim=1)
average_loss_per_game = loss_sum_per_game / real_targets_per_game
return average_loss_per_game
""",
    "nb18-attention-forward": """\
batch_size, sequence_length, model_dim = x.shape
number_of_heads = self.n_head
head_size = self.head_dim
all_projections = self.qkv(x)
queries = all_projections[:, :, 0:model_dim]
keys = all_projections[:, :, model_dim:2 * model_dim]
values = all_projections[:, :, 2 * model_dim:3 * model_dim]
queries = queries.reshape(batch_size, sequence_length, number_of_heads, head_size).transpose(1, 2)
keys = keys.reshape(batch_size, sequence_length, number_of_heads, head_size).transpose(1, 2)
values = values.reshape(batch_size, sequence_length, number_of_heads, head_size).transpose(1, 2)
if self.training:
    dropout_probability = self.dropout
else:
    dropout_probability = 0.0
attended = F.scaled_dot_product_attention(queries, keys, values, dropout_p=dropout_probability, is_causal=True)
attended = attended.transpose(1, 2)
joined_heads = attended.reshape(batch_size, sequence_length, model_dim)
projected = self.proj(joined_heads)
output = self.resid_drop(projected)
return output
""",
    "nb18-block-forward": """\
normalized_for_attention = self.ln1(x)
attention_output = self.attn(normalized_for_attention)
after_attention = x + attention_output
normalized_for_mlp = self.ln2(after_attention)
mlp_output = self.mlp(normalized_for_mlp)
after_mlp = after_attention + mlp_output
return after_mlp
""",
    "nb18-decoder-forward": """\
device = idx.device
position_numbers = torch.arange(0, T, dtype=torch.long, device=device)
token_embeddings = self.tokens(idx)
position_embeddings = self.positions(position_numbers)
hidden = token_embeddings + position_embeddings
hidden = self.drop(hidden)
for current_block in self.blocks:
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
""",
    "nb18-param-groups": """\
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
    "nb18-lr-at": """\
minimum_lr = lr * min_lr_ratio
if step < warmup:
    increase_per_step = lr / warmup
    current_lr = increase_per_step * step
elif step >= max_steps:
    current_lr = minimum_lr
else:
    steps_after_warmup = step - warmup
    cosine_length = max_steps - warmup
    progress = steps_after_warmup / cosine_length
    cosine_factor = (1 + math.cos(math.pi * progress)) / 2
    current_lr = minimum_lr + (lr - minimum_lr) * cosine_factor
return float(current_lr)
""",
}
