"""nbgrader en el servidor de cada usuario del hub: el curso y la exchange del hub (``make hub``).

El hub pone esta carpeta en JUPYTER_CONFIG_PATH; la pestaña Assignments lista lo publicado del curso en la
exchange y entrega allí. El profesorado corrige con el ``nbgrader_config.py`` de su copia del curso.
"""

import os

c = get_config()  # noqa: F821  (nbgrader define get_config al leer este fichero)

c.CourseDirectory.course_id = "pytorch-minimo"
c.Exchange.root = os.environ.get("COURSE_HUB_EXCHANGE", "/srv/nbgrader/exchange")
c.Exchange.path_includes_course = False
