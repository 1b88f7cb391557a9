"""De dónde salen las entregas: la carpeta submitted/ o una descarga de Moodle.

Leer una entrega es leer sus bytes: a partir de ahí la corrección trabaja con lo que tiene el
proceso principal, no con ficheros que un núcleo podría alcanzar.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

from ..layout.course import SUBMITTED, Course, notebook_name
from ..settings import MB
from .model import Outcome, problem

# «Descargar todas las entregas» de Moodle: Nombre_12345_assignsubmission_file_[/]fichero.ipynb
MOODLE_REGEX = (r".*/(?P<first_name>[^/_]+)_(?P<student_id>\d+)_assignsubmission_file(?:_/?|/)"
                r"(?P<file_id>[^/]+\.ipynb)$")


def _walk(folder: Path):
    """(ruta relativa, ruta) de cada entrada bajo ``folder``, sin seguir enlaces simbólicos."""
    for top, dirs, files in os.walk(folder, followlinks=False):
        for name in sorted(dirs + files):
            path = Path(top, name)
            yield path.relative_to(folder).as_posix(), path


def read_folder(folder: Path) -> dict[str, bytes]:
    """Los ficheros de una carpeta: {ruta relativa: contenido}. Un enlace simbólico no es un fichero entregado."""
    return {rel: path.read_bytes() for rel, path in sorted(_walk(Path(folder)))
            if path.is_file() and not path.is_symlink()}


def write_folder(folder: Path, files: dict[str, bytes]) -> bool:
    """Deja ``folder`` (que existirá aunque ``files`` esté vacío) exactamente con ``files``: borra lo que
    sobra y los enlaces simbólicos (nunca escribe a través de uno). Devuelve si cambió algún fichero."""
    folder = Path(folder)
    changed = False
    if folder.is_symlink():
        folder.unlink()
        changed = True
    if folder.exists():
        for rel, path in sorted(_walk(folder), reverse=True):
            if path.is_symlink() or (path.is_file() and rel not in files):
                path.unlink()
                changed = True
    folder.mkdir(parents=True, exist_ok=True)
    for rel, data in files.items():
        path = folder / rel
        if not path.is_file() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            changed = True
    return changed


class TooBig(Exception):
    """Una entrega que no se lee: ``args`` = (fichero o «la entrega», tamaño en bytes, límite en bytes)."""


def measure_folder(folder: Path) -> dict[str, int]:
    """El tamaño aparente (``st_size``: un fichero disperso cuenta entero) de cada fichero, sin leer ninguno."""
    return {rel: path.lstat().st_size for rel, path in sorted(_walk(Path(folder)))
            if path.is_file() and not path.is_symlink()}


def read_bounded(folder: Path, file_max: int, total_max: int) -> dict[str, bytes]:
    """Como ``read_folder``, pero mide antes de leer: ``TooBig`` si un fichero pasa de ``file_max`` bytes o todos
    juntos de ``total_max``. Nunca lee más de lo que permiten (un fichero que crece entretanto también se para)."""
    sizes = measure_folder(folder)
    for rel, size in sizes.items():
        if size > file_max:
            raise TooBig(rel, size, file_max)
    if sum(sizes.values()) > total_max:
        raise TooBig("la entrega", sum(sizes.values()), total_max)
    files = {}
    for rel in sizes:
        with open(Path(folder, rel), "rb") as handle:
            data = handle.read(file_max + 1)
        if len(data) > file_max:
            raise TooBig(rel, len(data), file_max)
        files[rel] = data
    return files


def too_big_problem(err: TooBig):
    name, size, limit = err.args
    return problem("submission-too-big", name=name, size=f"{size / MB:.1f} MB", limit=f"{limit / MB:.0f} MB")


def find_submissions(course: Course, known: set[str], file_max: int = 20 * MB,
                     total_max: int = 50 * MB) -> tuple[dict[tuple[str, str], dict[str, bytes]], list[Outcome]]:
    """Las entregas de submitted/ por (alumno, tarea), ya leídas, y lo que no es una tarea del curso o no se lee
    por su tamaño (``file_max`` bytes por fichero, ``total_max`` por entrega: se miden antes de leer)."""
    found, rejected = {}, []
    for student, assignment, folder in course.layout.entries(SUBMITTED):
        if folder.is_dir() and assignment in known:
            try:
                found[(student, assignment)] = read_bounded(folder, file_max, total_max)
            except TooBig as err:
                rejected.append(Outcome(student, assignment, problems=[too_big_problem(err)]))
        else:
            rejected.append(Outcome(student, assignment, problems=[problem("not-an-assignment", name=assignment)]))
    return found, rejected


def zip_collect(course: Course, archive: Path, known: dict[str, list[str]], caps=None):
    """Reparte una descarga de Moodle («descargar todas las entregas») en submitted/ con zip_collect de nbgrader,
    a partir de una copia con solo sus cuadernos seguros (``unpack.safe_copy``). Devuelve las tareas repartidas y
    lo que se saltó (``unpack.Skipped``); ``unpack.ArchiveError`` si la descarga entera no sirve."""
    from nbgrader.apps.zipcollectapp import ZipCollectApp
    from nbgrader.coursedir import CourseDirectory

    from ..settings import course_settings
    from . import unpack

    config = course.nbgrader_config()
    if caps is None:
        settings = course_settings(config)
        caps = unpack.Caps.from_settings({name: getattr(settings, name) for name in
                                          ("notebook_max_mb", "submission_max_mb", "archive_max_mb", "archive_max_entries")})
    with tempfile.TemporaryDirectory(prefix="curso-moodle-") as scratch:
        safe = Path(scratch) / Path(archive).name
        names, skipped = unpack.safe_copy(Path(archive), safe, caps)
        pattern = re.compile(MOODLE_REGEX)
        guesses: dict[str, int] = {}
        for name in names:
            match = pattern.match("/" + name)
            if match:
                stem = notebook_name(match.group("file_id"))
                if stem in known:
                    guesses[stem] = guesses.get(stem, 0) + 1
        if not guesses:
            raise unpack.ArchiveError(f"no reconozco ninguna tarea del curso en {archive}: ¿es una descarga de Moodle?")
        assignment = max(guesses, key=guesses.get)
        config.FileNameCollectorPlugin.named_regexp = MOODLE_REGEX
        config.ZipCollectApp.force = True
        coursedir = CourseDirectory(config=config)
        coursedir.assignment_id = assignment
        app = ZipCollectApp(coursedir=coursedir, config=config)
        app.assignment_id = assignment
        folder = Path(app._format_collect_path(app.archive_directory))  # donde zip_collect busca las descargas
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy(safe, folder / Path(archive).name)
    app.start()
    # Moodle nombra el fichero como quiso el alumno; si solo hay uno, la corrección lo toma por el bueno.
    return [assignment], [Outcome(s.student, assignment, problems=[problem("unsafe-archive", entry=s.entry, why=s.why)])
                          for s in skipped]
