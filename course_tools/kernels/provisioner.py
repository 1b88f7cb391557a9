"""El proveedor de núcleos calientes de jupyter_client (``course-warm``).

Un kernelspec lo elige con ``"metadata": {"kernel_provisioner": {"provisioner_name": "course-warm"}}``
y jupyter_client lo encuentra por el punto de entrada ``jupyter_client.kernel_provisioners`` de
``pyproject.toml``; así nbclient, nbgrader y nbval lo usan sin cambios. Prepara el núcleo como
``LocalProvisioner`` (fichero de conexión, puertos, entorno) y en vez de ``Popen`` pide un hijo
al padre caliente de este proceso (``pool.py``). El núcleo no es hijo nuestro: se le vigila con
un *pidfd* (que nunca apunta a otro proceso aunque el pid se reutilice) y su código de salida
llega del supervisor que lo espera, después de matar todo lo que el núcleo dejó.

Si el kernelspec arranca algo que no sabemos hacer en caliente, o el padre caliente no puede
existir aquí (Windows, la comprobación de ``fork`` falla), o el entorno del núcleo trae
``COURSE_WARM_KERNELS=0``, avisa en una línea y arranca el núcleo de la forma normal.

En caliente o no, el núcleo y quien lo usa hablan por sockets Unix (transporte ``ipc`` de ZeroMQ)
en una carpeta propia de cada núcleo, no por puertos TCP. Con TCP, jupyter_client elige cinco
puertos libres, los suelta y el núcleo los ocupa un momento después: si entretanto otro proceso
(otro núcleo, la conexión de otro cliente) toma uno, el núcleo muere al arrancar («Kernel died
before replying to kernel_info»). Con varios trabajadores corrigiendo a la vez pasaba de verdad.
Un fichero en una carpeta que nadie más usa no se lo puede quitar nadie.
"""

from __future__ import annotations

import asyncio
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
from typing import Any

from jupyter_client.provisioning import LocalProvisioner

from ..isolation import limits, sandbox
from . import pool
from .protocol import SOCKETS_PREFIX, Channel, close_quietly

SWITCH_ENV = "COURSE_WARM_KERNELS"  # =0 en el entorno del núcleo: arranque normal, sin padre caliente
_noticed: set[str] = set()


class WarmKernel:
    """Un núcleo nacido del padre caliente, visto desde quien lo pidió."""

    def __init__(self, pid: int, pidfd: int, chan: Channel):
        self.pid = pid
        self.pidfd = pidfd
        self.chan = chan
        self.returncode: int | None = None

    def poll(self) -> int | None:
        """``None`` mientras viva el núcleo o algo que dejó; después, su código de salida."""
        if self.returncode is None and _readable(self.chan):
            report, fds = self.chan.receive()
            for fd in fds:
                close_quietly(fd)
            if report is None:  # el supervisor murió sin avisar: que no quede el núcleo
                self._signal_kernel(signal.SIGKILL)
                self.returncode = -signal.SIGKILL
            else:
                self.returncode = int(report["returncode"])
        return self.returncode

    def send_signal(self, signum: int) -> None:
        """Al grupo de procesos del núcleo, como ``LocalProvisioner``; nada si ya terminó."""
        if self.poll() is not None or _readable(self.pidfd):
            return  # terminó: su pid (y su grupo) ya no son suyos
        try:
            os.killpg(self.pid, signum)  # el núcleo es líder de su sesión: grupo = pid
        except (ProcessLookupError, PermissionError):
            self._signal_kernel(signum)  # aún no había hecho setsid

    def _signal_kernel(self, signum: int) -> None:
        try:
            signal.pidfd_send_signal(self.pidfd, signum)
        except ProcessLookupError:
            pass

    def close(self) -> None:
        close_quietly(self.pidfd)
        self.chan.close()


def _readable(source) -> bool:
    return bool(select.select([source], [], [], 0)[0])


def warm_plan(cmd: list[str], env: dict[str, str]) -> tuple[list[str], dict | None] | None:
    """Los argumentos de ``IPKernelApp`` y los límites, si sabemos arrancar ``cmd`` en caliente.

    Sabemos dos órdenes: ``python -m ipykernel_launcher ARGS`` y ``python .../isolation/limits.py ARGS``
    (la de la corrección, con límites de memoria y de ficheros: los de ``limits.apply_limits``).
    """
    if len(cmd) >= 3 and cmd[1:3] == ["-m", "ipykernel_launcher"]:
        return cmd[3:], None
    if len(cmd) >= 2 and os.path.basename(cmd[1]) == os.path.basename(limits.__file__):
        return cmd[2:], {"memory_mb": limits.memory_from(env), "file_mb": limits.MAX_FILE_MB}
    return None


def notice(reason: str) -> None:
    """Una línea en castellano por motivo y proceso: los núcleos arrancarán como siempre."""
    if reason not in _noticed:
        _noticed.add(reason)
        print(f"aviso: núcleos en caliente no disponibles ({reason}); se arrancan de la forma normal.",
              file=sys.stderr, flush=True)


def _stdio_fds(kwargs: dict[str, Any]) -> tuple[list[int], list[int], list[int]]:
    """Los destinos de stdin/stdout/stderr que pidió quien arranca el núcleo (ficheros, descriptores o
    ``DEVNULL``): a qué número van, qué descriptor enviar y cuáles abrimos aquí (para cerrarlos luego).
    ``PIPE`` no tiene sentido para un proceso que no es hijo nuestro: el núcleo hereda los del padre."""
    targets, fds, opened = [], [], []
    for target, name in enumerate(("stdin", "stdout", "stderr")):
        value = kwargs.get(name)
        if value == subprocess.DEVNULL:
            fd = os.open(os.devnull, os.O_RDWR)
            opened.append(fd)
        elif isinstance(value, int):
            fd = value if value >= 0 else None
        else:
            fd = value.fileno() if hasattr(value, "fileno") else None
        if fd is not None:
            targets.append(target)
            fds.append(fd)
    return targets, fds, opened


def _warm_parent(cmd: list[str], env: dict[str, str], plan) -> tuple[pool.WarmParent | None, str | None]:
    """El padre caliente que dará a luz este núcleo, o ``None`` y por qué se arranca de la forma normal."""
    if env.get(SWITCH_ENV) == "0":
        return None, f"desactivados con {SWITCH_ENV}=0"
    if not hasattr(os, "fork") or not sys.platform.startswith("linux"):
        return None, "hace falta Linux"
    if plan is None:
        return None, f"el kernelspec arranca una orden desconocida: {' '.join(cmd[:3])}"
    return pool.pool().get(cmd[0], env)


def socket_folder() -> str | None:
    """Una carpeta nueva (0700) para los sockets Unix de un núcleo, o ``None`` donde no los hay (Windows).

    En ``/tmp`` y con nombre corto: la ruta de un socket Unix no puede pasar de 104 bytes (macOS)."""
    if os.name != "posix":
        return None
    return tempfile.mkdtemp(prefix=SOCKETS_PREFIX, dir="/tmp" if os.path.isdir("/tmp") else None)


class WarmProvisioner(LocalProvisioner):
    """``LocalProvisioner`` que da a luz el núcleo en el padre caliente (o lo arranca como él, si no hay)."""

    warm: WarmKernel | None = None
    sockets: str | None = None  # la carpeta de los sockets Unix de este núcleo

    @property
    def has_process(self) -> bool:
        return self.warm is not None or self.process is not None

    async def pre_launch(self, **kwargs: Any) -> dict[str, Any]:
        self._use_unix_sockets()
        return await super().pre_launch(**kwargs)

    def _use_unix_sockets(self) -> None:
        """Que el fichero de conexión que escribe ``LocalProvisioner`` diga ``ipc`` y una carpeta propia.
        Al reiniciar el núcleo se conservan: el cliente ya conectado sigue sirviendo."""
        manager = self.parent
        if manager is None or (self.sockets and os.path.isdir(self.sockets)):
            return
        self.sockets = socket_folder()
        if self.sockets is None:
            return
        manager.transport = "ipc"
        manager.ip = os.path.join(self.sockets, "zmq")  # los sockets serán zmq-1 ... zmq-5
        manager.cache_ports = False  # la caché de puertos libres es solo para TCP
        # El fichero de conexión, también ahí: un núcleo de corrección solo lee en sus carpetas.
        manager.connection_file = os.path.join(self.sockets, "conexion.json")

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> dict:
        # Solo las variables de la lista del curso: nada más del entorno de quien arranca llega al núcleo.
        env = sandbox.allowed_env(kwargs.get("env") or os.environ)
        plan = warm_plan(cmd, env)
        if plan and plan[1] and self.sockets:
            # Núcleo de corrección: su TMPDIR y su HOME son la carpeta de sus sockets, la única (además de su
            # carpeta de trabajo) donde podrá escribir una vez encerrado (isolation/sandbox.py), en caliente o
            # en frío; la carpeta personal de quien corrige no es la suya.
            env["TMPDIR"] = env["HOME"] = self.sockets
        kwargs["env"] = env
        parent, reason = _warm_parent(cmd, env, plan)
        if parent is None:
            notice(reason)
            return await super().launch_kernel(cmd, **kwargs)
        args, kernel_limits = plan
        cwd = os.fspath(kwargs.get("cwd") or os.getcwd())
        if not os.path.isdir(cwd):
            raise FileNotFoundError(f"la carpeta del núcleo no existe: {cwd}")
        targets, fds, opened = _stdio_fds(kwargs)
        request = {"args": args, "env": env, "cwd": cwd, "limits": kernel_limits, "stdio": targets, "sockets": self.sockets}
        try:
            pid, pidfd, chan = parent.launch(request, fds)
        except (OSError, RuntimeError, ValueError) as error:  # murió, se colgó o respondió mal
            pool.pool().discard(parent)
            notice(f"el padre caliente falló: {error}")
            return await super().launch_kernel(cmd, **kwargs)
        finally:
            for fd in opened:
                os.close(fd)
        self.warm = WarmKernel(pid, pidfd, chan)
        self.pid = self.pgid = pid
        self.cwd = cwd
        return self.connection_info

    async def poll(self) -> int | None:
        if self.warm is None:
            return await super().poll()
        return self.warm.poll()

    async def wait(self) -> int | None:
        if self.warm is None:
            return await super().wait()
        while self.warm.poll() is None:
            await asyncio.sleep(0.05)
        returncode = self.warm.returncode
        self.warm.close()
        self.warm = None
        return returncode

    async def send_signal(self, signum: int) -> None:
        if self.warm is None:
            return await super().send_signal(signum)
        self.warm.send_signal(signum)

    async def kill(self, restart: bool = False) -> None:
        if self.warm is None:
            return await super().kill(restart)
        self.warm.send_signal(signal.SIGKILL)

    async def terminate(self, restart: bool = False) -> None:
        if self.warm is None:
            return await super().terminate(restart)
        self.warm.send_signal(signal.SIGTERM)

    async def cleanup(self, restart: bool = False) -> None:
        if self.warm is not None:  # nadie esperó al núcleo: que no quede nada suyo vivo
            self.warm.send_signal(signal.SIGKILL)
            await asyncio.wait_for(self.wait(), timeout=30)
        await super().cleanup(restart)
        if not restart and self.sockets:  # jupyter_client ya borró los sockets; queda su carpeta
            shutil.rmtree(self.sockets, ignore_errors=True)
            self.sockets = None

    async def get_provisioner_info(self) -> dict:
        info = await super().get_provisioner_info()
        info["warm"] = self.warm is not None
        return info
