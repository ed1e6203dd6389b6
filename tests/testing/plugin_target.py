"""Targets for the entry-point tests: a spec, a function returning one, something else."""

from __future__ import annotations

from duelhost.core.registry import GameSpec
from tests.core.toygame import OPTIONS, SETUP, ToyState

SPEC = GameSpec("plugin_toy", "Plugin toy", "from an entry point", ToyState, ("simultaneous",),
                OPTIONS, SETUP)  # fmt: skip


def make_spec() -> GameSpec:
    return GameSpec("plugin_toy_made", "Made", "from a function", ToyState, ("simultaneous",),
                    OPTIONS, SETUP)  # fmt: skip


NOT_A_SPEC = 42
