"""Quién intentó qué dentro de un núcleo encerrado: el gancho de auditoría que lo anota (``Watcher``) y la
lectura de sus anotaciones (``read_report``, ``describe``).

Si el entorno trae ``COURSE_SANDBOX_REPORT`` (un fichero que abre quien arranca el núcleo, fuera de
su alcance), el gancho anota ahí cada lectura que el encierro deniega y cada intento de red. Solo ve
lo que hace Python en el propio núcleo. No importa nada del paquete (``sandbox.py`` lo importa a su
lado cuando corre como guion).
"""

from __future__ import annotations

import json
import os
import socket

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


def open_report(path: str) -> int | None:
    """El fichero de anotaciones abierto para añadir (el descriptor), o None si no hay o no se abre."""
    if not path:
        return None
    try:
        return os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)
    except OSError:
        return None
