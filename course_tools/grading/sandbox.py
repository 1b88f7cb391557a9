"""El núcleo de corrección solo escribe en su carpeta y en su carpeta temporal (Landlock, Linux ≥ 5.13).

Un núcleo corre con el usuario de quien corrige: sin más, podría escribir en ``submitted/``, en
``autograded/``, en la libreta de notas del curso o en el curso de usar y tirar de otro trabajador.
``confine`` se lo prohíbe al proceso que la llama y a todo lo que arranque después (también tras
``exec``): crear, cambiar, truncar, renombrar o borrar ficheros y carpetas solo vale dentro de
``folders`` (la carpeta del núcleo y su TMPDIR) y, para escribir, en ``/dev/null`` y compañía.
Leer sigue permitido en todas partes (Python, torch, los datos de ``rukh_helpers``).

Donde Landlock no existe (otro sistema, un núcleo de Linux antiguo, un contenedor que lo filtra),
``confine`` no hace nada y dice por qué: lo que un núcleo cambie se deshace al final de la ronda.
Se usa desde ``kernels/child.py`` (núcleo en caliente) y desde ``kernel_limits.py`` (en frío), que
lo importa como guion: este módulo no importa nada del paquete.
"""

from __future__ import annotations

import ctypes
import os
import struct
import sys

SWITCH_ENV = "COURSE_SANDBOX"  # =0 en el entorno del núcleo: sin encierro (solo para probar lo demás)
DEVICES = ("/dev/null", "/dev/zero", "/dev/full")

# Llamadas al sistema de Landlock (el mismo número en x86_64 y aarch64) y sus constantes.
CREATE_RULESET, ADD_RULE, RESTRICT_SELF = 444, 445, 446
CREATE_RULESET_VERSION = 1
RULE_PATH_BENEATH = 1
PR_SET_NO_NEW_PRIVS = 38

WRITE_FILE = 1 << 1
REMOVE_DIR, REMOVE_FILE = 1 << 4, 1 << 5
MAKE_CHAR, MAKE_DIR, MAKE_REG, MAKE_SOCK, MAKE_FIFO, MAKE_BLOCK, MAKE_SYM = (1 << n for n in range(6, 13))
REFER = 1 << 13  # mover o enlazar entre carpetas (ABI 2)
TRUNCATE = 1 << 14  # (ABI 3)
WRITES = WRITE_FILE | REMOVE_DIR | REMOVE_FILE | MAKE_CHAR | MAKE_DIR | MAKE_REG | MAKE_SOCK | MAKE_FIFO | MAKE_BLOCK | MAKE_SYM
ON_FILES = WRITE_FILE | TRUNCATE  # lo único que se puede permitir sobre un fichero que no es carpeta


def abi_version() -> int:
    """La versión de Landlock de este sistema; 0 si no hay."""
    if not sys.platform.startswith("linux"):
        return 0
    libc = ctypes.CDLL(None, use_errno=True)
    return max(0, libc.syscall(ctypes.c_long(CREATE_RULESET), None, ctypes.c_long(0),
                               ctypes.c_long(CREATE_RULESET_VERSION)))


def confine(folders: list[str]) -> str | None:
    """Desde ahora, este proceso y sus hijos solo escriben dentro de ``folders``. El motivo si no se pudo."""
    if os.environ.get(SWITCH_ENV) == "0":
        return f"desactivado con {SWITCH_ENV}=0"
    abi = abi_version()
    if abi < 1:
        return "este sistema no tiene Landlock"
    handled = WRITES | (REFER if abi >= 2 else 0) | (TRUNCATE if abi >= 3 else 0)
    libc = ctypes.CDLL(None, use_errno=True)
    attr = ctypes.create_string_buffer(struct.pack("=Q", handled))  # struct landlock_ruleset_attr, versión 1
    ruleset = libc.syscall(ctypes.c_long(CREATE_RULESET), attr, ctypes.c_long(len(attr.raw)), ctypes.c_long(0))
    if ruleset < 0:
        return f"Landlock no creó las reglas: {os.strerror(ctypes.get_errno())}"
    try:
        rules = [(folder, handled) for folder in folders if folder and os.path.isdir(folder)]
        rules += [(device, handled & ON_FILES) for device in DEVICES if os.path.exists(device)]
        for path, allowed in rules:
            fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            try:
                rule = ctypes.create_string_buffer(struct.pack("=Qi", allowed, fd))  # landlock_path_beneath_attr
                if libc.syscall(ctypes.c_long(ADD_RULE), ctypes.c_long(ruleset), ctypes.c_long(RULE_PATH_BENEATH),
                                rule, ctypes.c_long(0)) != 0:
                    return f"Landlock no aceptó {path}: {os.strerror(ctypes.get_errno())}"
            finally:
                os.close(fd)
        # Necesario para encerrarse sin privilegios; solo impide ganar permisos con programas setuid.
        if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            return f"no se pudo fijar no_new_privs: {os.strerror(ctypes.get_errno())}"
        if libc.syscall(ctypes.c_long(RESTRICT_SELF), ctypes.c_long(ruleset), ctypes.c_long(0)) != 0:
            return f"Landlock no encerró el proceso: {os.strerror(ctypes.get_errno())}"
    finally:
        os.close(ruleset)
    return None


def kernel_folders() -> list[str]:
    """Donde escribe un núcleo de corrección: su carpeta de trabajo y su TMPDIR (la de sus sockets)."""
    return [os.getcwd(), os.environ.get("TMPDIR", "")]
