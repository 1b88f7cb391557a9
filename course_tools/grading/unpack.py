"""Una descarga de Moodle, descomprimida con cuidado: solo los cuadernos, con topes, sin entradas peligrosas.

``safe_copy`` lee la descarga sin escribir nada fuera y deja otra con solo lo que la corrección necesita (los
``.ipynb`` de cada alumno), que es la que reparte ``zip_collect`` de nbgrader. Lo demás se queda fuera:

- los archivos que subió el alumnado (un zip dentro del zip): no se descomprimen nunca;
- una entrada insegura (con ``..``, absoluta, un enlace) o que no se puede leer (rota, o que miente sobre su
  tamaño): se salta esa entrada;
- un cuaderno de más de ``notebook_max_mb``, o lo que pase de ``submission_max_mb`` por alumno o de
  ``archive_max_mb`` en total: se salta; con más de ``archive_max_entries`` entradas no se descomprime nada.

Cada cosa saltada es un ``Skipped`` (alumno, entrada, por qué): la tabla de ``make grade`` lo dice.
"""

from __future__ import annotations

import re
import stat
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ..layout.course import notebook_name
from ..settings import MB

ARCHIVES = (".zip", ".tar", ".gz", ".tgz", ".bz2", ".xz", ".7z", ".rar")
STUDENT = re.compile(r"_(\d+)_assignsubmission_file")


class ArchiveError(Exception):
    """La descarga entera no se puede usar (no es un zip, demasiadas entradas): el mensaje dice por qué."""


@dataclass(frozen=True)
class Skipped:
    student: str
    entry: str
    why: str


@dataclass(frozen=True)
class Caps:
    file_max: int
    student_max: int
    total_max: int
    entries_max: int

    @classmethod
    def from_settings(cls, settings: dict) -> Caps:
        return cls(settings["notebook_max_mb"] * MB, settings["submission_max_mb"] * MB,
                   settings["archive_max_mb"] * MB, settings["archive_max_entries"])


def student_of(name: str) -> str:
    """El alumno de una entrada: su número de Moodle, o la primera carpeta del camino."""
    found = STUDENT.search(name)
    return found.group(1) if found else (PurePosixPath(name).parts or ("?",))[0]


def unsafe(info: zipfile.ZipInfo) -> str | None:
    """Por qué una entrada no se puede escribir tal cual, o None."""
    name = info.filename
    if name.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", name):
        return "ruta absoluta"
    if ".." in re.split(r"[/\\]", name):
        return "sale de su carpeta (..)"
    if stat.S_ISLNK(info.external_attr >> 16):
        return "es un enlace simbólico"
    return None


def safe_copy(archive: Path, target: Path, caps: Caps) -> tuple[list[str], list[Skipped]]:
    """Escribe en ``target`` una descarga con solo los cuadernos seguros de ``archive``; devuelve sus nombres y lo
    que se saltó. ``ArchiveError`` si la descarga entera no sirve."""
    try:
        source = zipfile.ZipFile(archive)
    except (zipfile.BadZipFile, OSError) as err:
        raise ArchiveError(f"{archive} no es un zip que se pueda leer ({err})") from None
    kept, skipped = [], []
    per_student: dict[str, int] = {}
    total = 0
    with source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        infos = source.infolist()
        if len(infos) > caps.entries_max:
            raise ArchiveError(f"{archive} tiene {len(infos)} entradas y el límite es {caps.entries_max} "
                               "(archive_max_entries): no se descomprime")
        for info in infos:
            if info.is_dir():
                continue
            student, why = student_of(info.filename), unsafe(info)
            if why is None and info.filename.lower().endswith(ARCHIVES):
                why = "un archivo comprimido que subió el alumno"
            if why is None and notebook_name(info.filename) is None:
                continue  # texto en línea, PDF…: la corrección no lo necesita
            if why is None:
                room = min(caps.file_max, caps.student_max - per_student.get(student, 0), caps.total_max - total)
                data, why = _read(source, info, room)
            if why:
                skipped.append(Skipped(student, info.filename, why))
                continue
            per_student[student] = per_student.get(student, 0) + len(data)
            total += len(data)
            out.writestr(info.filename, data)
            kept.append(info.filename)
    return kept, skipped


def _read(source: zipfile.ZipFile, info: zipfile.ZipInfo, room: int) -> tuple[bytes, str | None]:
    """Los bytes de una entrada si caben en ``room`` (sin descomprimir nunca más), o por qué no."""
    too_big = f"descomprimido pasa del tope que le queda ({max(room, 0) / MB:.1f} MB)"
    if room <= 0 or info.file_size > room:
        return b"", too_big
    try:
        with source.open(info) as handle:
            data = handle.read(room + 1)
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError, NotImplementedError, RuntimeError) as err:
        return b"", f"entrada rota ({err})"
    if len(data) > room:
        return b"", too_big + " (mentía sobre su tamaño)"
    return data, None
