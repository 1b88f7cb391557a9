"""Sin privilegios y sin red: el núcleo de corrección no conserva nada de quien corrige, tampoco si es root.

``isolate`` pasa el proceso a un **espacio de nombres de usuario nuevo** y a uno de red nuevo, siempre, también
como root (CI, un contenedor, un servidor). En él el usuario sigue siendo el mismo (su uid se asigna a sí
mismo), pero ninguna capacidad del espacio de nombres inicial le vale: ``mknod`` de un dispositivo y ``bpf()``
dan ``EPERM``, como a cualquier usuario. Donde no se pueden crear espacios de nombres de usuario
(``user.max_user_namespaces=0``), root entra al menos en uno de red, y un usuario normal se queda con la red.

``drop_capabilities`` vacía después el conjunto límite (*bounding set*), las capacidades ambientales y las
efectivas, permitidas y heredables: ni el propio núcleo ni un programa que arranque (``execve`` de root
devuelve las capacidades que deja el conjunto límite) tienen ninguna. ``no_new_privs`` (lo pone el encierro
de Landlock) impide recuperarlas con un programa setuid. Va igual en un núcleo en frío y en uno en caliente:
los dos pasan por ``limits.apply_limits`` → ``sandbox.enter``.

Como guion (``limits.py`` en el kernelspec) este módulo se importa suelto, sin el paquete: no importa nada de él.
"""

from __future__ import annotations

import ctypes
import os
import sys

CLONE_NEWUSER, CLONE_NEWNET = 0x10000000, 0x40000000
PR_CAPBSET_DROP = 24
PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 47, 4
CAPABILITY_VERSION_3 = 0x20080522
LAST_CAP_FILE = "/proc/sys/kernel/cap_last_cap"


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32), ("inheritable", ctypes.c_uint32)]


def _libc():
    return ctypes.CDLL(None, use_errno=True)


def _write(path: str, text: str) -> None:
    fd = os.open(path, os.O_WRONLY)
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)


def isolate() -> tuple[str | None, str | None]:
    """Espacio de nombres de usuario y de red nuevos. Devuelve (lo que falta de la red, lo que falta de los
    privilegios), ``None`` donde no falta nada."""
    if not sys.platform.startswith("linux"):
        return "este sistema no tiene espacios de nombres de red", "este sistema no tiene espacios de nombres de usuario"
    libc = _libc()
    uid, gid = os.getuid(), os.getgid()
    if libc.unshare(CLONE_NEWUSER | CLONE_NEWNET) == 0:
        try:
            _write("/proc/self/setgroups", "deny")
            _write("/proc/self/uid_map", f"{uid} {uid} 1")
            _write("/proc/self/gid_map", f"{gid} {gid} 1")
        except OSError as error:
            return None, f"no se pudo conservar el usuario en el espacio de nombres nuevo: {error}"
        return None, None
    reason = os.strerror(ctypes.get_errno())
    if libc.unshare(CLONE_NEWNET) == 0:  # root sin espacios de nombres de usuario: sin red, pero root (sin capacidades)
        return None, f"sin espacio de nombres de usuario ({reason}): el núcleo sigue siendo root, sin capacidades"
    return f"no se pudo crear un espacio de nombres de red: {reason}", None


def drop_capabilities() -> str | None:
    """Vacía el conjunto límite, las ambientales y las efectivas, permitidas y heredables. El motivo si no pudo."""
    if not sys.platform.startswith("linux"):
        return None
    libc = _libc()
    try:
        with open(LAST_CAP_FILE) as last:
            last_cap = int(last.read())
    except (OSError, ValueError):
        last_cap = 63
    for cap in range(last_cap + 1):
        libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0)  # sin CAP_SETPCAP (un usuario normal) falla: no tiene nada que dar
    libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
    header, data = _CapHeader(CAPABILITY_VERSION_3, 0), (_CapData * 2)()
    if libc.capset(ctypes.byref(header), data) != 0:
        return f"no se pudieron soltar las capacidades: {os.strerror(ctypes.get_errno())}"
    effective = capabilities().get("CapEff", 0)
    return None if effective == 0 else f"el núcleo conserva capacidades ({effective:016x})"


def capabilities() -> dict[str, int]:
    """Las capacidades de este proceso según ``/proc/self/status`` (``CapEff``, ``CapBnd``…)."""
    found = {}
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("Cap"):
                    name, value = line.split(":", 1)
                    found[name] = int(value.strip(), 16)
    except (OSError, ValueError):
        pass
    return found
