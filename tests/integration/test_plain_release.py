"""``nbgrader generate_assignment`` a secas, con la configuración del curso, da release/ byte a byte."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from course_tools.rules import cells
from course_tools.layout.course import RELEASE, ROOT, SOURCE, Course, Notebook

WITH_PREDICTIONS = Notebook("05-broadcasting")


def test_plain_nbgrader_generate_assignment_gives_the_committed_release(tmp_path):
    """Desde la raíz del repositorio (su nbgrader_config.py), en un curso aparte para no tocar release/."""
    release = WITH_PREDICTIONS.release.read_bytes()
    assert cells.PREDICTION_STUB_HEADER.encode() in release.replace(b'\\"', b'"')  # un cuaderno con predicciones
    shutil.copytree(WITH_PREDICTIONS.source.parent, Course(tmp_path).layout.assignment(SOURCE, WITH_PREDICTIONS.slug))
    bin_dir = Path(sys.executable).parent  # el entorno activado: nbgrader llama a la orden alembic por el PATH
    env = {k: v for k, v in os.environ.items() if k != "COURSE_GRADEBOOK_URL"}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    result = subprocess.run(["nbgrader", "generate_assignment", WITH_PREDICTIONS.slug, "--force",
                             f"--CourseDirectory.root={tmp_path}"], cwd=ROOT, capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr[-2000:]
    generated = Course(tmp_path).layout.notebook(RELEASE, WITH_PREDICTIONS.slug)
    assert generated.read_bytes() == release
