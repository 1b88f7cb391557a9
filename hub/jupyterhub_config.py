"""JupyterHub de la clase (``make hub``): usuarios de Unix, la pestaña Assignments y el Formgrader del curso.

``python -m course_tools.hub serve`` (lo que hace ``make hub``) lo arranca como root con las variables
COURSE_HUB_*: el puerto, la carpeta de estado (base de datos del hub, secreto de las cookies, registro,
exchange de nbgrader) y dos puertos internos libres. La lógica está en course_tools/hub/.
"""

import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821  (JupyterHub define get_config al leer este fichero)

HERE = Path(__file__).resolve().parent
STATE = Path(os.environ.get("COURSE_HUB_STATE", HERE.parent / "build" / "hub"))
BIN = Path(sys.executable).parent  # el entorno del curso: jupyterhub, el proxy y jupyterhub-singleuser
# course_tools está en la raíz del repositorio, junto a hub/: JupyterHub tiene que poder importarlo.
if str(HERE.parent) not in sys.path:
    sys.path.insert(0, str(HERE.parent))

# --- dónde escucha y dónde guarda su estado ---
c.JupyterHub.ip = os.environ.get("COURSE_HUB_IP", "")
c.JupyterHub.port = int(os.environ.get("COURSE_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("COURSE_HUB_INTERNAL_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ.get('COURSE_HUB_PROXY_API_PORT', '8001')}"
c.ConfigurableHTTPProxy.command = [str(BIN / "configurable-http-proxy")]  # el proxy de Python, de PyPI
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.JupyterHub.cleanup_servers = True  # Ctrl-C para también los servidores de cada uno
c.JupyterHub.template_paths = [str(HERE / "templates")]  # el formulario con «Contraseña nueva»

# --- quién entra: usuarios de Unix de los grupos alumnos y profesorado (course_tools/hub/auth.py) ---
c.JupyterHub.authenticator_class = "course_tools.hub.auth.CourseAuthenticator"
c.PAMAuthenticator.allowed_groups = {"alumnos", "profesorado"}
c.PAMAuthenticator.admin_groups = {"profesorado"}
c.PAMAuthenticator.open_sessions = False

# --- el servidor de cada uno: JupyterLab del entorno del curso (torch, rukh_helpers, nbgrader) ---
c.JupyterHub.spawner_class = "localprocess"
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
c.Spawner.default_url = "/lab"
c.Spawner.notebook_dir = "~"
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.Spawner.environment = {
    # nbgrader lee hub/jupyter/nbgrader_config.py: el curso y la exchange del hub para la pestaña Assignments.
    "JUPYTER_CONFIG_PATH": str(HERE / "jupyter"),
    "COURSE_HUB_EXCHANGE": os.environ.get("COURSE_HUB_EXCHANGE", str(STATE / "exchange")),
    "PATH": f"{BIN}:/usr/local/bin:/usr/bin:/bin",
    "OMP_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
}
c.Spawner.pre_spawn_hook = __import__("course_tools.hub.auth", fromlist=["pre_spawn_hook"]).pre_spawn_hook
