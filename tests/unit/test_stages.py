"""Las etapas cronometradas de make test: una etapa que corre junto a otra imprime de una vez, y el total es el
reloj de la primera etapa a la última (lo que corrió a la vez no se cuenta dos veces)."""

import sys

from course_tools import stages as tools


def test_a_buffered_stage_prints_at_once_and_the_total_is_not_the_sum_of_the_seconds(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(tools, "STAGES_FILE", tmp_path / "etapas.txt")
    assert tools.main(["stage", "--buffered", "navegador", "--", sys.executable, "-c", "print('uno'); print('dos')"]) == 0
    printed = capsys.readouterr().out
    assert "=== navegador (a la vez que otra etapa) ===\nuno\ndos\n--- navegador:" in printed
    assert tools.main(["stage", "prueba", "--", sys.executable, "-c", "import sys; sys.exit(3)"]) == 3
    (tmp_path / "etapas.txt").write_text((tmp_path / "etapas.txt").read_text().replace("\t0.", "\t7.", 1)
                                         .replace("prueba\t0.", "prueba\t2.", 1))
    capsys.readouterr()
    assert tools.main(["stage-summary"]) == 0
    summary = capsys.readouterr().out
    assert "FALLA" in summary and "a la vez" in summary
    total = next(line for line in summary.splitlines() if line.strip().startswith("total"))
    assert float(total.split()[1]) < 3  # los 7 s apuntados al navegador no se suman: el total sale del reloj
    assert not (tmp_path / "etapas.txt").exists()


def test_the_profile_keeps_the_stage_table_and_the_slowest_tests_of_each_stage(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(tools, "STAGES_FILE", tmp_path / "etapas.txt")
    (tmp_path / "etapas.txt").write_text("unitarias\t12.5\tbien\t\t20.0\t100.0\t112.5\n"
                                         "ronda\t30.0\tbien\t\t25.0\t112.5\t142.5\n", encoding="utf-8")
    reports = tmp_path / "informes"
    reports.mkdir()
    cases = "".join(f'<testcase classname="tests.unit.test_x" name="test_{n}" time="{n}.5"/>'
                    for n in range(tools.SLOWEST_PER_STAGE + 3))
    (reports / "1-unitarias.xml").write_text(f'<testsuites><testsuite name="pytest">{cases}</testsuite></testsuites>')
    (reports / "5-ronda.xml").write_text('<testsuites><testsuite><testcase classname="tests.grading.test_round" '
                                         'name="test_lenta" time="29.25"/></testsuite></testsuites>')
    target = tmp_path / "perfil.txt"
    assert tools.main(["stage-summary", "--profile", str(reports), str(target)]) == 0
    profile = target.read_text(encoding="utf-8")
    assert "unitarias" in profile.splitlines()[1] and "12.5 s" in profile.splitlines()[1]
    slowest = tools.SLOWEST_PER_STAGE + 2
    assert f"{slowest}.50  tests.unit.test_x::test_{slowest}" in profile  # el más lento, primero
    assert "tests.unit.test_x::test_2\n" not in profile  # los tres más rápidos no caben
    assert "   29.25  tests.grading.test_round::test_lenta" in profile
    assert str(target) in capsys.readouterr().out


def test_a_stage_records_the_cpu_of_its_processes(tmp_path, monkeypatch, capsys):
    """Los segundos de CPU (user+sys) de la etapa, con los de los procesos que arranca su orden."""
    monkeypatch.setattr(tools, "STAGES_FILE", tmp_path / "etapas.txt")
    burn = "import subprocess, sys; subprocess.run([sys.executable, '-c', 'sum(range(30_000_000))'], check=True)"
    assert tools.main(["stage", "quemar", "--", sys.executable, "-c", burn]) == 0
    name, seconds, status, together, cpu, began, ended = (tmp_path / "etapas.txt").read_text().rstrip("\n").split("\t")
    assert abs(float(ended) - float(began) - float(seconds)) < 0.2  # cuándo empezó y acabó, en el reloj de la máquina
    assert (name, status, together) == ("quemar", "bien", "")
    assert 0.2 < float(cpu) <= float(seconds) + 0.5, (cpu, seconds)  # el nieto cuenta; sin él serían centésimas
    assert f"({cpu} s de CPU)" in capsys.readouterr().out
    assert tools.main(["stage-summary"]) == 0
    summary = capsys.readouterr().out
    assert "quemar" in summary and f"{float(cpu):>8.1f} s CPU" in summary


def test_the_total_is_the_clock_from_the_first_start_to_the_last_end(tmp_path, monkeypatch, capsys):
    """Dos etapas a la vez, la de al lado más larga: el total es el reloj de las dos juntas, no la suma ni la
    de delante sola."""
    monkeypatch.setattr(tools, "STAGES_FILE", tmp_path / "etapas.txt")
    (tmp_path / "etapas.txt").write_text("instalación\t10.0\tbien\t\t9.0\t1000.0\t1010.0\n"
                                         "ronda\t50.0\tbien\ta la vez\t40.0\t1010.0\t1060.0\n"
                                         "prueba\t30.0\tbien\t\t55.0\t1010.0\t1040.0\n", encoding="utf-8")
    assert tools.main(["stage-summary"]) == 0
    total = next(line for line in capsys.readouterr().out.splitlines() if line.strip().startswith("total"))
    assert total.split()[1:5] == ["60.0", "s", "104.0", "s"]


def test_the_stages_need_only_the_standard_library():
    """El Makefile cronometra la instalación con el Python del sistema, antes de que exista .venv: sin los paquetes
    instalados (``-S``), el módulo se importa igual."""
    import subprocess

    from course_tools.layout.course import ROOT

    done = subprocess.run([sys.executable, "-S", "-c", "import course_tools.stages"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
