"""Landlock (Linux ≥ 5.13): qué lee y dónde escribe un núcleo de corrección encerrado (``restrict``).

Leer y ejecutar solo vale en la instalación de Python y sus site-packages, el paquete
``rukh_helpers``, el código que arranca el núcleo (``course_tools``, sin datos del curso), las
bibliotecas y los pocos ficheros de ``/etc``, ``/dev``, ``/proc`` y ``/sys`` que usan Python y torch,
las carpetas de IPython y matplotlib preparadas para el núcleo, su carpeta de trabajo y su TMPDIR
(``read_paths``). Escribir, solo en estas dos últimas (y en ``/dev/null``). Se usa la versión de
Landlock más nueva que ofrece el sistema: la 4 corta además TCP, y la 6 impide mandar señales a
procesos de fuera del encierro. No importa nada del paquete (``sandbox.py`` lo importa a su lado
cuando corre como guion).
"""

from __future__ import annotations

import ctypes
import os
import struct
import sys

# Llamadas al sistema (el mismo número en x86_64 y aarch64) y constantes de <linux/landlock.h>.
CREATE_RULESET, ADD_RULE, RESTRICT_SELF = 444, 445, 446
CREATE_RULESET_VERSION = 1
RULE_PATH_BENEATH = 1
PR_SET_NO_NEW_PRIVS = 38

EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
REMOVE_DIR, REMOVE_FILE = 1 << 4, 1 << 5
MAKE_CHAR, MAKE_DIR, MAKE_REG, MAKE_SOCK, MAKE_FIFO, MAKE_BLOCK, MAKE_SYM = (1 << n for n in range(6, 13))
REFER = 1 << 13  # mover o enlazar entre carpetas (ABI 2)
TRUNCATE = 1 << 14  # (ABI 3)
READS = EXECUTE | READ_FILE | READ_DIR
WRITES = WRITE_FILE | REMOVE_DIR | REMOVE_FILE | MAKE_CHAR | MAKE_DIR | MAKE_REG | MAKE_SOCK | MAKE_FIFO | MAKE_BLOCK | MAKE_SYM
ON_FILES = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE  # lo único que se puede permitir sobre un fichero que no es carpeta
NET_TCP = (1 << 0) | (1 << 1)  # escuchar y conectar por TCP (ABI 4)
SCOPE_ABSTRACT_UNIX, SCOPE_SIGNAL = 1 << 0, 1 << 1  # (ABI 6)

# Lo que lee cualquier proceso de Python con torch, fuera de su instalación. Las carpetas se dan
# enteras; de /etc, /dev, /proc y /sys, solo estos ficheros y carpetas. ``/proc/self`` es la carpeta
# del proceso que se encierra (torch lee ahí sus mapas de memoria), no la de otros: ni su entorno
# ni su línea de órdenes quedan a la vista.
SYSTEM_READS = (
    "/bin", "/lib", "/lib32", "/lib64", "/libx32", "/usr/bin", "/usr/lib", "/usr/lib32", "/usr/lib64",
    "/usr/libexec", "/usr/local/lib", "/usr/share", "/usr/local/share",
    "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime", "/etc/timezone",
    "/etc/passwd", "/etc/group", "/etc/nsswitch.conf", "/etc/mime.types", "/etc/os-release",
    "/etc/fonts", "/etc/matplotlibrc",
    "/dev/urandom", "/dev/random",
    "/proc/self", "/proc/cpuinfo", "/proc/meminfo", "/proc/stat",
    "/sys/devices/system/cpu", "/sys/devices/system/node", "/sys/fs/cgroup",
)
DEVICES = ("/dev/null", "/dev/zero", "/dev/full")  # se leen y se escriben
# El código que arranca el núcleo (``course_tools``: isolation/limits.py, kernels/child.py): sus marcos están
# al fondo de cada pila del núcleo, y un aviso o un error los lee para citarlos. Es código, sin datos.
LAUNCHER_CODE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def abi_version() -> int:
    """La versión de Landlock de este sistema; 0 si no hay."""
    if not sys.platform.startswith("linux"):
        return 0
    libc = ctypes.CDLL(None, use_errno=True)
    return max(0, libc.syscall(ctypes.c_long(CREATE_RULESET), None, ctypes.c_long(0),
                               ctypes.c_long(CREATE_RULESET_VERSION)))


def _python_folders() -> set[str]:
    """La instalación de Python (la del entorno virtual y la de debajo) y todas sus site-packages."""
    import site

    found = {sys.prefix, sys.exec_prefix, sys.base_prefix, sys.base_exec_prefix,
             os.path.dirname(os.path.dirname(os.path.realpath(sys.executable)))}
    try:
        found.update(site.getsitepackages())
        found.add(site.getusersitepackages())
    except AttributeError:  # un site.py recortado (algunos entornos virtuales antiguos)
        pass
    return found


def _helper_folders() -> set[str]:
    """Dónde está ``rukh_helpers`` (en el repositorio, si se instaló con ``pip install -e``)."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("rukh_helpers")
    except (ImportError, ValueError):
        return set()
    return set(spec.submodule_search_locations or []) if spec else set()


def read_paths(cwd: str | None = None, env=None) -> list[str]:
    """Lo que un núcleo de corrección puede leer, además de sus carpetas de escritura; nunca una carpeta
    que contenga ``cwd`` (el curso) ni ``/``."""
    env = os.environ if env is None else env
    cwd = os.path.realpath(cwd or os.getcwd())
    wanted = _python_folders() | _helper_folders() | set(SYSTEM_READS) | {LAUNCHER_CODE}
    wanted |= {env[name] for name in ("IPYTHONDIR", "MPLCONFIGDIR") if env.get(name)}
    kept = []
    for path in sorted(wanted):
        real = os.path.realpath(path)
        if os.path.exists(real) and not _contains(real, cwd):
            kept.append(path)
    return kept


def _contains(folder: str, path: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def restrict(writes: list[str], reads: list[str], abi: int) -> str | None:
    """Encierra este proceso: lee ``reads`` y ``writes``, escribe ``writes``. El motivo si no pudo."""
    handled_fs = READS | WRITES | (REFER if abi >= 2 else 0) | (TRUNCATE if abi >= 3 else 0)
    attr = [handled_fs]
    if abi >= 4:
        attr.append(NET_TCP)  # sin reglas de red: ningún puerto TCP se abre ni se conecta
    if abi >= 6:
        attr.append(SCOPE_ABSTRACT_UNIX | SCOPE_SIGNAL)
    libc = ctypes.CDLL(None, use_errno=True)
    raw = ctypes.create_string_buffer(struct.pack(f"={len(attr)}Q", *attr))  # struct landlock_ruleset_attr
    ruleset = libc.syscall(ctypes.c_long(CREATE_RULESET), raw, ctypes.c_long(len(raw.raw)), ctypes.c_long(0))
    if ruleset < 0:
        return f"Landlock no creó las reglas: {os.strerror(ctypes.get_errno())}"
    try:
        rules = [(path, handled_fs) for path in writes if path and os.path.isdir(path)]
        rules += [(path, READS) for path in reads]
        rules += [(path, handled_fs & ON_FILES) for path in DEVICES if os.path.exists(path)]
        for path, allowed in rules:
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue  # desapareció entretanto: nada que dar
            try:
                if not os.path.isdir(path):
                    allowed &= ON_FILES
                rule = ctypes.create_string_buffer(struct.pack("=Qi", allowed, fd))  # landlock_path_beneath_attr
                if libc.syscall(ctypes.c_long(ADD_RULE), ctypes.c_long(ruleset), ctypes.c_long(RULE_PATH_BENEATH),
                                rule, ctypes.c_long(0)) != 0:
                    return f"Landlock no aceptó {path}: {os.strerror(ctypes.get_errno())}"
            finally:
                os.close(fd)
        # Necesario para encerrarse sin privilegios; solo impide ganar permisos con programas setuid.
        if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            return f"no se pudo fijar no_new_privs: {os.strerror(ctypes.get_errno())}"
        if libc.syscall(ctypes.c_long(RESTRICT_SELF), ctypes.c_long(ruleset), ctypes.c_long(0)) != 0:
            return f"Landlock no encerró el proceso: {os.strerror(ctypes.get_errno())}"
    finally:
        os.close(ruleset)
    return None
