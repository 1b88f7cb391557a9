"""La hoja de calificaciones de Moodle («Descargar la hoja de calificaciones»), leída sin perder nada.

Lo que se da por sabido de Moodle, leído en su código fuente, está en el docstring de ``moodle``.
Aquí se lee la hoja tal cual (codificación, BOM, separador, comillas, finales de línea) para poder
escribirla igual con solo las celdas de nota y comentario cambiadas.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
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


def normalized(text: str) -> str:
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
        header = [normalized(_unquote(f)) for f in records[0][0]] if records else []
        columns = {}
        for key, names in COLUMNS.items():
            hits = [i for i, h in enumerate(header) if h in {normalized(n) for n in names}]
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
