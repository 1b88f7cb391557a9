"""Cinco soluciones independientes de 09-autograd (ver ``catalogues/independent``)."""

SETS = [
    {  # 1: lo que enseña el cuaderno, casi tal cual
        "nb09-newton-step": """
x = xs.clone().requires_grad_()
fx = f(x)
fx.sum().backward()
return (x - fx / x.grad).detach()
""",
        "nb09-finite-diff": """
n = len(w)
grad = torch.zeros(n, dtype=torch.float64)
for i in range(n):
    step = torch.zeros(n, dtype=torch.float64)
    step[i] = h
    grad[i] = (f(w + step) - f(w - step)) / (2 * h)
return grad
""",
        "nb09-cubic-step": """
a, b, c, d = coeffs
pred = a + b * x + c * x ** 2 + d * x ** 3
loss = ((pred - y) ** 2).mean()
loss.backward()
with torch.no_grad():
    coeffs -= lr * coeffs.grad
coeffs.grad = None
return loss.item()
""",
    },
    {  # 2: torch.no_grad para el resultado; copias con clone; potencias apiladas
        "nb09-newton-step": """
points = xs.detach().clone()
points.requires_grad_(True)
values = f(points)
values.sum().backward()
slope = points.grad
with torch.no_grad():
    new = points - values / slope
return new
""",
        "nb09-finite-diff": """
result = []
for i in range(w.shape[0]):
    up = w.clone()
    down = w.clone()
    up[i] += h
    down[i] -= h
    result.append((f(up) - f(down)) / (2 * h))
return torch.stack(result)
""",
        "nb09-cubic-step": """
powers = torch.stack([x ** k for k in range(4)], dim=1)
fit = powers @ coeffs
mse = ((fit - y) ** 2).mean()
mse.backward()
with torch.no_grad():
    coeffs -= lr * coeffs.grad
coeffs.grad = None
return mse.item()
""",
    },
    {  # 3: detach de cada pieza; valores de Python; Horner
        "nb09-newton-step": """
t = xs.clone()
t.requires_grad_()
y = f(t)
total = y.sum()
total.backward()
return xs - y.detach() / t.grad
""",
        "nb09-finite-diff": """
values = []
for i, wi in enumerate(w.tolist()):
    plus = w.clone()
    plus[i] = wi + h
    minus = w.clone()
    minus[i] = wi - h
    values.append(((f(plus) - f(minus)) / (2 * h)).item())
return torch.tensor(values, dtype=torch.float64)
""",
        "nb09-cubic-step": """
c0, c1, c2, c3 = coeffs[0], coeffs[1], coeffs[2], coeffs[3]
approx = ((c3 * x + c2) * x + c1) * x + c0
err = approx - y
loss = (err * err).sum() / len(x)
before = loss.item()
loss.backward()
with torch.no_grad():
    coeffs -= lr * coeffs.grad
    coeffs.grad = None
return before
""",
    },
    {  # 4: el optimizador SGD de la sección 4; vectores de la base con arange
        "nb09-newton-step": """
start = xs.detach().clone()
start.requires_grad = True
out = f(start)
out.sum().backward()
derivative = start.grad.detach()
step = out.detach() / derivative
return start.detach() - step
""",
        "nb09-finite-diff": """
N = w.numel()
out = torch.zeros(N, dtype=w.dtype)
for i in range(N):
    e = (torch.arange(N) == i).to(w.dtype) * h
    out[i] = (f(w + e) - f(w - e)) / (2 * h)
return out
""",
        "nb09-cubic-step": """
opt = torch.optim.SGD([coeffs], lr=lr)
opt.zero_grad()
cubic = coeffs[0] + coeffs[1] * x + coeffs[2] * x ** 2 + coeffs[3] * x ** 3
loss = torch.mean((cubic - y) ** 2)
loss.backward()
opt.step()
opt.zero_grad()
return loss.item()
""",
    },
    {  # 5: una función auxiliar, un while y la cúbica término a término
        "nb09-newton-step": """
def value_and_slope(points):
    p = points.clone().requires_grad_(True)
    v = f(p)
    v.sum().backward()
    return v.detach(), p.grad

fx, dfx = value_and_slope(xs)
return xs - fx / dfx
""",
        "nb09-finite-diff": """
size = len(w)
slopes = w.clone() * 0
i = 0
while i < size:
    nudge = torch.zeros(size, dtype=torch.float64)
    nudge[i] = h
    ahead = f(w + nudge)
    behind = f(w - nudge)
    slopes[i] = (ahead - behind) / (2 * h)
    i += 1
return slopes
""",
        "nb09-cubic-step": """
prediction = x * 0
for power in range(4):
    prediction = prediction + coeffs[power] * x ** power
residual = prediction - y
loss = (residual ** 2).mean()
value = loss.item()
loss.backward()
with torch.no_grad():
    coeffs -= lr * coeffs.grad
coeffs.grad = None
return value
""",
    },
]
