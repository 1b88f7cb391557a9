"""Trece soluciones independientes de 11-bucle (ver ``catalogues/independent``)."""

SETS = [
    {  # 1: índices a mano
        "nb11-make-xy": """
howmany = (stream.numel() - 1) // T
inputs = torch.empty(howmany, T, dtype=torch.int64)
outputs = torch.empty(howmany, T, dtype=torch.int64)
for row in range(howmany):
    inputs[row] = stream[row * T:row * T + T]
    outputs[row] = stream[row * T + 1:row * T + T + 1]
return inputs, outputs
""",
        "nb11-accumulated-step": """
micro = len(x) // n_micro
opt.zero_grad()
loss_sum = 0.0
for j in range(n_micro):
    xb = x[j * micro:(j + 1) * micro]
    yb = y[j * micro:(j + 1) * micro]
    logits = model(xb)
    l = F.cross_entropy(logits.view(-1, logits.size(-1)), yb.reshape(-1))
    (l / n_micro).backward()
    loss_sum += float(l)
opt.step()
return loss_sum / n_micro
""",
        "nb11-data-floor": """
import math
cur = x.flatten().tolist()
nxt = y.flatten().tolist()
joint = {}
marg = {}
for a, b in zip(cur, nxt):
    joint[(a, b)] = joint.get((a, b), 0) + 1
    marg[a] = marg.get(a, 0) + 1
N = len(cur)
return -sum(c / N * math.log(c / marg[a]) for (a, b), c in joint.items())
""",
    },
    {  # 2: unfold y torch.unique
        "nb11-make-xy": """
w = stream.unfold(0, T, T)
n = (len(stream) - 1) // T
return w[:n].clone(), stream[1:].unfold(0, T, T)[:n].clone()
""",
        "nb11-accumulated-step": """
opt.zero_grad()
pieces = list(zip(x.split(x.shape[0] // n_micro), y.split(y.shape[0] // n_micro)))
got = 0.0
for a, b in pieces:
    scores = model(a).flatten(0, 1)
    current = F.cross_entropy(scores, b.flatten()) / len(pieces)
    current.backward()
    got = got + current.item()
opt.step()
return got
""",
        "nb11-data-floor": """
flat_x, flat_y = x.reshape(-1), y.reshape(-1)
V = int(max(flat_x.max(), flat_y.max())) + 1
table = torch.zeros(V, V, dtype=torch.float64)
table.index_put_((flat_x, flat_y), torch.ones(len(flat_x), dtype=torch.float64), accumulate=True)
rows = table.sum(dim=1, keepdim=True)
cond = torch.where(table > 0, table / rows.clamp(min=1), torch.ones_like(table))
return float(-(table * cond.log()).sum() / len(flat_x))
""",
    },
    {  # 3: comprensiones
        "nb11-make-xy": """
count = (len(stream) - 1) // T
starts = range(0, count * T, T)
x = torch.stack([stream[s:s + T] for s in starts]) if count else stream[:0].view(0, T)
y = torch.stack([stream[s + 1:s + 1 + T] for s in starts]) if count else stream[:0].view(0, T)
return x, y
""",
        "nb11-accumulated-step": """
rows_per = x.size(0) // n_micro
opt.zero_grad()
values = []
for first in range(0, x.size(0), rows_per):
    out = model(x[first:first + rows_per])
    loss = F.cross_entropy(out.transpose(1, 2), y[first:first + rows_per])
    loss.div(n_micro).backward()
    values.append(loss.detach())
opt.step()
return torch.stack(values).mean().item()
""",
        "nb11-data-floor": """
from collections import Counter, defaultdict
import math
follows = defaultdict(Counter)
for tok, after in zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()):
    follows[tok][after] += 1
H = 0.0
size = 0
for tok, counter in follows.items():
    here = sum(counter.values())
    size += here
    H -= sum(c * math.log(c / here) for c in counter.values())
return H / size
""",
    },
    {  # 4: aritmética primero
        "nb11-make-xy": """
L = len(stream)
N = (L - 1) // T
end = N * T
src = stream[0:end]
dst = stream[1:end + 1]
return src.view(N, T), dst.view(N, T)
""",
        "nb11-accumulated-step": """
opt.zero_grad()
total_loss = 0
xs, ys = torch.chunk(x, n_micro), torch.chunk(y, n_micro)
for i in range(len(xs)):
    pred = model(xs[i])
    vocab = pred.shape[2]
    micro_loss = F.cross_entropy(pred.reshape(-1, vocab), ys[i].flatten())
    scaled = micro_loss * (1.0 / n_micro)
    scaled.backward()
    total_loss += scaled.item()
opt.step()
return total_loss
""",
        "nb11-data-floor": """
import math
a_list = x.reshape(-1).tolist()
b_list = y.reshape(-1).tolist()
seen_pairs, seen_first = {}, {}
for a, b in zip(a_list, b_list):
    seen_pairs.setdefault(a, {})
    seen_pairs[a][b] = seen_pairs[a].get(b, 0) + 1
    seen_first[a] = seen_first.get(a, 0) + 1
result = 0.0
for a, b in zip(a_list, b_list):
    result += -math.log(seen_pairs[a][b] / seen_first[a])
return result / len(a_list)
""",
    },
    {  # 5: while y tensores
        "nb11-make-xy": """
blocks_x, blocks_y = [], []
pos = 0
while pos + T + 1 <= len(stream):
    blocks_x.append(stream[pos:pos + T])
    blocks_y.append(stream[pos + 1:pos + T + 1])
    pos += T
if not blocks_x:
    return stream.new_zeros(0, T), stream.new_zeros(0, T)
return torch.stack(blocks_x), torch.stack(blocks_y)
""",
        "nb11-accumulated-step": """
opt.zero_grad()
k = x.shape[0] // n_micro
mean_loss = torch.zeros(())
for part in range(n_micro):
    sl = slice(part * k, part * k + k)
    logit = model(x[sl])
    this = F.cross_entropy(logit.permute(0, 2, 1), y[sl]) / n_micro
    this.backward()
    mean_loss += this.detach()
opt.step()
return mean_loss.item()
""",
        "nb11-data-floor": """
pairs = torch.stack((x.flatten(), y.flatten()), dim=1)
values, inverse, counts = torch.unique(pairs, dim=0, return_inverse=True, return_counts=True)
heads, head_inverse, head_counts = torch.unique(pairs[:, 0], return_inverse=True, return_counts=True)
p = counts[inverse].double() / head_counts[head_inverse].double()
return -p.log().mean().item()
""",
    },
    {  # 6: lo natural, casi como la solución
        "nb11-make-xy": """
n = (len(stream) - 1) // T
x = stream[:n * T].reshape(n, T)
y = stream[1:n * T + 1].reshape(n, T)
return x, y
""",
        "nb11-accumulated-step": """
size = x.shape[0] // n_micro
opt.zero_grad()
total = 0.0
for i in range(n_micro):
    xb = x[i * size:(i + 1) * size]
    yb = y[i * size:(i + 1) * size]
    logits = model(xb)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), yb.reshape(-1))
    (loss / n_micro).backward()
    total += loss.item()
opt.step()
return total / n_micro
""",
        "nb11-data-floor": """
import math
from collections import Counter
a_ids = x.reshape(-1).tolist()
b_ids = y.reshape(-1).tolist()
pair_count = Counter(zip(a_ids, b_ids))
first_count = Counter(a_ids)
s = 0.0
for a, b in zip(a_ids, b_ids):
    s += math.log(pair_count[(a, b)] / first_count[a])
return -s / len(a_ids)
""",
    },
    {  # 7: listas de Python y un while
        "nb11-make-xy": """
values = stream.tolist()
xs = []
ys = []
k = 0
while (k + 1) * T < len(values):
    xs.append(values[k * T:(k + 1) * T])
    ys.append(values[k * T + 1:(k + 1) * T + 1])
    k += 1
return torch.tensor(xs, dtype=torch.int64).view(-1, T), torch.tensor(ys, dtype=torch.int64).view(-1, T)
""",
        "nb11-accumulated-step": """
opt.zero_grad()
running = 0.0
for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
    out = model(xs)
    V = out.shape[-1]
    # suma de este trozo dividida por todas las posiciones del lote: su parte de la media
    part = F.cross_entropy(out.reshape(-1, V), ys.reshape(-1), reduction="sum") / y.numel()
    part.backward()
    running += part.item()
opt.step()
return running
""",
        "nb11-data-floor": """
import math
seq_a = x.flatten().tolist()
seq_b = y.flatten().tolist()
groups = {}
for a, b in zip(seq_a, seq_b):
    groups.setdefault(a, []).append(b)
total = 0.0
for a, followers in groups.items():
    n_a = len(followers)
    for b in set(followers):
        c = followers.count(b)
        total += c * math.log(n_a / c)
return total / len(seq_a)
""",
    },
    {  # 8: índices con arange y bincount (ya programaba)
        "nb11-make-xy": """
windows = (stream.numel() - 1) // T
offsets = torch.arange(windows).unsqueeze(1) * T + torch.arange(T)
return stream[offsets], stream[offsets + 1]
""",
        "nb11-accumulated-step": """
def micro_loss(xb, yb):
    logits = model(xb)
    return F.cross_entropy(logits.view(-1, logits.size(-1)), yb.reshape(-1))

per = x.shape[0] // n_micro
opt.zero_grad()
seen = []
for k in range(n_micro):
    rows = slice(k * per, (k + 1) * per)
    loss_k = micro_loss(x[rows], y[rows])
    loss_k.mul(1 / n_micro).backward()
    seen.append(loss_k.item())
opt.step()
return sum(seen) / len(seen)
""",
        "nb11-data-floor": """
a = x.reshape(-1)
b = y.reshape(-1)
width = int(torch.max(b)) + 1
codes = a * width + b
pair_n = torch.bincount(codes)
first_n = torch.bincount(a)
p = pair_n[codes].double() / first_n[a].double()
return float(-torch.log(p).mean())
""",
    },
    {  # 9: pasos con nombre y broadcasting
        "nb11-make-xy": """
N = (stream.shape[0] - 1) // T
body = stream[:N * T + 1]
x = body[:-1].view(N, T)
y = body[1:].view(N, T)
return x, y
""",
        "nb11-accumulated-step": """
model.zero_grad(set_to_none=True)
step_size = len(x) // n_micro
result = 0.0
for xb, yb in zip(x.split(step_size), y.split(step_size)):
    share = xb.shape[0] / x.shape[0]
    logits = model(xb)
    micro = F.cross_entropy(logits.flatten(end_dim=-2), yb.flatten())
    (micro * share).backward()
    result += micro.item() * share
opt.step()
return result
""",
        "nb11-data-floor": """
a = x.reshape(-1)
b = y.reshape(-1)
same_a = a[:, None] == a[None, :]
same_pair = same_a & (b[:, None] == b[None, :])
p = same_pair.sum(1).double() / same_a.sum(1).double()
return -p.log().mean().item()
""",
    },
    {  # 10: unfold de T + 1 y diccionarios de cuentas
        "nb11-make-xy": """
frames = stream.unfold(0, T + 1, T)
return frames[:, :-1], frames[:, 1:]
""",
        "nb11-accumulated-step": """
opt.zero_grad()
b = x.shape[0] // n_micro
losses = []
for m in range(n_micro):
    start = m * b
    end = start + b
    pred = model(x[start:end])
    B_, T_, V_ = pred.shape
    l = F.cross_entropy(pred.reshape(B_ * T_, V_), y[start:end].reshape(B_ * T_))
    losses.append(l.item())
    l = l / n_micro
    l.backward()
opt.step()
return sum(losses) / len(losses)
""",
        "nb11-data-floor": """
import math
from collections import defaultdict
n_pair = defaultdict(int)
n_cur = defaultdict(int)
N = 0
for row_x, row_y in zip(x.tolist(), y.tolist()):
    for cur, nxt in zip(row_x, row_y):
        n_pair[cur, nxt] += 1
        n_cur[cur] += 1
        N += 1
floor = 0.0
for (cur, nxt), k in n_pair.items():
    floor -= k * math.log(k / n_cur[cur])
return floor / N
""",
    },
    {  # 11: al pie de la letra; reshape y len, trozos con x[i*size:(i+1)*size], Counter y bucle sobre las posiciones
        "nb11-make-xy": """\
N = (len(stream) - 1) // T
x = stream[: N * T].reshape(N, T)
y = stream[1 : N * T + 1].reshape(N, T)
return x, y
""",
        "nb11-accumulated-step": """\
opt.zero_grad()
size = x.shape[0] // n_micro
total = 0.0
for i in range(n_micro):
    logits = model(x[i * size : (i + 1) * size])
    V = logits.shape[-1]
    loss = F.cross_entropy(logits.view(-1, V), y[i * size : (i + 1) * size].reshape(-1)) / n_micro
    loss.backward()
    total += loss.item()
opt.step()
return total
""",
        "nb11-data-floor": """\
pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pair_counts = Counter(pairs)
current_counts = Counter(a for a, b in pairs)
total = 0.0
for a, b in pairs:
    total -= math.log(pair_counts[(a, b)] / current_counts[a])
return total / len(pairs)
""",
    },
    {  # 12: al pie de la letra; shape[0] y reshape(-1, T), split en microlotes, Counter de parejas y sum
        "nb11-make-xy": """\
n = (stream.shape[0] - 1) // T
x = stream[:n * T].reshape(-1, T)
y = stream[1:n * T + 1].reshape(-1, T)
return x, y
""",
        "nb11-accumulated-step": """\
B = len(x)
size = B // n_micro
opt.zero_grad()
full_loss = 0.0
for xb, yb in zip(x.split(size), y.split(size)):
    logits = model(xb)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), yb.reshape(-1))
    (loss / n_micro).backward()
    full_loss += loss.item() / n_micro
opt.step()
return full_loss
""",
        "nb11-data-floor": """\
a_list = x.reshape(-1).tolist()
b_list = y.reshape(-1).tolist()
both = Counter(zip(a_list, b_list))
alone = Counter(a_list)
N = len(a_list)
return -sum(n * math.log(n / alone[a]) for (a, b), n in both.items()) / N
""",
    },
    {  # 13: al pie de la letra; len y reshape(N, T), range(0, B, micro), diccionarios contados a mano
        "nb11-make-xy": """\
n_windows = (len(stream) - 1) // T
length = n_windows * T
x = stream[:length].reshape(n_windows, T)
y = stream[1:length + 1].reshape(n_windows, T)
return x, y
""",
        "nb11-accumulated-step": """\
micro = x.shape[0] // n_micro
opt.zero_grad()
losses = []
for start in range(0, x.shape[0], micro):
    logits = model(x[start:start + micro])
    V = logits.shape[-1]
    loss = F.cross_entropy(logits.view(-1, V), y[start:start + micro].reshape(-1))
    (loss / n_micro).backward()
    losses.append(loss.item())
opt.step()
return sum(losses) / n_micro
""",
        "nb11-data-floor": """\
current = x.reshape(-1).tolist()
following = y.reshape(-1).tolist()
pair_count = {}
current_count = {}
for a, b in zip(current, following):
    pair_count[(a, b)] = pair_count.get((a, b), 0) + 1
    current_count[a] = current_count.get(a, 0) + 1
floor = 0.0
for a, b in zip(current, following):
    floor += -math.log(pair_count[(a, b)] / current_count[a])
return floor / len(current)
""",
    },
]
