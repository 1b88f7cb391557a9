"""Las herramientas del alumno: make progreso, make lab y la barra de progreso."""
