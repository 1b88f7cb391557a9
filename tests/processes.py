"""Mirar procesos en /proc (Linux) desde las pruebas: si siguen vivos y quién es su padre."""

from __future__ import annotations

from course_tools.grading.reaper import stat_fields


def alive(pid: int) -> bool:
    """Vivo y no zombi."""
    try:
        return stat_fields(pid)[0] != "Z"
    except FileNotFoundError:
        return False


def parent_of(pid: int) -> int:
    return int(stat_fields(pid)[1])
