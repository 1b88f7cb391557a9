"""Respuestas equivocadas plausibles de 16-depuracion: {grade_id: [(motivo, celda completa), ...]}."""

WRONG_ANSWERS = {
    "nb16-cuantos-numeros": [
        ("cree que edgeitems cuenta filas enteras, no filas y columnas", '''
numeros_a = 160
numeros_b = 300
numeros_c = 20
numeros_d = 36
'''),
        ("cree que el umbral se aplica por eje y no al total de elementos", '''
numeros_a = 64
numeros_b = 36
numeros_c = 20
numeros_d = 36
'''),
        ("resume también el vector de 20, que no pasa del umbral", '''
numeros_a = 64
numeros_b = 300
numeros_c = 8
numeros_d = 36
'''),
        ("usa edgeitems=4 también con las opciones por defecto", '''
numeros_a = 64
numeros_b = 300
numeros_c = 20
numeros_d = 64
'''),
        ("cuenta solo un extremo de cada eje", '''
numeros_a = 16
numeros_b = 300
numeros_c = 20
numeros_d = 9
'''),
    ],
    "nb16-arregla-eje": [
        ("deja la función como estaba: softmax sobre el eje del lote", '''
def probabilidades(logits):
    return torch.softmax(logits, dim=0)
'''),
        ("usa dim=1, que solo es el último eje cuando el tensor es 2-d", '''
def probabilidades(logits):
    return torch.softmax(logits, dim=1)
'''),
        ("exponencia sin normalizar", '''
def probabilidades(logits):
    return torch.exp(logits)
'''),
        ("normaliza sin exponenciar", '''
def probabilidades(logits):
    return logits / logits.sum(dim=-1, keepdim=True)
'''),
        ("devuelve log-probabilidades", '''
def probabilidades(logits):
    return torch.log_softmax(logits, dim=-1)
'''),
    ],
    "nb16-arregla-broadcast": [
        ("deja la resta (N, 1) - (N,), que da una tabla (N, N)", '''
def error_cuadratico(pred, objetivo):
    return ((pred - objetivo) ** 2).mean()
'''),
        ("convierte el objetivo en fila: el mismo (N, N)", '''
def error_cuadratico(pred, objetivo):
    return ((pred - objetivo.unsqueeze(0)) ** 2).mean()
'''),
        ("suma en vez de promediar", '''
def error_cuadratico(pred, objetivo):
    return ((pred.squeeze(-1) - objetivo) ** 2).sum()
'''),
        ("promedia sobre el eje 0 y devuelve forma (1,) en vez de 0 ejes", '''
def error_cuadratico(pred, objetivo):
    return ((pred - objetivo[:, None]) ** 2).mean(dim=0)
'''),
        ("aplana con el tamaño del ejemplo visible", '''
def error_cuadratico(pred, objetivo):
    return ((pred.view(4) - objetivo) ** 2).mean()
'''),
    ],
    "nb16-arregla-entrada": [
        ("deja el -= que cambia la entrada", '''
def centrar_logits(logits):
    logits -= logits.max(dim=-1, keepdim=True).values
    return logits
'''),
        ("cree que asignar a otra variable hace una copia", '''
def centrar_logits(logits):
    y = logits
    y -= logits.max(dim=-1, keepdim=True).values
    return y
'''),
        ("usa sub_, que también trabaja en su sitio", '''
def centrar_logits(logits):
    return logits.sub_(logits.max(dim=-1, keepdim=True).values)
'''),
        ("olvida keepdim: el máximo (B,) se alinea con el eje V", '''
def centrar_logits(logits):
    return logits - logits.max(dim=-1).values
'''),
        ("resta el máximo de todo el tensor, no el de cada fila", '''
def centrar_logits(logits):
    return logits - logits.max()
'''),
    ],
}
