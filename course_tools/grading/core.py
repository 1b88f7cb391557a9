"""Corrección en paralelo con nbgrader: trabajos, trabajadores, reanudación y verificación.

Cada trabajo es (alumno, tarea) y lo corrige ``NbGraderAPI.autograde`` dentro de un proceso
trabajador (uno por núcleo de CPU por defecto), con las defensas de ``grading_guard``.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import shutil
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path

import nbformat

from .. import cells
from . import guard as grading_guard, reaper as grading_reaper
from ..build import EXECUTION_ENV, load_nbgrader_config, prepare_course
from ..config import Notebook, notebooks

STATE_FILE = ".correccion-hecha.jsonl"
SUSPICIOUS = {
    "gradebook": "menciona la libreta de notas (gradebook)",
    "os._exit": "llama a os._exit",
    "submitted/": "toca la carpeta submitted/",
    "autograded/": "toca la carpeta autograded/",
    "builtins": "toca builtins",
    "rukh_helpers.checks.": "toca rukh_helpers.checks",
    "sys.modules": "toca sys.modules",
}
MOODLE_REGEX = (r".*/(?P<first_name>[^/_]+)_(?P<student_id>\d+)_assignsubmission_file(?:_/?|/)"
                r"(?P<file_id>[^/]+\.ipynb)$")


@dataclass
class Outcome:
    """Resultado de corregir una tarea de un alumno."""

    student: str
    assignment: str
    score: float = 0.0
    max_score: float = 0.0
    grades: dict = field(default_factory=dict)  # grade_id -> [nota, máximo]
    problems: list = field(default_factory=list)
    seconds: float = 0.0
    graded: bool = False
    digest: str = ""
    edited: bool = False  # el propio corrector arregló la entrega (nombre, duplicadas)

    @property
    def status(self) -> str:
        return "; ".join(self.problems) if self.problems else "bien"


def db_url_for(root: Path, db_url: str | None = None) -> str:
    return db_url or os.environ.get("COURSE_GRADEBOOK_URL") or f"sqlite:///{Path(root) / 'gradebook.db'}"


def grading_config(root: Path, db_url: str | None, timeout: int | None = None):
    config = load_nbgrader_config(Path(root), db_url_for(root, db_url))
    grading_guard.configure(config, timeout=timeout)
    return config


def known_assignments(db_url: str) -> dict[str, list[str]]:
    """Tareas de la libreta de notas y sus cuadernos."""
    from nbgrader.api import Gradebook

    with Gradebook(db_url) as gb:
        return {a.name: sorted(n.name for n in a.notebooks) for a in gb.assignments}


def ensure_assignments(root: Path, db_url: str | None, selected: list[Notebook]) -> dict[str, list[str]]:
    """Da de alta en la libreta las tareas de source/ que aún no estén (generate_assignment aparte)."""
    url = db_url_for(root, db_url)
    known = known_assignments(url)
    missing = [n for n in selected if n.slug not in known]
    if missing:
        with tempfile.TemporaryDirectory(prefix="curso-alta-") as tmp:
            prepare_course(Path(tmp), missing, db_url=url)
        known = known_assignments(url)
    return known


def snapshot(folder: Path) -> dict[str, bytes]:
    """Los ficheros de una entrega: {ruta relativa: contenido}."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def digest_of(files: dict[str, bytes]) -> str:
    digest = hashlib.sha256()
    for rel, data in files.items():
        digest.update(rel.encode())
        digest.update(data)
    return digest.hexdigest()


def submission_digest(folder: Path) -> str:
    return digest_of(snapshot(folder))


def find_jobs(root: Path, known: dict[str, list[str]]) -> tuple[list[tuple[str, str]], list[Outcome]]:
    """Los pares (alumno, tarea) de submitted/, y lo que no se puede corregir."""
    jobs, rejected = [], []
    submitted = Path(root) / "submitted"
    if not submitted.is_dir():
        return jobs, rejected
    for student_dir in sorted(p for p in submitted.iterdir() if p.is_dir() and not p.name.startswith(".")):
        for assignment_dir in sorted(p for p in student_dir.iterdir() if not p.name.startswith(".")):
            if assignment_dir.is_dir() and assignment_dir.name in known:
                jobs.append((student_dir.name, assignment_dir.name))
            else:
                rejected.append(Outcome(student_dir.name, assignment_dir.name,
                                        problems=[f"«{assignment_dir.name}» no es una tarea del curso"]))
    return jobs, rejected


# --- lo que corre en cada proceso trabajador --------------------------------------------

_WORKER: dict = {}


def _init_worker(root: str, db_url: str, timeout: int | None, known: dict, jupyter_path: str, layout: tuple) -> None:
    from nbgrader.apps import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory

    import warnings

    warnings.filterwarnings("ignore")  # avisos de SQLAlchemy dentro de nbgrader: ruido para el profesor
    grading_reaper.become_subreaper()  # los huérfanos de cada núcleo pasan a ser hijos de este trabajador
    os.environ["JUPYTER_PATH"] = jupyter_path
    for key, value in EXECUTION_ENV.items():  # el PATH hacia `alembic` ya lo pone build al importarse
        os.environ.setdefault(key, value)
    config = grading_config(Path(root), db_url, timeout)
    ids, points, sources = layout
    _WORKER.update(root=Path(root), db_url=db_url, known=known, ids=ids, points=points, sources=sources,
                   api=NbGraderAPI(coursedir=CourseDirectory(config=config), config=config))


def _graded_ids(nb) -> list[str]:
    return [cells.grade_id(c) for c in nb.cells if cells.is_graded_test(c)]


def _visible(source: str) -> str:
    return cells.strip_hidden_tests(source).strip()


def _all_ids(nb) -> list[str]:
    return [cells.grade_id(c) for c in nb.cells if cells.grade_id(c)]


def _inspect_submission(folder: Path, assignment: str, known: dict, expected_ids: dict) -> tuple[list[str], bool]:
    """Mira la entrega antes de corregirla. Devuelve (problemas, ¿se puede corregir?)."""
    from nbgrader.utils import compute_checksum

    problems = []
    expected = known[assignment]
    present = sorted(p for p in folder.glob("*.ipynb"))
    extra = [p for p in present if p.stem not in expected]
    for name in expected:
        target = folder / f"{name}.ipynb"
        if not target.exists():
            if len(extra) == 1:
                problems.append(f"nombre equivocado: «{extra[0].name}» se corrige como «{target.name}»")
                shutil.copyfile(extra[0], target)
                extra = []
            else:
                problems.append(f"falta el cuaderno {target.name}")
                continue
        try:
            nb = nbformat.read(str(target), as_version=4)
        except Exception:
            problems.append(f"{target.name} no es un cuaderno válido (JSON roto)")
            return problems, False
        ids = _graded_ids(nb)
        wanted = expected_ids.get(name, [])
        if wanted and ids and not set(ids) & set(wanted):
            others = sorted({i.split("-")[0] for i in ids})
            problems.append(f"{target.name} es el cuaderno de otra tarea ({', '.join(others)})")
            return problems, False
        if len(ids) != len(set(ids)) or len(_all_ids(nb)) != len(set(_all_ids(nb))):
            # nbgrader aborta con grade_id repetidos: la primera copia cuenta, las demás pasan a ser celdas normales.
            seen = set()
            for cell in nb.cells:
                gid = cells.grade_id(cell)
                if gid in seen:
                    cell.metadata.pop("nbgrader", None)
                elif gid:
                    seen.add(gid)
            nbformat.write(nb, str(target))
            problems.append("celdas duplicadas (cuenta la primera copia)")
        if set(wanted) - set(ids):
            problems.append(f"{len(set(wanted) - set(ids))} celda(s) de tests borrada(s) (restauradas)")
        originals = _WORKER.get("sources", {}).get(name, {})
        edited = [cells.grade_id(c) for c in nb.cells if cells.is_graded_test(c) and (
            (cells.grade_id(c) in originals and _visible(c.source) != _visible(originals[cells.grade_id(c)]))
            or (cells.nbgrader_meta(c).get("checksum") and compute_checksum(c) != cells.nbgrader_meta(c)["checksum"]))]
        if edited:
            problems.append(f"{len(edited)} celda(s) de tests modificada(s) (se usa el original)")
        learner_code = "\n".join(c.source for c in nb.cells if c.cell_type == "code"
                                 and (cells.is_solution(c) or not cells.nbgrader_meta(c)))
        warnings = [text for token, text in SUSPICIOUS.items() if token in learner_code]
        if warnings:
            problems.append("aviso: " + ", ".join(warnings))
    for path in extra:
        problems.append(f"sobra {path.name}")
    if not any((folder / f"{n}.ipynb").exists() for n in expected):
        return problems, False
    return problems, True


def _scan_autograded(folder: Path) -> tuple[list[str], dict]:
    """Problemas visibles en el cuaderno corregido y la nota recalculada celda a celda."""
    from nbgrader.utils import determine_grade

    problems, recomputed = [], {}
    labels = {
        "CellTimeoutError": "tiempo agotado",
        "MemoryError": "memoria agotada",
        grading_guard.DEAD_ENAME: "el núcleo murió",
        grading_guard.TAMPER_ENAME: "manipulación de los tests detectada",
    }
    for path in sorted(folder.glob("*.ipynb")):
        nb = nbformat.read(str(path), as_version=4)
        found = set()
        for cell in nb.cells:
            for out in cell.get("outputs", []):
                if out.get("output_type") == "error" and out.get("ename") in labels:
                    found.add(labels[out["ename"]])
                if "recortada por el corrector" in out.get("text", ""):
                    found.add("salida gigante recortada")
            if cells.is_graded_test(cell):
                score, max_score = determine_grade(cell)
                recomputed[cells.grade_id(cell)] = [float(score or 0), float(max_score or 0)]
        problems.extend(sorted(found))
    return problems, recomputed


def gradebook_scores(db_url: str, student: str, assignment: str) -> tuple[float, float, dict] | None:
    from nbgrader.api import Gradebook, MissingEntry

    with Gradebook(db_url) as gb:
        try:
            sub = gb.find_submission(assignment, student)
        except MissingEntry:
            return None
        grades = {g.name: [float(g.score), float(g.max_score)] for nb in sub.notebooks for g in nb.grades
                  if g.cell_type == "code" and g.max_score}
        return float(sub.score), float(sub.max_score), grades


def grade_one(student: str, assignment: str) -> Outcome:
    """Corrige una entrega en este proceso trabajador."""
    started = time.monotonic()
    root, known, api = _WORKER["root"], _WORKER["known"], _WORKER["api"]
    folder = root / "submitted" / student / assignment
    outcome = Outcome(student, assignment, digest=submission_digest(folder))
    max_points = sum(v for v in _WORKER["points"].get(assignment, {}).values())
    outcome.max_score = max_points
    problems, gradable = _inspect_submission(folder, assignment, known, _WORKER["ids"])
    outcome.problems.extend(problems)
    after = submission_digest(folder)
    outcome.edited, outcome.digest = after != outcome.digest, after
    if gradable:
        try:
            result = api.autograde(assignment, student, force=True, create=True)
        finally:
            grading_reaper.end_descendants()  # nada de lo que arrancó la entrega sigue vivo tras su trabajo
        if not result.get("success"):
            outcome.problems.append("nbgrader no pudo corregirla: " + _last_line(result))
        else:
            found, recomputed = _scan_autograded(root / "autograded" / student / assignment)
            outcome.problems.extend(found)
            stored = gradebook_scores(_WORKER["db_url"], student, assignment)
            if stored:
                outcome.score, outcome.max_score, outcome.grades = stored
                outcome.graded = True
            if any(outcome.grades.get(gid, pair)[0] != pair[0] for gid, pair in recomputed.items()):
                outcome.problems.append("la libreta de notas no coincidía con el cuaderno corregido; se usa el cuaderno")
                outcome.grades.update({gid: pair for gid, pair in recomputed.items() if gid in outcome.grades})
                outcome.score = sum(pair[0] for pair in outcome.grades.values())
    outcome.seconds = time.monotonic() - started
    return outcome


def _last_line(result: dict) -> str:
    text = (result.get("error") or result.get("log") or "").strip().splitlines()
    return text[-1][:160] if text else "error desconocido"


def _assignment_layout(db_url: str) -> tuple[dict, dict, dict]:
    """grade_id de tests por cuaderno, puntos por tarea y código original de los tests, leídos de la libreta."""
    from nbgrader.api import Gradebook

    ids, points, sources = {}, {}, {}
    with Gradebook(db_url) as gb:
        for a in gb.assignments:
            points[a.name] = {}
            for nb in a.notebooks:
                ids[nb.name] = [c.name for c in nb.grade_cells if c.cell_type == "code"]
                sources[nb.name] = {c.name: c.source for c in nb.source_cells if c.name in ids[nb.name]}
                for c in nb.grade_cells:
                    points[a.name][c.name] = float(c.max_score)
    return ids, points, sources


# --- el proceso principal ----------------------------------------------------------------

class Progress:
    """Barra de progreso en stdout: hechos/total, ritmo y tiempo restante."""

    def __init__(self, total: int, stream=None):
        self.total, self.done, self.started = total, 0, time.monotonic()
        self.stream = stream or sys.stdout
        self.tty = self.stream.isatty()

    def step(self, label: str = "") -> None:
        self.done += 1
        elapsed = time.monotonic() - self.started
        rate = self.done / elapsed if elapsed else 0.0
        eta = (self.total - self.done) / rate if rate else 0.0
        filled = int(30 * self.done / max(self.total, 1))
        line = (f"[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.total}  "
                f"{rate * 60:.1f} cuadernos/min  quedan ~{int(eta) // 60}:{int(eta) % 60:02d}  {label}")
        if self.tty:
            self.stream.write("\r" + line[:120].ljust(120) + ("\n" if self.done == self.total else ""))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()


def _load_state(root: Path) -> dict:
    path = Path(root) / "autograded" / STATE_FILE
    state = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                data = json.loads(line)
                state[(data["student"], data["assignment"])] = Outcome(**data)
            except (ValueError, TypeError, KeyError):
                continue  # una línea a medias de una ejecución interrumpida
    return state


def _save_state(root: Path, outcome: Outcome) -> None:
    path = Path(root) / "autograded" / STATE_FILE
    path.parent.mkdir(exist_ok=True)
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(asdict(outcome), ensure_ascii=False) + "\n")


def grade_all(root: Path, *, db_url: str | None = None, jobs: int | None = None, timeout: int | None = None,
              selected: list[Notebook] | None = None, redo: bool = False, quiet: bool = False) -> list[Outcome]:
    """Corrige todo submitted/ de ``root`` en paralelo. Reanudable: lo ya hecho (y sin cambios) no se repite."""
    root = Path(root)
    url = db_url_for(root, db_url)
    known = ensure_assignments(root, url, selected if selected is not None else notebooks(root / "source"))
    layout = _assignment_layout(url)
    todo, outcomes = find_jobs(root, known)
    originals = {job: snapshot(root / "submitted" / job[0] / job[1]) for job in todo}
    state = {} if redo else _load_state(root)
    pending = []
    for job in todo:
        previous = state.get(job)
        if previous and previous.digest == digest_of(originals[job]) and gradebook_scores(url, *job) is not None:
            outcomes.append(previous)
        else:
            pending.append(job)
    with grading_guard.installed_kernelspec():
        fresh = _run_pool(root, url, timeout, known, layout, pending, jobs, quiet)
        # Una entrega que otro núcleo cambió durante la corrección: se restaura y se corrige otra vez.
        own_edits = {(o.student, o.assignment): o.digest for o in fresh if o.edited}
        tampered = [job for job in todo if (
            submission_digest(root / "submitted" / job[0] / job[1]) != own_edits[job] if job in own_edits
            else snapshot(root / "submitted" / job[0] / job[1]) != originals[job])]
        for job in tampered:
            _restore(root / "submitted" / job[0] / job[1], originals[job])
        stale = [o for o in fresh if (o.student, o.assignment) in tampered or _autograded_changed(root, o)]
        if stale:
            again = _run_pool(root, url, timeout, known, layout, [(o.student, o.assignment) for o in stale], 1, True)
            redone = {(o.student, o.assignment): o for o in again}
            for o in again:
                o.problems.append("otra entrega la alteró; se corrigió de nuevo desde el original")
            fresh = [redone.get((o.student, o.assignment), o) for o in fresh]
    for outcome in fresh:
        if outcome.graded:
            if _restore_grades(url, outcome):
                outcome.problems.append("la libreta de notas cambió después de corregirla; se restauró")
            _save_state(root, outcome)
    return sorted(outcomes + fresh, key=lambda o: (o.assignment, o.student))


def _autograded_changed(root: Path, outcome: Outcome) -> bool:
    """¿Otro núcleo ha estropeado el cuaderno corregido de esta entrega?"""
    if not outcome.graded:
        return False
    try:
        _found, recomputed = _scan_autograded(Path(root) / "autograded" / outcome.student / outcome.assignment)
    except Exception:
        return True
    return any(outcome.grades.get(gid, pair) != pair for gid, pair in recomputed.items()) or not recomputed


def _restore_grades(url: str, outcome: Outcome) -> bool:
    """Vuelve a poner en la libreta las notas que dio la corrección. Devuelve si hubo que cambiar algo."""
    from nbgrader.api import Gradebook, MissingEntry

    changed = False
    with Gradebook(url) as gb:
        try:
            sub = gb.find_submission(outcome.assignment, outcome.student)
        except MissingEntry:
            return False
        for nb in sub.notebooks:
            for grade in nb.grades:
                if grade.name in outcome.grades and grade.auto_score != outcome.grades[grade.name][0]:
                    grade.auto_score = outcome.grades[grade.name][0]
                    changed = True
        if changed:
            gb.db.commit()
    return changed


def _restore(folder: Path, snapshot: dict[str, bytes]) -> None:
    for path in list(folder.rglob("*")):
        if path.is_file() and str(path.relative_to(folder)) not in snapshot:
            path.unlink()
    for rel, data in snapshot.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_bytes(data)


def _run_pool(root, url, timeout, known, layout, pending, jobs, quiet) -> list[Outcome]:
    if not pending:
        return []
    workers = max(1, min(jobs or os.cpu_count() or 1, len(pending)))
    progress = None if quiet else Progress(len(pending))
    results = []
    context = multiprocessing.get_context("spawn")
    init_args = (str(root), url, timeout, known, os.environ.get("JUPYTER_PATH", ""), layout)
    with ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_init_worker,
                             initargs=init_args) as pool:
        futures = {pool.submit(grade_one, s, a): (s, a) for s, a in pending}
        for future in as_completed(futures):
            student, assignment = futures[future]
            try:
                outcome = future.result()
            except Exception as err:  # un trabajador caído no para a los demás
                outcome = Outcome(student, assignment, problems=[f"el corrector falló: {type(err).__name__}: {err}"])
            results.append(outcome)
            if progress:
                progress.step(f"{student}/{assignment}")
    return results


def format_table(outcomes: list[Outcome]) -> str:
    """Tabla final en castellano."""
    rows = [("alumno", "tarea", "nota", "s", "estado")]
    for o in outcomes:
        rows.append((o.student, o.assignment, f"{o.score:g}/{o.max_score:g}", f"{o.seconds:.1f}", o.status))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = ["  ".join(r[i].ljust(widths[i]) for i in range(4)) + "  " + r[4] for r in rows]
    lines.insert(1, "-" * min(120, sum(widths) + 20))
    bad = sum(1 for o in outcomes if o.problems)
    lines.append(f"{len(outcomes)} entrega(s); {bad} con avisos o problemas.")
    return "\n".join(lines)


def zip_collect(root: Path, archive: Path, known: dict[str, list[str]]) -> list[str]:
    """Reparte una descarga de Moodle («descargar todas las entregas») en submitted/ con zip_collect de nbgrader."""
    import re
    import zipfile

    from nbgrader.apps.zipcollectapp import ZipCollectApp
    from nbgrader.coursedir import CourseDirectory

    pattern = re.compile(MOODLE_REGEX)
    with zipfile.ZipFile(archive) as zf:
        names = [n for n in zf.namelist() if n.endswith(".ipynb")]
    guesses = {}
    for name in names:
        match = pattern.match("/" + name)
        if match:
            stem = Path(match.group("file_id")).stem
            if stem in known:
                guesses[stem] = guesses.get(stem, 0) + 1
    if not guesses:
        raise SystemExit(f"No reconozco ninguna tarea del curso en {archive}: ¿es una descarga de Moodle?")
    assignment = max(guesses, key=guesses.get)
    config = load_nbgrader_config(Path(root), db_url_for(root))
    config.FileNameCollectorPlugin.named_regexp = MOODLE_REGEX
    config.ZipCollectApp.force = True
    folder = Path(root) / "downloaded" / assignment / "archive"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(archive, folder / Path(archive).name)
    coursedir = CourseDirectory(config=config)
    coursedir.assignment_id = assignment
    app = ZipCollectApp(coursedir=coursedir, config=config)
    app.assignment_id = assignment
    app.start()
    # Moodle nombra el fichero como quiso el alumno; si solo hay uno, find_jobs lo renombra.
    return [assignment]


def _validate_inverted(path: str, root: str) -> str:
    """``nbgrader validate --invert`` en este proceso; devuelve lo que imprime (su código de salida es 0 siempre)."""
    import io
    import warnings

    from nbgrader.validator import Validator

    warnings.filterwarnings("ignore")
    config = load_nbgrader_config(Path(root))
    stream = io.StringIO()
    validator = Validator(config=config)
    validator.stream = stream
    validator.invert = True
    validator.validate_and_print(path)
    return stream.getvalue()


def validate_inverted_many(paths: list[Path], root: Path, jobs: int | None = None) -> dict[Path, str]:
    """Valida en paralelo, con ``--invert``, cuadernos de alumno sin rellenar."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs or os.cpu_count() or 1, mp_context=context) as pool:
        futures = {p: pool.submit(_validate_inverted, str(p), str(root)) for p in paths}
        return {p: f.result() for p, f in futures.items()}
