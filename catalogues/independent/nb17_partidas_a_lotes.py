"""Cinco soluciones independientes de 17-partidas-a-lotes (ver ``catalogues/independent``)."""

SETS = [
    {  # 1
        "nb17-pad-to": """
out = torch.zeros(len(seqs), T, dtype=torch.long) + pad_id
for row, ids in enumerate(seqs):
    ids = list(ids)[:T]
    out[row, :len(ids)] = torch.tensor(ids, dtype=torch.long)
return out
""",
        "nb17-packed-item": """
s = int(starts[i])
piece = stream[s:s + block + 1]
x = torch.zeros(block, dtype=torch.int64)
y = torch.zeros(block, dtype=torch.int64)
n = min(block, len(piece))
x[:n] = piece[:n]
y[:n - 1] = piece[1:n]
return x, y
""",
        "nb17-loss-per-game": """
flat = F.cross_entropy(logits.flatten(0, 1), y.flatten(), reduction="none")
per = flat.view(y.shape)
keep = (y != 0).float()
return (per * keep).sum(1) / keep.sum(1)
""",
    },
    {  # 2
        "nb17-pad-to": """
rows = []
for s in seqs:
    s = list(s)
    if len(s) >= T:
        rows.append(s[:T])
    else:
        rows.append(s + [pad_id] * (T - len(s)))
return torch.tensor(rows, dtype=torch.int64).view(len(seqs), T)
""",
        "nb17-packed-item": """
begin = starts[i].item()
chunk = stream[begin:begin + block].tolist()
chunk = chunk + [0] * (block - len(chunk))
inp = torch.tensor(chunk, dtype=torch.int64)
tgt = torch.cat([inp[1:], torch.zeros(1, dtype=torch.int64)])
return inp, tgt
""",
        "nb17-loss-per-game": """
V = logits.size(-1)
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").reshape(y.size(0), -1)
real = y.ne(0)
totals = losses.masked_fill(~real, 0.0).sum(dim=-1)
return totals / real.sum(dim=-1)
""",
    },
    {  # 3
        "nb17-pad-to": """
result = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for b in range(len(seqs)):
    tokens = torch.as_tensor(list(seqs[b])[:T], dtype=torch.int64)
    result[b, :tokens.numel()] = tokens
return result
""",
        "nb17-packed-item": """
first = int(starts[i])
last = min(first + block, len(stream))
xs = torch.full((block,), 0, dtype=torch.int64)
xs[:last - first] = stream[first:last]
ys = torch.roll(xs, -1)
ys[-1] = 0
return xs, ys
""",
        "nb17-loss-per-game": """
logp = F.log_softmax(logits, dim=-1)
picked = -logp.gather(-1, y.unsqueeze(-1)).squeeze(-1)
mask = (y > 0).to(picked.dtype)
return (picked * mask).sum(dim=1) / mask.sum(dim=1)
""",
    },
    {  # 4
        "nb17-pad-to": """
padded = [list(s)[:T] + [pad_id] * max(0, T - len(list(s)[:T])) for s in seqs]
if not padded:
    return torch.empty(0, T, dtype=torch.int64)
return torch.tensor(padded, dtype=torch.int64)
""",
        "nb17-packed-item": """
pos = int(starts[i])
data = torch.zeros(block + 1, dtype=torch.int64)
seg = stream[pos:pos + block]
data[:len(seg)] = seg
x = data[:block].clone()
y = data[1:block + 1].clone()
return x, y
""",
        "nb17-loss-per-game": """
nll = F.cross_entropy(logits.permute(0, 2, 1), y, reduction="none")
valid = y != 0
summed = torch.where(valid, nll, torch.zeros_like(nll)).sum(dim=1)
per_game = summed / valid.sum(dim=1)
return per_game
""",
    },
    {  # 5
        "nb17-pad-to": """
batch = torch.empty((len(seqs), T), dtype=torch.int64).fill_(pad_id)
for k, ids in enumerate(seqs):
    for t, token in enumerate(list(ids)[:T]):
        batch[k, t] = token
return batch
""",
        "nb17-packed-item": """
at = int(starts[i])
got = stream[at:at + block]
inputs = F.pad(got, (0, block - len(got)), value=0)
targets = F.pad(inputs[1:], (0, 1), value=0)
return inputs.to(torch.int64), targets.to(torch.int64)
""",
        "nb17-loss-per-game": """
mask = (y != 0)
probs = logits.softmax(dim=-1)
p_true = probs.gather(2, y.unsqueeze(2)).squeeze(2)
nll = -torch.log(p_true)
nll[~mask] = 0.0
return nll.sum(dim=1) / mask.sum(dim=1)
""",
    },
]
