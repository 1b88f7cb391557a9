"""collect.py: leer y escribir carpetas como bytes, encontrar las entregas y repartir un zip de Moodle."""

from __future__ import annotations

import zipfile

import pytest

from course_tools.layout.course import SUBMITTED, Course, notebook_file
from course_tools.grading.collect import (TooBig, find_submissions, measure_folder, read_bounded, read_folder,
                                         too_big_problem, write_folder, zip_collect)
from course_tools.grading.unpack import ArchiveError, Caps
from course_tools.grading.model import Outcome, problem


def test_read_folder_gives_posix_paths_and_bytes(tmp_path):
    (tmp_path / "sub" / "deep").mkdir(parents=True)
    (tmp_path / "empty").mkdir()
    (tmp_path / "a.ipynb").write_bytes(b"\x00\x01")
    (tmp_path / "sub" / "deep" / "b.txt").write_text("hola", encoding="utf-8")
    assert read_folder(tmp_path) == {"a.ipynb": b"\x00\x01", "sub/deep/b.txt": b"hola"}
    assert read_folder(tmp_path / "empty") == {}


def test_write_folder_creates_a_missing_folder(tmp_path):
    folder = tmp_path / "nueva"
    files = {"a.ipynb": b"1", "datos/b.csv": b"2"}
    assert write_folder(folder, files) is True
    assert read_folder(folder) == files


def test_write_folder_reports_no_change_when_equal(tmp_path):
    files = {"a.ipynb": b"1", "datos/b.csv": b"2"}
    write_folder(tmp_path, files)
    stamp = (tmp_path / "a.ipynb").stat().st_mtime_ns
    assert write_folder(tmp_path, files) is False
    assert (tmp_path / "a.ipynb").stat().st_mtime_ns == stamp  # no se reescribe lo que ya está bien


def test_write_folder_rewrites_changed_files(tmp_path):
    write_folder(tmp_path, {"a.ipynb": b"original", "b.txt": b"igual"})
    (tmp_path / "a.ipynb").write_bytes(b"manipulado")
    assert write_folder(tmp_path, {"a.ipynb": b"original", "b.txt": b"igual"}) is True
    assert read_folder(tmp_path) == {"a.ipynb": b"original", "b.txt": b"igual"}


def test_write_folder_removes_extra_files_at_any_depth(tmp_path):
    write_folder(tmp_path, {"a.ipynb": b"1"})
    (tmp_path / "intruso.py").write_bytes(b"x")
    (tmp_path / "sub" / "más").mkdir(parents=True)
    (tmp_path / "sub" / "más" / "otro.txt").write_bytes(b"y")
    assert write_folder(tmp_path, {"a.ipynb": b"1"}) is True
    assert read_folder(tmp_path) == {"a.ipynb": b"1"}
    assert write_folder(tmp_path, {"a.ipynb": b"1"}) is False


def test_write_folder_with_nothing_empties_the_folder(tmp_path):
    write_folder(tmp_path, {"a": b"1", "b/c": b"2"})
    assert write_folder(tmp_path, {}) is True
    assert read_folder(tmp_path) == {}
    assert write_folder(tmp_path / "no-existe", {}) is False


def test_write_folder_replaces_a_planted_symlink_instead_of_writing_through_it(tmp_path):
    layout = Course(tmp_path).layout
    victim = layout.gradebook
    victim.write_bytes(b"SQLite format 3")
    folder = layout.assignment(SUBMITTED, "99-demo", "ana")
    write_folder(folder, {"99-demo.ipynb": b"cuaderno de ana"})
    (folder / "99-demo.ipynb").unlink()
    (folder / "99-demo.ipynb").symlink_to(victim)
    assert write_folder(folder, {"99-demo.ipynb": b"cuaderno de ana"}) is True
    assert victim.read_bytes() == b"SQLite format 3"
    assert not (folder / "99-demo.ipynb").is_symlink()


def test_find_submissions_without_submitted_folder(tmp_path):
    assert find_submissions(Course(tmp_path), {"99-demo"}) == ({}, [])


def test_find_submissions_reads_known_assignments_and_rejects_the_rest(tmp_path):
    submitted = Course(tmp_path).layout.step(SUBMITTED)
    (submitted / "ana" / "99-demo" / "datos").mkdir(parents=True)
    (submitted / "ana" / "99-demo" / "99-demo.ipynb").write_bytes(b"nb-ana")
    (submitted / "ana" / "99-demo" / "datos" / "t.csv").write_bytes(b"1")
    (submitted / "ana" / "tarea-rara").mkdir()
    (submitted / "ana" / "suelto.ipynb").write_bytes(b"?")  # un fichero donde va una tarea
    (submitted / "ana" / ".ipynb_checkpoints").mkdir()  # oculto: no se mira
    (submitted / "luis" / "99-demo").mkdir(parents=True)
    (submitted / "luis" / "99-demo" / "99-demo.ipynb").write_bytes(b"nb-luis")
    (submitted / ".cache").mkdir()  # alumno oculto: no se mira
    (submitted / "LEEME.txt").write_bytes(b"no es un alumno")
    found, rejected = find_submissions(Course(tmp_path), {"99-demo", "00-otra"})
    assert found == {("ana", "99-demo"): {"99-demo.ipynb": b"nb-ana", "datos/t.csv": b"1"},
                     ("luis", "99-demo"): {"99-demo.ipynb": b"nb-luis"}}
    assert rejected == [
        Outcome("ana", "suelto.ipynb", problems=[problem("not-an-assignment", name="suelto.ipynb")]),
        Outcome("ana", "tarea-rara", problems=[problem("not-an-assignment", name="tarea-rara")]),
    ]
    assert rejected[1].status == "«tarea-rara» no es una tarea del curso"


def _moodle_zip(path, entries: dict[str, str]):
    with zipfile.ZipFile(path, "w") as zf:
        for name, text in entries.items():
            zf.writestr(name, text)
    return path


def test_zip_collect_spreads_a_moodle_download_into_submitted(tmp_path):
    root = tmp_path / "curso"
    root.mkdir()
    archive = _moodle_zip(tmp_path / "descarga.zip", {
        "Ana Pérez_12345_assignsubmission_file_/99-demo.ipynb": '{"ana": 1}',  # Moodle anterior a 4.1
        "Luis Gómez_67890_assignsubmission_file/mi cuaderno.ipynb": '{"luis": 1}',  # en carpetas (4.1+)
        "Eva Ruiz_24680_assignsubmission_file_/99-demo.ipynb": '{"eva": 1}',
        "Luis Gómez_67890_onlinetext_/onlinetext.html": "<p>hola</p>",
    })
    course = Course(root)
    assert zip_collect(course, archive, {"99-demo": ["99-demo"], "00-otra": ["00-otra"]}) == (["99-demo"], [])
    [kept] = root.rglob("descarga.zip")  # donde zip_collect de nbgrader busca las descargas: solo los cuadernos
    assert kept.parent.parent.name == "99-demo"
    with zipfile.ZipFile(kept) as zf:
        assert sorted(zf.namelist()) == sorted(n for n in zipfile.ZipFile(archive).namelist() if n.endswith(".ipynb"))
    assert read_folder(course.layout.step(SUBMITTED)) == {
        "12345/99-demo/99-demo.ipynb": b'{"ana": 1}',
        "24680/99-demo/99-demo.ipynb": b'{"eva": 1}',
        "67890/99-demo/mi cuaderno.ipynb": b'{"luis": 1}',
    }


def test_zip_collect_picks_the_assignment_most_files_name(tmp_path):
    root = tmp_path / "curso"
    root.mkdir()
    archive = _moodle_zip(tmp_path / "d.zip", {
        "A_1_assignsubmission_file_/00-otra.ipynb": "{}",
        "B_2_assignsubmission_file_/99-demo.ipynb": "{}",
        "C_3_assignsubmission_file_/99-demo.ipynb": "{}",
    })
    assert zip_collect(Course(root), archive, {"99-demo": ["99-demo"], "00-otra": ["00-otra"]}) == (["99-demo"], [])
    layout = Course(root).layout
    assert sorted(p.name for p in layout.step(SUBMITTED).iterdir()) == ["1", "2", "3"]
    assert (layout.assignment(SUBMITTED, "99-demo", "1") / "00-otra.ipynb").exists()


def test_zip_collect_refuses_a_zip_without_course_notebooks(tmp_path):
    archive = _moodle_zip(tmp_path / "fotos.zip", {
        "vacaciones/foto.ipynb": "{}",  # no sigue el patrón de Moodle
        "Ana_1_assignsubmission_file_/otra-cosa.ipynb": "{}",  # sigue el patrón, pero no es una tarea
        "Ana_1_assignsubmission_file_/notas.txt": "",
    })
    with pytest.raises(ArchiveError, match="no reconozco ninguna tarea del curso en .*fotos.zip"):
        zip_collect(Course(tmp_path / "curso"), archive, {"99-demo": ["99-demo"]})
    assert not (tmp_path / "curso").exists()


def test_zip_collect_unpacks_only_safe_notebooks_within_the_caps(tmp_path):
    """Un alumno honrado, uno con una entrada que sale de su carpeta, uno con un enlace, uno con un zip de zips y
    uno con un cuaderno de más del tope: solo se reparten los cuadernos seguros, y cada salto nombra alumno y entrada."""
    root = tmp_path / "curso"
    root.mkdir()
    archive = tmp_path / "descarga.zip"
    inner = tmp_path / "dentro.zip"
    with zipfile.ZipFile(inner, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("ceros.bin", b"\0" * (4 * 2**20))
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("Ana_1_assignsubmission_file/99-demo.ipynb", '{"ana": 1}')
        zf.writestr("Luis_2_assignsubmission_file/../../../../fuera.ipynb", "{}")
        zf.writestr("Luis_2_assignsubmission_file/99-demo.ipynb", '{"luis": 1}')
        link = zipfile.ZipInfo("Eva_3_assignsubmission_file/99-demo.ipynb")
        link.external_attr = (0o120777 << 16)
        zf.writestr(link, "/etc/passwd")
        zf.write(inner, "Paco_4_assignsubmission_file/zip-de-zips.zip")
        zf.writestr("Rosa_5_assignsubmission_file/99-demo.ipynb", "x" * (2 * 2**20))
    caps = Caps(file_max=2**20, student_max=2 * 2**20, total_max=8 * 2**20, entries_max=100)
    assignments, skipped = zip_collect(Course(root), archive, {"99-demo": ["99-demo"]}, caps=caps)
    assert assignments == ["99-demo"]
    assert read_folder(Course(root).layout.step(SUBMITTED)) == {
        "1/99-demo/99-demo.ipynb": b'{"ana": 1}', "2/99-demo/99-demo.ipynb": b'{"luis": 1}'}
    lines = {o.student: o.status for o in skipped}
    assert set(lines) == {"2", "3", "4", "5"} and all(o.codes() == ["unsafe-archive"] for o in skipped)
    assert "../../../../fuera.ipynb" in lines["2"] and ".." in lines["2"]
    assert "enlace" in lines["3"] and "zip-de-zips.zip" in lines["4"] and "tope" in lines["5"]
    assert not (tmp_path / "fuera.ipynb").exists() and not list(root.rglob("ceros.bin"))


def test_a_broken_or_crowded_download_is_one_line_not_a_traceback(tmp_path):
    broken = tmp_path / "roto.zip"
    broken.write_bytes(b"PK\x03\x04 esto no es un zip")
    with pytest.raises(ArchiveError, match="no es un zip"):
        zip_collect(Course(tmp_path / "curso"), broken, {"99-demo": ["99-demo"]})
    crowded = _moodle_zip(tmp_path / "lleno.zip", {f"A_{n}_assignsubmission_file/{notebook_file('99-demo')}": "{}" for n in range(5)})
    with pytest.raises(ArchiveError, match="5 entradas y el límite es 3"):
        zip_collect(Course(tmp_path / "curso"), crowded, {"99-demo": ["99-demo"]},
                    caps=Caps(file_max=2**20, student_max=2**20, total_max=2**20, entries_max=3))


def test_sizes_are_measured_before_reading(tmp_path):
    """Un fichero disperso cuenta por su tamaño aparente y no se lee; una entrega a la medida se lee entera."""
    folder = tmp_path / "entrega"
    folder.mkdir()
    (folder / "99-demo.ipynb").write_text("{}")
    with open(folder / "datos.bin", "wb") as handle:
        handle.truncate(3 * 2**30)
    assert measure_folder(folder)["datos.bin"] == 3 * 2**30
    with pytest.raises(TooBig) as raised:
        read_bounded(folder, file_max=20 * 2**20, total_max=50 * 2**20)
    assert raised.value.args == ("datos.bin", 3 * 2**30, 20 * 2**20)
    assert str(too_big_problem(raised.value)) == "datos.bin mide 3072.0 MB y el límite es 20 MB: no se leyó ni se corrigió"
    (folder / "datos.bin").unlink()
    (folder / "otro.bin").write_bytes(b"x" * 100)
    with pytest.raises(TooBig, match="la entrega"):
        read_bounded(folder, file_max=1000, total_max=101)
    assert read_bounded(folder, file_max=1000, total_max=1000) == {"99-demo.ipynb": b"{}", "otro.bin": b"x" * 100}
