"""The fault campaign (issue 18, point 3): three ``duelhost serve --cluster`` processes on this
run's PostgreSQL database, bot-speed matches played over WebSocket (a fifth of them
Multiplanetary on a 1-second tick), one process SIGKILLed at a fixed period and restarted at
once (``tests.server.campaign``). Nothing acknowledged may be missing or stored twice, no log
may fork, every finished match's record must verify; the takeover times are printed (their
figures, from a quiet machine, are in docs/performance.md; nothing here asserts a time).

CI runs the short campaign (30 matches, 50 s, a kill every 10 s: the same checks over at least
three kills); the three-minute campaign of 100 matches is a release test (issue 29, point 5):
``python -m pytest -m release`` runs it, before a release, and its figures are recorded in
docs/performance.md.
"""

from __future__ import annotations

import pytest

from tests.databases import empty_postgres
from tests.server.campaign import Outcome, report, run_campaign


def _check(outcome: Outcome, kills: int, capsys: pytest.CaptureFixture[str]) -> None:
    with capsys.disabled():  # the figures reach CI's log whether the test passes or fails
        print("\n" + report(outcome))
    assert len(outcome.kills) >= kills, "the campaign killed fewer processes than it should"
    assert outcome.acks, "no submission was acknowledged"
    assert outcome.missing == []
    assert outcome.duplicated == []
    assert outcome.forked == []
    assert outcome.unverified == []
    assert outcome.finished > 0


def test_short_fault_campaign(postgres_database: str, capsys: pytest.CaptureFixture[str]) -> None:
    empty_postgres(postgres_database)
    outcome = run_campaign(
        postgres_database, processes=3, matches=30, seconds=50.0, kill_every=10.0
    )
    _check(outcome, 3, capsys)


@pytest.mark.release
def test_fault_campaign(postgres_database: str, capsys: pytest.CaptureFixture[str]) -> None:
    empty_postgres(postgres_database)
    outcome = run_campaign(postgres_database, processes=3, matches=100, seconds=180.0)
    _check(outcome, 8, capsys)
