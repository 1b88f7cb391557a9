"""Respuestas equivocadas plausibles de 13-dispositivo: {grade_id: [(motivo, celda completa), ...]}."""

WRONG_ANSWERS = {
    "nb13-bytes": [
        ("cuenta números en vez de bytes", "bytes_tabla = (2030 * 512, 2030 * 512)"),
        ("cuenta bits en vez de bytes", "bytes_tabla = (2030 * 512 * 32, 2030 * 512 * 16)"),
        ("cree que bf16 ocupa un byte", "bytes_tabla = (2030 * 512 * 4, 2030 * 512)"),
        ("cree que bf16 ocupa lo mismo que float32", "bytes_tabla = (2030 * 512 * 4, 2030 * 512 * 4)"),
        ("escribe megabytes con decimales", "bytes_tabla = (2030 * 512 * 4 / 2**20, 2030 * 512 * 2 / 2**20)"),
    ],
    "nb13-a-dispositivo": [
        ("llama a .to() sin guardar el resultado", '''
def a_dispositivo(lote, device):
    if isinstance(lote, dict):
        for t in lote.values():
            t.to(device)
        return lote
    for t in lote:
        t.to(device)
    return lote
'''),
        ("devuelve una lista en vez de una tuple", '''
def a_dispositivo(lote, device):
    if isinstance(lote, dict):
        return {clave: t.to(device) for clave, t in lote.items()}
    return [t.to(device) for t in lote]
'''),
        ("convierte además a float32", '''
def a_dispositivo(lote, device):
    if isinstance(lote, dict):
        return {clave: t.to(device, torch.float32) for clave, t in lote.items()}
    return tuple(t.to(device, torch.float32) for t in lote)
'''),
        ("solo sabe mover diccionarios", '''
def a_dispositivo(lote, device):
    return {clave: t.to(device) for clave, t in lote.items()}
'''),
        ("da por hecho que el lote es (x, y) y pierde el resto", '''
def a_dispositivo(lote, device):
    if isinstance(lote, dict):
        return {"x": lote["x"].to(device), "y": lote["y"].to(device)}
    x, y = lote[0], lote[1]
    return (x.to(device), y.to(device))
'''),
    ],
    "nb13-ejecutar-en": [
        ("mueve el lote pero no el modelo", '''
def ejecutar_en(modelo, x, device):
    x = x.to(device)
    return modelo(x)
'''),
        ("mueve el modelo pero no el lote", '''
def ejecutar_en(modelo, x, device):
    modelo.to(device)
    return modelo(x)
'''),
        ("llama a x.to() sin guardar el resultado", '''
def ejecutar_en(modelo, x, device):
    modelo.to(device)
    x.to(device)
    return modelo(x)
'''),
        ("escribe 'cuda' a mano en vez de usar device", '''
def ejecutar_en(modelo, x, device):
    modelo.to("cuda")
    x = x.to("cuda")
    return modelo(x)
'''),
        ("convierte el lote a float32 al moverlo", '''
def ejecutar_en(modelo, x, device):
    modelo.to(device)
    x = x.to(device, torch.float32)
    return modelo(x)
'''),
    ],
    "nb13-tipos-autocast": [
        ("cree que autocast también convierte los pesos", "tipos_autocast = (torch.bfloat16, torch.bfloat16, torch.float32, torch.bfloat16)"),
        ("cree que todo pasa a bf16", "tipos_autocast = (torch.bfloat16, torch.bfloat16, torch.bfloat16, torch.bfloat16)"),
        ("cree que en la CPU autocast no hace nada", "tipos_autocast = (torch.float32, torch.float32, torch.float32, torch.float32)"),
        ("cree que @ no cuenta como multiplicación de matrices", "tipos_autocast = (torch.bfloat16, torch.float32, torch.float32, torch.float32)"),
        ("escribe los tipos como texto", 'tipos_autocast = ("bfloat16", "float32", "float32", "bfloat16")'),
    ],
}
