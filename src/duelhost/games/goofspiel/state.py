"""The Goofspiel match state: fleets, bouts, rounds, tie replays and the seats' views.

Every decision is one simultaneous round: both seats secretly send one remaining fleet (GO2),
the larger fleet wins the planet, a tie gives it to nobody (GO4). After the last round of a
bout the seat with more net worth wins the galaxy (a tie: nobody); after the last bout the seat
with more strategic value wins, and a tie replays the match with fresh fleets and a fresh deal
up to ``max_replays`` times, then is a draw (GO4). A timeout sends a fleet of size 0 and
destroys one of the seat's largest remaining fleets (GO3).

Speed matters here (random matches for research, ``clone()`` for search): fleets are one flat
list of counts, the deal is immutable and shared between clones, and per-round data are ints
and tuples, so ``_clone_into`` copies two lists.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from duelhost.core.errors import IllegalAction, quote
from duelhost.core.record import Entry
from duelhost.core.state import State
from duelhost.games.goofspiel.deal import (
    MAX_PLANETS,
    Deal,
    check_fixed_sizes,
    draw_deal,
    galaxy_letter,
    galaxy_name,
)
from duelhost.games.goofspiel.logged import (
    BOUT,
    LETTERS,
    NOBODY,
    PLANET,
    ROUND,
    logged_event,
    names_of,
    round_view,
)


@dataclass(frozen=True, slots=True)
class Fleet:
    """Send the fleet of this size (one of the seat's remaining sizes, GO2)."""

    size: int


@dataclass(frozen=True, slots=True)
class Timeout:
    """What the timeout rule sends (GO3): a fleet of size 0; a largest fleet is destroyed."""


FLEETS = tuple(Fleet(size) for size in range(MAX_PLANETS + 1))
SIZE_TEXT = tuple(str(size) for size in range(MAX_PLANETS + 1))
TIMEOUT = Timeout()
_SIZE_LOOKUP = {str(size): size for size in range(1, MAX_PLANETS + 1)}
_ENTRIES = tuple(
    tuple(Entry(seat, "submit", SIZE_TEXT[size]) for size in range(1, MAX_PLANETS + 1))
    for seat in (0, 1)
)
"""The history entry of each seat's submission of each size, ``_ENTRIES[seat][size - 1]``
(entries are immutable: shared)."""


_NOTHING_IN_PLAY: dict[str, Any] = dict.fromkeys(
    ("bout", "galaxy", "galaxy_name", "round", "planet", "worth")
)
"""The view's fields of the bout and round in play, once the match is over."""


def _who(winner: int) -> int | None:
    return None if winner == NOBODY else winner


class GoofspielState(State):
    """A Goofspiel match (seven galaxies by default; ``galaxies=1`` is classic Goofspiel)."""

    # Fixed for the match (from the options).
    _galaxies: int
    _planets: int
    _stride: int
    _max_replays: int
    _show_history: bool
    _labels: str
    _planet_names: tuple[tuple[str, ...], ...]
    # Fixed for one playing (immutable, shared by clones).
    _playing: int
    _deal: Deal
    _round_worths: tuple[int, ...]
    _round_planets: tuple[int, ...]
    _round_names: tuple[str, ...]
    """The planet fought in each round of the playing, by name (``"C-T"``)."""
    # Changing.
    _fleets: list[int]
    """Remaining fleets: ``_fleets[seat * _stride + size]``; index ``seat * _stride`` is unused."""
    _legal_texts: tuple[tuple[str, ...], tuple[str, ...]]
    """Each seat's remaining sizes as notation, rebuilt only when a size runs out."""
    _round: int
    """Rounds resolved in this playing (bout ``_round // planets``, round ``_round % planets``)."""
    _points: tuple[int, int]
    """Net worth won by each seat in the current bout."""
    _bouts: tuple[tuple[int, int, int], ...]
    """Finished bouts of this playing: (points of seat 0, points of seat 1, winner)."""
    _strategic: tuple[int, int]
    _destroyed: tuple[int, int]
    """Fleets destroyed by timeouts in this playing (GO3)."""
    _past: tuple[tuple[int, int], ...]
    """Strategic values of the earlier playings, each a tie (GO4)."""
    _rounds: list[tuple[int, ...]]
    """Every resolved round of the match: (playing, bout, round, galaxy, planet, worth,
    fleet of seat 0, fleet of seat 1, winner, size destroyed of seat 0, of seat 1)."""
    _round_views: list[dict[str, Any]]
    _order_texts: tuple[Deal | None, tuple[str, ...]]
    """The planet orders of a deal as text (``"XYZ"``), by galaxy, once a view needs them."""
    _events_built: int
    """How many of ``_events``' first entries are the kernel's dicts already; after them,
    rounds' events may be stored as tuples (``events``)."""
    """The views of ``_rounds``' entries so far, made once each: a resolved round never
    changes, and every view (of every seat) shares them, so consecutive views differ only by
    the new rounds (a delta frame finds the shared ones equal by identity)."""

    # ------------------------------------------------------------------ setup

    def _start(self, setup: dict[str, Any]) -> dict[str, Any]:
        options = self.game.options
        check_fixed_sizes(options)
        self._galaxies = options["galaxies"]
        self._planets = options["planets"]
        self._stride = self._planets + 1
        self._max_replays = options["max_replays"]
        self._show_history = options["show_history"]
        self._labels, self._planet_names = names_of(self._galaxies, self._planets)
        self._playing = 0
        self._past = ()
        self._rounds = []
        self._round_views = []
        self._events_built = 0
        self._order_texts = (None, ())
        self._begin_playing()
        return {}

    def _begin_playing(self) -> None:
        """Fresh fleets and a fresh deal (the match, or a replay after a tie: GO4)."""
        galaxies, planets = self._galaxies, self._planets
        fixed = self.game.options if self._playing == 0 else None
        deal = draw_deal(self.seed, self._playing, galaxies, planets, fixed)
        self._deal = deal
        names = self._planet_names
        if galaxies == 1:
            order = deal.planet_orders[0]
            worths = deal.worths[0]
            self._round_planets = order
            self._round_names = tuple([names[0][p] for p in order])
            self._round_worths = tuple([worths[p] for p in order])
        else:
            self._round_planets = tuple(p for g in deal.order for p in deal.planet_orders[g])
            self._round_names = tuple(
                names[g][p] for g in deal.order for p in deal.planet_orders[g]
            )
            self._round_worths = tuple(
                deal.worths[g][p] for g in deal.order for p in deal.planet_orders[g]
            )
        self._fleets = ([0] + [galaxies] * planets) * 2
        every = SIZE_TEXT[1 : planets + 1]
        self._legal_texts = (every, every)
        self._round = 0
        self._points = (0, 0)
        self._bouts = ()
        self._strategic = (0, 0)
        self._destroyed = (0, 0)
        # The events as ``_log`` makes them (fields, then "event" and "decision"), built in
        # place: a classic match is short, so its start is a large share of its time.
        self._events.append(
            {
                "replay": self._playing,
                "order": [LETTERS[g] for g in deal.order],
                "event": "deal",
                "decision": self.decision,
            }
        )
        self._open_bout()

    def _open_bout(self) -> None:
        """GO1: a bout starts by revealing its galaxy's value and planet order."""
        bout = self._round // self._planets
        events: list[Any] = self._events  # stored as a tuple (``events``)
        events.append((BOUT, self._deal, bout, self.decision))
        self._open_round()

    def current_worth(self) -> int:
        """The worth of the planet fought now (public: the view's ``worth``), without building
        a view (bots' rollouts ask it every round). Only while the match is in play."""
        return self._round_worths[self._round]

    def _open_round(self) -> None:
        """GO1: a round starts by revealing its planet's worth."""
        index = self._round
        events: list[Any] = self._events  # stored as a tuple (``events``)
        events.append(
            (
                PLANET,
                index % self._planets + 1,
                self._round_names[index],
                self._round_worths[index],
                self.decision,
            )
        )

    # ------------------------------------------------------------------ events

    @property
    def events(self) -> list[dict[str, Any]]:
        """The public log of the match, oldest first (the kernel's ``events``). The rounds'
        events are stored as tuples when they happen and made into the kernel's dicts here,
        once each (a random match reads none of them: issue 27's speed goal); a bout's
        event holds its deal (a replay deals afresh)."""
        events = self._events
        for at in range(self._events_built, len(events)):
            event: Any = events[at]
            if type(event) is tuple:
                events[at] = logged_event(event, self._labels, self._planet_names)
        self._events_built = len(events)
        return list(events)

    # ------------------------------------------------------------------ decisions

    def _decision_seats(self) -> tuple[int, ...]:
        return (0, 1)

    def _parse(self, seat: int, text: str) -> Fleet:
        size = _SIZE_LOOKUP.get(text)
        if size is None or size > self._planets:
            size = self._parse_size(text)
        if not self._fleets[seat * self._stride + size]:
            raise IllegalAction(
                f"illegal fleet {quote(text.strip())}: you have no fleet of size {size} left "
                f"(your fleets: {self._describe_fleets(seat)})"
            )
        return FLEETS[size]

    def _parse_size(self, text: str) -> int:
        """The slow path of ``_parse``: spaces, leading zeros and every kind of bad input."""
        word = text.strip()
        shown = quote(word)
        if not word or not word.isascii() or not word.isdigit():
            raise IllegalAction(
                f"illegal fleet {shown}: a submission is the size of one of your fleets, "
                f"a whole number from 1 to {self._planets} such as {self._planets}"
            )
        digits = word.lstrip("0") or "0"  # int() refuses very long texts: read only what counts
        if len(digits) > 3 or int(digits) > self._planets:
            raise IllegalAction(f"illegal fleet {shown}: fleet sizes are 1 to {self._planets}")
        size = int(digits)
        if size == 0:
            raise IllegalAction(
                f"illegal fleet {shown}: a fleet of size 0 is sent only when time runs out "
                "(GO2, GO3)"
            )
        return size

    def _describe_fleets(self, seat: int) -> str:
        base = seat * self._stride
        parts = [
            f"{self._fleets[base + size]} of size {size}"
            for size in range(1, self._planets + 1)
            if self._fleets[base + size]
        ]
        return ", ".join(parts) if parts else "no fleets"

    def _format(self, seat: int, action: Any) -> str:
        size: int = action.size
        return SIZE_TEXT[size]

    def _timeout_action(self, seat: int) -> Timeout:
        return TIMEOUT

    def _timeout_text(self, seat: int, action: Any) -> str:
        return "a fleet of size 0, and one of your largest fleets is destroyed (GO3)"

    def _legal(self, seat: int) -> list[str]:
        return list(self._legal_texts[seat])

    # The kernel's ``legal`` and ``submit`` with a fast path for the common case, a seat that
    # must act (and, to submit, the canonical text of one of its remaining sizes): what the
    # kernel would do, without its generic steps (a classic match is 26 of each; issue 27's
    # speed goal, docs/performance.md). Anything else takes the kernel's path, so errors,
    # resignations and their effects are the kernel's.

    def legal(self, seat: int) -> list[str]:
        if type(seat) is int and 0 <= seat <= 1:
            if self._outcome is not None or seat in self._pending:
                return []
            return list(self._legal_texts[seat])
        return super().legal(seat)

    def submit(self, seat: int, text: str) -> str:
        pending = self._pending
        if (
            type(seat) is int
            and 0 <= seat <= 1
            and type(text) is str
            and self._outcome is None
            and seat not in pending
        ):
            size = _SIZE_LOOKUP.get(text)
            stride = self._stride
            if size is not None and size < stride and self._fleets[seat * stride + size]:
                self._history.append(_ENTRIES[seat][size - 1])
                pending[seat] = FLEETS[size]
                if len(pending) == 2:
                    self._pending = {}
                    self._resolve(pending)
                    self.decision += 1
                return text
        return super().submit(seat, text)

    def submit_both(self, first: int, second: int) -> None:
        """``submit(0, str(first))`` then ``submit(1, str(second))``, with the same effects:
        both seats' fleets of a round at once (the research drivers' common round, issue 27)."""
        stride = self._stride
        fleets = self._fleets
        if (
            self._outcome is None
            and not self._pending
            and 0 < first < stride
            and 0 < second < stride
            and fleets[first]
            and fleets[stride + second]
        ):
            self._history += (_ENTRIES[0][first - 1], _ENTRIES[1][second - 1])
            self._resolve({0: FLEETS[first], 1: FLEETS[second]})
            self.decision += 1
        else:  # anything else as the two submissions go (their errors)
            self.submit(0, str(first))
            self.submit(1, str(second))

    def _spent(self, action: Any, base: int) -> int:
        """The size of the fleet a seat loses this round: the one it sent, or on a timeout
        (GO3: a fleet of size 0 goes out) one of its largest remaining, destroyed."""
        if action is not TIMEOUT:
            size: int = action.size
            return size
        fleets = self._fleets
        size = self._stride - 1
        while size and not fleets[base + size]:
            size -= 1
        return size

    def _resolve(self, actions: dict[int, Any]) -> None:
        # The hot path of every match (docs/performance.md): locals, no helper calls for the
        # fleets sent, the event built in place with the fields ``_log`` gives it.
        fleet0 = actions[0]
        fleet1 = actions[1]
        if fleet0 is TIMEOUT or fleet1 is TIMEOUT:
            first, second, d0, d1 = self._spend_with_timeouts(fleet0, fleet1)
        else:
            first = fleet0.size
            second = fleet1.size
            d0 = d1 = 0
            fleets = self._fleets
            at = self._stride + second
            fleets[first] -= 1
            fleets[at] -= 1
            if not fleets[first] or not fleets[at]:
                # A size that ran out leaves its seat's legal texts (``_drop_texts``, inline).
                texts0, texts1 = self._legal_texts
                if not fleets[first]:
                    cut = texts0.index(SIZE_TEXT[first])
                    texts0 = texts0[:cut] + texts0[cut + 1 :]
                if not fleets[at]:
                    cut = texts1.index(SIZE_TEXT[second])
                    texts1 = texts1[:cut] + texts1[cut + 1 :]
                self._legal_texts = (texts0, texts1)
        index = self._round
        worth = self._round_worths[index]
        planets = self._planets
        p0, p1 = self._points
        if first > second:
            winner = 0
            p0 += worth
        elif second > first:
            winner = 1
            p1 += worth
        else:
            winner = NOBODY
        self._points = (p0, p1)
        bout, number = divmod(index, planets)
        galaxy = self._deal.order[bout]
        entry = (
            self._playing,
            bout,
            number,
            galaxy,
            self._round_planets[index],
            worth,
            first,
            second,
            winner,
            d0,
            d1,
        )
        self._rounds.append(entry)
        # The events are stored compact and built when read (``events``).
        decision = self.decision
        events: list[Any] = self._events
        events.append((ROUND, entry, p0, p1, decision))
        index += 1
        self._round = index
        if number + 1 < planets:
            # GO1: the next round starts by revealing its planet's worth (``_open_round``).
            events.append(
                (PLANET, number + 2, self._round_names[index], self._round_worths[index], decision)
            )
            return
        self._end_bout(bout, galaxy, p0, p1)

    def _drop_texts(self, gone0: int, gone1: int) -> None:
        """The sizes that ran out (0: none for a seat) leave the seats' legal texts."""
        texts = list(self._legal_texts)
        for seat, gone in ((0, gone0), (1, gone1)):
            if gone:
                old = texts[seat]
                at = old.index(SIZE_TEXT[gone])
                texts[seat] = old[:at] + old[at + 1 :]
        self._legal_texts = (texts[0], texts[1])

    def _spend_with_timeouts(self, fleet0: Any, fleet1: Any) -> tuple[int, int, int, int]:
        """Each seat loses its fleet of the round (GO3: a timed-out seat sends 0 and loses one
        of its largest); returns the fleets sent and the sizes destroyed (0: none)."""
        fleets = self._fleets
        stride = self._stride
        sent = [0, 0]
        destroyed = [0, 0]
        gone = [0, 0]
        for seat, action in ((0, fleet0), (1, fleet1)):
            base = seat * stride
            size = self._spent(action, base)
            if action is TIMEOUT:
                destroyed[seat] = size
            else:
                sent[seat] = size
            fleets[base + size] -= 1
            if not fleets[base + size]:
                gone[seat] = size
        if gone[0] or gone[1]:
            self._drop_texts(gone[0], gone[1])
        if destroyed[0] or destroyed[1]:
            self._destroyed = (
                self._destroyed[0] + (destroyed[0] > 0),
                self._destroyed[1] + (destroyed[1] > 0),
            )
        return sent[0], sent[1], destroyed[0], destroyed[1]

    def _end_bout(self, bout: int, galaxy: int, p0: int, p1: int) -> None:
        """The seat with more net worth wins the galaxy; a tie gives it to nobody (GO4)."""
        winner = 0 if p0 > p1 else 1 if p1 > p0 else NOBODY
        value = self._deal.values[galaxy]
        s0, s1 = self._strategic
        if winner == 0:
            s0 += value
        elif winner == 1:
            s1 += value
        self._strategic = (s0, s1)
        self._bouts += ((p0, p1, winner),)
        self._points = (0, 0)
        self._log(
            "bout_end",
            bout=bout + 1,
            galaxy=galaxy_letter(galaxy),
            name=galaxy_name(galaxy),
            value=value,
            points=[p0, p1],
            winner=_who(winner),
            strategic=[s0, s1],
        )
        if bout + 1 < self._galaxies:
            self._open_bout()
            return
        # Classic Goofspiel (one galaxy) is decided by the prize totals, so the result shows
        # them; with several galaxies it is the strategic value.
        classic = self._galaxies == 1
        what = "points" if classic else "strategic value"
        a, b = (p0, p1) if classic else (s0, s1)
        if s0 != s1:
            match_winner = 0 if s0 > s1 else 1
            self._finish(match_winner, f"more {what}, {a}-{b}", [a, b])
        elif self._playing < self._max_replays:
            # GO4: a match tied in strategic value is replayed with fresh fleets and deal.
            self._past += ((s0, s1),)
            self._playing += 1
            self._log("replay", replay=self._playing, strategic=[s0, s1])
            self._begin_playing()
        else:
            replays = self._playing
            self._finish(
                None,
                f"tied in {what}, {a}-{b}, after {replays} "
                f"replay{'' if replays == 1 else 's'}, the most allowed (GO4)",
                [a, b],
            )

    # ------------------------------------------------------------------ reading the state

    def _scores(self) -> Any:
        # Classic Goofspiel (one galaxy) scores the prize totals of the bout in play.
        return list(self._points if self._galaxies == 1 else self._strategic)

    def _view(self, seat: int | None) -> dict[str, Any]:
        # Everything here is public (GO1): the deal so far, the fleets played (hence the
        # fleets remaining), the results. The unrevealed part of the deal is in no view.
        # Without history (G4, "no notes") a view also leaves out what a player could only
        # know by noting it down: the opponent's remaining fleets and the fleets destroyed by
        # timeouts (a seat sees its own remaining fleets; a spectator no seat's).
        deal = self._deal
        planets = self._planets
        over = self.is_over
        # Galaxies whose bout has started (GO1): all of them after the last bout, but after a
        # resignation the galaxies never fought stay unrevealed.
        revealed = min(self._galaxies, self._round // planets + 1)
        shown = deal.order[:revealed]
        stride = self._stride
        history = self._show_history
        rounds = self._round_views
        for entry in self._rounds[len(rounds) :]:
            rounds.append(round_view(entry, self._planet_names))
        # Each seat's fleets by size text, zipped (the texts and counts in size order).
        texts = SIZE_TEXT[1:stride]
        counts = self._fleets
        fleets = {
            SIZE_TEXT[s]: dict(zip(texts, counts[s * stride + 1 : (s + 1) * stride], strict=True))
            for s in (0, 1)
            if history or s == seat
        }
        made_for, orders = self._order_texts
        if made_for is not deal:  # a fresh deal: its planet orders as text, made once
            labels = self._labels
            orders = tuple("".join([labels[p] for p in order]) for order in deal.planet_orders)
            self._order_texts = (deal, orders)
        view: dict[str, Any] = {
            "replay": self._playing,
            "order": [LETTERS[g] for g in deal.order],
            "values": {LETTERS[g]: deal.values[g] for g in shown},
            "planet_orders": {LETTERS[g]: orders[g] for g in shown},
            **(_NOTHING_IN_PLAY if over else self._in_play(shown[-1])),
            "fleets": fleets,
            "points": list(self._points),
            "bouts": [
                {
                    "bout": number + 1,
                    "galaxy": galaxy_letter(deal.order[number]),
                    "value": deal.values[deal.order[number]],
                    "points": [b0, b1],
                    "winner": _who(winner),
                }
                for number, (b0, b1, winner) in enumerate(self._bouts)
            ],
            "strategic": list(self._strategic),
            "past": [{"replay": n, "strategic": list(v)} for n, v in enumerate(self._past)],
            "last_round": rounds[-1] if rounds else None,
            "show_history": self._show_history,
        }
        if history:
            view["destroyed"] = list(self._destroyed)
            view["rounds"] = list(rounds)
        return view

    def _in_play(self, galaxy: int) -> dict[str, Any]:
        """The view's fields of the bout and round in play (``galaxy``: its galaxy)."""
        planets = self._planets
        return {
            "bout": self._round // planets + 1,
            "galaxy": galaxy_letter(galaxy),
            "galaxy_name": galaxy_name(galaxy),
            "round": self._round % planets + 1,
            "planet": self._round_names[self._round],
            "worth": self._round_worths[self._round],
        }

    def _snapshot(self) -> dict[str, Any]:
        return {
            "replay": self._playing,
            "deal": self._deal.to_json(self._planets),
            "round": self._round,
            "fleets": list(self._fleets),
            "points": list(self._points),
            "bouts": [list(bout) for bout in self._bouts],
            "strategic": list(self._strategic),
            "destroyed": list(self._destroyed),
            "past": [list(values) for values in self._past],
            "rounds": [list(entry) for entry in self._rounds],
        }

    def _clone_into(self, other: State) -> None:
        assert isinstance(other, GoofspielState)
        other._fleets = self._fleets.copy()
        other._rounds = self._rounds.copy()
        other._round_views = self._round_views.copy()
