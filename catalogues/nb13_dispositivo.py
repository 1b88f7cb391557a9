"""Respuestas equivocadas plausibles de 13-dispositivo: {grade_id: [(motivo, celda completa), ...]}."""

_RIGHT_BYTES = "batch_bytes = 102_400\ntable_bytes = 4_157_440\n"

WRONG_ANSWERS = {
    "nb13-bytes": [
        ("[mensaje] cree que los ids de los tokens son float32 (4 bytes)",
         _RIGHT_BYTES.replace("102_400", "51_200")),
        ("[copia] copia los 40 bytes del lote de cinco tokens de la demostración",
         _RIGHT_BYTES.replace("102_400", "40")),
        ("cuenta el lote como está en disco, en uint16 (cuaderno 04), y no como sale del cargador",
         _RIGHT_BYTES.replace("102_400", "25_600")),
        ("cuenta números en vez de bytes en el lote", _RIGHT_BYTES.replace("102_400", "12_800")),
        ("cuenta números en vez de bytes en la tabla", _RIGHT_BYTES.replace("4_157_440", "1_039_360")),
        ("cuenta bits en vez de bytes en la tabla", _RIGHT_BYTES.replace("4_157_440", "33_259_520")),
        ("cree que la tabla se guarda en bf16 (autocast no cambia los pesos)",
         _RIGHT_BYTES.replace("4_157_440", "2_078_720")),
        ("escribe megabytes en vez de bytes en la tabla", _RIGHT_BYTES.replace("4_157_440", "4")),
    ],
    "nb13-to-device": [
        ("[copia] pega la línea del bucle de la demostración: da por hecho que el lote es (x, y)", '''
def to_device(batch, device):
    xb, yb = batch
    return xb.to(device), yb.to(device)
'''),
        ("[fijo] solo mueve las claves x e y del dict del test visible", '''
def to_device(batch, device):
    if isinstance(batch, dict):
        new = dict(batch)
        new["x"] = batch["x"].to(device)
        new["y"] = batch["y"].to(device)
        return new
    return tuple(v.to(device) if isinstance(v, torch.Tensor) else v for v in batch)
'''),
        ("[global] usa el device del cuaderno en vez del argumento", '''
def to_device(batch, target):
    def move(value):
        return value.to(device) if isinstance(value, torch.Tensor) else value
    if isinstance(batch, dict):
        return {key: move(value) for key, value in batch.items()}
    return tuple(move(value) for value in batch)
'''),
        ("llama a .to() en todo, también en números y textos", '''
def to_device(batch, device):
    if isinstance(batch, dict):
        return {key: value.to(device) for key, value in batch.items()}
    return tuple(value.to(device) for value in batch)
'''),
        ("modifica el dict que recibe en vez de devolver uno nuevo", '''
def to_device(batch, device):
    if isinstance(batch, dict):
        for key, value in batch.items():
            if isinstance(value, torch.Tensor):
                batch[key] = value.to(device)
        return batch
    return tuple(v.to(device) if isinstance(v, torch.Tensor) else v for v in batch)
'''),
        ("llama a .to() sin guardar el resultado", '''
def to_device(batch, device):
    for value in (batch.values() if isinstance(batch, dict) else batch):
        if isinstance(value, torch.Tensor):
            value.to(device)
    return dict(batch) if isinstance(batch, dict) else tuple(batch)
'''),
        ("devuelve una lista en vez de una tuple", '''
def to_device(batch, device):
    def move(value):
        return value.to(device) if isinstance(value, torch.Tensor) else value
    if isinstance(batch, dict):
        return {key: move(value) for key, value in batch.items()}
    return [move(value) for value in batch]
'''),
        ("convierte además cada tensor a float32", '''
def to_device(batch, device):
    def move(value):
        return value.to(device, torch.float32) if isinstance(value, torch.Tensor) else value
    if isinstance(batch, dict):
        return {key: move(value) for key, value in batch.items()}
    return tuple(move(value) for value in batch)
'''),
        ("tira lo que no es un tensor", '''
def to_device(batch, device):
    if isinstance(batch, dict):
        return {key: value.to(device) for key, value in batch.items() if isinstance(value, torch.Tensor)}
    return tuple(value.to(device) for value in batch if isinstance(value, torch.Tensor))
'''),
        ("copia los valores que no son tensores en vez de dejarlos tal cual", '''
import copy as _copy

def to_device(batch, device):
    def move(value):
        return value.to(device) if isinstance(value, torch.Tensor) else _copy.deepcopy(value)
    if isinstance(batch, dict):
        return {key: move(value) for key, value in batch.items()}
    return tuple(move(value) for value in batch)
'''),
    ],
    "nb13-positional-forward": [
        ("crea las posiciones con torch.arange(T), que nace en la CPU aunque el modelo esté en otro sitio", '''
class PositionalBigram(nn.Module):
    def __init__(self, V, d, max_len):
        super().__init__()
        self.tokens = nn.Embedding(V, d)
        self.positions = nn.Embedding(max_len, d)
        self.output = nn.Linear(d, V)

    def forward(self, x):
        T = x.shape[1]
        return self.output(self.tokens(x) + self.positions(torch.arange(T)))
'''),
        ("[referencia] pega en forward el bucle del test visible: lee los ids uno a uno con int()", '''
class PositionalBigram(nn.Module):
    def __init__(self, V, d, max_len):
        super().__init__()
        self.tokens = nn.Embedding(V, d)
        self.positions = nn.Embedding(max_len, d)
        self.output = nn.Linear(d, V)

    def forward(self, x):
        tok, pos = self.tokens.weight, self.positions.weight
        w, b = self.output.weight, self.output.bias
        B, T = x.shape
        rows = [w @ (tok[int(x[i, t])] + pos[t]) + b for i in range(B) for t in range(T)]
        return torch.stack(rows).view(B, T, -1)
'''),
        ("[global] crea las posiciones en el device del cuaderno en vez del de x", '''
class PositionalBigram(nn.Module):
    def __init__(self, V, d, max_len):
        super().__init__()
        self.tokens = nn.Embedding(V, d)
        self.positions = nn.Embedding(max_len, d)
        self.output = nn.Linear(d, V)

    def forward(self, x):
        T = x.shape[1]
        return self.output(self.tokens(x) + self.positions(torch.arange(T, device=device)))
'''),
        ("[fijo] devuelve los logits hechos a mano del test visible", '''
class PositionalBigram(nn.Module):
    def __init__(self, V, d, max_len):
        super().__init__()
        self.tokens = nn.Embedding(V, d)
        self.positions = nn.Embedding(max_len, d)
        self.output = nn.Linear(d, V)

    def forward(self, x):
        out = torch.tensor([[[1.0, 1.0, 2.0, 0.0], [11.0, 0.0, 11.0, 0.0], [0.0, 11.0, 11.0, 0.0]]])
        return out.to(x.device).expand(x.shape[0], -1, -1)
'''),
        ("escribe 'cuda' a mano para las posiciones", '''
class PositionalBigram(nn.Module):
    def __init__(self, V, d, max_len):
        super().__init__()
        self.tokens = nn.Embedding(V, d)
        self.positions = nn.Embedding(max_len, d)
        self.output = nn.Linear(d, V)

    def forward(self, x):
        T = x.shape[1]
        return self.output(self.tokens(x) + self.positions(torch.arange(T, device="cuda")))
'''),
        ("olvida sumar la posición", '''
class PositionalBigram(nn.Module):
    def __init__(self, V, d, max_len):
        super().__init__()
        self.tokens = nn.Embedding(V, d)
        self.positions = nn.Embedding(max_len, d)
        self.output = nn.Linear(d, V)

    def forward(self, x):
        return self.output(self.tokens(x))
'''),
        ("usa el id del token como posición", '''
class PositionalBigram(nn.Module):
    def __init__(self, V, d, max_len):
        super().__init__()
        self.tokens = nn.Embedding(V, d)
        self.positions = nn.Embedding(max_len, d)
        self.output = nn.Linear(d, V)

    def forward(self, x):
        return self.output(self.tokens(x) + self.positions(x))
'''),
        ("cuenta las posiciones desde 1", '''
class PositionalBigram(nn.Module):
    def __init__(self, V, d, max_len):
        super().__init__()
        self.tokens = nn.Embedding(V, d)
        self.positions = nn.Embedding(max_len, d)
        self.output = nn.Linear(d, V)

    def forward(self, x):
        T = x.shape[1]
        where = torch.arange(1, T + 1, device=x.device).clamp(max=self.positions.num_embeddings - 1)
        return self.output(self.tokens(x) + self.positions(where))
'''),
        ("suma la tabla de posiciones entera (max_len filas) en vez de las T primeras", '''
class PositionalBigram(nn.Module):
    def __init__(self, V, d, max_len):
        super().__init__()
        self.tokens = nn.Embedding(V, d)
        self.positions = nn.Embedding(max_len, d)
        self.output = nn.Linear(d, V)

    def forward(self, x):
        return self.output(self.tokens(x) + self.positions.weight)
'''),
        ("pone las posiciones en el eje del lote (B) en vez del de T", '''
class PositionalBigram(nn.Module):
    def __init__(self, V, d, max_len):
        super().__init__()
        self.tokens = nn.Embedding(V, d)
        self.positions = nn.Embedding(max_len, d)
        self.output = nn.Linear(d, V)

    def forward(self, x):
        B = x.shape[0]
        where = torch.arange(B, device=x.device)
        return self.output(self.tokens(x) + self.positions(where)[:, None, :])
'''),
        ("crea las posiciones en la CPU y mueve la salida al final", '''
class PositionalBigram(nn.Module):
    def __init__(self, V, d, max_len):
        super().__init__()
        self.tokens = nn.Embedding(V, d)
        self.positions = nn.Embedding(max_len, d)
        self.output = nn.Linear(d, V)

    def forward(self, x):
        T = x.shape[1]
        pos = self.positions(torch.arange(T))
        return self.output(self.tokens(x) + pos).to(x.device)
'''),
    ],
    "nb13-autocast-dtypes": [
        ("[mensaje] cree que dentro de autocast todo sale en bf16",
         "autocast_dtypes = (torch.bfloat16, torch.bfloat16, torch.bfloat16, torch.bfloat16, torch.bfloat16)"),
        ("[copia] repite lo que enseña la demostración (capa lineal en bf16) para todo lo que sale de h",
         "autocast_dtypes = (torch.bfloat16, torch.bfloat16, torch.bfloat16, torch.bfloat16, torch.float32)"),
        ("[copia] contesta lo que da la CPU: aplica en la GPU la lista de la CPU y deja la softmax en bf16",
         "autocast_dtypes = (torch.float32, torch.bfloat16, torch.float32, torch.bfloat16, torch.bfloat16)"),
        ("cree que autocast no cambia ningún tipo",
         "autocast_dtypes = (torch.float32, torch.float32, torch.float32, torch.float32, torch.float32)"),
        ("cree que la entropía cruzada sigue en bf16 si le llegan logits bf16",
         "autocast_dtypes = (torch.float32, torch.bfloat16, torch.bfloat16, torch.float32, torch.bfloat16)"),
        ("cree que multiplicar por un número de Python promociona a float32",
         "autocast_dtypes = (torch.float32, torch.float32, torch.float32, torch.float32, torch.bfloat16)"),
        ("cree que sumar bf16 y float32 se queda en bf16",
         "autocast_dtypes = (torch.bfloat16, torch.bfloat16, torch.float32, torch.float32, torch.bfloat16)"),
        ("cree que @ no cuenta como multiplicación de matrices",
         "autocast_dtypes = (torch.float32, torch.bfloat16, torch.float32, torch.float32, torch.float32)"),
        ("da cuatro tipos: se salta la softmax",
         "autocast_dtypes = (torch.float32, torch.bfloat16, torch.float32, torch.float32)"),
    ],
}
