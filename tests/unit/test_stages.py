"""Las etapas cronometradas de make test: una etapa que corre junto a otra imprime de una vez y no se suma."""

import sys

from course_tools import __main__ as tools


def test_a_buffered_stage_prints_at_once_and_is_not_added_to_the_total(tmp_path, monkeypatch, capsys):
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
    assert float(total.split()[1]) < 3  # los 7 s del navegador no cuentan: corrió a la vez que otra etapa
    assert not (tmp_path / "etapas.txt").exists()
