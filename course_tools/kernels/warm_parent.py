"""El padre caliente: un proceso con ipykernel, torch, numpy y rukh_helpers ya importados que
da a luz núcleos por ``fork`` en vez de arrancar un Python nuevo para cada cuaderno.

    python -m course_tools.kernels.warm_parent --socket RUTA --owner PID --status-fd FD

Lo arranca ``pool.py`` (uno por proceso que ejecuta cuadernos y por entorno de arranque). Nunca
ejecuta una operación con tensores (ningún grupo de hilos vivo antes del ``fork``) ni código de
un cuaderno. Por cada petición en el socket hace un **supervisor**, y el supervisor el núcleo:

    padre caliente ── supervisor ── núcleo (sesión propia) ── lo que arranque el cuaderno

El supervisor se declara *child subreaper* (``reaper.become_subreaper``): todo lo que deje el
núcleo atrás (``Popen``, doble ``fork``, ``setsid``) acaba siendo hijo suyo. Cuando el núcleo
termina, mata a todos (``reaper.end_descendants``) y solo entonces dice a quien lo pidió el
código de salida: al acabar ``wait()`` no queda nada vivo de ese núcleo. El padre caliente hace
lo mismo con lo que se le quede huérfano, y al irse se lleva a todos sus descendientes. Se va
cuando su dueño cierra la tubería de su entrada estándar, cuando el dueño muere o con SIGTERM.
Al irse borra también su carpeta y la de los sockets de cada núcleo que mata: si su dueño murió
de golpe, nadie más lo haría.
"""

from __future__ import annotations

import gc
import json
import os
import select
import shutil
import signal
import socket
import struct
import sys
import time
import traceback

if __name__ == "__main__":
    # Lo que Python deja al arrancar, antes de que este programa toque nada: el núcleo lo recupera.
    # ``sys.path[0]`` es la carpeta desde la que arrancó ``-m``; ipykernel_launcher la quita igual.
    START_PATH = list(sys.path if sys.flags.safe_path else sys.path[1:])
    START_SIGNALS = {s: signal.getsignal(s) for s in signal.valid_signals()
                     if s not in (signal.SIGKILL, signal.SIGSTOP) and signal.getsignal(s) is not None}
    START_MASK = signal.pthread_sigmask(signal.SIG_BLOCK, [])

from course_tools.isolation import limits, measure, reaper  # noqa: E402
from course_tools.kernels import child  # noqa: E402
from course_tools.kernels.protocol import SOCKETS_PREFIX, Channel, close_quietly  # noqa: E402

PROBE_TIMEOUT = 60  # segundos para la comprobación de arranque (una máquina muy cargada)


class BecomeKernel(BaseException):
    """Lanzada en el nieto recién nacido: deshace la pila del padre y arranca el núcleo fuera de ella."""

    def __init__(self, args: list[str]):
        super().__init__()
        self.kernel_args = args


def preload() -> None:
    """Lo que todo núcleo del curso importa. Solo importa: ni un tensor, ni un hilo de cálculo."""
    import ipykernel.kernelapp  # noqa: F401
    import numpy  # noqa: F401
    import torch  # noqa: F401

    import rukh_helpers  # noqa: F401
    import rukh_helpers.checks  # noqa: F401
    import rukh_helpers.predictions  # noqa: F401

    # Lo importado vive lo que viva cada núcleo: fuera de la vista del recolector de basura, que así
    # no lo recorre (ni ensucia esas páginas compartidas, ni lo repasa al salir el núcleo).
    gc.collect()
    gc.freeze()


def self_check() -> str | None:
    """¿Es seguro dar a luz núcleos por ``fork`` aquí? Devuelve el motivo si no lo es.

    Un hijo de prueba multiplica matrices con 2 hilos de torch y con numpy: si se cuelga o da
    otro resultado, los núcleos se arrancarán de la forma normal.
    """
    if not sys.platform.startswith("linux") or not hasattr(os, "pidfd_open"):
        return "este sistema no tiene fork con pidfd (hace falta Linux)"
    if not reaper.become_subreaper():
        return "no se pudo adoptar a los huérfanos (prctl PR_SET_CHILD_SUBREAPER)"
    if sys.modules["torch"].cuda.is_initialized():
        return "CUDA se inició antes del fork"  # un hijo de fork no puede usarla
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            import numpy
            import torch

            torch.set_num_threads(2)
            a = torch.arange(64 * 64, dtype=torch.float64).reshape(64, 64) / 4096
            ok = torch.equal(a @ a.T, torch.from_numpy(numpy.dot(a.numpy(), a.numpy().T)))
            code = 0 if ok else 2
        finally:
            os._exit(code)
    deadline = time.monotonic() + PROBE_TIMEOUT
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return None if os.waitstatus_to_exitcode(status) == 0 else "la prueba de fork dio un resultado erróneo"
        time.sleep(0.01)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    return "la prueba de fork no terminó a tiempo"


def supervise(chan: Channel, request: dict, fds: list[int], warm_pid: int, listener: socket.socket) -> None:
    """El supervisor: arranca el núcleo, espera su final, mata lo que dejó y avisa. No vuelve nunca."""
    try:
        child.die_with_parent(warm_pid)
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)  # solo SIGKILL acaba con el supervisor
        listener.close()  # el socket del padre y su tubería con el dueño no son cosa del supervisor
        os.close(0)
        reaper.become_subreaper()
        me = os.getpid()
        kernel_pid = os.fork()
        if kernel_pid == 0:
            chan.sock.close()
            os.setsid()
            child.die_with_parent(me)
            child.set_stdio(dict(zip(request.get("stdio", []), fds)))
            # Antes del encierro: con la carpeta del repositorio en sys.path, cualquier import la leería.
            sys.path[:] = START_PATH
            child.apply_env(request["env"], request["cwd"])
            measure.start_in_kernel()  # solo con make test; antes del encierro, que no dejaría leer su configuración
            if request.get("limits"):  # un núcleo de corrección: como en frío, el guion limits.py
                limits.apply_limits(**request["limits"])
            child.restore_signals(START_SIGNALS, START_MASK)
            child.fresh_random_state()
            child.match_threads(request["env"])
            sys.argv = child.launcher_argv(request["args"])
            raise BecomeKernel(request["args"])
        for fd in fds:
            os.close(fd)
        pidfd = os.pidfd_open(kernel_pid)  # aún no lo hemos recogido: el pid no puede ser de otro
        try:
            chan.send({"pid": kernel_pid}, [pidfd])
        except OSError:
            os.kill(kernel_pid, signal.SIGKILL)  # quien lo pidió ya no está
        os.close(pidfd)
        returncode = _wait_for(kernel_pid)
        reaper.end_descendants()
        try:
            chan.send({"returncode": returncode})
        except OSError:
            pass
    except BecomeKernel:
        raise
    except BaseException:
        traceback.print_exc()
        os._exit(1)
    os._exit(0)


def _wait_for(kernel_pid: int) -> int:
    """Recoge hijos (también los huérfanos adoptados) hasta que termina el núcleo; su código de salida."""
    while True:
        pid, status = os.wait()
        if pid == kernel_pid:
            return os.waitstatus_to_exitcode(status)


def serve(listener: socket.socket, owner: int) -> None:
    """Atiende peticiones hasta que el dueño se va; al salir no deja ningún descendiente vivo."""
    me = os.getpid()
    supervisors: dict[int, str | None] = {}  # supervisor → carpeta de los sockets de su núcleo
    try:
        while os.getppid() == owner:
            if _reap(supervisors):
                _kill_orphans(supervisors)
            ready, _, _ = select.select([listener, 0], [], [], 0.5)
            if 0 in ready and not os.read(0, 4096):
                break  # el dueño cerró la tubería: se ha ido o ya no nos quiere
            if listener in ready:
                _handle(listener, supervisors, me, owner)
    finally:
        if os.getpid() == me:  # en el nieto que se convierte en núcleo no se limpia nada
            reaper.end_descendants()
            listener.close()
            for folder in supervisors.values():  # núcleos que acaban de morir: nadie los reiniciará
                remove_sockets(folder)


def remove_sockets(folder: str | None) -> None:
    """Borra la carpeta de sockets de un núcleo (solo una de las que crea ``provisioner.socket_folder``)."""
    if folder and os.path.isabs(folder) and os.path.basename(folder).startswith(SOCKETS_PREFIX):
        shutil.rmtree(folder, ignore_errors=True)


def _handle(listener: socket.socket, supervisors: dict[int, str | None], me: int, owner: int) -> None:
    conn, _ = listener.accept()
    # Solo atiende a su dueño: un núcleo (mismo usuario) que encontrara el socket no puede pedir
    # núcleos que sobrevivan a su trabajo.
    peer_pid, _uid, _gid = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i")))
    if peer_pid != owner:
        conn.close()
        return
    conn.settimeout(30)  # un cliente colgado no bloquea al padre para siempre
    chan = Channel(conn)
    try:
        request, fds = chan.receive()
    except (OSError, ValueError):
        conn.close()
        return
    if request and request.get("op") == "launch":
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            conn.settimeout(None)
            supervise(chan, request, fds, me, listener)
        supervisors[pid] = request.get("sockets")
    for fd in fds:
        close_quietly(fd)
    conn.close()


def _reap(supervisors: dict[int, str | None]) -> bool:
    """Recoge a los hijos que han terminado; dice si recogió alguno."""
    reaped = False
    while True:
        try:
            pid, _status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return reaped
        if pid == 0:
            return reaped
        supervisors.pop(pid, None)  # su núcleo terminó; los sockets son cosa de quien lo pidió (reinicio)
        reaped = True


def _kill_orphans(supervisors: dict[int, str | None]) -> None:
    """Todo hijo que no sea un supervisor vivo es lo que dejó un núcleo cuyo supervisor murió: fuera."""
    for pid in reaper.children():
        if pid not in supervisors:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def main(argv: list[str]) -> list[str] | None:
    """Corre el padre caliente; en el nieto que será núcleo devuelve sus argumentos."""
    import argparse

    parser = argparse.ArgumentParser(description="Padre caliente de núcleos del curso")
    parser.add_argument("--socket", required=True)
    parser.add_argument("--owner", type=int, required=True)
    parser.add_argument("--status-fd", type=int, required=True)
    options = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    preload()
    problem = self_check()
    with os.fdopen(options.status_fd, "w", encoding="utf-8") as status:
        if problem:
            status.write(json.dumps({"ok": False, "reason": problem}) + "\n")
            return None
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(options.socket)
        listener.listen(16)
        status.write(json.dumps({"ok": True, "pid": os.getpid()}) + "\n")
    me = os.getpid()
    try:
        serve(listener, options.owner)
    except BecomeKernel as become:
        return become.kernel_args
    finally:
        if os.getpid() == me:  # la carpeta la creó el dueño, pero quizá murió sin poder borrarla
            shutil.rmtree(os.path.dirname(options.socket), ignore_errors=True)
    return None


if __name__ == "__main__":
    _kernel_args = main(sys.argv[1:])
    if _kernel_args is not None:
        child.run_kernel(_kernel_args)  # ya somos el núcleo: al volver, Python termina como siempre
