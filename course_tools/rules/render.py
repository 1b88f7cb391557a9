"""Lo que la construcción escribe en un cuaderno a partir de la lista de cuadernos y de un solo dato, el
repositorio público: la insignia de Colab, la línea de instalación, la navegación, los enlaces al glosario
y la tabla de cuadernos del README. Nada de esto se escribe en source/: ``render_notebook`` lo pone en la
copia de cada cuaderno que va a release/ (dentro de ``nbgrader generate_assignment``) y a notebooks/."""

from __future__ import annotations

import os
import re
from pathlib import Path

from ..layout.course import ROOT, notebooks, public_repository

BADGE_IMAGE = "https://colab.research.google.com/assets/colab-badge.svg"
BADGE_LINE = re.compile(r"^\[!\[Abrir en Colab\]\([^)]*\)\]\([^)]*\)[^\n]*$", re.M)
INSTALL_LINE = re.compile(r'^(?P<indent>[ \t]*)%pip install [^\n]*rukh-helpers @ git\+[^\n]*$', re.M)


def colab_url(path) -> str:
    """URL de Colab para un fichero del repositorio (ruta relativa a la raíz)."""
    url, branch = public_repository()
    if not url.startswith("https://github.com/"):
        raise ValueError(f"El repositorio público debe estar en GitHub para Colab; es {url!r}.")
    owner_repo = url.removeprefix("https://github.com/")
    relative = path.relative_to(ROOT).as_posix() if hasattr(path, "relative_to") else str(path)
    return f"https://colab.research.google.com/github/{owner_repo}/blob/{branch}/{relative}"


def badge(path) -> str:
    return f"[![Abrir en Colab]({BADGE_IMAGE})]({colab_url(path)})"


def install_command() -> str:
    url, branch = public_repository()
    return f'%pip install -q "rukh-helpers @ git+{url}@{branch}"'


def render_title(source: str, path) -> str:
    """Pone (o corrige) la insignia de Colab en la celda de título."""
    if not BADGE_LINE.search(source):
        raise ValueError(f"La celda de título de {path} no tiene la línea de la insignia de Colab.")
    return BADGE_LINE.sub(lambda m: badge(path), source, count=1)


def render_setup(source: str) -> str:
    """Pone (o corrige) la línea de instalación de las ayudas en la celda de preparación."""
    if not INSTALL_LINE.search(source):
        raise ValueError("La celda de preparación no tiene la línea «%pip install ... rukh-helpers @ git+...».")
    return INSTALL_LINE.sub(lambda m: m.group("indent") + install_command(), source, count=1)


GLOSSARY_LINK = re.compile(r"\]\(glosario#([a-z0-9-]+)\)")
GLOSSARY_ANCHOR = re.compile(r'<a id="([a-z0-9-]+)"></a>')


def glossary_url(anchor: str) -> str:
    url, branch = public_repository()
    return f"{url}/blob/{branch}/GLOSARIO.md#{anchor}"


def render_glossary_links(text: str) -> str:
    """``[lote](glosario#lote)`` → enlace al GLOSARIO.md del repositorio público (funciona en Colab)."""
    return GLOSSARY_LINK.sub(lambda m: f"]({glossary_url(m.group(1))})", text)


def glossary_anchors() -> set[str]:
    path = ROOT / "GLOSARIO.md"
    return set(GLOSSARY_ANCHOR.findall(path.read_text(encoding="utf-8"))) if path.exists() else set()


TABLE_START = "<!-- tabla-de-cuadernos: la genera `make release`; no la edites a mano -->"
TABLE_END = "<!-- fin-tabla-de-cuadernos -->"


def notebook_title(path) -> str:
    import nbformat

    first = nbformat.read(str(path), as_version=4).cells[0].source.splitlines()[0]
    return first.lstrip("# ").strip()


def notebook_table(selected) -> str:
    rows = ["| Cuaderno | Para hacer | Resuelto |", "|---|---|---|"]
    for notebook in selected:
        rows.append(f"| {notebook_title(notebook.source)} | {badge(notebook.release)} | {badge(notebook.worked)} |")
    return "\n".join(rows)


def render_readme(text: str, selected) -> str:
    """Pone al día la tabla de cuadernos del README (entre sus dos marcas)."""
    start, end = text.index(TABLE_START) + len(TABLE_START), text.index(TABLE_END)
    return text[:start] + "\n" + notebook_table(selected) + "\n" + text[end:]


# Navegación: la línea «**Viene de:** …» de la celda de título y «**Siguiente:** …» de la de cierre
# las escribe la construcción a partir de la lista de cuadernos (un solo sitio para títulos y rutas).
PREVIOUS_LINE = re.compile(r"^\*\*Viene de:\*\*[^\n]*$", re.M)
NEXT_LINE = re.compile(r"^\*\*Siguiente:\*\*[^\n]*$", re.M)


def notebook_link(target, origin, flat: bool) -> str:
    """Enlace markdown de ``origin`` a otro cuaderno: en release/ cada uno vive en su carpeta; en notebooks/,
    todos juntos (``flat``). La ruta relativa sale de donde la disposición del curso pone los dos."""
    where_from, where_to = (origin.worked, target.worked) if flat else (origin.release, target.release)
    path = Path(os.path.relpath(where_to, where_from.parent)).as_posix()
    return f"[{notebook_title(target.source)}]({path})"


def render_navigation(source: str, notebook, ordered, flat: bool = False) -> str:
    """Rellena las líneas de navegación de una celda con el cuaderno anterior y el siguiente."""
    slugs = [n.slug for n in ordered]
    position = slugs.index(notebook.slug)
    previous = ordered[position - 1] if position > 0 else None
    following = ordered[position + 1] if position + 1 < len(ordered) else None
    if previous is not None:
        source = PREVIOUS_LINE.sub(lambda m: f"**Viene de:** {notebook_link(previous, notebook, flat)}", source)
    if following is not None:
        source = NEXT_LINE.sub(lambda m: f"**Siguiente:** {notebook_link(following, notebook, flat)}", source)
    return source


def render_notebook(nb, notebook, path, flat: bool, glossary: bool = True) -> None:
    """Pone al día, en el sitio, un cuaderno del curso que se guardará en ``path``: la insignia de Colab hacia
    ``path``, la línea de instalación, «Viene de»/«Siguiente» (``flat``: todos los cuadernos en una carpeta,
    como en notebooks/) y, con ``glossary``, los enlaces al glosario. Hacerlo dos veces da lo mismo."""
    if len(nb.cells) < 2:
        raise ValueError(f"{notebook.slug}: necesita al menos la celda de título y la de preparación.")
    nb.cells[0].source = render_title(nb.cells[0].source, path)
    nb.cells[1].source = render_setup(nb.cells[1].source)
    ordered = notebooks()
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = render_navigation(cell.source, notebook, ordered, flat=flat)
            if glossary:
                cell.source = render_glossary_links(cell.source)
