"""Mirar procesos en /proc (Linux) desde las pruebas: si siguen vivos y quién es su padre."""

from __future__ import annotations


def _stat_fields(pid: int) -> list[str]:
    with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
        return stat.read().rsplit(")", 1)[1].split()  # el nombre del programa puede tener espacios


def alive(pid: int) -> bool:
    """Vivo y no zombi."""
    try:
        return _stat_fields(pid)[0] != "Z"
    except FileNotFoundError:
        return False


def parent_of(pid: int) -> int:
    return int(_stat_fields(pid)[1])
