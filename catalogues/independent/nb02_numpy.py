"""Cinco soluciones independientes de 02-numpy (ver ``catalogues/independent``).

Solo con lo que enseña el cuaderno hasta cada ejercicio: cortes por eje, ``sum(axis=..., keepdims=True)``,
``.T``, índices y máscaras, ``np.add.at``, ``np.maximum``, ``np.errstate``, ``np.isnan``, ``astype``
y ``np.argsort(..., kind="stable")``; sin bucles donde el enunciado los prohíbe.
"""

SETS = [
    {  # 1: lo natural
        "nb02-neighbour-probs": """
both = counts + counts.T
return both / np.maximum(both.sum(axis=1, keepdims=True), 1)
""",
        "nb02-played-probs": """
return probs[ids[:, :-1], ids[:, 1:]]
""",
        "nb02-by-frequency": """
counts = np.zeros(V, dtype=np.int64)
np.add.at(counts, ids.ravel(), 1)
order = np.argsort(-counts, kind="stable")
return order[counts[order] > 0]
""",
    },
    {  # 2: un nombre para cada paso
        "nb02-neighbour-probs": """
neighbours = counts.T + counts
totals = neighbours.sum(axis=1, keepdims=True)
totals = np.maximum(totals, 1)
return neighbours / totals
""",
        "nb02-played-probs": """
current = ids[:, :-1]
following = ids[:, 1:]
return probs[current, following]
""",
        "nb02-by-frequency": """
flat = ids.ravel()
freq = np.zeros(V, dtype=np.int64)
np.add.at(freq, flat, 1)
ranking = np.argsort(-freq, kind="stable")
present = freq[ranking] != 0
return ranking[present]
""",
    },
    {  # 3: dividir sin más y arreglar los nan; trasponer el lote; cortar por cuántos hay
        "nb02-neighbour-probs": """
sym = counts + counts.T
with np.errstate(invalid="ignore"):
    out = sym / sym.sum(axis=1, keepdims=True)
out[np.isnan(out)] = 0.0
return out
""",
        "nb02-played-probs": """
by_position = ids.T
return probs[by_position[:-1], by_position[1:]].T
""",
        "nb02-by-frequency": """
tally = np.zeros(V, dtype=np.int64)
np.add.at(tally, ids.ravel(), 1)
n_present = (tally > 0).sum()
return np.argsort(-tally, kind="stable")[:n_present]
""",
    },
    {  # 4: en coma flotante desde el principio; los ids sin aplanar
        "nb02-neighbour-probs": """
after = counts.astype(np.float64)
before = after.T
total = after + before
return total / np.maximum(total.sum(axis=1, keepdims=True), 1.0)
""",
        "nb02-played-probs": """
B, L = ids.shape
prev_tok = ids[:, 0:L - 1]
next_tok = ids[:, 1:L]
result = probs[prev_tok, next_tok]
return result.astype(np.float64)
""",
        "nb02-by-frequency": """
hits = np.zeros(V)
np.add.at(hits, ids, 1)
idx = np.argsort(-hits, kind="stable")
keep = hits[idx] > 0
return idx[keep]
""",
    },
    {  # 5: los totales a 1 con una máscara
        "nb02-neighbour-probs": """
n = counts + counts.T
rows = n.sum(axis=1, keepdims=True)
rows[rows == 0] = 1
return n / rows
""",
        "nb02-played-probs": """
actual, nxt = ids[:, :-1], ids[:, 1:]
p = probs[actual, nxt]
return p
""",
        "nb02-by-frequency": """
seen = np.zeros(V, dtype=np.int64)
np.add.at(seen, ids.ravel(), 1)
order = np.argsort(-seen, kind="stable")
sorted_counts = seen[order]
mask = sorted_counts > 0
result = order[mask]
return result
""",
    },
]
