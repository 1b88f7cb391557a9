# Puerta de entrada del curso «PyTorch mínimo». Cada objetivo instala antes lo que necesita.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.instalado
TOOLS  := $(BIN)/python -m course_tools
export OMP_NUM_THREADS := 1
export MKL_NUM_THREADS := 1
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: help hub lab lab-profe progreso test perfil coverage-gate release check grade feedback bench system-deps clean

help:
	@echo "make lab      -> JupyterLab con tus cuadernos de alumno (carpeta mi-curso/)"
	@echo "make hub      -> JupyterHub de la clase en este servidor, como root (puerto 8000; PORT= para otro)"
	@echo "make progreso -> cuánto llevas hecho en mi-curso/ (sin tocar tus cuadernos)"
	@echo "make lab-profe -> JupyterLab del profesorado en la raíz del curso, con el Formgrader de nbgrader"
	@echo "make test     -> todo lo que ejecuta la integración continua"
	@echo "make release  -> escribe release/ (nbgrader), notebooks/ (resueltos y ejecutados) y la tabla del README; no toca source/"
	@echo "make check    -> comprobaciones rápidas de estructura"
	@echo "make grade    -> corrige submitted/ (o ZIP=descarga.zip HOJA=hoja.csv de Moodle; SCHEDULER=tcp://host:8786 con Dask)"
	@echo "make feedback -> informes HTML para cada alumno"
	@echo "make bench    -> mide tiempos de corrección y de cada cuaderno"
	@echo "make perfil   -> el perfil del último make test: cuánto tardó cada etapa y sus tests más lentos"

PORT   ?= 8888
# Los nombres de los kernelspecs (WARM_KERNEL…), en un solo sitio que también lee course_tools/kernels/spec.py.
include course_tools/kernels/names.mk
# nbval busca el núcleo por su nombre: el kernelspec del núcleo caliente está en el repositorio.
WARM_KERNELS := $(CURDIR)/course_tools/kernels/share$(if $(JUPYTER_PATH),:$(JUPYTER_PATH))
INSTALL_LOG := build/instalacion.log
INSTALL_FAILED = (echo "✗ Falló la instalación. Últimas líneas de $(INSTALL_LOG):"; tail -n 25 $(INSTALL_LOG); exit 1)

# El entorno se instala una vez; solo se rehace si cambian las versiones fijadas. Una línea por
# paso en pantalla; los avisos de pip y setuptools, en $(INSTALL_LOG). pip compilaría los .pyc de uno en uno
# (media instalación, con un núcleo ocioso); compileall -j 0 los compila con todos los núcleos. Un fichero que no
# compila (pip tampoco lo exige) no para nada: Python lo compilará al importarlo, si alguien lo importa.
$(STAMP): requirements.txt pyproject.toml
	@mkdir -p build && : > $(INSTALL_LOG)
	@echo "1/3 Creando el entorno de Python en $(VENV)/..."
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV) >> $(INSTALL_LOG) 2>&1 || $(INSTALL_FAILED)
	@echo "2/3 Instalando torch, JupyterLab y nbgrader (la primera vez tarda unos minutos)..."
	@( $(BIN)/python -m pip install -q --upgrade pip setuptools && $(BIN)/python -m pip install -q --no-compile -r requirements.txt ) >> $(INSTALL_LOG) 2>&1 || $(INSTALL_FAILED)
	@$(BIN)/python -m compileall -q -j 0 $(VENV)/lib >> $(INSTALL_LOG) 2>&1 || true
	@echo "3/3 Instalando las ayudas del curso..."
	@$(BIN)/python -m pip install -q --no-deps --no-build-isolation -e . >> $(INSTALL_LOG) 2>&1 || $(INSTALL_FAILED)
	@touch $@
	@echo "Entorno listo (detalles en $(INSTALL_LOG))."

lab: $(STAMP)
	@$(TOOLS) lab --port $(PORT)

# El del profesorado: la raíz del repositorio, con el formgrader y la lista de tareas de nbgrader (y sus cadenas y su libreta).
lab-profe: $(STAMP)
	@$(TOOLS) lab --profe --port $(PORT)

# La clase en un servidor: JupyterHub como root con hub/jupyterhub_config.py y su estado en build/hub/.
# Su puerto por defecto es el 8000 (el de JupyterHub), no el $(PORT) de make lab.
hub: $(STAMP)
	@$(BIN)/python -m course_tools.hub serve --port $(if $(filter command line,$(origin PORT)),$(PORT),8000)

progreso: $(STAMP)
	@$(TOOLS) progress

# release/ es lo que da `nbgrader generate_assignment NN-slug --force` con nbgrader_config.py (la cadena de
# nbgrader más los enlaces del curso delante y los huecos de predicción detrás); además escribe notebooks/
# y la tabla de cuadernos de README.md. source/ no se escribe.
release: $(STAMP)
	@$(TOOLS) release

check: $(STAMP)
	@$(TOOLS) check

grade: $(STAMP)
	@$(TOOLS) grade $(if $(ZIP),--zip "$(ZIP)") $(if $(HOJA),--worksheet "$(HOJA)") $(if $(SCHEDULER),--scheduler "$(SCHEDULER)")

feedback: $(STAMP)
	@$(TOOLS) feedback

bench: $(STAMP)
	@$(TOOLS) bench

# Chromium de Debian para la prueba del navegador y Stockfish para rehacer partidas de autojuego
# (solo si faltan y se pueden instalar; sin ellos, sus pruebas se saltan y dicen por qué).
system-deps:
	@if ! command -v stockfish >/dev/null && [ ! -x /usr/games/stockfish ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stockfish >/dev/null 2>&1 || echo "aviso: no se pudo instalar Stockfish"; \
	fi
	@if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Instalando chromium y chromium-driver de Debian..."; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null \
	      || echo "aviso: no se pudo instalar Chromium; la prueba del navegador se saltará"; \
	  else echo "aviso: falta Chromium (apt-get install chromium chromium-driver); la prueba del navegador se saltará"; fi; \
	fi

# --- make test: cada etapa dice cuánto tarda ---------------------------------
# Los niveles son carpetas de tests/, de lo rápido a lo lento (ver [tool.pytest.ini_options]); unit,
# integration y kernels van en una etapa para que los procesos de pytest-xdist se repartan el trabajo: tres,
# no dos, porque muchas pruebas esperan a un subproceso (make check sobre copias, núcleos, make progreso) y con
# dos quedaba un núcleo ocioso (medido con carga parecida: 172 s de reloj con -n 2, 127 s con -n 3; 137 s de CPU).
# «coverage run» mide esa etapa y la ronda con sus procesos de Python (patch = subprocess en pyproject.toml);
# cada proceso deja su .coverage.* y la etapa «cobertura» los junta y pone el mínimo de cada paquete. La
# prueba de respuestas equivocadas no se mide: lo suyo corre en los núcleos, y la medida la frena.
COVERAGE := $(BIN)/python -m coverage
COVERAGE_GATES := rukh_helpers=95 course_tools=69
# Los núcleos de la primera etapa también se miden: cada uno deja su .coverage.* en KERNEL_COVERAGE, la única
# carpeta más donde su encierro le deja escribir (course_tools/isolation/measure.py). Los de la ronda no:
# la corrección los acaba con SIGKILL en cuanto corre su última celda (guard.py) y no llegarían a guardar nada.
KERNEL_COVERAGE := $(CURDIR)/build/cobertura-nucleos
MEASURED := env COURSE_KERNEL_COVERAGE=$(KERNEL_COVERAGE) COURSE_KERNEL_COVERAGE_RC=$(CURDIR)/pyproject.toml $(COVERAGE) run
# El entorno de Python y los programas del sistema se instalan a la vez (pip y apt no se esperan), en una etapa
# cronometrada con el Python del sistema (course_tools.stages solo usa la biblioteca estándar). make check y nbval
# corren a la vez que las unitarias (solas, dejaban medio núcleo ocioso). Después, tres etapas a la vez: la prueba
# de respuestas equivocadas (los dos núcleos, casi sin esperas), la prueba del navegador (espera a JupyterLab y a
# Chromium) y la ronda de corrección, que pasa mucho rato esperando a otros
# procesos (el intercambio, a nbgrader como otros usuarios; los límites, a rondas que matan): sola, ocupaba el 42 %
# de la máquina. La ronda va en tres procesos, no dos (medido sola con carga parecida: 282 s de reloj con -n 2,
# 199 s con -n 3 y 275 s con -n 4; la CPU, igual).
PROFILE := $(CURDIR)/build/perfil
PROFILE_FILE := build/perfil-make-test.txt
STAGE := $(PYTHON) -m course_tools.stages stage
test: export COVERAGE_FILE := $(CURDIR)/.coverage
test:
	@$(STAGE) "instalación (entorno y programas del sistema)" -- $(MAKE) --no-print-directory -j2 $(STAMP) system-deps
	@rm -rf .coverage .coverage.* $(KERNEL_COVERAGE) $(PROFILE) && mkdir -p $(KERNEL_COVERAGE) $(PROFILE)
	@$(STAGE) --buffered "comprobaciones (make check)" -- $(TOOLS) check & check=$$!; \
	  $(STAGE) --buffered "nbval sobre notebooks/" -- env JUPYTER_PATH="$(WARM_KERNELS)" $(BIN)/python -m pytest -q --nbval notebooks --nbval-kernel-name $(WARM_KERNEL) --nbval-sanitize-with tests/nbval_sanitize.cfg -n 2 --dist loadscope --junitxml=$(PROFILE)/2-nbval.xml & nbval=$$!; \
	  $(STAGE) "unitarias, integración y núcleos calientes" -- $(MEASURED) -m pytest -q tests/unit tests/integration tests/kernels -n 3 --junitxml=$(PROFILE)/1-unitarias.xml; units=$$?; \
	  wait $$check; check=$$?; wait $$nbval; nbval=$$?; [ $$units = 0 ] && [ $$check = 0 ] && [ $$nbval = 0 ]
	@$(STAGE) --buffered "navegador (JupyterLab + Chromium)" -- $(BIN)/python -m pytest -q tests/browser --junitxml=$(PROFILE)/3-navegador.xml & browser=$$!; \
	  $(STAGE) --buffered "ronda de corrección" -- $(COVERAGE) run -m pytest -q tests/grading -n 3 --dist loadfile --junitxml=$(PROFILE)/5-ronda.xml & round=$$!; \
	  $(STAGE) "respuestas equivocadas" -- $(BIN)/python -m pytest -q tests/proof -n 2 --junitxml=$(PROFILE)/4-respuestas-equivocadas.xml; proof=$$?; \
	  wait $$browser; browser=$$?; wait $$round; round=$$?; [ $$proof = 0 ] && [ $$browser = 0 ] && [ $$round = 0 ]
	@$(STAGE) "cobertura" -- $(MAKE) --no-print-directory coverage-gate
	@$(PYTHON) -m course_tools.stages stage-summary --profile $(PROFILE) $(PROFILE_FILE)

# El perfil del último make test (lo escribe stage-summary a partir de los informes JUnit de cada etapa).
perfil:
	@cat $(PROFILE_FILE) 2>/dev/null || echo "Aún no hay perfil: lo escribe make test al acabar ($(PROFILE_FILE))."

# Junta los .coverage.* de las etapas y exige la cobertura de ramas mínima de cada paquete.
# Las líneas sin probar: .venv/bin/python -m coverage report --include='course_tools/*' --skip-covered
coverage-gate:
	@$(COVERAGE) combine -q $(CURDIR) $(wildcard $(KERNEL_COVERAGE))
	@for gate in $(COVERAGE_GATES); do \
	  package=$${gate%=*}; minimum=$${gate#*=}; printf '%s (mínimo %s %%): ' $$package $$minimum; \
	  $(COVERAGE) report --include="$$package/*" --fail-under=$$minimum --format=total || exit 1; \
	done

clean:
	rm -rf $(VENV) build mi-curso .pytest_cache
