"""La tabla del final, sumada de los ítems en el proceso principal de pytest.

Cada ítem deja sus datos en ``user_properties``; pytest-xdist los trae en el informe de cada
ítem, así que la tabla sale igual con ``-n 2`` que sin él, sin ficheros intermedios.
"""

from __future__ import annotations

from course_tools.audits.proof import Report, Verdict, format_table

from .items import PROPERTY


class ProofTally:
    """Plugin del proceso principal: junta los juicios por cuaderno y escribe la tabla al terminar."""

    def __init__(self):
        self.reports: dict[str, Report] = {}
        self.kernel_runs: dict[str, set[str]] = {}

    def pytest_runtest_logreport(self, report):
        if report.when != "call":
            return
        for name, data in report.user_properties:
            if name == PROPERTY:
                self.add(data)

    def add(self, data: dict) -> None:
        slug = data["slug"]
        report = self.reports.setdefault(slug, Report(slug, exercises=data["exercises"], points=data["points"]))
        report.problems.extend(data.get("problems", []))
        if "verdict" in data:
            report.add(Verdict(**data["verdict"]))
        if data.get("kernel_run"):
            self.kernel_runs.setdefault(slug, set()).add(data["kernel_run"])

    def kernel_lines(self) -> list[str]:
        """Cuántos núcleos se arrancaron: uno por cuaderno, o dónde hubo más."""
        repeated = {slug: len(runs) for slug, runs in self.kernel_runs.items() if len(runs) > 1}
        if not repeated:
            return [f"Núcleos: {len(self.kernel_runs)}, uno por cuaderno ejecutado."]
        return [f"  ✗ {slug}: sus variantes corrieron en {count} núcleos; sus ítems tienen que ir todos al "
                f"mismo proceso (ver tests/proof/scheduling.py)" for slug, count in sorted(repeated.items())]

    def pytest_terminal_summary(self, terminalreporter):
        if not self.reports:
            return
        terminalreporter.write_line("")
        terminalreporter.write_line("Respuestas equivocadas plausibles, por cuaderno:")
        for line in format_table([self.reports[slug] for slug in sorted(self.reports)]).splitlines():
            terminalreporter.write_line(line)
        for line in self.kernel_lines():
            terminalreporter.write_line(line)
