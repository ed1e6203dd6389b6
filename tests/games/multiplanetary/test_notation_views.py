"""Notation, order validation (MP3, G3), views (MP11), timeouts (MP12), legal() and sample()."""

from __future__ import annotations

import json
import random

import pytest

import duelhost
from duelhost.games.multiplanetary import render_view
from duelhost.games.multiplanetary.render import describe_event
from tests.games.multiplanetary.helpers import new_state, owner_ships, place, tick, wait


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("", "wait"),
        ("   ", "wait"),
        ("wait", "wait"),
        (" WAIT ", "wait"),
        ("A1>C1 3", "A1>C1 3"),
        ("a1>c1 3", "A1>C1 3"),
        ("A1 > C1   3", "A1>C1 3"),
        ("A1>>C1 3", "A1>>C1 3"),
        ("a1 >> j10 2", "A1>>J10 2"),
        ("A1>C1 3;A1>>C3 2", "A1>C1 3; A1>>C3 2"),
        ("A1>C1 3\nA1>>C3 2\n", "A1>C1 3; A1>>C3 2"),
        ("A1>C1 3;; ;A1>C1 1", "A1>C1 3; A1>C1 1"),
        ("A1>C1 03", "A1>C1 3"),
        # Review: more than 4300 digits made int() raise ValueError; leading zeros are fine.
        pytest.param("A1>C1 " + "0" * 5000 + "3", "A1>C1 3", id="5000-leading-zeros"),
    ],
)
def test_notation_parses_to_its_canonical_form(text: str, canonical: str) -> None:
    state = new_state()
    wait(state, 2)  # A1: 8 ships
    trial = state.clone()
    assert trial.submit(0, text) == canonical
    again = state.clone()
    assert again.submit(0, canonical) == canonical  # the canonical form is its own canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("A1>C1 9", "^A1>C1 9: A1 has 8 ships$"),
        ("A1>C1 5; A1>C3 4", "^A1>C3 4: A1 has 8 ships \\(5 already ordered out this tick\\)$"),
        ("A1>C1 5\nA1>>C1 3; A1>C3 1", "A1>C3 1: A1 has 8 ships \\(8 already ordered out"),
        ("C1>A1 1", "C1>A1 1: C1 is not your planet \\(it is neutral; MP3\\)"),
        ("J10>A1 1", "J10>A1 1: J10 is not your planet \\(it is Blue's; MP3\\)"),
        ("A1>A1 3", "A1>A1 3: an order must name two different planets"),
        ("A1>C1 0", "A1>C1 0: an order must send at least 1 ship"),
        ("A1>B2 1", "A1>B2 1: there is no planet on B2"),
        ("A1>K2 1", "A1>K2 1: 'K2' is off the board \\(columns A-J, rows 1-10\\)"),
        ("A1>C1", "'A1>C1' is not an order: write A1>C4 12"),
        ("A1-C1 3", "'A1-C1 3' is not an order"),
        ("A1>C1 -3", "is not an order"),
        ("A1>C1 three", "is not an order"),
        ("wait; A1>C1 1", "'wait' sends nothing and cannot be combined with orders"),
        ("A1>C1 " + "9" * 12, "more than any planet holds"),
        pytest.param("A1>C1 " + "0" * 5000, "send at least 1 ship", id="5000-zeros"),
        pytest.param("A1>C1 " + "9" * 5000, "more than any planet holds", id="5000-nines"),
    ],
)
def test_mp3_g3_bad_orders_are_rejected_with_a_reason_and_change_nothing(
    text: str, message: str
) -> None:
    state = new_state()
    wait(state, 2)  # A1: 8 ships
    before = state.to_json()
    with pytest.raises(duelhost.IllegalAction, match=message):
        state.submit(0, text)
    assert state.to_json() == before
    assert state.to_act == (0, 1)
    assert state.submit(0, "A1>C1 8") == "A1>C1 8"  # G3: the seat may submit again


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # Issue 16: "３" is a full-width 3; int() reads it as 3, the notation does not.
        ("A1>C1 \uff13", "^'A1>C1 \uff13' is not an order: write A1>C4 12"),
        ("A1>C1 \u0663", "^'A1>C1 \u0663' is not an order"),  # Arabic-Indic 3
        ("A1>C\uff11 3", "^'A1>C\uff11 3' is not an order"),  # full-width 1 in a cell
        ("\uff21\uff11>C1 3", "is not an order"),  # full-width A1
    ],
)
def test_only_ascii_digits_are_read_as_numbers(text: str, message: str) -> None:
    state = new_state()
    wait(state, 2)  # A1: 8 ships
    before = state.to_json()
    with pytest.raises(duelhost.IllegalAction, match=message):
        state.submit(0, text)
    assert state.to_json() == before


def test_errors_quote_at_most_sixty_characters_of_the_order() -> None:
    state = new_state()
    huge = "A1>C1 x" + "y" * 100_000
    with pytest.raises(duelhost.IllegalAction) as caught:
        state.submit(0, huge)
    message = str(caught.value)
    assert message.startswith("'A1>C1 x" + "y" * 52 + "\u2026' is not an order")
    assert len(message) < 200
    with pytest.raises(duelhost.IllegalAction) as caught:
        state.submit(0, "A1>C1 " + "9" * 100_000)
    assert str(caught.value) == (
        "'A1>C1 " + "9" * 53 + "\u2026': the ship count is more than any planet holds "
        "(999 at most, MP7)"
    )


def test_mp3_no_ships_at_the_start() -> None:
    state = new_state()
    with pytest.raises(duelhost.IllegalAction, match=r"^A1>C1 1: A1 has 0 ships$"):
        state.submit(0, "A1>C1 1")


def test_mp3_several_orders_from_one_planet_may_add_up_to_all_its_ships() -> None:
    state = new_state()
    wait(state, 2)
    tick(state, red="A1>C1 3; A1>>C3 3; A1>A3 2")  # 8 ships out, then 4 produced
    assert owner_ships(state, "A1") == (0, 4)
    assert len(state.view()["fleets"]) == 3


def test_mp11_views_hold_the_whole_public_board_and_are_the_same_for_everyone() -> None:
    state = new_state()
    wait(state, 2)
    tick(state, red="A1>C1 3; A1>>C3 3", blue="J10>H10 8")
    view = state.view(None)
    assert view["tick"] == 3
    assert view["planets"][0] == {
        "cell": "A1",
        "size": 5,
        "owner": 0,
        "ships": 6,  # 8 - 6 + 4
        "next_production": 1,
        "production": 4,
    }
    # Fleets by arrival tick, then departure tick, then order given (Red's before Blue's).
    assert view["fleets"] == [
        {
            "owner": 0,
            "ships": 3,
            "from": "A1",
            "to": "C1",
            "arrives": 5,  # 3 + ceil(2)
            "warp": "standard",
            "sent": 3,
            "departed": 3,
        },
        {
            "owner": 0,
            "ships": 1,  # quantum: floor(3 / 2)
            "from": "A1",
            "to": "C3",
            "arrives": 5,  # 3 + ceil(2.83 / 2)
            "warp": "quantum",
            "sent": 3,
            "departed": 3,
        },
        {
            "owner": 1,
            "ships": 8,
            "from": "J10",
            "to": "H10",
            "arrives": 5,
            "warp": "standard",
            "sent": 8,
            "departed": 3,
        },
    ]
    assert view["last_orders"] == [["A1>C1 3", "A1>>C3 3"], ["J10>H10 8"]]
    assert view["totals"] == {"ships": [6 + 1 + 3, 4 + 8], "planets": [1, 1]}
    for seat in (0, 1):
        own = state.view(seat)
        assert {k: v for k, v in own.items() if k != "seat"} == {
            k: v for k, v in view.items() if k != "seat"
        }
    assert json.loads(json.dumps(view)) == view


def test_mp11_queued_orders_are_in_their_own_seats_view_only() -> None:
    state = new_state()
    wait(state, 2)
    blue_before = state.view(1)
    spectator_before = state.view(None)
    state.submit(0, "a1>c1 5")
    assert state.view(0)["pending"] == "A1>C1 5"
    for seat in (1, None):
        view = state.view(seat)
        assert "pending" not in view
        assert "A1>C1" not in json.dumps(view)
        assert view["fleets"] == []
    assert state.view(1)["planets"] == blue_before["planets"]
    assert state.view(None)["planets"] == spectator_before["planets"]
    state.submit(1, "wait")
    assert state.view(1)["last_orders"] == [["A1>C1 5"], []]  # public once processed


def test_mp12_timeout_sends_no_orders() -> None:
    state = new_state()
    wait(state, 2)
    state.timeout(0)
    state.submit(1, "J10>H10 3")
    assert state.history[-2].kind == "timeout"
    assert owner_ships(state, "A1") == (0, 12)  # nothing left A1
    assert state.view()["last_orders"] == [[], ["J10>H10 3"]]


def test_legal_is_wait_plus_all_ship_orders_and_not_enumerated() -> None:
    state = new_state()
    assert state.game.spec.legal_enumerated is False
    assert state.legal(0) == ["wait"]  # A1 holds no ships at tick 0
    tick(state)
    legal = state.legal(0)
    assert legal[0] == "wait"
    assert len(legal) == 1 + 13 * 2  # A1 to each of the 13 other planets, by either warp
    assert "A1>J10 4" in legal and "A1>>J10 4" in legal
    for text in legal:
        assert state.clone().submit(0, text) == text
    orders = state.legal_orders(0)
    assert len(orders) == 13 and ("A1", "C1", 4) in orders
    assert all(source == "A1" and count == 4 for source, _, count in orders)


def test_legal_orders_lists_every_planet_with_ships() -> None:
    state = new_state()
    place(state, "C3", 0, 5)  # crafted: a second planet of Red
    place(state, "E5", 0, 0)  # and a third without ships
    tick(state)
    sources = {source: count for source, _, count in state.legal_orders(0)}
    assert sources == {"A1": 4, "C3": 6, "E5": 2}  # after tick 1's production
    assert state.legal_orders(1) == [
        ("J10", cell, 4) for cell in [p["cell"] for p in state.view()["planets"]] if cell != "J10"
    ]


def test_sample_draws_varied_valid_orders() -> None:
    state = new_state()
    place(state, "C3", 0, 40)
    place(state, "E5", 0, 40)
    wait(state, 3)
    rng = random.Random(7)
    texts = [state.sample(0, rng) for _ in range(300)]
    for text in texts:
        assert state.clone().submit(0, text) == text  # always valid and canonical
    assert "wait" in texts
    assert any(">>" in t for t in texts) and any(">" in t.replace(">>", "") for t in texts)
    assert any(";" in t for t in texts)
    counts = {int(order.split()[-1]) for t in texts if t != "wait" for order in t.split("; ")}
    assert len(counts) > 20  # random ship counts


def test_bot_helpers_through_a_seat_handle() -> None:
    from duelhost.bots import SeatHandle

    state = new_state()
    tick(state)
    handle = SeatHandle(state, 0)
    assert handle.helper("travel_ticks", "A1", "J10", False) == 13
    assert handle.helper("travel_ticks", "A1", "J10", True) == 7
    assert handle.helper("legal_orders")[0] == ("A1", "A3", 4)
    with pytest.raises(duelhost.ConfigError, match="there is no planet on B2"):
        handle.helper("travel_ticks", "A1", "B2")


def test_render_and_describe_events() -> None:
    state = new_state()
    wait(state, 4)
    tick(state, red="A1>C1 6")  # tick 5, lands at 7
    state.submit(0, "A1>>J10 3")
    text = render_view(state.view(0))
    lines = text.splitlines()
    assert lines[0].startswith("Tick 5 of 360 · Red 20 ships, 1 planets")
    assert lines[11].startswith("  1 R5: 14 ")  # row 1: A1 Red size 5 with 14 ships
    assert "n1:  5" in lines[11]  # C1 neutral size 1 with 5
    assert lines[2].startswith(" 10 ") and "B5: 20" in lines[2]
    assert "Red    6 ships A1>C1 (standard), arrives at tick 7" in text
    assert "Orders at tick 5: Red: A1>C1 6 · Blue: wait" in text
    assert "Your orders for tick 6: A1>>J10 3" in text
    assert "A1>>J10" not in render_view(state.view(1))
    state.submit(1, "wait")
    tick(state)  # tick 7: capture
    lines = [describe_event(event) for event in state.events]
    assert "tick 5: Red: A1>C1 6 · Blue: wait" in lines
    assert "tick 7: Red captures C1 from neutral with 1 ship" in lines
    clash = {"event": "clash", "tick": 9, "cell": "C3", "ships": [4, 4], "decision": 8}
    assert describe_event(clash) == "tick 9: Red's 4 and Blue's 4 ships fight over neutral C3"
    end = {"event": "end", "winner": None, "reason": "x", "decision": 1}
    assert describe_event(end) == "match over: a draw (x)"
