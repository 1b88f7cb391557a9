"""Los grupos de Unix del hub y el alta de alumnos desde una lista (CSV de nombres de usuario).

Cada alumno nuevo recibe una primera contraseña al azar y una marca en ``primera-contrasena/`` de la carpeta de
estado del hub: entra con ella una vez y el hub le pide otra en el mismo formulario (``auth.py``), y borra la
marca. (``chage -d 0`` no sirve: con la contraseña caducada, PAM ni siquiera da por buena la primera.) Las
contraseñas se escriben en un CSV que solo lee root; un alumno que ya existe solo se añade al grupo, sin tocar
su contraseña ni su carpeta.
"""

from __future__ import annotations

import csv
import grp
import pwd
import re
import secrets
import subprocess
from pathlib import Path

LEARNERS_GROUP = "alumnos"
TEACHERS_GROUP = "profesorado"
# Nombres de usuario que useradd acepta en Debian sin --badname: minúsculas, cifras, «-» y «_».
VALID_NAME = re.compile(r"^[a-z_][a-z0-9_-]{0,31}$")
HEADERS = {"usuario", "usuarios", "nombre", "login", "username", "user"}
FIRST_PASSWORD_DIR = "primera-contrasena"  # en la carpeta de estado: una marca por alumno que aún no la ha cambiado


class EnrolmentError(Exception):
    """Un problema con la lista: se dice antes de crear a nadie."""


def members(group: str) -> set[str]:
    """Los usuarios del grupo de Unix ``group`` (como grupo secundario o principal); vacío si no existe."""
    try:
        entry = grp.getgrnam(group)
    except KeyError:
        return set()
    primary = {user.pw_name for user in pwd.getpwall() if user.pw_gid == entry.gr_gid}
    return set(entry.gr_mem) | primary


def read_names(csv_path: Path) -> list[str]:
    """Los nombres de la primera columna de ``csv_path``, sin cabecera, sin repetir; falla con todos los malos."""
    if not csv_path.is_file():
        raise EnrolmentError(f"no existe la lista {csv_path}")
    with csv_path.open(encoding="utf-8-sig", newline="") as handle:
        rows = [row for row in csv.reader(handle) if row and row[0].strip()]
    names = [row[0].strip() for row in rows]
    if names and names[0].lower() in HEADERS:
        names = names[1:]
    bad = [name for name in names if not VALID_NAME.match(name)]
    if bad:
        raise EnrolmentError("estos nombres no valen como usuario de Unix (minúsculas, cifras, «-» y «_», "
                             f"empezando por letra; hasta 32): {', '.join(bad)}")
    if not names:
        raise EnrolmentError(f"la lista {csv_path} no tiene ningún nombre")
    return list(dict.fromkeys(names))


def _run(*command: str, stdin: str | None = None) -> None:
    done = subprocess.run(command, input=stdin, capture_output=True, text=True)
    if done.returncode != 0:
        raise EnrolmentError(f"{' '.join(command[:2])}… falló: {done.stderr.strip() or done.stdout.strip()}")


def ensure_group(group: str) -> None:
    try:
        grp.getgrnam(group)
    except KeyError:
        _run("groupadd", group)


def _exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


def must_change(state: Path, name: str) -> Path:
    """La marca de ``name``: existe mientras su contraseña sea la primera."""
    return state / FIRST_PASSWORD_DIR / name


def enrol(csv_path: Path, state: Path, passwords_path: Path, group: str = LEARNERS_GROUP) -> tuple[list[str], list[str]]:
    """Da de alta a los alumnos de ``csv_path`` en ``group``: crea los que faltan con una primera contraseña que
    tendrán que cambiar y la apunta en ``passwords_path`` (solo root). Devuelve (creados, ya existentes)."""
    names = read_names(csv_path)
    ensure_group(group)
    created, existing = [], []
    for name in names:
        (existing if _exists(name) else created).append(name)
    passwords_path.parent.mkdir(parents=True, exist_ok=True)
    (state / FIRST_PASSWORD_DIR).mkdir(mode=0o700, parents=True, exist_ok=True)
    with passwords_path.open("a", encoding="utf-8", newline="") as handle:
        passwords_path.chmod(0o600)
        writer = csv.writer(handle)
        for name in created:
            password = secrets.token_urlsafe(9)
            _run("useradd", "--create-home", "--user-group", "--shell", "/bin/bash", "--groups", group, name)
            Path(pwd.getpwnam(name).pw_dir).chmod(0o700)  # su carpeta, solo suya
            _run("chpasswd", stdin=f"{name}:{password}\n")
            must_change(state, name).touch()  # la primera contraseña hay que cambiarla
            writer.writerow([name, password])
            handle.flush()  # si algo falla después, lo ya creado queda apuntado
    for name in existing:
        _run("usermod", "--append", "--groups", group, name)
    return created, existing
