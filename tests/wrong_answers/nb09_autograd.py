"""Respuestas equivocadas plausibles de 09-autograd: {grade_id: [(motivo, celda completa), ...]}."""

WRONG_ANSWERS = {
    "nb09-derivada": [
        ("crea el tensor con el entero tal cual: los enteros no pueden pedir gradiente", '''
def derivada(f, w0):
    w = torch.tensor(w0, requires_grad=True)
    perdida = f(w)
    perdida.backward()
    return w.grad.item()
'''),
        ("devuelve el valor de la pérdida en vez de su derivada", '''
def derivada(f, w0):
    w = torch.tensor(float(w0), requires_grad=True)
    perdida = f(w)
    perdida.backward()
    return perdida.item()
'''),
        ("olvida llamar a backward(): w.grad sigue siendo None", '''
def derivada(f, w0):
    w = torch.tensor(float(w0), requires_grad=True)
    perdida = f(w)
    return w.grad.item()
'''),
        ("devuelve el tensor w.grad en vez de un float de Python", '''
def derivada(f, w0):
    w = torch.tensor(float(w0), requires_grad=True)
    f(w).backward()
    return w.grad
'''),
        ("escribe a mano la derivada del ejemplo visible en vez de usar autograd", '''
def derivada(f, w0):
    return float(6 * (3 * w0 - 12))
'''),
    ],
    "nb09-paso-sgd": [
        ("reasigna la variable local: el tensor de fuera no cambia", '''
def paso_sgd(w, lr):
    with torch.no_grad():
        w = w - lr * w.grad
    w.grad = None
'''),
        ("suma el gradiente en vez de restarlo: sube la pérdida", '''
def paso_sgd(w, lr):
    with torch.no_grad():
        w += lr * w.grad
    w.grad = None
'''),
        ("no usa torch.no_grad(): la resta en su sitio falla", '''
def paso_sgd(w, lr):
    w -= lr * w.grad
    w.grad = None
'''),
        ("olvida borrar el gradiente después del paso", '''
def paso_sgd(w, lr):
    with torch.no_grad():
        w -= lr * w.grad
'''),
    ],
    "nb09-acumulacion": [
        ("cree que backward() sobrescribe el gradiente", "prediccion_grad = -54.0"),
        ("se equivoca de signo", "prediccion_grad = 162.0"),
        ("cuenta solo dos llamadas", "prediccion_grad = -108.0"),
        ("olvida el factor 2 de la derivada del cuadrado", "prediccion_grad = -81.0"),
        ("escribe la predicción como texto", 'prediccion_grad = "-162"'),
    ],
    "nb09-gradientes": [
        ("olvida zero_grad(): la segunda llamada suma el gradiente viejo", '''
def gradientes(modelo, x, y):
    perdida = ((modelo(x) - y) ** 2).mean()
    perdida.backward()
    return {nombre: p.grad.clone() for nombre, p in modelo.named_parameters()}
'''),
        ("borra los gradientes después de backward(): no queda nada que devolver", '''
def gradientes(modelo, x, y):
    perdida = ((modelo(x) - y) ** 2).mean()
    perdida.backward()
    modelo.zero_grad()
    return {nombre: p.grad.clone() for nombre, p in modelo.named_parameters()}
'''),
        ("suma los errores en vez de promediarlos", '''
def gradientes(modelo, x, y):
    modelo.zero_grad()
    perdida = ((modelo(x) - y) ** 2).sum()
    perdida.backward()
    return {nombre: p.grad.clone() for nombre, p in modelo.named_parameters()}
'''),
        ("calcula la pérdida dentro de torch.no_grad(): no hay grafo para backward()", '''
def gradientes(modelo, x, y):
    modelo.zero_grad()
    with torch.no_grad():
        perdida = ((modelo(x) - y) ** 2).mean()
    perdida.backward()
    return {nombre: p.grad.clone() for nombre, p in modelo.named_parameters()}
'''),
    ],
}
