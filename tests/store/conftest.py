"""The toy games of ``tests.host.toy`` are registered for each test of this folder."""

from tests.host.toy import toy_games

__all__ = ["toy_games"]
