"""Vigesimoséptima clase de prueba del informe de parecidos: cuadernos 11, 17 y 18, escrita a ciegas.

Quién es quién:

- ``abundio``, ``brigida`` y ``ceferino`` son los tres honrados. Cada uno escribió sus once ejercicios por su
  cuenta, leyendo solo la versión de alumno (``release/``), sin mirar la solución publicada ni a los otros:
  ``abundio`` usa lo que el curso ha enseñado hasta cada cuaderno y escribe corto y directo; ``brigida`` es
  principiante (bucles, pasos intermedios, nombres largos); ``ceferino`` ya programaba (funciones auxiliares,
  comprensiones, ``torch.unique``, ``F.pad``, ``gather``, ``unflatten``…).
- ``dalia`` y ``eusebio`` son la pareja: ``dalia`` lo resuelve a su manera, también solo con ``release/``, y
  ``eusebio`` le copia y lo retoca a mano para que no se note (otros nombres, comentarios, líneas en blanco,
  alguna sentencia independiente en otro orden, alguna expresión escrita de otra forma equivalente).
- ``fermina`` es la copiona: pega la solución publicada de ``source/`` y la disfraza a mano del mismo modo. Es la
  solución pegada y retocada, no reescrita desde cero. Se escribió después de los tres honrados y la pareja.
- ``gervasio`` entrega el cuaderno en blanco.

Cada código es lo que va en lugar del ``raise NotImplementedError()`` de su celda, sin su sangría. Todos (menos
el blanco) aprueban todos los tests de los tres cuadernos, comprobado con la prueba de respuestas equivocadas
(``proof_execution.run``) antes de darlos por escritos. La clase se escribió a mano, a ciegas (sin ver las otras
clases ni el informe), y nadie la ha retocado después de medir nada: no se midió ningún parecido con ella.
"""

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("abundio", "brigida", "ceferino"), ("dalia", "eusebio"), "fermina", "gervasio"

# --- Los tres honrados ---------------------------------------------------------------------------------------

ABUNDIO = {
    "nb11-make-xy": '''\
N = (len(stream) - 1) // T
x = stream[: N * T].view(N, T)
y = stream[1 : N * T + 1].view(N, T)
return x, y
''',
    "nb11-accumulated-step": '''\
size = x.shape[0] // n_micro
opt.zero_grad()
total = 0.0
for xb, yb in zip(x.split(size), y.split(size)):
    logits = model(xb)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), yb.reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
''',
    "nb11-data-floor": '''\
pairs = Counter(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
seen = Counter(x.reshape(-1).tolist())
total = 0.0
for (a, b), n in pairs.items():
    total -= n * math.log(n / seen[a])
return total / x.numel()
''',
    "nb17-pad-to": '''\
batch = torch.full((len(seqs), T), pad_id)
for i, s in enumerate(seqs):
    s = s[:T]
    batch[i, : len(s)] = torch.tensor(s)
return batch
''',
    "nb17-packed-item": '''\
start = int(starts[i])
piece = stream[start : start + block + 1].long()
piece = torch.cat([piece, torch.zeros(block + 1 - len(piece), dtype=torch.long)])
x = piece[:-1]
y = piece[1:].clone()
y[-1] = 0
return x, y
''',
    "nb17-loss-per-game": '''\
B, T, V = logits.shape
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = y != 0
return (losses * real).sum(dim=1) / real.sum(dim=1)
''',
    "nb18-attention-forward": '''\
B, T, d = x.shape
q, k, v = self.qkv(x).split(d, dim=-1)
q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
p = self.dropout if self.training else 0.0
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.transpose(1, 2).reshape(B, T, d)
return self.resid_drop(self.proj(out))
''',
    "nb18-block-forward": '''\
x = x + self.attn(self.ln1(x))
return x + self.mlp(self.ln2(x))
''',
    "nb18-decoder-forward": '''\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for block in self.blocks:
    h = block(h)
logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''\
decay = [p for p in model.parameters() if p.dim() >= 2]
no_decay = [p for p in model.parameters() if p.dim() < 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''\
if step < warmup:
    return lr * step / warmup
floor = lr * min_lr_ratio
p = min(1.0, (step - warmup) / (max_steps - warmup))
return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
''',
}

BRIGIDA = {
    "nb11-make-xy": '''\
number_of_windows = (len(stream) - 1) // T
x_rows = []
y_rows = []
for window_index in range(number_of_windows):
    window_start = window_index * T
    window_end = window_start + T
    x_rows.append(stream[window_start:window_end])
    y_rows.append(stream[window_start + 1:window_end + 1])
x = torch.stack(x_rows)
y = torch.stack(y_rows)
return x, y
''',
    "nb11-accumulated-step": '''\
batch_size = x.shape[0]
micro_size = batch_size // n_micro
opt.zero_grad()
total_loss = 0.0
for micro_index in range(n_micro):
    first_game = micro_index * micro_size
    last_game = first_game + micro_size
    micro_x = x[first_game:last_game]
    micro_y = y[first_game:last_game]
    micro_logits = model(micro_x)
    vocab_size = micro_logits.shape[-1]
    micro_loss = F.cross_entropy(micro_logits.view(-1, vocab_size), micro_y.reshape(-1))
    # cada trozo pone su parte de la media: dividido entre el número de trozos
    scaled_loss = micro_loss / n_micro
    scaled_loss.backward()
    total_loss = total_loss + micro_loss.item()
opt.step()
average_loss = total_loss / n_micro
return average_loss
''',
    "nb11-data-floor": '''\
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
''',
    "nb17-pad-to": '''\
padded_rows = []
for sequence in seqs:
    cut_sequence = list(sequence[:T])
    missing = T - len(cut_sequence)
    padded_row = cut_sequence + [pad_id] * missing
    padded_rows.append(padded_row)
result = torch.tensor(padded_rows, dtype=torch.int64)
return result
''',
    "nb17-packed-item": '''\
start_position = int(starts[i])
x = torch.zeros(block, dtype=torch.int64)
y = torch.zeros(block, dtype=torch.int64)
for offset in range(block):
    position = start_position + offset
    if position < len(stream):
        x[offset] = stream[position]
for offset in range(block - 1):
    y[offset] = x[offset + 1]
return x, y
''',
    "nb17-loss-per-game": '''\
batch_size, time_steps, vocab_size = logits.shape
flat_logits = logits.reshape(batch_size * time_steps, vocab_size)
flat_targets = y.reshape(batch_size * time_steps)
log_probabilities = torch.log_softmax(flat_logits, dim=-1)
picked_log_probabilities = log_probabilities[torch.arange(batch_size * time_steps), flat_targets]
position_losses = -picked_log_probabilities.view(batch_size, time_steps)
is_real_target = (y != 0).float()
loss_sum_per_game = (position_losses * is_real_target).sum(dim=1)
real_targets_per_game = is_real_target.sum(dim=1)
return loss_sum_per_game / real_targets_per_game
''',
    "nb18-attention-forward": '''\
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
attention_output = F.scaled_dot_product_attention(queries, keys, values, dropout_p=dropout_probability, is_causal=True)
attention_output = attention_output.transpose(1, 2)
joined_heads = attention_output.reshape(batch_size, sequence_length, model_dim)
projected = self.proj(joined_heads)
output = self.resid_drop(projected)
return output
''',
    "nb18-block-forward": '''\
normalized_for_attention = self.ln1(x)
attention_result = self.attn(normalized_for_attention)
after_attention = x + attention_result
normalized_for_mlp = self.ln2(after_attention)
mlp_result = self.mlp(normalized_for_mlp)
output = after_attention + mlp_result
return output
''',
    "nb18-decoder-forward": '''\
token_embeddings = self.tokens(idx)
position_numbers = torch.arange(0, T, dtype=torch.long, device=idx.device)
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
    vocabulary_size = logits.shape[2]
    flat_logits = logits.reshape(B * T, vocabulary_size)
    flat_targets = targets.reshape(B * T)
    loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": '''\
decay_parameters = []
no_decay_parameters = []
for parameter in model.parameters():
    if parameter.dim() >= 2:
        decay_parameters.append(parameter)
    else:
        no_decay_parameters.append(parameter)
decay_group = {"params": decay_parameters, "weight_decay": weight_decay}
no_decay_group = {"params": no_decay_parameters, "weight_decay": 0.0}
return [decay_group, no_decay_group]
''',
    "nb18-lr-at": '''\
if step < warmup:
    warmup_fraction = step / warmup
    return lr * warmup_fraction
floor_lr = lr * min_lr_ratio
if step >= max_steps:
    return floor_lr
progress = (step - warmup) / (max_steps - warmup)
cosine_factor = (1 + math.cos(math.pi * progress)) / 2
current_lr = floor_lr + (lr - floor_lr) * cosine_factor
return current_lr
''',
}

CEFERINO = {
    "nb11-make-xy": '''\
n = (stream.numel() - 1) // T
index = (torch.arange(n) * T)[:, None] + torch.arange(T)
return stream[index], stream[index + 1]
''',
    "nb11-accumulated-step": '''\
def micro_loss(xs, ys):
    out = model(xs)
    return F.cross_entropy(out.flatten(0, 1), ys.flatten())

opt.zero_grad(set_to_none=True)
parts = []
for xs, ys in zip(torch.tensor_split(x, n_micro), torch.tensor_split(y, n_micro)):
    part = micro_loss(xs, ys) / n_micro
    part.backward()
    parts.append(part.detach())
opt.step()
return torch.stack(parts).sum().item()
''',
    "nb11-data-floor": '''\
flat_x, flat_y = x.flatten(), y.flatten()
_, pair_of, pair_n = torch.unique(torch.stack([flat_x, flat_y], dim=1), dim=0, return_inverse=True, return_counts=True)
_, ctx_of, ctx_n = torch.unique(flat_x, return_inverse=True, return_counts=True)
p = pair_n[pair_of].double() / ctx_n[ctx_of].double()
return float(-p.log().mean())
''',
    "nb17-pad-to": '''\
out = torch.full((len(seqs), T), pad_id, dtype=torch.long)
for row, seq in zip(out, seqs):
    head = torch.as_tensor(seq[:T], dtype=torch.long)
    row[: head.numel()] = head
return out
''',
    "nb17-packed-item": '''\
s = int(starts[i])
chunk = stream[s : s + block].long()
window = F.pad(chunk, (0, block - chunk.numel()), value=0)
return window, F.pad(window[1:], (0, 1), value=0)
''',
    "nb17-loss-per-game": '''\
mask = y.ne(0)
nll = -logits.log_softmax(-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
return nll.masked_fill(~mask, 0.0).sum(-1) / mask.sum(-1)
''',
    "nb18-attention-forward": '''\
def heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
y = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(y.transpose(1, 2).flatten(2)))
''',
    "nb18-block-forward": '''\
for norm, sublayer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + sublayer(norm(x))
return x
''',
    "nb18-decoder-forward": '''\
where = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(where)[None])
for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
loss = (F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
        if targets is not None else None)
return logits, loss
''',
    "nb18-param-groups": '''\
split = {True: [], False: []}
for p in model.parameters():
    split[p.ndim >= 2].append(p)
return [dict(params=split[True], weight_decay=weight_decay), dict(params=split[False], weight_decay=0.0)]
''',
    "nb18-lr-at": '''\
def warm(s):
    return lr * s / warmup

def cosine(s):
    floor = lr * min_lr_ratio
    frac = min(max(s - warmup, 0) / (max_steps - warmup), 1.0)
    return floor + (lr - floor) * 0.5 * (1.0 + math.cos(math.pi * frac))

return float(warm(step) if step < warmup else cosine(step))
''',
}

# --- La pareja: dalia lo resuelve y eusebio le copia -------------------------------------------------------

DALIA = {
    "nb11-make-xy": '''\
usable = (stream.shape[0] - 1) // T * T
inputs = stream[:usable].reshape(-1, T)
targets = stream[1:usable + 1].reshape(-1, T)
return inputs, targets
''',
    "nb11-accumulated-step": '''\
for p in model.parameters():
    p.grad = None
size = x.shape[0] // n_micro
whole = 0.0
for start in range(0, x.shape[0], size):
    out = model(x[start:start + size])
    part = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[start:start + size].reshape(-1))
    (part * size / x.shape[0]).backward()
    whole += part.item() * size / x.shape[0]
opt.step()
return whole
''',
    "nb11-data-floor": '''\
from collections import defaultdict
followers = defaultdict(list)
for a, b in zip(x.flatten().tolist(), y.flatten().tolist()):
    followers[a].append(b)
cost = 0.0
for seen in followers.values():
    for b in set(seen):
        k = seen.count(b)
        cost += k * math.log(len(seen) / k)
return cost / x.numel()
''',
    "nb17-pad-to": '''\
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for r in range(len(seqs)):
    n = min(T, len(seqs[r]))
    out[r, :n] = torch.tensor(seqs[r][:n], dtype=torch.int64)
return out
''',
    "nb17-packed-item": '''\
begin = starts[i].item()
taken = stream[begin:begin + block + 1].to(torch.int64)
buffer = torch.zeros(block + 1, dtype=torch.int64)
buffer[:len(taken)] = taken
x = buffer[:block]
y = buffer[1:].clone()
y[-1] = 0
return x, y
''',
    "nb17-loss-per-game": '''\
V = logits.size(-1)
per_position = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none").reshape(y.shape)
counted = (y != 0).sum(dim=1)
return per_position.sum(dim=1) / counted
''',
    "nb18-attention-forward": '''\
B, T, C = x.shape
H, D = self.n_head, self.head_dim
qkv = self.qkv(x).view(B, T, 3, H, D).permute(2, 0, 3, 1, 4)
q, k, v = qkv[0], qkv[1], qkv[2]
drop_p = self.dropout if self.training else 0.0
att = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=drop_p)
merged = att.permute(0, 2, 1, 3).reshape(B, T, C)
return self.resid_drop(self.proj(merged))
''',
    "nb18-block-forward": '''\
h = self.attn(self.ln1(x)) + x
h = self.mlp(self.ln2(h)) + h
return h
''',
    "nb18-decoder-forward": '''\
where = torch.arange(T, device=idx.device).unsqueeze(0)
h = self.drop(self.tokens(idx) + self.positions(where))
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
V = logits.size(-1)
return logits, F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), ignore_index=0)
''',
    "nb18-param-groups": '''\
params = list(model.parameters())
big = [p for p in params if len(p.shape) > 1]
small = [p for p in params if len(p.shape) <= 1]
return [{"params": big, "weight_decay": weight_decay},
        {"params": small, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''\
if step < warmup:
    return float(lr * step / warmup)
if step >= max_steps:
    return float(lr * min_lr_ratio)
low = lr * min_lr_ratio
ratio = (step - warmup) / (max_steps - warmup)
return float(low + (lr - low) * (1 + math.cos(math.pi * ratio)) / 2)
''',
}


EUSEBIO = {
    "nb11-make-xy": '''\
# cuántos tokens caben en ventanas completas
n_tokens = T * ((stream.shape[0] - 1) // T)

xs = stream[:n_tokens].reshape(-1, T)
ys = stream[1:n_tokens + 1].reshape(-1, T)
return xs, ys
''',
    "nb11-accumulated-step": '''\
chunk = x.shape[0] // n_micro
for param in model.parameters():
    param.grad = None

total = 0.0
for first in range(0, x.shape[0], chunk):
    logits = model(x[first:first + chunk])
    loss_part = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y[first:first + chunk].reshape(-1))
    weight = chunk / x.shape[0]   # la parte de la media que le toca a este trozo
    (loss_part * weight).backward()
    total += loss_part.item() * weight

opt.step()
return total
''',
    "nb11-data-floor": '''\
from collections import defaultdict

after = defaultdict(list)
for cur, nxt in zip(x.flatten().tolist(), y.flatten().tolist()):
    after[cur].append(nxt)

loss_sum = 0.0
for options in after.values():
    for tok in set(options):
        times = options.count(tok)
        loss_sum += times * math.log(len(options) / times)   # -ln p, repetido "times" veces
return loss_sum / x.numel()
''',
    "nb17-pad-to": '''\
result = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for row in range(len(seqs)):
    keep = min(len(seqs[row]), T)
    result[row, :keep] = torch.tensor(seqs[row][:keep], dtype=torch.int64)

return result
''',
    "nb17-packed-item": '''\
first = starts[i].item()
buf = torch.zeros(block + 1, dtype=torch.int64)
piece = stream[first:first + block + 1].to(torch.int64)
buf[:len(piece)] = piece

targets = buf[1:].clone()
targets[-1] = 0          # el último objetivo siempre es <pad>
inputs = buf[:block]
return inputs, targets
''',
    "nb17-loss-per-game": '''\
n_real = (y != 0).sum(dim=1)
vocab = logits.size(-1)
each = F.cross_entropy(logits.reshape(-1, vocab), y.reshape(-1), reduction="none", ignore_index=0).reshape(y.shape)

return each.sum(dim=1) / n_real
''',
    "nb18-attention-forward": '''\
B, T, C = x.shape
n_h, h_d = self.n_head, self.head_dim
p_drop = self.dropout if self.training else 0.0

# q, k y v de cada cabeza: (3, B, H, T, D)
packed = self.qkv(x).view(B, T, 3, n_h, h_d).permute(2, 0, 3, 1, 4)
query, key, value = packed[0], packed[1], packed[2]
heads = F.scaled_dot_product_attention(query, key, value, dropout_p=p_drop, is_causal=True)

joined = heads.permute(0, 2, 1, 3).reshape(B, T, C)
return self.resid_drop(self.proj(joined))
''',
    "nb18-block-forward": '''\
out = x + self.attn(self.ln1(x))

out = out + self.mlp(self.ln2(out))
return out
''',
    "nb18-decoder-forward": '''\
pos = torch.arange(T, device=idx.device).unsqueeze(0)
hidden = self.drop(self.positions(pos) + self.tokens(idx))

for layer in self.blocks:
    hidden = layer(hidden)
logits = self.lm_head(self.ln_f(hidden))
if targets is not None:
    vocab = logits.size(-1)
    return logits, F.cross_entropy(logits.reshape(-1, vocab), targets.reshape(-1), ignore_index=0)
return logits, None
''',
    "nb18-param-groups": '''\
all_params = list(model.parameters())
no_wd = [q for q in all_params if q.dim() < 2]
with_wd = [q for q in all_params if q.dim() >= 2]
# matrices con decaimiento, el resto sin él
return [{"params": with_wd, "weight_decay": weight_decay},
        {"params": no_wd, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''\
floor_value = lr * min_lr_ratio
if step < warmup:
    return float(step * lr / warmup)
if step >= max_steps:
    return float(floor_value)

frac = (step - warmup) / (max_steps - warmup)
return float(floor_value + 0.5 * (lr - floor_value) * (1 + math.cos(math.pi * frac)))
''',
}

# --- La copiona: la solución publicada, pegada y retocada -------------------------------------------------


FERMINA = {
    "nb11-make-xy": '''\
n = (len(stream) - 1) // T   # ventanas completas

inp = stream[: n * T].reshape(n, T)
out = stream[1 : n * T + 1].reshape(n, T)
return inp, out
''',
    "nb11-accumulated-step": '''\
opt.zero_grad()
step_size = x.shape[0] // n_micro
acc = 0.0

for i in range(0, x.shape[0], step_size):
    out = model(x[i : i + step_size])
    piece_loss = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[i : i + step_size].reshape(-1))
    # cada trozo aporta 1/n_micro de la media
    (piece_loss / n_micro).backward()
    acc = acc + piece_loss.item()
opt.step()
return acc / n_micro
''',
    "nb11-data-floor": '''\
from collections import Counter
import math

couples = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
first_counts = Counter(cur for cur, _ in couples)
couple_counts = Counter(couples)

s = 0.0
for cur, nxt in couples:
    s = s - math.log(couple_counts[(cur, nxt)] / first_counts[cur])
return s / len(couples)
''',
    "nb17-pad-to": '''\
res = torch.full((len(seqs), T), pad_id, dtype=torch.int64)

for row, sq in enumerate(seqs):
    cut = list(sq)[:T]   # lo que cabe
    res[row, : len(cut)] = torch.tensor(cut, dtype=torch.int64)
return res
''',
    "nb17-packed-item": '''\
beg = int(starts[i])
y = torch.full((block,), 0, dtype=torch.int64)
x = torch.full((block,), 0, dtype=torch.int64)
chunk = stream[beg : beg + block]   # puede quedarse corto al final del flujo
x[: len(chunk)] = chunk

y[: block - 1] = x[1:]
return x, y
''',
    "nb17-loss-per-game": '''\
B, T, V = logits.shape
real = y != 0
each = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)

return (each * real).sum(dim=1) / real.sum(dim=1)
''',
    "nb18-attention-forward": '''\
B, T, d = x.shape
# consultas, claves y valores, con las cabezas delante
qq, kk, vv = self.qkv(x).split(d, dim=-1)
qq, kk, vv = (z.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for z in (qq, kk, vv))

p = 0.0 if not self.training else self.dropout
res = F.scaled_dot_product_attention(qq, kk, vv, dropout_p=p, is_causal=True)
res = res.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(res))
''',
    "nb18-block-forward": '''\
h = x + self.attn(self.ln1(x))

return h + self.mlp(self.ln2(h))
''',
    "nb18-decoder-forward": '''\
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))

for layer in self.blocks:
    h = layer(h)
logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
# sin contar el relleno
return logits, F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
''',
    "nb18-param-groups": '''\
rest = [q for q in model.parameters() if q.dim() <= 1]
mats = [q for q in model.parameters() if q.dim() > 1]

return [{"params": mats, "weight_decay": weight_decay},
        {"params": rest, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''\
if step < warmup:
    return step * lr / warmup
low = lr * min_lr_ratio
# fracción del coseno recorrida, sin pasar de 1
frac = min(1.0, (step - warmup) / (max_steps - warmup))
return low + (lr - low) * (1 + math.cos(math.pi * frac)) / 2
''',
}

WORK = {
    "abundio": ABUNDIO,
    "brigida": BRIGIDA,
    "ceferino": CEFERINO,
    "dalia": DALIA,
    "eusebio": EUSEBIO,
    "fermina": FERMINA,
    "gervasio": {},
}
