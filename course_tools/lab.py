"""``make lab``: JupyterLab sobre una copia de trabajo de los cuadernos de alumno.

La copia (``mi-curso/``, ignorada por git) se siembra desde release/ la primera vez.
Después solo se añaden los cuadernos nuevos: nunca se sobrescribe lo que el
alumno ya ha escrito, aunque cambie release/ con ``make release`` o ``git pull``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from .config import RELEASE_DIR, ROOT

WORKSPACE_ENV_VAR = "CURSO_MI_CURSO"


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


def serve(port: int = 8888, open_browser: bool = True, extra: list[str] | None = None) -> int:
    workspace = workspace_dir()
    copied = seed_workspace(workspace)
    print(f"Tus cuadernos están en {workspace} ({len(copied)} nuevos copiados desde release/).")
    print("Lo que escribas allí es tuyo: `make release` y `git pull` no lo tocan.")
    return subprocess.call(lab_command(workspace, port, open_browser, extra), cwd=ROOT)
