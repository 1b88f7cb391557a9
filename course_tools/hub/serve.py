"""``make hub``: comprueba lo que el hub necesita y arranca JupyterHub como root, con su estado en una carpeta.

Antes de arrancar dice en castellano lo que falta (ser root, la biblioteca de PAM, el proxy, un puerto libre);
después, una línea por paso y la dirección; lo demás va al registro de la carpeta de estado. Ctrl-C lo para:
JupyterHub para el proxy y los servidores de cada uno, y el estado (usuarios del hub, exchange, contraseñas
iniciales) queda en su carpeta para la próxima vez.
"""

from __future__ import annotations

import ctypes.util
import os
import signal
import socket
import stat
import subprocess
import sys
from pathlib import Path

from ..layout.course import ROOT
from ..learner.lab import answers_in_time
from .accounts import LEARNERS_GROUP, TEACHERS_GROUP, ensure_group

CONFIG = ROOT / "hub" / "jupyterhub_config.py"
STATE = ROOT / "build" / "hub"
PASSWORDS = "contrasenas-iniciales.csv"
BIN = Path(sys.executable).parent


def problems(port: int) -> list[str]:
    """Lo que impide arrancar el hub, cada cosa con cómo arreglarla; vacío si se puede."""
    found = []
    if os.geteuid() != 0:
        found.append("el hub se arranca como root (sudo make hub): crea el servidor de cada alumno con su usuario")
    if not ctypes.util.find_library("pam"):
        found.append("falta la biblioteca de PAM del sistema: apt-get install libpam0g")
    if not Path("/etc/pam.d/login").is_file():
        found.append("falta /etc/pam.d/login (la entrada con usuarios de Unix): apt-get install login")
    if not (BIN / "configurable-http-proxy").exists():
        found.append(f"falta el proxy del hub en {BIN}: rm {BIN.parent}/.instalado && make hub")
    found += unreachable_for_learners()
    if port_in_use(port):
        found.append(f"ya hay algo escuchando en el puerto {port} (¿otro hub?). Páralo o usa otro: make hub PORT={port + 1}")
    return found


def port_in_use(port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("0.0.0.0", port))
            return False
        except OSError:
            return True


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def closed_parents(path: Path) -> list[Path]:
    """Las carpetas del camino hasta ``path`` (ella incluida, si es una carpeta) que los demás usuarios no pueden
    atravesar (p. ej. /root, 700), de arriba abajo."""
    walked = [*reversed(path.parents), *([path] if path.is_dir() else [])]
    return [folder for folder in walked if folder != Path("/") and not os.stat(folder).st_mode & stat.S_IXOTH]


def needed_by_learners() -> list[Path]:
    """Lo que el servidor de cada alumno tiene que atravesar: el Python del entorno y el curso (su .venv)."""
    return [Path(os.path.realpath(sys.executable)), ROOT]


def unreachable_for_learners() -> list[str]:
    """Lo que el hub no puede abrir a los alumnos (tras dos carpetas cerradas), con cómo arreglarlo."""
    found = []
    for path in needed_by_learners():
        closed = closed_parents(path)
        if len(closed) > 1 or closed[:1] == [path]:  # el hub abre una sola carpeta del camino, y no la última
            found.append(f"{path}: el camino pasa por {len(closed)} carpeta(s) cerrada(s) a los demás "
                         f"({', '.join(map(str, closed))}) y los alumnos no llegarían. Pon el curso en una carpeta que "
                         f"puedan atravesar (p. ej. /srv/pytorch-minimo) o ábrelas con chmod o+x")
    return found


def opened_for_learners(command: list[str], state: Path) -> list[str]:
    """Si el Python del entorno o el curso están tras una carpeta cerrada (un pyenv o un clon en /root, 700), el
    servidor de un alumno no podría ejecutarlos: el hub corre entonces en un espacio de montajes propio donde esa
    carpeta se ve abierta (0711) y solo con el camino hacia ellos, como una instalación compartida. Fuera, nada
    cambia."""
    openings: dict[Path, set[str]] = {}
    for path in needed_by_learners():
        closed = closed_parents(path)
        if closed and closed[0] != path:
            openings.setdefault(closed[0], set()).add(path.relative_to(closed[0]).parts[0])
    if not openings:
        return command
    binds, covers = [], []
    for number, (closed, insides) in enumerate(sorted(openings.items())):
        shim = state / ("abierta" if number == 0 else f"abierta-{number}")
        for inside in sorted(insides):
            (shim / inside).mkdir(parents=True, exist_ok=True)
            binds += [str(closed / inside), str(shim / inside)]
        shim.chmod(0o711)
        covers += [str(shim), str(closed)]
        shown = ", ".join(f"{inside}/" for inside in sorted(insides))
        print(f"aviso: {closed} está cerrada a los demás; el hub la ve abierta solo hasta {shown}")
    mounts = [f'mount --bind "${{{n}}}" "${{{n + 1}}}"' for n in range(1, len(binds), 2)]
    mounts += [f'mount --rbind "${{{n}}}" "${{{n + 1}}}"' for n in range(len(binds) + 1, len(binds) + len(covers), 2)]
    script = " && ".join([*mounts, f"shift {len(binds) + len(covers)}", 'exec "$@"'])
    return ["unshare", "--mount", "--propagation", "private", "--", "sh", "-c", script, "sh", *binds, *covers, *command]


def _ready(url: str, process: subprocess.Popen, timeout: float = 120) -> bool:
    return answers_in_time(f"{url}/hub/api", process, timeout)


def prepare_state(state: Path) -> dict[str, str]:
    """La carpeta de estado (abierta para atravesarla) y la exchange de nbgrader dentro; las variables del hub."""
    for group in (LEARNERS_GROUP, TEACHERS_GROUP):
        ensure_group(group)  # el hub pregunta por los dos en cada entrada
    state.mkdir(parents=True, exist_ok=True)
    state.chmod(0o755)
    exchange = state / "exchange"
    exchange.mkdir(exist_ok=True)
    exchange.chmod(0o777)  # lo que pide nbgrader: cada uno crea lo suyo, con sus permisos
    return {"COURSE_HUB_STATE": str(state), "COURSE_HUB_EXCHANGE": str(exchange),
            "COURSE_HUB_INTERNAL_PORT": str(free_port()), "COURSE_HUB_PROXY_API_PORT": str(free_port())}


def _stop_as_ctrl_c(_signum, _frame):
    raise KeyboardInterrupt


def serve(port: int = 8000, state: Path = STATE, ip: str = "") -> int:
    state = Path(state).resolve()
    signal.signal(signal.SIGINT, signal.default_int_handler)  # también si lo lanzó un shell que ignoraba Ctrl-C
    signal.signal(signal.SIGTERM, _stop_as_ctrl_c)  # kill o systemd: igual que Ctrl-C
    found = problems(port)
    if found:
        print("✗ No se puede arrancar el hub:")
        print("\n".join(f"  - {line}" for line in found))
        return 2
    env = {**os.environ, **prepare_state(state), "COURSE_HUB_PORT": str(port), "COURSE_HUB_IP": ip,
           "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    log_file = state / "jupyterhub.log"
    print(f"Arrancando JupyterHub en el puerto {port} (estado en {state}; sus mensajes, en {log_file.name})...", flush=True)
    command = opened_for_learners([str(BIN / "jupyterhub"), "-f", str(CONFIG)], state)
    with log_file.open("a", encoding="utf-8") as log:
        process = subprocess.Popen(command, cwd=state, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            if not _ready(f"http://127.0.0.1:{port}", process):
                process.terminate()
                process.wait()
                tail = log_file.read_text(encoding="utf-8", errors="replace").splitlines()[-15:]
                print(f"✗ JupyterHub no arrancó. Últimas líneas de {log_file}:")
                print("\n".join("  " + line for line in tail))
                return 1
            print(f"Listo: http://{socket.gethostname()}:{port} (en esta máquina, http://127.0.0.1:{port})")
            print(f"Alumnos nuevos: python -m course_tools.hub alta lista.csv (contraseñas en {state / PASSWORDS}).")
            print("Para pararlo, pulsa Ctrl+C aquí.", flush=True)
            return process.wait()
        except KeyboardInterrupt:
            process.terminate()  # JupyterHub para el proxy y los servidores de cada uno
            process.wait()
            print(f"\nHub parado. Su estado queda en {state}.")
            return 0
