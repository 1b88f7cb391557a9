"""El encierro del núcleo de corrección: solo lee lo que necesita, solo escribe en lo suyo y no tiene red.

Un núcleo corre con el usuario de quien corrige. Sin encierro, una entrega podría leer los
cuadernos del profesor (con sus soluciones y sus tests ocultos), la libreta de notas, las entregas
de otros, la carpeta personal y el entorno del profesor, o hablar por la red. ``enter`` se lo
prohíbe al proceso que la llama y a todo lo que arranque después (también tras ``exec``):

* **Lectura y escritura (Landlock, Linux ≥ 5.13: ``landlock.py``).** Leer y ejecutar solo vale en la instalación
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
* **Quien lo intentó** (``attempts.py``). Si el entorno trae ``COURSE_SANDBOX_REPORT`` (un fichero que abre quien
  arranca el núcleo, fuera de su alcance), un gancho de auditoría de Python anota ahí cada lectura
  que el encierro deniega y cada intento de red: ``GuardedExecute`` lo pone en la celda donde
  ocurrió y la tabla de notas lo muestra como ``sandbox-denied``. El gancho solo ve lo que hace
  Python en el propio núcleo: lo que haga un programa hijo también se bloquea, pero puede no
  quedar anotado.

El entorno del núcleo es otra parte del encierro: ``allowed_env`` deja pasar solo las variables de
una lista (las que necesitan Python, Jupyter, torch, matplotlib y el curso); las demás (testigos,
contraseñas, claves) no llegan a ningún núcleo del curso.

``weaknesses()`` prueba el encierro en un proceso aparte y dice, en castellano, qué protección
falta en este sistema; ``make grade`` lo dice en una línea. Ni este módulo ni los que usa (``landlock.py``,
``attempts.py``, ``privileges.py``, ``measure.py``) importan nada más del paquete: ``limits.py``, guion del
kernelspec de la corrección, lo importa a su lado, y ``python sandbox.py --probe`` es la prueba.
"""

from __future__ import annotations

import errno
import json
import os
import socket
import sys

if __package__:
    from . import measure, privileges
    from .attempts import Watcher, describe, open_report, read_report  # noqa: F401
    from .landlock import abi_version, read_paths, restrict
else:  # como guion (limits.py del kernelspec, o --probe): los demás módulos están en la misma carpeta
    import measure
    import privileges
    from attempts import Watcher, describe, open_report, read_report  # noqa: F401
    from landlock import abi_version, read_paths, restrict

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
    SWITCH_ENV, REPORT_ENV, "COURSE_WARM_KERNELS", "COURSE_MEMORY_LIMIT_MB", "COURSE_PROCESS_LIMIT", "COURSE_JOB_CGROUP",
    measure.FOLDER_ENV, measure.CONFIG_ENV,
})
ENV_PREFIXES = ("LC_", "OMP_", "MKL_", "OPENBLAS_", "KMP_", "GOMP_", "CUDA_", "TORCH_", "PYTORCH_")


def allowed_env(env) -> dict[str, str]:
    """Las variables de ``env`` que pueden llegar a un núcleo; las demás se quedan fuera."""
    return {k: v for k, v in env.items() if k in ENV_NAMES or k.startswith(ENV_PREFIXES)}


def kernel_folders() -> list[str]:
    """Donde escribe un núcleo de corrección: su carpeta de trabajo y su TMPDIR (la de sus sockets); con
    ``make test``, también la carpeta de sus datos de cobertura (``measure``)."""
    return [os.getcwd(), os.environ.get("TMPDIR", ""), *filter(None, [measure.data_folder()])]


# --- la red y los privilegios -------------------------------------------------------------

def isolate() -> tuple[str | None, list[str]]:
    """Sin red y sin privilegios (``privileges.py``): lo que falta de la red y lo que falta de los privilegios."""
    network, privilege = privileges.isolate()
    dropped = privileges.drop_capabilities()
    return network, [f"privilegios: {reason}" for reason in (privilege, dropped) if reason]


# --- todo junto ---------------------------------------------------------------------------

def enter(writes: list[str]) -> list[str]:
    """Encierra este proceso y lo que arranque: lee lo de ``read_paths``, escribe en ``writes``, sin red y,
    si el entorno da un fichero de informe, anotando lo que se le niega. Devuelve lo que no se pudo."""
    if os.environ.get(SWITCH_ENV) == "0":
        os.environ.pop(REPORT_ENV, None)
        return [f"encierro desactivado con {SWITCH_ENV}=0"]
    report = open_report(os.environ.pop(REPORT_ENV, ""))
    network, missing = isolate()
    abi = abi_version()
    if abi < 1:
        missing.append("este sistema no tiene Landlock: el núcleo lee y escribe donde quiera su usuario")
    else:
        failed = restrict(writes, read_paths(), abi)
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
