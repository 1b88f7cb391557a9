"""Ernesto (pareja, el que copia): el trabajo de Diana, retocado a mano para que no se note."""

WORK = {
    "nb11-make-xy": '''\
# principios de cada ventana completa
beginnings = range(0, stream.shape[0] - T, T)

inputs = [stream[b : b + T] for b in beginnings]
targets = [stream[b + 1 : b + 1 + T] for b in beginnings]

if len(inputs) == 0:
    return stream.new_zeros(0, T), stream.new_zeros(0, T)
return torch.stack(inputs), torch.stack(targets)
''',
    "nb11-accumulated-step": '''\
opt.zero_grad()
chunk = x.shape[0] // n_micro
loss_sum = 0.0

for first in range(0, x.shape[0], chunk):
    out = model(x[first : first + chunk])
    vocab_size = out.shape[-1]
    l = F.cross_entropy(out.reshape(-1, vocab_size), y[first : first + chunk].reshape(-1))
    # fracción del lote que pone este trozo
    frac = chunk / x.shape[0]
    loss_sum += l.item() * frac
    (l * frac).backward()

opt.step()
return loss_sum
''',
    "nb11-data-floor": '''\
cur_list, nxt_list = x.reshape(-1).tolist(), y.reshape(-1).tolist()
count_cur, count_pair = {}, {}
for c, n in zip(cur_list, nxt_list):
    count_cur[c] = count_cur.get(c, 0) + 1
    count_pair[c, n] = count_pair.get((c, n), 0) + 1

# suma de lo que paga cada pareja en todas sus apariciones
acc = sum(-times * math.log(times / count_cur[c]) for (c, n), times in count_pair.items())
return acc / len(cur_list)
''',
    "nb17-pad-to": '''\
rows = []
for seq in seqs:
    seq = list(seq)[:T]
    # se completa por la derecha
    rows.append(seq + (T - len(seq)) * [pad_id])

return torch.tensor(rows, dtype=torch.int64)
''',
    "nb17-packed-item": '''\
first = int(starts[i].item())
window = stream[first : first + block]
x = torch.zeros(block, dtype=torch.int64)
x[: window.numel()] = window

y = torch.cat([x[1:], torch.zeros(1, dtype=torch.int64)])  # último objetivo: <pad>
return x, y
''',
    "nb17-loss-per-game": '''\
logp = torch.log_softmax(logits, dim=2)
keep = y != 0
chosen = logp.gather(-1, y.unsqueeze(-1)).squeeze(-1)

return -(chosen * keep).sum(dim=1) / keep.sum(dim=1)
''',
    "nb18-attention-forward": '''\
B, T, C = x.shape
# q, k y v con sus cabezas: (3, B, H, T, D)
parts = self.qkv(x).view(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
q, k, v = parts
p = 0.0
if self.training:
    p = self.dropout
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
out = out.permute(0, 2, 1, 3).reshape(B, T, C)
return self.resid_drop(self.proj(out))
''',
    "nb18-block-forward": '''\
h = x + self.attn(self.ln1(x))

return h + self.mlp(self.ln2(h))
''',
    "nb18-decoder-forward": '''\
pos = torch.arange(T, device=idx.device)[None, :]
x = self.tokens(idx) + self.positions(pos)
x = self.drop(x)
for b in self.blocks:
    x = b(x)
logits = self.lm_head(self.ln_f(x))

if targets is None:
    return logits, None
return logits, F.cross_entropy(logits.reshape(B * T, -1), targets.reshape(B * T), ignore_index=0)
''',
    "nb18-param-groups": '''\
all_params = list(model.parameters())
small = [w for w in all_params if w.dim() < 2]
big = [w for w in all_params if w.dim() >= 2]
return [{"params": big, "weight_decay": weight_decay}, {"params": small, "weight_decay": 0.0}]
''',
    "nb18-lr-at": '''\
if step < warmup:
    return lr * step / warmup
bottom = lr * min_lr_ratio
if step >= max_steps:
    return float(bottom)

frac = (step - warmup) / (max_steps - warmup)
return bottom + 0.5 * (lr - bottom) * (1 + math.cos(frac * math.pi))
''',
}
