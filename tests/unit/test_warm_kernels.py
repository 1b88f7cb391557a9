"""Las piezas de los núcleos calientes que se prueban sin arrancar un núcleo (ver tests/kernels/)."""

from __future__ import annotations

import json
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import textwrap

import pytest

from course_tools.isolation import limits
from course_tools.kernels import child, pool, provisioner, spec
from course_tools.kernels.protocol import Channel

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork, pidfd y /proc son de Linux")
PY = "/usr/bin/python3"


# --- qué orden se sabe arrancar en caliente ------------------------------------------------

def test_the_plain_launcher_is_warm_without_limits():
    assert provisioner.warm_plan([PY, "-m", "ipykernel_launcher", "-f", "c.json", "--x=1"], {}) == (["-f", "c.json", "--x=1"], None)


def test_the_grading_launcher_carries_its_limits():
    cmd = [PY, "/algo/course_tools/kernels/share/kernels/curso-correccion/../../../../isolation/limits.py", "-f", "c.json"]
    assert provisioner.warm_plan(cmd, {"COURSE_MEMORY_LIMIT_MB": "1500"}) == (["-f", "c.json"], {"memory_mb": 1500, "file_mb": 256})
    with pytest.raises(ValueError, match="COURSE_MEMORY_LIMIT_MB"):  # sin límite no arranca: lo pone start_env
        provisioner.warm_plan(cmd, {})


def test_an_unknown_command_is_not_warm():
    assert provisioner.warm_plan([PY, "-m", "otro_kernel", "-f", "c.json"], {}) is None
    assert provisioner.warm_plan(["julia"], {}) is None


def test_the_startup_key_sees_what_python_reads_once():
    base = {"HOME": "/root", "PYTHONHASHSEED": "0", "MPLBACKEND": "Agg", "OMP_NUM_THREADS": "1"}
    assert pool.startup_key(PY, base) == pool.startup_key(PY, {**base, "HOME": "/tmp", "JPY_SESSION_NAME": "x"})
    for name, value in [("PYTHONHASHSEED", "1"), ("MPLBACKEND", "inline"), ("OMP_NUM_THREADS", "2"), ("PYTHONPATH", "/x")]:
        assert pool.startup_key(PY, base) != pool.startup_key(PY, {**base, name: value})
    assert pool.startup_key(PY, base) != pool.startup_key("/otro/python", base)


def test_the_warm_parent_does_not_get_the_parent_pid_variable():
    assert pool._parent_env({"JPY_PARENT_PID": "1", "A": "b"}) == {"A": "b"}


# --- el kernelspec ---------------------------------------------------------------------------

def test_the_kernelspec_selects_the_provisioner_and_keeps_a_normal_command():
    plain = spec.kernelspec(python=PY)
    assert plain["argv"] == [PY, "-m", "ipykernel_launcher", "-f", "{connection_file}", spec.MEMORY_HISTORY]
    assert plain["metadata"]["kernel_provisioner"] == {"provisioner_name": "course-warm"}
    assert "env" not in plain and plain["language"] == "python"
    grading = spec.kernelspec(grading=True, python=PY)
    script = grading["argv"][1].replace("{resource_dir}", str(spec.SHARE_DIR / "kernels" / spec.GRADING_KERNEL_NAME))
    assert os.path.samefile(script, spec.LIMITS_SCRIPT) and "env" not in grading
    assert provisioner.warm_plan(grading["argv"], {"COURSE_MEMORY_LIMIT_MB": "2000"})[1] == {"memory_mb": 2000, "file_mb": 256}
    assert grading["argv"][-1] == spec.MEMORY_HISTORY  # el de la corrección, también


def test_the_provisioner_is_registered_for_jupyter_client():
    from importlib.metadata import entry_points

    found = {e.name: e.value for e in entry_points(group="jupyter_client.kernel_provisioners")}
    assert found.get("course-warm") == "course_tools.kernels.provisioner:WarmProvisioner"


def test_the_temporary_kernelspec_is_found_without_touching_the_environment():
    before = dict(os.environ)
    with spec.warm_kernelspec(name="prueba-caliente") as folder:
        written = json.loads((folder / "kernels" / "prueba-caliente" / "kernel.json").read_text(encoding="utf-8"))
        assert written["metadata"]["kernel_provisioner"]["provisioner_name"] == "course-warm"
        found = spec.kernel_spec_manager(folder).get_kernel_spec("prueba-caliente")
        assert found.metadata["kernel_provisioner"]["provisioner_name"] == "course-warm"
        assert spec.kernel_manager(folder, "prueba-caliente").kernel_spec.argv[:3] == [sys.executable, "-m", "ipykernel_launcher"]
        assert spec.jupyter_path(folder, {"JUPYTER_PATH": "/antes"}) == os.pathsep.join([str(folder), "/antes"])
        assert spec.jupyter_path(folder, {}) == str(folder)
        assert dict(os.environ) == before
    assert not folder.exists()
    assert dict(os.environ) == before


def test_importing_the_package_changes_nothing():
    code = textwrap.dedent("""
        import os, sys
        before = dict(os.environ)
        import course_tools.kernels, course_tools.kernels.spec, course_tools.kernels.provisioner
        import course_tools.kernels.pool, course_tools.kernels.bench, course_tools.kernels.child
        assert dict(os.environ) == before
        assert "torch" not in sys.modules  # el cliente no carga torch: eso es cosa del padre caliente
        print("ok")
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    assert out.stdout.strip() == "ok", out.stderr


# --- el canal --------------------------------------------------------------------------------

def test_two_lines_in_one_read_and_a_descriptor_travel_intact():
    left, right = socket.socketpair()
    sender, receiver = Channel(left), Channel(right)
    read_end, write_end = os.pipe()
    sender.send({"pid": 7}, [write_end])
    sender.send({"returncode": -9})
    first, fds = receiver.receive()
    assert first == {"pid": 7} and len(fds) == 1
    os.write(fds[0], b"hola")
    assert os.read(read_end, 4) == b"hola"
    assert receiver.receive() == ({"returncode": -9}, [])
    sender.close()
    assert receiver.receive() == (None, [])
    for fd in (read_end, write_end, fds[0]):
        os.close(fd)
    receiver.close()


def test_a_half_message_is_dropped_with_its_descriptors():
    left, right = socket.socketpair()
    read_end, write_end = os.pipe()
    socket.send_fds(left, [b'{"pid": '], [write_end])
    left.close()
    assert Channel(right).receive() == (None, [])
    os.close(write_end)
    assert os.read(read_end, 1) == b""  # nadie más tiene el extremo de escritura: se cerró
    os.close(read_end)


# --- lo que hace el hijo antes de ser núcleo ------------------------------------------------

def _in_child(work) -> int:
    """Ejecuta ``work()`` en un hijo de ``fork``; su código de salida (0 si no lanzó)."""
    pid = os.fork()
    if pid == 0:
        try:
            work()
            code = 0
        except BaseException:
            code = 1
        os._exit(code)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])


@linux_only
def test_limits_apply_in_the_child_only():
    def work():
        limits.apply_limits(memory_mb=2048, file_mb=8)  # lo que pide el proveedor (warm_plan)
        assert resource.getrlimit(resource.RLIMIT_AS) == (2048 * limits.MB,) * 2
        assert resource.getrlimit(resource.RLIMIT_FSIZE) == (8 * limits.MB,) * 2
        assert resource.getrlimit(resource.RLIMIT_CORE) == (0, 0)

    assert _in_child(work) == 0
    assert resource.getrlimit(resource.RLIMIT_AS)[0] != 2048 * limits.MB


@linux_only
def test_env_cwd_and_parent_pid_are_the_kernels(tmp_path):
    def work():
        child.apply_env({"SOLO_ESTA": "1", "TZ": "UTC"}, str(tmp_path))
        assert os.environ == {"SOLO_ESTA": "1", "TZ": "UTC", "JPY_PARENT_PID": str(os.getppid())}
        assert os.getcwd() == str(tmp_path)
        assert subprocess.run(["/bin/sh", "-c", 'test "$SOLO_ESTA" = 1'], env=None).returncode == 0  # también en C

    assert _in_child(work) == 0


@linux_only
def test_the_random_state_is_fresh_in_each_child():
    read_end, write_end = os.pipe()
    random.seed(5)

    def work():
        child.fresh_random_state()
        os.write(write_end, repr(random.random()).encode() + b"\n")

    assert _in_child(work) == 0 and _in_child(work) == 0
    os.close(write_end)
    with os.fdopen(read_end) as lines:
        values = lines.read().split()
    random.seed(5)
    assert len(set(values)) == 2 and repr(random.random()) not in values


@linux_only
def test_signals_come_back_as_python_leaves_them():
    original = {signal.SIGINT: signal.default_int_handler, signal.SIGTERM: signal.SIG_DFL}

    def work():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, lambda *_: None)
        signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGUSR1])
        child.restore_signals(original, set())
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
        assert signal.SIGUSR1 not in signal.pthread_sigmask(signal.SIG_BLOCK, [])

    assert _in_child(work) == 0


def test_stdio_targets_from_files_descriptors_and_devnull(tmp_path):
    with open(tmp_path / "err", "w") as err:
        targets, fds, opened = provisioner._stdio_fds({"stdout": subprocess.DEVNULL, "stderr": err, "stdin": subprocess.PIPE})
        assert targets == [1, 2] and fds[1] == err.fileno() and opened == [fds[0]]
        os.close(opened[0])
    assert provisioner._stdio_fds({}) == ([], [], [])
    assert provisioner._stdio_fds({"stdout": 1})[:2] == ([1], [1])


def test_the_launcher_argv_is_the_one_of_ipykernel_launcher():
    argv = child.launcher_argv(["-f", "c.json"])
    assert argv[0].endswith("ipykernel_launcher.py") and argv[1:] == ["-f", "c.json"]


# --- vuelta al arranque normal -------------------------------------------------------------

def test_a_parent_that_cannot_start_gives_a_reason_once(monkeypatch):
    here = pool.Pool()
    parent, reason = here.get("/bin/false", {"HOME": "/"})
    assert parent is None and "terminó al arrancar" in reason
    monkeypatch.setattr(pool, "WarmParent", lambda *a: pytest.fail("no debe volver a intentarlo"))
    assert here.get("/bin/false", {"HOME": "/"}) == (None, reason)


def test_the_notice_is_one_spanish_line_per_reason(capsys, monkeypatch):
    monkeypatch.setattr(provisioner, "_noticed", set())
    provisioner.notice("motivo uno")
    provisioner.notice("motivo uno")
    provisioner.notice("motivo dos")
    lines = capsys.readouterr().err.splitlines()
    assert lines == [
        "aviso: núcleos en caliente no disponibles (motivo uno); se arrancan de la forma normal.",
        "aviso: núcleos en caliente no disponibles (motivo dos); se arrancan de la forma normal.",
    ]


class _FakeChannel:
    def __init__(self, messages):
        self.messages = list(messages)
        self.closed = False

    def receive(self):
        return self.messages.pop(0)

    def close(self):
        self.closed = True


def test_a_warm_kernel_reports_its_exit_code(monkeypatch):
    monkeypatch.setattr(provisioner, "_readable", lambda source: True)
    read_end, write_end = os.pipe()
    kernel = provisioner.WarmKernel(12345, read_end, _FakeChannel([({"returncode": 3}, [write_end])]))
    assert kernel.poll() == 3 and kernel.poll() == 3
    kernel.send_signal(signal.SIGKILL)  # ya terminó: no manda nada a nadie
    kernel.close()
    assert kernel.chan.closed


def test_a_lost_supervisor_counts_as_a_killed_kernel(monkeypatch):
    sent = []
    monkeypatch.setattr(provisioner, "_readable", lambda source: True)
    monkeypatch.setattr(provisioner.signal, "pidfd_send_signal", lambda fd, sig: sent.append(sig), raising=False)
    kernel = provisioner.WarmKernel(12345, -1, _FakeChannel([(None, [])]))
    assert kernel.poll() == -signal.SIGKILL and sent == [signal.SIGKILL]


def test_bench_table_is_spanish_and_shows_the_ratios():
    from course_tools.kernels.bench import format_table

    table = format_table({"cold_wall": 2.0, "warm_wall": 0.5, "cold_cpu": 1.5, "warm_cpu": 0.1,
                          "cold_shutdown": 1.0, "warm_shutdown": 0.25, "parent_start": 1.2}, 5)
    assert "mediana de 5" in table and "en frío (python3)" in table
    assert "4.0× más rápido" in table and "arranque + apagado, 4.0×" in table


@pytest.mark.parametrize("name", [spec.KERNEL_NAME, spec.GRADING_KERNEL_NAME])
def test_the_kernelspecs_in_the_repository_are_the_ones_the_code_writes(name):
    stored = json.loads((spec.SHARE_DIR / "kernels" / name / "kernel.json").read_text(encoding="utf-8"))
    assert stored == spec.committed_kernelspecs()[name], (
        f"course_tools/kernels/share/kernels/{name}/kernel.json no es lo que escribe kernels/spec.py: "
        "escríbelo de nuevo con spec.write_kernelspecs()")
    found = spec.kernel_manager(name=name).kernel_spec  # como lo encuentran make release y make grade
    assert found.metadata["kernel_provisioner"]["provisioner_name"] == "course-warm"
