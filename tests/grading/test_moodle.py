"""Una descarga de Moodle («Descargar todas las entregas») se reparte y se corrige."""

from __future__ import annotations

import zipfile

import nbformat

from course_tools import grading_core
from course_tools.build import prepare_course
from course_tools.config import notebooks

SLUG = "00-cuadernos"


def test_moodle_zip_is_collected_and_graded(tmp_path):
    pilot = [n for n in notebooks() if n.slug == SLUG]
    root = tmp_path / "curso"
    prepare_course(root, pilot)
    solved = nbformat.writes(nbformat.read(str(root / "source" / SLUG / f"{SLUG}.ipynb"), as_version=4))
    blank = nbformat.writes(nbformat.read(str(root / "release" / SLUG / f"{SLUG}.ipynb"), as_version=4))
    archive = tmp_path / "descarga.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        # Moodle pone cada entrega en una carpeta «Nombre Apellido_id_assignsubmission_file_».
        zf.writestr(f"Ana Pérez_12345_assignsubmission_file_/{SLUG}.ipynb", solved)
        zf.writestr(f"Luis Gómez_67890_assignsubmission_file_/{SLUG}.ipynb", blank)
        zf.writestr("Luis Gómez_67890_onlinetext_/onlinetext.html", "<p>hola</p>")
    known = grading_core.ensure_assignments(root, None, pilot)
    assert grading_core.zip_collect(root, archive, known) == [SLUG]
    for student in ("12345", "67890"):
        assert (root / "submitted" / student / SLUG / f"{SLUG}.ipynb").exists()
    outcomes = {o.student: o for o in grading_core.grade_all(root, selected=pilot, quiet=True, timeout=10)}
    assert outcomes["12345"].score == outcomes["12345"].max_score == 7
    assert outcomes["67890"].score == 0
