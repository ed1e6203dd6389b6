"""WD1: the submission notation, legal lists, refused plays (G3) and the timeout rule."""

from __future__ import annotations

import pytest

import duelhost
from duelhost.games.warriors_death.units import PLAYS, Play, parse_play
from tests.games.warriors_death.helpers import new, play, truth


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("9", 9),
        ("black mage", 9),
        ("Black", 9),
        ("blackm", 9),
        ("BLACK MAGE", 9),
        ("  Black   Mage ", 9),
        ("blackmage", 9),
        ("0", 0),
        ("choc", 0),
        ("Chocobo", 0),
        ("bar", 3),
        ("sag", 4),
        ("sam", 5),
        ("r", 6),
        ("da", 7),
        ("dark knight", 7),
        ("dr", 8),
        ("8", 8),
    ],
)
def test_wd1_a_unit_by_strength_name_or_prefix_in_any_case(text: str, unit: int) -> None:
    assert parse_play(text) == Play(unit)


@pytest.mark.parametrize(
    ("text", "play"),
    [
        ("1 5", Play(1, 5)),
        ("astrologian samurai", Play(1, 5)),
        ("Astrologian predicting Samurai", Play(1, 5)),
        ("astro predicting sam", Play(1, 5)),
        ("a 0", Play(1, 0)),
        ("1 blue mage", Play(1, 2)),
        ("astrologian astrologian", Play(1, 1)),
        ("blue mage as reaper", Play(2, 6)),
        ("Blue Mage as Reaper", Play(2, 6)),
        ("2 6", Play(2, 6)),
        ("blue reaper", Play(2, 6)),
        ("bluemage as black mage", Play(2, 9)),
        ("blue mage as chocobo", Play(2, 0)),
        ("2, 7", Play(2, 7)),
    ],
)
def test_wd1_astrologian_and_blue_mage_name_a_second_unit(text: str, play: Play) -> None:
    assert parse_play(text) == play


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("b", "'b' is ambiguous: it could be Blue Mage, Bard, Black Mage"),
        ("d", "ambiguous: it could be Dark Knight, Dragoon"),
        ("s", "ambiguous: it could be Sage, Samurai"),
        ("astrologian s", "'s' is ambiguous: it could be Sage, Samurai"),
        ("astrologian", "an Astrologian must predict the opponent's unit"),
        ("1", "an Astrologian must predict"),
        ("blue mage", "a Blue Mage must name its disguise"),
        ("blue mage as", "a Blue Mage must name its disguise"),
        ("astrologian predicting", "an Astrologian must predict"),
        ("samurai as", "only the Astrologian and the Blue Mage name a second unit"),
        ("blue mage as blue mage", "disguised as another unit, not itself"),
        ("2 2", "disguised as another unit, not itself"),
        ("samurai reaper", "only the Astrologian and the Blue Mage name a second unit"),
        ("10", "names no unit; the units are 0 Chocobo, 1 Astrologian"),
        ("knight", "names no unit"),
        ("", "empty submission"),
        ("   ", "empty submission"),
    ],
)
def test_wd1_bad_notation_says_what_is_wrong(text: str, message: str) -> None:
    state = new()
    before = state.to_json()
    with pytest.raises(duelhost.IllegalAction, match=message):
        state.submit(0, text)
    assert state.to_json() == before  # G3: nothing changed
    assert state.to_act == (0, 1)


def test_wd1_every_canonical_form_parses_back_to_itself() -> None:
    assert len(PLAYS) == 1 + 10 + 9 + 7  # Chocobo, 10 predictions, 9 disguises, 7 others
    for each in PLAYS:
        assert parse_play(each.text) == each
        assert parse_play(each.text.upper()) == each


def test_legal_lists_every_submission_at_the_start_of_a_bout() -> None:
    legal = new().legal(0)
    assert len(legal) == 27
    assert legal[:2] == ["Chocobo", "Astrologian predicting Chocobo"]
    assert "Blue Mage as Blue Mage" not in legal
    assert "Blue Mage as Black Mage" in legal
    assert legal[-7:] == [
        "Bard",
        "Sage",
        "Samurai",
        "Reaper",
        "Dark Knight",
        "Dragoon",
        "Black Mage",
    ]


def test_g3_a_dead_unit_is_refused_and_nothing_changes() -> None:
    state = play(new(), ("samurai", "reaper"))  # the Samurai loses and dies
    before = state.to_json()
    with pytest.raises(duelhost.IllegalAction, match="your Samurai is in the underworld"):
        state.submit(0, "5")
    assert state.to_json() == before
    assert "Samurai" not in state.legal(0)
    state.submit(0, "reaper")  # the seat may submit again (G3)
    assert state.submitted == (0,)


def test_g3_a_dead_blue_mage_and_astrologian_are_refused() -> None:
    state = play(new(), ("blue mage as bard", "1 0"))
    with pytest.raises(duelhost.IllegalAction, match="your Blue Mage is in the underworld"):
        state.submit(0, "blue mage as reaper")
    with pytest.raises(duelhost.IllegalAction, match="your Astrologian is in the underworld"):
        state.submit(1, "astrologian samurai")
    assert not [t for t in state.legal(0) if t.startswith("Blue Mage")]
    assert not [t for t in state.legal(1) if t.startswith("Astrologian")]


def test_wd1_timeout_sends_out_a_chocobo() -> None:
    state = new()
    state.timeout(0)
    state.submit(1, "chocobo")
    assert truth(state)["rounds"][-1]["units"] == [0, 0]
    assert state.history[0].kind == "timeout"
    # Timeouts cost no unit: the whole hand is still playable.
    assert state.view(0)["playable"] == [
        "Chocobo",
        "Astrologian",
        "Blue Mage",
        "Bard",
        "Sage",
        "Samurai",
        "Reaper",
        "Dark Knight",
        "Dragoon",
        "Black Mage",
    ]


def test_canonical_text_is_recorded_in_the_history() -> None:
    state = new()
    assert state.submit(0, "2 6") == "Blue Mage as Reaper"
    assert state.submit(1, "astro sam") == "Astrologian predicting Samurai"
    assert [entry.text for entry in state.history] == [
        "Blue Mage as Reaper",
        "Astrologian predicting Samurai",
    ]
