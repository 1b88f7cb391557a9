"""Cinco soluciones independientes de 12-evaluar (ver ``catalogues/independent``)."""

SETS = [
    {  # 1: lo natural, un solo bucle con el with dentro
        "nb12-forward-frozen": """
h = x
for i, layer in enumerate(model):
    if i < n_frozen:
        with torch.no_grad():
            h = layer(h)
    else:
        h = layer(h)
return h
""",
        "nb12-evaluate": """
was_training = model.training
model.eval()
total_loss = 0.0
n_tokens = 0
with torch.no_grad():
    for x, y in batches:
        logits = model(x)
        V = logits.shape[-1]
        total_loss += F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="sum").item()
        n_tokens += y.numel()
model.train(was_training)
return total_loss / n_tokens
""",
    },
    {  # 2: dos bucles, primero las congeladas
        "nb12-forward-frozen": """
layers = list(model)
out = x
with torch.no_grad():
    for layer in layers[:n_frozen]:
        out = layer(out)
for layer in layers[n_frozen:]:
    out = layer(out)
return out
""",
        "nb12-evaluate": """
mode = model.training
model.train(False)
losses = []
with torch.no_grad():
    for inputs, targets in batches:
        scores = model(inputs)
        per_token = F.cross_entropy(scores.reshape(-1, scores.size(-1)), targets.reshape(-1), reduction="none")
        losses.append(per_token)
model.train(mode)
return torch.cat(losses).mean().item()
""",
    },
    {  # 3: set_grad_enabled capa a capa
        "nb12-forward-frozen": """
result = x
for index in range(len(model)):
    with torch.set_grad_enabled(index >= n_frozen):
        result = model[index](result)
return result
""",
        "nb12-evaluate": """
@torch.no_grad()
def run_all():
    s, n = 0.0, 0
    for xb, yb in batches:
        out = model(xb)
        loss = F.cross_entropy(out.reshape(-1, out.shape[2]), yb.reshape(-1))
        s += loss.item() * yb.numel()
        n += yb.numel()
    return s / n

before = model.training
model.eval()
value = run_all()
model.train(before)
return value
""",
    },
    {  # 4: cortar el Sequential en dos
        "nb12-forward-frozen": """
frozen_part = model[:n_frozen]
trainable_part = model[n_frozen:]
with torch.no_grad():
    middle = frozen_part(x)
return trainable_part(middle)
""",
        "nb12-evaluate": """
old_mode = model.training
model.eval()
nll_sum = 0.0
count = 0
with torch.no_grad():
    for batch_x, batch_y in batches:
        logp = model(batch_x).log_softmax(dim=-1)
        picked = logp.gather(-1, batch_y.unsqueeze(-1)).squeeze(-1)
        nll_sum -= picked.sum().item()
        count += picked.numel()
if old_mode:
    model.train()
return nll_sum / count
""",
    },
    {  # 5: una capa cada vez, con la decisión antes
        "nb12-forward-frozen": """
current = x
for position, module in enumerate(model):
    frozen = position < n_frozen
    if frozen:
        with torch.no_grad():
            current = module(current)
        continue
    current = module(current)
return current
""",
        "nb12-evaluate": """
training_before = model.training
model.eval()
sums = []
sizes = []
with torch.no_grad():
    for xs, ys in batches:
        out = model(xs)
        flat_logits = out.flatten(0, 1)
        flat_targets = ys.flatten()
        sums.append(F.cross_entropy(flat_logits, flat_targets, reduction="sum"))
        sizes.append(flat_targets.shape[0])
model.train(training_before)
return float(sum(sums) / sum(sizes))
""",
    },
]
