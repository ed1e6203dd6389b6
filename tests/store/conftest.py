"""Registers the toy games of ``tests.host.toy`` for each test, and removes them after it (so
tests elsewhere that list the registered games never see them)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.host.toy import register_toys, unregister_toys


@pytest.fixture(autouse=True)
def toy_games() -> Iterator[None]:
    added = register_toys()
    yield
    unregister_toys(added)
