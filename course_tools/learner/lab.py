"""``make lab`` y ``make lab-profe``: JupyterLab para el alumno y para el profesorado.

``make lab``: sobre una copia de trabajo de los cuadernos de alumno. La copia (``mi-curso/``,
ignorada por git) se siembra desde release/ la primera vez. Después solo se añaden los cuadernos
nuevos: nunca se sobrescribe lo que el alumno ya ha escrito, aunque cambie release/ con
``make release`` o ``git pull``. Sin el formgrader ni la lista de cursos de nbgrader.

``make lab-profe``: en la raíz del curso (la del repositorio), con el formgrader y la lista de tareas
de nbgrader. nbgrader lee ``nbgrader_config.py`` de la carpeta donde arranca el servidor, así que
su «Autograde» y su «Generate Feedback» usan las cadenas del curso (núcleo encerrado y con límites,
devolución sin tests ocultos) y su libreta de notas (gradebook.db o ``COURSE_GRADEBOOK_URL``).
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from ..layout.course import LAYOUT, RELEASE, ROOT, CourseLayout

WORKSPACE_ENV_VAR = "COURSE_WORKSPACE"


def workspace_dir() -> Path:
    return Path(os.environ.get(WORKSPACE_ENV_VAR, LAYOUT.workspace)).resolve()


def seed_workspace(workspace: Path | None = None, release_dir: Path | None = None) -> list[Path]:
    """Copia a ``workspace`` los ficheros de release/ que aún no están allí. Devuelve los copiados."""
    workspace = workspace or workspace_dir()
    release_dir = release_dir or LAYOUT.step(RELEASE)
    copied = []
    for source in sorted(release_dir.rglob("*")):
        if not source.is_file() or source.name == "README.md" or ".ipynb_checkpoints" in source.parts:
            continue
        target = workspace / source.relative_to(release_dir)
        if target.exists():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
        copied.append(target)
    return copied


# Las extensiones de servidor de nbgrader que cambian entre el alumno y el profesorado (las demás, como las deja nbgrader).
LEARNER_EXTENSIONS = {"formgrader": False, "course_list": False}  # el alumno no corrige
TEACHER_EXTENSIONS = {"formgrader": True, "assignment_list": True}


def lab_command(workspace: Path, port: int, open_browser: bool, extra: list[str] | None = None,
                teacher: bool = False) -> list[str]:
    command = [
        sys.executable, "-m", "jupyter", "lab",
        f"--ServerApp.root_dir={workspace}",
        f"--ServerApp.port={port}",
        "--ServerApp.ip=127.0.0.1",
    ]
    for extension, enabled in (TEACHER_EXTENSIONS if teacher else LEARNER_EXTENSIONS).items():
        command.append(f"--ServerApp.jpserver_extensions=nbgrader.server_extensions.{extension}={enabled}")
    if not open_browser:
        command.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # contenedores e integración continua
    return command + list(extra or [])


LOG_FILE = ROOT / "build" / "lab.log"
TOKEN_OPTION = "--IdentityProvider.token="


def _given_token(extra: list[str]) -> str | None:
    return next((arg.removeprefix(TOKEN_OPTION) for arg in extra if arg.startswith(TOKEN_OPTION)), None)


def answers_in_time(probe_url: str, process: subprocess.Popen, timeout: float) -> bool:
    """Espera a que el servidor de ``process`` conteste en ``probe_url``; False si se muere o no llega a tiempo."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and process.poll() is None:
        try:
            urllib.request.urlopen(probe_url, timeout=2)
            return True
        except OSError:
            time.sleep(0.5)
    return False


def _ready(port: int, token: str, process: subprocess.Popen, timeout: float = 90) -> bool:
    return answers_in_time(f"http://127.0.0.1:{port}/api/status?token={token}", process, timeout)


def serve(port: int = 8888, open_browser: bool = True, extra: list[str] | None = None) -> int:
    """``make lab``: JupyterLab sobre la copia de trabajo del alumno."""
    workspace = workspace_dir()
    copied = seed_workspace(workspace)
    print(f"Tus cuadernos están en {workspace} ({len(copied)} nuevos copiados desde release/; lo tuyo no se toca).")
    return _run(workspace, port, open_browser, list(extra or []), teacher=False,
                stopped="JupyterLab parado. Tus cuadernos quedan en tu carpeta.")


def serve_teacher(port: int = 8888, open_browser: bool = True, extra: list[str] | None = None,
                  root: Path = ROOT) -> int:
    """``make lab-profe``: JupyterLab en la raíz del curso con el formgrader de nbgrader."""
    root = Path(root).resolve()
    if not (root / "nbgrader_config.py").exists():
        print(f"✗ {root} no es un curso de nbgrader: falta nbgrader_config.py.")
        return 2
    gradebook = os.environ.get("COURSE_GRADEBOOK_URL", "").split("@")[-1] or CourseLayout(root).gradebook
    print(f"Curso: {root} (source/, release/, submitted/, autograded/, feedback/); libreta de notas: {gradebook}.")
    return _run(root, port, open_browser, list(extra or []), teacher=True, stopped="JupyterLab parado.",
                log_file=root / "build" / "lab-profe.log",
                also="Formgrader: http://127.0.0.1:{port}/formgrader?token={token} (o el menú Nbgrader → Formgrader)")


def _run(root: Path, port: int, open_browser: bool, extra: list[str], teacher: bool, stopped: str,
         also: str | None = None, log_file: Path | None = None) -> int:
    """Arranca JupyterLab sin llenar la pantalla: una línea por paso y la dirección; el resto, al registro."""
    log_file = log_file or LOG_FILE
    token = _given_token(extra)
    if token is None:
        token = secrets.token_urlsafe(24)
        extra.append(TOKEN_OPTION + token)
    log_file.parent.mkdir(parents=True, exist_ok=True)
    shown_log = log_file.relative_to(ROOT) if log_file.is_relative_to(ROOT) else log_file
    print(f"Arrancando JupyterLab (sus mensajes van a {shown_log})...", flush=True)
    command = lab_command(root, port, open_browser, ["--ServerApp.port_retries=0", *extra], teacher=teacher)
    # nbgrader lee nbgrader_config.py de la carpeta donde arranca: la del curso, para el profesorado.
    with log_file.open("w", encoding="utf-8") as log:
        process = subprocess.Popen(command, cwd=root if teacher else ROOT, stdout=log, stderr=subprocess.STDOUT)
        try:
            if not _ready(port, token, process):
                process.terminate()
                process.wait()
                tail = log_file.read_text(encoding="utf-8", errors="replace").splitlines()[-15:]
                target = "lab-profe" if teacher else "lab"
                print(f"✗ JupyterLab no arrancó (¿el puerto {port} está ocupado? prueba `make {target} PORT=8890`). "
                      f"Últimas líneas de {shown_log}:")
                print("\n".join("  " + line for line in tail))
                return 1
            print(f"Listo: http://127.0.0.1:{port}/lab?token={token}")
            if also:
                print(also.format(port=port, token=token))
            print("Para pararlo, pulsa Ctrl+C aquí.", flush=True)
            return process.wait()
        except KeyboardInterrupt:
            process.terminate()
            process.wait()
            print("\n" + stopped)
            return 0
