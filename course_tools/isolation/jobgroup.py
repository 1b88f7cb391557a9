"""El trabajo de corrección entero, acotado: un grupo de control (cgroup) por trabajo con la memoria de todo su
árbol de procesos (``memory_mb``) y su número de procesos (``processes_max``), y nada vivo si muere la ronda.

- ``create`` hace el grupo de un trabajo debajo del grupo de este proceso (así nunca sale de los límites que ya
  tenga quien corrige): cgroup v2 si el grupo de este proceso ya reparte ``memory`` y ``pids`` a sus hijos (su
  ``cgroup.subtree_control``) y se puede escribir en él, o cgroup v1 (``memory`` y ``pids``) si este usuario
  puede escribir ahí (root). Este proceso no se mueve de grupo: en cgroup v2, un grupo con procesos no reparte
  controladores (salvo la raíz), así que donde el de quien corrige no lo hace ya, no hay grupo. Si no se puede,
  ``None``: queda el límite de procesos de ``limits.apply_limits`` (``RLIMIT_NPROC`` dentro del espacio de
  usuario propio del núcleo) y el de memoria de cada proceso (``RLIMIT_AS``).
- El núcleo entra él mismo en el grupo al arrancar (``join_from_env``, desde ``limits.apply_limits``, antes del
  encierro): lo dice ``ENV`` en su entorno, que escribe ``grading/kernel.start_env`` con ``current``. Todo lo
  que arranque después nace dentro.
- ``JobGroup.reached`` dice qué límite tocó el trabajo (``memory``, ``too-many-processes``) y ``end`` mata lo
  que quede dentro y borra el grupo.
- ``watch_round``: un vigilante aparte que, cuando muere el proceso de ``make grade`` (también con SIGKILL), mata
  todo lo que quede en los grupos de su ronda y los borra.

No importa nada del paquete (``limits.py``, guion del kernelspec, lo importa a su lado).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ENV = "COURSE_JOB_CGROUP"  # los ficheros cgroup.procs del grupo del trabajo, separados por os.pathsep
ROUND_ENV = "COURSE_GRADING_ROUND"  # la ronda de make grade (el pid de su proceso principal)
PREFIX = "curso-ronda-"
CONTROLLERS = ("memory", "pids")
MB = 1024 * 1024
_current: list = [None]  # el grupo del trabajo que corre ahora en este proceso


def _own_paths() -> dict[str, str]:
    """Controlador (o "" para cgroup v2) → ruta del grupo de este proceso, de /proc/self/cgroup."""
    found = {}
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return found
    for line in lines:
        _, names, path = line.split(":", 2)
        for name in names.split(",") if names else [""]:
            found[name] = path
    return found


def _mounts() -> dict[str, Path]:
    """Controlador (o "" para cgroup v2) → dónde está montada su jerarquía."""
    found = {}
    try:
        lines = Path("/proc/self/mounts").read_text().splitlines()
    except OSError:
        return found
    for line in lines:
        fields = line.split()
        if len(fields) < 4:
            continue
        if fields[2] == "cgroup2":
            found.setdefault("", Path(fields[1]))
        elif fields[2] == "cgroup":
            for option in fields[3].split(","):
                if option in CONTROLLERS:
                    found.setdefault(option, Path(fields[1]))
    return found


def places() -> tuple[str, dict[str, Path]] | tuple[None, str]:
    """Dónde hacer los grupos de los trabajos: ("v2", {"": carpeta}) o ("v1", {controlador: carpeta}), o
    (None, por qué no se puede)."""
    if not sys.platform.startswith("linux"):
        return None, "no es Linux"
    own, mounts = _own_paths(), _mounts()
    if "" in mounts and "" in own:
        folder = mounts[""] / own[""].lstrip("/")
        try:
            delegated = set((folder / "cgroup.subtree_control").read_text().split())
        except OSError:
            delegated = set()
        if set(CONTROLLERS) <= delegated and os.access(folder, os.W_OK):
            return "v2", {"": folder}
    if all(name in mounts and name in own for name in CONTROLLERS):
        folders = {name: mounts[name] / own[name].lstrip("/") for name in CONTROLLERS}
        if all(os.access(folder, os.W_OK) for folder in folders.values()):
            return "v1", folders
        return None, "cgroup v1 sin permiso de escritura (corrige como root o con un grupo delegado)"
    return None, "sin un grupo de control con memory y pids delegados"


def mechanism(memory_mb: int, processes: int) -> str:
    """La línea de ``make grade`` que dice cómo se acota cada trabajo en esta máquina."""
    kind, where = places()
    nproc = f"RLIMIT_NPROC {processes} en el espacio de usuario de cada núcleo"
    if os.geteuid() == 0:  # Linux no aplica RLIMIT_NPROC a root (el uid 0 de fuera), tampoco en su espacio propio
        nproc += " (no cuenta corrigiendo como root"
        nproc += ": cuenta el pids.max del cgroup)" if kind else ": sin cgroup, el número de procesos queda sin tope)"
    if kind:
        folders = ", ".join(str(folder) for folder in where.values())
        return (f"límites de cada trabajo: {memory_mb} MB y {processes} procesos para todo su árbol, con un cgroup "
                f"{kind} por trabajo (en {folders}), y además {nproc}")
    return (f"límites de cada trabajo: sin cgroup ({where}): {nproc} y {memory_mb} MB por proceso (RLIMIT_AS); "
            "la memoria del árbol entero no queda acotada (ver «Límites» en el README)")


class JobGroup:
    """El grupo de control de un trabajo (una carpeta por jerarquía: una en v2, dos en v1)."""

    def __init__(self, kind: str, folders: dict[str, Path]):
        self.kind, self.folders = kind, folders

    def procs_files(self) -> list[str]:
        return [str(folder / "cgroup.procs") for folder in self.folders.values()]

    def _read(self, controller: str, name: str) -> dict[str, int]:
        folder = self.folders["" if self.kind == "v2" else controller]
        try:
            pairs = (line.split() for line in (folder / name).read_text().splitlines())
            return {p[0]: int(p[1]) for p in pairs if len(p) == 2 and p[1].isdigit()}
        except OSError:
            return {}

    def reached(self) -> list[str]:
        """Los límites que tocó el trabajo: ``memory`` (el sistema mató un proceso suyo por memoria) y
        ``too-many-processes`` (se le negó un proceso nuevo)."""
        memory = self._read("memory", "memory.events" if self.kind == "v2" else "memory.oom_control")
        pids = self._read("pids", "pids.events")
        return [code for code, hit in (("memory", memory.get("oom_kill", 0)), ("too-many-processes", pids.get("max", 0)))
                if hit]

    def end(self) -> int:
        """Mata lo que quede dentro y borra el grupo; devuelve cuántos procesos mató."""
        return end_folders(list(self.folders.values()))


def create(name: str, memory_mb: int, processes: int) -> JobGroup | None:
    """El grupo de un trabajo, ya con sus límites, o None si esta máquina no deja hacerlo."""
    kind, where = places()
    if not kind:
        return None
    folders = {}
    try:
        for controller, parent in where.items():
            folder = parent / name
            folder.mkdir()
            folders[controller] = folder
        if kind == "v2":
            (folders[""] / "memory.max").write_text(str(memory_mb * MB))
            if (folders[""] / "memory.swap.max").exists():
                (folders[""] / "memory.swap.max").write_text("0")  # que no se escape a la memoria de intercambio
            (folders[""] / "pids.max").write_text(str(processes))
        else:
            (folders["memory"] / "memory.limit_in_bytes").write_text(str(memory_mb * MB))
            (folders["pids"] / "pids.max").write_text(str(processes))
    except OSError:
        end_folders(list(folders.values()))
        return None
    return JobGroup(kind, folders)


def start_job(job_name: str, memory_mb: int, processes: int) -> JobGroup | None:
    """Hace el grupo del trabajo que empieza en este proceso y lo deja como ``current``."""
    round_id = os.environ.get(ROUND_ENV, "suelta")
    group = create(f"{PREFIX}{round_id}-{os.getpid()}-{job_name}", memory_mb, processes)
    _current[0] = group
    return group


def stop_job() -> list[str]:
    """Lo que tocó el trabajo de este proceso; mata lo que quede en su grupo y lo borra."""
    group, _current[0] = _current[0], None
    if group is None:
        return []
    reached = group.reached()
    group.end()
    return reached


def current_env() -> dict[str, str]:
    """La variable que lleva al núcleo el grupo de su trabajo (vacío si no hay)."""
    group = _current[0]
    return {ENV: os.pathsep.join(group.procs_files())} if group else {}


def join_from_env(env) -> str | None:
    """Mete este proceso en el grupo que dice ``env``; el motivo si no pudo."""
    for procs in filter(None, env.get(ENV, "").split(os.pathsep)):
        try:
            with open(procs, "w") as handle:
                handle.write(str(os.getpid()))
        except OSError as err:
            return f"no entró en el grupo de su trabajo ({procs}: {err.strerror})"
    return None


def end_folders(folders: list[Path], tries: int = 50) -> int:
    """Mata todos los procesos de ``folders`` (y lo que nazca mientras) y borra las carpetas."""
    killed = 0
    for _ in range(tries):
        pids = set()
        for folder in folders:
            try:
                pids.update(int(p) for p in (folder / "cgroup.procs").read_text().split())
            except (OSError, ValueError):
                pass
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
                killed += 1
            except ProcessLookupError:
                pass
        folders = [f for f in folders if not _remove(f)]
        if not folders:
            break
        time.sleep(0.05)
    return killed


def _remove(folder: Path) -> bool:
    try:
        folder.rmdir()
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return True


def round_folders(round_id: str) -> list[Path]:
    """Los grupos que quedan de la ronda ``round_id`` en esta máquina."""
    kind, where = places()
    if not kind:
        return []
    return [folder for parent in where.values() for folder in parent.glob(f"{PREFIX}{round_id}-*")]


class RoundWatch:
    """La ronda de ``make grade``: marca su identificador en el entorno (los trabajadores locales lo heredan) y
    arranca un vigilante que, cuando este proceso muere o sale, mata lo que quede en los grupos de la ronda."""

    def __enter__(self) -> RoundWatch:
        self.round_id = str(os.getpid())
        self.previous = os.environ.get(ROUND_ENV)
        os.environ[ROUND_ENV] = self.round_id
        self.watcher = None
        if places()[0]:
            self.watcher = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--watch", self.round_id],
                                            stdin=subprocess.PIPE, start_new_session=True)
        return self

    def __exit__(self, *exc) -> None:
        if self.previous is None:
            os.environ.pop(ROUND_ENV, None)
        else:
            os.environ[ROUND_ENV] = self.previous
        if self.watcher:
            self.watcher.stdin.close()  # como si muriera: el vigilante limpia y se va
            try:
                self.watcher.wait(timeout=30)
            except subprocess.TimeoutExpired:  # no cuelga el final de la ronda: los grupos ya están vacíos
                self.watcher.kill()


def _watch(round_id: str) -> None:
    """El vigilante: espera a que se cierre su entrada (su dueño salió o murió) y limpia la ronda."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while sys.stdin.buffer.read(4096):
        pass
    for _ in range(3):  # un trabajador moribundo puede estar creando un grupo ahora mismo
        end_folders(round_folders(round_id))
        time.sleep(0.2)


if __name__ == "__main__" and sys.argv[1:2] == ["--watch"]:
    _watch(sys.argv[2])
