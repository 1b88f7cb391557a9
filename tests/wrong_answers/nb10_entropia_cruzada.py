"""Respuestas equivocadas plausibles de 10-entropia-cruzada: {grade_id: [(motivo, celda completa), ...]}."""

WRONG_ANSWERS = {
    "nb10-softmax-estable": [
        ("no resta el máximo: con logits enormes sale nan", '''
def softmax_estable(logits):
    exps = torch.exp(logits)
    return exps / exps.sum(dim=-1, keepdim=True)
'''),
        ("resta un único máximo global: las filas con logits pequeños dan 0/0", '''
def softmax_estable(logits):
    exps = torch.exp(logits - logits.max())
    return exps / exps.sum(dim=-1, keepdim=True)
'''),
        ("normaliza sobre el primer eje en vez del último", '''
def softmax_estable(logits):
    desplazados = logits - logits.max(dim=0, keepdim=True).values
    exps = torch.exp(desplazados)
    return exps / exps.sum(dim=0, keepdim=True)
'''),
        ("olvida keepdim: el máximo no se alinea con sus filas", '''
def softmax_estable(logits):
    desplazados = logits - logits.max(dim=-1).values
    exps = torch.exp(desplazados)
    return exps / exps.sum(dim=-1)
'''),
        ("olvida dividir por la suma", '''
def softmax_estable(logits):
    desplazados = logits - logits.max(dim=-1, keepdim=True).values
    return torch.exp(desplazados)
'''),
    ],
    "nb10-entropia-cruzada": [
        ("olvida el signo menos", '''
def entropia_cruzada(logits, objetivos):
    log_p = F.log_softmax(logits, dim=-1)
    return log_p.gather(-1, objetivos.unsqueeze(-1)).squeeze(-1).mean()
'''),
        ("suma en vez de promediar", '''
def entropia_cruzada(logits, objetivos):
    log_p = F.log_softmax(logits, dim=-1)
    return -log_p.gather(-1, objetivos.unsqueeze(-1)).squeeze(-1).sum()
'''),
        ("toma el logit de la ficha verdadera sin pasar por log_softmax", '''
def entropia_cruzada(logits, objetivos):
    log_p = F.log_softmax(logits, dim=-1)
    return -logits.gather(-1, objetivos.unsqueeze(-1)).squeeze(-1).mean()
'''),
        ("hace softmax y luego log: con una probabilidad diminuta da infinito", '''
def entropia_cruzada(logits, objetivos):
    p = torch.softmax(logits, dim=-1)
    return -p.log().gather(-1, objetivos.unsqueeze(-1)).squeeze(-1).mean()
'''),
        ("gather sin unsqueeze: el índice no tiene los mismos ejes", '''
def entropia_cruzada(logits, objetivos):
    log_p = F.log_softmax(logits, dim=-1)
    return -log_p.gather(-1, objetivos).mean()
'''),
        ("toma la columna del objetivo en todas las filas a la vez (un cruce de índices)", '''
def entropia_cruzada(logits, objetivos):
    log_p = F.log_softmax(logits, dim=-1)
    return -log_p[:, objetivos].mean()
'''),
    ],
    "nb10-sin-relleno": [
        ("promedia todas las posiciones, relleno incluido", '''
def perdida_sin_relleno(logits, objetivos):
    por_posicion = F.cross_entropy(logits, objetivos, reduction="none")
    return por_posicion.mean()
'''),
        ("pone a cero el relleno pero divide por todas las posiciones", '''
def perdida_sin_relleno(logits, objetivos):
    por_posicion = F.cross_entropy(logits, objetivos, reduction="none")
    mascara = objetivos != PAD_ID
    return (por_posicion * mascara).sum() / len(objetivos)
'''),
        ("la máscara al revés: se queda solo con el relleno", '''
def perdida_sin_relleno(logits, objetivos):
    por_posicion = F.cross_entropy(logits, objetivos, reduction="none")
    mascara = objetivos == PAD_ID
    return por_posicion[mascara].mean()
'''),
        ("descarta las posiciones cuyo objetivo es la ficha 1 en vez de la 0", '''
def perdida_sin_relleno(logits, objetivos):
    por_posicion = F.cross_entropy(logits, objetivos, reduction="none")
    mascara = objetivos != 1
    return por_posicion[mascara].mean()
'''),
    ],
    "nb10-uniforme": [
        ("usa el vocabulario entero en vez de las 20 jugadas legales", "import math\nperdida_20_legales = math.log(2030)"),
        ("usa logaritmo en base 10", "import math\nperdida_20_legales = math.log10(20)"),
        ("da la probabilidad en vez de la pérdida", "perdida_20_legales = 1 / 20"),
        ("usa logaritmo en base 2 (bits, no nats)", "import math\nperdida_20_legales = math.log2(20)"),
        ("olvida el signo menos", "import math\nperdida_20_legales = math.log(1 / 20)"),
    ],
}
