"""Respuestas equivocadas plausibles de 19-rukh-juega: {grade_id: [(motivo, celda completa), ...]}.

La que es un cambio pequeño de la solución se escribe con ``edit`` sobre la del cuaderno del
profesor; la que sigue otro camino cambia todo lo que va entre las marcas de la solución
(``_body``): la cabecera de la función es la del cuaderno. La celda de los puntos de control tiene
dos funciones: la respuesta que cambia las dos a la vez va escrita entera.
"""

from catalogues.edits import edit, with_body

SLUG = "19-rukh-juega"


def _body(grade_id: str, body: str) -> str:
    """La celda del cuaderno con ``body`` entre sus marcas de solución."""
    return with_body(SLUG, grade_id, body)


def _mask(*changes):
    return edit(SLUG, "nb19-mask-illegal", *changes)


def _sample(*changes):
    return edit(SLUG, "nb19-sample-move", *changes)


def _tables(*changes):
    return edit(SLUG, "nb19-rope-tables", *changes)


def _rope(*changes):
    return edit(SLUG, "nb19-apply-rope", *changes)


def _checkpoint(*changes):
    return edit(SLUG, "nb19-checkpoint", *changes)


_MASKED = 'masked_fill(~keep, float("-inf"))'
_DRAW = "torch.multinomial(probs, 1, generator=generator)"
_HALVES = "torch.cat([angles, angles], dim=-1)"
_RETURN_TABLES = "return full.cos(), full.sin()"
_ROTATED = "torch.cat([-x[..., half:], x[..., :half]], dim=-1)"
_ROTATION = "return x * cos[:T] + rotated * sin[:T]"
_LOAD_OPTIMIZER = '    optimizer.load_state_dict(payload["optimizer"])\n'
_SET_RNG = '    torch.set_rng_state(payload["rng"])\n'

WRONG_ANSWERS = {
    "nb19-mask-illegal": [
        ("[copia] la demo: pone −∞ en las legales en vez de en las demás", _mask(("masked_fill(~keep,", "masked_fill(keep,"))),
        ("[fijo] devuelve los logits sin tocar", _body("nb19-mask-illegal", "    return logits")),
        ("pone 0 en vez de −∞: la softmax aún les da probabilidad", _mask((_MASKED, "masked_fill(~keep, 0.0)"))),
        ("un número muy negativo en vez de −∞", _mask(('float("-inf")', "-1e9"))),
        ("cambia los logits en su sitio y los devuelve",
         _mask(("return logits." + _MASKED, 'logits[~keep] = float("-inf")\n    return logits'))),
        ("devuelve solo los logits de las legales", _body("nb19-mask-illegal", "    return logits[legal]")),
        ("confunde ids con posiciones de la lista: marca 0 … len(legal) − 1",
         _mask(("keep[legal] = True", "keep[: len(legal)] = True"))),
    ],
    "nb19-sample-move": [
        ("[fijo] juega siempre la voraz, sin sortear", _body("nb19-sample-move", "    return int(logits.argmax())")),
        ("multiplica por la temperatura en vez de dividir", _sample(("out = logits / temperature", "out = logits * temperature"))),
        ("olvida la temperatura al sortear", _sample(("out = logits / temperature", "out = logits"))),
        ("sortea con el generador global, no con el que recibe", _sample((_DRAW, "torch.multinomial(probs, 1)"))),
        ("top-k con > : se queda con k − 1", _sample(("out.masked_fill(out < threshold,", "out.masked_fill(out <= threshold,"))),
        ("top-k con las k más bajas", _sample(("out.topk(top_k).values[-1]", "out.topk(top_k, largest=False).values[-1]"))),
        ("divide las probabilidades, no los logits, por la temperatura", _sample(
            ("out = logits / temperature", "out = logits"),
            ("torch.softmax(out, dim=-1)", "torch.softmax(out, dim=-1) / temperature"))),
        ("devuelve el tensor de multinomial, no un int", _sample((f"return int({_DRAW})", f"return {_DRAW}"))),
        ("con temperatura 0 también sortea (divide entre 0)",
         _sample(("    if temperature == 0:\n        return int(logits.argmax())\n", ""))),
        ("ignora top_k", _sample(("    if top_k is not None:\n", "    if False:\n"))),
    ],
    "nb19-rope-tables": [
        ("[fijo] ángulo 0 en todas las posiciones: cos 1 y sin 0", _body("nb19-rope-tables", '''
    return torch.ones(seq_len, head_dim), torch.zeros(seq_len, head_dim)''')),
        ("parejas intercaladas (repeat_interleave) en vez de mitades repetidas",
         _tables((_HALVES, "angles.repeat_interleave(2, dim=-1)"))),
        ("exponente i/D en vez de 2i/D", _tables(
            ("torch.arange(0, head_dim, 2, dtype=torch.float32) / head_dim",
             "torch.arange(0, head_dim // 2, dtype=torch.float32) / head_dim"))),
        ("base elevado a +2i/D: frecuencias que crecen", _tables(("inv_freq = 1.0 / base ** (", "inv_freq = base ** ("))),
        ("posiciones desde 1", _tables(
            ("torch.arange(seq_len, dtype=torch.float32)", "torch.arange(1, seq_len + 1, dtype=torch.float32)"))),
        ("sin repetir las mitades: tablas de head_dim / 2 columnas", _tables((_HALVES, "angles"))),
        ("devuelve (sin, cos)", _tables((_RETURN_TABLES, "return full.sin(), full.cos()"))),
        ("tablas en float64", _tables((_RETURN_TABLES, "return full.double().cos(), full.double().sin()"))),
    ],
    "nb19-apply-rope": [
        ("[fijo] devuelve x sin girar", _body("nb19-apply-rope", "    return x")),
        ("gira al revés: (b, −a) en vez de (−b, a)", _rope((_ROTATED, "torch.cat([x[..., half:], -x[..., :half]], dim=-1)"))),
        ("parejas vecinas (2i, 2i + 1) en vez de mitades", _body("nb19-apply-rope", '''
    T = x.shape[-2]
    a, b = x[..., 0::2], x[..., 1::2]
    c, s = cos[:T, 0::2], sin[:T, 0::2]
    return torch.stack([a * c - b * s, b * c + a * s], dim=-1).flatten(-2)''')),
        ("usa las tablas enteras: solo funciona si L = T", _rope((_ROTATION, "return x * cos + rotated * sin"))),
        ("usa las últimas T filas de las tablas", _rope((_ROTATION, "return x * cos[-T:] + rotated * sin[-T:]"))),
        ("sin cruzar: multiplica x por cos y por sin", _rope(("x * cos[:T] + rotated * sin[:T]", "x * cos[:T] + x * sin[:T]"))),
        ("olvida el signo menos", _rope((_ROTATED, "torch.cat([x[..., half:], x[..., :half]], dim=-1)"))),
    ],
    "nb19-checkpoint": [
        ("[fijo] no guarda nada y resume devuelve 0", '''
def save_checkpoint(path, model, optimizer, step):
    pass


def resume(path, model, optimizer):
    return 0
'''),
        ("sin el estado del optimizador: AdamW empieza de cero", _checkpoint((_LOAD_OPTIMIZER, ""))),
        ("sin reponer el generador: el dropout y los lotes cambian", _checkpoint((_SET_RNG, ""))),
        ("sin guardar el generador ni el optimizador: solo el modelo y el paso", _checkpoint(
            ('"optimizer": optimizer.state_dict(),\n                "rng": torch.get_rng_state(), ', ""),
            (_LOAD_OPTIMIZER + _SET_RNG, ""))),
        ("vuelve a fijar la semilla con el paso en vez de reponer el estado",
         _checkpoint((_SET_RNG, '    torch.manual_seed(payload["step"])\n'))),
        ("resume devuelve el paso siguiente", _checkpoint(('return payload["step"]', 'return payload["step"] + 1'))),
        ("guarda el objeto modelo entero, no su state_dict", _checkpoint(
            ('"model": model.state_dict()', '"model": model'),
            ('model.load_state_dict(payload["model"])', 'model.load_state_dict(payload["model"].state_dict())'))),
        ("no repone el modelo: solo optimizador y generador", _checkpoint(('    model.load_state_dict(payload["model"])\n', ""))),
    ],
}
