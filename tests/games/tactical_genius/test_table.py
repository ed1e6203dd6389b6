"""The house table (RULINGS G2, TG10): complete, validated on load, replaceable by table=PATH."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

import duelhost
from duelhost.games.tactical_genius.table import HOUSE_TABLE, TYPE_NAMES, load_table, parse_table
from tests.games.tactical_genius.helpers import new, start, unit


def house() -> dict[str, Any]:
    with HOUSE_TABLE.open("rb") as file:
        return tomllib.load(file)


def test_house_table_has_the_eight_types_of_the_text() -> None:
    table = load_table(None)
    assert [t.name for t in table.type_list] == list(TYPE_NAMES)
    assert TYPE_NAMES == ("Axe", "Sword", "Lance", "Beserker", "Arrow", "Gun", "Magic", "Cannon")
    for unit_type in table.type_list:
        assert unit_type.kind in ("melee", "ranged")
        assert unit_type.health == 10  # the text: "Every unit has 10 health by default"
        assert unit_type.reach.first >= 1
        assert table.skills[unit_type.unique].kind == "unique"


def test_tg10_axe_is_effective_against_lance_gun_magic_and_cannon() -> None:
    assert load_table(None).types["Axe"].effective == {"Lance", "Gun", "Magic", "Cannon"}


def test_tg10_skill_families_and_named_skills() -> None:
    table = load_table(None)
    melee = [s for s in table.skills.values() if s.kind == "melee"]
    ranged = [s for s in table.skills.values() if s.kind == "ranged"]
    assert len(melee) >= 6 and len(ranged) >= 6
    uniques = {t.unique for t in table.type_list}
    assert len(uniques) == 8  # each type its own unique skill
    cover = table.skills["covering-fire"]
    assert (cover.kind, cover.priority) == ("ranged", "high")  # rule change: high priority
    rush = table.skills["rush"]
    assert (rush.kind, rush.effect) == ("melee", "rush")
    effects = {s.effect for s in table.skills.values()}
    # The text's families: stat increases, movement changes, deflecting attacks.
    assert {"boost", "rush", "retreat", "shove", "deflect"} <= effects
    assert {s.priority for s in table.skills.values()} == {"high", "normal", "low"}


def test_melee_and_ranged_types_learn_different_skills() -> None:
    table = load_table(None)
    axe = set(table.learnable(table.types["Axe"]))
    gun = set(table.learnable(table.types["Gun"]))
    assert "rush" in axe and "rush" not in gun
    assert "covering-fire" in gun and "covering-fire" not in axe
    assert "whirlwind" in axe and "whirlwind" not in table.learnable(table.types["Sword"])
    assert "quickdraw" in gun and "quickdraw" not in table.learnable(table.types["Arrow"])


def write(tmp_path: Path, data: Any, suffix: str = ".json") -> str:
    path = tmp_path / f"table{suffix}"
    path.write_text(json.dumps(data) if suffix == ".json" else data, encoding="utf-8")
    return str(path)


def test_g2_option_table_replaces_the_house_table(tmp_path: Path) -> None:
    data = house()
    data["types"]["Axe"]["health"] = 20
    data["types"]["Axe"]["speed"] = 5
    data["meta"]["name"] = "original"
    path = write(tmp_path, data)
    state = start(["place Bob Axe D2 bonus=0.26"], [], table=path)
    # 20 base health + the Axe's free +1 health; speed 5 + 0.26.
    assert unit(state, "Bob")["max_health"] == 21
    assert unit(state, "Bob")["speed"] == "5.26"
    assert state.view(None)["table"] == "original"


def test_g2_a_toml_table_file_is_read_too(tmp_path: Path) -> None:
    text = HOUSE_TABLE.read_text(encoding="utf-8").replace(
        'name = "duelhost house table"', 'name = "copy"'
    )
    path = write(tmp_path, text, ".toml")
    assert new(table=path).view(None)["table"] == "copy"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["types"].pop("Gun"), "missing Gun"),
        (lambda d: d["types"].__setitem__("Pike", d["types"]["Axe"]), "unknown Pike"),
        (lambda d: d["types"]["Axe"].__setitem__("class", "flying"), "class must be melee"),
        (lambda d: d["types"]["Axe"].__setitem__("health", 0), "health must be"),
        (lambda d: d["types"]["Axe"].__setitem__("unique", "nope"), "unique skill 'nope'"),
        (lambda d: d["types"]["Axe"].__setitem__("effective", ["Dragon"]), "effective must"),
        (
            lambda d: d["types"]["Axe"].__setitem__("range", {"columns": [3, 1], "rows": 0}),
            "range columns",
        ),
        (
            lambda d: d["types"]["Axe"].__setitem__("bonus", {"stat": "luck", "amount": 1}),
            "bonus must be",
        ),
        (
            lambda d: d["skills"]["covering-fire"].__setitem__("priority", "low"),
            "'covering-fire' must exist, ranged, priority high",
        ),
        (lambda d: d["skills"].pop("rush"), "'rush' must exist"),
        (lambda d: d["skills"]["rain"].__setitem__("multiplier", 0.3), "multiple of 0.25"),
        (lambda d: d["skills"]["mend"].__setitem__("effect", "teleport"), "effect must be one"),
        (lambda d: d["skills"]["mend"].__setitem__("priority", "urgent"), "priority must be"),
        (lambda d: d["skills"]["mend"].__setitem__("target", "self"), "needs a target tile"),
        (lambda d: d["skills"]["war-cry"].__setitem__("stats", {"luck": 1}), "stats must map"),
        (lambda d: d["types"]["Sword"].__setitem__("unique", "whirlwind"), "share the unique"),
        (lambda d: d.pop("skills"), "[skills] must be a non-empty table"),
        # Review: these crashed (OverflowError, ValueError, TypeError) instead of ConfigError,
        # or loaded and then crashed the first placement (health too large for a float).
        (
            lambda d: d["skills"]["rain"].__setitem__("multiplier", float("inf")),
            "multiplier must be a number from 0 to 100, got inf",
        ),
        (
            lambda d: d["skills"]["rain"].__setitem__("splash", float("nan")),
            "splash must be a number from 0 to 100, got nan",
        ),
        (
            lambda d: d["skills"]["rain"].__setitem__("multiplier", 1e308),
            "multiplier must be a number from 0 to 100",
        ),
        (lambda d: d["types"]["Axe"].__setitem__("unique", ["rush"]), "unique skill ['rush']"),
        (
            lambda d: d["types"]["Axe"].__setitem__("health", 10**400),
            "health must be an integer 1-999",
        ),
        (
            lambda d: d["types"]["Axe"]["bonus"].__setitem__("amount", 1000),
            "amount must be an integer 0-999, got 1000",
        ),
        (
            lambda d: d["skills"]["war-cry"].__setitem__("stats", {"attack": 10**6}),
            "stats must map attack/defense/speed to integers from -99 to 99",
        ),
    ],
)
def test_g2_bad_tables_are_config_errors(tmp_path: Path, change: Any, message: str) -> None:
    data = house()
    change(data)
    path = write(tmp_path, data)
    with pytest.raises(duelhost.ConfigError, match=message.replace("[", r"\[").replace("]", r"\]")):
        duelhost.load("tactical_genius", table=path)


def test_g2_unreadable_and_malformed_table_files(tmp_path: Path) -> None:
    with pytest.raises(duelhost.ConfigError, match="cannot read it"):
        duelhost.load("tactical_genius", table=str(tmp_path / "missing.toml"))
    path = write(tmp_path, "[types\nnot toml", ".toml")
    with pytest.raises(duelhost.ConfigError, match="not valid TOML/JSON"):
        duelhost.load("tactical_genius", table=path)
    with pytest.raises(duelhost.ConfigError, match="must be a mapping"):
        parse_table([1, 2, 3])
    # Review: a NUL character in the path raised a bare ValueError.
    with pytest.raises(duelhost.ConfigError, match="cannot read it"):
        duelhost.load("tactical_genius", table="bad\x00name.toml")
    # Review: nesting beyond the recursion limit raised RecursionError.
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(duelhost.ConfigError, match="not valid TOML/JSON"):
        duelhost.load("tactical_genius", table=str(deep))


def test_house_effectiveness_is_a_circle_of_four() -> None:
    """The rules page's design claim: each type is effective against four types and weak to
    four; in the order below each beats the next four."""
    table = load_table(None)
    circle = ["Axe", "Lance", "Gun", "Magic", "Cannon", "Sword", "Beserker", "Arrow"]
    for index, name in enumerate(circle):
        expected = {circle[(index + step) % 8] for step in range(1, 5)}
        assert table.types[name].effective == expected
        weak_to = [t.name for t in table.type_list if name in t.effective]
        assert len(weak_to) == 4
