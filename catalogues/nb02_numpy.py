"""Respuestas equivocadas plausibles de 02-numpy: {grade_id: [(motivo, celda), ...]}.

Una respuesta que es un cambio pequeño de la solución se escribe como ese cambio (``edit``, ``answers``:
la solución se lee del cuaderno del profesor); una que sigue otro camino, entera.

Las que empiezan por una etiqueta entre corchetes son las del alumno perezoso: [copia] pega una
línea que el cuaderno ya enseña, [global] usa una variable del cuaderno en vez del argumento,
[fijo] se ajusta al caso visible, [bucle] recorre los elementos con un for, [mensaje] prueba un
valor y lee el mensaje del test.
"""

from catalogues.edits import answers, edit

SLUG = "02-numpy"


def _shapes(**values):
    return answers(SLUG, "nb02-predict-shapes", **values)


def _counts(**values):
    return answers(SLUG, "nb02-predict-counts", **values)


WRONG_ANSWERS = {
    "nb02-predict-shapes": [
        ("confunde los ejes: cree que axis=0 deja un número por fila", _shapes(shape_a="(64,)", shape_c="(64,)")),
        ("olvida que keepdims conserva el eje reducido", _shapes(shape_b="(64,)")),
        ("escribe (200) sin coma: eso es un número, no una tupla", _shapes(shape_a="(200)", shape_c="(199)")),
        ("ignora el corte: cree que a[:, 1:] sigue teniendo 200 columnas", _shapes(shape_c="(200,)")),
        ("confunde los ejes solo en el corte: cree que axis=0 deja un número por partida", _shapes(shape_c="(64,)")),
        ("pone keepdims en el eje equivocado", _shapes(shape_b="(1, 200)")),
        ("[copia] copia las formas que imprime la sección 3 para el array x de forma (4, 5)",
         _shapes(shape_a="(5,)", shape_b="(4, 1)", shape_c="(5,)")),
        ("[mensaje] escribe la forma de a en las tres, a ver qué dice el test",
         _shapes(shape_a="(64, 200)", shape_b="(64, 200)", shape_c="(64, 200)")),
        ("[mensaje] deja un apartado sin escribir", _shapes(shape_b="...")),
    ],
    "nb02-predict-counts": [
        ("cree que `+=` también cuenta las parejas repetidas", _counts(naive_value="2", naive_total="5")),
        ("acierta la casilla pero cuenta las cinco parejas en el total", _counts(naive_total="5")),
        ("suma por columnas (axis=0) en vez de por filas", _counts(exact_rows="(1, 0, 4, 0)")),
        ("cree que la pareja repetida se anula y vale 0", _counts(naive_value="0", naive_total="2")),
        ("escribe exact_rows como un número: el total de todas las filas", _counts(exact_rows="5")),
        ("olvida la pareja (3, 0) al sumar la fila 3", _counts(exact_rows="(1, 1, 0, 2)")),
        ("[mensaje] prueba los números de la demostración del cuaderno (15 de 20)", _counts(naive_total="15")),
        ("[mensaje] escribe ceros a ver qué dice el test",
         _counts(naive_value="0", naive_total="0", exact_rows="(0, 0, 0, 0)")),
    ],
    "nb02-neighbour-probs": [
        ("[copia] pega el modelo de conteos del cuaderno: solo los vecinos de después", '''
import numpy as np

def neighbour_probs(counts):
    return counts / np.maximum(counts.sum(axis=1, keepdims=True), 1)
'''),
        ("solo los vecinos de antes: normaliza la traspuesta como el modelo de conteos", '''
import numpy as np

def neighbour_probs(counts):
    c = counts.T
    return c / np.maximum(c.sum(axis=1, keepdims=True), 1)
'''),
        ("promedia las dos distribuciones (después y antes) en vez de juntar los conteos", '''
import numpy as np

def neighbour_probs(counts):
    after = counts / np.maximum(counts.sum(axis=1, keepdims=True), 1)
    before = counts.T / np.maximum(counts.T.sum(axis=1, keepdims=True), 1)
    return (after + before) / 2
'''),
        ("cuenta una sola vez la pareja (a, a): resta la diagonal repetida",
         edit(SLUG, "nb02-neighbour-probs", ("both = counts + counts.T", "both = counts + counts.T - np.diag(np.diag(counts))"))),
        ("suma los conteos consigo mismos, sin trasponer",
         edit(SLUG, "nb02-neighbour-probs", ("both = counts + counts.T", "both = counts + counts"))),
        ("olvida keepdims: en una matriz cuadrada divide columnas sin dar error",
         edit(SLUG, "nb02-neighbour-probs", ("both.sum(axis=1, keepdims=True)", "both.sum(axis=1)"))),
        ("divide por los totales de las columnas", edit(SLUG, "nb02-neighbour-probs", ("axis=1", "axis=0"))),
        ("no trata los tokens sin vecinos: deja nan", '''
import numpy as np

def neighbour_probs(counts):
    both = counts + counts.T
    with np.errstate(invalid="ignore"):
        return both / both.sum(axis=1, keepdims=True)
'''),
        ("división entera: todo sale 0 o 1 y el tipo es int",
         edit(SLUG, "nb02-neighbour-probs", ("return both / np.maximum", "return both // np.maximum"))),
        ("devuelve float32 donde el enunciado pide float64",
         edit(SLUG, "nb02-neighbour-probs", ("return both / np.maximum(both.sum(axis=1, keepdims=True), 1)",
                                              "return (both / np.maximum(both.sum(axis=1, keepdims=True), 1)).astype(np.float32)"))),
        ("[global] devuelve la media de probs y su traspuesta, del cuaderno, en vez de usar el argumento", '''
def neighbour_probs(counts):
    return (probs + probs.T) / 2
'''),
        ("[fijo] devuelve la matriz esperada del test visible", '''
import numpy as np

def neighbour_probs(counts):
    return np.array([[2 / 7, 2 / 7, 3 / 7, 0.0], [1.0, 0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]])
'''),
        ("[bucle] recorre las parejas con dos for", '''
import numpy as np

def neighbour_probs(counts):
    V = counts.shape[0]
    out = np.zeros((V, V))
    for a in range(V):
        for b in range(V):
            out[a, b] += counts[a, b]
            out[b, a] += counts[a, b]
    return out / np.maximum(out.sum(axis=1, keepdims=True), 1)
'''),
        ("[copia] llama a probs_with_loops, la función de la celda de %timeit, con la suma: bucles prestados",
         edit(SLUG, "nb02-neighbour-probs",
              ("return both / np.maximum(both.sum(axis=1, keepdims=True), 1)", "return probs_with_loops(both)"))),
    ],
    "nb02-played-probs": [
        ("[copia] aplana como en la sección 4: devuelve B·(L-1) números en vez de una tabla (B, L-1)", '''
def played_probs(probs, ids):
    current = ids[:, :-1].ravel()
    following = ids[:, 1:].ravel()
    return probs[current, following]
'''),
        ("[global] usa las x e y de las partidas de juguete en vez del lote recibido",
         edit(SLUG, "nb02-played-probs", ("return probs[ids[:, :-1], ids[:, 1:]]", "return probs[x, y]"))),
        ("[copia] pega la celda de la sección 6 con sus parejas de ejemplo",
         edit(SLUG,
              "nb02-played-probs",
              ("return probs[ids[:, :-1], ids[:, 1:]]", "return probs[pair_current, pair_next]"))),
        ("indexa en dos veces: sale una tabla con todas las combinaciones",
         edit(SLUG,
              "nb02-played-probs",
              ("return probs[ids[:, :-1], ids[:, 1:]]", "return probs[ids[:, :-1]][:, ids[:, 1:]]"))),
        ("cambia el orden de los índices: fila siguiente, columna actual",
         edit(SLUG,
              "nb02-played-probs",
              ("return probs[ids[:, :-1], ids[:, 1:]]", "return probs[ids[:, 1:], ids[:, :-1]]"))),
        ("corta las filas en vez de las columnas: desplaza partidas, no posiciones",
         edit(SLUG, "nb02-played-probs", ("return probs[ids[:, :-1], ids[:, 1:]]", "return probs[ids[:-1], ids[1:]]"))),
        ("usa el mismo corte dos veces: la probabilidad de repetir el token actual",
         edit(SLUG,
              "nb02-played-probs",
              ("return probs[ids[:, :-1], ids[:, 1:]]", "return probs[ids[:, :-1], ids[:, :-1]]"))),
        ("[bucle] recorre partidas y posiciones con dos for", '''
import numpy as np

def played_probs(probs, ids):
    B, L = ids.shape
    out = np.zeros((B, L - 1))
    for b in range(B):
        for t in range(L - 1):
            out[b, t] = probs[ids[b, t], ids[b, t + 1]]
    return out
'''),
        ("[fijo] devuelve la tabla esperada del test visible", '''
import numpy as np

def played_probs(probs, ids):
    return np.array([[0.5, 0.7, 1.0], [0.5, 1.0, 0.0]])
'''),
    ],
    "nb02-by-frequency": [
        ("[copia] Counter y sorted, escondidos en una función auxiliar que el código de la función no enseña", '''
import numpy as np
from collections import Counter

def _order(ids):
    return np.array([k for k, _ in Counter(sorted(ids.ravel().tolist())).most_common()], dtype=np.int64)

def by_frequency(ids, V):
    return _order(ids)
'''),
        ("[copia] cuenta y ordena como la demostración, pero no quita los ids que no aparecen", '''
import numpy as np

def by_frequency(ids, V):
    counts = np.zeros(V, dtype=np.int64)
    np.add.at(counts, ids.ravel(), 1)
    return np.argsort(-counts, kind="stable")
'''),
        ("cuenta con `+=`: cada id presente vale 1 y el orden sale por id",
         edit(SLUG, "nb02-by-frequency", ("np.add.at(counts, ids.ravel(), 1)", "counts[ids.ravel()] += 1"))),
        ("da la vuelta al orden creciente con [::-1]: los empates salen con el id mayor primero",
         edit(SLUG,
              "nb02-by-frequency",
              ('order = np.argsort(-counts, kind="stable")', 'order = np.argsort(counts, kind="stable")[::-1]'))),
        ("olvida kind='stable': los empates salen en cualquier orden",
         edit(SLUG,
              "nb02-by-frequency",
              ('order = np.argsort(-counts, kind="stable")', "order = np.argsort(-counts)"))),
        ("ordena de menos a más frecuente",
         edit(SLUG,
              "nb02-by-frequency",
              ('order = np.argsort(-counts, kind="stable")', 'order = np.argsort(counts, kind="stable")'))),
        ("devuelve los conteos ordenados en vez de los ids", '''
import numpy as np

def by_frequency(ids, V):
    counts = np.zeros(V, dtype=np.int64)
    np.add.at(counts, ids.ravel(), 1)
    ordered = -np.sort(-counts)
    return ordered[ordered > 0]
'''),
        ("devuelve los ids distintos ordenados por id, sin mirar cuántas veces aparecen", '''
import numpy as np

def by_frequency(ids, V):
    return np.unique(ids)
'''),
        ("olvida aplanar: np.bincount solo acepta arrays de una dimensión", '''
import numpy as np

def by_frequency(ids, V):
    counts = np.bincount(ids, minlength=V)
    order = np.argsort(-counts, kind="stable")
    return order[counts[order] > 0]
'''),
        ("[global] crea los conteos con el tamaño del vocabulario de juguete (14), no con V",
         edit(SLUG,
              "nb02-by-frequency",
              ("counts = np.zeros(V, dtype=np.int64)", "counts = np.zeros(len(vocab), dtype=np.int64)"))),
        ("cuenta con el Counter del cuaderno 01 y ordena con sorted: sin bucles a la vista, pero sin NumPy", '''
import numpy as np
from collections import Counter

def by_frequency(ids, V):
    seen = Counter(ids.ravel().tolist())
    return np.array(sorted(seen, key=lambda i: (-seen[i], i)))
'''),
        ("usa most_common del cuaderno 01: a igual número de apariciones deja el orden de aparición, no el del id", '''
import numpy as np
from collections import Counter

def by_frequency(ids, V):
    ordered = Counter(ids.ravel().tolist()).most_common()
    return np.array(list(dict(ordered)))
'''),
        ("[bucle] cuenta con un for sobre los ids",
         edit(SLUG,
              "nb02-by-frequency",
              ("    np.add.at(counts, ids.ravel(), 1)", "    for i in ids.ravel():\n        counts[i] += 1"))),
        ("[fijo] devuelve los resultados de los dos casos visibles escritos tal cual", '''
import numpy as np

def by_frequency(ids, V):
    if ids.size == 2:
        return np.array([3])
    return np.array([5, 1, 2, 9])
'''),
    ],
}
