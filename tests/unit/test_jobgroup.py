"""El grupo de control de un trabajo (``isolation/jobgroup.py``) y el límite de procesos del núcleo
(``limits.limit_processes``), con procesos de verdad y topes pequeños."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from course_tools.isolation import jobgroup

KIND, WHERE = jobgroup.places()
FORKS = textwrap.dedent("""
    import subprocess, sys
    started = []
    for _ in range(40):  # el techo del propio ataque
        try:
            started.append(subprocess.Popen(["sleep", "30"]))
        except OSError:
            break
    print(len(started))
    for p in started:
        p.kill()
        p.wait()
""")


def test_mechanism_line_names_what_bounds_the_job():
    line = jobgroup.mechanism(3072, 64)
    assert "3072 MB" in line and "64 procesos" in line and "RLIMIT_NPROC" in line
    assert (f"cgroup {KIND}" in line) if KIND else ("sin cgroup" in line and WHERE in line)


@pytest.mark.skipif(KIND is None, reason=f"sin grupo de control en esta máquina: {WHERE}")
def test_a_job_group_bounds_processes_says_so_and_leaves_nothing():
    group = jobgroup.create(f"{jobgroup.PREFIX}prueba-{os.getpid()}", memory_mb=512, processes=8)
    assert group is not None
    try:
        env = {**os.environ, jobgroup.ENV: os.pathsep.join(group.procs_files())}
        joined = "from course_tools.isolation import jobgroup; import os; assert jobgroup.join_from_env(os.environ) is None\n"
        done = subprocess.run([sys.executable, "-c", joined + FORKS], env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert int(done.stdout.split()[-1]) < 8
        assert group.reached() == ["too-many-processes"]
    finally:
        group.end()
    assert not any(folder.exists() for folder in group.folders.values())


@pytest.mark.skipif(os.geteuid() == 0, reason="Linux no aplica RLIMIT_NPROC al uid 0 (tampoco en un espacio de usuario "
                    "propio que lo mapea a sí mismo): corrigiendo como root, el tope de procesos es el pids.max del cgroup")
def test_rlimit_nproc_counts_only_the_kernels_own_processes_in_its_user_namespace(tmp_path):
    """Como un núcleo: entra en su encierro (espacio de usuario propio) y pone RLIMIT_NPROC; aunque quien corrige
    tenga muchos procesos, el núcleo no pasa del límite."""
    script = textwrap.dedent(f"""
        import os, sys
        sys.path.insert(0, {str(jobgroup.__file__.rsplit('/', 1)[0])!r})
        import limits, sandbox
        already = limits.machine_tasks()
        missing = sandbox.enter([os.getcwd()])
        if any("privilegios" in m or "red abierta" in m for m in missing):
            print("sin-espacio", missing)
            sys.exit(0)
        limits.limit_processes(6, already)
    """)
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", script + FORKS], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    if done.stdout.startswith("sin-espacio"):
        pytest.skip(f"sin espacios de nombres de usuario aquí: {done.stdout.strip()}")
    assert int(done.stdout.split()[-1]) < 6, done.stdout
