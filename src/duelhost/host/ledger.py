"""Receipts, nonces and idempotency keys of one match: what the host commits to when it
accepts a secret submission, when each nonce may be published, and the answers it gives again
to a repeated key.

A receipt is ``receipts.receipt(match, seat, decision, text, nonce)``; the nonce is derived from
the match secret (``receipts.nonce``), so it is the same after a restart and unguessable before
it is published. When it is published: at once to everyone where the game's submissions are
public once their decision resolves (``GameSpec.public_submissions``); otherwise to the seat
itself when its decision resolves and to everyone when the match is over (a submission may
carry a secret that outlives its decision, and a published nonce would let the opponent test
the few possible texts against the receipt).
"""

from __future__ import annotations

from collections import deque

from duelhost.host import receipts
from duelhost.host.messages import Answer, LogEntry, OrderReceipt, Recipient


class Ledger:
    """The receipts given and the keys answered in one match."""

    def __init__(self, match_id: str, secret: bytes, public: bool, max_keys: int) -> None:
        self.match_id = match_id
        self.secret = secret
        self.public = public
        self.max_keys = max_keys
        self.receipts: dict[tuple[int, int], str] = {}
        """(decision, seat) -> the receipt of that seat's submission (in a tick window: of its
        orders so far)."""
        self.salts: dict[tuple[int, int], tuple[str | None, int | None]] = {}
        """(decision, seat) -> the salt and order number behind the nonce of that receipt."""
        self.orders: dict[tuple[int, int], list[OrderReceipt]] = {}
        """(decision, seat) -> every order message of a tick window, in order."""
        self.commitments: dict[tuple[int, int], str] = {}
        """(decision, seat) -> the seat's commitment (commit, then reveal)."""
        self.client_nonces: dict[tuple[int, int], str] = {}
        """(decision, seat) -> the nonce a seat revealed with its committed submission."""
        self.keys: dict[tuple[int, str], Answer] = {}
        """(seat, idempotency key) -> the answer given to it."""
        self._key_order: dict[int, deque[str]] = {0: deque(), 1: deque()}

    def nonce(self, decision: int, seat: int) -> str:
        """The nonce of the receipt ``seat`` holds for ``decision``."""
        chosen = self.client_nonces.get((decision, seat))
        if chosen is not None:
            return chosen
        salt, number = self.salts.get((decision, seat), (None, None))
        return receipts.nonce(self.secret, decision, seat, salt, number)

    def order_nonces(self, decision: int, seat: int) -> list[str]:
        """The nonce of each order message of a tick window, in order."""
        return [
            receipts.nonce(self.secret, decision, seat, order["salt"], order["number"])
            for order in self.orders.get((decision, seat), [])
        ]

    def next_number(self, decision: int, seat: int) -> int:
        """The number the seat's next order message of this tick window gets."""
        return len(self.orders.get((decision, seat), []))

    def receipt(
        self, seat: int, decision: int, canonical: str, salt: str, number: int | None = None
    ) -> str:
        """The receipt of ``seat``'s submission ``canonical`` for ``decision`` (``number``: of
        a tick window's order message) under a fresh ``salt``."""
        key = receipts.nonce(self.secret, decision, seat, salt, number)
        return receipts.receipt(self.match_id, seat, decision, canonical, key, number)

    def note(self, entry: LogEntry) -> None:
        """Keep the receipt of an accepted submission or order message (live or replayed)."""
        decision, seat = entry["decision"], entry["seat"]
        number = entry.get("number")
        self.receipts[(decision, seat)] = entry["receipt"]
        self.salts[(decision, seat)] = (entry.get("salt"), number)
        if entry.get("mode") == "commit":
            self.client_nonces[(decision, seat)] = entry["nonce"]
        if number is not None:
            order = OrderReceipt(
                number=number, text=entry["text"], receipt=entry["receipt"], salt=entry["salt"]
            )
            self.orders.setdefault((decision, seat), []).append(order)

    def answered(self, seat: int, key: str) -> Answer | None:
        """The answer already given to ``seat``'s ``key``, if any."""
        return self.keys.get((seat, key))

    def remember(self, seat: int, key: str, answer: Answer) -> None:
        """Keep ``answer`` for a repeated ``key``; only the last ``max_keys`` of a seat are
        kept (a client retries a submission soon, not a thousand submissions later)."""
        if (seat, key) not in self.keys:
            order = self._key_order.setdefault(seat, deque())
            order.append(key)
            while len(order) > self.max_keys:
                self.keys.pop((seat, order.popleft()), None)
        self.keys[(seat, key)] = answer

    def nonce_public(
        self, decision: int, seat: int, recipient: Recipient, current: int, over: bool
    ) -> bool:
        """Whether ``recipient`` may see the nonce of ``seat``'s submission for ``decision``
        when ``current`` decisions have resolved."""
        if recipient == seat:
            return decision < current or over
        if over:
            return True
        return self.public and decision < current
