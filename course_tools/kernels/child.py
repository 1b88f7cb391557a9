"""Lo que hace un hijo del padre caliente antes de convertirse en núcleo.

El hijo nace con la memoria del padre (ipykernel, torch y numpy ya importados), pero debe
arrancar como lo haría ``python -m ipykernel_launcher -f CONN`` en un proceso nuevo: su propia
sesión y grupo de procesos, su carpeta, su entorno (``os.environ`` entero, no el del padre), los
límites del sistema de la corrección y su encierro (``isolation.limits.apply_limits``, que
llama el padre caliente), las señales como las deja Python al arrancar y un estado
aleatorio nuevo (los cuadernos fijan su semilla ellos mismos). Después ``run_kernel`` arranca
``IPKernelApp`` con los argumentos del kernelspec.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import time

PR_SET_PDEATHSIG = 1


def die_with_parent(parent_pid: int) -> None:
    """Que el sistema mate a este proceso si muere su padre (y salir ya si ha muerto antes de pedirlo)."""
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent_pid:
        os._exit(1)


def set_stdio(stdio: dict[int, int]) -> None:
    """Pone en 0, 1 y 2 los descriptores que pidió quien arranca el núcleo; la entrada, /dev/null si no pidió nada."""
    stdio = dict(stdio)
    if 0 not in stdio:
        stdio[0] = os.open(os.devnull, os.O_RDONLY)
    for target, fd in stdio.items():
        if fd != target:
            os.dup2(fd, target)
            os.close(fd)


def apply_env(env: dict[str, str], cwd: str) -> None:
    """El entorno y la carpeta del núcleo; ``os.environ`` cambia también el entorno de C (``putenv``)."""
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    os.environ["JPY_PARENT_PID"] = str(os.getppid())  # como hace jupyter_client con un núcleo normal
    tempfile = sys.modules.get("tempfile")
    if tempfile is not None:
        tempfile.tempdir = None  # la carpeta temporal se decide la primera vez: que salga del TMPDIR del núcleo
    if hasattr(time, "tzset"):
        time.tzset()  # la zona horaria se lee al importar ``time``: que valga la del núcleo


def restore_signals(original: dict[int, object], mask: set[int]) -> None:
    """Deja las señales como las encontró el padre al arrancar (SIGINT → KeyboardInterrupt, SIGPIPE ignorada...)."""
    signal.set_wakeup_fd(-1)
    for signum, handler in original.items():
        try:
            signal.signal(signum, handler)
        except (OSError, ValueError, TypeError):
            pass  # señales que Python no deja tocar
    signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def fresh_random_state() -> None:
    """Semillas nuevas del sistema para ``random``, numpy y torch: el hijo no hereda la suerte de su padre."""
    random.seed()
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        numpy.random.seed()
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.seed()


def match_threads(env: dict[str, str]) -> None:
    """Los hilos de torch según OMP_NUM_THREADS del núcleo, no según el entorno con que arrancó el padre."""
    torch = sys.modules.get("torch")
    wanted = env.get("OMP_NUM_THREADS", "")
    if torch is not None and wanted.isdigit() and int(wanted) > 0:
        torch.set_num_threads(int(wanted))


def launcher_argv(args: list[str]) -> list[str]:
    """``sys.argv`` tal como lo ve un núcleo arrancado con ``python -m ipykernel_launcher``."""
    import importlib.util

    spec = importlib.util.find_spec("ipykernel_launcher")
    return [spec.origin if spec and spec.origin else "ipykernel_launcher", *args]


def run_kernel(args: list[str]) -> None:
    """Arranca ``IPKernelApp`` como ``ipykernel_launcher``; vuelve cuando el núcleo termina."""
    from ipykernel.kernelapp import IPKernelApp

    # ``parent_handle`` toma su valor de JPY_PARENT_PID al importar ipykernel (en el padre, sin
    # ella): aquí vale el del entorno del núcleo, el proceso que vigila su final.
    IPKernelApp.launch_instance(argv=args, parent_handle=int(os.environ["JPY_PARENT_PID"]))
