"""Mirar procesos desde las pruebas (con psutil): si siguen vivos y quién es su padre."""

from __future__ import annotations

import psutil


def alive(pid: int) -> bool:
    """Vivo y no zombi."""
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def parent_of(pid: int) -> int:
    return psutil.Process(pid).ppid()
