"""Respuestas equivocadas plausibles de 09-autograd: {grade_id: [(motivo, celda completa), ...]}.

Las que son un cambio pequeño de la solución se escriben con ``edit`` (la solución, leída del
cuaderno del profesor, con ese cambio); las que siguen otro camino, enteras.
"""

from catalogues.edits import edit

SLUG = "09-autograd"


def _sgd(*changes):
    return edit(SLUG, "nb09-predict-sgd", *changes)


def _newton(*changes):
    return edit(SLUG, "nb09-newton-step", *changes)


def _rows(*changes):
    return edit(SLUG, "nb09-predict-rows", *changes)


def _cubic(*changes):
    return edit(SLUG, "nb09-cubic-step", *changes)


def _finite(*changes):
    return edit(SLUG, "nb09-finite-diff", *changes)


_QUOTIENT = "(f(w + nudge) - f(w - nudge)) / (2 * h)"
_UPDATE = "coeffs -= lr * coeffs.grad"
_RETURN = "return loss.item()"
_NEWTON_RETURN = "return (x - y / x.grad).detach()"

WRONG_ANSWERS = {
    "nb09-predict-sgd": [
        ("[mensaje] cree que backward() sobrescribe el gradiente en vez de sumarlo", '''
grad_after_two = -54.0
w_after_step = 1.54
grad_fresh = -44.28
'''),
        ("cree que zero_grad() no borra: el gradiente nuevo se suma al viejo",
         _sgd(("grad_fresh = -34.56", "grad_fresh = -142.56"))),
        ("da el paso a favor del gradiente, no en contra",
         _sgd(("w_after_step = 2.08", "w_after_step = -0.08"), ("grad_fresh = -34.56", "grad_fresh = -73.44"))),
        ("calcula el gradiente nuevo en el w de partida, no en el de después del paso",
         _sgd(("grad_fresh = -34.56", "grad_fresh = -54.0"))),
        ("olvida el factor 3 de la regla de la cadena", '''
grad_after_two = -36.0
w_after_step = 1.36
grad_fresh = -15.84
'''),
        ("[copia] copia los números de la demo, que parte de w = 2", '''
grad_after_two = -72.0
w_after_step = 2.36
grad_fresh = -36.0
'''),
        ("[mensaje] escribe el gradiente como texto",
         _sgd(("grad_after_two = -108.0", 'grad_after_two = "-108"'))),
    ],
    "nb09-newton-step": [
        ("[copia] pega la demo de la suma (c37): devuelve las derivadas, no el punto nuevo", '''
def newton_step(f, xs):
    x = xs.detach().clone().requires_grad_(True)
    f(x).sum().backward()
    return x.grad
'''),
        ("[copia] la demo de un solo punto: backward() sobre un vector falla", '''
def newton_step(f, xs):
    x = xs.clone().requires_grad_(True)
    y = f(x)
    y.backward()
    return (x - y / x.grad).detach()
'''),
        ("devuelve la cuenta con su historial: el resultado pide gradiente", _newton((_NEWTON_RETURN, "return x - y / x.grad"))),
        ("da el paso al revés: x + f / f'", _newton((_NEWTON_RETURN, "return (x + y / x.grad).detach()"))),
        ("divide al revés: x − f' / f", _newton((_NEWTON_RETURN, "return (x - x.grad / y).detach()"))),
        ("devuelve solo el cociente f / f', sin restarlo de x", _newton((_NEWTON_RETURN, "return (y / x.grad).detach()"))),
        ("usa la media en vez de la suma: cada derivada sale dividida entre N", _newton((".sum()", ".mean()"))),
        ("marca el xs de quien llama con requires_grad_: lo cambia y acumula gradiente entre llamadas", '''
def newton_step(f, xs):
    xs.requires_grad_(True)
    y = f(xs)
    y.sum().backward()
    return (xs - y / xs.grad).detach()
'''),
        ("[bucle] una retropropagación por punto, recorriendo xs", '''
def newton_step(f, xs):
    out = torch.empty_like(xs)
    for i in range(len(xs)):
        w = torch.tensor(float(xs[i]), requires_grad=True)
        y = f(w)
        y.backward()
        out[i] = (w - y / w.grad).detach()
    return out
'''),
        ("[fijo] escribe a mano el paso de la función del ejemplo visible, t² − 2", '''
def newton_step(f, xs):
    return xs - (xs ** 2 - 2) / (2 * xs)
'''),
        ("[fijo] devuelve los tres puntos del primer caso visible, escritos tal cual", '''
def newton_step(f, xs):
    return torch.tensor([1.5, 1.5, -1.5])
'''),
        ("[global] da el paso desde el w de la demo en vez de desde xs", _newton(("xs.detach()", "w.detach()"))),
    ],
    "nb09-finite-diff": [
        ("diferencias hacia delante, (f(w + h) − f(w)) / h, en vez de centradas",
         _finite((_QUOTIENT, "(f(w + nudge) - f(w)) / h"))),
        ("divide entre h en vez de entre 2h", _finite(("/ (2 * h)", "/ h"))),
        ("escribe / 2 * h sin paréntesis: divide entre 2 y multiplica por h", _finite(("/ (2 * h)", "/ 2 * h"))),
        ("resta al revés: f(w − h) − f(w + h)", _finite((_QUOTIENT, "(f(w - nudge) - f(w + nudge)) / (2 * h)"))),
        ("mueve todos los números a la vez en vez de uno cada vez", _finite(("nudge[i] = h", "nudge += h"))),
        ("crea el resultado con torch.zeros sin dtype: sale float32",
         _finite(("grad = torch.zeros(len(w), dtype=torch.float64)", "grad = torch.zeros(len(w))"))),
        ("devuelve una lista de Python en vez de un tensor",
         _finite(("grad = torch.zeros(len(w), dtype=torch.float64)", "grad = [0.0] * len(w)"))),
        ("usa autograd, que es justo lo que el ejercicio quiere comprobar", '''
def finite_diff_grad(f, w, h):
    x = w.detach().clone().requires_grad_(True)
    f(x).backward()
    return x.grad
'''),
        ("mueve w en su sitio y no lo deja como estaba", '''
def finite_diff_grad(f, w, h):
    grad = torch.zeros(len(w), dtype=torch.float64)
    for i in range(len(w)):
        w[i] += h
        up = f(w)
        w[i] -= 2 * h
        down = f(w)
        grad[i] = (up - down) / (2 * h)
    return grad
'''),
        ("[copia] copia la demo: solo mueve w[1], con un empujón de dos números", '''
def finite_diff_grad(f, w, h):
    nudge = torch.tensor([0.0, h], dtype=torch.float64)
    return (f(w + nudge) - f(w - nudge)) / (2 * h)
'''),
        ("[global] usa el h = 1e-6 de la demo en vez del que recibe",
         _finite(("def finite_diff_grad(f, w, h):", "def finite_diff_grad(f, w, step):"))),
        ("[fijo] devuelve el gradiente del primer caso visible", '''
def finite_diff_grad(f, w, h):
    return torch.tensor([8.0, -1.0, 2.0], dtype=torch.float64)
'''),
    ],
    "nb09-predict-rows": [
        ("[mensaje] olvida el factor 3 de la pérdida",
         _rows(("(6, 0, 9, 0, 3, 0)", "(2, 0, 3, 0, 1, 0)"))),
        ("cuenta una vez cada fila usada, sin sumar sus apariciones",
         _rows(("(6, 0, 9, 0, 3, 0)", "(3, 0, 3, 0, 3, 0)"))),
        ("cree que AdamW solo mueve las filas con gradiente",
         _rows(("moved_adamw = 6", "moved_adamw = 3"))),
        ("cree que SGD también mueve las filas sin gradiente",
         _rows(("moved_sgd = 3", "moved_sgd = 6"))),
        ("cuenta las apariciones solo de la primera partida del lote", '''
grad_first_col = (3, 0, 6, 0, 0, 0)
moved_sgd = 2
moved_adamw = 6
'''),
        ("[copia] copia los gradientes y las filas de la demo (tabla de 5 filas, ids 1, 3, 3)", '''
grad_first_col = (0, 1, 0, 2, 0, 0)
moved_sgd = 2
moved_adamw = 5
'''),
    ],
    "nb09-cubic-step": [
        ("[copia] copia el paso a mano de la demo sin calcular antes la pérdida ni el gradiente", '''
def cubic_step(coeffs, x, y, lr):
    with torch.no_grad():
        coeffs -= lr * coeffs.grad
    coeffs.grad = None
'''),
        ("actualiza sin torch.no_grad(): la resta en su sitio sobre una hoja falla",
         _cubic((f"    with torch.no_grad():\n        {_UPDATE}", f"    {_UPDATE}"))),
        ("reasigna la variable local: el tensor de quien llama no cambia",
         _cubic((_UPDATE, "coeffs = coeffs - lr * coeffs.grad"))),
        ("suma los errores en vez de promediarlos: el paso es N veces más grande",
         _cubic((".mean()", ".sum()"))),
        ("no borra el gradiente: el paso siguiente arrastra el de este",
         _cubic(("    coeffs.grad = None\n", ""))),
        ("borra el gradiente al principio y no al final: queda el de este paso",
         _cubic(("    coeffs.grad = None\n", ""), ("    a, b, c, d = coeffs", "    coeffs.grad = None\n    a, b, c, d = coeffs"))),
        ("da el paso a favor del gradiente: la pérdida sube",
         _cubic(("coeffs -= lr", "coeffs += lr"))),
        ("devuelve la pérdida de después del paso",
         _cubic((_UPDATE, _UPDATE + "\n        after = ((coeffs[0] + coeffs[1] * x + coeffs[2] * x**2 + coeffs[3] * x**3 - y) ** 2).mean()"),
                (_RETURN, "return after.item()"))),
        ("devuelve el tensor de la pérdida, no un float",
         _cubic((_RETURN, "return loss"))),
        ("lee los coeficientes al revés: d + c·x + b·x² + a·x³",
         _cubic(("a, b, c, d = coeffs", "d, c, b, a = coeffs"))),
        ("escribe el gradiente del error cuadrático medio a mano, sin autograd", '''
def cubic_step(coeffs, x, y, lr):
    powers = torch.stack([x ** 0, x, x ** 2, x ** 3], dim=1)
    with torch.no_grad():
        residual = powers @ coeffs - y
        loss = (residual ** 2).mean()
        coeffs -= lr * 2 * powers.T @ residual / len(x)
    coeffs.grad = None
    return loss.item()
'''),
        ("[global] usa los 2000 puntos del cuaderno (x, y globales) en vez de los datos que recibe",
         _cubic(("def cubic_step(coeffs, x, y, lr):", "def cubic_step(coeffs, xs, ys, lr):"))),
        ("[fijo] escribe los coeficientes y la pérdida del ejemplo visible", '''
def cubic_step(coeffs, x, y, lr):
    with torch.no_grad():
        coeffs.copy_(torch.tensor([-0.3, 0.5, -0.9, -1.7]))
    return 2.5
'''),
        ("[mensaje] da bien el paso pero devuelve el 2.5 que pedía el mensaje, no la pérdida que calcula",
         _cubic((_RETURN, "return 2.5"))),
    ],
}
