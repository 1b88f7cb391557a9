"""Respuestas equivocadas plausibles de 13-dispositivo: {grade_id: [(motivo, celda completa), ...]}.

La que es un cambio pequeño de la solución se escribe con ``edit`` (o ``answers`` en una predicción)
sobre la del cuaderno del profesor; la que sigue otro camino cambia todo lo que va entre las marcas
de la solución (``_body``): la cabecera de la función o de la clase es la del cuaderno.
"""

from catalogues.edits import answers, edit, with_body

SLUG = "13-dispositivo"


def _body(grade_id: str, body: str) -> str:
    """La celda del cuaderno con ``body`` entre sus marcas de solución."""
    return with_body(SLUG, grade_id, body)


def _bytes(**values):
    return answers(SLUG, "nb13-bytes", **values)


def _move(*changes):
    return edit(SLUG, "nb13-to-device", *changes)


def _positional(*changes):
    return edit(SLUG, "nb13-positional-forward", *changes)


def _dtypes(*names):
    """La predicción con estos cinco (o cuantos sean) tipos, ``"bfloat16"`` por ``torch.bfloat16``."""
    return answers(SLUG, "nb13-autocast-dtypes", autocast_dtypes=f"({', '.join('torch.' + n for n in names)})")


_MOVED = "return value.to(device) if isinstance(value, torch.Tensor) else value"
_WHERE = "torch.arange(T, device=x.device)"
_F32, _BF16 = "float32", "bfloat16"

WRONG_ANSWERS = {
    "nb13-bytes": [
        ("[mensaje] cree que los ids de los tokens son float32 (4 bytes)", _bytes(batch_bytes="51_200")),
        ("[copia] copia los 40 bytes del lote de cinco tokens de la demostración", _bytes(batch_bytes="40")),
        ("cuenta el lote como está en disco, en uint16 (cuaderno 04), y no como sale del cargador",
         _bytes(batch_bytes="25_600")),
        ("cuenta números en vez de bytes en el lote", _bytes(batch_bytes="12_800")),
        ("cuenta números en vez de bytes en la tabla", _bytes(table_bytes="1_039_360")),
        ("cuenta bits en vez de bytes en la tabla", _bytes(table_bytes="33_259_520")),
        ("cree que la tabla se guarda en bf16 (autocast no cambia los pesos)", _bytes(table_bytes="2_078_720")),
        ("escribe megabytes en vez de bytes en la tabla", _bytes(table_bytes="4")),
    ],
    "nb13-to-device": [
        ("[copia] pega la línea del bucle de la demostración: da por hecho que el lote es (x, y)", _body("nb13-to-device", '''
    xb, yb = batch
    return xb.to(device), yb.to(device)
''')),
        ("[fijo] solo mueve las claves x e y del dict del test visible", _body("nb13-to-device", '''
    if isinstance(batch, dict):
        new = dict(batch)
        new["x"] = batch["x"].to(device)
        new["y"] = batch["y"].to(device)
        return new
    return tuple(v.to(device) if isinstance(v, torch.Tensor) else v for v in batch)
''')),
        ("[global] usa el device del cuaderno en vez del argumento",
         _move(("def to_device(batch, device):", "def to_device(batch, target):"))),
        ("llama a .to() en todo, también en números y textos", _move((_MOVED, "return value.to(device)"))),
        ("modifica el dict que recibe en vez de devolver uno nuevo", _body("nb13-to-device", '''
    if isinstance(batch, dict):
        for key, value in batch.items():
            if isinstance(value, torch.Tensor):
                batch[key] = value.to(device)
        return batch
    return tuple(v.to(device) if isinstance(v, torch.Tensor) else v for v in batch)
''')),
        ("llama a .to() sin guardar el resultado", _body("nb13-to-device", '''
    for value in (batch.values() if isinstance(batch, dict) else batch):
        if isinstance(value, torch.Tensor):
            value.to(device)
    return dict(batch) if isinstance(batch, dict) else tuple(batch)
''')),
        ("devuelve una lista en vez de una tuple",
         _move(("return tuple(move(value) for value in batch)", "return [move(value) for value in batch]"))),
        ("convierte además cada tensor a float32", _move(("value.to(device)", "value.to(device, torch.float32)"))),
        ("tira lo que no es un tensor", _body("nb13-to-device", '''
    if isinstance(batch, dict):
        return {key: value.to(device) for key, value in batch.items() if isinstance(value, torch.Tensor)}
    return tuple(value.to(device) for value in batch if isinstance(value, torch.Tensor))
''')),
        ("copia los valores que no son tensores en vez de dejarlos tal cual",
         _move(("def to_device(", "import copy as _copy\n\ndef to_device("), ("else value\n", "else _copy.deepcopy(value)\n"))),
    ],
    "nb13-positional-forward": [
        ("crea las posiciones con torch.arange(T), que nace en la CPU aunque el modelo esté en otro sitio",
         _positional((_WHERE, "torch.arange(T)"))),
        ("[referencia] pega en forward el bucle del test visible: lee los ids uno a uno con int()",
         _body("nb13-positional-forward", '''
        tok, pos = self.tokens.weight, self.positions.weight
        w, b = self.output.weight, self.output.bias
        B, T = x.shape
        rows = [w @ (tok[int(x[i, t])] + pos[t]) + b for i in range(B) for t in range(T)]
        return torch.stack(rows).view(B, T, -1)
''')),
        ("[global] crea las posiciones en el device del cuaderno en vez del de x",
         _positional(("device=x.device", "device=device"))),
        ("[fijo] devuelve los logits hechos a mano del test visible", _body("nb13-positional-forward", '''
        out = torch.tensor([[[1.0, 1.0, 2.0, 0.0], [11.0, 0.0, 11.0, 0.0], [0.0, 11.0, 11.0, 0.0]]])
        return out.to(x.device).expand(x.shape[0], -1, -1)
''')),
        ("escribe 'cuda' a mano para las posiciones", _positional(("device=x.device", 'device="cuda"'))),
        ("olvida sumar la posición", _positional(("self.tokens(x) + self.positions(where)", "self.tokens(x)"))),
        ("usa el id del token como posición", _positional(("self.positions(where)", "self.positions(x)"))),
        ("cuenta las posiciones desde 1", _positional(
            (_WHERE, "torch.arange(1, T + 1, device=x.device).clamp(max=self.positions.num_embeddings - 1)"))),
        ("suma la tabla de posiciones entera (max_len filas) en vez de las T primeras",
         _positional(("self.positions(where)", "self.positions.weight"))),
        ("pone las posiciones en el eje del lote (B) en vez del de T", _positional(
            ("T = x.shape[1]", "B = x.shape[0]"), (_WHERE, "torch.arange(B, device=x.device)"),
            ("self.positions(where)", "self.positions(where)[:, None, :]"))),
        ("crea las posiciones en la CPU y mueve la salida al final",
         _positional((_WHERE, "torch.arange(T)"), ("return self.output(h)", "return self.output(h).to(x.device)"))),
    ],
    "nb13-autocast-dtypes": [
        ("[mensaje] cree que dentro de autocast todo sale en bf16", _dtypes(_BF16, _BF16, _BF16, _BF16, _BF16)),
        ("[copia] repite lo que enseña la demostración (capa lineal en bf16) para todo lo que sale de h",
         _dtypes(_BF16, _BF16, _BF16, _BF16, _F32)),
        ("[copia] contesta lo que da la CPU: aplica en la GPU la lista de la CPU y deja la softmax en bf16",
         _dtypes(_F32, _BF16, _F32, _BF16, _BF16)),
        ("cree que autocast no cambia ningún tipo", _dtypes(_F32, _F32, _F32, _F32, _F32)),
        ("cree que la entropía cruzada sigue en bf16 si le llegan logits bf16", _dtypes(_F32, _BF16, _BF16, _F32, _BF16)),
        ("cree que multiplicar por un número de Python promociona a float32", _dtypes(_F32, _F32, _F32, _F32, _BF16)),
        ("cree que sumar bf16 y float32 se queda en bf16", _dtypes(_BF16, _BF16, _F32, _F32, _BF16)),
        ("cree que @ no cuenta como multiplicación de matrices", _dtypes(_F32, _BF16, _F32, _F32, _F32)),
        ("da cuatro tipos: se salta la softmax", _dtypes(_F32, _BF16, _F32, _F32)),
    ],
}
