"""Vuelta a Moodle: la hoja de calificaciones con las notas puestas y un zip de devoluciones.

``moodle_round`` hace la vuelta entera (la llama ``make grade WORKSHEET=...``) y ``format_round``
la cuenta en la terminal; ``worksheet`` lee la hoja.

Lo que se da por sabido de Moodle, leído en su código fuente:

* La hoja («Descargar la hoja de calificaciones», assignfeedback_offline) sale de
  mod/assign/gradingtable.php. Sus cabeceras son cadenas del idioma del sitio: «Identifier»/
  «Identificador», «Full name»/«Nombre completo», campos de identidad («Email address»),
  «Status»/«Estado», «Grade»/«Calificación», «Maximum Grade»/«Calificación máxima» («Scale» con
  escala), «Grade can be changed»/«La calificación puede ser cambiada», «Last modified
  (submission)»/«Última modificación (entrega)», «Last modified (grade)»/«Última modificación
  (calificación)» y una por retroalimentación con texto: «Feedback comments»/«Comentarios de
  retroalimentación» (mod/assign/lang/en/assign.php, lang/en/moodle.php, paquete «es»).
* El identificador es la cadena hiddenuser más el número de participante de la tarea:
  «Participant 12345», «Participante12345». Al subir la hoja, mod/assign/feedback/offline/
  importgradeslib.php busca las columnas por su texto exacto (la cabecera no se toca), exige
  Identificador, Calificación y Última modificación (calificación), quita el prefijo y busca al
  participante por el número. La nota usa el separador decimal del idioma (format_float y
  unformat_float; «,» en «es»): la escribimos con el que trae «Calificación máxima». Moodle se
  salta notas fuera de rango, bloqueadas o más antiguas que las suyas (offline/locallib.php).
* El CSV lo escribe dataformat_csv con Spout (lib/spout/src/Spout/Writer/CSV): UTF-8 con BOM,
  comas y comillas dobles al estilo de fputcsv de PHP (entrecomilla los campos con espacios).
  Al subirla se elige codificación y separador.
* «Descargar todas las entregas» (mod/assign/classes/downloader.php; antes de 4.1,
  download_submissions en mod/assign/locallib.php) nombra los ficheros con el nombre completo
  (los «_» pasan a espacios), «_», el mismo número y «_assignsubmission_file»: sin carpetas,
  «Ana Pérez_12345_assignsubmission_file_cuaderno.ipynb»; con «Descargar envíos en carpetas»,
  «Ana Pérez_12345_assignsubmission_file/cuaderno.ipynb» (hasta 4.0, «..._file_/cuaderno.ipynb»).
* «Subir múltiples archivos de retroalimentación en un ZIP» (mod/assign/feedback/file/
  importziplib.php) parte la ruta por «_» en cinco trozos como mucho: nombre, número de
  participante, tipo y nombre del plugin y el resto, que es el nombre del fichero. Cada
  devolución va, sin carpetas, como «Nombre_12345_assignfeedback_file_cuaderno.html»; un
  fichero sin cambios se ignora.

Redondeo: puntos / puntos máximos × nota máxima de la fila, con dos decimales y la mitad hacia
arriba (0,625 → 0,63).
"""

from __future__ import annotations

import html
import io
import os
import re
import zipfile
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from pathlib import Path

from ..layout.course import FEEDBACK, Course
from .worksheet import MARK, SUBMISSION, MoodleError, Worksheet, normalized, participant, read_worksheet  # noqa: F401


def scaled(score: float, max_score: float, top: Decimal) -> Decimal:
    """Puntos llevados a la nota máxima de Moodle: dos decimales, la mitad hacia arriba."""
    exact = Decimal(repr(float(score))) * top / Decimal(repr(float(max_score)))
    return exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def _number(value: float, decimal: str) -> str:
    return f"{value:g}".replace(".", decimal)


def comment(outcome, grade: str, top: str, decimal: str) -> str:
    """Comentario breve: la nota, los puntos y los puntos de cada ejercicio."""
    text = (f"{MARK} ({outcome.assignment}): {_number(outcome.score, decimal)} de "
            f"{_number(outcome.max_score, decimal)} puntos, {grade} sobre {top}.")
    exercises = "; ".join(f"{gid} {_number(s, decimal)}/{_number(m, decimal)}"
                          for gid, (s, m) in sorted(outcome.grades.items()))
    return html.escape(text + (f" Por ejercicio: {exercises}." if exercises else ""), quote=False)


def _merged(old: str, new: str) -> str:
    """Conserva lo que escribió el profesor; lo de una ronda anterior se sustituye."""
    keep = (old[:old.find(MARK)] if MARK in old else old).rstrip()
    return f"{keep} {new}" if keep else new


@dataclass
class Filled:
    """Lo que hizo ``fill`` con cada participante, para contárselo al profesor."""

    written: dict = field(default_factory=dict)  # participante -> (carpeta del alumno, nombre completo)
    tops: set = field(default_factory=set)
    unmatched: list = field(default_factory=list)  # en la descarga o corregidos, pero no en la hoja
    locked: list = field(default_factory=list)
    ungraded: list = field(default_factory=list)  # (participante, motivo)
    untouched: int = 0  # filas de la hoja sin entrega en esta ronda
    comments: bool = True


def fill(sheet: Worksheet, outcomes: list, in_zip: dict | None = None) -> Filled:
    """Pone nota y comentario a cada participante corregido; el resto de la hoja no cambia."""
    rows, by_id = {}, {participant(o.student): o for o in outcomes}
    for row in range(1, len(sheet.records)):
        rows.setdefault(participant(sheet.get(row, "id")), row)
    rows.pop(None, None)
    result = Filled(comments="comments" in sheet.columns)
    result.unmatched = sorted((set(by_id) | set(in_zip or {})) - set(rows), key=int)
    result.untouched = len(set(rows) - set(by_id))
    decimal = "," if any("," in sheet.get(row, "max") for row in rows.values()) else "."
    for pid, outcome in sorted(by_id.items(), key=lambda item: int(item[0])):
        if pid not in rows:
            continue
        row = rows[pid]
        if not outcome.graded or outcome.max_score <= 0:
            result.ungraded.append((pid, outcome.status if outcome.problems else "sin nota"))
            continue
        if normalized(sheet.get(row, "changeable")) == "no":
            result.locked.append(pid)
            continue
        cell = sheet.get(row, "max")
        try:
            top = Decimal(cell.strip().replace(",", "."))
        except InvalidOperation:
            top = Decimal(0)
        if not top.is_finite() or top <= 0:
            raise MoodleError(f"la fila de «{sheet.get(row, 'id')}» tiene una nota máxima que no es un "
                              f"número («{cell}»)")
        grade = f"{scaled(outcome.score, outcome.max_score, top):.2f}".replace(".", decimal)
        sheet.put(row, "grade", grade)
        if result.comments:
            text = comment(outcome, grade, cell.strip(), decimal)
            sheet.put(row, "comments", _merged(sheet.get(row, "comments"), text))
        result.written[pid] = (outcome.student, sheet.get(row, "name") or (in_zip or {}).get(pid, ""))
        result.tops.add(cell.strip())
    return result


def zip_participants(archive: Path | str) -> dict[str, str]:
    """Participante -> nombre, de una descarga «todas las entregas» (con o sin carpetas)."""
    try:
        with zipfile.ZipFile(archive) as zf:
            names = zf.namelist()
    except (OSError, zipfile.BadZipFile) as err:
        raise MoodleError(f"{archive} no es un zip que se pueda leer: {err}") from None
    found = {}
    for name in names:
        match = SUBMISSION.match(name)
        if match:
            found.setdefault(str(int(match.group("id"))), match.group("name"))
    return found


def _file_name(name: str) -> str:
    name = re.sub(r"<[^>]*>", " ", name)
    return " ".join(re.sub(r'[_/\\:*?"<>|\x00-\x1f]', " ", name).split()) or "Participante"


def write_bytes(path: Path, data: bytes) -> None:
    """Escribe de una vez (fichero temporal y renombrado): nunca queda un fichero a medias."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def feedback_zip(root: Path, assignment: str, people: dict, path: Path) -> tuple[list[str], list[str]]:
    """Zip para «Subir múltiples archivos de retroalimentación»: los HTML de feedback/<alumno>/<tarea>/."""
    entries, missing = [], []
    for pid, (student, name) in sorted(people.items(), key=lambda item: int(item[0])):
        pages = sorted(Course(Path(root)).layout.assignment(FEEDBACK, assignment, student).glob("*.html"))
        if not pages:
            missing.append(pid)
        entries += [(f"{_file_name(name)}_{pid}_assignfeedback_file_{p.name}", p.read_bytes()) for p in pages]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for arcname, payload in entries:
            info = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))  # mismo zip si nada cambia
            info.external_attr = 0o644 << 16
            zf.writestr(info, payload, compress_type=zipfile.ZIP_DEFLATED)
    write_bytes(path, buffer.getvalue())
    return [arcname for arcname, _ in entries], missing


# --- la vuelta entera: lo que hace make grade WORKSHEET=... -----------------------------

@dataclass
class MoodleRound:
    """Lo que deja una vuelta a Moodle: la hoja con notas y el zip de devoluciones."""

    assignment: str
    worksheet: Path
    feedback: Path
    filled: Filled
    files: list
    missing: list  # participantes con nota y sin HTML de devolución
    encoding: str


def moodle_round(root: Path, outcomes: list, worksheet: Path, *, assignment: str | None = None,
                 archive: Path | str | None = None, make_feedback=None) -> MoodleRound:
    """Hoja con notas y zip de devoluciones en autograded/informe/, para subirlos a Moodle."""
    sheet = read_worksheet(worksheet)
    ours = [o for o in outcomes if o.student.isdigit()]  # carpetas con número de participante
    if assignment is None:
        found = sorted({o.assignment for o in ours})
        if len(found) != 1:
            raise MoodleError("la hoja es de una sola tarea y en submitted/ hay entregas de Moodle de "
                              f"{len(found)} ({', '.join(found) or 'ninguna'}): indica la descarga con ZIP=...")
        assignment = found[0]
    ours = [o for o in ours if o.assignment == assignment]
    folder = Course(Path(root)).layout.report_dir
    out, zipped = folder / "hoja-con-notas.csv", folder / "devoluciones-moodle.zip"
    if out.resolve() == sheet.path.resolve():
        raise MoodleError(f"la hoja de entrada no puede ser {out}: se sobrescribiría")
    filled = fill(sheet, ours, zip_participants(archive) if archive else None)
    write_bytes(out, sheet.data())
    graded = [o for o in ours if participant(o.student) in filled.written]
    if graded:
        if make_feedback is None:
            from .feedback import feedback as make_feedback
        make_feedback(root, outcomes=graded)
    files, missing = feedback_zip(root, assignment, filled.written, zipped)
    return MoodleRound(assignment, out, zipped, filled, files, missing, sheet.encoding)


def format_round(made: MoodleRound, root: Path) -> str:
    """Lo que se hizo, para la terminal."""
    f, here = made.filled, Path(root).resolve()

    def show(path: Path):
        return path.resolve().relative_to(here) if path.resolve().is_relative_to(here) else path

    lines = [f"Hoja para Moodle ({made.assignment}): {show(made.worksheet)}, {len(f.written)} nota(s) sobre "
             f"{' / '.join(sorted(f.tops)) or '-'} (dos decimales, la mitad hacia arriba); "
             f"{f.untouched} fila(s) sin entrega en esta ronda, sin cambios.",
             f"Devoluciones para Moodle: {show(made.feedback)} ({len(made.files)} HTML)."]
    if f.unmatched:
        lines.append(f"✗ {len(f.unmatched)} participante(s) que la hoja no tiene (no se les pone nada): "
                     + ", ".join(f.unmatched))
    if f.locked:
        lines.append("✗ Nota bloqueada en Moodle, sin cambios: " + ", ".join(f.locked))
    lines += [f"✗ {pid}: sin nota, revísala a mano ({why})" for pid, why in f.ungraded]
    if made.missing:
        lines.append("✗ Sin devolución HTML: " + ", ".join(made.missing))
    if not f.comments:
        lines.append("aviso: la hoja no tiene la columna «Feedback comments»: solo lleva las notas.")
    if made.encoding != "utf-8":
        lines.append(f"aviso: la hoja está en {made.encoding}: al subirla, elige esa codificación en Moodle.")
    return "\n".join(lines)
