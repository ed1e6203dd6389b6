"""``duelhost verify RECORD``: check a match record and say which checks ran.

Any record is accepted: one written by ``duelhost play --record`` or ``state.to_json()`` holds
a replayable history only, a server record also holds receipts and their published nonces.
Every record is replayed; receipts are checked where the record holds them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer

from duelhost.cli.output import fail, make_console
from duelhost.core.errors import ConfigError
from duelhost.core.registry import load_record
from duelhost.host import receipts


@dataclass
class Verification:
    """What ``verify`` found: the checks that ran, the receipts checked, the problems."""

    checks: list[str] = field(default_factory=list)
    receipts: int = 0
    problems: list[str] = field(default_factory=list)


def check_record(data: Any) -> Verification:
    """Replay the record; where it holds receipts, check each against its seat, decision,
    canonical text and published nonce."""
    if not isinstance(data, dict):
        raise ConfigError("a match record must be a JSON object")
    found = Verification(checks=["replay"])
    try:
        load_record(data)
    except ConfigError as error:
        found.problems.append(f"the record does not replay: {error}")
    history = data.get("history")
    if not isinstance(history, list):
        found.problems.append("the record has no history list")
        return found
    if not any(isinstance(item, dict) and "receipt" in item for item in history):
        return found
    found.checks.append("receipts")
    match_id = data.get("match")
    if not isinstance(match_id, str):
        found.problems.append("the record holds receipts but names no match id")
        return found
    _check_receipts(match_id, history, found)
    return found


def _check_receipts(match_id: str, history: list[Any], found: Verification) -> None:
    seen: set[tuple[int, int]] = set()
    for number, item in enumerate(history):
        if not isinstance(item, dict) or "receipt" not in item:
            continue
        where = f"entry {number} (seat {item.get('seat')}, decision {item.get('decision')})"
        nonce = item.get("nonce")
        if not isinstance(nonce, str):
            found.problems.append(f"{where}: no nonce published")
            continue
        seat, decision, text = item.get("seat"), item.get("decision"), item.get("text")
        if not isinstance(seat, int) or not isinstance(decision, int) or not isinstance(text, str):
            found.problems.append(f"{where}: seat, decision and text are needed")
            continue
        if not receipts.check(match_id, seat, decision, text, nonce, str(item["receipt"])):
            found.problems.append(f"{where}: the receipt does not match {text!r}")
        if (decision, seat) in seen:
            found.problems.append(f"{where}: a second submission for the same decision")
        seen.add((decision, seat))
        found.receipts += 1


def verify_record(data: Any) -> tuple[int, list[str]]:
    """(receipts checked, problems) of :func:`check_record`."""
    found = check_record(data)
    return found.receipts, found.problems


def register(app: typer.Typer) -> None:
    @app.command()
    def verify(
        record: Annotated[
            Path, typer.Argument(help="a match record (from the server or --record)")
        ],
    ) -> None:
        """Check a match record.

        The record must replay, and every receipt it holds must match its submission."""
        console = make_console()
        try:
            found = check_record(json.loads(record.read_text(encoding="utf-8")))
        except (OSError, ValueError) as error:
            raise fail(f"{record}: {error}") from None
        except RecursionError:
            raise fail(f"{record}: the JSON is nested too deeply") from None
        ran = " and ".join(found.checks)
        for problem in found.problems:
            console.print(problem, style="red", markup=False)
        if found.problems:
            console.print(f"{record}: {len(found.problems)} problem(s); checks run: {ran}")
            raise typer.Exit(1)
        if "receipts" in found.checks:
            done = f"replays; {found.receipts} receipt(s) match their submissions"
        else:
            done = "replays (the record holds no receipts: only the replay was checked)"
        console.print(f"{record}: ok — {done}", markup=False)
