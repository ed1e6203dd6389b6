"""Events: Swiss, knockout, round robin and arena tournaments, as pure functions on a record.

No I/O, no clock, no store: the server keeps an ``EventRecord`` and the secret seed, and moves
the record on with the functions of ``director`` (and ``arena_wave`` for arenas); the verifier
replays a record (docs/events.md).
"""

from duelhost.events.arena import arena_standings, arena_wave, streak_points
from duelhost.events.director import (
    ScheduledGame,
    add_entrant,
    adjudicate,
    close_event,
    disqualify,
    forbid_pairing,
    forfeit,
    open_event,
    pair_next_round,
    pending_games,
    planned_rounds,
    rated_games,
    report_result,
    standings,
    start_game,
    substitute,
    withdraw,
)
from duelhost.events.model import (
    Entrant,
    EntrantKind,
    Game,
    Outcome,
    Pairing,
    Round,
    lot,
    parse_outcome,
    seed_commitment,
)
from duelhost.events.record import (
    ActionKind,
    EventConfig,
    EventRecord,
    Format,
    HostAction,
    parse_format,
)
from duelhost.events.standings import Standing, standings_csv, standings_json
from duelhost.events.trf import to_trf
from duelhost.events.verify import MatchCheck, VerifyReport, verify_event

__all__ = [
    "ActionKind",
    "Entrant",
    "EntrantKind",
    "EventConfig",
    "EventRecord",
    "Format",
    "Game",
    "HostAction",
    "MatchCheck",
    "Outcome",
    "Pairing",
    "Round",
    "ScheduledGame",
    "Standing",
    "VerifyReport",
    "add_entrant",
    "adjudicate",
    "arena_standings",
    "arena_wave",
    "close_event",
    "disqualify",
    "forbid_pairing",
    "forfeit",
    "lot",
    "open_event",
    "pair_next_round",
    "parse_format",
    "parse_outcome",
    "pending_games",
    "planned_rounds",
    "rated_games",
    "report_result",
    "seed_commitment",
    "standings",
    "standings_csv",
    "standings_json",
    "start_game",
    "streak_points",
    "substitute",
    "to_trf",
    "verify_event",
    "withdraw",
]
