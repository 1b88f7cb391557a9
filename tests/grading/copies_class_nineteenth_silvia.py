"""Silvia, la copiona: la solución publicada de ``source/``, pegada y disfrazada a mano."""

WORK = {
    "nb11-make-xy": r'''# ventanas completas
count = (len(stream) - 1) // T

inputs = stream[: count * T].reshape(count, T)
targets = stream[1 : count * T + 1].reshape(count, T)
return inputs, targets
''',
    "nb11-accumulated-step": r'''step_size = x.shape[0] // n_micro
acc = 0.0
opt.zero_grad()

# cada trozo suma su parte del gradiente
for first in range(0, x.shape[0], step_size):
    out = model(x[first : first + step_size])
    chunk_loss = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[first : first + step_size].reshape(-1))
    acc += chunk_loss.item()
    (chunk_loss / n_micro).backward()

opt.step()
return acc / n_micro
''',
    "nb11-data-floor": r'''from collections import Counter
import math

positions = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
firsts = Counter(cur for cur, _ in positions)
couples = Counter(positions)

acc = 0.0
for cur, nxt in positions:
    acc += -math.log(couples[(cur, nxt)] / firsts[cur])

return acc / len(positions)
''',
    "nb17-pad-to": r'''out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)

for row, s in enumerate(seqs):
    head = list(s)[:T]   # como mucho T ids
    out[row, : len(head)] = torch.tensor(head, dtype=torch.int64)
return out
''',
    "nb17-packed-item": r'''begin = int(starts[i])
chunk = stream[begin : begin + block]   # puede quedarse corto al final del flujo

inputs = torch.zeros(block, dtype=torch.int64)
targets = torch.zeros(block, dtype=torch.int64)
inputs[: len(chunk)] = chunk
targets[:-1] = inputs[1:]

return inputs, targets
''',
    "nb17-loss-per-game": r'''B, T, V = logits.shape
real = y != 0

losses = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)
return (losses * real).sum(dim=1) / real.sum(dim=1)
''',
    "nb18-attention-forward": r'''B, T, d = x.shape

q, k, v = self.qkv(x).split(d, dim=2)
# cabezas delante: (B, H, T, D)
q, k, v = (part.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for part in (q, k, v))

p = 0.0
if self.training:
    p = self.dropout
att = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)

att = att.transpose(1, 2).contiguous().view(B, T, d)
return self.resid_drop(self.proj(att))
''',
    "nb18-block-forward": r'''# atención y luego MLP, cada una sumada al residuo
h = x + self.attn(self.ln1(x))
return h + self.mlp(self.ln2(h))
''',
    "nb18-decoder-forward": r'''pos = torch.arange(T, device=idx.device)
h = self.drop(self.positions(pos) + self.tokens(idx))

for blk in self.blocks:
    h = blk(h)

logits = self.lm_head(self.ln_f(h))
if targets is None:
    return logits, None
loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
return logits, loss
''',
    "nb18-param-groups": r'''with_wd = [param for param in model.parameters() if param.dim() >= 2]
without_wd = [param for param in model.parameters() if param.dim() < 2]

return [
    {"params": with_wd, "weight_decay": weight_decay},
    {"params": without_wd, "weight_decay": 0.0},
]
''',
    "nb18-lr-at": r'''if step < warmup:
    return step / warmup * lr

low = lr * min_lr_ratio
frac = min(1.0, (step - warmup) / (max_steps - warmup))
return low + (lr - low) * (1 + math.cos(math.pi * frac)) / 2
''',
}
