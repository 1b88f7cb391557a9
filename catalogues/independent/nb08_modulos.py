"""Cinco soluciones independientes de 08-modulos (ver ``catalogues/independent``).

``nb08-mlp`` y ``nb08-tied-decoder`` tienen dos regiones de solución en la misma celda (el cuerpo de
``__init__`` y el de ``forward``): su código va en orden, separado por una línea ``# ---``.
"""

SETS = [
    {  # 1: lo que enseña el cuaderno, casi tal cual
        "nb08-mlp": """
self.layers = nn.ModuleList([nn.Linear(sizes[i], sizes[i + 1]) for i in range(len(sizes) - 1)])
# ---
for i, layer in enumerate(self.layers):
    x = layer(x)
    if i != len(self.layers) - 1:
        x = torch.relu(x)
return x
""",
        "nb08-tied-decoder": """
self.tokens = nn.Embedding(V, d)
self.lm_head = nn.Linear(d, V, bias=False)
self.lm_head.weight = self.tokens.weight
# ---
return self.lm_head(self.tokens(idx))
""",
        "nb08-fix-decoder": """
self.tokens = nn.Embedding(V, d)
self.blocks = nn.ModuleList([nn.Linear(d, d) for _ in range(n_blocks)])
self.gain = nn.Parameter(torch.ones(d))
steps = torch.arange(max_len, dtype=torch.float32)[:, None]
self.register_buffer("pos", torch.sin(steps / (1.0 + torch.arange(d))))
self.lm_head = nn.Linear(d, V, bias=False)
""",
    },
    {  # 2: una lista que se llena y luego se registra; la última capa aparte
        "nb08-mlp": """
linears = []
for n_in, n_out in zip(sizes, sizes[1:]):
    linears.append(nn.Linear(n_in, n_out))
self.layers = nn.ModuleList(linears)
# ---
for layer in self.layers[:-1]:
    x = torch.relu(layer(x))
return self.layers[-1](x)
""",
        "nb08-tied-decoder": """
self.lm_head = nn.Linear(d, V, bias=False)
self.tokens = nn.Embedding(V, d)
self.tokens.weight = self.lm_head.weight
# ---
h = self.tokens(idx)
logits = self.lm_head(h)
return logits
""",
        "nb08-fix-decoder": """
self.tokens = nn.Embedding(V, d)
layers = []
for _ in range(n_blocks):
    layers.append(nn.Linear(d, d))
self.blocks = nn.ModuleList(layers)
self.gain = nn.Parameter(torch.full((d,), 1.0))
table = torch.sin(torch.arange(max_len).float().unsqueeze(1) / (torch.arange(d) + 1.0))
self.register_buffer("pos", table)
self.lm_head = nn.Linear(d, V, bias=False)
""",
    },
    {  # 3: índices y range
        "nb08-mlp": """
n = len(sizes) - 1
self.layers = nn.ModuleList([nn.Linear(sizes[k], sizes[k + 1]) for k in range(n)])
# ---
h = x
last = len(self.layers) - 1
for k in range(last):
    h = torch.relu(self.layers[k](h))
h = self.layers[last](h)
return h
""",
        "nb08-tied-decoder": """
table = nn.Parameter(torch.randn(V, d))
self.tokens = nn.Embedding(V, d)
self.lm_head = nn.Linear(d, V, bias=False)
self.tokens.weight = table
self.lm_head.weight = table
# ---
vectors = self.tokens(idx)
return self.lm_head(vectors)
""",
        "nb08-fix-decoder": """
self.lm_head = nn.Linear(d, V, bias=False)
self.tokens = nn.Embedding(V, d)
self.blocks = nn.ModuleList([nn.Linear(d, d) for i in range(n_blocks)])
ones = torch.ones(d)
self.gain = nn.Parameter(ones)
positions = torch.arange(max_len)[:, None] / (torch.arange(d)[None, :] + 1)
self.register_buffer("pos", torch.sin(positions))
""",
    },
    {  # 4: la ReLU antes de cada capa salvo la primera
        "nb08-mlp": """
pairs = list(zip(sizes[:-1], sizes[1:]))
self.layers = nn.ModuleList([nn.Linear(i, o) for i, o in pairs])
# ---
out = self.layers[0](x)
for layer in self.layers[1:]:
    out = layer(torch.relu(out))
return out
""",
        "nb08-tied-decoder": """
emb = nn.Embedding(V, d)
head = nn.Linear(d, V, bias=False)
head.weight = emb.weight
self.tokens = emb
self.lm_head = head
# ---
x = self.tokens(idx)
x = self.lm_head(x)
return x
""",
        "nb08-fix-decoder": """
self.tokens = nn.Embedding(V, d)
self.blocks = nn.ModuleList()
for _ in range(n_blocks):
    self.blocks.append(nn.Linear(d, d))
self.gain = nn.Parameter(torch.ones(d))
t = torch.arange(max_len, dtype=torch.float32).view(max_len, 1)
freq = 1.0 + torch.arange(d)
self.register_buffer("pos", torch.sin(t / freq), persistent=True)
self.lm_head = nn.Linear(d, V, bias=False)
""",
    },
    {  # 5: nn.ReLU como módulo y nombres de argumento
        "nb08-mlp": """
self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(sizes, sizes[1:]))
# ---
act = nn.ReLU()
n = len(self.layers)
for i in range(n):
    x = self.layers[i](x)
    if i < n - 1:
        x = act(x)
return x
""",
        "nb08-tied-decoder": """
self.tokens = nn.Embedding(V, d)
self.lm_head = nn.Linear(in_features=d, out_features=V, bias=False)
shared = self.tokens.weight
self.lm_head.weight = shared
# ---
embedded = self.tokens(idx)   # (B, T, d)
return self.lm_head(embedded)  # (B, T, V)
""",
        "nb08-fix-decoder": """
self.tokens = nn.Embedding(V, d)
self.blocks = nn.ModuleList(nn.Linear(d, d) for b in range(n_blocks))
self.gain = nn.Parameter(torch.ones(d), requires_grad=True)
idx = torch.arange(max_len, dtype=torch.float32)
div = torch.arange(d, dtype=torch.float32) + 1.0
self.register_buffer("pos", torch.sin(idx[:, None] / div[None, :]))
self.lm_head = nn.Linear(d, V, bias=False)
""",
    },
]
