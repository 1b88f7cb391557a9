"""Respuestas equivocadas plausibles de 14-atencion: {grade_id: [(motivo, celda completa), ...]}."""

_CABECERA = '''
def atencion_multicabeza(x, w_qkv, H):
    B, T, d = x.shape
    D = d // H
    q, k, v = (x @ w_qkv.T).split(d, dim=2)
'''

WRONG_ANSWERS = {
    "nb14-formas": [
        ("olvida el transpose: cabezas detrás de las posiciones",
         "formas = ((3, 7, 24), (3, 7, 6, 4), (3, 7, 6, 6), (3, 7, 24))"),
        ("cree que las puntuaciones tienen la forma de q",
         "formas = ((3, 7, 24), (3, 6, 7, 4), (3, 6, 7, 4), (3, 7, 24))"),
        ("confunde H con D",
         "formas = ((3, 7, 24), (3, 4, 7, 6), (3, 4, 7, 7), (3, 7, 24))"),
        ("cree que split deja el ancho 3·d",
         "formas = ((3, 7, 72), (3, 6, 7, 12), (3, 6, 7, 7), (3, 7, 24))"),
        ("copia los números del ejemplo pequeño de la lección",
         "formas = ((2, 5, 16), (2, 4, 5, 4), (2, 4, 5, 5), (2, 5, 16))"),
    ],
    "nb14-mascara": [
        ("usa triu en vez de tril: mira el futuro", '''
def mascara_causal(T):
    return torch.triu(torch.ones(T, T, dtype=torch.bool))
'''),
        ("quita la diagonal: la posición no se mira a sí misma", '''
def mascara_causal(T):
    return torch.tril(torch.ones(T, T, dtype=torch.bool), diagonal=-1)
'''),
        ("devuelve unos y ceros en float32 en vez de bool", '''
def mascara_causal(T):
    return torch.tril(torch.ones(T, T))
'''),
        ("devuelve la máscara al revés (True donde está prohibido)", '''
def mascara_causal(T):
    return torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
'''),
        ("fija el tamaño del ejemplo visible", '''
def mascara_causal(T):
    return torch.tril(torch.ones(5, 5, dtype=torch.bool))
'''),
    ],
    "nb14-separar-cabezas": [
        ("hace view(B, H, T, D) directamente: la forma es buena y los números no", '''
def separar_cabezas(t, H):
    B, T, d = t.shape
    D = d // H
    return t.view(B, H, T, D)
'''),
        ("olvida el transpose: devuelve (B, T, H, D)", '''
def separar_cabezas(t, H):
    B, T, d = t.shape
    D = d // H
    return t.view(B, T, H, D)
'''),
        ("parte el ancho como (D, H): cabezas salteadas", '''
def separar_cabezas(t, H):
    B, T, d = t.shape
    D = d // H
    return t.view(B, T, D, H).permute(0, 3, 1, 2)
'''),
        ("transpone los ejes equivocados", '''
def separar_cabezas(t, H):
    B, T, d = t.shape
    D = d // H
    return t.view(B, T, H, D).transpose(1, 3)
'''),
        ("fija las formas del ejemplo visible", '''
def separar_cabezas(t, H):
    return t.view(2, 5, 4, 4).transpose(1, 2)
'''),
    ],
    "nb14-atencion": [
        ("olvida transpose(1, 2): la forma sale bien y no es atención", _CABECERA + '''
    q, k, v = (t.view(B, T, H, D) for t in (q, k, v))
    salida = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    return salida.reshape(B, T, d)
'''),
        ("olvida la máscara causal", _CABECERA + '''
    q, k, v = (t.view(B, T, H, D).transpose(1, 2) for t in (q, k, v))
    salida = F.scaled_dot_product_attention(q, k, v)
    return salida.transpose(1, 2).contiguous().view(B, T, d)
'''),
        ("divide entre √d en vez de √D", _CABECERA + '''
    q, k, v = (t.view(B, T, H, D).transpose(1, 2) for t in (q, k, v))
    puntuaciones = q @ k.transpose(-2, -1) / math.sqrt(d)
    mascara = torch.tril(torch.ones(T, T, dtype=torch.bool))
    pesos = puntuaciones.masked_fill(~mascara, float("-inf")).softmax(dim=-1)
    return (pesos @ v).transpose(1, 2).contiguous().view(B, T, d)
'''),
        ("no divide entre √D", _CABECERA + '''
    q, k, v = (t.view(B, T, H, D).transpose(1, 2) for t in (q, k, v))
    puntuaciones = q @ k.transpose(-2, -1)
    mascara = torch.tril(torch.ones(T, T, dtype=torch.bool))
    pesos = puntuaciones.masked_fill(~mascara, float("-inf")).softmax(dim=-1)
    return (pesos @ v).transpose(1, 2).contiguous().view(B, T, d)
'''),
        ("junta las cabezas sin deshacer el transpose", _CABECERA + '''
    q, k, v = (t.view(B, T, H, D).transpose(1, 2) for t in (q, k, v))
    salida = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    return salida.reshape(B, T, d)
'''),
        ("tapa el pasado en vez del futuro (olvida el ~)", _CABECERA + '''
    q, k, v = (t.view(B, T, H, D).transpose(1, 2) for t in (q, k, v))
    puntuaciones = q @ k.transpose(-2, -1) / math.sqrt(D)
    mascara = torch.tril(torch.ones(T, T, dtype=torch.bool), diagonal=-1)
    pesos = puntuaciones.masked_fill(mascara, float("-inf")).softmax(dim=-1)
    return (pesos @ v).transpose(1, 2).contiguous().view(B, T, d)
'''),
    ],
}
