"""Respuestas equivocadas plausibles de 18-decoder: {grade_id: [(motivo, celda completa), ...]}.

Los ejercicios de CausalSelfAttention.forward, Block.forward y MoveDecoder.forward piden solo el cuerpo de un método: cada
respuesta equivocada es la clase del cuaderno entera (lo que no es del alumno, escrito una vez
abajo) con otro cuerpo. La que solo cambia una o dos cosas de la solución se escribe como esos
cambios sobre la solución (``_with``), para que se lea qué tiene de distinto."""

_ATTENTION_HEAD = '''
class CausalSelfAttention(nn.Module):
    """La atención causal de rukh: qkv fundido, H cabezas de D = d / H, dropout y proyección de salida."""

    def __init__(self, d, n_head, dropout=0.0):
        super().__init__()
        self.n_head = n_head
        self.head_dim = d // n_head
        self.dropout = dropout                   # la probabilidad, un float: la usa SDPA al entrenar
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.resid_drop = nn.Dropout(dropout)

    def forward(self, x):
        """x: (B, T, d) -> (B, T, d)."""
'''


def _attention(body: str) -> str:
    """La clase del cuaderno con ``body`` como cuerpo del método del ejercicio."""
    return _ATTENTION_HEAD + body + "\n"


_ATTN = '''        B, T, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=2)
        q, k, v = (t.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for t in (q, k, v))
        out = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
        out = out.transpose(1, 2).contiguous().view(B, T, d)
        return self.resid_drop(self.proj(out))'''


_BLOCK_HEAD = '''
class Block(nn.Module):
    """Un bloque pre-norm de rukh: atención y MLP, cada uno con su LayerNorm delante y su residuo."""

    def __init__(self, d, n_head, ff, dropout=0.0):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = CausalSelfAttention(d, n_head, dropout)
        self.ln2 = nn.LayerNorm(d)
        self.mlp = Mlp(d, ff, dropout)

    def forward(self, x):
        """x: (B, T, d) -> (B, T, d)."""
'''
_BLOCK_TAIL = '''
'''


def _block(body: str) -> str:
    """La clase del cuaderno con ``body`` como cuerpo del método del ejercicio."""
    return _BLOCK_HEAD + body + _BLOCK_TAIL


_DECODER_HEAD = '''
class MoveDecoder(nn.Module):
    """El decodificador de rukh en pequeño: tokens + posiciones, n_layer bloques, LayerNorm final y cabeza atada."""

    def __init__(self, vocab_size, block, d, n_head, n_layer, dropout=0.0):
        super().__init__()
        self.block = block
        self.tokens = nn.Embedding(vocab_size, d)
        self.positions = nn.Embedding(block, d)
        self.drop = nn.Dropout(dropout)
        self.blocks = nn.ModuleList([Block(d, n_head, 4 * d, dropout) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(d)
        self.lm_head = nn.Linear(d, vocab_size, bias=False)
        self.lm_head.weight = self.tokens.weight      # atada: un solo parámetro (cuaderno 08)
        self.apply(init_weights)
        for name, p in self.named_parameters():       # las proyecciones que suman al residuo, más pequeñas
            if name.endswith("proj.weight"):
                nn.init.normal_(p, mean=0.0, std=0.02 / math.sqrt(2 * n_layer))

    def forward(self, idx, targets=None):
        """idx: int64 (B, T), T <= block; targets: int64 (B, T) o None. Devuelve (logits (B, T, V), loss o None)."""
        B, T = idx.shape
        if T > self.block:
            raise ValueError(f"La secuencia tiene {T} tokens y el bloque solo admite {self.block}.")
'''
_DECODER_TAIL = '''

    @torch.no_grad()
    def next_logits(self, idx):
        """Logits (B, V) del token que sigue a idx (B, T), mirando solo los últimos block tokens."""
        logits, _ = self(idx[:, -self.block:])
        return logits[:, -1, :]
'''


def _decoder(body: str) -> str:
    """La clase del cuaderno con ``body`` como cuerpo del método del ejercicio."""
    return _DECODER_HEAD + body + _DECODER_TAIL


def _with(solution: str, *changes: tuple[str, str]) -> str:
    """La solución del cuaderno con cada texto ``viejo`` cambiado por ``nuevo`` (cada uno está una sola vez)."""
    for old, new in changes:
        assert solution.count(old) == 1, f"{old!r} no está una sola vez en la solución"
        solution = solution.replace(old, new)
    return solution


_FORWARD = '''        where = torch.arange(T, device=idx.device)
        x = self.drop(self.tokens(idx) + self.positions(where))
        for block in self.blocks:
            x = block(x)
        logits = self.lm_head(self.ln_f(x))
        loss = None
        if targets is not None:
            loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
        return logits, loss'''

_PARAM_GROUPS = '''
def param_groups(model, weight_decay):
    """Dos grupos para AdamW: los parámetros de 2 o más dimensiones con weight_decay, el resto con 0.0."""
    decay = [p for p in model.parameters() if p.dim() >= 2]
    no_decay = [p for p in model.parameters() if p.dim() < 2]
    return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
'''

_LR_AT = '''
def lr_at(step, lr, warmup, max_steps, min_lr_ratio):
    """El ritmo de aprendizaje del paso `step` (0, 1, …): recta desde 0 y medio coseno hasta el suelo."""
    floor = lr * min_lr_ratio
    if step < warmup:
        return lr * step / warmup
    progress = min((step - warmup) / (max_steps - warmup), 1.0)
    return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * progress))
'''


WRONG_ANSWERS = {
    'nb18-attention-forward': [
        ('[fijo] devuelve la entrada tal cual', _attention('''        return x''')),
        ('[copia] la atención del cuaderno 14: sin dropout, sin proj ni resid_drop', _attention('''        B, T, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=2)
        q, k, v = (t.view(B, T, self.n_head, d // self.n_head).transpose(1, 2) for t in (q, k, v))
        out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return out.transpose(1, 2).contiguous().view(B, T, d)''')),
        ('dropout_p sin mirar el modo: también en eval()', _attention(_with(
            _ATTN, ("dropout_p=self.dropout if self.training else 0.0", "dropout_p=self.dropout")))),
        ('el modo al revés: dropout al evaluar y no al entrenar', _attention(_with(
            _ATTN, ("self.dropout if self.training else 0.0", "0.0 if self.training else self.dropout")))),
        ('junta las cabezas sin transpose', _attention(_with(
            _ATTN, ("out = out.transpose(1, 2).contiguous().view(B, T, d)", "out = out.reshape(B, T, d)")))),
        ('reparte las cabezas con view(B, H, T, D), sin transpose', _attention(_with(
            _ATTN, ("t.view(B, T, self.n_head, self.head_dim).transpose(1, 2)", "t.view(B, self.n_head, T, self.head_dim)")))),
        ('sin is_causal: cada posición ve las siguientes', _attention(_with(_ATTN, (", is_causal=True)", ")")))),
        ('olvida proj', _attention(_with(_ATTN, ("self.resid_drop(self.proj(out))", "self.resid_drop(out)")))),
        ('olvida resid_drop', _attention(_with(_ATTN, ("self.resid_drop(self.proj(out))", "self.proj(out)")))),
        ('resid_drop antes de proj', _attention(_with(_ATTN, ("self.resid_drop(self.proj(out))", "self.proj(self.resid_drop(out))")))),
        ('F.dropout en la salida de SDPA en vez de dropout_p en sus pesos', _attention(_with(
            _ATTN, ("out = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)",
                    "out = F.dropout(F.scaled_dot_product_attention(q, k, v, is_causal=True), self.dropout, self.training)")))),
    ],
    'nb18-block-forward': [
        ('[copia] el bloque post-norm de la demo: suma primero y normaliza después', _block('''        x = self.ln1(x + self.attn(x))
        return self.ln2(x + self.mlp(x))''')),
        ('[fijo] devuelve la entrada tal cual, como un bloque con las subcapas a cero', _block('''        return x''')),
        ('sin conexiones residuales: encadena las subcapas', _block('''        return self.mlp(self.ln2(self.attn(self.ln1(x))))''')),
        ('solo la primera conexión residual', _block('''        x = x + self.attn(self.ln1(x))
        return self.mlp(self.ln2(x))''')),
        ('bloque paralelo: el MLP lee el x de la entrada y no el de la primera suma', _block('''        return x + self.attn(self.ln1(x)) + self.mlp(self.ln2(x))''')),
        ('usa ln1 delante de las dos subcapas', _block('''        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln1(x))''')),
        ('suma al residuo la copia normalizada en vez de x', _block('''        h = self.ln1(x)
        h = h + self.attn(h)
        g = self.ln2(h)
        return g + self.mlp(g)''')),
        ('normaliza también la salida del bloque', _block('''        x = x + self.attn(self.ln1(x))
        x = x + self.mlp(self.ln2(x))
        return self.ln2(x)''')),
    ],
    'nb18-decoder-forward': [
        ('[fijo] logits de ceros y pérdida ln V, lo de un modelo recién creado', _decoder('''        logits = torch.zeros(*idx.shape, self.tokens.num_embeddings)
        loss = None if targets is None else torch.tensor(math.log(self.tokens.num_embeddings))
        return logits, loss''')),
        ('[copia] el forward del cuaderno 13: sin dropout, sin bloques ni ln_f', _decoder('''        where = torch.arange(T, device=idx.device)
        logits = self.lm_head(self.tokens(idx) + self.positions(where))
        loss = None
        if targets is not None:
            loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
        return logits, loss''')),
        ('sin ignore_index: el relleno cuenta en la media', _decoder(_with(_FORWARD, (", ignore_index=0)", ")")))),
        ('las posiciones con los ids de los tokens en vez de 0 … T − 1', _decoder(_with(
            _FORWARD, ("        where = torch.arange(T, device=idx.device)\n", ""),
            ("self.positions(where)", "self.positions(idx % self.block)")))),
        ('olvida drop', _decoder(_with(
            _FORWARD, ("self.drop(self.tokens(idx) + self.positions(where))", "self.tokens(idx) + self.positions(where)")))),
        ('drop al final, tras los bloques', _decoder(_with(
            _FORWARD, ("self.drop(self.tokens(idx) + self.positions(where))", "self.tokens(idx) + self.positions(where)"),
            ("self.ln_f(x)", "self.ln_f(self.drop(x))")))),
        ('olvida ln_f', _decoder(_with(_FORWARD, ("self.lm_head(self.ln_f(x))", "self.lm_head(x)")))),
        ('solo el último bloque', _decoder(_with(
            _FORWARD, ("        for block in self.blocks:\n            x = block(x)\n", "        x = self.blocks[-1](x)\n")))),
        ('los bloques al revés', _decoder(_with(_FORWARD, ("for block in self.blocks:", "for block in reversed(self.blocks):")))),
        ('targets.view(-1): falla con objetivos que son un corte', _decoder(_with(
            _FORWARD, ("logits.reshape(-1, logits.shape[-1]), targets.reshape(-1)",
                       "logits.view(-1, logits.shape[-1]), targets.view(-1)")))),
        ('devuelve la pérdida como float de Python con .item()', _decoder(_with(
            _FORWARD, ("ignore_index=0)", "ignore_index=0).item()")))),
        ('sin targets devuelve solo los logits, no la tupla', _decoder(_with(
            _FORWARD, ("        loss = None\n        if targets is not None:\n            loss = F.cross_entropy(",
                       "        if targets is None:\n            return logits\n        return logits, F.cross_entropy("),
            ("ignore_index=0)\n        return logits, loss", "ignore_index=0)")))),
    ],
    'nb18-param-groups': [
        ('[fijo] todo en un grupo con decaimiento y el segundo vacío', '''
def param_groups(model, weight_decay):
    """Dos grupos para AdamW: los parámetros de 2 o más dimensiones con weight_decay, el resto con 0.0."""
    return [{"params": list(model.parameters()), "weight_decay": weight_decay}, {"params": [], "weight_decay": 0.0}]
'''),
        ('por nombre: todo lo que se llama weight decae, también las LayerNorm', '''
def param_groups(model, weight_decay):
    """Dos grupos para AdamW: los parámetros de 2 o más dimensiones con weight_decay, el resto con 0.0."""
    decay = [p for name, p in model.named_parameters() if name.endswith("weight")]
    no_decay = [p for name, p in model.named_parameters() if not name.endswith("weight")]
    return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
'''),
        ('más de 2 dimensiones en vez de 2 o más', _with(
            _PARAM_GROUPS, ("p.dim() >= 2", "p.dim() > 2"), ("p.dim() < 2", "p.dim() <= 2"))),
        ('los grupos al revés', _with(
            _PARAM_GROUPS, ('[{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]',
                            '[{"params": no_decay, "weight_decay": 0.0}, {"params": decay, "weight_decay": weight_decay}]'))),
        ('el segundo grupo sin weight_decay: AdamW le pondría su 0.01', _with(
            _PARAM_GROUPS, ('{"params": no_decay, "weight_decay": 0.0}', '{"params": no_decay}'))),
        ('solo las capas Linear: las tablas de embeddings se quedan sin decaimiento', _with(
            _PARAM_GROUPS, ("    decay = [p for p in model.parameters() if p.dim() >= 2]\n",
                            "    linear = {id(m.weight) for m in model.modules() if isinstance(m, nn.Linear)}\n"
                            "    decay = [p for p in model.parameters() if id(p) in linear]\n"),
            ("if p.dim() < 2]", "if id(p) not in linear]"))),
        ('añade lm_head.weight a mano: el peso atado va dos veces', _with(
            _PARAM_GROUPS, ("if p.dim() >= 2]\n", 'if p.dim() >= 2]\n    if hasattr(model, "lm_head"):\n'
                                                  "        decay.append(model.lm_head.weight)\n"))),
        ('devuelve generadores en vez de listas', _with(
            _PARAM_GROUPS, ("[p for p in model.parameters() if p.dim() >= 2]", "(p for p in model.parameters() if p.dim() >= 2)"),
            ("[p for p in model.parameters() if p.dim() < 2]", "(p for p in model.parameters() if p.dim() < 2)"))),
    ],
    'nb18-predict-groups': [
        ('[mensaje] cuenta lm_head.weight como otra matriz', '''
n_decay = 15
n_no_decay = 26
'''),
        ('[copia] cuenta con los 2 bloques de CONFIG en vez de 3', '''
n_decay = 10
n_no_decay = 18
'''),
        ('olvida positions', '''
n_decay = 13
n_no_decay = 26
'''),
        ('olvida ln_f', '''
n_decay = 14
n_no_decay = 24
'''),
        ('cuenta solo los sesgos, no las LayerNorm', '''
n_decay = 14
n_no_decay = 12
'''),
        ('le da un sesgo a lm_head', '''
n_decay = 14
n_no_decay = 27
'''),
    ],
    'nb18-lr-at': [
        ('[fijo] siempre lr', '''
def lr_at(step, lr, warmup, max_steps, min_lr_ratio):
    """El ritmo de aprendizaje del paso `step` (0, 1, …): recta desde 0 y medio coseno hasta el suelo."""
    return float(lr)
'''),
        ('[copia] el calentamiento con + 1: el paso 0 no da 0', _with(_LR_AT, ("lr * step / warmup", "lr * (step + 1) / warmup"))),
        ('la recta llega a lr en el paso warmup − 1', _with(_LR_AT, ("lr * step / warmup", "lr * step / (warmup - 1)"))),
        ('min_lr_ratio como si fuera el suelo, no una fracción de lr', _with(_LR_AT, ("floor = lr * min_lr_ratio", "floor = min_lr_ratio"))),
        ('sin el 0.5: el coseno empieza en 2·lr', _with(_LR_AT, ("floor + 0.5 * (lr - floor)", "floor + (lr - floor)"))),
        ('sin recortar el progreso: pasado max_steps el lr vuelve a subir', _with(
            _LR_AT, ("min((step - warmup) / (max_steps - warmup), 1.0)", "(step - warmup) / (max_steps - warmup)"))),
        ('el progreso cuenta desde el paso 0 y no desde el final del calentamiento', _with(
            _LR_AT, ("min((step - warmup) / (max_steps - warmup), 1.0)", "min(step / max_steps, 1.0)"))),
        ('olvida el suelo: el coseno baja hasta 0', _with(_LR_AT, ("floor + 0.5 * (lr - floor)", "0.5 * lr"))),
        ('devuelve un tensor con torch.cos', _with(
            _LR_AT, ("math.cos(math.pi * progress)", "torch.cos(torch.tensor(math.pi * progress))"))),
        ('un periodo entero de coseno en vez de medio', _with(_LR_AT, ("math.cos(math.pi * progress)", "math.cos(2 * math.pi * progress)"))),
    ],
}
