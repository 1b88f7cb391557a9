"""Una clase de prueba para el informe de parecidos (11-bucle, 17-partidas-a-lotes y 18-decoder), escrita a
mano y apartada: nada de ella se usó para elegir los umbrales (eso se hizo con ``catalogues/independent``).

- ``ana`` y ``bea`` pegan la solución publicada, cada una a su manera: nombres cambiados, líneas
  reordenadas donde no importa el orden, comentarios y otro formato;
- ``hugo`` e ``ines`` entregan el mismo trabajo (el de ``hugo``, que no es la solución publicada);
  ``ines`` le cambia los nombres, lo reformatea y le pone comentarios;
- ``carla``, ``dani`` y ``eva`` lo resuelven cada una con su idea, sin mirarse;
- ``gus`` entrega la versión de alumno sin tocar.

En 17 y 18 (``copies_class_late``) solo ``ana`` pega la solución publicada; ``bea`` no entrega.
"""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

import nbformat

import copies_class_late as late

from course_tools.grading.disguise import renamed
from course_tools.grading.evidence import INDEPENDENT_DIR, learners_file
from course_tools.layout.course import RELEASE, SOURCE, SUBMITTED, Course

SLUG = "11-bucle"
SLUGS = (SLUG, "17-partidas-a-lotes", "18-decoder")
COPIERS, SHARERS, INDEPENDENT_NAMES, BLANK = ("ana", "bea"), ("hugo", "ines"), ("carla", "dani", "eva"), "gus"


def fill(release_source: str, body: str) -> str:
    """La celda de la versión de alumno con ``body`` en lugar del hueco, con la sangría del hueco."""
    out = []
    for line in release_source.split("\n"):
        if "ESCRIBE AQUÍ" in line:
            continue
        if "raise NotImplementedError" in line:
            indent = line[: len(line) - len(line.lstrip())]
            out.extend(indent + part if part else part for part in body.strip("\n").split("\n"))
            continue
        out.append(line)
    return "\n".join(out)


INDEPENDENT = [
    {  # carla: bucles y listas
 "nb11-make-xy": """
count = (stream.shape[0] - 1) // T
xs = [stream[i * T:(i + 1) * T] for i in range(count)]
ys = [stream[i * T + 1:(i + 1) * T + 1] for i in range(count)]
return torch.stack(xs), torch.stack(ys)
""",
 "nb11-accumulated-step": """
opt.zero_grad()
chunks_x = x.chunk(n_micro)
chunks_y = y.chunk(n_micro)
losses = []
for cx, cy in zip(chunks_x, chunks_y):
    out = model(cx)
    part = F.cross_entropy(out.view(-1, out.size(-1)), cy.view(-1)) / n_micro
    part.backward()
    losses.append(part.item())
opt.step()
return sum(losses)
""",
 "nb11-data-floor": """
import math
xs, ys = x.flatten().tolist(), y.flatten().tolist()
table = {}
for a, b in zip(xs, ys):
    table.setdefault(a, {}).setdefault(b, 0)
    table[a][b] += 1
h = 0.0
for a, row in table.items():
    n = sum(row.values())
    for c in row.values():
        h -= c * math.log(c / n)
return h / len(xs)
""",
 },
 {  # dani: unfold y unique
 "nb11-make-xy": """
windows = stream.unfold(0, T + 1, T)
if windows.shape[0] * T + 1 > len(stream):
    windows = windows[:-1]
return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
""",
 "nb11-accumulated-step": """
B = len(x)
step = B // n_micro
opt.zero_grad()
running = 0.0
i = 0
while i < B:
    logits = model(x[i:i + step])
    V = logits.shape[-1]
    l = F.cross_entropy(logits.flatten(0, 1), y[i:i + step].flatten())
    running = running + l.item() * step / B
    (l * step / B).backward()
    i += step
opt.step()
return running
""",
 "nb11-data-floor": """
pairs = torch.stack([x.reshape(-1), y.reshape(-1)], dim=1)
uniq, counts = torch.unique(pairs, dim=0, return_counts=True)
firsts, first_counts = torch.unique(pairs[:, 0], return_counts=True)
lookup = dict(zip(firsts.tolist(), first_counts.tolist()))
denom = torch.tensor([lookup[a] for a in uniq[:, 0].tolist()], dtype=torch.float64)
p = counts.double() / denom
return float(-(counts.double() * p.log()).sum() / pairs.shape[0])
""",
 },
 {  # eva: aritmética y diccionarios
 "nb11-make-xy": """
usable = ((len(stream) - 1) // T) * T
inputs = stream[:usable]
targets = stream[1:usable + 1]
return inputs.view(-1, T), targets.view(-1, T)
""",
 "nb11-accumulated-step": """
opt.zero_grad()
result = 0.0
for k in range(n_micro):
    rows = slice(k * (len(x) // n_micro), (k + 1) * (len(x) // n_micro))
    predicted = model(x[rows])
    mean_loss = F.cross_entropy(predicted.transpose(1, 2), y[rows])
    mean_loss.div(n_micro).backward()
    result += mean_loss.item() / n_micro
opt.step()
return result
""",
 "nb11-data-floor": """
from collections import defaultdict
import math
after = defaultdict(lambda: defaultdict(int))
total = 0
for cur, nxt in zip(x.view(-1).tolist(), y.view(-1).tolist()):
    after[cur][nxt] += 1
    total += 1
entropy = 0.0
for cur, followers in after.items():
    seen = sum(followers.values())
    entropy += sum(-n / total * math.log(n / seen) for n in followers.values())
return entropy
""",
 },
]

# La solución publicada que pega ana: nombres cambiados, líneas reordenadas, comentarios.
ANA = {
 "nb11-make-xy": """
# cuántas ventanas caben
how_many = (len(stream) - 1) // T
# la entrada
inp = stream[: how_many * T].reshape(how_many, T)
out = stream[1 : how_many * T + 1].reshape(how_many, T)  # la salida, corrida uno
return inp, out
""",
 "nb11-accumulated-step": """
opt.zero_grad()
chunk = x.shape[0] // n_micro   # tamaño de cada trozo
acc = 0.0
for begin in range(0, x.shape[0], chunk):
    # una pasada por trozo
    out = model(x[begin : begin + chunk])
    l = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[begin : begin + chunk].reshape(-1))
    (l / n_micro).backward()
    acc += l.item()
opt.step()
return acc / n_micro
""",
 "nb11-data-floor": """
from collections import Counter
import math

both = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
first = Counter(a for a, _ in both)   # cuántas veces cada actual
joint = Counter(both)
h = 0.0
for a, b in both:
    h -= math.log(joint[(a, b)] / first[a])
return h / len(both)
""",
}


# La solución publicada que pega bea: otros nombres, todo en menos líneas y con su propio formato.
BEA = {
    "nb11-make-xy": """
n = (len(stream)-1)//T   # ventanas completas
return stream[:n*T].reshape(n,T), stream[1:n*T+1].reshape(n,T)
""",
    "nb11-accumulated-step": """
piece = x.shape[0] // n_micro
opt.zero_grad()
s = 0.0
for i in range(0, x.shape[0], piece):
    lg = model(x[i : i + piece])
    ls = F.cross_entropy(lg.reshape(-1, lg.shape[-1]), y[i : i + piece].reshape(-1))   # media del trozo
    (ls / n_micro).backward()
    s += ls.item()
opt.step()
return s / n_micro
""",
    "nb11-data-floor": """
import math
from collections import Counter
# pares (actual, siguiente)
seq = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
pc = Counter(seq)
cc = Counter(a for a, _ in seq)
t = 0.0
for a, b in seq:
    t -= math.log(pc[(a, b)] / cc[a])
return t / len(seq)
""",
}

# El trabajo de hugo (no es la solución publicada); ines entrega una copia reformateada y comentada.
HUGO = {
    "nb11-make-xy": """
last = len(stream) - 1 - (len(stream) - 1) % T
grid_x = torch.stack(list(stream[:last].split(T)))
grid_y = torch.stack(list(stream[1:last + 1].split(T)))
return grid_x, grid_y
""",
    "nb11-accumulated-step": """
opt.zero_grad()
seen = []
for piece_x, piece_y in zip(torch.tensor_split(x, n_micro), torch.tensor_split(y, n_micro)):
    scores = model(piece_x)
    piece_loss = F.nll_loss(F.log_softmax(scores, dim=-1).permute(0, 2, 1), piece_y)
    piece_loss.mul(1 / n_micro).backward()
    seen.append(float(piece_loss))
opt.step()
return sum(seen) / len(seen)
""",
    "nb11-data-floor": """
keys = (x.reshape(-1) * 100_000 + y.reshape(-1)).tolist()
firsts = x.reshape(-1).tolist()
joint, single = {}, {}
for key, first in zip(keys, firsts):
    joint[key] = joint.get(key, 0) + 1
    single[first] = single.get(first, 0) + 1
total = 0.0
for key, first in zip(keys, firsts):
    total += -torch.log(torch.tensor(joint[key] / single[first])).item()
return total / len(keys)
""",
}


def reformatted(code: str) -> str:
    """El mismo código con otro formato y un comentario por línea: lo que hace quien copia y disimula."""
    lines = []
    for line in code.strip("\n").split("\n"):
        lines.append(line.replace(" = ", "=").replace(", ", ",").replace(" + ", "+") + "  # paso")
    return "\n".join(lines)


def renamed_and_commented(code: str) -> str:
    return reformatted(renamed(code.strip("\n"), "_mio"))


INES = {gid: renamed_and_commented(code) for gid, code in HUGO.items()}
LATE_INES = {gid: renamed_and_commented(code) for gid, code in late.HUGO.items()}
WORK = {"ana": {**ANA, **late.ANA}, "bea": BEA, "hugo": {**HUGO, **late.HUGO}, "ines": {**INES, **LATE_INES},
        "gus": {}, "carla": {**INDEPENDENT[0], **late.CARLA}, "dani": {**INDEPENDENT[1], **late.DANI},
        "eva": {**INDEPENDENT[2], **late.EVA}}
SUBMITS = {slug: set(WORK) - ({"bea"} if slug != SLUG else set()) for slug in SLUGS}


# Otra clase como esta, con los papeles cambiados: dani pega la solución disfrazada, zoe entrega el trabajo de
# carla renombrado y comentado (el de carla tiene respuestas cortas escritas como la solución), y eva, hugo y
# ines (ines ya no copia) trabajan por separado.
SHUFFLED = {"dani": WORK["ana"], "carla": WORK["carla"], "zoe": {g: renamed_and_commented(c) for g, c in WORK["carla"].items()},
            "eva": WORK["eva"], "hugo": WORK["hugo"], "gus": {}}


def make_class(root: Path, repository: Path, slugs: tuple = SLUGS, work: dict | None = None,
               corpus_without: tuple | None = None) -> Path:
    """Un curso en ``root`` con source/ de ``slugs``, release/ de todos (lo que el curso ya enseñó), los juegos
    independientes del curso y las entregas de la clase en submitted/. Con ``corpus_without`` (nombres de clases de
    ``honest_corpus``), el corpus de trabajo honrado sin los honrados de esas clases: una clase apartada se juzga sin
    los suyos, que si no serían natural por estar en él."""
    here, there = Course(root).layout, Course(repository).layout
    shutil.copytree(there.catalogue_dir / INDEPENDENT_DIR, here.catalogue_dir / INDEPENDENT_DIR)
    if corpus_without is not None:
        import honest_corpus

        honest_corpus.write(learners_file(here.catalogue_dir), corpus_without)
    for notebook in Course(repository).notebooks():
        if notebook.slug not in slugs:
            shutil.copytree(there.assignment(RELEASE, notebook.slug), here.assignment(RELEASE, notebook.slug))
    for slug in slugs:
        for step in (SOURCE, RELEASE):
            shutil.copytree(there.assignment(step, slug), here.assignment(step, slug))
        release = nbformat.read(str(here.notebook(RELEASE, slug)), as_version=4)
        for student in sorted(SUBMITS[slug] if work is None else work):
            nb = copy.deepcopy(release)
            for cell in nb.cells:
                gid = cell.metadata.get("nbgrader", {}).get("grade_id")
                bodies = (WORK if work is None else work)[student]
                if gid in bodies:
                    cell.source = fill(cell.source, bodies[gid])
            path = here.notebook(SUBMITTED, slug, student)
            path.parent.mkdir(parents=True)
            path.write_text(json.dumps(nb, ensure_ascii=False, indent=1), encoding="utf-8")  # la versión de alumno, ya válida
    return root
