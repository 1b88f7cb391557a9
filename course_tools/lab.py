"""``make lab``: JupyterLab sobre una copia de trabajo de los cuadernos de alumno.

La copia (``mi-curso/``, ignorada por git) se siembra desde release/ la primera vez.
Después solo se añaden los cuadernos nuevos: nunca se sobrescribe lo que el
alumno ya ha escrito, aunque cambie release/ con ``make release`` o ``git pull``.
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

from .course import RELEASE_DIR, ROOT

WORKSPACE_ENV_VAR = "COURSE_WORKSPACE"


def workspace_dir() -> Path:
    return Path(os.environ.get(WORKSPACE_ENV_VAR, ROOT / "mi-curso")).resolve()


def seed_workspace(workspace: Path | None = None, release_dir: Path = RELEASE_DIR) -> list[Path]:
    """Copia a ``workspace`` los ficheros de release/ que aún no están allí. Devuelve los copiados."""
    workspace = workspace or workspace_dir()
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


def lab_command(workspace: Path, port: int, open_browser: bool, extra: list[str] | None = None) -> list[str]:
    command = [
        sys.executable, "-m", "jupyter", "lab",
        f"--ServerApp.root_dir={workspace}",
        f"--ServerApp.port={port}",
        "--ServerApp.ip=127.0.0.1",
    ]
    # El alumno no corrige: fuera el panel del profesorado (formgrader) y la lista de cursos.
    for extension in ("formgrader", "course_list"):
        command.append(f"--ServerApp.jpserver_extensions=nbgrader.server_extensions.{extension}=False")
    if not open_browser:
        command.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # contenedores e integración continua
    return command + list(extra or [])


LOG_FILE = ROOT / "build" / "lab.log"
TOKEN_OPTION = "--IdentityProvider.token="


def _given_token(extra: list[str]) -> str | None:
    return next((arg.removeprefix(TOKEN_OPTION) for arg in extra if arg.startswith(TOKEN_OPTION)), None)


def _ready(port: int, token: str, process: subprocess.Popen, timeout: float = 90) -> bool:
    """Espera a que el servidor conteste; False si se muere o no llega a tiempo."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and process.poll() is None:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}", timeout=2)
            return True
        except OSError:
            time.sleep(0.5)
    return False


def serve(port: int = 8888, open_browser: bool = True, extra: list[str] | None = None) -> int:
    """Arranca JupyterLab sin llenar la pantalla: una línea por paso y la dirección; el resto, al registro."""
    extra = list(extra or [])
    workspace = workspace_dir()
    copied = seed_workspace(workspace)
    print(f"Tus cuadernos están en {workspace} ({len(copied)} nuevos copiados desde release/; lo tuyo no se toca).")
    token = _given_token(extra)
    if token is None:
        token = secrets.token_urlsafe(24)
        extra.append(TOKEN_OPTION + token)
    LOG_FILE.parent.mkdir(parents=True, exist_ok=True)
    shown_log = LOG_FILE.relative_to(ROOT) if LOG_FILE.is_relative_to(ROOT) else LOG_FILE
    print(f"Arrancando JupyterLab (sus mensajes van a {shown_log})...", flush=True)
    command = lab_command(workspace, port, open_browser, ["--ServerApp.port_retries=0", *extra])
    with LOG_FILE.open("w", encoding="utf-8") as log:
        process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        try:
            if not _ready(port, token, process):
                process.terminate()
                process.wait()
                tail = LOG_FILE.read_text(encoding="utf-8", errors="replace").splitlines()[-15:]
                print(f"✗ JupyterLab no arrancó (¿el puerto {port} está ocupado? prueba `make lab PORT=8890`). "
                      f"Últimas líneas de {shown_log}:")
                print("\n".join("  " + line for line in tail))
                return 1
            print(f"Listo: http://127.0.0.1:{port}/lab?token={token}")
            print("Para pararlo, pulsa Ctrl+C aquí.", flush=True)
            return process.wait()
        except KeyboardInterrupt:
            process.terminate()
            process.wait()
            print("\nJupyterLab parado. Tus cuadernos quedan en tu carpeta.")
            return 0
