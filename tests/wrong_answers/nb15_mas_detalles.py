"""Respuestas equivocadas plausibles de 15-mas-detalles: {grade_id: [(motivo, celda completa), ...]}."""

WRONG_ANSWERS = {
    "nb15-lineal-por-lotes": [
        ("usa torch.mm, que no acepta el eje del lote", '''
def lineal_por_lotes(X, W, b):
    return torch.mm(X, W) + b
'''),
        ("aplana el lote para usar mm y no le devuelve la forma (B, T, d_out)", '''
def lineal_por_lotes(X, W, b):
    return torch.mm(X.view(-1, X.shape[-1]), W) + b
'''),
        ("pone el sesgo como columna: con T == d_out se suma por posición sin error", '''
def lineal_por_lotes(X, W, b):
    return torch.matmul(X, W) + b[:, None]
'''),
        ("multiplica por la traspuesta de W, como si fuera nn.Linear", '''
def lineal_por_lotes(X, W, b):
    return X @ W.T + b
'''),
        ("se olvida del sesgo", '''
def lineal_por_lotes(X, W, b):
    return X @ W
'''),
    ],
    "nb15-predice-formas": [
        ("confunde el producto exterior con el escalar", '''
forma_a = (1, 1)
forma_b = (5, 3)
forma_c = (1,)
forma_d = ()
'''),
        ("cree que un vector 1-d se comporta como una columna y el eje se queda", '''
forma_a = (5, 3)
forma_b = (1, 1)
forma_c = (1, 1)
forma_d = ()
'''),
        ("cree que un producto escalar da un tensor de un elemento con forma (1,)", '''
forma_a = (5, 3)
forma_b = (1, 1)
forma_c = (1,)
forma_d = (1,)
'''),
        ("invierte las dimensiones de columna @ fila", '''
forma_a = (3, 5)
forma_b = (1, 1)
forma_c = (1,)
forma_d = ()
'''),
        ("escribe fila @ fila.T como si fuera fila.T @ fila", '''
forma_a = (5, 3)
forma_b = (3, 3)
forma_c = (1,)
forma_d = ()
'''),
    ],
    "nb15-diagonal-einsum": [
        ("quita también la i tras la flecha y obtiene la traza", '''
def diagonal_producto(A, B):
    return torch.einsum('ij,ji->', A, B)
'''),
        ("multiplica elemento a elemento sin trasponer B", '''
def diagonal_producto(A, B):
    return torch.einsum('ij,ij->i', A, B)
'''),
        ("calcula la diagonal de B @ A en vez de la de A @ B", '''
def diagonal_producto(A, B):
    return torch.einsum('ji,ij->i', A, B)
'''),
        ("suma las filas del producto en vez de tomar su diagonal", '''
def diagonal_producto(A, B):
    return torch.einsum('ij,jk->i', A, B)
'''),
        ("copia los valores del ejemplo visible", '''
def diagonal_producto(A, B):
    return torch.tensor([12.0, 26.0, 72.0])
'''),
    ],
    "nb15-aplanar-traspuesta": [
        ("aplana x sin trasponer: orden por filas", '''
def aplanar_traspuesta(x):
    return x.reshape(-1)
'''),
        ("usa view(-1) sobre la traspuesta, que no es contigua", '''
def aplanar_traspuesta(x):
    xt = x.t()
    return xt.view(-1)
'''),
        ("cambia la forma con view en vez de trasponer", '''
def aplanar_traspuesta(x):
    return x.view(x.shape[1], x.shape[0]).contiguous().view(-1)
'''),
        ("hace la copia contigua pero se olvida de aplanar", '''
def aplanar_traspuesta(x):
    xt = x.t()
    return xt.contiguous()
'''),
        ("convierte a float por el camino", '''
def aplanar_traspuesta(x):
    xt = x.t()
    return xt.contiguous().view(-1).float()
'''),
    ],
}
