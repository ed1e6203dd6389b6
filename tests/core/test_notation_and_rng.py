"""Shared notation helpers and seeded randomness."""

from __future__ import annotations

import hashlib

import pytest

from duelhost import IllegalAction
from duelhost.core.notation import format_cell, match_name, parse_cell, split_orders
from duelhost.core.rng import derive, derive_seed

UNITS = ["Chocobo", "Astrologian", "Blue Mage", "Bard", "Black Mage"]


def test_cells_round_trip_and_bounds() -> None:
    assert parse_cell("c4", 10, 10) == (2, 3)
    assert format_cell(2, 3) == "C4"
    assert parse_cell("J10", 10, 10) == (9, 9)
    with pytest.raises(IllegalAction, match="off the board \\(columns A-I, rows 1-12\\)"):
        parse_cell("J1", 9, 12)
    with pytest.raises(IllegalAction, match="is not a cell"):
        parse_cell("44", 9, 12)


def test_split_orders_on_semicolons_and_newlines() -> None:
    assert split_orders("A1>C4 12; A1>>B2 3\n\n J10>A1 1 ;") == ["A1>C4 12", "A1>>B2 3", "J10>A1 1"]


def test_match_name_by_prefix_and_spaces() -> None:
    assert match_name("blackm", UNITS) == "Black Mage"
    assert match_name("BLUE MAGE", UNITS) == "Blue Mage"
    assert match_name("bard", UNITS) == "Bard"  # exact match wins over a longer name
    with pytest.raises(
        IllegalAction, match="'b' is ambiguous: it could be Blue Mage, Bard, Black Mage"
    ):
        match_name("b", UNITS)
    with pytest.raises(IllegalAction, match="'zed' is not a unit; choose from Chocobo"):
        match_name("zed", UNITS, what="unit")


def test_derived_generators_are_stable_and_independent() -> None:
    assert derive(7, "deal", 1).random() == derive(7, "deal", 1).random()
    assert derive(7, "deal", 1).random() != derive(7, "deal", 2).random()
    assert derive(7, "deal").random() != derive(8, "deal").random()


def test_derivation_is_pinned() -> None:
    """Records replay only while the derivation stays the same: SHA-256 of the repr of
    (seed, *labels as text), first 8 bytes big-endian."""
    digest = hashlib.sha256(b"(0, 'x')").digest()
    assert derive_seed(0, "x") == int.from_bytes(digest[:8], "big") == 4069471702154112715


def test_common_event_lines() -> None:
    from duelhost.core.events import describe_common

    end = {"event": "end", "decision": 9, "winner": 1, "reason": "resignation"}
    assert describe_common(end) == "match over: seat 1 wins (resignation)"
    # one naming everywhere (issue 17): the game's name and the seat number
    assert describe_common(end, ("Red", "Blue")) == "match over: Blue (seat 1) wins (resignation)"
    draw = {"event": "end", "decision": 9, "winner": None, "reason": "rounds played"}
    assert describe_common(draw) == "match over: a draw (rounds played)"
    other = {"event": "bids", "decision": 0, "bids": [2, 1]}
    assert describe_common(other) == "bids: bids=[2, 1]"


def test_seat_labels_name_the_seat_once() -> None:
    from duelhost.core.events import seat_label

    assert seat_label(("Red", "Blue"), 1) == "Blue (seat 1)"
    assert seat_label(("seat 0", "seat 1"), 1) == "seat 1"
    assert seat_label(("seat 1", "seat 0"), 0) == "seat 1 (seat 0)"  # a name, not the number


@pytest.mark.parametrize("text", ["C\uff14", "\uff23\uff14", "C\u0664", "C\u00b2"])
def test_cells_take_only_ascii_digits(text: str) -> None:
    # Issue 16: "\d" took a full-width or Arabic-Indic 4 as 4 ("C４" was C4).
    with pytest.raises(IllegalAction, match="is not a cell"):
        parse_cell(text, 10, 10)


def test_cell_and_name_errors_quote_at_most_sixty_characters() -> None:
    with pytest.raises(IllegalAction) as caught:
        parse_cell("A" * 100_000, 10, 10)
    assert (
        str(caught.value)
        == "'" + "A" * 59 + "…' is not a cell (a column letter and a row number, like A1)"
    )
    with pytest.raises(IllegalAction) as caught:
        match_name("z" * 100_000, UNITS, what="unit")
    assert str(caught.value).startswith("'" + "z" * 59 + "…' is not a unit; choose from")
