"""``duelhost verify RECORD [--receipts FILE ...]``: check a match record and say which checks
ran.

Any record is accepted. One written by ``duelhost play --record`` or ``state.to_json()`` holds a
replayable history only; a server record also holds a receipt for every submission, the nonces
published at the reveals and, for a seed the server drew, the seed commitment (RULINGS G7).

Checks, each where the record holds what it needs:
- **replay**: every entry applies, each entry's ``decision`` is its place in the replay, the
  replay finishes, and its result equals the record's ``result``;
- **receipts**: in a server record every submission carries a receipt, and each matches its
  seat, decision, canonical text and published nonce;
- **seed commitment**: SHA-256 of ``"<seed>:<salt>"`` equals the committed value;
- **kept receipts** (``--receipts``): every receipt a player kept (and the seed commitment they
  saw) appears in the record at its match, seat and decision. This is the check a forger cannot
  pass by recomputing receipts: without it only the record's own consistency is checked.
The file formats are in docs/fairness.md.
"""

from __future__ import annotations

import hmac
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer

from duelhost.cli.output import fail, make_console
from duelhost.core.errors import ConfigError, IllegalAction, quote
from duelhost.core.record import Record
from duelhost.core.registry import load
from duelhost.core.state import State
from duelhost.host import commits, receipts
from duelhost.host.seeds import commitment as seed_commitment

RECEIPTS_FORMAT = "duelhost-receipts/1"


@dataclass
class Verification:
    """What ``verify`` found: the checks that ran, the receipts checked, the problems."""

    checks: list[str] = field(default_factory=list)
    receipts: int = 0
    problems: list[str] = field(default_factory=list)
    adjudicated: str | None = None
    """The event host's adjudication of the match (its result and reason), if any."""


def check_record(data: Any, kept: list[Any] | None = None) -> Verification:
    """Run every check the record (and the kept receipts, if any) allows."""
    if not isinstance(data, dict):
        raise ConfigError("a match record must be a JSON object")
    found = Verification(checks=["replay"])
    history = data.get("history")
    if not isinstance(history, list):
        found.problems.append("the record has no history list")
        return found
    _check_replay(data, found)
    if "match" in data:
        found.checks.append("receipts")
        _check_receipts(data, history, found)
    if "seed_commitment" in data:
        found.checks.append("seed commitment")
        _check_seed(data, found)
    if kept is not None:
        found.checks.append("kept receipts")
        for document in kept:
            _check_kept(data, history, document, found)
    return found


def _replay(data: dict[str, Any], found: Verification) -> State | None:
    """Replay entry by entry, comparing each entry's decision with its place."""
    record = Record.from_dict(data)
    state = load(record.game, **record.options).new(record.seed, **record.setup)
    for number, (entry, item) in enumerate(zip(record.history, data["history"], strict=True)):
        stated = item.get("decision") if isinstance(item, dict) else None
        if stated is not None and stated != state.decision:
            found.problems.append(
                f"entry {number} (seat {entry.seat}): it says decision {stated}, but it is "
                f"decision {state.decision} in the replay"
            )
        revealed = item.get("revealed") if isinstance(item, dict) else None
        if not isinstance(revealed, str):
            revealed = None
        try:
            canonical = None if revealed is None else state.clone().submit(entry.seat, revealed)
            if canonical is not None and canonical != entry.text:
                found.problems.append(
                    f"entry {number} (seat {entry.seat}): its text is not what was revealed"
                )
            state.apply(entry)
        except IllegalAction as error:
            found.problems.append(f"entry {number} (seat {entry.seat}) does not replay: {error}")
            return None
    return state


def _check_replay(data: dict[str, Any], found: Verification) -> None:
    try:
        state = _replay(data, found)
    except ConfigError as error:
        found.problems.append(f"the record does not replay: {error}")
        return
    if state is None:
        return
    stated = data.get("result")
    if not state.is_over:
        _check_abandoned(data, state, found)
        return
    if stated is None and "match" in data:
        found.problems.append("the record states no result")
    elif stated is not None and _plain(state.result) != stated:
        found.problems.append(
            f"the record's result {quote(json.dumps(stated))} is not the replay's "
            f"{quote(json.dumps(state.result))}"
        )


def _plain(value: Any) -> Any:
    """``value`` as it reads back from JSON."""
    return json.loads(json.dumps(value))


IDLE = re.compile(r"no seat acted for ([0-9.]+(?:e[+-]?[0-9]+)?) s")
LOG_FULL = re.compile(r"the match reached [0-9]+ log entries")


def _check_abandoned(data: dict[str, Any], state: State, found: Verification) -> None:
    """A replay that stops before the end is a result only if the record says what ended it
    (``ended``: the server's abandonment, after the last entry) and the stated result is the
    one that abandonment gives: the replay's with no winner and the abandonment's reason."""
    ended = data.get("ended")
    stated = data.get("result")
    if isinstance(ended, dict) and ended.get("kind") == "adjudicate":
        _check_adjudicated(data, state, ended, found)
        return
    if not isinstance(ended, dict) or ended.get("kind") != "abandon":
        found.problems.append(
            f"the replay does not finish: the record stops at decision {state.decision} "
            "with the match still in play, and holds nothing that ended it"
        )
        return
    reason = ended.get("reason")
    history = data["history"]
    if ended.get("entries") != len(history):
        found.problems.append(
            f"the record says the match was abandoned after {ended.get('entries')} entries, "
            f"but it holds {len(history)}"
        )
    if not isinstance(reason, str) or not (IDLE.fullmatch(reason) or LOG_FULL.fullmatch(reason)):
        found.problems.append(
            f"the abandonment's reason {quote(str(reason))} is none the server gives"
        )
    else:
        _check_idle(data, reason, ended.get("time"), found)
    expected = _plain({**state.result, "winner": None, "reason": f"abandoned: {reason}"})
    if stated != expected:
        found.problems.append(
            f"the record's result {quote(json.dumps(stated))} is not the abandonment's "
            f"{quote(json.dumps(expected))}"
        )


def _check_adjudicated(
    data: dict[str, Any], state: State, ended: dict[str, Any], found: Verification
) -> None:
    """An event host ended the match (issue 31): after the record's last entry, with a
    winner (0, 1 or null: a draw) and a reason; the stated result must be that one."""
    winner, reason = ended.get("winner"), ended.get("reason")
    if ended.get("entries") != len(data["history"]):
        found.problems.append(
            f"the record says the match was adjudicated after {ended.get('entries')} entries, "
            f"but it holds {len(data['history'])}"
        )
    if winner not in (0, 1, None) or isinstance(winner, bool) or not isinstance(reason, str):
        found.problems.append("the adjudication needs a winner (0, 1 or null) and a reason")
        return
    expected = _plain({**state.result, "winner": winner, "reason": f"adjudicated: {reason}"})
    if data.get("result") != expected:
        found.problems.append(
            f"the record's result {quote(json.dumps(data.get('result')))} is not the "
            f"adjudication's {quote(json.dumps(expected))}"
        )
    who = "a draw" if winner is None else f"seat {winner} wins"
    found.adjudicated = (
        f"adjudicated by the event's host at decision {state.decision}: {who} ({reason})"
    )


def _check_idle(data: dict[str, Any], reason: str, when: Any, found: Verification) -> None:
    """An idle abandonment comes at least its seconds after the last human seat's entry."""
    idle = IDLE.fullmatch(reason)
    if idle is None:
        return
    seats = data.get("seats")
    listed = seats if isinstance(seats, list) else []
    humans = {n for n, s in enumerate(listed) if isinstance(s, dict) and s.get("kind") == "human"}
    times = [
        item["time"]
        for item in data["history"]
        if isinstance(item, dict) and item.get("seat") in humans and "time" in item
    ]
    last = max([data.get("created", 0.0), *times])
    if not isinstance(when, int | float) or not isinstance(last, int | float):
        found.problems.append("the abandonment has no time to check")
    elif when - last < float(idle.group(1)) - 1e-6:
        found.problems.append(
            f"the match was abandoned {when - last:g} s after a human seat's last entry, "
            f"not after {idle.group(1)} s of nobody acting"
        )


def _check_receipts(data: dict[str, Any], history: list[Any], found: Verification) -> None:
    match_id = data["match"]
    if not isinstance(match_id, str):
        found.problems.append("the record's match id is not a string")
        return
    seen: set[tuple[int, int]] = set()
    for number, item in enumerate(history):
        if not isinstance(item, dict):
            continue
        where = f"entry {number} (seat {item.get('seat')}, decision {item.get('decision')})"
        place = _check_entry_receipt(match_id, where, item, found)
        if place is None:
            continue
        if place in seen:
            found.problems.append(f"{where}: a second submission for the same decision")
        seen.add(place)
        found.receipts += 1


def _check_entry_receipt(
    match_id: str, where: str, item: dict[str, Any], found: Verification
) -> tuple[int, int] | None:
    """Check one history entry's receipt (and its orders'): its ``(decision, seat)`` when it
    holds a receipt that could be checked, else None."""
    if "receipt" not in item:
        if item.get("kind") == "submit":
            found.problems.append(f"{where}: no receipt, where every submission has one")
        return None
    nonce = item.get("nonce")
    if not isinstance(nonce, str):
        found.problems.append(f"{where}: no nonce published")
        return None
    seat, decision, text = item.get("seat"), item.get("decision"), item.get("text")
    if not isinstance(seat, int) or not isinstance(decision, int) or not isinstance(text, str):
        found.problems.append(f"{where}: seat, decision and text are needed")
        return None
    if item.get("mode") == "commit":
        revealed = item.get("revealed")
        if not isinstance(revealed, str) or (
            commits.commitment(match_id, seat, decision, revealed, nonce) != item["receipt"]
        ):
            found.problems.append(f"{where}: the reveal does not match its commitment")
    elif not receipts.check(
        match_id, seat, decision, text, nonce, str(item["receipt"]), _last_number(item)
    ):
        found.problems.append(f"{where}: the receipt does not match {quote(text)}")
    if "orders" in item:
        _check_orders(match_id, where, item, found)
    return decision, seat


def _last_number(item: dict[str, Any]) -> int | None:
    """The number of a tick window's last order message, which its receipt (the entry's) holds;
    None for a one-message submission."""
    orders = item.get("orders")
    if isinstance(orders, list) and orders and isinstance(orders[-1], dict):
        number = orders[-1].get("number")
        return number if isinstance(number, int) else None
    return None


def _check_orders(match_id: str, where: str, item: dict[str, Any], found: Verification) -> None:
    """Each order message of a tick window has its own nonce and receipt (its number in both);
    the entry's receipt is its last message's."""
    orders = item["orders"]
    if not isinstance(orders, list) or not orders:
        found.problems.append(f"{where}: the orders list is empty")
        return
    for order in orders:
        try:
            number, text, nonce = order["number"], order["text"], order["nonce"]
            ok = receipts.check(
                match_id, item["seat"], item["decision"], text, nonce, order["receipt"], number
            )
        except (KeyError, TypeError):
            found.problems.append(f"{where}: an order needs number, text, receipt and nonce")
            continue
        if not ok:
            found.problems.append(
                f"{where}: the receipt of order message {number} does not match {quote(text)}"
            )
        found.receipts += 1
    if orders[-1].get("receipt") != item["receipt"]:
        found.problems.append(f"{where}: its receipt is not that of its last order message")


def _check_seed(data: dict[str, Any], found: Verification) -> None:
    seed, salt, committed = data.get("seed"), data.get("seed_salt"), data.get("seed_commitment")
    if not isinstance(salt, str) or not isinstance(seed, int):
        found.problems.append("the record holds a seed commitment but no seed and salt")
        return
    if not hmac.compare_digest(seed_commitment(seed, salt), str(committed)):
        found.problems.append(
            f"the seed {seed} with salt {quote(salt)} does not match the seed commitment "
            f"{quote(str(committed))} published when the match was created"
        )


def _check_kept(
    data: dict[str, Any], history: list[Any], document: Any, found: Verification
) -> None:
    """Every receipt a player kept (of either seat: the page keeps the opponent's too, from
    the ``submitted`` events) must be in the record, at its match, seat and decision."""
    if not isinstance(document, dict) or document.get("format") != RECEIPTS_FORMAT:
        raise ConfigError(f"a receipts file must be a JSON object with format {RECEIPTS_FORMAT!r}")
    match_id = document.get("match")
    if match_id != data.get("match"):
        found.problems.append(
            f"the kept receipts are of match {quote(str(match_id))}, the record says "
            f"{quote(str(data.get('match')))}"
        )
        return
    committed = document.get("seed_commitment")
    if committed is not None and committed != data.get("seed_commitment"):
        found.problems.append(
            f"the seed commitment you kept, {quote(str(committed))}, is not the record's "
            f"{quote(str(data.get('seed_commitment')))}"
        )
    by_place = {
        (item.get("decision"), item.get("seat")): (number, item)
        for number, item in enumerate(history)
        if isinstance(item, dict) and "receipt" in item
    }
    # A commitment that was never revealed (its seat ran out of time, or the match ended) is
    # in the record's ``commitments`` list, not in its history.
    unrevealed = {
        (item.get("decision"), item.get("seat")): item.get("commitment")
        for item in data.get("commitments") or []
        if isinstance(item, dict)
    }
    for kept in document.get("receipts", []):
        problem = _kept_problem(kept, by_place, unrevealed)
        if problem is not None:
            found.problems.append(problem)


def _kept_problem(
    kept: dict[str, Any],
    by_place: dict[tuple[Any, Any], tuple[int, dict[str, Any]]],
    unrevealed: dict[tuple[Any, Any], Any],
) -> str | None:
    """What is wrong with one kept receipt against the record (None: it is there)."""
    seat, decision, digest = kept.get("seat"), kept.get("decision"), kept.get("receipt")
    place = by_place.get((decision, seat))
    if place is None and (decision, seat) in unrevealed:
        if unrevealed[(decision, seat)] == digest:
            return None
        return (
            f"the record's commitment for seat {seat}, decision {decision} "
            f"({quote(str(unrevealed[(decision, seat)]), 16)}) is not the one you kept "
            f"({quote(str(digest), 16)}): the commitment was changed"
        )
    if place is None:
        return (
            f"your receipt for seat {seat}, decision {decision} ({quote(str(digest), 16)}) "
            "is not in the record: no entry holds that submission"
        )
    if place[1]["receipt"] != digest:
        return (
            f"entry {place[0]} (seat {seat}, decision {decision}): its receipt "
            f"{quote(str(place[1]['receipt']), 16)} is not the one you kept "
            f"({quote(str(digest), 16)}): the submission was changed"
        )
    return None


def verify_record(data: Any) -> tuple[int, list[str]]:
    """(receipts checked, problems) of :func:`check_record` without kept receipts."""
    found = check_record(data)
    return found.receipts, found.problems


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise fail(f"{path}: {error}") from None
    except RecursionError:
        raise fail(f"{path}: the JSON is nested too deeply") from None


def _verify_event(console: Any, path: Path, data: dict[str, Any]) -> None:
    """An event record: its pairings, standings and every match it bundles."""
    from duelhost.cli.event_verify import check_event

    try:
        found = check_event(data, check_record)
    except ConfigError as error:
        raise fail(f"{path}: {error}") from None
    for line in found.adjudicated:
        console.print(line, markup=False)
    console.print(f"{path}: {found.report.summary()}", markup=False)
    if not found.report.ok:
        raise typer.Exit(1)
    console.print(f"{path}: ok — {found.receipts} receipt(s) match their submissions", markup=False)


def register(app: typer.Typer) -> None:
    @app.command()
    def verify(
        record: Annotated[
            Path,
            typer.Argument(
                metavar="RECORD",
                help="a match record (server or --record), or an event record",
            ),
        ],
        kept: Annotated[
            list[Path] | None,
            typer.Option("--receipts", metavar="FILE", help="receipts a player kept (repeatable)"),
        ] = None,
    ) -> None:
        """Check a match record or an event record.

        An event record's pairings are re-drawn, its standings recomputed and every match it
        bundles checked.

        The record must replay to its stated result, and every receipt it holds must match its
        submission; with --receipts, every receipt a player kept must be in it."""
        console = make_console()
        data = _read_json(record)
        if isinstance(data, dict) and "event_id" in data and "config" in data:
            _verify_event(console, record, data)
            return
        documents = [_read_json(path) for path in kept or []]
        try:
            found = check_record(data, documents if kept else None)
        except ConfigError as error:
            raise fail(f"{record}: {error}") from None
        ran = ", ".join(found.checks)
        for problem in found.problems:
            console.print(problem, style="red", markup=False)
        if found.problems:
            console.print(f"{record}: {len(found.problems)} problem(s); checks run: {ran}")
            raise typer.Exit(1)
        if "receipts" in found.checks:
            done = f"replays; {found.receipts} receipt(s) match their submissions"
        else:
            done = "replays (the record holds no receipts: only the replay was checked)"
        console.print(f"{record}: ok — {done}; checks run: {ran}", markup=False)
        if found.adjudicated is not None:
            console.print(f"{record}: {found.adjudicated}", markup=False)
        if not kept:
            console.print(
                "Only the record's own consistency was checked: a forger can recompute "
                "receipts. Pass the receipts you kept with --receipts FILE to check that "
                "nobody changed your submissions.",
                markup=False,
            )
