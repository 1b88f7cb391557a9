"""El encierro del núcleo de corrección, probado en procesos hijos de ``fork``: este no se encierra."""

from __future__ import annotations

import json
import os
import socket
import sys
from pathlib import Path

import pytest

from course_tools.layout.course import AUTOGRADED, CourseLayout
from course_tools.isolation import sandbox

PR_SET_DUMPABLE = 4
needs_landlock = pytest.mark.skipif(not sandbox.abi_version(), reason="este sistema no tiene Landlock")


def _in_a_child(action, uid: int | None = None) -> int:
    """Ejecuta ``action()`` en un hijo de ``fork`` (con otro usuario, si se da) y devuelve su código de salida."""
    pid = os.fork()
    if pid == 0:
        code = 99
        try:
            if uid is not None:
                import ctypes

                os.setgid(uid)
                os.setuid(uid)
                ctypes.CDLL(None).prctl(PR_SET_DUMPABLE, 1, 0, 0, 0)  # como un proceso que nació de ese usuario
            code = action()
        except BaseException as error:
            print("en el hijo:", repr(error), file=sys.stderr)
        finally:
            os._exit(code)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])


def _denied(action) -> bool:
    try:
        action()
    except PermissionError:
        return True
    return False


@pytest.fixture
def folders(tmp_path, monkeypatch):
    """Una carpeta de trabajo (la del hijo) y, a su lado, la de otro con un cuaderno."""
    own, other = tmp_path / "propia", tmp_path / "ajena"
    own.mkdir()
    other.mkdir()
    (other / "entrega.ipynb").write_text("original")
    monkeypatch.chdir(own)
    monkeypatch.setenv("TMPDIR", str(own))
    return own, other


@needs_landlock
def test_a_confined_process_writes_only_in_its_folders(folders):
    own, other = folders

    def confined() -> int:
        if any("Landlock" in m for m in sandbox.enter([str(own)])):
            return 1
        (own / "sub").mkdir()
        (own / "sub" / "a.txt").write_text("x")
        with open(os.devnull, "w") as null:
            null.write("x")
        for attack in (lambda: (other / "entrega.ipynb").write_text("roto"),
                       lambda: (other / "nuevo.txt").write_text("x"),
                       lambda: (other / "entrega.ipynb").unlink(),
                       lambda: os.rename(own / "sub" / "a.txt", other / "a.txt")):
            if not _denied(attack):
                return 2
        return 0

    assert _in_a_child(confined) == 0
    assert (other / "entrega.ipynb").read_text() == "original"
    assert sorted(p.name for p in other.iterdir()) == ["entrega.ipynb"]
    assert (own / "sub" / "a.txt").read_text() == "x"
    (other / "despues.txt").write_text("este proceso no quedó encerrado")


@needs_landlock
def test_a_confined_process_reads_only_python_the_helpers_and_its_own(folders):
    own, other = folders
    (own / "mio.txt").write_text("mío")
    secret = own.parent / "secreto.txt"
    secret.write_text("clave")

    def confined() -> int:
        sandbox.enter([str(own)])
        import rukh_helpers.vocab  # noqa: F401  (sus datos, en el repositorio)
        import json as _json

        readable = [own / "mio.txt", _json.__file__, rukh_helpers.vocab.__file__, "/etc/passwd", "/proc/self/maps"]
        for path in readable:
            open(path, "rb").close()
        for attack in (lambda: open(other / "entrega.ipynb").read(), lambda: open(secret).read(),
                       lambda: os.listdir(own.parent), lambda: open(f"/proc/{os.getppid()}/environ", "rb").read()):
            if not _denied(attack):
                return 2
        return 0

    assert _in_a_child(confined) == 0
    assert secret.read_text() == "clave"  # este proceso sigue leyendo


def test_a_folder_holding_the_work_folder_is_never_readable():
    inside = str(CourseLayout(os.path.join(sys.prefix, "curso")).assignment(AUTOGRADED, "99-demo", "ana"))
    paths = sandbox.read_paths(cwd=inside, env={})
    assert sys.prefix not in paths and "/" not in paths
    assert sys.base_prefix in sandbox.read_paths(cwd="/tmp", env={})


def test_the_kernels_ipython_and_matplotlib_folders_are_readable(tmp_path):
    (tmp_path / "ipython").mkdir()
    paths = sandbox.read_paths(cwd="/tmp", env={"IPYTHONDIR": str(tmp_path / "ipython"), "MPLCONFIGDIR": "/no/existe"})
    assert str(tmp_path / "ipython") in paths and "/no/existe" not in paths


def test_without_network_neither_tcp_nor_udp_reach_loopback(folders):
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(("127.0.0.1", 0))
    udp.settimeout(0.2)
    tcp_port, udp_port = listener.getsockname()[1], udp.getsockname()[1]

    def confined() -> int:
        if sandbox.isolate()[0] is not None:
            return 1
        for kind, attempt in ((socket.SOCK_STREAM, lambda s: s.connect(("127.0.0.1", tcp_port))),
                              (socket.SOCK_DGRAM, lambda s: s.sendto(b"hola", ("127.0.0.1", udp_port)))):
            with socket.socket(socket.AF_INET, kind) as sock:
                try:
                    attempt(sock)
                    return 2
                except OSError:
                    pass
        return 0

    try:
        assert _in_a_child(confined) == 0
        with pytest.raises(TimeoutError):
            listener.accept()
        with pytest.raises(TimeoutError):
            udp.recvfrom(16)
    finally:
        listener.close()
        udp.close()


@needs_landlock
@pytest.mark.skipif(os.getuid() != 0, reason="hace falta ser root para probar como otro usuario")
def test_unprivileged_processes_are_confined_and_keep_their_user(monkeypatch):
    import shutil
    import tempfile

    own = Path(tempfile.mkdtemp(prefix="curso-nadie-", dir="/tmp"))  # que «nadie» pueda llegar hasta ella
    os.chown(own, 65534, 65534)
    monkeypatch.chdir(own)
    monkeypatch.setenv("TMPDIR", str(own))
    monkeypatch.setattr(sandbox, "read_paths", lambda: [])  # «nadie» no llega a la instalación de root

    def confined() -> int:
        missing = sandbox.enter([str(own)])
        if missing:
            return 1
        (own / "mio.txt").write_text("x")
        if os.getuid() != 65534 or os.stat(own / "mio.txt").st_uid != 65534:
            return 2
        with socket.socket() as sock:
            try:
                sock.connect(("127.0.0.1", 9))
                return 3
            except OSError:
                pass
        return 0

    try:
        assert _in_a_child(confined, uid=65534) == 0
    finally:
        shutil.rmtree(own, ignore_errors=True)


@needs_landlock
def test_denials_are_logged_and_allowed_access_is_not(folders, tmp_path, monkeypatch):
    own, other = folders
    report = tmp_path / "informe.jsonl"
    report.write_text("")
    monkeypatch.setenv(sandbox.REPORT_ENV, str(report))

    def confined() -> int:
        sandbox.enter([str(own)])
        if sandbox.REPORT_ENV in os.environ:
            return 1  # la entrega no debe ver dónde está el informe
        import json as _json  # noqa: F401

        open(own / "nuevo.txt", "w").write("x")
        open(own / "nuevo.txt").read()
        for attack in (lambda: open(other / "entrega.ipynb").read(), lambda: os.listdir(other),
                       lambda: socket.socket().connect(("127.0.0.1", 9)), lambda: open(own / "no-existe.txt").read()):
            try:
                attack()
            except OSError:
                pass
        return 0

    assert _in_a_child(confined) == 0
    attempts, offset = sandbox.read_report(str(report))
    assert attempts == [("leer", str(other / "entrega.ipynb")), ("leer", str(other)), ("conectar a", "127.0.0.1:9")]
    assert offset == len(report.read_bytes())
    assert sandbox.read_report(str(report), offset) == ([], offset)
    assert sandbox.describe(attempts, most=2) == f"leer {other / 'entrega.ipynb'}; leer {other} (y 1 más)"


def test_the_denial_log_survives_foreign_and_half_written_lines(tmp_path):
    report = tmp_path / "informe.jsonl"
    report.write_bytes(json.dumps(["leer", "/x"]).encode() + b"\nbasura\n[\"leer\", \"/a medio")
    attempts, offset = sandbox.read_report(str(report))
    assert attempts == [("leer", "/x"), ("anotar", "basura")]
    assert offset < len(report.read_bytes())  # la línea a medias se lee la próxima vez


def test_the_kernel_environment_carries_only_the_allowed_list():
    env = {"PATH": "/usr/bin", "HOME": "/home/profe", "OMP_NUM_THREADS": "1", "LC_ALL": "es_ES.UTF-8",
           "COURSE_GRADEBOOK_URL": "postgresql://profe:clave@host/db", "AWS_SECRET_ACCESS_KEY": "x",
           "GITHUB_TOKEN": "y", "PYTHONPATH": "/home/profe/curso", sandbox.REPORT_ENV: "/tmp/i"}
    assert sandbox.allowed_env(env) == {"PATH": "/usr/bin", "HOME": "/home/profe", "OMP_NUM_THREADS": "1",
                                        "LC_ALL": "es_ES.UTF-8", sandbox.REPORT_ENV: "/tmp/i"}


def test_with_the_switch_off_nothing_is_confined_and_it_says_so(monkeypatch, tmp_path):
    monkeypatch.setenv(sandbox.SWITCH_ENV, "0")
    monkeypatch.setenv(sandbox.REPORT_ENV, str(tmp_path / "i"))
    assert sandbox.enter([str(tmp_path)]) == ["encierro desactivado con COURSE_SANDBOX=0"]
    assert sandbox.REPORT_ENV not in os.environ
    off = sandbox.weaknesses(env={**os.environ, sandbox.SWITCH_ENV: "0"})
    assert off[0] == "encierro desactivado con COURSE_SANDBOX=0"
    assert any("lectura" in m for m in off) and any("TCP" in m for m in off) and any("UDP" in m for m in off)


@needs_landlock
def test_this_machine_lacks_no_protection():
    assert sandbox.weaknesses() == []


def test_without_landlock_it_says_so(monkeypatch, tmp_path):
    monkeypatch.delenv(sandbox.SWITCH_ENV, raising=False)
    monkeypatch.setattr(sandbox, "abi_version", lambda: 0)
    monkeypatch.setattr(sandbox, "isolate", lambda: (None, []))
    assert sandbox.enter([str(tmp_path)]) == [
        "este sistema no tiene Landlock: el núcleo lee y escribe donde quiera su usuario"]


def test_the_kernel_folders_are_the_work_folder_and_its_tmpdir(monkeypatch, tmp_path):
    from course_tools.isolation import measure

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TMPDIR", "/tmp/nucleo-x")
    monkeypatch.delenv(measure.FOLDER_ENV, raising=False)
    assert sandbox.kernel_folders() == [str(tmp_path), "/tmp/nucleo-x"]
    # Con make test, también la carpeta de sus datos de cobertura, si existe; una ruta relativa o que no existe, no.
    monkeypatch.setenv(measure.FOLDER_ENV, str(tmp_path / "cobertura"))
    assert sandbox.kernel_folders() == [str(tmp_path), "/tmp/nucleo-x"]
    (tmp_path / "cobertura").mkdir()
    assert sandbox.kernel_folders() == [str(tmp_path), "/tmp/nucleo-x", str(tmp_path / "cobertura")]
    monkeypatch.setenv(measure.FOLDER_ENV, "cobertura")
    assert sandbox.kernel_folders() == [str(tmp_path), "/tmp/nucleo-x"]


BPF_SYSCALL = {"x86_64": 321, "aarch64": 280}


@pytest.mark.parametrize("user", ["quien corre las pruebas", "nobody"])
def test_a_confined_process_holds_no_privilege_whoever_runs_it(user):
    """Como root (CI, un contenedor) y como un usuario sin privilegios: sin capacidades (tampoco un programa que
    arranque), ``mknod`` de un dispositivo y ``bpf()`` dan EPERM."""
    import ctypes
    import errno
    import platform
    import subprocess

    from course_tools.isolation import privileges

    if not sys.platform.startswith("linux") or platform.machine() not in BPF_SYSCALL:
        pytest.skip("espacios de nombres, capacidades y bpf() son de Linux (x86_64 o aarch64)")
    uid = None if user != "nobody" else 65534
    if uid is not None and os.getuid() != 0:
        pytest.skip("probar con otro usuario pide ser root")
    import shutil
    import tempfile

    tmp_path = Path(tempfile.mkdtemp(prefix="curso-privilegios-"))  # la de pytest cuelga de una carpeta 0700
    tmp_path.chmod(0o777)

    def action() -> int:
        os.chdir(tmp_path)
        os.environ.pop(sandbox.SWITCH_ENV, None)
        os.environ["TMPDIR"] = str(tmp_path)
        missing = sandbox.enter([str(tmp_path)])
        if any(m.startswith("privilegios") for m in missing):
            print(missing, file=sys.stderr)
            return 10
        caps = privileges.capabilities()
        if caps.get("CapEff") or caps.get("CapPrm") or caps.get("CapBnd") or caps.get("CapAmb"):
            return 11
        try:
            os.mknod("nulo", 0o600 | 0o020000, os.makedev(1, 3))
            return 12
        except PermissionError:
            pass
        libc = ctypes.CDLL(None, use_errno=True)
        attr = ctypes.create_string_buffer(128)  # BPF_PROG_LOAD con todo a cero
        if libc.syscall(BPF_SYSCALL[platform.machine()], 5, attr, 128) != -1 or ctypes.get_errno() != errno.EPERM:
            print("bpf:", errno.errorcode.get(ctypes.get_errno()), file=sys.stderr)
            return 13
        # execve de root devuelve las capacidades que deja el conjunto límite: vacío, tampoco un programa las tiene.
        made = subprocess.run(["mknod", "nulo", "c", "1", "3"], capture_output=True, text=True)
        if made.returncode == 0 or os.path.exists("nulo") or "not permitted" not in made.stderr:
            print("mknod:", made.stderr, file=sys.stderr)
            return 14
        return 0

    try:
        assert _in_a_child(action, uid) == 0
    finally:
        shutil.rmtree(tmp_path, ignore_errors=True)
