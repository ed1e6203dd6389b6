"""Structured logs of ``duelhost serve``: one JSON object per line on standard error, with the
match id (and seat, sequence number, lease epoch, process) as fields of their own, so a log
collector can select every line of one match.

Code logs through ``logging.getLogger("duelhost...")`` with ``extra={"match": ..., ...}``; a
line looks like ``{"time": 1764..., "level": "info", "logger": "duelhost.server", "message":
"match created", "match": "3f2a...", "game": "<engine name>"}``. Tokens never appear in a log.
"""

from __future__ import annotations

import json
import logging
import sys
from typing import Any

FIELDS = (
    "match",
    "game",
    "seat",
    "seq",
    "epoch",
    "node",
    "matches",
    "steps",
    "error",
    "took",
    "expired",
    "claimed",
)
"""The ``extra`` fields a line carries when a call sets them."""


class JsonFormatter(logging.Formatter):
    """A log record as one line of JSON."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": round(record.created, 6),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in FIELDS:
            if name in record.__dict__:
                line[name] = record.__dict__[name]
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str, separators=(",", ":"))


def configure(level: int = logging.INFO) -> None:
    """Send the ``duelhost`` loggers' lines to standard error as JSON (once per process)."""
    logger = logging.getLogger("duelhost")
    if any(isinstance(h.formatter, JsonFormatter) for h in logger.handlers):
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    logger.addHandler(handler)
    logger.setLevel(level)
    logger.propagate = False
