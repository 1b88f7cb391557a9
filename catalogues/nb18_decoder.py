"""Respuestas equivocadas plausibles de 18-decoder: {grade_id: [(motivo, celda completa), ...]}.

Los ejercicios de CausalSelfAttention.forward, Block.forward y MoveDecoder.forward piden solo el
cuerpo de un método: la celda es la clase entera del cuaderno. La respuesta que es un cambio pequeño
de la solución se escribe con ``edit`` (o ``answers`` en la predicción) sobre la del cuaderno del
profesor; la que sigue otro camino cambia todo lo que va entre las marcas de la solución (``_body``):
lo que no es del alumno sale del cuaderno, no se repite aquí.
"""

from catalogues.edits import answers, edit, with_body

SLUG = "18-decoder"


def _body(grade_id: str, body: str) -> str:
    """La celda del cuaderno con ``body`` entre sus marcas de solución."""
    return with_body(SLUG, grade_id, body)


def _attention(*changes):
    return edit(SLUG, "nb18-attention-forward", *changes)


def _block(*changes):
    return edit(SLUG, "nb18-block-forward", *changes)


def _decoder(*changes):
    return edit(SLUG, "nb18-decoder-forward", *changes)


def _groups(*changes):
    return edit(SLUG, "nb18-param-groups", *changes)


def _counts(**values):
    return answers(SLUG, "nb18-predict-groups", **values)


def _lr(*changes):
    return edit(SLUG, "nb18-lr-at", *changes)


_SDPA = "out = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)"
_RESIDUAL = "self.resid_drop(self.proj(out))"
_EMBED = "self.drop(self.tokens(idx) + self.positions(where))"
_NO_DROP = (_EMBED, "self.tokens(idx) + self.positions(where)")
_GROUPS = '[{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]'
_WARMUP = "lr * step / warmup"
_PROGRESS = "min((step - warmup) / (max_steps - warmup), 1.0)"
_COSINE = "floor + 0.5 * (lr - floor)"

WRONG_ANSWERS = {
    'nb18-attention-forward': [
        ('[fijo] devuelve la entrada tal cual', _body('nb18-attention-forward', '''        return x''')),
        ('[copia] la atención del cuaderno 14: sin dropout, sin proj ni resid_drop', _body('nb18-attention-forward', '''
        B, T, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=2)
        q, k, v = (t.view(B, T, self.n_head, d // self.n_head).transpose(1, 2) for t in (q, k, v))
        out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return out.transpose(1, 2).contiguous().view(B, T, d)''')),
        ('dropout_p sin mirar el modo: también en eval()',
         _attention(("dropout_p=self.dropout if self.training else 0.0", "dropout_p=self.dropout"))),
        ('el modo al revés: dropout al evaluar y no al entrenar',
         _attention(("self.dropout if self.training else 0.0", "0.0 if self.training else self.dropout"))),
        ('junta las cabezas sin transpose',
         _attention(("out = out.transpose(1, 2).contiguous().view(B, T, d)", "out = out.reshape(B, T, d)"))),
        ('reparte las cabezas con view(B, H, T, D), sin transpose', _attention(
            ("t.view(B, T, self.n_head, self.head_dim).transpose(1, 2)", "t.view(B, self.n_head, T, self.head_dim)"))),
        ('sin is_causal: cada posición ve las siguientes', _attention((", is_causal=True)", ")"))),
        ('olvida proj', _attention((_RESIDUAL, "self.resid_drop(out)"))),
        ('olvida resid_drop', _attention((_RESIDUAL, "self.proj(out)"))),
        ('resid_drop antes de proj', _attention((_RESIDUAL, "self.proj(self.resid_drop(out))"))),
        ('la atención a mano, cabeza a cabeza, y una llamada a SDPA que no se usa: sin dropout en los pesos al entrenar',
         _body('nb18-attention-forward', '''
        B, T, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=2)
        q, k, v = (t.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for t in (q, k, v))
        F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
        future = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
        scores = (q @ k.transpose(-2, -1) / math.sqrt(self.head_dim)).masked_fill(future, float("-inf"))
        out = scores.softmax(dim=-1) @ v
        out = out.transpose(1, 2).contiguous().view(B, T, d)
        return self.resid_drop(self.proj(out))''')),
        ('F.dropout en la salida de SDPA en vez de dropout_p en sus pesos', _attention(
            (_SDPA, "out = F.dropout(F.scaled_dot_product_attention(q, k, v, is_causal=True), self.dropout, self.training)"))),
    ],
    'nb18-block-forward': [
        ('[copia] el bloque post-norm de la demo: suma primero y normaliza después', _body('nb18-block-forward', '''
        x = self.ln1(x + self.attn(x))
        return self.ln2(x + self.mlp(x))''')),
        ('[fijo] devuelve la entrada tal cual, como un bloque con las subcapas a cero',
         _body('nb18-block-forward', '''        return x''')),
        ('sin conexiones residuales: encadena las subcapas',
         _body('nb18-block-forward', '''        return self.mlp(self.ln2(self.attn(self.ln1(x))))''')),
        ('solo la primera conexión residual',
         _block(("return x + self.mlp(self.ln2(x))", "return self.mlp(self.ln2(x))"))),
        ('bloque paralelo: el MLP lee el x de la entrada y no el de la primera suma', _body('nb18-block-forward', '''
        return x + self.attn(self.ln1(x)) + self.mlp(self.ln2(x))''')),
        ('usa ln1 delante de las dos subcapas', _block(("self.ln2(x)", "self.ln1(x)"))),
        ('suma al residuo la copia normalizada en vez de x', _body('nb18-block-forward', '''
        h = self.ln1(x)
        h = h + self.attn(h)
        g = self.ln2(h)
        return g + self.mlp(g)''')),
        ('normaliza también la salida del bloque', _block(
            ("return x + self.mlp(self.ln2(x))", "x = x + self.mlp(self.ln2(x))\n        return self.ln2(x)"))),
    ],
    'nb18-decoder-forward': [
        ('[fijo] logits de ceros y pérdida ln V, lo de un modelo recién creado', _body('nb18-decoder-forward', '''
        logits = torch.zeros(*idx.shape, self.tokens.num_embeddings)
        loss = None if targets is None else torch.tensor(math.log(self.tokens.num_embeddings))
        return logits, loss''')),
        ('[copia] el forward del cuaderno 13: sin dropout, sin bloques ni ln_f', _body('nb18-decoder-forward', '''
        where = torch.arange(T, device=idx.device)
        logits = self.lm_head(self.tokens(idx) + self.positions(where))
        loss = None
        if targets is not None:
            loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
        return logits, loss''')),
        ('sin ignore_index: el relleno cuenta en la media', _decoder((", ignore_index=0)", ")"))),
        ('las posiciones con los ids de los tokens en vez de 0 … T − 1', _decoder(
            ("        where = torch.arange(T, device=idx.device)\n", ""),
            ("self.positions(where)", "self.positions(idx % self.block)"))),
        ('olvida drop', _decoder(_NO_DROP)),
        ('drop al final, tras los bloques', _decoder(_NO_DROP, ("self.ln_f(x)", "self.ln_f(self.drop(x))"))),
        ('olvida ln_f', _decoder(("self.lm_head(self.ln_f(x))", "self.lm_head(x)"))),
        ('solo el último bloque', _decoder(
            ("        for block in self.blocks:\n            x = block(x)\n", "        x = self.blocks[-1](x)\n"))),
        ('los bloques al revés', _decoder(("for block in self.blocks:", "for block in reversed(self.blocks):"))),
        ('targets.view(-1): falla con objetivos que son un corte', _decoder(
            ("logits.reshape(-1, logits.shape[-1]), targets.reshape(-1)", "logits.view(-1, logits.shape[-1]), targets.view(-1)"))),
        ('devuelve la pérdida como float de Python con .item()', _decoder(("ignore_index=0)", "ignore_index=0).item()"))),
        ('sin targets devuelve solo los logits, no la tupla', _decoder(
            ("        loss = None\n        if targets is not None:\n            loss = F.cross_entropy(",
             "        if targets is None:\n            return logits\n        return logits, F.cross_entropy("),
            ("ignore_index=0)\n        return logits, loss", "ignore_index=0)"))),
    ],
    'nb18-param-groups': [
        ('[fijo] todo en un grupo con decaimiento y el segundo vacío', _body('nb18-param-groups', '''
    return [{"params": list(model.parameters()), "weight_decay": weight_decay}, {"params": [], "weight_decay": 0.0}]''')),
        ('por nombre: todo lo que se llama weight decae, también las LayerNorm', _groups(
            ("p for p in model.parameters() if p.dim() >= 2", 'p for name, p in model.named_parameters() if name.endswith("weight")'),
            ("p for p in model.parameters() if p.dim() < 2",
             'p for name, p in model.named_parameters() if not name.endswith("weight")'))),
        ('más de 2 dimensiones en vez de 2 o más', _groups(("p.dim() >= 2", "p.dim() > 2"), ("p.dim() < 2", "p.dim() <= 2"))),
        ('los grupos al revés', _groups(
            (_GROUPS, '[{"params": no_decay, "weight_decay": 0.0}, {"params": decay, "weight_decay": weight_decay}]'))),
        ('el segundo grupo sin weight_decay: AdamW le pondría su 0.01',
         _groups(('{"params": no_decay, "weight_decay": 0.0}', '{"params": no_decay}'))),
        ('solo las capas Linear: las tablas de embeddings se quedan sin decaimiento', _groups(
            ("    decay = [p for p in model.parameters() if p.dim() >= 2]\n",
             "    linear = {id(m.weight) for m in model.modules() if isinstance(m, nn.Linear)}\n"
             "    decay = [p for p in model.parameters() if id(p) in linear]\n"),
            ("if p.dim() < 2]", "if id(p) not in linear]"))),
        ('añade lm_head.weight a mano: el peso atado va dos veces', _groups(
            ("if p.dim() >= 2]\n", 'if p.dim() >= 2]\n    if hasattr(model, "lm_head"):\n        decay.append(model.lm_head.weight)\n'))),
        ('devuelve generadores en vez de listas', _groups(
            ("[p for p in model.parameters() if p.dim() >= 2]", "(p for p in model.parameters() if p.dim() >= 2)"),
            ("[p for p in model.parameters() if p.dim() < 2]", "(p for p in model.parameters() if p.dim() < 2)"))),
    ],
    'nb18-predict-groups': [
        ('[mensaje] cuenta lm_head.weight como otra matriz', _counts(n_decay="15")),
        ('[copia] cuenta con los 2 bloques de CONFIG en vez de 3', _counts(n_decay="10", n_no_decay="18")),
        ('olvida positions', _counts(n_decay="13")),
        ('olvida ln_f', _counts(n_no_decay="24")),
        ('cuenta solo los sesgos, no las LayerNorm', _counts(n_no_decay="12")),
        ('le da un sesgo a lm_head', _counts(n_no_decay="27")),
    ],
    'nb18-lr-at': [
        ('[fijo] siempre lr', _body('nb18-lr-at', '''    return float(lr)''')),
        ('[copia] el calentamiento con + 1: el paso 0 no da 0', _lr((_WARMUP, "lr * (step + 1) / warmup"))),
        ('la recta llega a lr en el paso warmup − 1', _lr((_WARMUP, "lr * step / (warmup - 1)"))),
        ('min_lr_ratio como si fuera el suelo, no una fracción de lr', _lr(("floor = lr * min_lr_ratio", "floor = min_lr_ratio"))),
        ('sin el 0.5: el coseno empieza en 2·lr', _lr((_COSINE, "floor + (lr - floor)"))),
        ('sin recortar el progreso: pasado max_steps el lr vuelve a subir',
         _lr((_PROGRESS, "(step - warmup) / (max_steps - warmup)"))),
        ('el progreso cuenta desde el paso 0 y no desde el final del calentamiento', _lr((_PROGRESS, "min(step / max_steps, 1.0)"))),
        ('olvida el suelo: el coseno baja hasta 0', _lr((_COSINE, "0.5 * lr"))),
        ('devuelve un tensor con torch.cos', _lr(("math.cos(math.pi * progress)", "torch.cos(torch.tensor(math.pi * progress))"))),
        ('un periodo entero de coseno en vez de medio', _lr(("math.cos(math.pi * progress)", "math.cos(2 * math.pi * progress)"))),
    ],
}
