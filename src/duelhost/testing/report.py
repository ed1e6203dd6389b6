"""A conformance report as a Rich table: one row per property."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from duelhost.testing.kit import Report


def report_table(report: Report) -> Table:
    """Property, result (pass/FAIL), checks passed, and what failed or what was checked."""
    table = Table(
        title=f"check-game {report.game}: {report.matches} random matches, "
        f"{report.decisions} decisions"
    )
    table.add_column("property")
    table.add_column("result")
    table.add_column("checks", justify="right")
    table.add_column("detail")
    for result in report.results.values():
        verdict = Text("pass", style="green") if result.passed else Text("FAIL", style="bold red")
        detail = Text(result.failure if result.failure is not None else result.doc)
        table.add_row(result.name, verdict, str(result.checks), detail)
    return table
