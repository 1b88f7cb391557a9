"""Vuelta a Moodle sin corregir de verdad: hojas y zips hechos aquí como los hace Moodle.

Las hojas siguen mod/assign/gradingtable.php (cabeceras en inglés o en castellano, UTF-8 con
BOM, comillas a la manera de fputcsv de PHP) y los zips, mod/assign/classes/downloader.php.
"""

import argparse
import csv
import io
import re
import zipfile

import pytest

from course_tools.layout.course import AUTOGRADED, CourseLayout, notebook_file
from course_tools.grading import cli, moodle
from course_tools.grading.collect import MOODLE_REGEX
from course_tools.grading.model import Outcome, problem

TASK = "00-cuadernos"
BOM = b"\xef\xbb\xbf"
EN = ["Identifier", "Full name", "Email address", "Status", "Grade", "Maximum Grade", "Grade can be changed",
      "Last modified (submission)", "Last modified (grade)", "Feedback comments"]
ES = ["Identificador", "Nombre completo", "Estado", "Calificación", "Calificación máxima",
      "La calificación puede ser cambiada", "Última modificación (entrega)", "Última modificación (calificación)",
      "Comentarios de retroalimentación"]
WHEN_EN, WHEN_ES = "Monday, 3 March 2025, 10:15 AM", "lunes, 3 de marzo de 2025, 10:15"


def php_line(fields, delimiter=","):
    """Una línea como la escribe fputcsv de PHP: entre comillas si hay espacios o separadores."""
    quoted = ['"' + f.replace('"', '""') + '"' if re.search(r'[\s"\\' + delimiter + ']', f) else f for f in fields]
    return delimiter.join(quoted) + "\n"


def en_row(pid, name, status="Submitted for grading", grade="", top="10.00", changeable="Yes", note=""):
    graded = WHEN_EN if grade else "-"
    return [f"Participant {pid}", name, f"{pid}@example.org", status, grade, top, changeable, WHEN_EN, graded, note]


def es_row(pid, name, status="Enviado para calificar", top="100,00"):
    return [f"Participante{pid}", name, status, "", top, "Sí", WHEN_ES, "-", ""]


def write_sheet(path, header, rows):
    path.write_bytes(BOM + "".join(php_line(r) for r in [header] + rows).encode("utf-8"))
    return path


def parse(path, encoding="utf-8-sig", delimiter=","):
    return list(csv.reader(io.StringIO(path.read_bytes().decode(encoding), newline=""), delimiter=delimiter))


def outcome(pid, score, max_score, grades, graded=True, problems=()):
    return Outcome(str(pid), TASK, score=score, max_score=max_score, grades=grades, graded=graded,
                   problems=list(problems))


def course(tmp_path, *pids):
    """Un curso con las devoluciones que deja make feedback para estos participantes."""
    root = tmp_path / "curso"
    for pid in pids:
        page = CourseLayout(root).feedback_page(TASK, str(pid))
        page.parent.mkdir(parents=True)
        page.write_text(f"<html><body>Devolución de {pid}</body></html>", encoding="utf-8")
    return root


def submissions_zip(path, people, layout):
    """«Descargar todas las entregas»: sin carpetas, en carpetas (4.1+) o en carpetas (hasta 4.0)."""
    with zipfile.ZipFile(path, "w") as zf:
        for pid, name in people.items():
            prefix = f"{name.replace('_', ' ')}_{pid}_assignsubmission_file"
            entry = {"flat": f"{prefix}_{notebook_file(TASK)}", "folders": f"{prefix}/{notebook_file(TASK)}",
                     "folders-3x": f"{prefix}_/{notebook_file(TASK)}"}[layout]
            zf.writestr(entry, "{}")
            zf.writestr(f"{name}_{pid}_assignsubmission_onlinetext_onlinetext.html", "<p>hola</p>")
    return path


def moodle_feedback_target(arcname):
    """Lo que importziplib.php saca de un nombre: participante, tipo y nombre de plugin, fichero."""
    info = arcname.split("/")[0].split("_", 4)
    return int(info[1]), info[2], info[3], info[4]


def recorder(calls):
    return lambda root, outcomes: calls.append(sorted(o.student for o in outcomes))


def test_english_sheet_flat_zip_scaled_to_10(tmp_path):
    root = course(tmp_path, 12345, 23456)
    sheet = write_sheet(tmp_path / "hoja.csv", EN, [
        en_row(12345, "José Núñez"),
        en_row(23456, "Ana Pérez", note="Buen trabajo"),
        en_row(34567, "Luis Gómez", status="No submission"),  # sin entrega: la fila no cambia
    ])
    original = sheet.read_bytes()
    archive = submissions_zip(tmp_path / "descarga.zip", {12345: "José Núñez", 23456: "Ana Pérez",
                                                           99999: "Eva Ruiz"}, "flat")
    outcomes = [outcome(12345, 5.0, 7.0, {"cuadernos-ej1": [2.0, 2.0], "cuadernos-ej2": [3.0, 5.0]}),
                outcome(23456, 1.0, 16.0, {"cuadernos-ej1": [1.0, 8.0], "cuadernos-ej2": [0.0, 8.0]}),
                outcome(99999, 7.0, 7.0, {"cuadernos-ej1": [7.0, 7.0]}),
                Outcome("ana", TASK, score=7.0, max_score=7.0, graded=True)]  # no viene de Moodle
    calls = []
    made = moodle.moodle_round(root, outcomes, sheet, archive=archive, make_feedback=recorder(calls))

    assert made.assignment == TASK and sheet.read_bytes() == original
    assert calls == [["12345", "23456"]], "las devoluciones se generan solo para quien recibe nota"
    assert made.filled.unmatched == ["99999"]
    before, after = parse(sheet), parse(made.worksheet)
    assert after[0] == EN and len(after) == len(before)
    assert after[1][4] == "7.14"  # 5/7 × 10
    assert after[2][4] == "0.63"  # 1/16 × 10 = 0,625: la mitad hacia arriba (round() de Python da 0.62)
    assert after[1][9] == ("Corrección automática (00-cuadernos): 5 de 7 puntos, 7.14 sobre 10.00. "
                           "Por ejercicio: cuadernos-ej1 2/2; cuadernos-ej2 3/5.")
    assert after[2][9].startswith("Buen trabajo Corrección automática") and "cuadernos-ej2 0/8" in after[2][9]
    for row_before, row_after in zip(before, after):  # fuera de nota y comentario, nada cambia
        assert [c for i, c in enumerate(row_before) if i not in (4, 9)] == \
               [c for i, c in enumerate(row_after) if i not in (4, 9)]
    lines_before = original.decode("utf-8").splitlines(keepends=True)
    lines_after = made.worksheet.read_bytes().decode("utf-8").splitlines(keepends=True)
    assert made.worksheet.read_bytes().startswith(BOM) and lines_after[0] == lines_before[0]
    assert lines_after[3] == lines_before[3], "la fila sin entrega debe quedar byte a byte igual"
    assert '"Buen trabajo Corrección automática' in lines_after[2], "con espacios, entre comillas como fputcsv"

    with zipfile.ZipFile(made.feedback) as zf:
        names = sorted(zf.namelist())
        assert names == ["Ana Pérez_23456_assignfeedback_file_00-cuadernos.html",
                         "José Núñez_12345_assignfeedback_file_00-cuadernos.html"]
        assert zf.read(names[1]) == CourseLayout(root).feedback_page(TASK, "12345").read_bytes()
        assert all(info.flag_bits & 0x800 for info in zf.infolist()), "nombres marcados como UTF-8"
    assert [moodle_feedback_target(n) for n in names] == [(23456, "assignfeedback", "file", f"{TASK}.html"),
                                                          (12345, "assignfeedback", "file", f"{TASK}.html")]
    printed = moodle.format_round(made, root)
    report = CourseLayout(root).report_dir.relative_to(root)
    assert f"{report / 'hoja-con-notas.csv'}, 2 nota(s) sobre 10.00" in printed
    assert f"{report / 'devoluciones-moodle.zip'} (2 HTML)" in printed
    assert "que la hoja no tiene (no se les pone nada): 99999" in printed

    again = moodle.moodle_round(root, outcomes, made.worksheet.rename(tmp_path / "otra.csv"),
                                 archive=archive, make_feedback=recorder(calls))
    assert parse(again.worksheet) == after, "una segunda ronda sustituye su comentario, no lo repite"


@pytest.mark.parametrize("layout", ["folders", "folders-3x"])
def test_spanish_sheet_folder_zip_scaled_to_100(tmp_path, layout):
    root = course(tmp_path, 12345, 45678)
    sheet = write_sheet(tmp_path / "hoja.csv", ES, [es_row(12345, "José Núñez"), es_row(45678, "Ana Pérez"),
                                                    es_row(56789, "Eva Ruiz", status="Sin entrega")])
    archive = submissions_zip(tmp_path / "descarga.zip", {12345: "José Núñez", 45678: "Ana Pérez"}, layout)
    outcomes = [outcome(12345, 5.0, 7.0, {"ej1": [5.0, 7.0]}), outcome(45678, 1.0, 32.0, {"ej1": [1.0, 32.0]})]
    made = moodle.moodle_round(root, outcomes, sheet, assignment=TASK, archive=archive,
                                make_feedback=recorder([]))
    after = parse(made.worksheet)
    assert after[0] == ES and made.filled.unmatched == []
    assert [r[3] for r in after[1:]] == ["71,43", "3,13", ""]  # 3,125 sube a 3,13; Eva, sin entrega, igual
    assert after[1][8].endswith("71,43 sobre 100,00. Por ejercicio: ej1 5/7.")
    assert parse(sheet)[3] == after[3]
    with zipfile.ZipFile(made.feedback) as zf:
        assert sorted(zf.namelist()) == ["Ana Pérez_45678_assignfeedback_file_00-cuadernos.html",
                                         "José Núñez_12345_assignfeedback_file_00-cuadernos.html"]


@pytest.mark.parametrize("layout", ["flat", "folders", "folders-3x"])
def test_zip_names_give_the_participant(tmp_path, layout):
    archive = submissions_zip(tmp_path / "d.zip", {12345: "José Núñez", 7: "Participant"}, layout)
    assert moodle.zip_participants(archive) == {"12345": "José Núñez", "7": "Participant"}
    if layout != "folders":  # las que ya reparte collect.zip_collect: el mismo número
        pattern = re.compile(MOODLE_REGEX)
        with zipfile.ZipFile(archive) as zf:
            ids = {pattern.match("/" + n).group("student_id") for n in zf.namelist() if n.endswith(".ipynb")}
        assert ids == {"12345", "7"}


def test_excel_copy_keeps_its_own_format(tmp_path):
    """Guardada de nuevo con una hoja de cálculo: «;», CRLF, Windows-1252, sin BOM ni comillas."""
    root = course(tmp_path, 12345)
    rows = [EN, en_row(12345, "José Núñez", top="10,00"), en_row(23456, " Ana Pérez ", top="10,00")]
    sheet = tmp_path / "hoja.csv"
    sheet.write_bytes("".join(";".join(r) + "\r\n" for r in rows).encode("cp1252"))
    made = moodle.moodle_round(root, [outcome(12345, 2.0, 3.0, {"ej1": [2.0, 3.0]})], sheet,
                                make_feedback=recorder([]))
    data = made.worksheet.read_bytes()
    assert not data.startswith(BOM) and data.count(b"\r\n") == 3
    assert data.splitlines(keepends=True)[2] == sheet.read_bytes().splitlines(keepends=True)[2]
    assert data.decode("cp1252").splitlines()[1].endswith(
        ";6,67;10,00;Yes;" + WHEN_EN + ";-;Corrección automática (00-cuadernos): 2 de 3 puntos, 6,67 sobre 10,00. "
        "Por ejercicio: ej1 2/3."), "sin comillas, como el resto de esa hoja"
    assert parse(made.worksheet, encoding="cp1252", delimiter=";")[1][4] == "6,67"
    assert "aviso: la hoja está en cp1252" in moodle.format_round(made, root)


def test_new_cells_are_quoted_like_the_rest_of_the_sheet(tmp_path):
    moodle_style = moodle.read_worksheet(write_sheet(tmp_path / "a.csv", EN, [en_row(1, "Ana")]))
    plain = tmp_path / "b.csv"
    plain.write_text(",".join(EN) + "\n" + ",".join(en_row(1, "Ana")).replace(", ", " ") + "\n")
    quoted = tmp_path / "c.csv"
    quoted.write_text(",".join(f'"{c}"' for c in EN) + "\n")
    for path, expected in ((moodle_style, '"dos palabras"'), (plain, "dos palabras"), (quoted, '"dos palabras"')):
        sheet = path if isinstance(path, moodle.Worksheet) else moodle.read_worksheet(path)
        sheet.records.append(([""] * len(EN), "\n"))
        sheet.put(len(sheet.records) - 1, "comments", "dos palabras")
        assert sheet.records[-1][0][9] == expected


def test_rows_left_alone_are_reported(tmp_path):
    root = course(tmp_path, 12345)
    sheet = write_sheet(tmp_path / "hoja.csv", EN, [en_row(12345, "José Núñez", changeable="No"),
                                                    en_row(23456, "Ana Pérez")])
    outcomes = [outcome(12345, 7.0, 7.0, {}),
                outcome(23456, 0.0, 7.0, {}, graded=False, problems=[problem("broken-json", name="00-cuadernos.ipynb")])]
    made = moodle.moodle_round(root, outcomes, sheet, make_feedback=recorder([]))
    assert parse(made.worksheet) == parse(sheet)
    assert made.filled.locked == ["12345"] and made.filled.ungraded == [("23456", outcomes[1].status)]
    printed = moodle.format_round(made, root)
    assert "bloqueada en Moodle, sin cambios: 12345" in printed and "23456: sin nota" in printed


@pytest.mark.parametrize("dropped", ["Grade", "Identifier", "Maximum Grade", "Last modified (grade)"])
def test_sheet_without_a_required_column_is_refused(tmp_path, dropped):
    keep = [i for i, name in enumerate(EN) if name != dropped]
    sheet = write_sheet(tmp_path / "hoja.csv", [EN[i] for i in keep],
                        [[c for i, c in enumerate(en_row(12345, "José Núñez")) if i in keep]])
    spanish = dict(zip(EN, ["Identificador", "Nombre completo", "", "Estado", "Calificación", "Calificación máxima",
                            "", "", "Última modificación (calificación)"]))[dropped]
    with pytest.raises(moodle.MoodleError, match=re.escape(f"«{dropped}» o «{spanish}»")):
        moodle.moodle_round(tmp_path, [outcome(12345, 1.0, 2.0, {})], sheet, make_feedback=recorder([]))
    assert not CourseLayout(tmp_path).step(AUTOGRADED).exists(), "con una hoja mala no se escribe nada"


def test_bad_input_gets_a_spanish_error(tmp_path, capsys):
    bad = write_sheet(tmp_path / "hoja.csv", ["Identifier", "Grade"], [["Participant 1", ""]])
    args = argparse.Namespace(zip=None, jobs=None, timeout=None, redo=False, worksheet=str(bad))
    assert cli.cmd_grade(args, root=tmp_path) == 2  # antes de corregir nada
    assert "✗ Hoja de Moodle: a la hoja hoja.csv le falta la columna «Maximum Grade»" in capsys.readouterr().out
    cut = tmp_path / "cortada.csv"
    cut.write_bytes(BOM + php_line(EN).encode() + b'"Participant 1,Ana')
    with pytest.raises(moodle.MoodleError, match="comillas sin cerrar"):
        moodle.read_worksheet(cut)
    with pytest.raises(moodle.MoodleError, match="no puedo leer la hoja"):
        moodle.read_worksheet(tmp_path / "no-existe.csv")
    with pytest.raises(moodle.MoodleError, match="no es un zip"):
        moodle.zip_participants(bad)
    sheet = write_sheet(tmp_path / "h2.csv", EN, [en_row(1, "Ana", top="diez")])
    with pytest.raises(moodle.MoodleError, match="nota máxima que no es un número"):
        moodle.moodle_round(tmp_path, [outcome(1, 1.0, 2.0, {})], sheet, make_feedback=recorder([]))
    two = [outcome(1, 1.0, 2.0, {}), Outcome("2", "01-python", score=1.0, max_score=2.0, graded=True)]
    with pytest.raises(moodle.MoodleError, match="indica la descarga con ZIP"):
        moodle.moodle_round(tmp_path, two, sheet, make_feedback=recorder([]))


def test_rounding_rule():
    cases = [(5, 7, "10", "7.14"), (1, 16, "10", "0.63"), (1, 32, "100", "3.13"), (7, 7, "10", "10.00"),
             (0, 7, "100", "0.00"), (2.5, 4, "10", "6.25"), (1, 3, "100", "33.33"), (2, 3, "10", "6.67")]
    assert [f"{moodle.scaled(s, m, moodle.Decimal(top)):.2f}" for s, m, top, _ in cases] == [c[3] for c in cases]


def test_cli_and_makefile_take_the_worksheet():
    parser = argparse.ArgumentParser()
    cli.register(parser.add_subparsers(dest="order"))
    assert parser.parse_args(["grade", "--zip", "d.zip", "--worksheet", "h.csv"]).worksheet == "h.csv"
    makefile = (cli.ROOT / "Makefile").read_text(encoding="utf-8")
    assert '$(if $(HOJA),--worksheet "$(HOJA)")' in makefile


@pytest.mark.parametrize("name", [
    "José Núñez_12345_assignsubmission_file_00-cuadernos.ipynb",       # sin carpetas
    "José Núñez_12345_assignsubmission_file_/00-cuadernos.ipynb",      # carpetas, hasta Moodle 4.0
    "José Núñez_12345_assignsubmission_file/00-cuadernos.ipynb",       # carpetas, Moodle 4.1 y después
])
def test_zip_collect_reads_every_moodle_layout(name):
    match = re.match(MOODLE_REGEX, "/" + name)
    assert match and match.group("student_id") == "12345" and match.group("file_id") == "00-cuadernos.ipynb"
