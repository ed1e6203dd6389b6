"""What each game declares for the host in its ``GameSpec``: draw offers, public submissions,
tick order joining and option budgets (the clocks are in tests/host/test_clocks.py)."""

from __future__ import annotations

import pytest

import duelhost
from duelhost.core.budget import OptionBudget
from duelhost.core.errors import ConfigError
from duelhost.core.registry import spec
from duelhost.host import Match, SeatSpec

HUMANS = (SeatSpec("human"), SeatSpec("human"))


def test_only_generalissimo_has_a_draw_by_agreement_ge8() -> None:
    texts = {name: spec(name).draw_text for name in duelhost.list_games()}
    assert {name: text for name, text in texts.items() if text is not None} == {
        "generalissimo": "draw"
    }


def test_the_host_offers_the_declared_draw_text() -> None:
    match = Match("m", duelhost.load("generalissimo"), 1, {}, HUMANS, None, b"k", 0.0)
    assert match.draw_text() == "draw"
    other = Match("m", duelhost.load("goofspiel"), 1, {}, HUMANS, None, b"k", 0.0)
    assert other.draw_text() is None


def test_public_submissions_where_no_secret_outlives_a_decision_wd11() -> None:
    public = {name for name in duelhost.list_games() if spec(name).public_submissions}
    # A Warrior's Death submission carries a Blue Mage's disguise (WD11), Tactical Genius and
    # /TACTIC/ ones secret placements and factions: their nonces wait for the match's end.
    assert public == {"goofspiel", "generalissimo", "multiplanetary"}
    for name in duelhost.list_games():
        match = Match("m", duelhost.load(name), 1, {}, HUMANS, None, b"k", 0.0)
        assert match.public_submissions is (name in public)


def test_multiplanetary_joins_tick_orders_with_its_own_notation() -> None:
    declared = spec("multiplanetary")
    assert (declared.order_separator, declared.no_orders) == ("; ", "wait")
    state = duelhost.load("multiplanetary").new(seed=3)
    assert state.submit(0, declared.no_orders) == "wait"


def test_every_game_names_its_board_module() -> None:
    for name in duelhost.list_games():
        assert spec(name).board == name


BUDGET = OptionBudget(bounds={"size": (1, 10), "limit": (1, 50)}, fixed=("path",))


def test_a_budget_accepts_options_within_it() -> None:
    BUDGET.check("g", {"size": 10, "limit": 1, "path": None}, {"path": None})


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"size": 11}, "option 'size' must be from 1 to 10 on this server, got 11"),
        ({"limit": None}, "option 'limit' must be from 1 to 50 on this server, got None"),
        ({"size": True}, "option 'size' must be from 1 to 10"),
        ({"path": "/etc/passwd"}, "option 'path' cannot be changed on this server"),
    ],
)
def test_a_budget_refuses_what_is_outside_it(options: dict[str, object], words: str) -> None:
    with pytest.raises(ConfigError, match=words.replace("(", r"\(")):
        BUDGET.check("g", options, {"path": None})


@pytest.mark.parametrize("name", sorted(duelhost.list_games()))
def test_every_games_defaults_are_within_its_budget(name: str) -> None:
    game = duelhost.load(name)
    game.spec.check_budget(game.options)


def test_budgets_refuse_the_costly_options_named_in_issue_16() -> None:
    with pytest.raises(ConfigError, match="max_ticks"):
        spec("multiplanetary").check_budget(duelhost.load("multiplanetary", max_ticks=None).options)
    with pytest.raises(ConfigError, match="galaxies"):
        spec("goofspiel").check_budget(duelhost.load("goofspiel", galaxies=26).options)
    with pytest.raises(ConfigError, match="table"):
        spec("tactical_genius").check_budget({"table": "/tmp/table.toml"})
    with pytest.raises(ConfigError, match="factions"):
        spec("tactic").check_budget({"factions": "/tmp/factions.json"})
