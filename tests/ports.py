"""Puertos libres de loopback para los servidores que arrancan las pruebas (JupyterLab, PostgreSQL)."""

import socket


def free_port() -> int:
    """Un puerto TCP de 127.0.0.1 que nadie usa ahora mismo."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
