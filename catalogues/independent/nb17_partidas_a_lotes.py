"""Trece soluciones independientes de 17-partidas-a-lotes (ver ``catalogues/independent``)."""

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
losses = F.cross_entropy(logits.view(-1, V), y.reshape(-1), reduction="none").view(y.size(0), -1)
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
nll = torch.where(valid, nll, 0.0)
per_game = nll.sum(dim=1) / valid.sum(dim=1)
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
l = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")
return l.sum(dim=1) / mask.sum(dim=1)
""",
    },
    {  # 6: lo natural, casi como la solución
        "nb17-pad-to": """
out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, s in enumerate(seqs):
    s = list(s)[:T]
    out[i, :len(s)] = torch.tensor(s, dtype=torch.int64)
return out
""",
        "nb17-packed-item": """
begin = int(starts[i])
piece = stream[begin:begin + block]
x = torch.zeros(block, dtype=torch.int64)
x[:len(piece)] = piece
y = torch.zeros(block, dtype=torch.int64)
y[:-1] = x[1:]
return x, y
""",
        "nb17-loss-per-game": """
B, T, V = logits.shape
ce = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)
real = y != 0
return (ce * real).sum(dim=1) / real.sum(dim=1)
""",
    },
    {  # 7: pad_sequence de la sección 3, y block + 1 tokens como rukh
        "nb17-pad-to": """
from torch.nn.utils.rnn import pad_sequence
rows = [torch.tensor(list(s), dtype=torch.int64) for s in seqs]
wide = pad_sequence(rows, batch_first=True, padding_value=pad_id)
if wide.shape[1] >= T:
    return wide[:, :T]
extra = torch.full((len(seqs), T - wide.shape[1]), pad_id, dtype=torch.int64)
return torch.cat([wide, extra], dim=1)
""",
        "nb17-packed-item": """
s = starts[i].item()
buf = torch.zeros(block + 1, dtype=torch.long)
got = stream[s:s + block + 1].long()
buf[:got.numel()] = got
x, y = buf[:-1].clone(), buf[1:].clone()
y[-1] = 0  # el último objetivo nunca cuenta
return x, y
""",
        "nb17-loss-per-game": """
V = logits.shape[-1]
each = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none", ignore_index=0)
each = each.reshape(y.shape)
how_many = (y != 0).sum(dim=-1)
return each.sum(dim=-1) / how_many
""",
    },
    {  # 8: listas de Python, paso a paso
        "nb17-pad-to": """
table = []
for seq in seqs:
    row = []
    for token in seq:
        if len(row) == T:
            break
        row.append(token)
    while len(row) < T:
        row.append(pad_id)
    table.append(row)
return torch.tensor(table, dtype=torch.long).reshape(-1, T)
""",
        "nb17-packed-item": """
pos = int(starts[i])
tokens = stream.tolist()[pos:pos + block]
while len(tokens) < block:
    tokens.append(0)
x = torch.tensor(tokens, dtype=torch.int64)
y = torch.tensor(tokens[1:] + [0], dtype=torch.int64)
return x, y
""",
        "nb17-loss-per-game": """
log_probs = logits.log_softmax(dim=-1)
one_hot = F.one_hot(y, logits.shape[-1]).to(log_probs.dtype)
nll = -(log_probs * one_hot).sum(dim=-1)
is_real = (y != 0).float()
return (nll * is_real).sum(dim=1) / is_real.sum(dim=1)
""",
    },
    {  # 9: F.pad y torch.where (ya programaba)
        "nb17-pad-to": """
import torch.nn.functional as F
padded_rows = []
for ids in seqs:
    t = torch.as_tensor(list(ids)[:T], dtype=torch.int64)
    padded_rows.append(F.pad(t, (0, T - t.numel()), value=pad_id))
return torch.stack(padded_rows)
""",
        "nb17-packed-item": """
first = int(starts[i])
where = torch.arange(first, first + block)
inside = where < stream.numel()
x = torch.where(inside, stream[where.clamp(max=stream.numel() - 1)].long(), 0)
y = torch.cat((x[1:], x.new_zeros(1)))
return x, y
""",
        "nb17-loss-per-game": """
lse = torch.logsumexp(logits, dim=-1)
target_logit = torch.gather(logits, 2, y.unsqueeze(2)).squeeze(2)
per_pos = lse - target_logit
keep = y.ne(0)
per_pos = per_pos.masked_fill(~keep, 0)
return per_pos.sum(1) / keep.sum(1)
""",
    },
    {  # 10: itertools, cat y nanmean
        "nb17-pad-to": """
from itertools import chain, islice, repeat
rows = [list(islice(chain(s, repeat(pad_id)), T)) for s in seqs]
return torch.tensor(rows, dtype=torch.int64).view(len(rows), T)
""",
        "nb17-packed-item": """
at = int(starts[i])
seen = stream[at:at + block].to(torch.int64)
missing = block - seen.shape[0]
x = torch.cat([seen, torch.zeros(missing, dtype=torch.int64)])
y = torch.cat([x[1:], torch.tensor([0])])
return x, y
""",
        "nb17-loss-per-game": """
losses = F.cross_entropy(logits.transpose(1, 2), y, reduction="none")
losses = losses.masked_fill(y == 0, float("nan"))
return losses.nanmean(dim=1)
""",
    },
    {  # 11: al pie de la letra; torch.full y bucle, ventana de block+1 en ceros, reduction='none' y máscara
        "nb17-pad-to": """\
batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
for i, seq in enumerate(seqs):
    row = seq[:T]
    batch[i, :len(row)] = torch.tensor(row)
return batch
""",
        "nb17-packed-item": """\
start = int(starts[i])
chunk = stream[start:start + block + 1]
window = torch.zeros(block + 1, dtype=torch.int64)
window[:len(chunk)] = chunk
x = window[:-1]
y = window[1:].clone()
y[-1] = 0
return x, y
""",
        "nb17-loss-per-game": """\
B, T, V = logits.shape
per_position = F.cross_entropy(logits.view(-1, V), y.reshape(-1), reduction="none").view(B, T)
real = y != 0
return (per_position * real).sum(dim=1) / real.sum(dim=1)
""",
    },
    {  # 12: al pie de la letra; comprensión con relleno, x e y por separado, ignore_index con reduction='none'
        "nb17-pad-to": """\
rows = [s[:T] + [pad_id] * (T - len(s[:T])) for s in seqs]
return torch.tensor(rows)
""",
        "nb17-packed-item": """\
start = starts[i].item()
tokens = stream[start:start + block + 1].to(torch.int64)
x = torch.zeros(block, dtype=torch.int64)
y = torch.zeros(block, dtype=torch.int64)
n = min(len(tokens), block)
x[:n] = tokens[:n]
y[:n - 1] = tokens[1:n]
return x, y
""",
        "nb17-loss-per-game": """\
V = logits.shape[-1]
losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=PAD_ID, reduction="none")
losses = losses.reshape(y.shape)
counted = (y != PAD_ID).sum(dim=1)
return losses.sum(dim=1) / counted
""",
    },
    {  # 13: al pie de la letra; bucle con append, torch.cat para rellenar, ignore_index=0 y reshape(B*T, V)
        "nb17-pad-to": """\
rows = []
for seq in seqs:
    cut = list(seq[:T])
    rows.append(cut + [pad_id] * (T - len(cut)))
return torch.tensor(rows, dtype=torch.int64)
""",
        "nb17-packed-item": """\
start = int(starts[i])
piece = stream[start : start + block + 1].long()
missing = block + 1 - len(piece)
piece = torch.cat([piece, torch.zeros(missing, dtype=torch.int64)])
x = piece[:block]
y = torch.cat([piece[1:block], torch.zeros(1, dtype=torch.int64)])
return x, y
""",
        "nb17-loss-per-game": """\
B, T, V = logits.shape
real = y != 0
flat = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), ignore_index=0, reduction="none")
return flat.reshape(B, T).sum(dim=-1) / real.sum(dim=-1)
""",
    },
]
