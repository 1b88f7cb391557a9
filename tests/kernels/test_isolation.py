"""Núcleos calientes de verdad: cada núcleo empieza limpio aunque el anterior lo ensuciara todo, se
interrumpe, reinicia y mata como uno normal, respeta los límites y da las mismas salidas que uno en
frío; y ni el padre caliente ni nada de sus núcleos sobrevive a quien los pidió."""

from __future__ import annotations

import copy
import contextlib
import os
import resource
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import psutil
import pytest
from jupyter_client.manager import KernelManager

from course_tools.isolation import sandbox
from course_tools.kernels import pool, provisioner
from course_tools.kernels.spec import GRADING_KERNEL_NAME, KERNEL_NAME, kernel_spec_manager

from tests.processes import alive, parent_of

from .conftest import KERNEL_ENV, MEMORY_MB, read_notebook, run_cells

ROOT = Path(__file__).resolve().parents[2]
RSS = "int(open('/proc/self/status').read().split('VmRSS:')[1].split()[0]) // 1024"  # MB
FAMILY = "import os; print(os.getpid(), os.getppid(), int(open(f'/proc/{os.getppid()}/stat').read().rsplit(')', 1)[1].split()[1]))"

DIRTY = [
    FAMILY,
    "import sys; print('wave' in sys.modules)",
    textwrap.dedent("""\
        import random, sys, wave, numpy, torch
        import rukh_helpers.checks as checks
        print(random.random(), numpy.random.random(), torch.rand(1).item(), torch.initial_seed())
        torch.set_default_dtype(torch.float64)
        torch.manual_seed(123)
        torch.set_num_threads(2)
        checks.check_equal = lambda *args, **kwargs: None
        torch._curso_marca = "sucio"
        leak = [numpy.ones(50 * 1024 * 1024)]  # 400 MB tocados de verdad"""),
    f"print({RSS})",
]

CLEAN = [
    FAMILY,
    "import sys; print('wave' in sys.modules)",
    textwrap.dedent("""\
        import random, numpy, torch
        print(random.random(), numpy.random.random(), torch.rand(1).item(), torch.initial_seed())"""),
    "print(torch.get_default_dtype(), torch.get_num_threads(), hasattr(torch, '_curso_marca'))",
    textwrap.dedent("""\
        from rukh_helpers.checks import check_equal
        try:
            check_equal(1, 2)
        except AssertionError:
            print("check_equal original")"""),
    "torch.manual_seed(0); print(torch.rand(3).tolist())",
    f"print({RSS})",
]


def test_a_dirty_kernel_does_not_reach_the_next_one(warm_folder):
    dirty = run_cells(warm_folder, DIRTY)
    parent = int(dirty[0].split()[2])  # el abuelo del núcleo (su padre es el supervisor)
    assert parent in pool.warm_parent_pids()
    parent_rss = _rss(parent)
    clean = run_cells(warm_folder, CLEAN)
    dirty_pid, _, dirty_grandparent = map(int, dirty[0].split())
    clean_pid, _, clean_grandparent = map(int, clean[0].split())
    assert dirty_grandparent == clean_grandparent == parent  # los dos nacieron del mismo padre caliente
    assert dirty_pid != clean_pid
    assert dirty[1].strip() == "False" and "wave" not in dirty[2]  # wave no venía precargado
    assert clean[1].strip() == "False"
    assert clean[3].split() == ["torch.float32", "1", "False"]
    assert clean[4].strip() == "check_equal original"
    dirty_random, clean_random = dirty[2].split(), clean[2].split()
    assert len(clean_random) == 4 and all(a != b for a, b in zip(dirty_random, clean_random))  # cada hijo, su suerte
    import torch

    torch.manual_seed(0)
    assert clean[5].strip() == str(torch.rand(3).tolist())  # la semilla del cuaderno manda, como en frío
    assert int(dirty[3]) > int(clean[6]) + 300  # los 400 MB del primero no los tiene el segundo
    assert _rss(parent) < parent_rss + 50  # ni el padre


def _rss(pid: int) -> int:
    return psutil.Process(pid).memory_info().rss // (1024 * 1024)


def test_a_matmul_with_two_threads_is_right_in_a_forked_kernel(warm_folder):
    out = run_cells(warm_folder, [textwrap.dedent("""\
        import numpy, torch
        torch.set_num_threads(2)
        a = torch.randn(384, 384, dtype=torch.float64, generator=torch.Generator().manual_seed(0))
        b = a.float()
        print(torch.get_num_threads(),
              numpy.allclose((a @ a.T).numpy(), a.numpy() @ a.numpy().T, rtol=1e-12, atol=1e-9),
              numpy.allclose((b @ b.T).numpy(), b.numpy() @ b.numpy().T, rtol=1e-4, atol=1e-3))""")])
    assert out[0].split() == ["2", "True", "True"]


def _execute(client, code: str, timeout: float = 60) -> tuple[str, str]:
    texts = []
    reply = client.execute_interactive(code, timeout=timeout,
                                       output_hook=lambda msg: texts.append(msg["content"].get("text", "")))
    return reply["content"]["status"], "".join(texts).strip()


@contextlib.contextmanager
def _running_kernel(warm_folder):
    """Un núcleo caliente arrancado y listo, con su cliente; al salir, nada queda vivo."""
    manager = KernelManager(kernel_name=KERNEL_NAME, kernel_spec_manager=kernel_spec_manager(warm_folder))
    manager.start_kernel(env=KERNEL_ENV)
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=60)
        yield manager, client
    finally:
        client.stop_channels()
        if manager.has_kernel:
            manager.shutdown_kernel(now=True)


def test_interrupt_restart_and_kill_work_as_with_a_normal_kernel(warm_folder):
    with _running_kernel(warm_folder) as (manager, client):
        first = manager.provisioner.pid
        assert parent_of(parent_of(first)) in pool.warm_parent_pids()
        assert _execute(client, "x = 41") == ("ok", "")
        # stop_on_error=False, como nbclient con allow_errors: si no, ipykernel descarta lo que llegue justo
        # después del KeyboardInterrupt, y con sockets Unix la siguiente petición llega así de rápido.
        msg_id = client.execute("import time; time.sleep(60)", stop_on_error=False)
        time.sleep(1)
        started = time.monotonic()
        manager.interrupt_kernel()
        reply = client.get_shell_msg(timeout=20)
        assert reply["parent_header"]["msg_id"] == msg_id
        assert reply["content"]["ename"] == "KeyboardInterrupt"
        assert time.monotonic() - started < 10
        assert _execute(client, "print(x + 1)") == ("ok", "42")  # sigue vivo

        manager.restart_kernel(now=True)
        client.wait_for_ready(timeout=60)
        second = manager.provisioner.pid
        assert second != first and not alive(first)
        assert _execute(client, "print('x' in dir())") == ("ok", "False")
        status, leftover = _execute(client, "import subprocess; print(subprocess.Popen(['setsid', 'sleep', '300']).pid)")
        assert status == "ok" and alive(int(leftover))

        manager.shutdown_kernel(now=True)  # a la fuerza: SIGKILL al grupo del núcleo
        assert not manager.is_alive()
        assert not alive(second)
        assert not alive(int(leftover))  # lo que dejó el núcleo murió con él, aunque cambió de sesión


def test_kernels_talk_over_unix_sockets_in_a_folder_of_their_own(warm_folder):
    """Sin puertos TCP que otro proceso pueda quitarle al núcleo entre elegirlos y ocuparlos."""
    with _running_kernel(warm_folder) as (manager, client), _running_kernel(warm_folder) as (other, _):
        folder = manager.provisioner.sockets
        info = manager.get_connection_info()
        assert info["transport"] == "ipc" and info["ip"] == os.path.join(folder, "zmq")
        assert sorted(os.listdir(folder)) == ["conexion.json", *(f"zmq-{n}" for n in range(1, 6))]
        assert manager.connection_file == os.path.join(folder, "conexion.json")  # lo lee el núcleo encerrado
        assert other.provisioner.sockets != folder
        assert _execute(client, "print(6 * 7)") == ("ok", "42")

        manager.restart_kernel(now=True)  # el cliente ya conectado sigue sirviendo
        client.wait_for_ready(timeout=60)
        assert manager.provisioner.sockets == folder
        assert _execute(client, "print(6 * 7)") == ("ok", "42")

        manager.shutdown_kernel(now=True)
        assert not os.path.exists(folder)
        assert os.path.isdir(other.provisioner.sockets)  # el otro núcleo no pierde los suyos


def test_a_polite_shutdown_also_ends_what_the_kernel_left(warm_folder, tmp_path):
    with _running_kernel(warm_folder) as (manager, client):
        # Un doble fork con setsid: el «sleep» queda huérfano, en otra sesión, fuera del grupo del núcleo.
        code = textwrap.dedent(f"""\
            import os, subprocess
            if os.fork() == 0:
                os.setsid()
                with open({str(tmp_path / "pid")!r}, "w") as f:
                    f.write(str(subprocess.Popen(["sleep", "300"]).pid))
                os._exit(0)
            os.wait()""")
        assert _execute(client, code)[0] == "ok"
        kernel = manager.provisioner.pid
        orphan = int((tmp_path / "pid").read_text())
        assert alive(orphan) and os.getsid(orphan) != os.getsid(kernel)
        manager.shutdown_kernel()  # con shutdown_request: el núcleo termina por sí mismo
        assert not alive(kernel)
        assert not alive(orphan)


def test_the_memory_limit_holds_in_the_child_and_only_there(warm_folder, limited_folder):
    limits = "import resource; print(*(resource.getrlimit(r)[0] for r in (resource.RLIMIT_AS, resource.RLIMIT_FSIZE, resource.RLIMIT_CORE)))"
    limited = run_cells(limited_folder, [limits, "x = bytearray(4 * 1024**3)", "print('vivo')"], name=GRADING_KERNEL_NAME)
    assert limited[0].split() == [str(MEMORY_MB * 1024**2), str(256 * 1024**2), "0"]
    assert limited[1] == "MemoryError"
    assert limited[2].strip() == "vivo"
    free = run_cells(warm_folder, [limits])
    assert free[0].split()[:2] == [str(resource.RLIM_INFINITY)] * 2  # del mismo padre, sin límites


WRITES = textwrap.dedent("""\
    import os, subprocess, tempfile
    def attempt(label, action):
        try:
            action()
            print(label, "sí")
        except (OSError, subprocess.CalledProcessError):
            print(label, "no")
    attempt("carpeta", lambda: open("propio.txt", "w").write("x"))
    attempt("temporal", lambda: tempfile.TemporaryDirectory().cleanup())
    attempt("fuera", lambda: open(VICTIM, "w").write("roto"))
    attempt("borrar", lambda: os.remove(VICTIM))
    attempt("hijo", lambda: subprocess.run(["sh", "-c", f"echo roto > {VICTIM}"], check=True, stderr=subprocess.DEVNULL))""")


@pytest.mark.parametrize("how, extra, outside", [
    ("caliente", {}, "no"),
    ("frío", {"COURSE_WARM_KERNELS": "0"}, "no"),
    ("sin encierro", {"COURSE_SANDBOX": "0"}, "sí"),
])
def test_a_grading_kernel_writes_only_in_its_folder_and_its_tmpdir(limited_folder, tmp_path, how, extra, outside):
    if not sandbox.abi_version():
        pytest.skip("este sistema no tiene Landlock: lo que escriba un núcleo se deshace al final de la ronda")
    course, work = tmp_path / "curso", tmp_path / "trabajo"
    course.mkdir()
    work.mkdir()
    victim = course / "entrega.ipynb"
    victim.write_text("original")
    history = "print(get_ipython().history_manager.hist_file)"  # en memoria: nada que escribir en ~/.ipython
    out = run_cells(limited_folder, [f"VICTIM = {str(victim)!r}", WRITES, history], env={**KERNEL_ENV, **extra},
                    name=GRADING_KERNEL_NAME, cwd=work)
    assert out[2].strip() == ":memory:"
    assert out[1].split("\n")[:2] == ["carpeta sí", "temporal sí"], out[1]
    assert out[1].split("\n")[2:5] == [f"fuera {outside}", f"borrar {outside}", f"hijo {outside}"], out[1]
    if outside == "no":
        assert victim.read_text() == "original"
    assert (work / "propio.txt").exists()


def test_outputs_are_byte_identical_warm_and_cold(warm_folder, tmp_path):
    from nbclient import NotebookClient

    from course_tools.publish.build import coalesce_streams
    from course_tools.kernels.execution import kernel_env
    from course_tools.kernels.spec import kernel_manager

    from course_tools.layout.course import LAYOUT

    nb = read_notebook(LAYOUT.worked("03-tensores"))
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    results = {}
    for how in ("frío", "caliente"):
        copy_nb = copy.deepcopy(nb)
        options = {"km": kernel_manager(warm_folder)} if how == "caliente" else {"kernel_name": "python3"}
        NotebookClient(copy_nb, timeout=120, record_timing=False, resources={"metadata": {"path": str(tmp_path)}},
                       **options).execute(env=kernel_env(), cleanup_kc=True)
        results[how] = [c.outputs for c in coalesce_streams(copy_nb).cells if c.cell_type == "code"]
    assert any(any("image/png" in o.get("data", {}) for o in outs) for outs in results["frío"])
    assert sum(map(len, results["frío"])) > 10
    assert results["caliente"] == results["frío"]


OWNER = textwrap.dedent("""
    import os, sys
    from jupyter_client.manager import KernelManager
    from course_tools.kernels import pool
    from course_tools.kernels.spec import KERNEL_NAME, kernel_spec_manager
    manager = KernelManager(kernel_name=KERNEL_NAME, kernel_spec_manager=kernel_spec_manager())
    manager.start_kernel()
    client = manager.client()
    client.start_channels()
    client.wait_for_ready(timeout=60)
    out = []
    client.execute_interactive("import subprocess; print(subprocess.Popen(['setsid', 'sleep', '300']).pid)",
                               output_hook=lambda msg: out.append(msg["content"].get("text", "")))
    print(pool.warm_parent_pids().pop(), manager.provisioner.pid, "".join(out).strip(), flush=True)
    print(manager.provisioner.sockets, *(p.folder for p in pool.pool().parents.values()), flush=True)
    if sys.argv[1] == "kill":
        os.kill(os.getpid(), 9)
    os._exit(0)  # sin atexit: nadie apaga nada a propósito
""")


@pytest.mark.parametrize("how", ["exit", "kill"])
def test_nothing_outlives_the_owner(how, tmp_path):
    # La salida va a un fichero y no a una tubería: lo que sobreviviera la heredaría y run() no volvería.
    with open(tmp_path / "salida", "w") as out, open(tmp_path / "errores", "w") as err:
        result = subprocess.run([sys.executable, "-c", OWNER, how], cwd=ROOT, stdout=out, stderr=err, timeout=180,
                                env={**KERNEL_ENV, "PYTHONPATH": str(ROOT)})
    assert result.returncode == (-signal.SIGKILL if how == "kill" else 0), (tmp_path / "errores").read_text()
    first, second = (tmp_path / "salida").read_text().splitlines()
    pids = [int(p) for p in first.split()]
    folders = second.split()  # los sockets del núcleo y la carpeta del padre caliente
    assert len(pids) == 3 and all(pids) and len(folders) == 2 and all(map(os.path.isabs, folders))
    deadline = time.monotonic() + 15
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [p for p in pids if alive(p)], "padre caliente, núcleo y lo que dejó deben terminar con su dueño"
    assert not [f for f in folders if os.path.exists(f)], "ni sus carpetas en /tmp"


def test_a_kernel_cannot_ask_the_warm_parent_for_more_kernels(warm_folder):
    out = run_cells(warm_folder, [textwrap.dedent("""\
        import json, os, socket
        supervisor = os.getppid()
        warm = int(open(f"/proc/{supervisor}/stat").read().rsplit(")", 1)[1].split()[1])
        argv = open(f"/proc/{warm}/cmdline").read().split("\\0")
        path = argv[argv.index("--socket") + 1]
        s = socket.socket(socket.AF_UNIX)
        s.connect(path)
        try:
            s.sendall(json.dumps({"op": "launch", "args": [], "env": {}, "cwd": "/", "stdio": []}).encode() + b"\\n")
            print(repr(s.recv(100)))
        except OSError as error:
            print(type(error).__name__)""")])
    assert out[0].strip() in ("b''", "BrokenPipeError", "ConnectionResetError")  # cierra sin responder: solo atiende a su dueño


def test_a_dead_warm_parent_is_replaced(warm_folder):
    old = int(run_cells(warm_folder, [FAMILY])[0].split()[2])
    os.kill(old, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while alive(old) and time.monotonic() < deadline:
        time.sleep(0.05)
    new = int(run_cells(warm_folder, [FAMILY])[0].split()[2])
    assert new != old and new in pool.warm_parent_pids() and old not in pool.warm_parent_pids()


def test_with_the_switch_off_the_kernel_starts_the_normal_way(warm_folder, capfd, monkeypatch):
    monkeypatch.setattr(provisioner, "_noticed", set())
    out = run_cells(warm_folder, ["import os; print(os.getppid())"], env={**KERNEL_ENV, "COURSE_WARM_KERNELS": "0"})
    assert int(out[0]) == os.getpid()  # hijo directo de este proceso: el arranque de siempre
    err = capfd.readouterr().err
    assert "aviso: núcleos en caliente no disponibles (desactivados con COURSE_WARM_KERNELS=0)" in err


def test_a_confined_kernel_reads_nothing_it_should_not_at_startup(limited_folder, tmp_path):
    """Ni al nacer del padre caliente: si la carpeta del repositorio (desde la que arrancó el padre) cambia
    después, un import del núcleo no debe volver a leerla (un acceso negado en la primera celda contaría
    como intento de la entrega)."""
    from course_tools.isolation import sandbox

    work = tmp_path / "trabajo"
    work.mkdir()
    run_cells(limited_folder, ["print(1)"], name=GRADING_KERNEL_NAME, cwd=work)  # el padre ya existe
    stat = os.stat(ROOT)
    os.utime(ROOT, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))  # como si se creara un fichero
    try:
        for how, extra in (("caliente", {}), ("frío", {"COURSE_WARM_KERNELS": "0"})):
            report = tmp_path / f"informe-{how}.jsonl"
            report.write_text("")
            env = {**KERNEL_ENV, **extra, sandbox.REPORT_ENV: str(report)}
            # Apagado inmediato, como en la corrección (con uno ordenado, ipykernel busca sus hijos en /proc).
            out = run_cells(limited_folder, ["import numpy.random, email.mime.text, matplotlib.pyplot; print('ok')"],
                            env=env, name=GRADING_KERNEL_NAME, cwd=work, shutdown_kernel="immediate")
            assert out == ["ok\n"], (how, out)
            assert sandbox.read_report(str(report))[0] == [], how
    finally:
        os.utime(ROOT, ns=(stat.st_atime_ns, stat.st_mtime_ns))


# En frío, limits.py y sandbox.py corren como guiones sueltos (no como course_tools.isolation): coverage no los
# cuenta como del paquete. En caliente son los módulos del paquete y se ve lo que el encierro hace dentro del núcleo.
@pytest.mark.parametrize("how, extra, expected", [("caliente", {}, {"vocab.py", "sandbox.py"}),
                                                  ("frío", {"COURSE_WARM_KERNELS": "0"}, {"vocab.py"})])
def test_a_grading_kernel_measures_itself_where_it_is_told(limited_folder, tmp_path, how, extra, expected):
    """Con COURSE_KERNEL_COVERAGE (make test), el núcleo encerrado se mide y deja sus datos en esa carpeta, la
    única más donde puede escribir."""
    import sqlite3

    from course_tools.isolation import measure

    data, work = tmp_path / "cobertura", tmp_path / "trabajo"
    data.mkdir()
    work.mkdir()
    env = {**KERNEL_ENV, **extra, measure.FOLDER_ENV: str(data),
           measure.CONFIG_ENV: str(Path(sandbox.__file__).parents[2] / "pyproject.toml")}
    # Los datos se guardan al salir: con la máquina cargada (make test), salir puede tardar más de los 5 s que
    # jupyter_client espera antes de matar al núcleo, y uno muerto no deja nada (una vez en un clon nuevo).
    out = run_cells(limited_folder, ["from rukh_helpers.vocab import elo_token\nprint(elo_token(2650, 'w'))"], env=env,
                    name=GRADING_KERNEL_NAME, cwd=work, shutdown_wait=60)
    assert out[0].strip() == "<w2600>", out
    files = list(data.glob(".coverage.*"))
    assert len(files) == 1, files
    with contextlib.closing(sqlite3.connect(files[0])) as db:
        measured = {Path(path).name for (path,) in db.execute("SELECT path FROM file")}
    assert expected <= measured, measured


PRIVILEGES = textwrap.dedent("""\
    import ctypes, errno, os, platform
    status = dict(line.split(":", 1) for line in open("/proc/self/status") if line.startswith("Cap"))
    print("capacidades", status["CapEff"].strip(), status["CapBnd"].strip())
    try:
        os.mknod("nulo", 0o600 | 0o020000, os.makedev(1, 3))
        print("mknod sí")
    except OSError as error:
        print("mknod", errno.errorcode[error.errno])
    libc = ctypes.CDLL(None, use_errno=True)
    number = {"x86_64": 321, "aarch64": 280}[platform.machine()]
    libc.syscall(number, 5, ctypes.create_string_buffer(128), 128)
    print("bpf", errno.errorcode.get(ctypes.get_errno()))""")


@pytest.mark.parametrize("how, extra", [("caliente", {}), ("frío", {"COURSE_WARM_KERNELS": "0"})])
def test_a_grading_kernel_holds_no_privilege(limited_folder, tmp_path, how, extra):
    """En caliente y en frío, igual: sin capacidades, ni nodos de dispositivo ni bpf() (quien corre las pruebas
    es root en CI; como otro usuario lo prueba tests/unit/test_sandbox.py)."""
    work = tmp_path / "trabajo"
    work.mkdir()
    out = run_cells(limited_folder, [PRIVILEGES], env={**KERNEL_ENV, **extra}, name=GRADING_KERNEL_NAME, cwd=work)
    assert out[0].split("\n")[:3] == ["capacidades 0000000000000000 0000000000000000", "mknod EPERM", "bpf EPERM"], out
