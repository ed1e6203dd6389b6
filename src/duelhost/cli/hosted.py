"""``duelhost play --receipts FILE``: a terminal match hosted by the sans-I/O match host
(``duelhost.host.Match``), as the server hosts one, so that every submission is answered with
its receipt. The human seats' receipts are written in the format ``duelhost verify RECORD
--receipts FILE`` reads (``duelhost-receipts/1``, docs/fairness.md), and the record is the
host's (match id, receipts, nonces, seed commitment), which that command checks them against.
"""

from __future__ import annotations

import json
import secrets
import time
from pathlib import Path
from typing import Any

from duelhost.core.registry import Game
from duelhost.host import HostLimits, Match, SeatSpec

RECEIPTS_FORMAT = "duelhost-receipts/1"
PATIENT = HostLimits(idle_seconds=10.0**9)
"""A terminal match waits for its players as long as they like (no abandonment)."""


class HostedPlay:
    """A hosted terminal match: ``submit`` is where every seat's submission goes (the terminal
    drives its bots itself, so the host sees two seats that submit), and the receipts of the
    ``humans`` seats are kept as they were answered."""

    def __init__(
        self, game: Game, seed: int, setup: dict[str, Any], humans: tuple[int, ...]
    ) -> None:
        seats = (SeatSpec("human"), SeatSpec("human"))
        self.match = Match(
            secrets.token_hex(8),
            game,
            seed,
            setup,
            seats,
            None,
            secrets.token_bytes(32),
            time.time(),
            PATIENT,
        )
        self.match.watchers = set()  # nobody listens to frames here: build none
        self.humans = humans
        self.kept: list[dict[str, Any]] = []

    def submit(self, seat: int, text: str) -> None:
        """Submit through the host (IllegalAction, nothing changed, when it is refused)."""
        answer = self.match.submit(seat, text, time.time()).answer
        receipt = None if answer is None else answer.get("receipt")
        if seat in self.humans and receipt is not None and answer is not None:
            self.kept.append({"seat": seat, "decision": answer["decision"], "receipt": receipt})

    def receipts(self) -> dict[str, Any]:
        """The human seats' receipts as ``duelhost verify --receipts`` reads them."""
        return {
            "format": RECEIPTS_FORMAT,
            "match": self.match.id,
            "seat": self.humans[0] if len(self.humans) == 1 else None,
            "seed_commitment": self.match.seed_commitment,
            "receipts": self.kept,
        }

    def write(self, record: Path, receipts: Path) -> None:
        """Write the host's record and the kept receipts."""
        record.write_text(json.dumps(self.match.record()) + "\n", encoding="utf-8")
        receipts.write_text(json.dumps(self.receipts(), indent=1) + "\n", encoding="utf-8")
