"""The fault campaign in CI (issue 18, point 3): three ``duelhost serve --cluster`` processes on
this run's PostgreSQL database, 100 bot-speed matches played over WebSocket (a fifth of them
Multiplanetary on a 1-second tick), one process SIGKILLed every 20 s and restarted at once, for
three minutes (``tests.server.campaign``). Nothing acknowledged may be missing or stored twice,
no log may fork, every finished match's record must verify; the takeover times are printed
(their figures, from a quiet machine, are in docs/performance.md; nothing here asserts a time).
"""

from __future__ import annotations

import pytest

from tests.databases import empty_postgres
from tests.server.campaign import report, run_campaign


def test_fault_campaign(postgres_database: str, capsys: pytest.CaptureFixture[str]) -> None:
    empty_postgres(postgres_database)
    outcome = run_campaign(postgres_database, processes=3, matches=100, seconds=180.0)
    with capsys.disabled():  # the figures reach CI's log whether the test passes or fails
        print("\n" + report(outcome))
    assert len(outcome.kills) >= 8, "the campaign killed fewer processes than it should"
    assert outcome.acks, "no submission was acknowledged"
    assert outcome.missing == []
    assert outcome.duplicated == []
    assert outcome.forked == []
    assert outcome.unverified == []
    assert outcome.finished > 0
