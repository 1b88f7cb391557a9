"""Respuestas equivocadas plausibles de 19-rukh-juega: {grade_id: [(motivo, celda completa), ...]}.

La que solo cambia una o dos cosas de la solución se escribe como esos cambios sobre la solución
(``_with``), para que se lea qué tiene de distinto."""


def _with(solution: str, *changes: tuple[str, str]) -> str:
    """La solución del cuaderno con cada texto ``viejo`` cambiado por ``nuevo`` (cada uno está una sola vez)."""
    for old, new in changes:
        assert solution.count(old) == 1, f"{old!r} no está una sola vez en la solución"
        solution = solution.replace(old, new)
    return solution


_MASK = '''
def mask_illegal(logits, legal):
    """logits: float (V,); legal: lista de ids. Copia de logits con -inf fuera de legal."""
    keep = torch.zeros(logits.shape, dtype=torch.bool)
    keep[legal] = True
    return logits.masked_fill(~keep, float("-inf"))
'''

_SAMPLE = '''
def sample_move(logits, temperature, top_k, generator):
    """logits: float (V,). Devuelve el id (int) elegido: voraz con temperature 0, sorteado si no."""
    if temperature == 0:
        return int(logits.argmax())
    out = logits / temperature
    if top_k is not None:
        threshold = out.topk(top_k).values[-1]
        out = out.masked_fill(out < threshold, float("-inf"))
    probs = torch.softmax(out, dim=-1)
    return int(torch.multinomial(probs, 1, generator=generator))
'''

_TABLES = '''
def rope_tables(seq_len, head_dim, base=10_000.0):
    """(cos, sin), dos float32 (seq_len, head_dim): los ángulos t * base**(-2i/head_dim), mitades repetidas."""
    inv_freq = 1.0 / base ** (torch.arange(0, head_dim, 2, dtype=torch.float32) / head_dim)
    angles = torch.outer(torch.arange(seq_len, dtype=torch.float32), inv_freq)
    full = torch.cat([angles, angles], dim=-1)
    return full.cos(), full.sin()
'''

_ROPE = '''
def apply_rope(x, cos, sin):
    """x: (B, H, T, D); cos, sin: (L, D) con L >= T. Cada pareja (i, i + D/2) girada el ángulo de su fila."""
    T, half = x.shape[-2], x.shape[-1] // 2
    rotated = torch.cat([-x[..., half:], x[..., :half]], dim=-1)
    return x * cos[:T] + rotated * sin[:T]
'''

_CHECKPOINT = '''
def save_checkpoint(path, model, optimizer, step):
    """Guarda en path {"model", "optimizer", "rng", "step"} con torch.save."""
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(),
                "rng": torch.get_rng_state(), "step": step}, path)


def resume(path, model, optimizer):
    """Repone modelo, optimizador y generador desde path; devuelve el paso guardado."""
    payload = torch.load(path, weights_only=True)
    model.load_state_dict(payload["model"])
    optimizer.load_state_dict(payload["optimizer"])
    torch.set_rng_state(payload["rng"])
    return payload["step"]
'''


WRONG_ANSWERS = {
    "nb19-mask-illegal": [
        ("[copia] la demo: pone −∞ en las legales en vez de en las demás",
         _with(_MASK, ("masked_fill(~keep,", "masked_fill(keep,"))),
        ("[fijo] devuelve los logits sin tocar", '''
def mask_illegal(logits, legal):
    return logits
'''),
        ("pone 0 en vez de −∞: la softmax aún les da probabilidad",
         _with(_MASK, ('masked_fill(~keep, float("-inf"))', "masked_fill(~keep, 0.0)"))),
        ("un número muy negativo en vez de −∞", _with(_MASK, ('float("-inf")', "-1e9"))),
        ("cambia los logits en su sitio y los devuelve", '''
def mask_illegal(logits, legal):
    keep = torch.zeros(logits.shape, dtype=torch.bool)
    keep[legal] = True
    logits[~keep] = float("-inf")
    return logits
'''),
        ("devuelve solo los logits de las legales", '''
def mask_illegal(logits, legal):
    return logits[legal]
'''),
        ("confunde ids con posiciones de la lista: marca 0 … len(legal) − 1", _with(_MASK, ("keep[legal] = True", "keep[: len(legal)] = True"))),
    ],
    "nb19-sample-move": [
        ("[fijo] juega siempre la voraz, sin sortear", '''
def sample_move(logits, temperature, top_k, generator):
    return int(logits.argmax())
'''),
        ("multiplica por la temperatura en vez de dividir", _with(_SAMPLE, ("out = logits / temperature", "out = logits * temperature"))),
        ("olvida la temperatura al sortear", _with(_SAMPLE, ("out = logits / temperature", "out = logits"))),
        ("sortea con el generador global, no con el que recibe",
         _with(_SAMPLE, ("torch.multinomial(probs, 1, generator=generator)", "torch.multinomial(probs, 1)"))),
        ("top-k con > : se queda con k − 1", _with(_SAMPLE, ("out.masked_fill(out < threshold,", "out.masked_fill(out <= threshold,"))),
        ("top-k con las k más bajas", _with(_SAMPLE, ("out.topk(top_k).values[-1]", "out.topk(top_k, largest=False).values[-1]"))),
        ("divide las probabilidades, no los logits, por la temperatura", '''
def sample_move(logits, temperature, top_k, generator):
    if temperature == 0:
        return int(logits.argmax())
    out = logits
    if top_k is not None:
        threshold = out.topk(top_k).values[-1]
        out = out.masked_fill(out < threshold, float("-inf"))
    probs = torch.softmax(out, dim=-1) / temperature
    return int(torch.multinomial(probs, 1, generator=generator))
'''),
        ("devuelve el tensor de multinomial, no un int", _with(_SAMPLE, ("return int(torch.multinomial(probs, 1, generator=generator))",
                                                                       "return torch.multinomial(probs, 1, generator=generator)"))),
        ("con temperatura 0 también sortea (divide entre 0)", _with(_SAMPLE, ("    if temperature == 0:\n        return int(logits.argmax())\n", ""))),
        ("ignora top_k", _with(_SAMPLE, ("    if top_k is not None:\n", "    if False:\n"))),
    ],
    "nb19-rope-tables": [
        ("[fijo] ángulo 0 en todas las posiciones: cos 1 y sin 0", '''
def rope_tables(seq_len, head_dim, base=10_000.0):
    return torch.ones(seq_len, head_dim), torch.zeros(seq_len, head_dim)
'''),
        ("parejas intercaladas (repeat_interleave) en vez de mitades repetidas",
         _with(_TABLES, ("torch.cat([angles, angles], dim=-1)", "angles.repeat_interleave(2, dim=-1)"))),
        ("exponente i/D en vez de 2i/D",
         _with(_TABLES, ("torch.arange(0, head_dim, 2, dtype=torch.float32) / head_dim",
                         "torch.arange(0, head_dim // 2, dtype=torch.float32) / head_dim"))),
        ("base elevado a +2i/D: frecuencias que crecen",
         _with(_TABLES, ("inv_freq = 1.0 / base ** (", "inv_freq = base ** ("))),
        ("posiciones desde 1", _with(_TABLES, ("torch.arange(seq_len, dtype=torch.float32)", "torch.arange(1, seq_len + 1, dtype=torch.float32)"))),
        ("sin repetir las mitades: tablas de head_dim / 2 columnas", _with(_TABLES, ("torch.cat([angles, angles], dim=-1)", "angles"))),
        ("devuelve (sin, cos)", _with(_TABLES, ("return full.cos(), full.sin()", "return full.sin(), full.cos()"))),
        ("tablas en float64", _with(_TABLES, ("return full.cos(), full.sin()", "return full.double().cos(), full.double().sin()"))),
    ],
    "nb19-apply-rope": [
        ("[fijo] devuelve x sin girar", '''
def apply_rope(x, cos, sin):
    return x
'''),
        ("gira al revés: (b, −a) en vez de (−b, a)",
         _with(_ROPE, ("torch.cat([-x[..., half:], x[..., :half]], dim=-1)", "torch.cat([x[..., half:], -x[..., :half]], dim=-1)"))),
        ("parejas vecinas (2i, 2i + 1) en vez de mitades", '''
def apply_rope(x, cos, sin):
    T = x.shape[-2]
    a, b = x[..., 0::2], x[..., 1::2]
    c, s = cos[:T, 0::2], sin[:T, 0::2]
    return torch.stack([a * c - b * s, b * c + a * s], dim=-1).flatten(-2)
'''),
        ("usa las tablas enteras: solo funciona si L = T", _with(_ROPE, ("return x * cos[:T] + rotated * sin[:T]", "return x * cos + rotated * sin"))),
        ("usa las últimas T filas de las tablas", _with(_ROPE, ("return x * cos[:T] + rotated * sin[:T]", "return x * cos[-T:] + rotated * sin[-T:]"))),
        ("sin cruzar: multiplica x por cos y por sin", _with(_ROPE, ("x * cos[:T] + rotated * sin[:T]", "x * cos[:T] + x * sin[:T]"))),
        ("olvida el signo menos", _with(_ROPE, ("torch.cat([-x[..., half:], x[..., :half]], dim=-1)", "torch.cat([x[..., half:], x[..., :half]], dim=-1)"))),
    ],
    "nb19-checkpoint": [
        ("[fijo] no guarda nada y resume devuelve 0", '''
def save_checkpoint(path, model, optimizer, step):
    pass


def resume(path, model, optimizer):
    return 0
'''),
        ("sin el estado del optimizador: AdamW empieza de cero",
         _with(_CHECKPOINT, ('    optimizer.load_state_dict(payload["optimizer"])\n', ""))),
        ("sin reponer el generador: el dropout y los lotes cambian",
         _with(_CHECKPOINT, ('    torch.set_rng_state(payload["rng"])\n', ""))),
        ("sin guardar el generador ni el optimizador: solo el modelo y el paso", '''
def save_checkpoint(path, model, optimizer, step):
    torch.save({"model": model.state_dict(), "step": step}, path)


def resume(path, model, optimizer):
    payload = torch.load(path, weights_only=True)
    model.load_state_dict(payload["model"])
    return payload["step"]
'''),
        ("vuelve a fijar la semilla con el paso en vez de reponer el estado",
         _with(_CHECKPOINT, ('    torch.set_rng_state(payload["rng"])\n', '    torch.manual_seed(payload["step"])\n'))),
        ("resume devuelve el paso siguiente", _with(_CHECKPOINT, ('return payload["step"]', 'return payload["step"] + 1'))),
        ("guarda el objeto modelo entero, no su state_dict", '''
def save_checkpoint(path, model, optimizer, step):
    torch.save({"model": model, "optimizer": optimizer.state_dict(), "rng": torch.get_rng_state(), "step": step}, path)


def resume(path, model, optimizer):
    payload = torch.load(path, weights_only=True)
    model.load_state_dict(payload["model"].state_dict())
    optimizer.load_state_dict(payload["optimizer"])
    torch.set_rng_state(payload["rng"])
    return payload["step"]
'''),
        ("no repone el modelo: solo optimizador y generador",
         _with(_CHECKPOINT, ('    model.load_state_dict(payload["model"])\n', ""))),
    ],
}
