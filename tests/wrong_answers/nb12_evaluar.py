"""Respuestas equivocadas plausibles de 12-evaluar: {grade_id: [(motivo, celda completa), ...]}."""

WRONG_ANSWERS = {
    "nb12-dropout": [
        ("multiplica por (1 − p) en vez de dividir", "prediccion_dropout = (0.8, 1.0)"),
        ("cree que el dropout solo apaga y no escala", "prediccion_dropout = (1.0, 1.0)"),
        ("cree que en evaluación también escala", "prediccion_dropout = (1.25, 1.25)"),
        ("cree que en evaluación multiplica por (1 − p)", "prediccion_dropout = (1.25, 0.8)"),
        ("escribe solo el primer valor", "prediccion_dropout = 1.25"),
    ],
    "nb12-prediccion-grad": [
        ("cree que eval() también apaga el grafo", "prediccion_grad = (True, False, False)"),
        ("cree que no_grad no cambia nada", "prediccion_grad = (True, True, True)"),
        ("cree que nada pide gradiente", "prediccion_grad = (False, False, False)"),
        ("escribe una lista en vez de una tupla", "prediccion_grad = [True, False, True]"),
    ],
    "nb12-sin-grafo": [
        ("olvida torch.no_grad()", '''
def logits_sin_grafo(modelo, x):
    return modelo(x)
'''),
        ("calcula con grafo y lo quita después con detach()", '''
def logits_sin_grafo(modelo, x):
    return modelo(x).detach()
'''),
        ("llama al modelo fuera del bloque with (sangría equivocada)", '''
def logits_sin_grafo(modelo, x):
    with torch.no_grad():
        pass
    return modelo(x)
'''),
        ("usa eval() en vez de no_grad()", '''
def logits_sin_grafo(modelo, x):
    modelo.eval()
    return modelo(x)
'''),
        ("apaga el grafo y además cambia el modo del modelo", '''
def logits_sin_grafo(modelo, x):
    modelo.eval()
    with torch.no_grad():
        return modelo(x)
'''),
    ],
    "nb12-evaluar": [
        ("olvida poner el modelo en evaluación", '''
@torch.no_grad()
def evaluar(modelo, x, y):
    logits = modelo(x)
    V = logits.shape[-1]
    return F.cross_entropy(logits.view(-1, V), y.view(-1))
'''),
        ("siempre llama a train() al final", '''
@torch.no_grad()
def evaluar(modelo, x, y):
    modelo.eval()
    logits = modelo(x)
    V = logits.shape[-1]
    perdida = F.cross_entropy(logits.view(-1, V), y.view(-1))
    modelo.train()
    return perdida
'''),
        ("quita el decorador @torch.no_grad()", '''
def evaluar(modelo, x, y):
    estaba = modelo.training
    modelo.eval()
    logits = modelo(x)
    V = logits.shape[-1]
    perdida = F.cross_entropy(logits.view(-1, V), y.view(-1))
    modelo.train(estaba)
    return perdida
'''),
        ("no restaura el modo: deja el modelo en evaluación", '''
@torch.no_grad()
def evaluar(modelo, x, y):
    modelo.eval()
    logits = modelo(x)
    V = logits.shape[-1]
    return F.cross_entropy(logits.view(-1, V), y.view(-1))
'''),
        ("escribe modelo.training = False en vez de eval()", '''
@torch.no_grad()
def evaluar(modelo, x, y):
    estaba = modelo.training
    modelo.training = False
    logits = modelo(x)
    V = logits.shape[-1]
    perdida = F.cross_entropy(logits.view(-1, V), y.view(-1))
    modelo.training = estaba
    return perdida
'''),
        ("restaura el modo antes de llamar al modelo", '''
@torch.no_grad()
def evaluar(modelo, x, y):
    estaba = modelo.training
    modelo.eval()
    modelo.train(estaba)
    logits = modelo(x)
    V = logits.shape[-1]
    return F.cross_entropy(logits.view(-1, V), y.view(-1))
'''),
    ],
}
