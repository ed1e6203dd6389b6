"""The conformance kit: the properties every duelhost game must keep, for anyone's game.

``check_game(spec_or_name)`` plays random matches and checks determinism, replay, clone
independence, serialization, plain-data views, secrecy by non-interference (a view must not
change with another seat's pending submission, or with a secret the game's
``State._secret_variant`` varies), legal enumeration and canonical notation, timeouts, refusal of
bad input, the text render and the end of a match; it returns a ``Report`` with one result per
property. ``duelhost check-game NAME`` prints it as a table. The single checks are in
``duelhost.testing.checks`` for a game's own tests.

    from duelhost.testing import check_game
    check_game("my_game").assert_ok()
"""

from duelhost.testing.checks import PropertyFailure
from duelhost.testing.kit import PROPERTIES, PropertyResult, Report, check_game, play_and_check
from duelhost.testing.report import report_table

__all__ = [
    "PROPERTIES",
    "PropertyFailure",
    "PropertyResult",
    "Report",
    "check_game",
    "play_and_check",
    "report_table",
]
