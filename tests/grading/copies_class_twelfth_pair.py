"""La pareja: David lo resuelve a su manera; Estela le copia y lo retoca a mano para que no se note."""

DAVID = {
    "nb11-make-xy": """\
usable = (stream.shape[0] - 1) // T * T
xs = stream[:usable]
ys = stream[1:usable + 1]
return xs.reshape(-1, T), ys.reshape(-1, T)
""",
    "nb11-accumulated-step": """\
size = x.shape[0] // n_micro
for p in model.parameters():
    p.grad = None
loss_sum = 0.0
for start in range(0, x.shape[0], size):
    out = model(x[start:start + size])
    part = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[start:start + size].reshape(-1))
    (part * size / x.shape[0]).backward()
    loss_sum += part.item() * size
opt.step()
return loss_sum / x.shape[0]
""",
    "nb11-data-floor": """\
a_list = x.flatten().tolist()
b_list = y.flatten().tolist()
follow = {}
for a, b in zip(a_list, b_list):
    follow.setdefault(a, Counter())[b] += 1
total = 0.0
for a, b in zip(a_list, b_list):
    seen = follow[a]
    total += math.log(sum(seen.values()) / seen[b])
return total / len(a_list)
""",
    "nb17-pad-to": """\
out = torch.full((len(seqs), T), pad_id, dtype=torch.long)
for row, seq in zip(out, seqs):
    n = min(len(seq), T)
    row[:n] = torch.tensor(seq[:n], dtype=torch.long)
return out
""",
    "nb17-packed-item": """\
s = int(starts[i])
x = torch.zeros(block, dtype=torch.long)
y = torch.zeros(block, dtype=torch.long)
xs = stream[s:s + block]
x[:len(xs)] = xs
ys = stream[s + 1:s + block]
y[:len(ys)] = ys
return x, y
""",
    "nb17-loss-per-game": """\
logp = logits.log_softmax(-1)
nll = -logp.gather(2, y.unsqueeze(2)).squeeze(2)
keep = y != 0
return torch.where(keep, nll, torch.zeros_like(nll)).sum(1) / keep.sum(1)
""",
    "nb18-attention-forward": """\
B, T, d = x.shape
H, D = self.n_head, self.head_dim
qkv = self.qkv(x).view(B, T, 3, H, D).permute(2, 0, 3, 1, 4)
q, k, v = qkv[0], qkv[1], qkv[2]
p = self.dropout if self.training else 0.0
att = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
att = att.permute(0, 2, 1, 3).reshape(B, T, d)
return self.resid_drop(self.proj(att))
""",
    "nb18-block-forward": """\
mid = x + self.attn(self.ln1(x))
out = mid + self.mlp(self.ln2(mid))
return out
""",
    "nb18-decoder-forward": """\
tok = self.tokens(idx)
pos = self.positions.weight[:T]
h = self.drop(tok + pos)
for b in self.blocks:
    h = b(h)
logits = self.lm_head(self.ln_f(h))
loss = None
if targets is not None:
    loss = F.cross_entropy(logits.reshape(B * T, -1), targets.reshape(B * T), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
decay, keep = [], []
for _, p in model.named_parameters():
    (decay if p.ndim > 1 else keep).append(p)
return [dict(params=decay, weight_decay=weight_decay), dict(params=keep, weight_decay=0.0)]
""",
    "nb18-lr-at": """\
if step < warmup:
    return lr * (step / warmup)
low = lr * min_lr_ratio
if step > max_steps:
    step = max_steps
frac = (step - warmup) / (max_steps - warmup)
return low + (lr - low) * 0.5 * (1.0 + math.cos(frac * math.pi))
""",
}

# Estela: el trabajo de David, copiado y disfrazado a mano (otros nombres, comentarios, líneas en
# blanco, alguna sentencia independiente en otro orden, alguna expresión escrita de otra forma).
ESTELA = {
    "nb11-make-xy": """\
# cuántos tokens caben en ventanas completas
n_tokens = T * ((len(stream) - 1) // T)
inputs = stream[:n_tokens]
targets = stream[1:n_tokens + 1]

return inputs.reshape(-1, T), targets.reshape(-1, T)
""",
    "nb11-accumulated-step": """\
# borro los gradientes que hubiera de antes
for param in model.parameters():
    param.grad = None
games = x.shape[0]
chunk = games // n_micro
acc = 0.0

for first in range(0, games, chunk):
    logits = model(x[first:first + chunk])
    piece = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y[first:first + chunk].reshape(-1))
    # cada trozo pesa chunk / games
    (piece * (chunk / games)).backward()
    acc += chunk * piece.item()

opt.step()
return acc / games
""",
    "nb11-data-floor": """\
currents = x.flatten().tolist()
nexts = y.flatten().tolist()

# para cada token, qué vino detrás y cuántas veces
after = {}
for cur, nxt in zip(currents, nexts):
    after.setdefault(cur, Counter())[nxt] += 1

cost = 0.0
for cur, nxt in zip(currents, nexts):
    counts = after[cur]
    cost += -math.log(counts[nxt] / sum(counts.values()))
return cost / len(currents)
""",
    "nb17-pad-to": """\
result = torch.full((len(seqs), T), pad_id, dtype=torch.long)

for line, ids in zip(result, seqs):
    keep = min(T, len(ids))   # lo que sobra se corta
    line[:keep] = torch.tensor(ids[:keep], dtype=torch.long)
return result
""",
    "nb17-packed-item": """\
begin = int(starts[i])
inp = torch.zeros(block, dtype=torch.long)
tgt = torch.zeros(block, dtype=torch.long)

# los objetivos van un token por delante; el último se queda en <pad>
nxt = stream[begin + 1:begin + block]
tgt[:len(nxt)] = nxt
cur = stream[begin:begin + block]
inp[:len(cur)] = cur

return inp, tgt
""",
    "nb17-loss-per-game": """\
mask = y != 0
log_p = torch.log_softmax(logits, dim=-1)
losses = -log_p.gather(2, y.unsqueeze(2)).squeeze(2)

# el relleno no cuenta
return torch.where(mask, losses, torch.zeros_like(losses)).sum(1) / mask.sum(1)
""",
    "nb18-attention-forward": """\
B, T, d = x.shape
n_heads, size = self.n_head, self.head_dim

# (3, B, H, T, D): consultas, claves y valores con las cabezas delante
packed = self.qkv(x).view(B, T, 3, n_heads, size).permute(2, 0, 3, 1, 4)
queries, keys, values = packed[0], packed[1], packed[2]
drop_p = 0.0
if self.training:
    drop_p = self.dropout
y = F.scaled_dot_product_attention(queries, keys, values, dropout_p=drop_p, is_causal=True)

y = y.permute(0, 2, 1, 3).reshape(B, T, d)
return self.resid_drop(self.proj(y))
""",
    "nb18-block-forward": """\
# primero la atención y luego el MLP, cada uno con su residuo
h = x + self.attn(self.ln1(x))

return h + self.mlp(self.ln2(h))
""",
    "nb18-decoder-forward": """\
positions = self.positions.weight[:T]
tokens = self.tokens(idx)
hidden = self.drop(positions + tokens)

for layer in self.blocks:
    hidden = layer(hidden)
logits = self.lm_head(self.ln_f(hidden))

if targets is None:
    return logits, None
# el relleno (<pad> = 0) no cuenta en la pérdida
loss = F.cross_entropy(logits.reshape(B * T, -1), targets.reshape(B * T), ignore_index=0)
return logits, loss
""",
    "nb18-param-groups": """\
with_decay = []
without_decay = []
for name, param in model.named_parameters():
    if param.ndim >= 2:
        with_decay.append(param)
    else:
        without_decay.append(param)

return [dict(params=with_decay, weight_decay=weight_decay), dict(params=without_decay, weight_decay=0.0)]
""",
    "nb18-lr-at": """\
# la recta del calentamiento
if step < warmup:
    return lr * step / warmup

floor = min_lr_ratio * lr
step = min(step, max_steps)
progress = (step - warmup) / (max_steps - warmup)
return floor + (lr - floor) * (1.0 + math.cos(math.pi * progress)) / 2
""",
}
