"""Cada respuesta equivocada del catálogo suspende su test; la solución lo aprueba todo."""

import dataclasses
import json

import pytest

from course_tools.config import notebooks
from course_tools.proof import prove

from .conftest import REPORT_DIR


@pytest.mark.parametrize("notebook", notebooks(), ids=lambda n: n.slug)
def test_catalogue_is_rejected(notebook):
    report = prove(notebook)
    REPORT_DIR.mkdir(parents=True, exist_ok=True)
    (REPORT_DIR / f"{notebook.slug}.json").write_text(
        json.dumps(dataclasses.asdict(report), ensure_ascii=False), encoding="utf-8"
    )
    assert report.exercises >= 3, f"{notebook.slug}: tiene {report.exercises} ejercicios; se esperan de 3 a 6"
    assert not report.problems, "\n".join(report.problems)
