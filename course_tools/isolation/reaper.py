"""Nada de lo que arranca una entrega sobrevive a su corrección.

Un proceso que la entrega deja atrás (un ``Popen`` sin esperar, un doble ``fork``, uno que se
va a otra sesión con ``setsid``) escapa del grupo de procesos del núcleo, y al morir su padre
pasaría a ser hijo de ``init``: podría dormir hasta que acabe la comprobación de trampas y
entonces tocar la libreta de notas o las entregas de otros. En Linux, el trabajador que corrige
se declara *child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``): todo huérfano de sus
descendientes pasa a ser hijo suyo, y tras cada trabajo ``end_descendants`` los mata a todos.
Qué procesos hay y de quién son hijos lo dice psutil.
"""

from __future__ import annotations

import os
import sys

import psutil

PR_SET_CHILD_SUBREAPER = 36


def become_subreaper() -> bool:
    """Hace de este proceso el que adopta a los huérfanos de sus descendientes. Devuelve si pudo."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0


def children(pid: int | None = None) -> list[int]:
    """Los hijos vivos (o sin recoger) de ``pid``."""
    try:
        return [child.pid for child in psutil.Process(pid).children()]
    except psutil.NoSuchProcess:
        return []


def end_descendants(rounds: int = 50, spare: set[int] = frozenset()) -> int:
    """Mata a todos los hijos de este proceso (menos los de ``spare``) y a los que hereda al matarlos;
    devuelve cuántos fueron."""
    ended = 0
    for _ in range(rounds):
        alive = [pid for pid in children() if pid not in spare]
        if not alive:
            break
        for pid in alive:
            try:
                psutil.Process(pid).kill()
            except psutil.NoSuchProcess:
                pass
        for pid in alive:
            try:
                os.waitpid(pid, 0)  # recogerlo: psutil no recoge a los hijos que no arrancó él
            except ChildProcessError:
                pass
        ended += len(alive)
    return ended
