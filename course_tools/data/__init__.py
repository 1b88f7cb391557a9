"""Los datos que el curso reparte dentro de ``rukh_helpers`` y cómo se fabrican.

No forma parte de ``make test``: son órdenes que se ejecutan a mano, deterministas, cuyo
resultado se guarda en el repositorio; ``make check`` comprueba que lo guardado está bien.
"""
