"""The abusive-client benchmark (``python -m duelhost.server.abuse``) runs, bounded, in CI.

Its latency figures are recorded in docs/performance.md from longer runs; here it is run short to
show that it finishes on time and that, with the server's default limits, one abusive client is
refused at every limit while the well-behaved clients keep playing and get every ack.
"""

from __future__ import annotations

import json
import time

from duelhost.server import abuse
from duelhost.server.settings import ServerSettings


def test_one_abusive_client_is_refused_while_the_others_play() -> None:
    started = time.monotonic()
    figures = abuse.run(clients=3, seconds=3.0, think=0.05)
    elapsed = time.monotonic() - started
    print(json.dumps(figures, indent=2))
    for half in ("alone", "with_abuser"):
        assert figures[half]["errors"] == [], figures[half]["errors"]
        assert figures[half]["acks"] > 0
    seen = figures["abuser"]
    # Its creations stop at the per-client quota (20 a minute by default); past the quota and
    # the request rate it gets 429s.
    assert 0 < seen["HTTP 201"] <= ServerSettings().max_matches_per_client == 20
    assert seen["HTTP 429"] > 0
    # Every 1 MB body is refused with 413 before it is parsed.
    assert seen["HTTP 413"] > 0
    assert "HTTP 422" not in seen
    # The stream flood gets errors (over the message size and rate), never a frame of a move.
    assert seen["stream error"] > 0
    # Both halves stop at their time (the abuser, on a loaded machine too slow to meet every
    # limit in its time, at most OVERTIME later): the old tool played whole matches and overran.
    assert elapsed < 60 + abuse.OVERTIME, f"the benchmark took {elapsed:.0f} s"
