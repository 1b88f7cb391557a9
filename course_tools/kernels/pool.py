"""Los padres calientes de este proceso: uno por entorno de arranque, creados al pedir el primer núcleo.

Un padre caliente solo sirve núcleos cuyo entorno *de arranque* es el suyo: lo que Python o una
biblioteca leen una sola vez al empezar (PYTHONHASHSEED, PYTHONPATH, el idioma, los hilos de
OpenMP, MPLBACKEND...). Por eso hay uno por cada combinación de esas variables (en la práctica,
uno o dos por proceso). Se arranca con el entorno del primer núcleo que lo pide; cada núcleo
recibe después el suyo entero.

El padre vive mientras viva quien lo creó: se va cuando este cierra la tubería de su entrada
estándar (``stop_all``, al terminar el intérprete) o cuando muere. Si muere antes de tiempo, el
siguiente núcleo arranca otro. Si no puede arrancar (otro sistema, la comprobación de ``fork``
falla), ``get`` devuelve ``None`` y el proveedor usa el arranque normal.
"""

from __future__ import annotations

import atexit
import json
import os
import select
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from .protocol import Channel

REPO_ROOT = Path(__file__).resolve().parents[2]  # desde aquí se importa ``course_tools``
STARTUP_PREFIXES = ("PYTHON", "LANG", "LC_", "OMP_", "MKL_", "KMP_", "GOMP_", "OPENBLAS_",
                    "TORCH", "PYTORCH", "CUDA", "NUMPY", "MPL", "JUPYTER_PLATFORM_DIRS")
START_TIMEOUT = 180  # segundos para importar torch y pasar la comprobación en una máquina cargada
LAUNCH_TIMEOUT = 60  # segundos para que un padre ya listo responda con el núcleo


class WarmParent:
    """Un padre caliente en marcha, visto desde su dueño."""

    def __init__(self, python: str, env: dict[str, str]):
        self.folder = tempfile.mkdtemp(prefix="curso-caliente-")  # solo para quien lo crea (0700)
        self.socket_path = os.path.join(self.folder, "socket")
        status_read, status_write = os.pipe()
        self.process = subprocess.Popen(
            [python, "-m", "course_tools.kernels.warm_parent", "--socket", self.socket_path,
             "--owner", str(os.getpid()), "--status-fd", str(status_write)],
            stdin=subprocess.PIPE, cwd=REPO_ROOT, env=_parent_env(env), pass_fds=[status_write],
            start_new_session=True,  # Ctrl+C en la terminal no le llega; lo apaga su dueño
        )
        os.close(status_write)
        self.pid = self.process.pid
        self.problem = _read_status(status_read, self.process)
        if self.problem:
            self.stop()

    def alive(self) -> bool:
        return self.process.poll() is None

    def launch(self, request: dict, fds: list[int]) -> tuple[int, int, Channel]:
        """Pide un núcleo; devuelve su pid, un pidfd suyo y la conexión por la que llegará su final."""
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(LAUNCH_TIMEOUT)  # un padre parado (SIGSTOP) no nos cuelga para siempre
        chan = Channel(sock)
        try:
            sock.connect(self.socket_path)
            chan.send({"op": "launch", **request}, fds)
            reply, got = chan.receive()
        except BaseException:
            chan.close()
            raise
        sock.settimeout(None)
        if not reply or "pid" not in reply or len(got) != 1:
            chan.close()
            raise RuntimeError("el padre caliente no arrancó el núcleo")
        return reply["pid"], got[0], chan

    def stop(self, timeout: float = 10) -> None:
        """Le pide que se vaya (y se lleve sus núcleos); si no se va, lo mata."""
        if self.process.stdin and not self.process.stdin.closed:
            self.process.stdin.close()
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def startup_key(python: str, env: dict[str, str]) -> tuple:
    """Lo que tiene que coincidir entre un núcleo y el padre que lo da a luz."""
    return (python, tuple(sorted((k, v) for k, v in env.items() if k.startswith(STARTUP_PREFIXES))))


def _parent_env(env: dict[str, str]) -> dict[str, str]:
    # Sin JPY_PARENT_PID: ipykernel la lee al importarse y el núcleo recibe la suya al nacer.
    return {k: v for k, v in env.items() if k != "JPY_PARENT_PID"}


def _read_status(fd: int, process: subprocess.Popen) -> str | None:
    """Espera la línea con que el padre dice si está listo; el motivo si no lo está."""
    with os.fdopen(fd, "rb") as status:
        ready, _, _ = select.select([status], [], [], START_TIMEOUT)
        line = status.readline() if ready else b""
    if not ready:
        return f"el padre caliente no estuvo listo en {START_TIMEOUT} s"
    if not line:
        return f"el padre caliente terminó al arrancar (código {process.wait()})"
    answer = json.loads(line)
    return None if answer.get("ok") else answer.get("reason", "motivo desconocido")


class Pool:
    """Los padres calientes de este proceso, por clave de arranque."""

    def __init__(self):
        self.owner = os.getpid()
        self.parents: dict[tuple, WarmParent] = {}
        self.failed: dict[tuple, str] = {}
        self.lock = threading.Lock()

    def get(self, python: str, env: dict[str, str]) -> tuple[WarmParent | None, str | None]:
        """El padre para este entorno (arrancado si hace falta), o ``None`` y el motivo."""
        key = startup_key(python, env)
        with self.lock:
            if key in self.failed:
                return None, self.failed[key]
            parent = self.parents.get(key)
            if parent is not None and not parent.alive():
                parent.stop()  # murió: se arranca otro
                parent = None
            if parent is None:
                parent = WarmParent(python, env)
                if parent.problem:
                    self.failed[key] = parent.problem
                    return None, parent.problem
                self.parents[key] = parent
            return parent, None

    def discard(self, parent: WarmParent) -> None:
        """Olvida (y apaga) un padre que falló: el próximo núcleo arrancará otro."""
        with self.lock:
            self.parents = {k: p for k, p in self.parents.items() if p is not parent}
        parent.stop(timeout=5)

    def stop_all(self) -> None:
        with self.lock:
            parents, self.parents = list(self.parents.values()), {}
        for parent in parents:
            parent.stop()


_pool: Pool | None = None
_pool_lock = threading.Lock()


def pool() -> Pool:
    """El conjunto de padres de este proceso. Un hijo de ``fork`` no usa los de su padre: crea los suyos."""
    global _pool
    with _pool_lock:
        if _pool is None or _pool.owner != os.getpid():
            if _pool is None:
                os.register_at_fork(after_in_child=_forget_inherited)
            _pool = Pool()
            atexit.register(_stop_at_exit, _pool)
        return _pool


def _forget_inherited() -> None:
    """En un hijo de ``fork``: suelta las tuberías heredadas, para que los padres calientes de antes
    vean el final de su dueño cuando llegue (si no, este hijo los mantendría vivos)."""
    if _pool is not None and _pool.owner != os.getpid():
        for parent in _pool.parents.values():
            if parent.process.stdin and not parent.process.stdin.closed:
                parent.process.stdin.close()


def _stop_at_exit(which: Pool) -> None:
    if which.owner == os.getpid():
        which.stop_all()


def warm_parent_pids() -> set[int]:
    """Los pid de los padres calientes vivos de este proceso (p. ej. para no matarlos al limpiar tras un trabajo)."""
    current = _pool
    if current is None or current.owner != os.getpid():
        return set()
    return {p.pid for p in current.parents.values() if p.alive()}


def prewarm(env: dict[str, str] | None = None, python: str = sys.executable) -> str | None:
    """Arranca ya el padre para ``env`` (por defecto, el de este proceso); el motivo si no se pudo."""
    return pool().get(python, dict(os.environ if env is None else env))[1]
