"""Arturo, el que copia en la pareja: el trabajo de Lourdes, retocado a mano para que no se note."""

WORK = {
    "nb11-make-xy": r'''# cuántas ventanas completas caben
n_win = (len(stream) - 1) // T

part = stream[: n_win * T + 1]
inputs = part[:-1].reshape(n_win, T)
targets = part[1:].reshape(n_win, T)

return inputs, targets
''',
    "nb11-accumulated-step": r'''# vaciamos los gradientes que hubiera
for param in model.parameters():
    param.grad = None

chunks_y = y.split(y.shape[0] // n_micro)
chunks_x = x.split(x.shape[0] // n_micro)
running = 0.0

for cx, cy in zip(chunks_x, chunks_y):
    logits = model(cx)
    loss_chunk = F.cross_entropy(logits.reshape(cx.numel(), -1), cy.reshape(-1))
    running += loss_chunk.item()
    (loss_chunk / n_micro).backward()

opt.step()
return running / n_micro
''',
    "nb11-data-floor": r'''from collections import defaultdict, Counter

# para cada token actual, qué vino después y cuántas veces
nexts = defaultdict(Counter)
for cur, nxt in zip(x.flatten().tolist(), y.flatten().tolist()):
    nexts[cur][nxt] += 1

count = 0
acc = 0.0
for cur, table in nexts.items():
    n_cur = sum(table.values())
    for nxt, n_pair in table.items():
        count += n_pair
        acc += n_pair * -math.log(n_pair / n_cur)

return acc / count
''',
    "nb17-pad-to": r'''out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
cut = [torch.tensor(seq[:T], dtype=torch.int64) for seq in seqs]

# cada fila, a la izquierda; el resto se queda con pad_id
for k, r in enumerate(cut):
    out[k, : len(r)] = r
return out
''',
    "nb17-packed-item": r'''first = int(starts[i])
last = min(len(stream), first + block + 1)

chunk = stream[first:last].to(torch.int64)
pad = torch.zeros(block + 1 - chunk.shape[0], dtype=torch.int64)
window = torch.cat([chunk, pad])

targets = window[1:].clone()
targets[-1] = 0   # el último objetivo siempre es <pad>
return window[:block].clone(), targets
''',
    "nb17-loss-per-game": r'''mask = y != 0
n_vocab = logits.shape[-1]

per_pos = F.cross_entropy(logits.reshape(-1, n_vocab), y.reshape(-1), reduction="none").reshape(y.shape)
per_pos = torch.where(mask, per_pos, torch.zeros_like(per_pos))   # fuera el relleno

return per_pos.sum(dim=1) / mask.sum(dim=1)
''',
    "nb18-attention-forward": r'''B, T, d = x.shape
n_h, h_d = self.n_head, self.head_dim

# (B, T, 3d) -> (3, B, H, T, D)
packed = self.qkv(x).view(B, T, 3, n_h, h_d).permute(2, 0, 3, 1, 4)
q, k, v = packed[0], packed[1], packed[2]

p_drop = 0.0
if self.training:
    p_drop = self.dropout
out = F.scaled_dot_product_attention(q, k, v, dropout_p=p_drop, is_causal=True)

out = out.permute(0, 2, 1, 3).reshape(B, T, n_h * h_d)
return self.resid_drop(self.proj(out))
''',
    "nb18-block-forward": r'''# primera conexión residual
h = self.attn(self.ln1(x)) + x
# segunda
return self.mlp(self.ln2(h)) + h
''',
    "nb18-decoder-forward": r'''positions = torch.arange(T, device=idx.device)
out = self.drop(self.positions(positions) + self.tokens(idx))

for blk in self.blocks:
    out = blk(out)
logits = self.lm_head(self.ln_f(out))

loss = None
if targets is not None:
    n_vocab = logits.shape[2]
    loss = F.cross_entropy(logits.reshape(B * T, n_vocab), targets.reshape(B * T), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": r'''no_wd = []
wd = []
for _, param in model.named_parameters():
    if len(param.shape) < 2:
        no_wd.append(param)
    else:
        wd.append(param)

return [{"params": wd, "weight_decay": weight_decay}, {"params": no_wd, "weight_decay": 0.0}]
''',
    "nb18-lr-at": r'''floor = lr * min_lr_ratio

if step < warmup:
    return float(step / warmup * lr)
if step >= max_steps:
    return float(floor)

frac = (step - warmup) / (max_steps - warmup)
return float(floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * frac)))
''',
}
