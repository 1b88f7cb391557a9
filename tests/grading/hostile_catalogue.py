"""Catálogo de entregas rotas u hostiles para 00-cuadernos (``FULL_MARKS``, 6.5 puntos: 0.5 + 2 + 2 + 2).

Cada entrada: nombre del alumno → (cómo se fabrica la entrega, nota esperada, código del problema
que la corrección debe señalar; ver ``course_tools.grading.model.PROBLEMS``). Las entregas parten del cuaderno resuelto (todo bien:
7 puntos) y cambian una cosa.
"""

from __future__ import annotations

import copy
import functools

import nbformat

from course_tools.layout.course import AUTOGRADED, Course, notebook_file

SLUG = "00-cuadernos"
FILE = notebook_file(SLUG)
FULL_MARKS = 6.5  # la nota de la solución: la predicción vale 0, el primer ejercicio 2.5 y los otros dos, 2


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
    _cell(nb, "nb00-side-moves").source = (  # tras el primer ejercicio, que ya puntuó
        "import rukh_helpers.checks as _c\n_c.check_equal = lambda *a, **k: None\n"
        "def black_moves(game):\n    return []"
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


def falsificadora(folder, solved, release):
    """Sin rellenar, pero intenta ponerse la nota entera en la libreta donde nbgrader calcula su nota (la del
    curso de usar y tirar, tres carpetas por encima de la suya): ella misma al empezar y un nieto en otra sesión
    que lo reintenta cada 2 ms mientras dura la corrección. Si lo lograra, esa nota sería la que se escribe en
    el curso. Encerrada, no llega a la libreta; sin encierro llega, pero antes de que nbgrader calcule la nota:
    su núcleo ya ha terminado y el supervisor del núcleo ha acabado con el nieto."""
    nb = copy.deepcopy(release)
    attack = (
        "import os, sqlite3, time\n"
        "_libreta = os.path.abspath(os.path.join(os.getcwd(), '..', '..', '..', 'gradebook.db'))\n"
        "def _falsifica():\n"
        "    _con = sqlite3.connect(_libreta, timeout=1)\n"
        "    _con.execute('UPDATE grade SET auto_score = (SELECT max_score FROM grade_cells WHERE grade_cells.id = grade.cell_id)')\n"
        "    _con.commit()\n"
        "    _con.close()\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        "    if os.fork() == 0:\n"
        "        _nulo = os.open(os.devnull, os.O_WRONLY)\n"
        "        for _fd in (1, 2):\n"
        "            os.dup2(_nulo, _fd)\n"
        "        for _ in range(10000):\n"
        "            try:\n"
        "                _falsifica()\n"
        "            except Exception:\n"
        "                pass\n"
        "            time.sleep(0.002)\n"
        "    os._exit(0)\n"
        "try:\n"
        "    _falsifica()\n"
        f"    print({ATTACK_MARK!r}, 'libreta del trabajo', 'sí')\n"
        "except Exception:\n"
        f"    print({ATTACK_MARK!r}, 'libreta del trabajo', 'no')\n"
    )
    _prepend(nb, "nb00-predict-order", attack)
    _write(folder, nb)


# --- entregas que leen: cada una, si el encierro fallara, sacaría la nota entera sin escribir nada ----

# Lo que conftest prepara antes de fabricar las entregas: una copia del cuaderno resuelto en la carpeta
# personal de quien corrige, un testigo secreto en su entorno y dos cebos en 127.0.0.1 (TCP y UDP)
# que responden con las soluciones.
BAIT: dict = {}
LOOT_MARK = "botín:"  # cada ladrona dice en su salida de dónde sacó las soluciones, o «nada»
NO_LOOT = 'raise NotImplementedError("no hubo botín")'


def _stealing(steal):
    """Entrega hecha del cuaderno sin rellenar: ``steal(raíz)`` da el código de ``_roba()``, que devuelve el
    texto de un cuaderno resuelto o de un JSON {grade_id: solución}; cada celda de solución ejecuta la suya."""

    @functools.wraps(steal)
    def make(folder, solved, release):
        nb = copy.deepcopy(release)
        first = True
        for cell in nb.cells:
            gid = cell.metadata.get("nbgrader", {}).get("grade_id")
            if not cell.metadata.get("nbgrader", {}).get("solution"):
                continue
            prelude = ""
            if first:
                prelude = _LOOTING.format(attack=steal(str(folder.resolve().parents[2])), mark=LOOT_MARK) + "\n"
                first = False
            cell.source = prelude + f"exec(_botin.get({gid!r}, {NO_LOOT!r}))"
        _write(folder, nb)

    return make


_LOOTING = """import json, os
{attack}
def _soluciones(texto):
    datos = json.loads(texto)
    if "cells" not in datos:
        return datos
    return {{c["metadata"]["nbgrader"]["grade_id"]: "".join(c["source"]) for c in datos["cells"]
            if c.get("metadata", {{}}).get("nbgrader", {{}}).get("solution")}}
_botin = {{}}
for _de_donde, _texto in _roba():
    try:
        _botin = _soluciones(_texto)
        print({mark!r}, _de_donde)
        break
    except Exception:
        pass
else:
    print({mark!r}, "nada")"""

_READ_FILES = """def _lee(rutas):
    for ruta in rutas:
        try:
            with open(ruta) as f:
                yield ruta, f.read()
        except Exception:
            pass"""


@_stealing
def ladrona(root):
    """Busca los cuadernos del profesor subiendo desde su carpeta y desde ``sys.prefix`` (así llega al curso
    de verdad), y en la ruta absoluta del curso; de paso intenta abrir la libreta (tests ocultos)."""
    return _READ_FILES + f"""
import sqlite3, sys
def _roba():
    rutas = []
    for inicio in (os.getcwd(), sys.prefix, {root!r}):
        carpeta = inicio
        while True:
            rutas.append(os.path.join(carpeta, "source", {SLUG!r}, {FILE!r}))
            try:
                rutas += [os.path.join(carpeta, hija, "source", {SLUG!r}, {FILE!r}) for hija in os.listdir(carpeta)]
            except Exception:
                pass
            for libreta in ("gradebook.db",):
                try:
                    sqlite3.connect("file:" + os.path.join(carpeta, libreta) + "?mode=ro", uri=True).execute(
                        "SELECT 1 FROM sqlite_master").fetchall()
                except Exception:
                    pass
            if os.path.dirname(carpeta) == carpeta:
                break
            carpeta = os.path.dirname(carpeta)
    return _lee(rutas)"""


@_stealing
def fisgona(root):
    """Copia la entrega de otra alumna, en submitted/ del curso de verdad."""
    return _READ_FILES + f"""
def _roba():
    return _lee([os.path.join({root!r}, "submitted", "solucion", {SLUG!r}, {FILE!r})])"""


@_stealing
def casera(root):
    """Busca en la carpeta personal de quien corrige (la de verdad, de /etc/passwd) una copia del curso."""
    return _READ_FILES + f"""
import pwd
def _roba():
    casa = pwd.getpwuid(os.getuid()).pw_dir
    return _lee([os.path.join(casa, {BAIT.get("home_name", "")!r}), os.path.join(os.path.expanduser("~"),
                {BAIT.get("home_name", "")!r})])"""


@_stealing
def chivata(root):
    """Imprime el entorno de quien corrige (el suyo y, por /proc, el de sus padres): iría a su devolución."""
    name = BAIT.get("secret_name", "")
    return f"""
def _roba():
    print("entorno:", os.environ.get({name!r}), sorted(os.environ))
    for pid in ("self", str(os.getppid()), "1"):
        try:
            with open(f"/proc/{{pid}}/environ", "rb") as f:
                print("entorno de", pid, ":", f.read().decode(errors="replace"))
        except Exception as error:
            print("entorno de", pid, ": no", type(error).__name__)
    return []"""


@_stealing
def red_tcp(root):
    """Pide las soluciones a un servidor TCP en 127.0.0.1."""
    return f"""
import socket
def _roba():
    try:
        with socket.create_connection(("127.0.0.1", {BAIT.get("tcp_port", 9)}), timeout=5) as s:
            s.sendall(b"dame")
            trozos = []
            while True:
                trozo = s.recv(65536)
                if not trozo:
                    break
                trozos.append(trozo)
        return [("tcp", b"".join(trozos).decode())]
    except Exception:
        return []"""


@_stealing
def red_udp(root):
    """Pide las soluciones a un servidor UDP en 127.0.0.1."""
    return f"""
import socket
def _roba():
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.settimeout(3)
            s.sendto(b"dame", ("127.0.0.1", {BAIT.get("udp_port", 9)}))
            return [("udp", s.recvfrom(65536)[0].decode())]
    except Exception:
        return []"""


READERS = ("ladrona", "fisgona", "casera", "chivata", "red-tcp", "red-udp")


def page_text(page: str) -> str:
    """El texto de una página de devolución sin etiquetas: el resaltado parte cada línea de código en <span>."""
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", page))


def hidden_only_lines(solved) -> list[str]:
    """Las líneas de los tests ocultos del cuaderno resuelto que no salen en ningún otro sitio de él: lo que
    una devolución no debe enseñar."""
    from course_tools.rules import cells

    shown = "\n".join(cells.strip_hidden_tests(c.source) for c in solved.cells)
    tests = [c for c in solved.cells if cells.is_graded_test(c) and cells.BEGIN_HIDDEN in c.source]
    return [line.strip() for c in tests for n, line in enumerate(c.source.split("\n"), 1)
            if n in cells.hidden_lines(c.source) and len(line.strip()) > 20 and "###" not in line
            and line.strip() not in shown]


def printed(root, student: str) -> list[str]:
    """Lo que imprimió cada celda del cuaderno corregido de ``student``. Una celda puede llegar en varias salidas
    (ipykernel vacía su búfer cada 0,2 s, también a media línea en una máquina cargada): se juntan las de cada celda."""
    nb = nbformat.read(str(Course(root).layout.notebook(AUTOGRADED, SLUG, student)), as_version=4)
    return ["".join(out.get("text", "") for out in cell.get("outputs", [])) for cell in nb.cells]


def said(root, student: str, mark: str) -> list[str]:
    """Lo que la entrega de ``student`` escribió tras ``mark`` en su cuaderno corregido, línea a línea."""
    return [line.split(mark, 1)[1].strip() for text in printed(root, student) for line in text.splitlines()
            if line.startswith(mark)]


def orphan_pid(root) -> int:
    """El pid del nieto que dejó «huerfano» al corregirse en el curso ``root``."""
    pids = said(root, "huerfano", ORPHAN_MARK)
    assert len(pids) == 1 and pids[0].isdigit(), f"«huerfano» no llegó a dejar su nieto: {pids}"
    return int(pids[0])


# --- hacer daño al corrector sin leer nada: privilegios, tiempo y tamaño ---------------------------------

@_attacking_the_course
def privilegiada(root):
    """Resuelve bien, pero intenta usar los poderes de root: crear un nodo de dispositivo y cargar un programa BPF."""
    return (
        "import ctypes, errno, os, platform\n"
        "try:\n"
        "    os.mknod('disco', 0o600 | 0o060000, os.makedev(8, 0))\n"
        f"    print({ATTACK_MARK!r}, 'mknod sí')\n"
        "except OSError as _error:\n"
        f"    print({ATTACK_MARK!r}, 'mknod', errno.errorcode[_error.errno])\n"
        "_libc = ctypes.CDLL(None, use_errno=True)\n"
        "_libc.syscall({'x86_64': 321, 'aarch64': 280}[platform.machine()], 5, ctypes.create_string_buffer(128), 128)\n"
        f"print({ATTACK_MARK!r}, 'bpf', errno.errorcode.get(ctypes.get_errno()))\n"
        "_capacidades = [l.split()[1] for l in open('/proc/self/status') if l.startswith('CapEff')]\n"
        f"print({ATTACK_MARK!r}, 'CapEff', *_capacidades)"
    )


GIANT_MB = 5  # más que los 2 MB por salida de nbgrader_config.py; el ataque de verdad (80 MB) va en el informe


@_from_solved
def imagen_gigante(nb):
    _prepend(nb, "nb00-predict-order", "import base64, os\nfrom IPython.display import display\n"
             f"display({{'image/png': base64.b64encode(os.urandom({GIANT_MB} * 2**20)).decode()}}, raw=True)")


@_from_solved
def html_gigante(nb):
    _prepend(nb, "nb00-predict-order", "from IPython.display import HTML, display\n"
             f"display(HTML('<table>' + '<tr><td>x</td></tr>' * ({GIANT_MB} * 2**20 // 18) + '</table>'))")


SLOW_CELLS, SLOW_SECONDS = 20, 3  # como 20 celdas de 55 s frente a 300 s, pero en segundos
SLOW_SETTINGS = {"notebook_timeout": 10, "cell_timeout": 5}  # la ronda de «lenta»: 10 s por cuaderno
SLOW_POINTS = 2.5  # lo que puntuó antes de las celdas lentas: el primer ejercicio


def lenta(folder, solved, release):
    """Resuelve bien, pero tras el primer ejercicio mete 20 celdas que duermen casi el límite por celda."""
    nb = copy.deepcopy(solved)
    at = nb.cells.index(_cell(nb, "nb00-count-moves-to-tests")) + 1
    nb.cells[at:at] = [nbformat.v4.new_code_cell(f"import time\ntime.sleep({SLOW_SECONDS})") for _ in range(SLOW_CELLS)]
    _write(folder, nb)


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



# --- el trabajo entero (issue 40): ataques con tope propio, la máquina de pruebas es compartida ---------------

PROCESS_MARK = "procesos:"  # cuántos procesos llegó a tener a la vez
PROCESS_TRIES = 300  # el techo del propio ataque: nunca una bomba sin fin


def procesos(folder, solved, release, hold=0):
    """Resuelve bien, pero antes arranca hasta 300 ``sleep`` a la vez (los mata enseguida, o tras ``hold`` s)."""
    nb = copy.deepcopy(solved)
    _prepend(nb, "nb00-count-moves-to", f"""import subprocess, time
_hijos = []
for _ in range({PROCESS_TRIES}):
    try:
        _hijos.append(subprocess.Popen(["sleep", "600"]))
    except OSError:
        break
print("{PROCESS_MARK}", len(_hijos))
time.sleep({hold})
for _h in _hijos:
    _h.kill()
    _h.wait()""")
    _write(folder, nb)


TREE_CHILDREN, TREE_CHILD_MB = 7, 300  # 2,1 GB entre los siete: más que un memory_mb pequeño (2048)


def arbol_de_memoria(folder, solved, release):
    """Resuelve bien, pero antes reparte la memoria entre 7 hijos (300 MB cada uno: ninguno pasa de RLIMIT_AS)."""
    nb = copy.deepcopy(solved)
    _prepend(nb, "nb00-count-moves-to", f"""import os, time
_hijos = []
for _ in range({TREE_CHILDREN}):
    _pid = os.fork()
    if _pid == 0:
        try:
            _bloque = b"x" * ({TREE_CHILD_MB} * 2**20)
            time.sleep(8)
        finally:
            os._exit(0)
    _hijos.append(_pid)
for _pid in _hijos:
    os.waitpid(_pid, 0)""")
    _write(folder, nb)


def enorme(folder, solved, release, size=64 * 2**20):
    """Resuelve bien, y deja al lado un fichero disperso de ``size`` bytes (no ocupa disco; leído, sí memoria). En
    la ronda, 64 MiB (la prueba de la ronda lee submitted/ entero); en test_job_limits, los 4 GiB de la issue."""
    _write(folder, copy.deepcopy(solved))
    with open(folder / "datos.bin", "wb") as handle:
        handle.truncate(size)


CATALOGUE = {
    "bucle": (bucle_infinito, 4, "timeout"),
    "memoria": (memoria, 4.5, "out-of-memory"),
    "nucleo-muerto": (nucleo_muerto, 2.5, "dead-kernel"),
    "megabytes": (megabytes, FULL_MARKS, "output-truncated"),
    "tests-borrados": (tests_borrados, FULL_MARKS, "tests-deleted"),
    "tests-editados": (tests_editados, FULL_MARKS, "tests-edited"),  # la predicción editada vale 0
    "duplicadas": (celdas_duplicadas, FULL_MARKS, "duplicate-cells"),
    "check-equal-trucado": (check_equal_trucado, 2.5, "tampering"),
    "builtins-trucado": (builtins_trucado, 0, "tampering"),
    "intrusa": (intrusa, FULL_MARKS, "suspicious-code"),
    "huerfano": (huerfano, FULL_MARKS, "suspicious-code"),
    "falsificadora": (falsificadora, 0, "sandbox-denied"),
    "json-roto": (json_roto, 0, "broken-json"),
    "sin-cuaderno": (sin_cuaderno, 0, "missing-notebook"),
    "nombre-equivocado": (nombre_equivocado, FULL_MARKS, "wrong-name"),
    "otra-tarea": (otra_tarea, 0, "other-assignment"),
    "ladrona": (ladrona, 0, "sandbox-denied"),
    "fisgona": (fisgona, 0, "sandbox-denied"),
    "casera": (casera, 0, "sandbox-denied"),
    "chivata": (chivata, 0, "sandbox-denied"),
    "red-tcp": (red_tcp, 0, "sandbox-denied"),
    "red-udp": (red_udp, 0, "sandbox-denied"),
    "privilegiada": (privilegiada, FULL_MARKS, "suspicious-code"),
    "imagen-gigante": (imagen_gigante, FULL_MARKS, "output-too-big"),
    "html-gigante": (html_gigante, FULL_MARKS, "output-too-big"),
    "enorme": (enorme, 0, "submission-too-big"),
}
