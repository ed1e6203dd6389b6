"""The fault campaign (issue 18, point 3): 3 ``duelhost serve --cluster`` processes on one
PostgreSQL database, 100 matches (20 of them Multiplanetary on a 1-second tick) played over
WebSocket by random clients, one process SIGKILLed every 20 s and restarted, for 3 minutes.
Nothing acknowledged is missing, nothing is stored twice, no log forks, every finished match's
record verifies; the takeover times are printed (``tests.server.campaign``)."""

from __future__ import annotations

import pytest

from tests.databases import empty_postgres
from tests.server.campaign import report, run_campaign


@pytest.mark.slow
def test_the_fault_campaign_loses_nothing_and_forks_nothing(postgres_database: str) -> None:
    empty_postgres(postgres_database)
    outcome = run_campaign(postgres_database, processes=3, matches=100, seconds=180, kill_every=20)
    print(report(outcome))
    assert len(outcome.kills) >= 4, report(outcome)
    assert outcome.takeovers, report(outcome)  # the killed processes held live matches
    assert len(outcome.acks) > 1000, report(outcome)
    assert outcome.missing == [], outcome.missing[:5]
    assert outcome.duplicated == [], outcome.duplicated[:5]
    assert outcome.forked == [], outcome.forked[:5]
    assert outcome.unverified == [], outcome.unverified[:5]
    assert outcome.finished > 0
