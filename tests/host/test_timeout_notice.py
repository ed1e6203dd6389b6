"""A timeout names what the game's timeout rule played, to that seat alone (issue 32 point 8):
"the game's timeout rule played for you" told a player nothing."""

from __future__ import annotations

import duelhost
from duelhost.host import Clock
from tests.host.helpers import make


def _events(match: object, recipient: int | None, now: float) -> list[dict[str, object]]:
    frame = match.frame(recipient, now)  # type: ignore[attr-defined]
    return list(frame["events"])


def test_the_kernel_says_what_each_timeout_rule_played() -> None:
    # Each by its rules page: WD1 sends out a Chocobo; GE9 passes the rest of the turn; MP12
    # sends no orders; TA's faction choice falls to the first faction of the table (Menagerie);
    # GO3 sends a fleet of size 0 and destroys one of the largest remaining fleets.
    assert duelhost.load("warriors_death").new(1).timeout(0) == "Chocobo"
    assert duelhost.load("generalissimo").new(1).timeout(0) == "pass"
    assert duelhost.load("multiplanetary").new(1).timeout(0) == "wait"
    assert duelhost.load("tactic").new(1).timeout(0) == "faction Menagerie"
    played = duelhost.load("goofspiel").new(1).timeout(0)
    assert played == "a fleet of size 0, and one of your largest fleets is destroyed (GO3)"


def test_the_timed_out_seat_alone_hears_what_was_played() -> None:
    # A Warrior's Death, 60-s rounds from 1000: seat 0 sends its Chocobo-free pick, seat 1 says
    # nothing; at 1060 seat 1 times out and its rule sends out a Chocobo (WD1).
    match = make("warriors_death", Clock("move", 60.0), created=1000.0)
    match.submit(0, match.state.legal(0)[-1], 1001.0)
    match.advance(1060.0)
    own = [e for e in _events(match, 1, 1060.0) if e["type"] == "your_timeout"]
    assert [{k: e[k] for k in ("type", "seat", "decision", "text")} for e in own] == [
        {"type": "your_timeout", "seat": 1, "decision": 0, "text": "Chocobo"}
    ]
    for other in (0, None):
        events = _events(match, other, 1060.0)
        assert any(e["type"] == "timeout" and e["seat"] == 1 for e in events)
        assert not any(e["type"] == "your_timeout" for e in events)
