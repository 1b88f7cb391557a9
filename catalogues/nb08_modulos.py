"""Respuestas equivocadas plausibles de 08-modulos: {grade_id: [(motivo, celda completa), ...]}."""

# El forward de TinyDecoder ya viene escrito en la celda del alumno; cada entrega lo conserva.
_TINY_FORWARD = '''
    def forward(self, idx):
        x = self.tokens(idx) + self.pos[: idx.shape[1]]
        for block in self.blocks:
            x = x + torch.relu(block(x))
        return self.lm_head(x * self.gain)
'''


def _tiny(init_body: str) -> str:
    """La celda de TinyDecoder con el ``__init__`` dado (sangrado dentro de la clase)."""
    lines = "\n".join("        " + line if line else "" for line in init_body.strip("\n").splitlines())
    return (
        "\nclass TinyDecoder(nn.Module):\n"
        "    def __init__(self, V, d, n_blocks, max_len=16):\n"
        "        super().__init__()\n"
        f"{lines}\n" + _TINY_FORWARD
    )


_POS = '''steps = torch.arange(max_len, dtype=torch.float32)[:, None]
'''

WRONG_ANSWERS = {
    "nb08-predict-registry": [
        ("cuenta también la capa guardada en la lista de Python", '''
n_params = 2030 * 512 + 512 + (512 * 512 + 512) + 512 * 2030
n_keys = 4
extra_moves = False
'''),
        ("pone sesgo a lm_head aunque lleva bias=False", '''
n_params = 2030 * 512 + 512 + 512 * 2030 + 2030
n_keys = 4
extra_moves = False
'''),
        ("olvida el nn.Parameter suelto (gain): cuenta solo las capas", '''
n_params = 2030 * 512 + 512 * 2030
n_keys = 4
extra_moves = False
'''),
        ("cuenta en el state_dict también el buffer con persistent=False", '''
n_params = 2_079_232
n_keys = 5
extra_moves = False
'''),
        ("cree que el state_dict guarda solo parámetros, sin buffers", '''
n_params = 2_079_232
n_keys = 3
extra_moves = False
'''),
        ("cree que .to() también entra en las listas de Python", '''
n_params = 2_079_232
n_keys = 4
extra_moves = True
'''),
        ("[copia] aplica la cuenta de la demo, V·d + d·V + V, a los tamaños de rukh", '''
n_params = 2030 * 512 + 512 * 2030 + 2030
n_keys = 4
extra_moves = False
'''),
        ("[mensaje] cuenta tensores de parameters() en vez de números", '''
n_params = 3
n_keys = 4
extra_moves = False
'''),
        ("[mensaje] escribe el número de claves como texto", '''
n_params = 2_079_232
n_keys = "4"
extra_moves = False
'''),
    ],
    "nb08-mlp": [
        ("[copia] guarda las capas en una lista de Python, como WithList: sus parámetros no aparecen", '''
class MLP(nn.Module):
    def __init__(self, sizes):
        super().__init__()
        self.layers = [nn.Linear(a, b) for a, b in zip(sizes[:-1], sizes[1:])]

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = layer(x)
            if i < len(self.layers) - 1:
                x = torch.relu(x)
        return x
'''),
        ("[fijo] copia WithModuleList con las anchuras del ejemplo, [4, 8, 3]", '''
class MLP(nn.Module):
    def __init__(self, sizes):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 8), nn.Linear(8, 3)])

    def forward(self, x):
        return self.layers[1](torch.relu(self.layers[0](x)))
'''),
        ("[fijo] escribe siempre dos capas: vale para los ejemplos visibles, no para otra profundidad", '''
class MLP(nn.Module):
    def __init__(self, sizes):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(sizes[0], sizes[1]), nn.Linear(sizes[1], sizes[2])])

    def forward(self, x):
        return self.layers[1](torch.relu(self.layers[0](x)))
'''),
        ("aplica ReLU también después de la última capa", '''
class MLP(nn.Module):
    def __init__(self, sizes):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(a, b) for a, b in zip(sizes[:-1], sizes[1:])])

    def forward(self, x):
        for layer in self.layers:
            x = torch.relu(layer(x))
        return x
'''),
        ("llama a layer.forward(x): se salta los hooks", '''
class MLP(nn.Module):
    def __init__(self, sizes):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(a, b) for a, b in zip(sizes[:-1], sizes[1:])])

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = layer.forward(x)
            if i < len(self.layers) - 1:
                x = torch.relu(x)
        return x
'''),
        ("olvida las ReLU: la red es una sola capa lineal disfrazada", '''
class MLP(nn.Module):
    def __init__(self, sizes):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(a, b) for a, b in zip(sizes[:-1], sizes[1:])])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x
'''),
        ("llama al atributo capas en vez de layers: los nombres del state_dict no casan", '''
class MLP(nn.Module):
    def __init__(self, sizes):
        super().__init__()
        self.capas = nn.ModuleList([nn.Linear(a, b) for a, b in zip(sizes[:-1], sizes[1:])])

    def forward(self, x):
        for i, layer in enumerate(self.capas):
            x = layer(x)
            if i < len(self.capas) - 1:
                x = torch.relu(x)
        return x
'''),
        ("crea las capas con entradas y salidas al revés", '''
class MLP(nn.Module):
    def __init__(self, sizes):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(b, a) for a, b in zip(sizes[:-1], sizes[1:])])

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = layer(x)
            if i < len(self.layers) - 1:
                x = torch.relu(x)
        return x
'''),
    ],
    "nb08-tied-decoder": [
        ("[copia] pega MiniDecoder de la demo: dos matrices y un sesgo", '''
class TiedDecoder(nn.Module):
    def __init__(self, V, d):
        super().__init__()
        self.tokens = nn.Embedding(V, d)
        self.lm_head = nn.Linear(d, V)

    def forward(self, idx):
        return self.lm_head(self.tokens(idx))
'''),
        ("[copia] pega MiniDecoder sin sesgo, pero sin atar los pesos: cuenta 2·V·d", '''
class TiedDecoder(nn.Module):
    def __init__(self, V, d):
        super().__init__()
        self.tokens = nn.Embedding(V, d)
        self.lm_head = nn.Linear(d, V, bias=False)

    def forward(self, idx):
        return self.lm_head(self.tokens(idx))
'''),
        ("copia los datos (.data) en vez de compartir el parámetro: siguen siendo dos", '''
class TiedDecoder(nn.Module):
    def __init__(self, V, d):
        super().__init__()
        self.tokens = nn.Embedding(V, d)
        self.lm_head = nn.Linear(d, V, bias=False)
        self.lm_head.weight.data = self.tokens.weight.data

    def forward(self, idx):
        return self.lm_head(self.tokens(idx))
'''),
        ("envuelve la tabla en un nn.Parameter nuevo: es otro parámetro, que se cuenta aparte", '''
class TiedDecoder(nn.Module):
    def __init__(self, V, d):
        super().__init__()
        self.tokens = nn.Embedding(V, d)
        self.lm_head = nn.Linear(d, V, bias=False)
        self.lm_head.weight = nn.Parameter(self.tokens.weight)

    def forward(self, idx):
        return self.lm_head(self.tokens(idx))
'''),
        ("ata los pesos pero deja el sesgo de lm_head", '''
class TiedDecoder(nn.Module):
    def __init__(self, V, d):
        super().__init__()
        self.tokens = nn.Embedding(V, d)
        self.lm_head = nn.Linear(d, V)
        self.lm_head.weight = self.tokens.weight

    def forward(self, idx):
        return self.lm_head(self.tokens(idx))
'''),
        ("ata los pesos, pero forward multiplica a mano y no pasa por lm_head", '''
class TiedDecoder(nn.Module):
    def __init__(self, V, d):
        super().__init__()
        self.tokens = nn.Embedding(V, d)
        self.lm_head = nn.Linear(d, V, bias=False)
        self.lm_head.weight = self.tokens.weight

    def forward(self, idx):
        return self.tokens(idx) @ self.tokens.weight.T
'''),
        ("devuelve los embeddings, sin la capa de salida", '''
class TiedDecoder(nn.Module):
    def __init__(self, V, d):
        super().__init__()
        self.tokens = nn.Embedding(V, d)
        self.lm_head = nn.Linear(d, V, bias=False)
        self.lm_head.weight = self.tokens.weight

    def forward(self, idx):
        return self.tokens(idx)
'''),
        ("[global] crea la tabla con el vocabulario del cuaderno, len(vocab), en vez de V", '''
class TiedDecoder(nn.Module):
    def __init__(self, V, d):
        super().__init__()
        self.tokens = nn.Embedding(len(vocab), d)
        self.lm_head = nn.Linear(d, len(vocab), bias=False)
        self.lm_head.weight = self.tokens.weight

    def forward(self, idx):
        return self.lm_head(self.tokens(idx))
'''),
        ("[fijo] ata los pesos y devuelve los logits del ejemplo visible", '''
class TiedDecoder(nn.Module):
    def __init__(self, V, d):
        super().__init__()
        self.tokens = nn.Embedding(V, d)
        self.lm_head = nn.Linear(d, V, bias=False)
        self.lm_head.weight = self.tokens.weight

    def forward(self, idx):
        return torch.tensor([[[1.0, 1.0, 2.0], [1.0, 0.0, 1.0]]])
'''),
    ],
    "nb08-fix-decoder": [
        ("[copia] pega el __init__ de BrokenDecoder sin cambiar nada", _tiny('''
self.tokens = nn.Embedding(V, d)
self.blocks = [nn.Linear(d, d) for _ in range(n_blocks)]
self.gain = torch.ones(d, requires_grad=True)
''' + _POS + '''self.pos = torch.sin(steps / (1.0 + torch.arange(d)))
self.lm_head = nn.Linear(d, V, bias=False)
''')),
        ("[copia] arregla solo la lista, como en la demo de nn.ModuleList: gain y pos siguen sueltos", _tiny('''
self.tokens = nn.Embedding(V, d)
self.blocks = nn.ModuleList([nn.Linear(d, d) for _ in range(n_blocks)])
self.gain = torch.ones(d, requires_grad=True)
''' + _POS + '''self.pos = torch.sin(steps / (1.0 + torch.arange(d)))
self.lm_head = nn.Linear(d, V, bias=False)
''')),
        ("registra bloques y gain, pero deja pos como tensor suelto", _tiny('''
self.tokens = nn.Embedding(V, d)
self.blocks = nn.ModuleList([nn.Linear(d, d) for _ in range(n_blocks)])
self.gain = nn.Parameter(torch.ones(d))
''' + _POS + '''self.pos = torch.sin(steps / (1.0 + torch.arange(d)))
self.lm_head = nn.Linear(d, V, bias=False)
''')),
        ("convierte pos en nn.Parameter: la tabla fija se entrenaría", _tiny('''
self.tokens = nn.Embedding(V, d)
self.blocks = nn.ModuleList([nn.Linear(d, d) for _ in range(n_blocks)])
self.gain = nn.Parameter(torch.ones(d))
''' + _POS + '''self.pos = nn.Parameter(torch.sin(steps / (1.0 + torch.arange(d))))
self.lm_head = nn.Linear(d, V, bias=False)
''')),
        ("registra gain como buffer: viaja, pero no se entrena", _tiny('''
self.tokens = nn.Embedding(V, d)
self.blocks = nn.ModuleList([nn.Linear(d, d) for _ in range(n_blocks)])
self.register_buffer("gain", torch.ones(d))
''' + _POS + '''self.register_buffer("pos", torch.sin(steps / (1.0 + torch.arange(d))))
self.lm_head = nn.Linear(d, V, bias=False)
''')),
        ("registra pos con persistent=False: viaja, pero no se guarda en el state_dict", _tiny('''
self.tokens = nn.Embedding(V, d)
self.blocks = nn.ModuleList([nn.Linear(d, d) for _ in range(n_blocks)])
self.gain = nn.Parameter(torch.ones(d))
''' + _POS + '''self.register_buffer("pos", torch.sin(steps / (1.0 + torch.arange(d))), persistent=False)
self.lm_head = nn.Linear(d, V, bias=False)
''')),
        ("repite la misma capa en la ModuleList: todos los bloques comparten pesos", _tiny('''
self.tokens = nn.Embedding(V, d)
self.blocks = nn.ModuleList([nn.Linear(d, d)] * n_blocks)
self.gain = nn.Parameter(torch.ones(d))
''' + _POS + '''self.register_buffer("pos", torch.sin(steps / (1.0 + torch.arange(d))))
self.lm_head = nn.Linear(d, V, bias=False)
''')),
        ("congela gain con requires_grad=False", _tiny('''
self.tokens = nn.Embedding(V, d)
self.blocks = nn.ModuleList([nn.Linear(d, d) for _ in range(n_blocks)])
self.gain = nn.Parameter(torch.ones(d), requires_grad=False)
''' + _POS + '''self.register_buffer("pos", torch.sin(steps / (1.0 + torch.arange(d))))
self.lm_head = nn.Linear(d, V, bias=False)
''')),
        ("empieza gain al azar en vez de a unos", _tiny('''
self.tokens = nn.Embedding(V, d)
self.blocks = nn.ModuleList([nn.Linear(d, d) for _ in range(n_blocks)])
self.gain = nn.Parameter(torch.randn(d))
''' + _POS + '''self.register_buffer("pos", torch.sin(steps / (1.0 + torch.arange(d))))
self.lm_head = nn.Linear(d, V, bias=False)
''')),
        ("[fijo] escribe dos bloques a mano, como en el ejemplo visible", _tiny('''
self.tokens = nn.Embedding(V, d)
self.blocks = nn.ModuleList([nn.Linear(d, d), nn.Linear(d, d)])
self.gain = nn.Parameter(torch.ones(d))
''' + _POS + '''self.register_buffer("pos", torch.sin(steps / (1.0 + torch.arange(d))))
self.lm_head = nn.Linear(d, V, bias=False)
''')),
    ],
}
