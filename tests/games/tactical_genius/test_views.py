"""What each seat and a spectator see (issue point 4), rendering, and notation round trips."""

from __future__ import annotations

import json

import duelhost
from duelhost.games.tactical_genius.render import describe_event, render_view
from tests.games.tactical_genius.helpers import command, new, put, start


def test_views_hold_public_stats_order_points_and_kills() -> None:
    state = start(
        ["place Gus Gun D2 bonus=0.26 atk=2 skills=quickdraw"],
        ["place Sam Sword G2 bonus=0.25 hp=1"],
    )
    view = state.view(1)
    gus = next(u for u in view["units"] if u["name"] == "Gus")
    assert gus == {
        "name": "Gus",
        "seat": 0,
        "side": "Green",
        "type": "Gun",
        "class": "ranged",
        "health": 10.0,
        "max_health": 10,
        "attack": 3,
        "defense": 0,
        "speed": "2.26",
        "skills": ["quickdraw"],
        "boosts": [],
        "value": 6,
        "alive": True,
        "cell": "D2",
        "last_cell": "D2",
    }
    assert view["order"] == [
        {"name": "Sam", "seat": 1, "speed": "3.25"},
        {"name": "Gus", "seat": 0, "speed": "2.26"},
    ]
    assert view["points_left"] == [34, 36]
    assert view["kills"] == [0, 0]
    assert (view["round"], view["phase"]) == (2, "command")
    assert view["time_control"] == {
        "phase_seconds": 300,
        "extended_seconds": 600,
        "extensions_per_player": 1,
    }
    assert json.loads(json.dumps(view)) == view


def test_pending_orders_only_in_their_own_seats_view() -> None:
    state = start(["place Gus Gun D2 bonus=0.26 atk=2"], ["place Sam Sword G2 bonus=0.25"])
    before = {seat: state.view(seat) for seat in (1, None)}
    state.submit(0, "Gus attack G2")
    assert state.view(0)["pending"] == "Gus attack G2"
    for seat in (1, None):
        after = state.view(seat)
        assert "pending" not in after
        assert {k: v for k, v in after.items() if k not in ("to_act", "submitted")} == {
            k: v for k, v in before[seat].items() if k not in ("to_act", "submitted")
        }
        assert "Gus attack" not in json.dumps(after)


def test_after_resolution_the_log_lists_every_action_in_order() -> None:
    state = start(["place Gus Gun D2 bonus=0.26 atk=2"], ["place Sam Sword G2 bonus=0.25"])
    command(state, "Gus attack G2", "Sam move up")
    log = state.view(None)["log"]
    assert [(e["unit"], e["order"], e["result"]) for e in log] == [
        ("Sam", "Sam move up", "moves to G1"),
        ("Gus", "Gus attack G2", "lost: G2 is empty"),
    ]
    assert state.view(0)["log"] == state.view(1)["log"] == log


def test_dead_units_stay_on_the_chart() -> None:
    state = start(["place Gus Gun D2 bonus=0.26 atk=5"], ["place Sam Sword G2 bonus=0.25"])
    command(state, "Gus attack G2")
    sam = next(u for u in state.view(0)["units"] if u["name"] == "Sam")
    assert (sam["alive"], sam["cell"], sam["last_cell"]) == (False, None, "G2")
    assert state.view(0)["kills"] == [3, 0]
    assert state.view(None)["order"] == [{"name": "Gus", "seat": 0, "speed": "2.26"}]


def test_render_shows_board_chart_and_order() -> None:
    state = start(["place Gus Gun D2 bonus=0.26 atk=2"], ["place Sam Sword G2 bonus=0.25"])
    put(state, "Sam", "F3")
    text = render_view(state.view(0))
    assert "g:Gus" in text and "b:Sam" in text
    rows = {line.split()[0]: line for line in text.splitlines()[2:5]}
    assert rows["2"].split()[4] == "g:Gus"  # fourth column, D
    assert rows["3"].split()[6] == "b:Sam"  # sixth column, F
    assert "order (fastest first): Sam 3.25, Gus 2.26" in text
    assert "your speed bonuses: 0.24" in text
    assert "Green Gus   Gun      D2      10/10   3   0   2.26     5" in text


def test_describe_event_lines() -> None:
    state = start(["place Gus Gun D2 bonus=0.26 atk=5"], ["place Sam Sword G2 bonus=0.25"])
    command(state, "Gus attack G2")
    lines = [describe_event(event) for event in state.events]
    # The notation's bonus field is said in words in the log (issue 32 point 8).
    assert "Green: place Gus Gun D2 (speed +0.26) atk=5 -> placed" in lines
    assert "Blue's Sam is removed (value 3)" in lines
    assert "Green: Gus attack G2 -> Sam takes 11 and is removed (value 3)" in lines


def test_registered_spec_and_rules_page() -> None:
    spec = duelhost.core.registry.spec("tactical_genius")
    assert spec.seat_names == ("Green", "Blue")
    assert spec.legal_enumerated is False
    assert spec.dynamics == ("simultaneous",)
    assert "Tactical Genius" in duelhost.core.registry.rules_text("tactical_genius")


def test_legal_lists_canonical_representatives() -> None:
    state = new()
    legal = state.legal(0)
    assert legal[0] == "pass"
    assert "place Gr1 Axe A1 bonus=0.26" in legal
    for text in legal:
        assert state.clone().submit(0, text) == text
    state = start(["place Gus Gun D2 bonus=0.26 atk=2"], ["place Sam Sword G2 bonus=0.25"])
    legal = state.legal(0)
    assert {"pass", "Gus move up", "Gus move down", "Gus move forward", "Gus attack G2"} <= set(
        legal
    )
    assert "Gus attack H2" not in legal  # Gun range: 1-3 columns ahead, same row


def test_events_list_a_kill_after_the_action_that_caused_it() -> None:
    # Issue 16: the "killed" event came before the "action" event of the attack that killed.
    # Sam (Sword 3.25) is faster than Gus (Gun 2.26): Sam's attack first (1 point: Gus is
    # hurt, not killed), then Gus's (5 + 1 = 6 vs defense 1: 5.5, effective x 2 = 11 >= 10:
    # Sam, worth 3 + 1 = 4, is removed).
    state = start(["place Gus Gun D2 bonus=0.26 atk=5"], ["place Sam Sword G2 bonus=0.25 atk=1"])
    put(state, "Sam", "E2")
    command(state, "Gus attack E2", "Sam attack D2")
    phase = [e for e in state.events if e["event"] in ("action", "killed")]
    assert [(e["event"], e.get("unit")) for e in phase] == [
        ("action", "Sam"),
        ("action", "Gus"),
        ("killed", "Sam"),
    ]
    # The same order as the view's log, which tells the kill in the killer's result.
    assert [entry["unit"] for entry in state.view(None)["log"]] == ["Sam", "Gus"]
    assert state.view(None)["log"][1]["result"] == "Sam takes 11 and is removed (value 4)"
