"""Zenón, el que copia en la pareja: lo de Úrsula, retocado a mano para que no se note."""

WORK = {
    "nb11-make-xy": """
# cuántos tokens caben en ventanas completas
kept = T * ((stream.shape[0] - 1) // T)

xs = stream[:kept]
ys = stream[1 : kept + 1]

return xs.view(-1, T), ys.view(-1, T)
""",
    "nb11-accumulated-step": """
chunk = x.shape[0] // n_micro
opt.zero_grad()
running = 0.0

for first in range(0, x.shape[0], chunk):
    scores = model(x[first : first + chunk])
    # pérdida de este trozo, que luego pesa 1/n_micro
    piece = F.cross_entropy(scores.reshape(-1, scores.shape[-1]), y[first : first + chunk].reshape(-1))
    running = running + piece.item()
    (piece / n_micro).backward()

opt.step()
return running / n_micro
""",
    "nb11-data-floor": """
cur = x.reshape(-1)
nxt = y.reshape(-1)

# paso los ids a 0..m-1 y así las parejas se cuentan con bincount
values, seq_ids = torch.unique(torch.cat([cur, nxt]), return_inverse=True)
m = len(values)
c_ids, n_ids = seq_ids[: cur.numel()], seq_ids[cur.numel() :]
key = c_ids * m + n_ids

times_first = torch.bincount(c_ids)[c_ids].double()
times_pair = torch.bincount(key)[key].double()
return -torch.log(times_pair / times_first).mean().item()
""",
    "nb17-pad-to": """
out = []
for s in seqs:
    s = list(s[:T])
    out.append(s + (T - len(s)) * [pad_id])

return torch.tensor(out, dtype=torch.int64)
""",
    "nb17-packed-item": """
pos = int(starts[i])
chunk = stream[pos : pos + block]

inp = torch.zeros(block, dtype=torch.int64)
tgt = torch.zeros(block, dtype=torch.int64)
inp[: len(chunk)] = chunk
tgt[: block - 1] = inp[1:]   # el último se queda en <pad>
return inp, tgt
""",
    "nb17-loss-per-game": """
keep = y != 0
# -log p del objetivo en cada posición
logp = logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
return -(logp * keep).sum(1) / keep.sum(1)
""",
    "nb18-attention-forward": """
B, T, d = x.shape
nh, hd = self.n_head, self.head_dim
p = 0.0
if self.training:
    p = self.dropout

parts = self.qkv(x).view(B, T, 3, nh, hd).permute(2, 0, 3, 1, 4)
q, k, v = parts[0], parts[1], parts[2]
att = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)

# cabezas juntas otra vez: (B, T, d)
att = att.permute(0, 2, 1, 3).reshape(B, T, d)
return self.resid_drop(self.proj(att))
""",
    "nb18-block-forward": """
r = x + self.attn(self.ln1(x))
return r + self.mlp(self.ln2(r))
""",
    "nb18-decoder-forward": """
pos = torch.arange(T, device=idx.device)[None, :]
z = self.drop(self.tokens(idx) + self.positions(pos))

for b in self.blocks:
    z = b(z)
logits = self.lm_head(self.ln_f(z))

if targets is not None:
    loss = F.cross_entropy(logits.reshape(B * T, -1), targets.reshape(B * T), ignore_index=0)
    return logits, loss
return logits, None
""",
    "nb18-param-groups": """
all_params = list(model.parameters())
no_decay = [t for t in all_params if len(t.shape) < 2]
decay = [t for t in all_params if len(t.shape) >= 2]
return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """
bottom = lr * min_lr_ratio
if step < warmup:
    return lr * step / warmup
if step >= max_steps:
    return bottom

frac = (step - warmup) / (max_steps - warmup)
return bottom + 0.5 * (lr - bottom) * (1 + math.cos(math.pi * frac))
""",
}
