"""Bad submissions that the audits of issue 16 found: 'pass' beside other items, and errors
that echoed the whole input (100 kB in, 100 kB out)."""

from __future__ import annotations

import pytest

import duelhost
from duelhost.core.errors import QUOTE_LIMIT
from tests.games.tactical_genius.helpers import new, put, start

HUGE = "X" * 100_000


def refused(state: duelhost.State, seat: int, text: str) -> str:
    before = state.to_json()
    with pytest.raises(duelhost.IllegalAction) as caught:
        state.submit(seat, text)
    assert state.to_json() == before
    return str(caught.value)


def test_pass_beside_other_items_is_refused_without_contradicting_itself() -> None:
    # The old message: "'pass' is not a reinforcement order; write 'advance', ... or 'pass'".
    state = start(["place Bob Axe D2 bonus=0.26"], ["place Sam Sword G2 bonus=0.25"])
    state.submit(0, "pass")
    state.submit(1, "pass")
    assert state.phase == "reinforcement"
    for text in ("pass; advance", "advance; pass", "pass; pass"):
        message = refused(state, 0, text)
        assert message == (
            "'pass' means doing nothing and is submitted alone; leave it out to give the "
            "other items"
        )
    state.submit(0, "advance")  # advance alone is what was meant
    state.submit(1, "PASS")  # pass alone, any case, still does nothing
    assert state.view(None)["log"][0]["result"] == "advanced"


def test_pass_beside_orders_is_refused_in_a_command_phase() -> None:
    state = start(["place Bob Axe D2 bonus=0.26 atk=1"], ["place Sam Sword G2 bonus=0.25"])
    put(state, "Sam", "E2")
    message = refused(state, 0, "Bob attack E2; pass")
    assert message.startswith("'pass' means doing nothing")


@pytest.mark.parametrize(
    ("phase", "text", "start_of_message"),
    [
        ("reinforcement", HUGE, "'XXX"),
        ("reinforcement", f"advance; advance{HUGE}", "'advance"),
        ("reinforcement", f"place {HUGE} Axe A1 bonus=0.24", "place XXX"),
        ("reinforcement", f"place Al {HUGE} A1 bonus=0.24", "place Al XXX"),
        ("reinforcement", f"place Al Axe {HUGE} bonus=0.24", "place Al Axe XXX"),
        ("reinforcement", f"place Al Axe A1 bonus=0.{HUGE}", "place Al Axe A1 bonus"),
        ("reinforcement", f"place Al Axe A1 bonus=0.24 hp={HUGE}", "place Al Axe A1"),
        ("reinforcement", f"place Al Axe A1 bonus=0.24 {HUGE}=1", "place Al Axe A1"),
        ("reinforcement", f"place Al Axe A1 bonus=0.24 skills={HUGE}", "place Al Axe A1"),
        ("command", f"{HUGE} attack E2", "illegal order 'XXX"),
        ("command", f"Bob {HUGE} E2", "illegal order 'Bob XXX"),
        ("command", f"Bob attack {HUGE}", "illegal order 'Bob attack XXX"),
        ("command", f"Bob skill {HUGE}", "illegal order 'Bob skill XXX"),
        ("command", f"Bob move {HUGE}", "illegal order 'Bob move XXX"),
    ],
    ids=lambda value: value[:24] if isinstance(value, str) else str(value),
)
def test_errors_quote_at_most_a_few_dozen_characters_of_the_input(
    phase: str, text: str, start_of_message: str
) -> None:
    state = start(["place Bob Axe D2 bonus=0.26 atk=1"], ["place Sam Sword G2 bonus=0.25"])
    if phase == "reinforcement":
        state.submit(0, "pass")
        state.submit(1, "pass")
    message = refused(state, 0, text)
    assert message.startswith(start_of_message)
    assert "…" in message
    # Every quoted piece is at most QUOTE_LIMIT characters; the rest is the game's own text.
    assert "X" * QUOTE_LIMIT not in message
    assert len(message) < 400


def test_a_huge_table_option_is_not_echoed() -> None:
    with pytest.raises(duelhost.ConfigError) as caught:
        duelhost.load("tactical_genius", table="/nonexistent/" + "t" * 1_000_000)
    assert len(str(caught.value)) < 400
    with pytest.raises(duelhost.ConfigError) as caught:
        new().damage_between(0, HUGE, "Bob")
    assert len(str(caught.value)) < 200
