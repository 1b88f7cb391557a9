"""Respuestas equivocadas plausibles de 12-evaluar: {grade_id: [(motivo, celda completa), ...]}.

Las que son un cambio pequeño de la solución se escriben como ese cambio (``edit``, ``answers``: la
solución se lee del cuaderno del profesor); las que siguen otro camino, enteras.
"""

from catalogues.edits import answers, edit

SLUG = "12-evaluar"


def _dropout(**values):
    return answers(SLUG, "nb12-dropout", **values)


def _cases(value):
    return answers(SLUG, "nb12-requires-grad", requires_grad_cases=value)


def _frozen(*changes):
    return edit(SLUG, "nb12-forward-frozen", *changes)


def _evaluate(*changes):
    return edit(SLUG, "nb12-evaluate", *changes)


# Líneas de la solución de evaluate que varias respuestas cambian.
_SUM_LOSS = 'F.cross_entropy(flat, yb.reshape(-1), reduction="sum")'
_NO_COUNT = ("\n            count += yb.numel()", "")

WRONG_ANSWERS = {
    "nb12-dropout": [
        ("[mensaje] lee p como la probabilidad de conservar: 2 / 0.8", _dropout(kept_value="2.5")),
        ("[copia] copia los valores de la demostración (p = 0.5 sobre unos)",
         _dropout(kept_value="2.0", eval_value="1.0")),
        ("[fijo] escribe la cuenta de la demostración, con p = 0.5", _dropout(kept_value="2.0 / (1 - 0.5)")),
        ("multiplica por (1 − p) en vez de dividir", _dropout(kept_value="2.0 * (1 - 0.8)")),
        ("cree que el dropout solo apaga y no escala", _dropout(kept_value="2.0")),
        ("cree que en evaluación también escala", _dropout(eval_value="10.0")),
        ("cree que en evaluación multiplica por (1 − p)", _dropout(eval_value="0.4")),
        ("cree que en evaluación el dropout lo apaga todo", _dropout(eval_value="0.0")),
    ],
    "nb12-requires-grad": [
        ("[mensaje] cree que no_grad apaga también los parámetros y que el grafo vuelve al salir",
         _cases("(False, False, True)")),
        ("[copia] repite lo que imprimen las demostraciones: fuera True, dentro False, solo eval() True",
         _cases("(True, False, True)")),
        ("cree que no_grad no afecta a un resultado que viene de un tensor con grafo", _cases("(True, True, False)")),
        ("cree que dentro de no_grad nada pide gradiente, ni los parámetros", _cases("(False, False, False)")),
        ("cree que no_grad no cambia nada de lo que ya tenía grafo y que el grafo vuelve al salir",
         _cases("(True, True, True)")),
    ],
    "nb12-forward-frozen": [
        ("[copia] pega la demostración de no_grad: todo el modelo sin grafo", '''
def forward_frozen(model, x, n_frozen):
    with torch.no_grad():
        return model(x)
'''),
        ("[copia] pega el decorador de logits_of: toda la función sin grafo", '''
@torch.no_grad()
def forward_frozen(model, x, n_frozen):
    return model(x)
'''),
        ("[fijo] congela a mano las dos primeras capas de la red de cuatro del test visible", '''
def forward_frozen(model, x, n_frozen):
    with torch.no_grad():
        h = model[1](model[0](x))
    return model[3](model[2](h))
'''),
        ("[global] usa el x del cuaderno en vez del argumento",
         _frozen(("(model, x, n_frozen)", "(model, x_in, n_frozen)"))),
        ("apaga el grafo con torch.set_grad_enabled capa a capa y, si todas están congeladas, lo deja apagado", '''
def forward_frozen(model, x, n_frozen):
    h = x
    for i, layer in enumerate(model):
        torch.set_grad_enabled(i >= n_frozen)
        h = layer(h)
    return h
'''),
        ("no congela nada: llama al modelo con grafo", '''
def forward_frozen(model, x, n_frozen):
    return model(x)
'''),
        ("calcula las capas congeladas con grafo y lo corta después con detach()", '''
def forward_frozen(model, x, n_frozen):
    h = model[:n_frozen](x).detach()
    return model[n_frozen:](h)
'''),
        ("apaga el requires_grad de los parámetros congelados (cambia el modelo)", '''
def forward_frozen(model, x, n_frozen):
    for layer in model[:n_frozen]:
        for p in layer.parameters():
            p.requires_grad_(False)
    return model(x)
'''),
        ("se pasa en uno: congela también la capa n_frozen", _frozen(("i < n_frozen", "i <= n_frozen"))),
        ("congela las últimas capas en vez de las primeras", '''
def forward_frozen(model, x, n_frozen):
    k = len(model) - n_frozen
    h = model[:k](x)
    with torch.no_grad():
        return model[k:](h)
'''),
        ("usa eval() en vez de no_grad() para las capas congeladas", '''
def forward_frozen(model, x, n_frozen):
    for layer in model[:n_frozen]:
        layer.eval()
    return model(x)
'''),
    ],
    "nb12-evaluate": [
        ("[copia] lee la respuesta del test: -ln p con p el sesgo de la capa de salida, como en el modelo elegido", '''
def evaluate(model, batches):
    was_training = model.training
    model.eval()
    with torch.no_grad():
        log_p = model.head.bias.log_softmax(dim=-1)
        for xb, _ in batches:
            model(xb)
        targets = torch.cat([yb.reshape(-1) for _, yb in batches])
        loss = -log_p[targets].mean().item()
    model.train(was_training)
    return loss
'''),
        ("[copia] pega el truco de guardar el modo con la pérdida de un solo lote (el primero), sin no_grad", '''
def evaluate(model, batches):
    was_training = model.training
    model.eval()
    xb, yb = batches[0]
    logits = model(xb)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), yb.reshape(-1))
    model.train(was_training)
    return loss.item()
'''),
        ("[referencia] pega la referencia del test visible: la media de un solo lote", '''
@torch.no_grad()
def evaluate(model, batches):
    was_training = model.training
    model.eval()
    xb, yb = batches[0]
    nll = -model(xb).log_softmax(dim=-1).gather(-1, yb.unsqueeze(-1)).squeeze(-1)
    model.train(was_training)
    return nll.mean().item()
'''),
        ("[fijo] devuelve la cifra del lote visible", '''
def evaluate(model, batches):
    return 2.6769988536834717
'''),
        ("[fijo] hace todo el ritual (eval, no_grad, restaura el modo) pero devuelve la cifra del lote visible", '''
@torch.no_grad()
def evaluate(model, batches):
    was_training = model.training
    model.eval()
    for xb, yb in batches:
        model(xb)
    model.train(was_training)
    return 2.6769988536834717
'''),
        ("apaga el grafo con torch.set_grad_enabled(False) y no lo vuelve a encender", '''
def evaluate(model, batches):
    was_training = model.training
    model.eval()
    torch.set_grad_enabled(False)
    total, count = 0.0, 0
    for xb, yb in batches:
        logits = model(xb)
        total += F.cross_entropy(logits.reshape(-1, logits.shape[-1]), yb.reshape(-1), reduction="sum").item()
        count += yb.numel()
    model.train(was_training)
    return total / count
'''),
        ("[global] usa el V = 14 del cuaderno en vez del ancho de los logits",
         _evaluate(("logits.reshape(-1, logits.shape[-1])", "logits.reshape(-1, V)"))),
        ("promedia las medias de cada lote (el último lote pesa igual que uno grande)", _evaluate(
            ("total, count = 0.0, 0", "losses = []"), _NO_COUNT,
            ("total += " + _SUM_LOSS + ".item()", "losses.append(F.cross_entropy(flat, yb.reshape(-1)).item())"),
            ("return total / count", "return sum(losses) / len(losses)"))),
        ("suma las pérdidas de todos los tokens y divide por el número de lotes", _evaluate(
            ("total, count = 0.0, 0", "total = 0.0"), _NO_COUNT, ("total / count", "total / len(batches)"))),
        ("usa view(-1) en y, que falla con un corte no contiguo", _evaluate(
            ("logits.reshape(-1, logits.shape[-1])", "logits.view(-1, logits.shape[-1])"),
            ("yb.reshape(-1)", "yb.view(-1)"))),
        ("olvida poner el modelo en evaluación (el dropout mete ruido)", _evaluate(
            ("was_training = model.training\n    model.eval()\n    ", ""), ("model.train(was_training)\n    ", ""))),
        ("siempre llama a train() al final", _evaluate(
            ("was_training = model.training\n    ", ""), ("model.train(was_training)", "model.train()"))),
        ("calcula con grafo (sin no_grad) y solo quita el grafo al final con .item()", '''
def evaluate(model, batches):
    was_training = model.training
    model.eval()
    total, count = 0.0, 0
    for xb, yb in batches:
        logits = model(xb)
        total += F.cross_entropy(logits.reshape(-1, logits.shape[-1]), yb.reshape(-1), reduction="sum").item()
        count += yb.numel()
    model.train(was_training)
    return total / count
'''),
        ("escribe model.training = False en vez de eval() (los submódulos siguen en entrenamiento)",
         _evaluate(("model.eval()", "model.training = False"),
                   ("model.train(was_training)", "model.training = was_training"))),
        ("devuelve un tensor de 0 dimensiones en vez de un float de Python",
         _evaluate(("total += " + _SUM_LOSS + ".item()", "total = total + " + _SUM_LOSS))),
        ("restaura el modo antes de llamar al modelo", _evaluate(
            ("model.eval()\n", "model.eval()\n    model.train(was_training)\n"),
            ("    model.train(was_training)\n    return", "    return"))),
    ],
}
