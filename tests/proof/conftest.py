"""Al final de la prueba de respuestas equivocadas, la tabla del informe."""

import json

from course_tools.config import ROOT

REPORT_DIR = ROOT / "build" / "prueba"


def pytest_sessionstart(session):
    if not hasattr(session.config, "workerinput"):  # solo el proceso principal limpia
        REPORT_DIR.mkdir(parents=True, exist_ok=True)
        for old in REPORT_DIR.glob("*.json"):
            old.unlink()


def pytest_terminal_summary(terminalreporter):
    from course_tools.proof import Report, format_table

    reports = []
    for path in sorted(REPORT_DIR.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        reports.append(Report(**{**data, "messages": [tuple(m) for m in data["messages"]]}))
    if reports:
        terminalreporter.write_line("")
        terminalreporter.write_line("Respuestas equivocadas plausibles, por cuaderno:")
        for line in format_table(reports).splitlines():
            terminalreporter.write_line(line)
