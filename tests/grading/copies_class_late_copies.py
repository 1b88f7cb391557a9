"""La clase de prueba apartada en 17 y 18 (ver copies_class_late): la solución publicada que pega ``ana``,
disfrazada a mano, y el trabajo de ``hugo`` que ``ines`` entrega renombrado y comentado."""

ANA = {  # la solución publicada disfrazada
    "nb17-pad-to": """
# relleno con pad_id
res = torch.full((len(seqs), T), pad_id, dtype=torch.int64)

for n, s in enumerate(seqs):
    part = list(s)[:T]   # corto a T
    res[n, : len(part)] = torch.tensor(part, dtype=torch.int64)
return res
""",
    "nb17-packed-item": """
s0 = int(starts[i])
# la ventana
w = stream[s0 : s0 + block]
tgt = torch.full((block,), 0, dtype=torch.int64)
inp = torch.full((block,), 0, dtype=torch.int64)

inp[: len(w)] = w
tgt[:-1] = inp[1:]   # corrida uno
return inp, tgt
""",
    "nb17-loss-per-game": """
B, T, V = logits.shape
# pérdida de cada posición
each = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)
real = y != 0

return (each * real).sum(dim=1) / real.sum(dim=1)
""",
    "nb18-attention-forward": """
B, T, d = x.shape
# q, k, v de una vez
qq, kk, vv = self.qkv(x).split(d, dim=2)
qq, kk, vv = (m.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for m in (qq, kk, vv))

res = F.scaled_dot_product_attention(qq, kk, vv, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
res = res.transpose(1, 2).contiguous().view(B, T, d)   # juntar cabezas
return self.resid_drop(self.proj(res))
""",
    "nb18-block-forward": """
x = x + self.attn(self.ln1(x))   # atención
return x + self.mlp(self.ln2(x))  # mlp
""",
    "nb18-decoder-forward": """
pos = torch.arange(T, device=idx.device)
h = self.drop(self.tokens(idx) + self.positions(pos))
for blk in self.blocks:
    h = blk(h)
# la cabeza
out = self.lm_head(self.ln_f(h))
l = None
if targets is not None:
    l = F.cross_entropy(out.reshape(-1, out.shape[-1]), targets.reshape(-1), ignore_index=0)

return out, l
""",
    "nb18-param-groups": """
nodecay = [w for w in model.parameters() if w.dim() < 2]
dec = [w for w in model.parameters() if w.dim() >= 2]
return [{"params": dec, "weight_decay": weight_decay}, {"params": nodecay, "weight_decay": 0.0}]
""",
    "nb18-lr-at": """
low = lr * min_lr_ratio
if step < warmup:
    return lr * step / warmup
# medio coseno
p = min((step - warmup) / (max_steps - warmup), 1.0)
return low + 0.5 * (lr - low) * (1 + math.cos(math.pi * p))
""",
}

HUGO = {
    "nb17-pad-to": """
rows = [torch.tensor(list(s)[:T], dtype=torch.int64) for s in seqs]
rows = [torch.cat([r, torch.full((T - len(r),), pad_id, dtype=torch.int64)]) for r in rows]
return torch.stack(rows) if rows else torch.zeros(0, T, dtype=torch.int64)
""",
    "nb17-packed-item": """
k0 = starts[i].item()
got = stream[k0:k0 + block + 1]
full = torch.cat([got, got.new_zeros(block + 1 - len(got))]).to(torch.int64)
x, y = full[:block].clone(), full[1:].clone()
if len(got) <= block:
    y[len(got) - 1:] = 0
return x, y
""",
    "nb17-loss-per-game": """
flat = F.nll_loss(F.log_softmax(logits, -1).flatten(0, 1), y.flatten(), reduction="none", ignore_index=0)
flat = flat.unflatten(0, y.shape)
n = torch.count_nonzero(y, dim=1)
return flat.sum(1) / n
""",
    "nb18-attention-forward": """
nb, nt, nd = x.size()
triple = torch.tensor_split(self.qkv(x), 3, dim=-1)
q, k, v = [z.unflatten(-1, (self.n_head, -1)).permute(0, 2, 1, 3) for z in triple]
mix = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout * self.training, is_causal=True)
return self.resid_drop(self.proj(mix.permute(0, 2, 1, 3).flatten(-2)))
""",
    "nb18-block-forward": """
for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + layer(norm(x))
return x
""",
    "nb18-decoder-forward": """
state = self.drop(self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)))
for blk in self.blocks:
    state = blk(state)
scores = self.lm_head(self.ln_f(state))
if targets is None:
    return scores, None
per = F.cross_entropy(scores.flatten(0, 1), targets.flatten(), reduction="none")
keep = targets.flatten() != 0
return scores, per[keep].mean()
""",
    "nb18-param-groups": """
split = {"big": [], "small": []}
for w in model.parameters():
    split["big" if w.dim() >= 2 else "small"].append(w)
return [{"weight_decay": weight_decay, "params": split["big"]}, {"weight_decay": 0.0, "params": split["small"]}]
""",
    "nb18-lr-at": """
bottom = lr * min_lr_ratio
if step < warmup:
    return step * (lr / warmup)
left = max_steps - step
if left <= 0:
    return bottom
angle = math.pi * (1 - left / (max_steps - warmup))
return bottom + (lr - bottom) * (math.cos(angle) + 1) * 0.5
""",
}
