"""Cinco soluciones independientes de 13-dispositivo (ver ``catalogues/independent``)."""

SETS = [
    {  # 1: lo natural, una función auxiliar y comprensiones
        "nb13-to-device": """
def move(value):
    if isinstance(value, torch.Tensor):
        return value.to(device)
    return value

if isinstance(batch, dict):
    return {key: move(value) for key, value in batch.items()}
return tuple(move(value) for value in batch)
""",
        "nb13-positional-forward": """
T = x.shape[1]
pos = torch.arange(T, device=x.device)
h = self.tokens(x) + self.positions(pos)
return self.output(h)
""",
    },
    {  # 2: bucles que llenan un dict y una lista
        "nb13-to-device": """
if isinstance(batch, dict):
    moved = {}
    for name, item in batch.items():
        if isinstance(item, torch.Tensor):
            moved[name] = item.to(device)
        else:
            moved[name] = item
    return moved
items = []
for item in batch:
    if isinstance(item, torch.Tensor):
        item = item.to(device)
    items.append(item)
return tuple(items)
""",
        "nb13-positional-forward": """
B, T = x.shape
steps = torch.arange(T, device=x.device).unsqueeze(0).expand(B, T)
return self.output(self.tokens(x) + self.positions(steps))
""",
    },
    {  # 3: la condición dentro de la comprensión
        "nb13-to-device": """
if isinstance(batch, tuple):
    return tuple(v.to(device) if isinstance(v, torch.Tensor) else v for v in batch)
return {k: (v.to(device) if isinstance(v, torch.Tensor) else v) for k, v in batch.items()}
""",
        "nb13-positional-forward": """
length = x.size(1)
token_rows = self.tokens(x)                        # (B, T, d)
position_rows = self.positions.weight[:length]     # (T, d), ya en el dispositivo del modelo
return self.output(token_rows + position_rows)
""",
    },
    {  # 4: claves primero y la tupla desde una lista
        "nb13-to-device": """
def on_device(thing):
    return thing.to(device) if isinstance(thing, torch.Tensor) else thing

if isinstance(batch, dict):
    result = dict()
    for k in batch:
        result[k] = on_device(batch[k])
    return result
return tuple([on_device(thing) for thing in batch])
""",
        "nb13-positional-forward": """
n_steps = x.shape[-1]
where = torch.arange(n_steps).to(x.device)
embedded = self.tokens(x)
embedded = embedded + self.positions(where)
logits = self.output(embedded)
return logits
""",
    },
    {  # 5: un solo recorrido por índices
        "nb13-to-device": """
is_dict = isinstance(batch, dict)
keys = list(batch.keys()) if is_dict else list(range(len(batch)))
values = []
for key in keys:
    value = batch[key]
    values.append(value.to(device) if isinstance(value, torch.Tensor) else value)
if is_dict:
    return dict(zip(keys, values))
return tuple(values)
""",
        "nb13-positional-forward": """
idx = torch.arange(0, x.shape[1], device=x.device)[None, :]
summed = self.tokens(x) + self.positions(idx)
return self.output(summed)
""",
    },
]
