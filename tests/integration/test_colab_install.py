"""La línea de instalación de Colab, de verdad: un entorno nuevo que ya trae torch y numpy, y pip."""

import re
import subprocess
import sys
import sysconfig

from course_tools.rules import cells, render
from course_tools.layout.course import ROOT, notebooks


def test_install_line_leaves_torch_and_numpy_alone(tmp_path):
    """La línea %pip de la celda de preparación, contra esta copia del repositorio, en un entorno nuevo
    que ya tiene torch y numpy (como Colab): solo instala rukh-helpers."""
    setup = cells.read(notebooks()[0].release).cells[1].source
    line = render.INSTALL_LINE.search(setup).group(0).strip()
    url, branch = render.public_repository()
    assert f"git+{url}@{branch}" in line
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    spec = re.search(r'"([^"]+)"', line).group(1).replace(f"git+{url}@{branch}", f"git+file://{ROOT}@{commit}")
    venv = tmp_path / "colab"
    # Colab trae un pip reciente; el de Python 3.11 no entiende «nombre @ git+file://…». En vez de instalar
    # uno nuevo en el entorno (una descarga en cada prueba), instala el pip de este entorno con --python.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    site = subprocess.run([str(venv / "bin/python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    # Lo que «trae Colab»: el torch, numpy, matplotlib y chess de nuestro entorno, visibles desde el nuevo.
    (tmp_path / "colab-site.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    (tmp_path / "colab-site.pth").rename(f"{site}/colab-preinstalado.pth")
    result = subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin/python"), "install",
                             "--no-cache-dir", spec], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    installed = [name.rsplit("-", 1)[0] for name in re.search(r"Successfully installed (.*)", result.stdout).group(1).split()]
    assert "rukh-helpers" in installed
    assert not {"torch", "numpy", "nvidia-cublas-cu12"} & set(installed), installed
    check = subprocess.run(
        [str(venv / "bin/python"), "-c",
         "import rukh_helpers, torch; from rukh_helpers.games import classic_games; "
         "print(rukh_helpers.VOCAB_SIZE, len(classic_games()), rukh_helpers.__file__)"],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert check.returncode == 0, check.stderr
    size, games, location = check.stdout.split()
    assert size == "2030" and int(games) >= 12 and str(ROOT) not in location
