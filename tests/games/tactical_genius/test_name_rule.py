"""One source of truth for unit names (issue 32 point 1): the reference data the browser's
builder reads (``names``: the pattern, the cell-like pattern, the reserved words) accepts
exactly the names the engine accepts at placement."""

from __future__ import annotations

import re

import pytest

import duelhost
from duelhost.games.tactical_genius.reference import reference
from tests.games.tactical_genius.helpers import new

NAMES = [
    "Bob",
    "A1",
    "U0",
    "b12",
    "G1",
    "Axe",
    "axe",
    "PASS",
    "place",
    "Robert",
    "Bo-b",
    "A1b",
    "1A",
    "Q",
    "Z9",
    "Al3x",
    "Lance",
    "x",
    "12345",
    "Ab12",
]


def by_reference(name: str) -> bool:
    """The builder's rule (shell: tactical_genius/board.js ``nameProblem``), from the data."""
    rule = reference({})["names"]
    return (
        re.fullmatch(rule["pattern"].strip("^$"), name) is not None
        and name.lower() not in rule["reserved"]
        and re.fullmatch(rule["cell_like"].strip("^$"), name) is None
    )


@pytest.mark.parametrize("name", NAMES)
def test_the_reference_names_rule_is_the_engines(name: str) -> None:
    state = new()
    try:
        state.submit(0, f"place {name} Axe D2 bonus=0.26")
        engine = True
    except duelhost.IllegalAction as error:
        engine = False
        assert "name" in str(error) or "confuse" in str(error), error
    assert by_reference(name) is engine
    # A1 and U0 read as cells (the case); Bob does not.
    if name in ("A1", "U0"):
        assert not engine
