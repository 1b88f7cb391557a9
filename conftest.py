"""Ajustes de nbval para los cuadernos resueltos (notebooks/)."""


def pytest_collectstart(collector):
    # Los avisos van a stderr con rutas /tmp/ipykernel_<PID>/...: no se comparan.
    if getattr(collector, "skip_compare", None) is not None:
        collector.skip_compare = tuple(collector.skip_compare) + ("stderr",)


def pytest_collection_modifyitems(items):
    # nbval espera 5 s por salidas tardías tras cada celda; con 1 s basta y ahorra minutos.
    for item in items:
        if hasattr(item, "output_timeout"):
            item.output_timeout = 1
