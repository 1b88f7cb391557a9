"""Lo que se lee del código de los cuadernos sin ejecutarlo: ingredientes, tests visibles, fugas de la respuesta,
celdas dadas y el mapa de rukh."""
