# Los nombres de los kernelspecs del curso, en un solo sitio: el Makefile lo incluye y kernels/spec.py lo lee.
# WARM_KERNEL: python3 en caliente (make release, nbval, la prueba de respuestas equivocadas, make progreso);
# GRADING_KERNEL: el de la corrección (encerrado y con límites);
# COLD_KERNEL: el python3 de Jupyter de siempre, el de los cuadernos del curso y el suelo de make bench.
WARM_KERNEL := curso-caliente
GRADING_KERNEL := curso-correccion
COLD_KERNEL := python3
