"""Respuestas equivocadas plausibles de 07-formas: {grade_id: [(motivo, celda), ...]}.

Una respuesta que es un cambio pequeño de la solución se escribe como ese cambio (``edit``, ``answers``:
la solución se lee del cuaderno del profesor); una que sigue otro camino, entera.
"""

from catalogues.edits import answers, edit

SLUG = "07-formas"


def _copies(*answers):
    """La celda de la predicción «¿copia o no copia?» con estas seis respuestas (un texto se escribe tal cual)."""
    return "".join(f"copy_{k} = {a if isinstance(a, str) else repr(a)}\n" for k, a in enumerate(answers, 1))


def _prediction(**values):
    return answers(SLUG, "nb07-predict-strides", **values)

WRONG_ANSWERS = {
    "nb07-predict-strides": [
        ("[mensaje] escribe los strides al revés, del último eje al primero", '''
stride_x = (1, 512, 102400)
stride_xt = (1, 102400, 512)
contiguous_xt = False
stride_heads = (1, 512, 64, 102400)
'''),
        ("[mensaje] confunde el stride de cada eje con su tamaño", '''
stride_x = (64, 200, 512)
stride_xt = (64, 512, 200)
contiguous_xt = False
stride_heads = (64, 8, 200, 64)
'''),
        ("cree que transpose recoloca los datos y deja strides contiguos", _prediction(stride_xt="(102_400, 200, 1)", contiguous_xt="True", stride_heads="(102_400, 12_800, 64, 1)")),
        ("cree que un tensor transpuesto sigue siendo contiguo", _prediction(contiguous_xt="True")),
        ("olvida el transpose en stride_heads: da los strides del view", _prediction(stride_heads="(102_400, 512, 64, 1)")),
        ("[copia] copia los strides de la demo (la tabla 3 × 4 y su traspuesta)", '''
stride_x = (4, 1)
stride_xt = (1, 4)
contiguous_xt = False
stride_heads = (4, 1)
'''),
    ],
    "nb07-predict-copies": [
        ("[mensaje] cree que ninguna operación copia", _copies(False, False, False, False, False, False)),
        ("cree que reshape copia siempre", _copies(False, True, True, True, False, True)),
        ("cree que todo lo que pasa por un transpose acaba copiado", _copies(False, True, False, True, False, True)),
        ("cree que un corte no contiguo se puede leer como vista plana", _copies(False, False, False, False, False, True)),
        ("cree que contiguous() copia siempre", _copies(False, False, False, True, True, True)),
        ("cree que view sobre una copia vuelve a la memoria de m", _copies(False, False, False, True, False, False)),
        ("[mensaje] escribe las respuestas con 1 y 0", _copies(0, 0, 0, 1, 0, 1)),
        ("[mensaje] se deja la última sin predecir", _copies(False, False, False, True, False, "...")),
    ],
    "nb07-split-qkv": [
        ("[copia] la línea de la demo, view(B, T, H, D).transpose(1, 2), sobre qkv entero", '''
def split_qkv(qkv, H):
    B, T, width = qkv.shape
    D = width // H
    heads = qkv.view(B, T, H, D).transpose(1, 2)
    return heads, heads, heads
'''),
        ("[global] copia la línea de la demo con d y D del cuaderno (16 y 4) en vez de calcularlos", edit(SLUG, "nb07-split-qkv", ("    d = width // 3\n    D = d // H\n", ""))),
        ("[fijo] escribe a fuego los tamaños del test visible (d = 16, H = 4)", '''
def split_qkv(qkv, H):
    B, T, width = qkv.shape
    q, k, v = qkv[..., :16], qkv[..., 16:32], qkv[..., 32:48]
    return (q.view(B, T, 4, 4).transpose(1, 2),
            k.view(B, T, 4, 4).transpose(1, 2),
            v.view(B, T, 4, 4).transpose(1, 2))
'''),
        ("[referencia] pega la fórmula del test visible, que no lee qkv", '''
def split_qkv(qkv, H):
    B, T, width = qkv.shape
    d = width // 3
    D = d // H
    b = torch.arange(B).view(B, 1, 1, 1)
    h = torch.arange(H).view(1, H, 1, 1)
    t = torch.arange(T).view(1, 1, T, 1)
    j = torch.arange(D).view(1, 1, 1, D)
    base = 1000 * b + 100 * t + h * D + j
    return base.float(), (base + d).float(), (base + 2 * d).float()
'''),
        ("[bucle] rellena tres tensores nuevos posición a posición", '''
def split_qkv(qkv, H):
    B, T, width = qkv.shape
    d = width // 3
    D = d // H
    parts = [torch.zeros(B, H, T, D) for _ in range(3)]
    for p in range(3):
        for b in range(B):
            for h in range(H):
                for t in range(T):
                    parts[p][b, h, t] = qkv[b, t, p * d + h * D:p * d + (h + 1) * D]
    return tuple(parts)
'''),
        ("parte primero en cabezas y luego en q, k, v (cada cabeza se queda con trozos de las tres)", '''
def split_qkv(qkv, H):
    B, T, width = qkv.shape
    d = width // 3
    D = d // H
    heads = qkv.view(B, T, H, 3 * D).transpose(1, 2)
    q, k, v = heads.split(D, dim=-1)
    return q, k, v
'''),
        ("el error clásico: view(B, H, T, D) directamente (forma correcta, contenido equivocado)", '''
def split_qkv(qkv, H):
    B, T, width = qkv.shape
    d = width // 3
    D = d // H
    q, k, v = qkv.split(d, dim=-1)
    return (q.reshape(B, H, T, D), k.reshape(B, H, T, D), v.reshape(B, H, T, D))
'''),
        ("olvida el transpose: devuelve (B, T, H, D)", '''
def split_qkv(qkv, H):
    B, T, width = qkv.shape
    d = width // 3
    D = d // H
    q, k, v = qkv.split(d, dim=-1)
    return q.view(B, T, H, D), k.view(B, T, H, D), v.view(B, T, H, D)
'''),
        ("parte el eje de las partidas en tres en vez del último", edit(SLUG, "nb07-split-qkv", ("qkv.split(d, dim=-1)", "qkv.reshape(3, B, T, d)"))),
        ("copia con contiguous() cada trozo antes del view (valores bien, pero ya no son vistas)", edit(SLUG, "nb07-split-qkv", 
            ("q.view(", "q.contiguous().view("), ("k.view(", "k.contiguous().view("), ("v.view(", "v.contiguous().view("))),
    ],
    "nb07-split-heads-interleaved": [
        ("[copia] la línea de la demo: trozos seguidos, no por turnos", '''
def split_heads_interleaved(x, H):
    B, T, d = x.shape
    D = d // H
    return x.view(B, T, H, D).transpose(1, 2)
'''),
        ("[copia] la equivalencia con permute de la demo", '''
def split_heads_interleaved(x, H):
    B, T, d = x.shape
    D = d // H
    return x.view(B, T, H, D).permute(0, 2, 1, 3)
'''),
        ("[global] usa la D del cuaderno (4) en vez de d // H", edit(SLUG, "nb07-split-heads-interleaved", ("    D = d // H\n", ""))),
        ("[fijo] escribe a fuego los tamaños del test visible (2, 3, 4, 3)", edit(SLUG, "nb07-split-heads-interleaved", ("    D = d // H\n", ""), ("x.view(B, T, D, H)", "x.view(2, 3, 4, 3)"))),
        ("[referencia] pega la fórmula del test visible, que no lee x", '''
def split_heads_interleaved(x, H):
    B, T, d = x.shape
    D = d // H
    b = torch.arange(B).view(B, 1, 1, 1)
    h = torch.arange(H).view(1, H, 1, 1)
    t = torch.arange(T).view(1, 1, T, 1)
    j = torch.arange(D).view(1, 1, 1, D)
    return (1000 * b + 100 * t + j * H + h).float()
'''),
        ("[bucle] junta las cabezas una a una con cortes de salto H (valores bien, pero copia)", '''
def split_heads_interleaved(x, H):
    return torch.stack([x[..., h::H] for h in range(H)], dim=1)
'''),
        ("parte en (D, H) pero ordena los ejes al revés: (B, H, D, T)", edit(SLUG, "nb07-split-heads-interleaved", ("permute(0, 3, 1, 2)", "permute(0, 3, 2, 1)"))),
        ("parte en (H, D) y mueve el último eje delante: confunde qué eje es la cabeza", edit(SLUG, "nb07-split-heads-interleaved", ("x.view(B, T, D, H)", "x.view(B, T, H, D)"))),
        ("view(B, H, T, D) directamente", edit(SLUG, "nb07-split-heads-interleaved", ("x.view(B, T, D, H).permute(0, 3, 1, 2)", "x.view(B, H, T, D)"))),
        ("parte bien en (D, H) y luego reshape a la forma final, que mezcla los números", edit(SLUG, "nb07-split-heads-interleaved", (".permute(0, 3, 1, 2)", ".reshape(B, H, T, D)"))),
    ],
}
