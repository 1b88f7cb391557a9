"""Las reglas de las celdas (solución, test, hueco, predicción) y cómo se pinta un cuaderno para el alumno."""
