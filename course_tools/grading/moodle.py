"""Vuelta a Moodle: la hoja de calificaciones con las notas puestas y un zip de devoluciones.

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
import unicodedata
import zipfile
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from pathlib import Path

COLUMNS = {  # clave -> cabeceras en inglés y en castellano (se comparan sin mayúsculas)
    "id": ("Identifier", "Identificador"),
    "name": ("Full name", "Nombre completo"),
    "grade": ("Grade", "Calificación"),
    "max": ("Maximum Grade", "Calificación máxima"),
    "modified": ("Last modified (grade)", "Última modificación (calificación)"),
    "changeable": ("Grade can be changed", "La calificación puede ser cambiada", "La calificación puede cambiarse"),
    "comments": ("Feedback comments", "Comentarios de retroalimentación"),
}
REQUIRED = ("id", "grade", "max", "modified")
MARK = "Corrección automática"
BOM = b"\xef\xbb\xbf"
EOL = re.compile(r"\r\n|\r|\n|\Z")
SUBMISSION = re.compile(r"^(?P<name>[^/_]*)_(?P<id>\d+)_assignsubmission_")


class MoodleError(ValueError):
    """Entrada que no se puede usar; el mensaje, en castellano, dice qué falta."""


def _norm(text: str) -> str:
    return unicodedata.normalize("NFC", text).strip().casefold()


def _unquote(raw: str) -> str:
    if len(raw) >= 2 and raw[0] == raw[-1] == '"':
        return raw[1:-1].replace('""', '"')
    return raw


def _records(text: str, delimiter: str) -> list[tuple[list[str], str]]:
    """Filas como (campos tal cual están escritos, fin de línea): juntarlas da el texto exacto."""
    d = re.escape(delimiter)
    cell = re.compile(f'"(?:[^"]|"")*"[^{d}\\r\\n]*|[^{d}\\r\\n"][^{d}\\r\\n]*|')
    records, fields, i = [], [], 0
    while True:
        end = cell.match(text, i).end()
        fields.append(text[i:end])
        if text.startswith(delimiter, end):
            i = end + 1
            continue
        eol = EOL.match(text, end)
        if eol is None:
            raise MoodleError("la hoja tiene unas comillas sin cerrar: ¿está cortada o mal guardada?")
        records.append((fields, eol.group()))
        fields, i = [], eol.end()
        if i >= len(text):
            return records


def participant(text: str) -> str | None:
    """El número de participante al final de «Participant 12345» o de una carpeta «12345»."""
    found = re.search(r"(\d+)\s*$", text or "")
    return str(int(found.group(1))) if found else None


@dataclass
class Worksheet:
    """Una hoja de Moodle leída sin perder nada: se reescribe igual salvo las celdas cambiadas."""

    path: Path
    encoding: str
    bom: bool
    delimiter: str
    records: list
    columns: dict
    quoting: str  # "all", "spaces" (como fputcsv de PHP) o "minimal"

    def get(self, row: int, key: str) -> str:
        fields, index = self.records[row][0], self.columns.get(key)
        return _unquote(fields[index]) if index is not None and index < len(fields) else ""

    def put(self, row: int, key: str, value: str) -> None:
        fields, index = self.records[row][0], self.columns[key]
        fields.extend([""] * (index + 1 - len(fields)))
        special = (self.delimiter, '"', "\r", "\n") + ((" ", "\t", "\\") if self.quoting == "spaces" else ())
        if self.quoting == "all" or any(ch in value for ch in special):
            value = '"' + value.replace('"', '""') + '"'
        fields[index] = value

    def data(self) -> bytes:
        text = "".join(self.delimiter.join(fields) + end for fields, end in self.records)
        try:
            return (BOM if self.bom else b"") + text.encode(self.encoding)
        except UnicodeEncodeError as err:
            raise MoodleError(f"no puedo escribir «{err.object[err.start:err.end]}» en {self.encoding}") from None


def read_worksheet(path: Path | str) -> Worksheet:
    """Lee la hoja tal como la descarga Moodle (o tal como la guarda una hoja de cálculo)."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as err:
        raise MoodleError(f"no puedo leer la hoja {path}: {err.strerror or err}") from None
    bom = data.startswith(BOM)
    for encoding in ("utf-8", "cp1252"):
        try:
            text = data[len(BOM) if bom else 0:].decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:
        raise MoodleError(f"{path.name} no es un texto en UTF-8 ni en Windows-1252: ¿es la hoja CSV de Moodle?")
    for delimiter in (",", ";", "\t"):
        records = _records(text, delimiter)
        header = [_norm(_unquote(f)) for f in records[0][0]] if records else []
        columns = {}
        for key, names in COLUMNS.items():
            hits = [i for i, h in enumerate(header) if h in {_norm(n) for n in names}]
            if hits:
                columns[key] = hits[0]
        if "id" in columns:
            break
    missing = [key for key in REQUIRED if key not in columns]
    if missing:
        wanted = "; ".join(" o ".join(f"«{n}»" for n in COLUMNS[key]) for key in missing)
        hint = " Si la tarea se califica con una escala, pásala a puntos." if "max" in missing else ""
        raise MoodleError(f"a la hoja {path.name} le falta la columna {wanted}. Usa la hoja tal como la "
                          f"descarga Moodle («Descargar la hoja de calificaciones»).{hint}")
    raw = records[0][0]
    quoting = ("all" if all(f.startswith('"') for f in raw)
               else "minimal" if any(" " in f and not f.startswith('"') for f in raw) else "spaces")
    return Worksheet(path, encoding, bom, delimiter, records, columns, quoting)


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
        if _norm(sheet.get(row, "changeable")) == "no":
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
        pages = sorted((Path(root) / "feedback" / student / assignment).glob("*.html"))
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

