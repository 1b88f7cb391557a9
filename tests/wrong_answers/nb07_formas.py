"""Respuestas equivocadas plausibles de 07-formas: {grade_id: [(motivo, celda completa), ...]}."""

WRONG_ANSWERS = {
    "nb07-prediccion-pasos": [
        ("escribe los pasos al revés, del último eje al primero", '''
stride_x = (1, 512, 102400)
stride_xt = (1, 102400, 512)
contiguo_xt = False
'''),
        ("confunde el paso con el tamaño de cada eje", '''
stride_x = (64, 200, 512)
stride_xt = (64, 512, 200)
contiguo_xt = False
'''),
        ("cree que transpose recoloca los datos y deja pasos contiguos", '''
stride_x = (102400, 512, 1)
stride_xt = (102400, 200, 1)
contiguo_xt = True
'''),
        ("cree que transpose sigue siendo contiguo", '''
stride_x = (102400, 512, 1)
stride_xt = (102400, 1, 512)
contiguo_xt = True
'''),
    ],
    "nb07-separar-cabezas": [
        ("el error clásico: view(B, H, T, D) directamente (forma correcta, contenido equivocado)", '''
def separar_cabezas(x, H):
    B, T, d = x.shape
    D = d // H
    return x.view(B, H, T, D)
'''),
        ("olvida el transpose: devuelve (B, T, H, D)", '''
def separar_cabezas(x, H):
    B, T, d = x.shape
    D = d // H
    return x.view(B, T, H, D)
'''),
        ("parte cada posición en D trozos de H en vez de H trozos de D", '''
def separar_cabezas(x, H):
    B, T, d = x.shape
    D = d // H
    return x.view(B, T, D, H).permute(0, 3, 1, 2)
'''),
        ("reshape a la forma final sin transponer", '''
def separar_cabezas(x, H):
    B, T, d = x.shape
    D = d // H
    return x.reshape(B, H, T, D)
'''),
    ],
    "nb07-juntar-cabezas": [
        ("view(B, T, d) directamente sin deshacer el transpose (forma correcta, contenido equivocado)", '''
def juntar_cabezas(out):
    B, H, T, D = out.shape
    return out.reshape(B, T, H * D)
'''),
        ("olvida contiguous(): view se niega tras transpose", '''
def juntar_cabezas(out):
    B, H, T, D = out.shape
    return out.transpose(1, 2).view(B, T, H * D)
'''),
        ("transpone los ejes equivocados", '''
def juntar_cabezas(out):
    B, H, T, D = out.shape
    return out.transpose(2, 3).contiguous().view(B, T, H * D)
'''),
        ("olvida fundir H y D: devuelve (B, T, H, D)", '''
def juntar_cabezas(out):
    B, H, T, D = out.shape
    return out.transpose(1, 2).contiguous()
'''),
    ],
    "nb07-prediccion-copias": [
        ("cree que ninguna operación copia", '''
copia_view = False
copia_transpose = False
copia_contiguous_t = False
copia_contiguous_m = False
copia_reshape_m = False
copia_reshape_t = False
'''),
        ("cree que transpose mueve los datos", '''
copia_view = False
copia_transpose = True
copia_contiguous_t = True
copia_contiguous_m = False
copia_reshape_m = False
copia_reshape_t = True
'''),
        ("cree que contiguous() copia siempre", '''
copia_view = False
copia_transpose = False
copia_contiguous_t = True
copia_contiguous_m = True
copia_reshape_m = False
copia_reshape_t = True
'''),
        ("cree que reshape copia siempre", '''
copia_view = False
copia_transpose = False
copia_contiguous_t = True
copia_contiguous_m = False
copia_reshape_m = True
copia_reshape_t = True
'''),
    ],
}
