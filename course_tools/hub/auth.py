"""La entrada al hub con los usuarios de Unix (PAM) y el servidor que recibe cada uno.

``CourseAuthenticator`` es el PAMAuthenticator de JupyterHub con tres cambios: solo entran los miembros de
``alumnos`` y ``profesorado`` (el profesorado, como administrador del hub); cada «no» es un mensaje en
castellano que dice qué pasa; y la primera contraseña (la de ``accounts.enrol``, con su marca en la carpeta de
estado) se cambia en el mismo formulario, con la casilla «Contraseña nueva» (``hub/templates/login.html``).

``pre_spawn_hook`` prepara el JupyterLab de cada uno como ``make lab`` y ``make lab-profe``
(``learner.lab``): el alumno, con la pestaña Assignments y sin el Formgrader; el profesorado, con el
Formgrader sobre su copia del curso.
"""

from __future__ import annotations

import os
import pwd
import subprocess
from pathlib import Path

import pamela
from jupyterhub.auth import PAMAuthenticator
from tornado import web
from tornado.concurrent import run_on_executor

from ..layout.course import ROOT
from ..learner.lab import LEARNER_EXTENSIONS, TEACHER_EXTENSIONS
from .accounts import LEARNERS_GROUP, TEACHERS_GROUP, members, must_change

STATE_ENV_VAR = "COURSE_HUB_STATE"  # la carpeta de estado del hub (serve.prepare_state)
MIN_PASSWORD = 8
TEACHER_COURSE = "pytorch-minimo"  # la copia del curso del profesorado, en su carpeta personal
# Lo que JupyterLab no enseña al alumno: los paneles de nbgrader para crear tareas y la lista de cursos.
LEARNER_CONFIG = ROOT / "hub" / "jupyter-alumnos"


def refuse(message: str) -> web.HTTPError:
    """Un «no» del hub con su motivo en la página de error (nada queda a medias: no se ha creado nada)."""
    error = web.HTTPError(403, message)
    error.reason = "No puedes entrar"
    return error


class CourseAuthenticator(PAMAuthenticator):
    @run_on_executor
    def authenticate(self, handler, data):
        username, password = data.get("username", ""), data.get("password", "")
        try:
            pamela.authenticate(username, password, service=self.service, encoding=self.encoding)
        except pamela.PAMError:
            self.log.warning("Contraseña equivocada o usuario desconocido: %r", username[:32])
            raise refuse("Usuario o contraseña equivocados. Vuelve atrás y escríbelos otra vez "
                         "(si no recuerdas tu contraseña, pide al profesorado una nueva).") from None
        if username not in members(LEARNERS_GROUP) | members(TEACHERS_GROUP):
            raise refuse(f"El usuario {username} existe en el servidor pero no está en el grupo «{LEARNERS_GROUP}» "
                         f"ni en «{TEACHERS_GROUP}»: pide al profesorado que te dé de alta en la clase.")
        marker = must_change(Path(os.environ.get(STATE_ENV_VAR, ".")), username)
        if marker.exists():
            self._change_first_password(username, password, data.get("new_password", ""))
            marker.unlink()
        return username

    def _change_first_password(self, username: str, old: str, new: str) -> None:
        if not new:
            raise refuse("Es tu primera entrada: vuelve atrás y escribe también una contraseña nueva en la casilla "
                         "«Contraseña nueva». Desde ahora entrarás con ella.")
        if len(new) < MIN_PASSWORD or new == old or new == username:
            raise refuse(f"La contraseña nueva tiene que tener al menos {MIN_PASSWORD} caracteres y ser distinta de "
                         "la primera y de tu nombre de usuario. Vuelve atrás y prueba otra.")
        done = subprocess.run(["chpasswd"], input=f"{username}:{new}\n", capture_output=True, text=True)
        if done.returncode != 0:
            raise refuse(f"No se pudo guardar la contraseña nueva ({done.stderr.strip()}); la primera sigue valiendo.")
        self.log.info("%s ha cambiado su primera contraseña", username)


def _extension_args(extensions: dict[str, bool]) -> list[str]:
    return [f"--ServerApp.jpserver_extensions=nbgrader.server_extensions.{name}={enabled}"
            for name, enabled in extensions.items()]


def pre_spawn_hook(spawner) -> None:
    """Alumno: su carpeta personal y la pestaña Assignments. Profesorado: además el Formgrader, en
    ``~/pytorch-minimo`` si tiene allí su copia del curso (nbgrader lee su ``nbgrader_config.py``)."""
    name = spawner.user.name
    home = Path(pwd.getpwnam(name).pw_dir)
    teacher = name in members(TEACHERS_GROUP)
    spawner.args = [*spawner.args, *_extension_args(TEACHER_EXTENSIONS if teacher else LEARNER_EXTENSIONS)]
    if not teacher:
        environment = dict(spawner.environment)
        shared = environment.get("JUPYTER_CONFIG_PATH")
        environment["JUPYTER_CONFIG_PATH"] = os.pathsep.join(filter(None, [str(LEARNER_CONFIG), shared]))
        spawner.environment = environment
    course = home / TEACHER_COURSE
    if teacher and (course / "nbgrader_config.py").is_file():
        # nbgrader lee el nbgrader_config.py de la carpeta donde arranca el servidor, y JupyterHub lo arranca
        # en la carpeta personal: el servidor empieza en la del curso, como make lab-profe.
        spawner.notebook_dir = str(course)
        spawner.cmd = ["sh", "-c", 'cd "$0" && exec "$@"', str(course), *spawner.cmd]
