"""Reference panels on the board page, from the game's own tables (served by
``/api/matches/{id}/reference``): the /TACTIC/ faction cards a seat chooses from (units, costs,
abilities in words) and the Tactical Genius units chart, skills and resolution order."""

from __future__ import annotations

import re
from typing import Any

import httpx

from duelhost.games.tactic.abilities import ABILITIES
from duelhost.games.tactic.factions import load_table as factions
from duelhost.games.tactical_genius.table import load_table as types_table
from tests.server.live import Server
from tests.web.conftest import create, ready, shoot


def test_tactic_faction_cards_come_from_the_table(server: Server, pages: Any) -> None:
    match = create(server, game="tactic", seed=2)
    assert httpx.get(f"{server.url}/api/matches/{match['id']}/reference", timeout=10).is_success
    south = ready(pages(match["seats"][0]["invite_url"]))
    watcher = ready(pages(match["spectate"]))
    table = factions(None)
    for faction in table.factions:
        card = south.locator(f"[data-faction-card='{faction.name}']")
        assert faction.theme in card.inner_text()
        for unit in (faction.king, *faction.units):
            row = card.locator(f"li[data-unit='{unit.name}']").inner_text()
            assert f"HP {unit.hp} · AT {unit.at}" in row, row
            assert unit.king or f"{unit.cost} BitCoin" in row, row
            for name, value in unit.abilities.items():
                words = re.sub(r"\bX\b", str(value), ABILITIES[name].card)
                assert words in row, (name, row)
        assert card.locator(f"button[data-faction='{faction.name}']").count() == 1
        # The spectator reads the same cards, without buttons.
        assert watcher.locator(f"[data-faction-card='{faction.name}'] button").count() == 0
    shoot(south, "tactic-factions-1280")
    south.click("[data-faction='Network']")
    north = ready(pages(match["seats"][1]["invite_url"]))
    north.click("[data-faction='Abyss']")
    south.wait_for_function("() => window.duelhost.frame.view.phase === 'king'")
    # After the choice, both chosen factions' cards stay one click away.
    south.click("#faction-ref summary")
    assert south.locator("#faction-ref [data-faction-card]").count() == 2
    assert "Sacrifice 3" in south.inner_text("#faction-ref")


def test_tactical_genius_chart_and_resolution_order(server: Server, pages: Any) -> None:
    match = create(server, game="tactical_genius", seed=3)
    south = ready(pages(match["seats"][0]["invite_url"]))
    table = types_table(None)
    south.click("#types-chart summary")
    for unit_type in table.type_list:
        row = south.locator(f"#types-chart tr[data-type='{unit_type.name}']").inner_text()
        assert unit_type.kind in row and unit_type.reach.describe() in row, row
        assert table.skills[unit_type.unique].name in row, row
    south.click("#skills-chart summary")
    for skill in table.skills.values():
        row = south.locator(f"#skills-chart tr[data-skill-row='{skill.id}']").inner_text()
        assert skill.priority in row and skill.text[:40] in row, row
    order = south.locator("#priorities li").all_inner_texts()
    assert [line.split(" ")[0] for line in order] == ["High", "Normal", "Low"], order
    assert "Covering Fire" in order[0] and "attacks, moves, idles" in order[1], order
    # The builder offers each type's learnable skills from the same table.
    south.click("[data-cell='B2']")
    south.select_option("#build-type", "Arrow")
    offered = south.eval_on_selector_all("[data-skill]", "els => els.map((e) => e.value)")
    assert offered == table.learnable(table.types["Arrow"])
    shoot(south, "tactical_genius-chart-1280")
