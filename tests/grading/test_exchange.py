"""El intercambio de nbgrader de verdad: una profesora y un alumno, dos usuarios de Unix creados para la prueba.

La profesora tiene su copia del curso (la del repositorio con solo 03-tensores en source/) en su carpeta
personal; los dos usan el Python del entorno del repositorio sin activarlo (``.venv/bin/nbgrader``
con un PATH sin ``.venv/bin``), como quien llama a una herramienta desde el ``bin/`` de su entorno. El
intercambio es una carpeta con los permisos que nbgrader pide (``chmod 777``).

release → fetch → el alumno rellena con la solución → submit → collect → ``python -m course_tools grade``
y ``nbgrader autograde`` a secas → generate_feedback → release_feedback → fetch_feedback → export: nota
entera, la devolución sin tests ocultos y nada de la profesora al alcance del alumno.
"""

from __future__ import annotations

import csv
import json
import os
import secrets
import shlex
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import nbformat
import pytest

from hostile_catalogue import hidden_only_lines, page_text
from course_tools.rules import cells
from course_tools.layout.course import EXCHANGE_FEEDBACK, FEEDBACK_SUFFIX, LAYOUT, ROOT, SOURCE, Course, notebook_file

SLUG = "03-tensores"
COURSE_ID = "pytorch-minimo"  # el de nbgrader_config.py
FULL_MARKS = 7.5
VENV_BIN = Path(sys.executable).parent
PLAIN_PATH = "/usr/local/bin:/usr/bin:/bin"  # sin .venv/bin: nadie ha activado el entorno


def _closed_parents(path: Path) -> list[Path]:
    """Las carpetas por encima de ``path`` que otros usuarios no pueden atravesar (p. ej. /root, una temporal 0700)."""
    return [parent for parent in reversed(path.parents)
            if parent != Path("/") and not os.stat(parent).st_mode & stat.S_IXOTH]


def _needed() -> list[Path]:
    """Lo que los usuarios de la prueba tienen que alcanzar: el Python de verdad del entorno, su ``bin/`` (la
    orden ``nbgrader``) y el repositorio (``rukh_helpers`` instalado en modo editable)."""
    return [Path(os.path.realpath(sys.executable)), VENV_BIN / "nbgrader", ROOT / "rukh_helpers"]


def _as_user_prefix(name: str, shim: Path) -> list[str]:
    """Cómo lanzar una orden como ``name``. Si el Python del entorno o el repositorio están tras una carpeta
    cerrada (el pyenv de root en /root, 700; un checkout en /root o en una carpeta temporal 0700), la orden
    corre en un espacio de montajes propio donde cada carpeta así se ve abierta (0711) y solo con el camino
    hacia lo que necesita: como una instalación compartida en un servidor. Con una carpeta cerrada dentro de
    otra, la prueba se salta y dice cuáles."""
    closed = {path: _closed_parents(path) for path in _needed()}
    nested = sorted({str(folder) for found in closed.values() if len(found) > 1 for folder in found})
    if nested:
        pytest.skip("los usuarios del intercambio no llegan al entorno ni al repositorio: hay una carpeta cerrada "
                    f"dentro de otra en el camino ({', '.join(nested)}); ábrelas (chmod o+x) o pon el checkout fuera")
    tops = sorted({found[0] for found in closed.values() if found})
    if not tops:
        return ["setpriv", f"--reuid={name}", f"--regid={name}", "--clear-groups", "--"]
    steps = []
    for number, top in enumerate(tops):
        opened = shim / str(number)
        for inside in sorted({path.relative_to(top).parts[0] for path, found in closed.items() if found == [top]}):
            (opened / inside).mkdir(parents=True, exist_ok=True)
            steps.append(f"mount --bind {shlex.quote(str(top / inside))} {shlex.quote(str(opened / inside))}")
        os.chmod(opened, 0o711)
        steps.append(f"mount --rbind {shlex.quote(str(opened))} {shlex.quote(str(top))}")
    script = " && ".join(steps) + f' && exec setpriv --reuid={name} --regid={name} --clear-groups -- "$@"'
    return ["unshare", "--mount", "--propagation", "private", "--", "sh", "-c", script, "sh"]


class User:
    def __init__(self, name: str, shim: Path):
        self.name = name
        self.home = Path(os.path.expanduser(f"~{name}"))
        self.prefix = _as_user_prefix(name, shim)

    def run(self, *args: str, cwd: Path | None = None, check: bool = True, stdin: str | None = None
            ) -> subprocess.CompletedProcess:
        """Una orden como este usuario, con un entorno de sesión mínimo y sin .venv/bin en el PATH."""
        env = {"HOME": str(self.home), "USER": self.name, "LOGNAME": self.name, "PATH": PLAIN_PATH,
               "LANG": "C.UTF-8", "OMP_NUM_THREADS": "1", "PYTHONDONTWRITEBYTECODE": "1"}
        done = subprocess.run([*self.prefix, *args], cwd=cwd or self.home, env=env, input=stdin,
                              capture_output=True, text=True, timeout=600)
        if check:
            assert done.returncode == 0, f"{self.name}: {' '.join(args)} falló:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        return done

    def nbgrader(self, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
        return self.run(str(VENV_BIN / "nbgrader"), *args, cwd=cwd)


def _create_users(shim: Path) -> tuple[User, User]:
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("crear los usuarios de la prueba (useradd) pide ser root")
    if not all(map(shutil.which, ("useradd", "userdel", "setpriv", "unshare"))):
        pytest.skip("faltan useradd, userdel, setpriv o unshare en este sistema")
    tag = secrets.token_hex(3)
    created = []
    for role in ("profe", "alumno"):
        name = f"curso-{role}-{tag}"
        done = subprocess.run(["useradd", "--create-home", "--user-group", "--shell", "/bin/sh", name],
                              capture_output=True, text=True)
        if done.returncode != 0:
            _remove_users(created)
            pytest.skip(f"useradd no puede crear usuarios aquí: {done.stderr.strip()}")
        created.append(User(name, shim))
        os.chmod(created[-1].home, 0o700)  # como HOME_MODE en Debian 12: la carpeta personal, solo suya
    return created[0], created[1]


def _remove_users(users) -> None:
    for user in users:
        subprocess.run(["userdel", "--remove", "--force", user.name], capture_output=True)


@pytest.fixture(scope="module")
def exchange_round():
    """La vuelta entera; devuelve lo que cada paso dejó para que las pruebas lo miren."""
    shared = Path(tempfile.mkdtemp(prefix="curso-intercambio-"))
    os.chmod(shared, 0o755)
    users = []
    try:
        teacher, learner = users[:] = _create_users(shared / "raiz")
        exchange = shared / "exchange"
        exchange.mkdir()
        os.chmod(exchange, 0o777)  # lo que pide nbgrader: cada uno crea lo suyo, con sus permisos
        course = teacher.home / "curso"
        course.mkdir()
        shutil.copytree(ROOT / "course_tools", course / "course_tools",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        for top in ROOT.iterdir():  # nbgrader_config.py, pyproject.toml (la dirección de las insignias), README...
            if top.is_file() and not top.name.startswith("."):
                shutil.copy2(top, course / top.name)
        shutil.copytree(LAYOUT.assignment(SOURCE, SLUG), Course(course).layout.assignment(SOURCE, SLUG))
        for user in (teacher, learner):  # la configuración de nbgrader de cada uno: dónde está el intercambio
            (user.home / ".jupyter").mkdir()
            (user.home / ".jupyter" / "nbgrader_config.py").write_text(
                f"c = get_config()\nc.Exchange.root = {str(exchange)!r}\nc.CourseDirectory.course_id = {COURSE_ID!r}\n",
                encoding="utf-8")
        subprocess.run(["chown", "-R", f"{teacher.name}:{teacher.name}", str(teacher.home)], check=True)
        subprocess.run(["chown", "-R", f"{learner.name}:{learner.name}", str(learner.home)], check=True)

        found = {}
        # La profesora: la versión de alumno (libreta nueva: aquí hacía falta alembic en el PATH) y al intercambio.
        teacher.nbgrader("generate_assignment", SLUG, cwd=course)
        teacher.nbgrader("release_assignment", SLUG, cwd=course)
        # El alumno: la recoge, la rellena con la solución de la profesora y la entrega.
        learner.nbgrader("fetch_assignment", SLUG)
        fetched = learner.home / SLUG / notebook_file(SLUG)  # fetch_assignment: <tarea>/<cuaderno> en su carpeta
        solved = nbformat.read(str(Course(course).layout.notebook(SOURCE, SLUG)), as_version=4)
        found["fetched"] = nbformat.read(str(fetched), as_version=4)
        answers = {cells.grade_id(c): cells.strip_solution_markers(c.source) for c in solved.cells
                   if c.metadata.get("nbgrader", {}).get("solution")}
        filled = nbformat.read(str(fetched), as_version=4)
        for cell in filled.cells:
            if cell.metadata.get("nbgrader", {}).get("solution"):
                cell.source = answers[cells.grade_id(cell)]
        learner.run(str(VENV_BIN / "python"), "-c", "import sys; open(sys.argv[1], 'w', encoding='utf-8').write(sys.stdin.read())",
                    str(fetched), stdin=nbformat.writes(filled))
        learner.nbgrader("submit", SLUG)
        # La profesora: recoge, corrige como el curso y con nbgrader a secas, devuelve y exporta.
        teacher.nbgrader("collect", SLUG, cwd=course)
        found["course_grade"] = teacher.run(str(VENV_BIN / "python"), "-m", "course_tools", "grade", cwd=course).stdout
        found["course_grade_score"] = _score(course, learner.name)
        found["autograde"] = teacher.nbgrader("autograde", SLUG, "--force", cwd=course)
        found["autograde_score"] = _score(course, learner.name)
        teacher.nbgrader("generate_feedback", SLUG, "--force", cwd=course)
        teacher.nbgrader("release_feedback", SLUG, cwd=course)
        teacher.nbgrader("export", cwd=course)
        with open(course / "grades.csv", encoding="utf-8") as table:
            found["exported"] = list(csv.DictReader(table))
        # El alumno: su devolución.
        learner.nbgrader("fetch_feedback", SLUG)
        pages = sorted((learner.home / SLUG / EXCHANGE_FEEDBACK).rglob(f"{SLUG}{FEEDBACK_SUFFIX}"))
        found["feedback"] = pages[-1].read_text(encoding="utf-8") if pages else ""
        found["reach"] = _what_the_learner_reads(learner, [exchange, teacher.home, course])
        yield teacher, learner, course, exchange, solved, found
    finally:
        _remove_users(users)
        shutil.rmtree(shared, ignore_errors=True)


def _score(course: Path, student: str) -> float:
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{Course(course).layout.gradebook}", course_id=COURSE_ID) as gb:
        return gb.find_submission(SLUG, student).score


WALK = """import json, os, sys
found = {"read": {}, "denied": []}
for top in sys.argv[1:]:
    try:
        os.listdir(top)
    except OSError:
        found["denied"].append(top)
        continue
    for folder, dirs, files in os.walk(top, onerror=lambda e: found["denied"].append(e.filename)):
        for name in files:
            path = os.path.join(folder, name)
            try:
                with open(path, encoding="utf-8", errors="replace") as f:
                    found["read"][path] = f.read()
            except OSError:
                found["denied"].append(path)
print(json.dumps(found))
"""


def _what_the_learner_reads(learner: User, tops: list[Path]) -> dict:
    """Todo lo que el alumno puede listar y leer bajo ``tops``, probado como el alumno."""
    done = learner.run(str(VENV_BIN / "python"), "-c", WALK, *map(str, tops))
    return json.loads(done.stdout)


def test_the_learner_gets_full_marks_through_the_exchange(exchange_round):
    teacher, learner, course, exchange, _solved, found = exchange_round
    stubs = [c for c in found["fetched"].cells if "ESCRIBE AQUÍ TU CÓDIGO" in c.source]
    assert stubs, "el alumno recogió algo que no es la versión de alumno"
    assert found["course_grade_score"] == FULL_MARKS, found["course_grade"]
    assert learner.name in found["course_grade"]  # la tabla de make grade lo nombra
    assert found["autograde_score"] == FULL_MARKS
    # nbgrader a secas usa las cadenas del curso: su registro dice qué protege el encierro.
    assert "encierro de los núcleos de corrección" in found["autograde"].stdout + found["autograde"].stderr
    [row] = found["exported"]
    assert row["student_id"] == learner.name and float(row["score"]) == float(row["max_score"]) == FULL_MARKS


def test_the_feedback_reaches_the_learner_without_hidden_tests(exchange_round):
    _teacher, _learner, _course, _exchange, solved, found = exchange_round
    text = page_text(found["feedback"])
    hidden = hidden_only_lines(solved)
    assert hidden, "03-tensores ya no tiene tests ocultos: la prueba no probaría nada"
    assert "Nota:" in text and "7,5 de 7,5" in text, text[:500]
    assert [line for line in hidden if line in text] == []


def test_nothing_of_the_teacher_is_readable_by_the_learner(exchange_round):
    teacher, _learner, course, exchange, solved, found = exchange_round
    reach = found["reach"]
    assert str(teacher.home) in reach["denied"]  # ni el curso, ni la libreta, ni las entregas recogidas
    assert not [path for path in reach["read"] if path.startswith(str(teacher.home))]
    # En el intercambio: la versión de alumno y su propia entrega; ni tests ocultos ni entregas de otros.
    hidden = hidden_only_lines(solved)
    leaks = {path: line for path, text in reach["read"].items() for line in hidden if line in text}
    assert leaks == {}
    inbound = exchange / COURSE_ID / "inbound"
    assert str(inbound) in reach["denied"]  # nbgrader: el alumno escribe en inbound, pero no lo lista
    assert str(exchange / COURSE_ID / EXCHANGE_FEEDBACK) in reach["denied"]  # ni las devoluciones de los demás
    assert any(path.startswith(str(exchange / COURSE_ID / "outbound")) for path in reach["read"])  # la prueba leyó algo
