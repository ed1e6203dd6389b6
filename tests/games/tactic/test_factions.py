"""The house factions (G2, TA5) and the validation of faction tables (option factions=PATH)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import duelhost
from duelhost.games.tactic.abilities import ABILITIES
from duelhost.games.tactic.factions import HOUSE_PATH, load_table, parse_table

HOUSE = load_table()


def test_four_house_factions_with_a_king_and_six_units() -> None:
    """TA5: four factions, each a King and at least six other units."""
    assert HOUSE.names == ["Menagerie", "Order", "Abyss", "Network"]
    for faction in HOUSE.factions:
        assert faction.king.king and faction.king.cost == 0
        assert len(faction.units) >= 6
        assert all(unit.cost >= 1 and unit.hp >= 1 for unit in faction.units)


def test_house_factions_use_every_ability() -> None:
    """TA5: together they use every one of the text's 29 abilities."""
    used = {a for f in HOUSE.factions for u in (f.king, *f.units) for a in u.abilities}
    assert len(ABILITIES) == 29
    assert used == set(ABILITIES)


def test_units_named_in_the_text_keep_their_traits() -> None:
    """TA5: Eagle Range 1, Knight Taunt, Striker Armor 1, Chain Reverberate; Bear, Hydra."""
    units = {u.name: u for f in HOUSE.factions for u in f.units}
    assert units["Eagle"].abilities.get("Range") == 1
    assert "Taunt" in units["Knight"].abilities
    assert units["Striker"].abilities.get("Armor") == 1
    assert "Reverberate" in units["Chain"].abilities
    assert "Bear" in units and "Hydra" in units
    # The Reverberate picture has two Hydras and a Striker on the same side.
    faction = {u.name: f.name for f in HOUSE.factions for u in f.units}
    assert faction["Hydra"] == faction["Striker"]


def table_with(change: Any) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(HOUSE_PATH.read_text(encoding="utf-8"))
    change(loaded)
    return loaded


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["factions"][0]["units"].pop(0),
            "faction Menagerie: needs exactly one King, has 0",
        ),
        (
            lambda d: d["factions"][0]["units"].pop(),
            "needs at least 6 units besides the King, has 5",
        ),
        (
            lambda d: d["factions"][0]["units"][1].update(abilities=["Range"]),
            "ability Range needs its number X",
        ),
        (
            lambda d: d["factions"][0]["units"][1].update(abilities=["Laser 2"]),
            "unknown ability 'Laser 2'",
        ),
        (
            lambda d: d["factions"][0]["units"][1].update(hp=0),
            r"\(Eagle\): hp must be from 1 to 99, got 0",
        ),
        (lambda d: d["factions"][0]["units"][1].update(cost=0), "cost must be from 1 to 99, got 0"),
        (lambda d: d["factions"][0]["units"][1].update(at="x"), "at must be an integer, got 'x'"),
        (lambda d: d["factions"][0]["units"][2].update(name="Eagle"), "two units are named Eagle"),
        (lambda d: d["factions"][1].update(name="Menagerie"), "two factions are named menagerie"),
        (lambda d: d["factions"][0]["units"][1].update(speed=3), "unknown field 'speed'"),
        (lambda d: d.update(factions=d["factions"][:1]), "needs at least 2 factions, has 1"),
        (
            lambda d: d["factions"][0]["units"][0].update(abilities=["Sacrifice 2"]),
            "a King cannot have Sacrifice",
        ),
        (
            lambda d: d["factions"][0]["units"][1].update(abilities=["Command", "Double Strike"]),
            "Command together with Double Strike is not supported",
        ),
        (
            lambda d: d["factions"][0]["units"][1].update(abilities=["Taunt", "Taunt"]),
            "listed twice",
        ),
        (
            lambda d: d["factions"][0]["units"][1].update(abilities=["Dash 9"]),
            "X must be from 1 to 6",
        ),
        (lambda d: d["factions"][0]["units"][0].update(cost=1), "a King costs 0"),
    ],
)
def test_bad_tables_are_config_errors(change: Any, message: str) -> None:
    with pytest.raises(duelhost.ConfigError, match=message):
        parse_table(table_with(change), "test")


def test_option_factions_path_replaces_the_house_table(tmp_path: Path) -> None:
    data = table_with(lambda d: d.update(factions=d["factions"][:2]))
    data["factions"][0]["name"] = "Zoo"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    game = duelhost.load("tactic", factions=str(path))
    state = game.new(seed=1)
    assert state.legal(0) == ["faction Zoo", "faction Order"]


def test_option_factions_errors_at_load(tmp_path: Path) -> None:
    with pytest.raises(duelhost.ConfigError, match="cannot read it"):
        duelhost.load("tactic", factions=str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(duelhost.ConfigError, match="not JSON"):
        duelhost.load("tactic", factions=str(bad))
    empty = tmp_path / "empty.json"
    empty.write_text("[]", encoding="utf-8")
    with pytest.raises(duelhost.ConfigError, match='a list "factions"'):
        duelhost.load("tactic", factions=str(empty))


def test_other_options_are_validated() -> None:
    with pytest.raises(duelhost.ConfigError, match="quiet_turns"):
        duelhost.load("tactic", quiet_turns=-1)
    with pytest.raises(duelhost.ConfigError, match="turn_seconds"):
        duelhost.load("tactic", turn_seconds=0)
    assert duelhost.load("tactic", turn_seconds=60).options["turn_seconds"] == 60


def test_every_ability_has_a_table_entry_and_a_rule_hook() -> None:
    from duelhost.games.tactic import effects
    from duelhost.games.tactic.abilities import KEYWORDS

    hooks = (
        "at_step",
        "hp_bonus",
        "start_of_turn",
        "after_attack",
        "on_death",
        "options",
        "use",
    )
    for name, row in ABILITIES.items():
        used = [getattr(row, hook) for hook in hooks if getattr(row, hook) is not None]
        assert row.traits or used, name
        for hook in used:
            assert hook.__module__ == effects.__name__, (name, hook)
    assert KEYWORDS == {
        "fireball": "Fireball",
        "push": "Push",
        "swap": "Swap",
        "sacrifice": "Sacrifice",
        "drain": "Drain",
        "dust": "Sprinkle Dust",
    }


def test_the_engine_names_no_ability_outside_the_table() -> None:
    """Abilities are told apart only through the table (issue 17): no engine module compares
    or looks up an ability by its name; messages and log labels may still say it. The bots
    (``bots.py`` and their evaluation, ``evaluation.py``, which read public views, where
    abilities are text) and the benchmark are not the engine."""
    import re
    from pathlib import Path

    import duelhost.games.tactic as package

    names = "|".join(re.escape(name) for name in ABILITIES)
    comparison = re.compile(
        rf'"({names})"\s*(in\b|not in\b|==|!=)|(==|!=|in)\s*\(?"({names})"'
        r'|\.abilities\.get\("|\.abilities\["|ONCE_FLAGS'
    )
    found = []
    for path in sorted(Path(package.__file__).parent.glob("*.py")):
        if path.name in ("abilities.py", "bots.py", "evaluation.py", "bench.py"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if comparison.search(line):
                found.append(f"{path.name}:{number}: {line.strip()}")
    assert found == []
