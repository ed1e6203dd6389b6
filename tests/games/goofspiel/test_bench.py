"""The Goofspiel bench extra (``duelhost bench goofspiel``) reports its rows, with or without
OpenSpiel; the figures themselves are benchmarks, not tested."""

from __future__ import annotations

import sys

import pytest

from duelhost.games.goofspiel.bench import _cards, extra


def test_the_equivalent_classic_configuration() -> None:
    assert _cards({}) == 13  # seven galaxies have no OpenSpiel twin: compare classic 13-card
    assert _cards({"galaxies": "1", "planets": "5"}) == 5


def test_extra_compares_with_openspiel() -> None:
    pytest.importorskip("pyspiel", reason="open_spiel is not installed: nothing to compare")
    rows = dict(extra(2, {"galaxies": "1", "planets": "4"}, lambda text: None))
    assert float(rows["OpenSpiel goofspiel num_cards=4: ms per match"]) > 0
    assert float(rows["duelhost classic 4-card, random bot: ms per match"]) > 0
    assert float(rows["ratio duelhost bare loop / OpenSpiel"]) > 0


def test_extra_says_clearly_when_openspiel_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # makes ``import pyspiel`` fail
    said: list[str] = []
    rows = dict(extra(1, {"galaxies": "1", "planets": "3"}, said.append))
    assert rows["OpenSpiel goofspiel"] == "not installed: comparison skipped"
    assert any("OpenSpiel is not installed" in line for line in said)
    assert float(rows["duelhost classic 3-card, bare loop: ms per match"]) > 0
