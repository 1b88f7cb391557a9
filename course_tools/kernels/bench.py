"""Arranque de un núcleo + ``import torch``: en frío (kernelspec python3) frente a en caliente.

``run_bench(repeats=5)`` mide los dos en la misma ejecución, alternándolos para que la carga de
la máquina les toque por igual, imprime una tabla y devuelve las medianas. Se mide el tiempo de
pared desde que se pide el núcleo hasta que ``import torch`` ha terminado, y el tiempo de CPU
que ha gastado el proceso del núcleo hasta entonces (leído de /proc). El arranque del padre
caliente, que se paga una vez por proceso, va aparte.
"""

from __future__ import annotations

import os
import statistics
import time

from .spec import KERNEL_NAME, kernel_spec_manager, warm_kernelspec

CODE = "import torch"


def _cpu_seconds(pid: int) -> float:
    """CPU de usuario y de sistema de ``pid`` hasta ahora."""
    with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def time_kernel(name: str, env: dict[str, str], specs=None) -> tuple[float, float]:
    """Arranca el núcleo ``name``, ejecuta ``import torch`` y lo apaga; (segundos de pared, de CPU del núcleo)."""
    from jupyter_client.manager import KernelManager

    manager = KernelManager(kernel_name=name, **({"kernel_spec_manager": specs} if specs else {}))
    started = time.monotonic()
    manager.start_kernel(env=env)
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
        manager.shutdown_kernel(now=True)
    return wall, cpu


def run_bench(repeats: int = 5) -> dict[str, float]:
    """Mide y imprime la tabla; devuelve las medianas (``cold_wall``, ``warm_wall``, ``cold_cpu``, ``warm_cpu``, ``parent_start``)."""
    from .pool import prewarm

    env = {**os.environ, "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    cold, warm = [], []
    with warm_kernelspec() as folder:
        specs = kernel_spec_manager(folder)
        started = time.monotonic()
        problem = prewarm(env)
        parent_start = time.monotonic() - started
        if problem:
            print(f"Núcleos en caliente no disponibles: {problem}.")
        for _ in range(repeats):
            cold.append(time_kernel("python3", env))
            warm.append(time_kernel(KERNEL_NAME, env, specs))
    result = {
        "cold_wall": statistics.median(w for w, _ in cold), "warm_wall": statistics.median(w for w, _ in warm),
        "cold_cpu": statistics.median(c for _, c in cold), "warm_cpu": statistics.median(c for _, c in warm),
        "parent_start": parent_start,
    }
    print(format_table(result, repeats))
    return result


def format_table(result: dict[str, float], repeats: int) -> str:
    lines = [
        f"Arranque de un núcleo + «{CODE}» (mediana de {repeats})",
        f"{'':<22}{'pared (s)':>11}{'CPU del núcleo (s)':>20}",
        f"{'en frío (python3)':<22}{result['cold_wall']:>11.2f}{result['cold_cpu']:>20.2f}",
        f"{'en caliente':<22}{result['warm_wall']:>11.2f}{result['warm_cpu']:>20.2f}",
        f"Arranque del padre caliente (una vez por proceso): {result['parent_start']:.2f} s",
        f"En caliente, {result['cold_wall'] / result['warm_wall']:.1f}× más rápido en tiempo de pared.",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    run_bench()
