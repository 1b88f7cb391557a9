"""Las auditorías: la prueba de respuestas equivocadas, los ejercicios justos y make check."""
