"""Arranque de un núcleo + ``import torch``: en frío (kernelspec python3) frente a en caliente.

``run_bench(repeats=5)`` mide los dos en la misma ejecución, alternándolos para que la carga de
la máquina les toque por igual, imprime una tabla y devuelve las medianas. Se mide el tiempo de
pared desde que se pide el núcleo hasta que ``import torch`` ha terminado, el tiempo de CPU que
ha gastado el proceso del núcleo hasta entonces (psutil) y lo que tarda en apagarse
cuando se le pide (lo que espera nbclient al acabar cada cuaderno). El arranque del padre
caliente, que se paga una vez por proceso, va aparte.
"""

from __future__ import annotations

import statistics
import subprocess
import time

import psutil

from .execution import kernel_env
from .spec import COLD_KERNEL_NAME, KERNEL_NAME, kernel_spec_manager

CODE = "import torch"


def _cpu_seconds(pid: int) -> float:
    """CPU de usuario y de sistema de ``pid`` hasta ahora."""
    times = psutil.Process(pid).cpu_times()
    return times.user + times.system


def time_kernel(name: str, env: dict[str, str], specs=None) -> tuple[float, float, float]:
    """Arranca el núcleo ``name``, ejecuta ``import torch`` y lo apaga como nbclient (pidiéndoselo).

    Devuelve los segundos de pared hasta que el import terminó, los de CPU del núcleo hasta entonces
    y los de pared del apagado (hasta que el proceso del núcleo ya no existe).
    """
    from jupyter_client.manager import KernelManager

    manager = KernelManager(kernel_name=name, **({"kernel_spec_manager": specs} if specs else {}))
    started = time.monotonic()
    # Sin su salida de error: el de python3 avisa en cada arranque de que habla por TCP sin cifrar.
    manager.start_kernel(env=env, stderr=subprocess.DEVNULL)
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=120)
        reply = client.execute_interactive(CODE, timeout=120, output_hook=lambda _msg: None)
        wall = time.monotonic() - started
        if reply["content"]["status"] != "ok":
            raise RuntimeError(f"«{CODE}» falló en el núcleo {name}")
        cpu = _cpu_seconds(manager.provisioner.pid)
    finally:
        client.stop_channels()
        stopping = time.monotonic()
        manager.shutdown_kernel()
    return wall, cpu, time.monotonic() - stopping


def run_bench(repeats: int = 5) -> dict[str, float]:
    """Mide y imprime la tabla; devuelve las medianas en segundos (claves ``cold_wall``, ``cold_cpu``,
    ``cold_shutdown``, lo mismo con ``warm_`` y ``parent_start``)."""
    from .pool import prewarm

    env = kernel_env()  # el entorno con que el curso arranca sus núcleos
    runs: dict[str, list] = {"cold": [], "warm": []}
    specs = kernel_spec_manager()  # el kernelspec curso-caliente del repositorio
    started = time.monotonic()
    problem = prewarm(env)
    parent_start = time.monotonic() - started
    if problem:
        print(f"Núcleos en caliente no disponibles: {problem}.")
    for _ in range(repeats):  # alternados: la carga de la máquina les toca por igual
        runs["cold"].append(time_kernel(COLD_KERNEL_NAME, env))
        runs["warm"].append(time_kernel(KERNEL_NAME, env, specs))
    result = {"parent_start": parent_start}
    for how, measures in runs.items():
        for i, what in enumerate(("wall", "cpu", "shutdown")):
            result[f"{how}_{what}"] = statistics.median(m[i] for m in measures)
    print(format_table(result, repeats))
    return result


def format_table(result: dict[str, float], repeats: int) -> str:
    row = "{:<20}{:>16.2f}{:>20.2f}{:>13.2f}"
    lines = [
        f"Arranque de un núcleo + «{CODE}» y su apagado (mediana de {repeats})",
        f"{'':<20}{'arranque (s)':>16}{'CPU del núcleo (s)':>20}{'apagado (s)':>13}",
        row.format(f"en frío ({COLD_KERNEL_NAME})", result["cold_wall"], result["cold_cpu"], result["cold_shutdown"]),
        row.format("en caliente", result["warm_wall"], result["warm_cpu"], result["warm_shutdown"]),
        f"Arranque del padre caliente (una vez por proceso): {result['parent_start']:.2f} s",
        f"Arranque en caliente {result['cold_wall'] / result['warm_wall']:.1f}× más rápido; "
        f"arranque + apagado, {(result['cold_wall'] + result['cold_shutdown']) / (result['warm_wall'] + result['warm_shutdown']):.1f}×.",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    run_bench()
