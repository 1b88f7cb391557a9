"""Lo que se dicen el proveedor (en quien ejecuta cuadernos) y el padre caliente.

Cada mensaje es una línea JSON por un socket Unix de flujo; con ella pueden viajar descriptores
de fichero (``SCM_RIGHTS``): la salida y el error que quiere el núcleo, el *pidfd* del núcleo ya
arrancado. Por una misma conexión pueden llegar dos líneas seguidas (la respuesta y, si el núcleo
muere enseguida, su final), así que ``Channel`` guarda lo que sobra de cada lectura.
Lo usan los dos lados; no importa nada pesado.
"""

from __future__ import annotations

import json
import os
import socket

MAX_FDS = 4
SOCKETS_PREFIX = "nucleo-"  # carpeta de los sockets de un núcleo: la crea el proveedor; el padre la borra si hace falta
MAX_LINE = 16 * 1024 * 1024  # un entorno enorme cabe de sobra; más que esto es un error


class Channel:
    """Una conexión que lee y escribe líneas JSON, con descriptores de fichero si hace falta."""

    def __init__(self, sock: socket.socket):
        self.sock = sock
        self._buffer = b""
        self._fds: list[int] = []

    def fileno(self) -> int:
        return self.sock.fileno()

    def send(self, message: dict, fds: list[int] = ()) -> None:
        """Envía ``message`` como una línea; los descriptores ``fds`` van con el primer trozo."""
        data = (json.dumps(message) + "\n").encode("utf-8")
        sent = socket.send_fds(self.sock, [data], list(fds)) if fds else self.sock.send(data)
        if sent < len(data):
            self.sock.sendall(data[sent:])

    def receive(self) -> tuple[dict | None, list[int]]:
        """La siguiente línea y los descriptores llegados con ella; ``(None, [])`` si el otro lado cerró."""
        while b"\n" not in self._buffer:
            data, fds, _flags, _addr = socket.recv_fds(self.sock, 65536, MAX_FDS)
            self._fds.extend(fds)
            if not data:
                self.close_fds()  # mensaje a medias: nadie cerraría esos descriptores
                return None, []
            self._buffer += data
            if len(self._buffer) > MAX_LINE:
                raise ValueError("mensaje demasiado largo entre el proveedor y el padre caliente")
        line, self._buffer = self._buffer.split(b"\n", 1)
        fds, self._fds = self._fds, []
        return json.loads(line), fds

    def close_fds(self) -> None:
        for fd in self._fds:
            close_quietly(fd)
        self._fds = []

    def close(self) -> None:
        self.close_fds()
        self.sock.close()


def close_quietly(fd: int) -> None:
    """Cierra un descriptor que puede estar ya cerrado."""
    try:
        os.close(fd)
    except OSError:
        pass
