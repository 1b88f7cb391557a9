'''Cinco soluciones independientes de 19-rukh-juega (ver ``catalogues/independent``).

La celda de ``nb19-checkpoint`` tiene dos regiones de solución (``save_checkpoint`` y ``resume``): su juego
es la celda entera, con las dos funciones como las deja el alumno (lo dado no cuenta como evidencia).
'''

SETS = [
    {  # 1: lo natural, como las demostraciones
        "nb19-mask-illegal": """
keep = torch.zeros(logits.shape, dtype=torch.bool)
keep[legal] = True
return logits.masked_fill(~keep, float("-inf"))
""",
        "nb19-sample-move": """
if temperature == 0:
    return int(logits.argmax())
scaled = logits / temperature
if top_k is not None:
    threshold = scaled.topk(top_k).values[-1]
    scaled = scaled.masked_fill(scaled < threshold, float("-inf"))
probs = torch.softmax(scaled, dim=-1)
return int(torch.multinomial(probs, 1, generator=generator))
""",
        "nb19-rope-tables": """
freqs = 1.0 / base ** (torch.arange(0, head_dim, 2, dtype=torch.float32) / head_dim)
t = torch.arange(seq_len, dtype=torch.float32)
angles = torch.outer(t, freqs)
angles = torch.cat([angles, angles], dim=-1)
return angles.cos(), angles.sin()
""",
        "nb19-apply-rope": """
T = x.shape[-2]
half = x.shape[-1] // 2
rotated = torch.cat([-x[..., half:], x[..., :half]], dim=-1)
return x * cos[:T] + rotated * sin[:T]
""",
        "nb19-checkpoint": '''
def save_checkpoint(path, model, optimizer, step):
    """Guarda en path {"model", "optimizer", "rng", "step"} con torch.save."""
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(),
                "rng": torch.get_rng_state(), "step": step}, path)


def resume(path, model, optimizer):
    """Repone modelo, optimizador y generador desde path; devuelve el paso guardado."""
    checkpoint = torch.load(path, weights_only=True)
    model.load_state_dict(checkpoint["model"])
    optimizer.load_state_dict(checkpoint["optimizer"])
    torch.set_rng_state(checkpoint["rng"])
    return checkpoint["step"]
''',
    },
    {  # 2: lo esperado construido al revés; top-k con los índices
        "nb19-mask-illegal": """
out = torch.full(logits.shape, float("-inf"))
out[legal] = logits[legal]
return out
""",
        "nb19-sample-move": """
if temperature == 0:
    return torch.argmax(logits).item()
scaled = logits / temperature
if top_k is not None:
    best_values, best_ids = torch.topk(scaled, top_k)
    only_best = torch.full(scaled.shape, float("-inf"))
    only_best[best_ids] = best_values
    scaled = only_best
choice = torch.multinomial(torch.softmax(scaled, dim=-1), 1, generator=generator)
return choice.item()
""",
        "nb19-rope-tables": """
half = head_dim // 2
i = torch.arange(half, dtype=torch.float32)
theta = base ** (-2 * i / head_dim)
positions = torch.arange(seq_len, dtype=torch.float32)
table = positions[:, None] * theta[None, :]
table = torch.cat([table, table], dim=-1)
return torch.cos(table), torch.sin(table)
""",
        "nb19-apply-rope": """
D = x.shape[-1]
T = x.shape[-2]
a, b = x[..., :D // 2], x[..., D // 2:]
c, s = cos[:T, :D // 2], sin[:T, :D // 2]
return torch.cat([a * c - b * s, b * c + a * s], dim=-1)
""",
        "nb19-checkpoint": '''
def save_checkpoint(path, model, optimizer, step):
    """Guarda en path {"model", "optimizer", "rng", "step"} con torch.save."""
    state = {}
    state["model"] = model.state_dict()
    state["optimizer"] = optimizer.state_dict()
    state["rng"] = torch.get_rng_state()
    state["step"] = step
    torch.save(state, path)


def resume(path, model, optimizer):
    """Repone modelo, optimizador y generador desde path; devuelve el paso guardado."""
    ckpt = torch.load(path, weights_only=True)
    model.load_state_dict(ckpt["model"])
    optimizer.load_state_dict(ckpt["optimizer"])
    torch.set_rng_state(ckpt["rng"])
    return int(ckpt["step"])
''',
    },
    {  # 3: una máscara de ilegales; torch.where
        "nb19-mask-illegal": """
masked = logits.clone()
illegal = torch.ones(len(logits), dtype=torch.bool)
illegal[legal] = False
masked[illegal] = float("-inf")
return masked
""",
        "nb19-sample-move": """
if temperature == 0:
    return int(torch.argmax(logits))
z = logits / temperature
if top_k is not None:
    kth = z.topk(top_k).values.min()
    z = torch.where(z >= kth, z, torch.tensor(float("-inf")))
p = F.softmax(z, dim=-1)
return int(torch.multinomial(p, 1, generator=generator)[0])
""",
        "nb19-rope-tables": """
exponents = torch.arange(0, head_dim, 2).float() / head_dim
inv = 1.0 / (base ** exponents)
steps = torch.arange(seq_len).float()
ang = torch.outer(steps, inv)
both = torch.cat((ang, ang), dim=1)
return both.cos(), both.sin()
""",
        "nb19-apply-rope": """
T = x.size(2)
c, s = cos[:T], sin[:T]
half = x.size(-1) // 2
first, second = x[..., :half], x[..., half:]
swapped = torch.cat((-second, first), dim=-1)
return x * c + swapped * s
""",
        "nb19-checkpoint": '''
def save_checkpoint(path, model, optimizer, step):
    """Guarda en path {"model", "optimizer", "rng", "step"} con torch.save."""
    everything = dict(model=model.state_dict(), optimizer=optimizer.state_dict(),
                      rng=torch.get_rng_state(), step=step)
    torch.save(everything, path)


def resume(path, model, optimizer):
    """Repone modelo, optimizador y generador desde path; devuelve el paso guardado."""
    loaded = torch.load(path, weights_only=True)
    torch.set_rng_state(loaded["rng"])
    model.load_state_dict(loaded["model"])
    optimizer.load_state_dict(loaded["optimizer"])
    return loaded["step"]
''',
    },
    {  # 4: un bucle por las legales; ángulos con listas de Python
        "nb19-mask-illegal": """
allowed = torch.zeros(logits.shape[0], dtype=torch.bool)
for move_id in legal:
    allowed[move_id] = True
minus_inf = torch.tensor(float("-inf"))
return torch.where(allowed, logits, minus_inf)
""",
        "nb19-sample-move": """
if temperature > 0:
    probs = torch.softmax(logits / temperature, dim=-1)
    if top_k is not None:
        cut = probs.topk(top_k).values[-1]
        probs = probs * (probs >= cut)
    return int(torch.multinomial(probs, 1, generator=generator))
return int(logits.argmax())
""",
        "nb19-rope-tables": """
half = head_dim // 2
rows = []
for t in range(seq_len):
    rows.append([t * base ** (-2 * (j % half) / head_dim) for j in range(head_dim)])
angles = torch.tensor(rows, dtype=torch.float32)
return torch.cos(angles), torch.sin(angles)
""",
        "nb19-apply-rope": """
size = x.shape[-1] // 2
x1, x2 = x.split(size, dim=-1)
c = cos[:x.shape[-2], :size]
s = sin[:x.shape[-2], :size]
out1 = x1 * c - x2 * s
out2 = x2 * c + x1 * s
return torch.cat([out1, out2], dim=-1)
""",
        "nb19-checkpoint": '''
def save_checkpoint(path, model, optimizer, step):
    """Guarda en path {"model", "optimizer", "rng", "step"} con torch.save."""
    checkpoint = {
        "step": step,
        "rng": torch.get_rng_state(),
        "model": model.state_dict(),
        "optimizer": optimizer.state_dict(),
    }
    torch.save(checkpoint, path)


def resume(path, model, optimizer):
    """Repone modelo, optimizador y generador desde path; devuelve el paso guardado."""
    data = torch.load(path, weights_only=True)
    for key, thing in (("model", model), ("optimizer", optimizer)):
        thing.load_state_dict(data[key])
    torch.set_rng_state(data["rng"])
    return data["step"]
''',
    },
    {  # 5: la pareja de cada columna con %, sin outer
        "nb19-mask-illegal": """
legal_ids = torch.tensor(legal, dtype=torch.long)
is_legal = torch.zeros_like(logits, dtype=torch.bool)
is_legal[legal_ids] = True
return logits.masked_fill(is_legal == False, float("-inf"))
""",
        "nb19-sample-move": """
if temperature == 0:
    best = logits.argmax()
    return int(best)
logits = logits / temperature
if top_k is not None:
    smallest_kept = logits.topk(top_k).values[top_k - 1]
    logits = logits.masked_fill(logits < smallest_kept, float("-inf"))
weights = logits.softmax(dim=0)
drawn = torch.multinomial(weights, num_samples=1, generator=generator)
return int(drawn)
""",
        "nb19-rope-tables": """
j = torch.arange(head_dim)
pair = j % (head_dim // 2)
theta = base ** (-2.0 * pair / head_dim)
angles = torch.arange(seq_len).unsqueeze(1) * theta
return angles.cos(), angles.sin()
""",
        "nb19-apply-rope": """
n = x.shape[-2]
h = x.shape[-1] // 2
cross = torch.cat([x[..., h:] * -1, x[..., :h]], dim=-1)
return cos[:n] * x + sin[:n] * cross
""",
        "nb19-checkpoint": '''
def save_checkpoint(path, model, optimizer, step):
    """Guarda en path {"model", "optimizer", "rng", "step"} con torch.save."""
    rng_state = torch.get_rng_state()
    model_state = model.state_dict()
    opt_state = optimizer.state_dict()
    torch.save({"model": model_state, "optimizer": opt_state, "rng": rng_state, "step": step}, path)


def resume(path, model, optimizer):
    """Repone modelo, optimizador y generador desde path; devuelve el paso guardado."""
    saved = torch.load(path, weights_only=True)
    model.load_state_dict(saved["model"])
    optimizer.load_state_dict(saved["optimizer"])
    torch.set_rng_state(saved["rng"])
    step = saved["step"]
    return step
''',
    },
]
