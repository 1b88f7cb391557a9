"""El encierro del núcleo de corrección: solo lee lo que necesita, solo escribe en lo suyo y no tiene red.

Un núcleo corre con el usuario de quien corrige. Sin encierro, una entrega podría leer los
cuadernos del profesor (con sus soluciones y sus tests ocultos), la libreta de notas, las entregas
de otros, la carpeta personal y el entorno del profesor, o hablar por la red. ``enter`` se lo
prohíbe al proceso que la llama y a todo lo que arranque después (también tras ``exec``):

* **Lectura y escritura (Landlock, Linux ≥ 5.13).** Leer y ejecutar solo vale en la instalación
  de Python y sus site-packages, el paquete ``rukh_helpers``, el código que arranca el núcleo
  (``course_tools``, sin datos del curso), las bibliotecas y los pocos ficheros
  de ``/etc``, ``/dev``, ``/proc`` y ``/sys`` que usan Python y torch, las carpetas de IPython y
  matplotlib preparadas para el núcleo (``IPYTHONDIR``, ``MPLCONFIGDIR``), su carpeta de trabajo y
  su TMPDIR. Escribir, solo en estas dos últimas (y en ``/dev/null``). Nunca se da una carpeta que
  contenga la de trabajo: ahí está el curso, con ``source/``, ``submitted/`` y la libreta. Se usa
  la versión de Landlock más nueva que ofrece el sistema: la 4 corta además TCP, y la 6 impide
  mandar señales a procesos de fuera del encierro.
* **Red y privilegios: espacios de nombres de usuario y de red nuevos** (``privileges.py``, también como
  root: ninguna capacidad del espacio de nombres inicial, y el conjunto límite vacío). Lo elegimos antes que las reglas de red de Landlock
  porque corta todo, TCP, UDP y cualquier otra familia, hacia 127.0.0.1 o hacia fuera, mientras
  que Landlock (ABI 4) solo sabe de TCP. Los canales del núcleo son sockets Unix con ruta (ficheros),
  que no dependen de la red y siguen funcionando. Donde no se puede crear (espacios de nombres
  de usuario desactivados, un contenedor que lo filtra), quedan las reglas TCP de Landlock.
* **Quien lo intentó.** Si el entorno trae ``COURSE_SANDBOX_REPORT`` (un fichero que abre quien
  arranca el núcleo, fuera de su alcance), un gancho de auditoría de Python anota ahí cada lectura
  que el encierro deniega y cada intento de red: ``GuardedExecute`` lo pone en la celda donde
  ocurrió y la tabla de notas lo muestra como ``sandbox-denied``. El gancho solo ve lo que hace
  Python en el propio núcleo: lo que haga un programa hijo también se bloquea, pero puede no
  quedar anotado.

El entorno del núcleo es otra parte del encierro: ``allowed_env`` deja pasar solo las variables de
una lista (las que necesitan Python, Jupyter, torch, matplotlib y el curso); las demás (testigos,
contraseñas, claves) no llegan a ningún núcleo del curso.

``weaknesses()`` prueba el encierro en un proceso aparte y dice, en castellano, qué protección
falta en este sistema; ``make grade`` lo dice en una línea. Este módulo no importa nada del paquete:
``limits.py``, guion del kernelspec de la corrección, lo importa a su lado, y ``python sandbox.py --probe`` es la prueba.
"""

from __future__ import annotations

import ctypes
import errno
import json
import os
import socket
import struct
import sys

if __package__:
    from . import measure, privileges
else:  # como guion (limits.py del kernelspec, o --probe): measure.py y privileges.py están en la misma carpeta
    import measure
    import privileges

SWITCH_ENV = "COURSE_SANDBOX"  # =0 en el entorno del núcleo: sin encierro (solo para probar lo demás)
REPORT_ENV = "COURSE_SANDBOX_REPORT"  # dónde anota el núcleo lo que el encierro le negó

# --- el entorno ---------------------------------------------------------------------------

# Lo único del entorno de quien corrige que llega a un núcleo del curso (corrección, release, nbval,
# prueba de respuestas equivocadas): lo que leen Python, Jupyter, torch, matplotlib y el curso.
ENV_NAMES = frozenset({
    "PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE", "TZ", "TMPDIR", "TERM",
    "PYTHONHASHSEED", "PYTHONIOENCODING", "PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE", "PYTHONUTF8",
    "VIRTUAL_ENV", "LD_LIBRARY_PATH", "SYSTEMROOT",
    "MPLBACKEND", "MPLCONFIGDIR", "IPYTHONDIR", "JUPYTER_PLATFORM_DIRS", "JPY_PARENT_PID", "JPY_SESSION_NAME",
    "XDG_CACHE_HOME", "XDG_CONFIG_HOME",
    SWITCH_ENV, REPORT_ENV, "COURSE_WARM_KERNELS", "COURSE_MEMORY_LIMIT_MB", measure.FOLDER_ENV, measure.CONFIG_ENV,
})
ENV_PREFIXES = ("LC_", "OMP_", "MKL_", "OPENBLAS_", "KMP_", "GOMP_", "CUDA_", "TORCH_", "PYTORCH_")


def allowed_env(env) -> dict[str, str]:
    """Las variables de ``env`` que pueden llegar a un núcleo; las demás se quedan fuera."""
    return {k: v for k, v in env.items() if k in ENV_NAMES or k.startswith(ENV_PREFIXES)}


# --- Landlock -----------------------------------------------------------------------------

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


def kernel_folders() -> list[str]:
    """Donde escribe un núcleo de corrección: su carpeta de trabajo y su TMPDIR (la de sus sockets); con
    ``make test``, también la carpeta de sus datos de cobertura (``measure``)."""
    return [os.getcwd(), os.environ.get("TMPDIR", ""), *filter(None, [measure.data_folder()])]


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


def _landlock(writes: list[str], reads: list[str], abi: int) -> str | None:
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


# --- la red y los privilegios -------------------------------------------------------------

def isolate() -> tuple[str | None, list[str]]:
    """Sin red y sin privilegios (``privileges.py``): lo que falta de la red y lo que falta de los privilegios."""
    network, privilege = privileges.isolate()
    dropped = privileges.drop_capabilities()
    return network, [f"privilegios: {reason}" for reason in (privilege, dropped) if reason]


# --- quien lo intentó ---------------------------------------------------------------------

MAX_RECORDS = 100  # anotaciones por núcleo; una entrega que recorre el disco no llena nada
INET = (socket.AF_INET, socket.AF_INET6)
NETWORK_EVENTS = {"socket.connect": "conectar a", "socket.sendto": "enviar a", "socket.sendmsg": "enviar a",
                  "socket.bind": "escuchar en"}


class Watcher:
    """Un gancho de auditoría (``sys.addaudithook``): anota en ``fd`` cada lectura que el encierro niega y
    cada intento de red. Para saber si el encierro negará una lectura, la prueba él mismo antes."""

    def __init__(self, fd: int):
        self.fd = fd
        self.count = 0
        self.busy = False

    def __call__(self, event: str, args: tuple) -> None:
        if self.busy or self.count > MAX_RECORDS:
            return
        self.busy = True
        try:
            self._look(event, args)
        except Exception:  # el gancho nunca rompe lo que observa
            pass
        finally:
            self.busy = False

    def _look(self, event: str, args: tuple) -> None:
        if event == "open":
            path, mode, flags = (tuple(args) + (None, None))[:3]
            if _reads_only(mode, flags):
                self._probe(path, directory=False)
        elif event in ("os.listdir", "os.scandir"):
            self._probe(args[0] if args else None, directory=True)
        elif event == "sqlite3.connect":
            database = args[0] if args else None
            if database not in (None, "", ":memory:") and os.path.exists(database):
                self._probe(database, directory=False)
        elif event in NETWORK_EVENTS and args and getattr(args[0], "family", None) in INET:
            address = args[1] if len(args) > 1 else None
            target = f"{address[0]}:{address[1]}" if isinstance(address, tuple) and len(address) >= 2 else str(address)
            self.record(NETWORK_EVENTS[event], target)

    def _probe(self, path, directory: bool) -> None:
        if path is None or isinstance(path, int):
            return
        flags = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | (os.O_DIRECTORY if directory else 0)
        try:
            os.close(os.open(path, flags))
        except PermissionError:
            self.record("leer", os.fsdecode(os.fspath(path)))
        except (OSError, TypeError, ValueError):
            pass  # no existe, no es una carpeta...: el error de siempre, no es cosa del encierro

    def record(self, what: str, target: str) -> None:
        self.count += 1
        line = [what, target] if self.count <= MAX_RECORDS else ["…", f"más de {MAX_RECORDS} intentos"]
        try:
            os.write(self.fd, (json.dumps(line, ensure_ascii=False) + "\n").encode("utf-8"))
        except OSError:
            pass


def _reads_only(mode, flags) -> bool:
    """¿Abre solo para leer? (``open`` da el modo en texto; ``os.open``, solo las banderas)."""
    if isinstance(mode, str):
        return not any(c in mode for c in "wax+")
    if isinstance(flags, int):
        return flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC) == 0
    return True


def read_report(path: str, offset: int = 0) -> tuple[list[tuple[str, str]], int]:
    """Las anotaciones de un núcleo desde ``offset`` y dónde seguir leyendo la próxima vez."""
    try:
        with open(path, "rb") as report:
            report.seek(offset)
            data = report.read()
    except OSError:
        return [], offset
    complete = data[: data.rfind(b"\n") + 1]
    found = []
    for line in complete.decode("utf-8", "replace").splitlines():
        try:
            what, target = json.loads(line)
        except (ValueError, TypeError):
            what, target = "anotar", line[:200]  # una línea que no escribió el gancho
        found.append((str(what), str(target)))
    return found, offset + len(complete)


def describe(attempts: list[tuple[str, str]], most: int = 3) -> str:
    """«leer /x; conectar a 127.0.0.1:80 (y 4 más)»: los distintos, en el orden en que llegaron."""
    distinct = list(dict.fromkeys(f"{what} {target}" for what, target in attempts))
    text = "; ".join(distinct[:most])
    return text + (f" (y {len(distinct) - most} más)" if len(distinct) > most else "")


# --- todo junto ---------------------------------------------------------------------------

def enter(writes: list[str]) -> list[str]:
    """Encierra este proceso y lo que arranque: lee lo de ``read_paths``, escribe en ``writes``, sin red y,
    si el entorno da un fichero de informe, anotando lo que se le niega. Devuelve lo que no se pudo."""
    if os.environ.get(SWITCH_ENV) == "0":
        os.environ.pop(REPORT_ENV, None)
        return [f"encierro desactivado con {SWITCH_ENV}=0"]
    report = _open_report(os.environ.pop(REPORT_ENV, ""))
    network, missing = isolate()
    abi = abi_version()
    if abi < 1:
        missing.append("este sistema no tiene Landlock: el núcleo lee y escribe donde quiera su usuario")
    else:
        failed = _landlock(writes, read_paths(), abi)
        if failed:
            missing.append(failed)
    if network is None:
        # ipykernel intenta abrir un puerto TCP en 127.0.0.1 para la salida de los procesos hijos que haga
        # el núcleo con fork; sin red no puede, y lo diría en cada arranque: esa salida no llega, sin aviso.
        import warnings

        warnings.filterwarnings("ignore", message="Couldn't bind IOPub Pipe")
    if network and abi >= 4 and not missing:
        missing.append(f"red: solo TCP cortado (Landlock); UDP y lo demás, abiertos ({network})")
    elif network:
        missing.append(f"red abierta ({network})")
    if report is not None:
        sys.addaudithook(Watcher(report))
    return missing


def _open_report(path: str) -> int | None:
    if not path:
        return None
    try:
        return os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)
    except OSError:
        return None


# --- ¿qué protege este sistema? -----------------------------------------------------------

def weaknesses(python: str = sys.executable, env=None) -> list[str]:
    """Lo que el encierro no consigue en esta máquina, probado de verdad en un proceso aparte; [] si todo."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory(prefix="curso-encierro-") as folder:
        work = os.path.join(folder, "trabajo")
        os.mkdir(work)
        with open(os.path.join(folder, PROBE_TARGET), "w") as beside:
            beside.write("lo que no es del núcleo")
        try:
            done = subprocess.run([python, os.path.abspath(__file__), "--probe"], cwd=work, capture_output=True,
                                  text=True, timeout=60, env=allowed_env(os.environ if env is None else env))
            return json.loads(done.stdout.strip().splitlines()[-1])
        except (OSError, subprocess.SubprocessError, ValueError, IndexError):
            return ["no se pudo probar el encierro en esta máquina"]


PROBE_TARGET = "fuera.txt"  # junto a la carpeta de la prueba: un núcleo encerrado no puede leerlo


def warning_line(weak: list[str], where: str = "esta máquina") -> str:
    """La línea que imprime ``make grade`` cuando falta alguna protección."""
    return (f"aviso: el encierro de los núcleos de corrección está incompleto en {where}: {'; '.join(weak)}. "
            "Lo que un núcleo escriba en submitted/, autograded/ o la libreta se deshace al final de la ronda; "
            "para lo demás, ver «Límites» en el README (un usuario aparte o un contenedor).")


def _probe() -> list[str]:
    """En una carpeta vacía: se encierra y prueba a leer el fichero de al lado, a conectar a 127.0.0.1 y a crear un
    nodo de dispositivo."""
    os.environ["TMPDIR"] = os.getcwd()
    missing = enter([os.getcwd()])
    try:
        with open(os.path.join("..", PROBE_TARGET), "rb"):
            pass
        if not any("Landlock" in m for m in missing):
            missing.append("lectura: el núcleo pudo leer fuera de su carpeta")
    except PermissionError:
        pass
    for kind in (socket.SOCK_STREAM, socket.SOCK_DGRAM):
        with socket.socket(socket.AF_INET, kind) as probe:
            probe.settimeout(1)
            try:
                probe.connect(("127.0.0.1", 9)) if kind == socket.SOCK_STREAM else probe.sendto(b"?", ("127.0.0.1", 9))
            except OSError as error:
                if error.errno not in (errno.ENETUNREACH, errno.EACCES, errno.EPERM):
                    missing.append(f"red: {'TCP' if kind == socket.SOCK_STREAM else 'UDP'} llega a 127.0.0.1")
            else:
                missing.append(f"red: {'TCP' if kind == socket.SOCK_STREAM else 'UDP'} llega a 127.0.0.1")
    try:
        os.mknod("dispositivo", 0o600 | 0o020000, os.makedev(1, 3))  # un nodo de carácter, como /dev/null
        missing.append("privilegios: el núcleo puede crear nodos de dispositivo")
    except OSError:
        pass
    return list(dict.fromkeys(missing))


if __name__ == "__main__" and sys.argv[1:] == ["--probe"]:
    print(json.dumps(_probe(), ensure_ascii=False))
