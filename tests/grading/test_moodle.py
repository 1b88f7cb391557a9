"""Una descarga de Moodle («Descargar todas las entregas») se reparte, se corrige y vuelve como hoja de notas."""

from __future__ import annotations

import zipfile

import nbformat

from course_tools.layout.course import SUBMITTED, notebook_file

SLUG = "00-cuadernos"


def test_one_command_from_moodle_zip_and_worksheet_to_filled_sheet_and_feedback_zip(pilot, tmp_path, capsys):
    """`make grade ZIP=... HOJA=...` de punta a punta: corrige, rellena la hoja y empaqueta las devoluciones."""
    import argparse
    import csv
    import io

    from course_tools.grading import cli as grading

    root = pilot.root
    solved, blank = nbformat.writes(pilot.solved), nbformat.writes(pilot.release)
    archive = tmp_path / "descarga.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        # Cada entrega en una carpeta «Nombre Apellido_id_assignsubmission_file» (Moodle 4.1 y después; antes
        # acababa en «_»: las dos formas, y el texto en línea, que no es un cuaderno, en la misma descarga).
        zf.writestr(f"José Núñez_12345_assignsubmission_file/{notebook_file(SLUG)}", solved)
        zf.writestr(f"Luis Gómez_67890_assignsubmission_file_/{notebook_file(SLUG)}", blank)
        zf.writestr("Luis Gómez_67890_onlinetext_/onlinetext.html", "<p>hola</p>")
        zf.writestr(f"Eva Ruiz_24680_assignsubmission_file/{notebook_file(SLUG)}", blank)  # no está en la hoja
        # Una alumna hostil: una entrada que sale de su carpeta y un zip subido por ella (no se descomprimen).
        zf.writestr("Mala Saña_13579_assignsubmission_file/../../../../fuera.ipynb", solved)
        zf.writestr("Mala Saña_13579_assignsubmission_file/zip-de-zips.zip", b"PK\x03\x04" + b"\0" * 64)
    header = ["Identifier", "Full name", "Email address", "Status", "Grade", "Maximum Grade", "Grade can be changed",
              "Last modified (submission)", "Last modified (grade)", "Feedback comments"]
    when = "Monday, 1 December 2026, 9:00 AM"
    rows = [[f"Participant {pid}", name, f"{pid}@example.org", "Submitted for grading", "", "10.00", "Yes", when, "-", ""]
            for pid, name in (("12345", "José Núñez"), ("67890", "Luis Gómez"), ("55555", "Sin Entrega"))]
    sheet = tmp_path / "hoja.csv"
    text = io.StringIO()
    csv.writer(text, quoting=csv.QUOTE_ALL, lineterminator="\n").writerows([header, *rows])
    sheet.write_bytes(b"\xef\xbb\xbf" + text.getvalue().encode("utf-8"))

    args = argparse.Namespace(zip=str(archive), worksheet=str(sheet), jobs=None, timeout=10, redo=False)
    assert grading.cmd_grade(args, root=root) == 0
    printed = capsys.readouterr().out
    for student in ("12345", "67890", "24680"):
        assert sorted(p.name for p in pilot.layout.assignment(SUBMITTED, SLUG, student).iterdir()) == [notebook_file(SLUG)]
    assert "24680" in printed  # en la descarga pero no en la hoja: se dice, no se adivina
    for entry in ("../../../../fuera.ipynb", "zip-de-zips.zip"):  # una línea que nombra a la alumna y la entrada
        assert any("13579" in line and entry in line for line in printed.splitlines()), printed
    assert not list(tmp_path.rglob("fuera.ipynb")) and not pilot.layout.assignment(SUBMITTED, SLUG, "13579").exists()

    filled = pilot.layout.report_dir / "hoja-con-notas.csv"
    got = {r[0]: r for r in csv.reader(io.StringIO(filled.read_bytes().decode("utf-8-sig")))}
    assert got["Participant 12345"][4] == "10.00" and got["Participant 67890"][4] == "0.00"
    assert "nb00-" in got["Participant 12345"][9]  # el comentario da los puntos de cada ejercicio
    assert got["Participant 55555"] == rows[2]  # sin entrega: la fila no cambia
    with zipfile.ZipFile(pilot.layout.report_dir / "devoluciones-moodle.zip") as zf:
        names = sorted(zf.namelist())
    assert names == [f"José Núñez_12345_assignfeedback_file_{SLUG}.html", f"Luis Gómez_67890_assignfeedback_file_{SLUG}.html"]
