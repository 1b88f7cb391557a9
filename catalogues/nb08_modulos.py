"""Respuestas equivocadas plausibles de 08-modulos: {grade_id: [(motivo, celda completa), ...]}.

Las que son un cambio pequeño de la solución se escriben con ``edit`` (la solución, leída del
cuaderno del profesor, con ese cambio); las que siguen otro camino, enteras.
"""

from catalogues.edits import edit

SLUG = "08-modulos"


def _registry(*changes):
    return edit(SLUG, "nb08-predict-registry", *changes)


def _mlp(*changes):
    return edit(SLUG, "nb08-mlp", *changes)


def _tied(*changes):
    return edit(SLUG, "nb08-tied-decoder", *changes)


def _tiny(*changes):
    return edit(SLUG, "nb08-fix-decoder", *changes)


# Las líneas de la solución que las respuestas de TinyDecoder cambian.
_BLOCKS = "self.blocks = nn.ModuleList([nn.Linear(d, d) for _ in range(n_blocks)])"
_GAIN = "self.gain = nn.Parameter(torch.ones(d))"
_POS = 'self.register_buffer("pos", torch.sin(steps / (1.0 + torch.arange(d))))'
# Y sus versiones sueltas, como en BrokenDecoder.
_LOOSE_BLOCKS = (_BLOCKS, "self.blocks = [nn.Linear(d, d) for _ in range(n_blocks)]")
_LOOSE_GAIN = (_GAIN, "self.gain = torch.ones(d, requires_grad=True)")
_LOOSE_POS = (_POS, "self.pos = torch.sin(steps / (1.0 + torch.arange(d)))")

# El bucle del forward de la solución de MLP.
_MLP_LOOP = """for i, layer in enumerate(self.layers):
            x = layer(x)
            if i < len(self.layers) - 1:
                x = torch.relu(x)"""
_TIE = "self.lm_head.weight = self.tokens.weight"
_TIED_RETURN = "return self.lm_head(self.tokens(idx))"

WRONG_ANSWERS = {
    "nb08-predict-registry": [
        ("cuenta también la capa guardada en la lista de Python",
         _registry(("n_params = 2_079_232", "n_params = 2030 * 512 + 512 + (512 * 512 + 512) + 512 * 2030"))),
        ("pone sesgo a lm_head aunque lleva bias=False",
         _registry(("n_params = 2_079_232", "n_params = 2030 * 512 + 512 + 512 * 2030 + 2030"))),
        ("olvida el nn.Parameter suelto (gain): cuenta solo las capas",
         _registry(("n_params = 2_079_232", "n_params = 2030 * 512 + 512 * 2030"))),
        ("cuenta en el state_dict también el buffer con persistent=False", _registry(("n_keys = 4", "n_keys = 5"))),
        ("cree que el state_dict guarda solo parámetros, sin buffers", _registry(("n_keys = 4", "n_keys = 3"))),
        ("cree que .to() también entra en las listas de Python",
         _registry(("extra_moves = False", "extra_moves = True"))),
        ("[copia] aplica la cuenta de la demo, V·d + d·V + V, a los tamaños de rukh",
         _registry(("n_params = 2_079_232", "n_params = 2030 * 512 + 512 * 2030 + 2030"))),
        ("[mensaje] cuenta tensores de parameters() en vez de números", _registry(("n_params = 2_079_232", "n_params = 3"))),
        ("[mensaje] escribe el número de claves como texto", _registry(("n_keys = 4", 'n_keys = "4"'))),
    ],
    "nb08-mlp": [
        ("[copia] guarda las capas en una lista de Python, como WithList: sus parámetros no aparecen",
         _mlp(("nn.ModuleList([nn.Linear(a, b) for a, b in zip(sizes[:-1], sizes[1:])])",
               "[nn.Linear(a, b) for a, b in zip(sizes[:-1], sizes[1:])]"))),
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
        ("aplica ReLU también después de la última capa",
         _mlp((_MLP_LOOP, "for layer in self.layers:\n            x = torch.relu(layer(x))"))),
        ("llama a layer.forward(x): se salta los hooks", _mlp(("x = layer(x)", "x = layer.forward(x)"))),
        ("olvida las ReLU: la red es una sola capa lineal disfrazada",
         _mlp((_MLP_LOOP, "for layer in self.layers:\n            x = layer(x)"))),
        ("llama al atributo capas en vez de layers: los nombres del state_dict no casan",
         _mlp(("self.layers = nn.ModuleList", "self.capas = nn.ModuleList"),
              ("enumerate(self.layers)", "enumerate(self.capas)"), ("len(self.layers)", "len(self.capas)"))),
        ("crea las capas con entradas y salidas al revés", _mlp(("nn.Linear(a, b)", "nn.Linear(b, a)"))),
        ("usa un nn.Sequential con nn.ReLU() entre las capas: los nombres saltan (layers.0, layers.2)", '''
class MLP(nn.Module):
    def __init__(self, sizes):
        super().__init__()
        parts = []
        for a, b in zip(sizes[:-1], sizes[1:]):
            parts += [nn.Linear(a, b), nn.ReLU()]
        self.layers = nn.Sequential(*parts[:-1])

    def forward(self, x):
        return self.layers(x)
'''),
    ],
    "nb08-tied-decoder": [
        ("[copia] pega MiniDecoder de la demo: dos matrices y un sesgo",
         _tied(("nn.Linear(d, V, bias=False)", "nn.Linear(d, V)"), (f"        {_TIE}\n", ""))),
        ("[copia] pega MiniDecoder sin sesgo, pero sin atar los pesos: cuenta 2·V·d", _tied((f"        {_TIE}\n", ""))),
        ("copia los datos (.data) en vez de compartir el parámetro: siguen siendo dos",
         _tied((_TIE, "self.lm_head.weight.data = self.tokens.weight.data"))),
        ("envuelve la tabla en un nn.Parameter nuevo: es otro parámetro, que se cuenta aparte",
         _tied((_TIE, "self.lm_head.weight = nn.Parameter(self.tokens.weight)"))),
        ("ata los pesos pero deja el sesgo de lm_head", _tied(("nn.Linear(d, V, bias=False)", "nn.Linear(d, V)"))),
        ("[copia] imita SharedBias de la demo: comparte un sesgo, no la tabla",
         _tied(("nn.Linear(d, V, bias=False)", "nn.Linear(d, V)"), (_TIE, "self.tokens.bias = self.lm_head.bias"))),
        ("ata la traspuesta en un parámetro nuevo, de forma (d, V)",
         _tied((_TIE, "self.lm_head.weight = nn.Parameter(self.tokens.weight.T)"))),
        ("ata los pesos, pero forward multiplica a mano y no pasa por lm_head",
         _tied((_TIED_RETURN, "return self.tokens(idx) @ self.tokens.weight.T"))),
        ("devuelve los embeddings, sin la capa de salida", _tied((_TIED_RETURN, "return self.tokens(idx)"))),
        ("[global] crea la tabla con el vocabulario del cuaderno, len(vocab), en vez de V",
         _tied(("nn.Embedding(V, d)", "nn.Embedding(len(vocab), d)"),
               ("nn.Linear(d, V, bias=False)", "nn.Linear(d, len(vocab), bias=False)"))),
        ("[fijo] ata los pesos y devuelve los logits del ejemplo visible",
         _tied((_TIED_RETURN, "return torch.tensor([[[1.0, 1.0, 2.0], [1.0, 0.0, 1.0]]])"))),
    ],
    "nb08-fix-decoder": [
        ("[copia] pega el __init__ de BrokenDecoder sin cambiar nada", _tiny(_LOOSE_BLOCKS, _LOOSE_GAIN, _LOOSE_POS)),
        ("[copia] arregla solo la lista, como en la demo de nn.ModuleList: gain y pos siguen sueltos",
         _tiny(_LOOSE_GAIN, _LOOSE_POS)),
        ("registra bloques y gain, pero deja pos como tensor suelto", _tiny(_LOOSE_POS)),
        ("convierte pos en nn.Parameter: la tabla fija se entrenaría",
         _tiny((_POS, "self.pos = nn.Parameter(torch.sin(steps / (1.0 + torch.arange(d))))"))),
        ("registra gain como buffer: viaja, pero no se entrena", _tiny((_GAIN, 'self.register_buffer("gain", torch.ones(d))'))),
        ("registra pos con persistent=False: viaja, pero no se guarda en el state_dict",
         _tiny((_POS, 'self.register_buffer("pos", torch.sin(steps / (1.0 + torch.arange(d))), persistent=False)'))),
        ("repite la misma capa en la ModuleList: todos los bloques comparten pesos",
         _tiny((_BLOCKS, "self.blocks = nn.ModuleList([nn.Linear(d, d)] * n_blocks)"))),
        ("congela gain con requires_grad=False", _tiny((_GAIN, "self.gain = nn.Parameter(torch.ones(d), requires_grad=False)"))),
        ("empieza gain al azar en vez de a unos", _tiny((_GAIN, "self.gain = nn.Parameter(torch.randn(d))"))),
        ("[fijo] escribe dos bloques a mano, como en el ejemplo visible",
         _tiny((_BLOCKS, "self.blocks = nn.ModuleList([nn.Linear(d, d), nn.Linear(d, d)])"))),
    ],
}
