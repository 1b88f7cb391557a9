"""Con pytest-xdist (``--dist loadfile``), los ficheros caros de la ronda salen primero.

``loadfile`` reparte un fichero entero por proceso, y por defecto los de más tests primero: la ronda
(``test_grading_round.py``, decenas de tests parametrizados) salía la primera, pero el intercambio (3 tests)
y ``validate --invert`` (1 test), dos de los más caros, salían de los últimos, y un proceso se quedaba solo
con ellos al final. Aquí salen en el orden de ``HEAVIEST_FIRST`` y después los demás, como se recogieron.
Medido (s de reloj de cada fichero en un proceso, con la máquina cargada): ronda 506, intercambio 447,
nbgrader a secas 89, límites 75, Dask 67, validate --invert 58, PostgreSQL 47, tiempo del cuaderno 39,
Moodle 31, núcleo sin encierro 27, parecidos 10.
"""

from __future__ import annotations

from xdist.scheduler import LoadFileScheduling

HEAVIEST_FIRST = ("test_grading_round.py", "test_exchange.py", "test_validate_invert.py", "test_nbgrader_plain.py",
                  "test_job_limits.py", "test_dask.py", "test_postgres.py")


def rank(file_name: str) -> int:
    """La posición de un fichero de tests: los de ``HEAVIEST_FIRST`` en su orden; los demás, detrás."""
    return HEAVIEST_FIRST.index(file_name) if file_name in HEAVIEST_FIRST else len(HEAVIEST_FIRST)


def heaviest_first(items: list, folder) -> None:
    """Ordena en su sitio los ítems de ``folder`` (los de otras carpetas no se mueven) por ``rank`` de su fichero;
    dentro de un fichero, como estaban."""
    places = [i for i, item in enumerate(items) if item.path.is_relative_to(folder)]
    ordered = sorted((items[i] for i in places), key=lambda item: rank(item.path.name))
    for place, item in zip(places, ordered):
        items[place] = item


class HeaviestFileFirst(LoadFileScheduling):
    """``loadfile`` en el orden de la colección (``heaviest_first``), no por número de tests."""

    def schedule(self) -> None:
        self.config.option.loadscopereorder = False
        super().schedule()
