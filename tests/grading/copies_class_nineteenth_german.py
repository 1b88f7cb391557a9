"""Germán, honrado y que ya programaba: funciones auxiliares, comprensiones y otras funciones de torch."""

WORK = {
    "nb11-make-xy": r'''windows = stream.unfold(0, T + 1, T)          # (N, T + 1): cada ventana con su último objetivo
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
''',
    "nb11-accumulated-step": r'''def _flat_ce(logits, targets):
    return F.cross_entropy(logits.flatten(0, -2), targets.flatten())

opt.zero_grad(set_to_none=True)
parts = list(zip(torch.tensor_split(x, n_micro), torch.tensor_split(y, n_micro)))
total = torch.zeros(())
for xb, yb in parts:
    part = _flat_ce(model(xb), yb) / len(parts)
    part.backward()
    total += part.detach()
opt.step()
return total.item()
''',
    "nb11-data-floor": r'''def _inverse_counts(keys):
    _, inverse, counts = torch.unique(keys, return_inverse=True, return_counts=True)
    return counts[inverse].double()

a, b = x.flatten(), y.flatten()
pair_key = a * (int(b.max()) + 1) + b         # una clave única por pareja (a, b)
p = _inverse_counts(pair_key) / _inverse_counts(a)
return -torch.log(p).mean().item()
''',
    "nb17-pad-to": r'''def _row(seq):
    head = list(seq[:T])
    return head + [pad_id] * (T - len(head))

return torch.tensor([_row(s) for s in seqs], dtype=torch.long).reshape(len(seqs), T)
''',
    "nb17-packed-item": r'''start = starts[i].item()
window = stream[start : start + block + 1].to(torch.int64)
window = F.pad(window, (0, block + 1 - window.numel()), value=0)
x, y = window[:-1].clone(), window[1:].clone()
y[-1] = 0
return x, y
''',
    "nb17-loss-per-game": r'''real = y.ne(0)
nll = F.cross_entropy(logits.permute(0, 2, 1), y, reduction="none", ignore_index=0)   # (B, T)
return nll.sum(-1) / real.sum(-1).clamp_min(1).to(nll.dtype)
''',
    "nb18-attention-forward": r'''B, T, d = x.shape

def _heads(t):
    return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)   # (B, H, T, D)

q, k, v = map(_heads, self.qkv(x).chunk(3, dim=-1))
y = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
return self.resid_drop(self.proj(y.transpose(1, 2).flatten(2)))
''',
    "nb18-block-forward": r'''for norm, sublayer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
    x = x + sublayer(norm(x))
return x
''',
    "nb18-decoder-forward": r'''h = self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)).unsqueeze(0)
h = self.drop(h)
for blk in self.blocks:
    h = blk(h)
logits = self.lm_head(self.ln_f(h))
loss = None if targets is None else F.cross_entropy(
    logits.flatten(0, 1), targets.flatten(), ignore_index=PAD_ID)
return logits, loss
''',
    "nb18-param-groups": r'''groups = {True: [], False: []}
for p in model.parameters():
    groups[p.ndim >= 2].append(p)
return [{"params": groups[True], "weight_decay": weight_decay},
        {"params": groups[False], "weight_decay": 0.0}]
''',
    "nb18-lr-at": r'''def _cosine(progress):
    return 0.5 * (1.0 + math.cos(math.pi * min(max(progress, 0.0), 1.0)))

if step < warmup:
    return float(lr) * step / warmup
low = lr * min_lr_ratio
return float(low + (lr - low) * _cosine((step - warmup) / (max_steps - warmup)))
''',
}
