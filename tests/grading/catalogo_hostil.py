"""Catálogo de entregas rotas u hostiles para 00-cuadernos (7 puntos: 1 + 2 + 2 + 2).

Cada entrada: nombre del alumno → (cómo se fabrica la entrega, nota esperada, código del problema
que la corrección debe señalar; ver ``course_tools.grading.model.PROBLEMS``). Las entregas parten del cuaderno resuelto (todo bien:
7 puntos) y cambian una cosa.
"""

from __future__ import annotations

import copy
import functools

import nbformat

SLUG = "00-cuadernos"
FILE = f"{SLUG}.ipynb"


def _cell(nb, grade_id):
    return next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


def _prepend(nb, grade_id, code):
    cell = _cell(nb, grade_id)
    cell.source = code + "\n" + cell.source


def _write(folder, nb, name=FILE):
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(folder / name))


def _from_solved(change):
    """Entrega hecha de una copia del cuaderno resuelto a la que ``change(nb)`` cambia una cosa."""

    @functools.wraps(change)
    def make(folder, solved, release):
        nb = copy.deepcopy(solved)
        change(nb)
        _write(folder, nb)

    return make


@_from_solved
def bucle_infinito(nb):
    _prepend(nb, "nb00-count-moves-to", "while True:\n    pass")


@_from_solved
def memoria(nb):
    _prepend(nb, "nb00-side-moves", "_enorme = bytearray(16 * 2**30)")


@_from_solved
def nucleo_muerto(nb):
    _prepend(nb, "nb00-side-moves", "import os\nos._exit(3)")


@_from_solved
def megabytes(nb):
    _prepend(nb, "nb00-predict-order", 'print("x" * 3_000_000)\nfor _ in range(50):\n    print("y" * 1000)')


@_from_solved
def tests_borrados(nb):
    nb.cells = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") != "nb00-count-moves-to-tests"]


@_from_solved
def tests_editados(nb):
    _cell(nb, "nb00-predict-order").source = "x_after_clicks = 0"
    _cell(nb, "nb00-predict-order-tests").source = "print('todo bien')"


@_from_solved
def celdas_duplicadas(nb):
    sol, test = _cell(nb, "nb00-last-move"), _cell(nb, "nb00-last-move-tests")
    nb.cells.extend([copy.deepcopy(sol), copy.deepcopy(test)])


@_from_solved
def check_equal_trucado(nb):
    _cell(nb, "nb00-count-moves-to").source = (
        "import rukh_helpers.checks as _c\n_c.check_equal = lambda *a, **k: None\n"
        "def count_moves_to(game, square):\n    return 0"
    )


@_from_solved
def builtins_trucado(nb):
    _cell(nb, "nb00-predict-order").source = (
        "import builtins\n"
        "class _Siempre(int):\n    def __eq__(self, otro):\n        return True\n    __hash__ = int.__hash__\n"
        "_tipo = builtins.type\n"
        "def _falso(*args):\n"
        "    if len(args) == 1 and isinstance(args[0], _Siempre):\n        return int\n"
        "    return _tipo(*args)\n"
        "builtins.type = _falso\n"
        "x_after_clicks = _Siempre(0)"
    )


def _attacking_the_course(attack):
    """Entrega resuelta bien con ``attack(raíz)`` delante de la primera solución: código que ataca el curso
    de verdad (no el de usar y tirar donde corre el núcleo) por su ruta absoluta."""

    @functools.wraps(attack)
    def make(folder, solved, release):
        nb = copy.deepcopy(solved)
        _prepend(nb, "nb00-predict-order", attack(str(folder.resolve().parents[2])))
        _write(folder, nb)

    return make


ATTACK_MARK = "ataque:"  # cada intento de intrusa dice en su salida «ataque: <blanco> <sí|no>»
ORPHAN_MARK = "nieto:"  # huerfano dice en su salida el pid del proceso que deja atrás
ORPHAN_DELAY = 20


@_attacking_the_course
def intrusa(root):
    """Resuelve bien, pero intenta escribir en la libreta de notas y en las carpetas de otra alumna."""
    return (
        "import os, sqlite3\n"
        f"_raiz = {root!r}\n"
        "def _intento(blanco, accion):\n"
        "    try:\n"
        "        accion()\n"
        f"        print({ATTACK_MARK!r}, blanco, 'sí')\n"
        "    except Exception:\n"
        f"        print({ATTACK_MARK!r}, blanco, 'no')\n"
        "def _libreta():\n"
        "    _con = sqlite3.connect(os.path.join(_raiz, 'gradebook.db'), timeout=30)\n"
        "    _con.execute('UPDATE grade SET auto_score = 0')\n"
        "    _con.commit()\n"
        "    _con.close()\n"
        "if os.path.exists(os.path.join(_raiz, 'gradebook.db')):\n"
        "    _intento('libreta', _libreta)\n"
        "for _carpeta in ('submitted', 'autograded'):\n"
        f"    _victima = os.path.join(_raiz, _carpeta, 'solucion', '{SLUG}', '{FILE}')\n"
        "    if os.path.exists(_victima):\n"
        "        _intento(_carpeta, lambda: open(_victima, 'w').write('{\"roto\": true}'))"
    )


@_attacking_the_course
def huerfano(root):
    """Resuelve bien, pero deja un nieto en otra sesión que espera a que acabe la corrección para atacar."""
    return (
        "import os, time\n"
        f"_raiz = {root!r}\n"
        "_lee, _escribe = os.pipe()\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        "    _nieto = os.fork()\n"
        "    if _nieto == 0:\n"
        "        _nulo = os.open(os.devnull, os.O_WRONLY)\n"
        "        for _fd in (1, 2):\n"
        "            os.dup2(_nulo, _fd)\n"
        f"        time.sleep({ORPHAN_DELAY})\n"
        f"        _victima = os.path.join(_raiz, 'submitted', 'solucion', '{SLUG}', '{FILE}')\n"
        "        if os.path.exists(_victima):\n"
        "            open(_victima, 'w').write('{\"roto\": true}')\n"
        "        os._exit(0)\n"
        "    os.write(_escribe, str(_nieto).encode())\n"
        "    os._exit(0)\n"
        "os.close(_escribe)\n"
        f"print({ORPHAN_MARK!r}, os.read(_lee, 32).decode())\n"
        "os.close(_lee)"
    )


def said(root, student: str, mark: str) -> list[str]:
    """Lo que la entrega de ``student`` escribió tras ``mark`` en su cuaderno corregido, línea a línea."""
    nb = nbformat.read(str(root / "autograded" / student / SLUG / FILE), as_version=4)
    texts = [out.get("text", "") for cell in nb.cells for out in cell.get("outputs", [])]
    return [line.split(mark, 1)[1].strip() for text in texts for line in text.splitlines() if line.startswith(mark)]


def orphan_pid(root) -> int:
    """El pid del nieto que dejó «huerfano» al corregirse en el curso ``root``."""
    pids = said(root, "huerfano", ORPHAN_MARK)
    assert len(pids) == 1 and pids[0].isdigit(), f"«huerfano» no llegó a dejar su nieto: {pids}"
    return int(pids[0])


def json_roto(folder, solved, release):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / FILE).write_text('{"cells": [{"cell_type": "code", "sour', encoding="utf-8")


def sin_cuaderno(folder, solved, release):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "notas.txt").write_text("se me olvidó adjuntarlo\n", encoding="utf-8")


def nombre_equivocado(folder, solved, release):
    _write(folder, copy.deepcopy(solved), name="00-cuadernos (1).ipynb")


def otra_tarea(folder, solved, release):
    nb = copy.deepcopy(release)
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader")
        if meta:
            meta["grade_id"] = meta["grade_id"].replace("nb00", "nb07")
    _write(folder, nb)


CATALOGUE = {
    "bucle": (bucle_infinito, 5, "timeout"),
    "memoria": (memoria, 5, "out-of-memory"),
    "nucleo-muerto": (nucleo_muerto, 3, "dead-kernel"),
    "megabytes": (megabytes, 7, "output-truncated"),
    "tests-borrados": (tests_borrados, 7, "tests-deleted"),
    "tests-editados": (tests_editados, 6, "tests-edited"),
    "duplicadas": (celdas_duplicadas, 7, "duplicate-cells"),
    "check-equal-trucado": (check_equal_trucado, 1, "tampering"),
    "builtins-trucado": (builtins_trucado, 0, "tampering"),
    "intrusa": (intrusa, 7, "suspicious-code"),
    "huerfano": (huerfano, 7, "suspicious-code"),
    "json-roto": (json_roto, 0, "broken-json"),
    "sin-cuaderno": (sin_cuaderno, 0, "missing-notebook"),
    "nombre-equivocado": (nombre_equivocado, 7, "wrong-name"),
    "otra-tarea": (otra_tarea, 0, "other-assignment"),
}
