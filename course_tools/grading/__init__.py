"""Corrección con nbgrader: ``make grade``, ``make feedback`` y ``make bench``. La capa de arriba.

El recorrido de una entrega, módulo a módulo:

- ``cli``: los argumentos de las órdenes y lo que se escribe en la terminal;
- ``collect``: las entregas de submitted/ y la descarga de Moodle; ``repair``: qué copia de una
  entrega se corrige (nombre equivocado, celdas duplicadas);
- ``model``: tarea, trabajo, resultado, problema, nota final y los fallos de los ejecutores;
- ``run``: la ronda (reanudable con ``state``): reparte los trabajos y es lo único que escribe
  ``autograded/`` y la libreta del curso (``settle``, con la nota que calculó nbgrader en el trabajo);
  la nota final se lee de la libreta al acabar, cuando lo que cambió un núcleo ya está deshecho;
- ``executor`` (procesos locales) y ``dask_executor`` (un clúster de Dask): dónde corren los trabajos;
- ``worker``: un trabajo, ``nbgrader autograde`` en un curso de usar y tirar: allí, y solo allí, se
  calcula la nota, que vuelve con el cuaderno corregido;
- ``defences``: el registro de las defensas (dónde va cada una en las cadenas de nbgrader, el error
  que deja, su código y su línea del README), del que salen las cadenas que escribe ``nbgrader_config.py``,
  el mapa de errores de ``worker`` y la tabla de ``model``;
- ``preprocessors`` (tres preprocesadores pequeños), ``guard`` (canarios, ejecución con límites; las celdas
  del corrector en ``canaries``), ``allowances`` (el tiempo de un cuaderno entero y el tamaño de sus
  salidas) y ``kernel`` (el entorno del núcleo de corrección): las defensas; los límites, el encierro y
  la falta de privilegios del núcleo están abajo, en ``course_tools/isolation``;
- ``gradebook``: todas las lecturas y escrituras de la libreta;
- ``report`` (CSV, resumen, histogramas), ``feedback`` (devoluciones HTML) y ``moodle`` con
  ``worksheet`` (la hoja de calificaciones y el zip de devoluciones): lo que se entrega;
- ``validate``: ``nbgrader validate --invert`` en paralelo; ``bench``: medidas.
"""
