"""Rutas del repositorio, lista de cuadernos y datos del repositorio público."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE_DIR = ROOT / "source"
RELEASE_DIR = ROOT / "release"
WORKED_DIR = ROOT / "notebooks"
CATALOGUE_DIR = ROOT / "tests" / "wrong_answers"
NBGRADER_CONFIG = ROOT / "nbgrader_config.py"

SLUG_PATTERN = re.compile(r"^(\d\d)-[a-z0-9-]+$")


@dataclass(frozen=True)
class Notebook:
    """Un cuaderno del curso, identificado por su carpeta ``NN-slug``."""

    slug: str
    source_dir: Path = SOURCE_DIR  # la carpeta source/ de la que sale (la del repositorio u otra)

    @property
    def number(self) -> str:
        return self.slug[:2]

    @property
    def source(self) -> Path:
        return self.source_dir / self.slug / f"{self.slug}.ipynb"

    @property
    def release(self) -> Path:
        return RELEASE_DIR / self.slug / f"{self.slug}.ipynb"

    @property
    def worked(self) -> Path:
        return WORKED_DIR / f"{self.slug}.ipynb"

    @property
    def catalogue(self) -> Path:
        return CATALOGUE_DIR / f"nb{self.slug.replace('-', '_')}.py"


def where(path: Path, index: int | None = None) -> str:
    """«source/NN-slug/NN-slug.ipynb, celda K»: dónde está un problema, con la ruta relativa al repositorio."""
    rel = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    return f"{rel}" if index is None else f"{rel}, celda {index}"


def notebooks(source_dir: Path = SOURCE_DIR) -> list[Notebook]:
    """Los cuadernos de ``source/`` en orden: una carpeta ``NN-slug`` con ``NN-slug.ipynb`` dentro."""
    found = []
    for folder in sorted(p for p in source_dir.iterdir() if p.is_dir()):
        if SLUG_PATTERN.match(folder.name) and (folder / f"{folder.name}.ipynb").exists():
            found.append(Notebook(folder.name, Path(source_dir)))
    return found


@lru_cache(maxsize=None)
def public_repository() -> tuple[str, str]:
    """(URL, rama) del repositorio público, leídos de ``[tool.curso]`` en pyproject.toml."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    section = data["tool"]["curso"]
    return section["repository"].rstrip("/"), section["branch"]
