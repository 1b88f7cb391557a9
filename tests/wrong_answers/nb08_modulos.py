"""Respuestas equivocadas plausibles de 08-modulos: {grade_id: [(motivo, celda completa), ...]}."""

WRONG_ANSWERS = {
    "nb08-bigram": [
        ("llama a forward directamente: se salta los hooks de la tabla", '''
class Bigram(nn.Module):
    def __init__(self, V):
        super().__init__()
        self.table = nn.Embedding(V, V)

    def forward(self, idx):
        return self.table.forward(idx)
'''),
        ("cambia el nombre del atributo: el state_dict ya no tiene table.weight", '''
class Bigram(nn.Module):
    def __init__(self, V):
        super().__init__()
        self.tabla = nn.Embedding(V, V)

    def forward(self, idx):
        return self.tabla(idx)
'''),
        ("usa una capa lineal sobre one-hot: sobran los sesgos", '''
class Bigram(nn.Module):
    def __init__(self, V):
        super().__init__()
        self.table = nn.Linear(V, V)

    def forward(self, idx):
        return self.table(torch.nn.functional.one_hot(idx, self.table.in_features).float())
'''),
        ("guarda la tabla en una lista de Python: no se registra", '''
class Bigram(nn.Module):
    def __init__(self, V):
        super().__init__()
        self.partes = [nn.Embedding(V, V)]

    def forward(self, idx):
        return self.partes[0](idx)
'''),
        ("escribe a fuego el tamaño del ejemplo visible", '''
class Bigram(nn.Module):
    def __init__(self, V):
        super().__init__()
        self.table = nn.Embedding(5, 5)

    def forward(self, idx):
        return self.table(idx)
'''),
    ],
    "nb08-contar-parametros": [
        ("cuenta tensores de parámetros, no números", '''
def contar_parametros(modelo):
    return len(list(modelo.parameters()))
'''),
        ("olvida los sesgos: cuenta solo los pesos", '''
def contar_parametros(modelo):
    return sum(p.numel() for nombre, p in modelo.named_parameters() if "bias" not in nombre)
'''),
        ("multiplica solo las dos primeras dimensiones: un sesgo 1-D rompe la cuenta", '''
def contar_parametros(modelo):
    return sum(p.shape[0] * p.shape[1] for p in modelo.parameters())
'''),
        ("cuenta filas en vez de elementos", '''
def contar_parametros(modelo):
    return sum(p.shape[0] for p in modelo.parameters())
'''),
    ],
    "nb08-prediccion-parametros": [
        ("olvida el sesgo de la capa lineal", '''
n_bigrama = 2030 * 2030
n_mini = 2030 * 512 + 512 * 2030
'''),
        ("cuenta solo la tabla de embeddings", '''
n_bigrama = 2030 * 2030
n_mini = 2030 * 512
'''),
        ("pone un sesgo de d en vez de uno por salida", '''
n_bigrama = 2030 * 2030
n_mini = 2030 * 512 + 512 * 2030 + 512
'''),
        ("cree que el bigrama tiene un número por ficha", '''
n_bigrama = 2030
n_mini = 2030 * 512 + 512 * 2030 + 2030
'''),
        ("escribe los resultados como float", '''
n_bigrama = 2030.0 ** 2
n_mini = 2030 * 512 + 512 * 2030 + 2030.0
'''),
    ],
    "nb08-mlp": [
        ("guarda las capas en una lista de Python: sus parámetros no aparecen", '''
class MLP(nn.Module):
    def __init__(self, tamanos):
        super().__init__()
        self.layers = [nn.Linear(a, b) for a, b in zip(tamanos[:-1], tamanos[1:])]

    def forward(self, x):
        for i, capa in enumerate(self.layers):
            x = capa(x)
            if i < len(self.layers) - 1:
                x = torch.relu(x)
        return x
'''),
        ("aplica ReLU también después de la última capa", '''
class MLP(nn.Module):
    def __init__(self, tamanos):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(a, b) for a, b in zip(tamanos[:-1], tamanos[1:])])

    def forward(self, x):
        for capa in self.layers:
            x = torch.relu(capa(x))
        return x
'''),
        ("llama a capa.forward(x): se salta los hooks", '''
class MLP(nn.Module):
    def __init__(self, tamanos):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(a, b) for a, b in zip(tamanos[:-1], tamanos[1:])])

    def forward(self, x):
        for i, capa in enumerate(self.layers):
            x = capa.forward(x)
            if i < len(self.layers) - 1:
                x = torch.relu(x)
        return x
'''),
        ("olvida las ReLU: la red es una sola capa lineal disfrazada", '''
class MLP(nn.Module):
    def __init__(self, tamanos):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(a, b) for a, b in zip(tamanos[:-1], tamanos[1:])])

    def forward(self, x):
        for capa in self.layers:
            x = capa(x)
        return x
'''),
        ("llama al atributo capas en vez de layers", '''
class MLP(nn.Module):
    def __init__(self, tamanos):
        super().__init__()
        self.capas = nn.ModuleList([nn.Linear(a, b) for a, b in zip(tamanos[:-1], tamanos[1:])])

    def forward(self, x):
        for i, capa in enumerate(self.capas):
            x = capa(x)
            if i < len(self.capas) - 1:
                x = torch.relu(x)
        return x
'''),
    ],
}
