"""Goofspiel's fixed action encoding and observation for learning (``duelhost.core.encoding``).

Actions: index ``i`` sends the fleet of size ``i + 1`` (``num_actions = planets``); the mask is
the seat's remaining sizes (``legal()``). Size 0 is never an index: it is what a timeout sends
(GO3).

Observation (``5 * planets + 3 * galaxies + 8`` floats, from the seat's view, the seat's own
side first): the worth of the planet fought now (one-hot over 1..planets), the strategic value
of the galaxy fought now (one-hot over 1..galaxies), the round within the bout (one-hot), the
bout (one-hot), the remaining fleets of each size (own, then the opponent's, as a fraction of
``galaxies``; the opponent's are 0 without ``show_history``, whose views hide them), net
worth this bout (own, opponent's, over 1 + ... + planets), strategic value
(own, opponent's, over 1 + ... + galaxies), fleets destroyed by timeouts (own, opponent's;
0 without ``show_history``),
the replay number over ``max_replays + 1``, whether the match is over; then the prizes still
to come: the worths of this galaxy's planets not yet revealed (1 per worth over 1..planets;
all 0 without ``show_history``, whose views hide past rounds, G4) and the strategic values of
the galaxies not yet revealed (1 per value over 1..galaxies). docs/research.md lays it out.

``observe_state(state, seat, draft)`` is the same observation read off the match state without
making the view (issue 27's speed goal: the research drivers use it when a game offers it); it
reads only what ``view(seat)`` shows, and ``tests/envs/test_encodings.py`` checks it equal to
``observe(view(seat))`` at every step of random matches. ``observe_update(state, seat, draft,
out, mark)`` keeps the same floats in ``out`` from one round to the next by what a round
changes (eight entries at most), and writes them whole from ``observe_state`` at a match's
start, a new bout or playing, a timeout, a resignation and the end (``duelhost.envs.driver``;
the same test checks it). ``keep_both`` does both seats' observations and masks in one call,
and ``play_both`` submits both seats' fleets of a round and keeps both (the parallel env's
common round; ``tests/envs/test_fast_round.py``).
"""

from __future__ import annotations

from array import array
from collections.abc import MutableSequence, Sequence
from typing import Any

from duelhost.core.encoding import Draft, SingleStep, Step, Valid, one_hot

_ZEROS = {kind: memoryview(array(kind, bytes(1024))) for kind in ("f", "b")}
"""Zeros to clear a memoryview's entries from, by format (``_clear``)."""


def _clear(out: MutableSequence[Any], at: int, count: int, zero: float = 0.0) -> None:
    """``out[at : at + count] = [zero] * count``, from kept zeros for a memoryview."""
    if isinstance(out, memoryview) and out.format in _ZEROS and count <= 256:
        out[at : at + count] = _ZEROS[out.format][:count]
    else:
        _write(out, [zero] * count, at)


def _write(out: MutableSequence[Any], values: list[Any], at: int = 0) -> None:
    """``out[at : at + len(values)] = values`` for a list, a NumPy array or a memoryview (the
    drivers' fast writes), whose slices take only buffers of its own format."""
    if isinstance(out, memoryview):
        out[at : at + len(values)] = array(out.format, values)
    else:
        out[at : at + len(values)] = values


class GoofspielEncoding(SingleStep):
    needs_view = False
    """``choices`` reads ``legal()`` only (the research drivers skip making a view)."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.galaxies = int(options["galaxies"])
        self.planets = int(options["planets"])
        self.max_replays = int(options["max_replays"])
        self.num_actions = self.planets
        self.observation_size = 5 * self.planets + 3 * self.galaxies + 8

        self._steps = {str(size): (size - 1, Step(text=str(size))) for size in range(1, 27)}
        self._by_index = tuple(step for _, step in self._steps.values())
        self._starts: dict[tuple[Any, ...], tuple[list[float], array[float]]] = {}
        self._every_size = array("b", [1] * self.planets)
        """The mask of a seat at a playing's first round: every size left."""
        self._at_fleets = 2 * self.planets + 2 * self.galaxies
        """Where the remaining fleets start in the observation (what is in play before)."""
        self._at_points = 4 * self.planets + 2 * self.galaxies
        self._worth_total = self.planets * (self.planets + 1) / 2
        self._value_total = self.galaxies * (self.galaxies + 1) / 2

    def index_of(self, text: str, legal: Sequence[str], view: dict[str, Any]) -> int:
        return int(text) - 1

    def choices(
        self, view: dict[str, Any], legal: Sequence[str], draft: Draft, valid: Valid
    ) -> dict[int, Step]:
        """``SingleStep.choices`` with the steps made once (legal sizes come ascending)."""
        return dict(map(self._steps.__getitem__, legal))

    def describe(self, index: int) -> str:
        return f"send the fleet of size {index + 1}: {index + 1}"

    def observe(self, view: dict[str, Any], draft: Draft) -> list[float]:
        planets, galaxies = self.planets, self.galaxies
        me = view["seat"] if view["seat"] is not None else 0
        seats = (me, 1 - me)
        worth = view["worth"]
        galaxy = view["galaxy"]
        value = view["values"].get(galaxy) if galaxy is not None else None
        obs = one_hot(planets, None if worth is None else worth - 1)
        obs += one_hot(galaxies, None if value is None else value - 1)
        obs += one_hot(planets, None if view["round"] is None else view["round"] - 1)
        obs += one_hot(galaxies, None if view["bout"] is None else view["bout"] - 1)
        for seat in seats:
            fleets = view["fleets"].get(str(seat))  # the other's: none without show_history
            if fleets is None:
                obs += [0.0] * planets
            else:
                obs += [fleets[str(size)] / galaxies for size in range(1, planets + 1)]
        worth_total = planets * (planets + 1) / 2
        value_total = galaxies * (galaxies + 1) / 2
        obs += [view["points"][seat] / worth_total for seat in seats]
        obs += [view["strategic"][seat] / value_total for seat in seats]
        destroyed = view.get("destroyed", [0, 0])  # not in views without show_history
        obs += [destroyed[seat] / (galaxies * planets) for seat in seats]
        obs += [view["replay"] / (self.max_replays + 1), float(view["is_over"])]
        return obs + self._to_come(view)

    def _to_come(self, view: dict[str, Any]) -> list[float]:
        """The worths of this galaxy and the galaxies' values not yet revealed."""
        worths = [0.0] * self.planets
        if view["worth"] is not None and "rounds" in view:
            seen = {view["worth"]} | {
                entry["worth"]
                for entry in view["rounds"]
                if entry["replay"] == view["replay"] and entry["bout"] == view["bout"]
            }
            worths = [0.0 if worth in seen else 1.0 for worth in range(1, self.planets + 1)]
        values = [0.0] * self.galaxies
        if not view["is_over"]:
            shown = set(view["values"].values())
            values = [0.0 if value in shown else 1.0 for value in range(1, self.galaxies + 1)]
        return worths + values

    def observe_state(self, state: Any, seat: int, draft: Draft) -> list[float]:
        """``observe(state.view(seat), draft)`` without making the view: the same floats,
        read from what the view shows (module docstring), slice by slice."""
        planets, galaxies = self.planets, self.galaxies
        obs = [0.0] * self.observation_size
        over = state.is_over
        index = state._round
        deal = state._deal
        history = state._show_history
        bout = index // planets
        if not over:  # the view's worth, value, round and bout (none once the match is over)
            obs[state._round_worths[index] - 1] = 1.0
            obs[planets + deal.values[deal.order[bout]] - 1] = 1.0
            obs[planets + galaxies + index % planets] = 1.0
            obs[2 * planets + galaxies + bout] = 1.0
        fleets = state._fleets
        stride = planets + 1
        at = 2 * planets + 2 * galaxies
        for side in (seat, 1 - seat) if history else (seat,):
            first = side * stride + 1
            obs[at : at + planets] = [count / galaxies for count in fleets[first : first + planets]]
            at += planets
        at = 4 * planets + 2 * galaxies
        worth_total = planets * (planets + 1) / 2
        value_total = galaxies * (galaxies + 1) / 2
        points, strategic = state._points, state._strategic
        destroyed = state._destroyed if history else (0, 0)
        obs[at : at + 8] = (
            points[seat] / worth_total,
            points[1 - seat] / worth_total,
            strategic[seat] / value_total,
            strategic[1 - seat] / value_total,
            destroyed[seat] / (galaxies * planets),
            destroyed[1 - seat] / (galaxies * planets),
            state._playing / (self.max_replays + 1),
            float(over),
        )
        if not over:
            at += 8
            if history:  # the worths of this galaxy not revealed yet
                seen = state._round_worths[bout * planets : index + 1]
                obs[at : at + planets] = [
                    0.0 if worth in seen else 1.0 for worth in range(1, planets + 1)
                ]
            at += planets
            shown = [deal.values[g] for g in deal.order[: bout + 1]]
            obs[at : at + galaxies] = [
                0.0 if value in shown else 1.0 for value in range(1, galaxies + 1)
            ]
        return obs

    def observe_update(
        self, state: Any, seat: int, draft: Draft, out: MutableSequence[float], mark: Any
    ) -> tuple[Any, ...]:
        """Bring ``out`` (``observe_state`` as of ``mark``, the value this returned last for
        this seat and ``out``; None: nothing yet) to ``observe_state(state, seat, draft)``
        and return the new mark. One round played within a bout, neither seat timed out,
        changes only the worth and round in play, the two fleets sent, the net worths and
        the worths to come; the last round of the match also clears what is in play and to
        come, and sets the strategic values and the end. A playing's start is the same for
        every seat and match with the same first worth and value (kept once made); anything
        else is written whole."""
        index = state._round
        playing = state._playing
        over = state._outcome is not None
        now = (state, index, playing, over)
        if mark is not None and mark[0] is state and mark[1] == index - 1 and mark[2] == playing:
            entry = state._rounds[-1]
            first, second = entry[6], entry[7]
            # Not after a timeout (GO3: a fleet destroyed, the count in view) nor into a new
            # bout (its value, number and strategic values): then written whole.
            if first and second and (over or index % self.planets):
                self._round_played(state, seat, out, index, first, second, over)
                return now
        elif mark == now and mark[0] is state:
            return now
        if index == 0 and not over:
            self._start(state, seat, draft, out)
        else:
            _write(out, self.observe_state(state, seat, draft))
        return now

    def _round_played(
        self,
        state: Any,
        seat: int,
        out: MutableSequence[float],
        index: int,
        first: int,
        second: int,
        over: bool,
    ) -> None:
        """``observe_update`` after one round (``first`` and ``second`` sent), in a bout."""
        planets, galaxies = self.planets, self.galaxies
        fleets = state._fleets
        at = self._at_fleets  # the seat's own fleets, then the other's
        if seat == 0:
            out[at + first - 1] = fleets[first] / galaxies
            if state._show_history:
                out[at + planets + second - 1] = fleets[planets + 1 + second] / galaxies
        else:
            out[at + second - 1] = fleets[planets + 1 + second] / galaxies
            if state._show_history:
                out[at + planets + first - 1] = fleets[first] / galaxies
        at = self._at_points  # net worth this bout
        points = state._points
        out[at] = points[seat] / self._worth_total
        out[at + 1] = points[1 - seat] / self._worth_total
        if over:  # nothing in play or to come any more
            _clear(out, 0, self._at_fleets)
            strategic = state._strategic
            out[at + 2] = strategic[seat] / self._value_total
            out[at + 3] = strategic[1 - seat] / self._value_total
            out[at + 7] = 1.0
            _clear(out, at + 8, planets + galaxies)
            return
        worths = state._round_worths
        worth = worths[index]
        out[worths[index - 1] - 1] = 0.0
        out[worth - 1] = 1.0
        at = planets + galaxies  # the round within the bout
        out[at + (index - 1) % planets] = 0.0
        out[at + index % planets] = 1.0
        if state._show_history:  # the worth now in play is no longer to come
            out[self._at_points + 8 + worth - 1] = 0.0

    def _start(self, state: Any, seat: int, draft: Draft, out: MutableSequence[float]) -> None:
        """``observe_state`` at a playing's start, into ``out``: it depends only on the
        worth and value in play, the playing and ``show_history`` (the fleets all there,
        nothing won yet), so each is made once."""
        deal = state._deal
        key = (
            state._round_worths[0],
            deal.values[deal.order[0]],
            state._playing,
            state._show_history,
        )
        made = self._starts.get(key)
        if made is None:
            values = self.observe_state(state, seat, draft)
            made = self._starts[key] = (values, array("f", values))
        if isinstance(out, memoryview) and out.format == "f":
            out[: len(made[1])] = made[1]  # a buffer of the view's own format: one copy
        else:
            _write(out, made[0])

    def keep_both(
        self,
        state: Any,
        drafts: Sequence[Draft],
        outs: Sequence[MutableSequence[float]],
        masks: Sequence[MutableSequence[int]],
        marks: list[Any],
    ) -> None:
        """``observe_update`` and ``mask_update`` of both seats at once: ``marks`` holds their
        marks (observations 0 and 1, masks 0 and 1), updated in place. A round played
        within a bout (no timeout, not the last) since both seats' four were kept here
        together changes the same few entries for both, written here in one go (as
        ``_round_played`` writes them for one seat); anything else is each seat's own
        update."""
        index = state._round
        seen, allowed = marks[0], marks[2]
        planets = self.planets
        if (
            seen is not None
            and seen is marks[1]
            and allowed is marks[3]
            and seen[0] is state
            and seen[1] == index - 1
            and seen[2] == state._playing
            and allowed[1] == index - 1
            and state._outcome is None
            and not state._pending
            and index % planets  # not into a new bout
        ):
            entry = state._rounds[-1]
            first, second = entry[6], entry[7]
            if first and second:  # nobody timed out
                self._both_played(state, outs, masks, index, first, second)
                playing = seen[2]
                marks[0] = marks[1] = (state, index, playing, False)
                marks[2] = marks[3] = (state, index, playing, True)
                return
        if (
            not index
            and state._outcome is None
            and not state._pending
            and (seen is None or seen[0] is not state or seen[2] != state._playing)
            and isinstance(outs[0], memoryview)
        ):  # a playing's start, both to act: the same for both seats (``_start``)
            self._start(state, 0, drafts[0], outs[0])
            outs[1][:] = outs[0]
            masks[0][:planets] = masks[1][:planets] = self._every_size
            playing = state._playing
            marks[0] = marks[1] = (state, 0, playing, False)
            marks[2] = marks[3] = (state, 0, playing, True)
            return
        for seat in (0, 1):
            marks[seat] = self.observe_update(state, seat, drafts[seat], outs[seat], marks[seat])
            marks[2 + seat] = self.mask_update(state, seat, masks[seat], marks[2 + seat])
        if state._outcome is None and not state._pending:  # both to act: kept together now
            marks[1] = marks[0]
            marks[3] = marks[2]

    def play_both(
        self,
        state: Any,
        first: int,
        second: int,
        drafts: Sequence[Draft],
        outs: Sequence[MutableSequence[float]],
        masks: Sequence[MutableSequence[int]],
        marks: list[Any],
    ) -> None:
        """Seat 0's index ``first`` and seat 1's ``second``, both allowed (both seats acting),
        submitted at once (``GoofspielState.submit_both``), then both seats kept as
        ``keep_both`` keeps them. Where all four were kept together at this round and it is
        not its bout's last, the writes are made from the sizes sent without reading the
        round back."""
        index = state._round
        seen = marks[0]
        planets = self.planets
        size0, size1 = first + 1, second + 1
        if (
            seen is not None
            and seen is marks[1]
            and marks[2] is marks[3]
            and seen[0] is state
            and seen[1] == index
            and seen[2] == state._playing
            and (index + 1) % planets  # not the bout's last round
        ):
            state.submit_both(size0, size1)
            self._both_played(state, outs, masks, index + 1, size0, size1)
            playing = seen[2]
            index += 1
            marks[0] = marks[1] = (state, index, playing, False)
            marks[2] = marks[3] = (state, index, playing, True)
            return
        state.submit_both(size0, size1)
        self.keep_both(state, drafts, outs, masks, marks)

    def _both_played(
        self,
        state: Any,
        outs: Sequence[MutableSequence[float]],
        masks: Sequence[MutableSequence[int]],
        index: int,
        first: int,
        second: int,
    ) -> None:
        """Both seats' observations and masks after the round ``index - 1`` within a bout
        (``first`` and ``second`` sent, the match not over), as ``_round_played`` and
        ``mask_update`` write them for one seat."""
        planets = self.planets
        out0, out1 = outs
        fleets = state._fleets
        left0 = fleets[first]
        left1 = fleets[planets + 1 + second]
        masks[0][first - 1] = 1 if left0 else 0
        masks[1][second - 1] = 1 if left1 else 0
        at = self._at_fleets  # the seat's own fleets, then the other's
        sent0 = left0 / self.galaxies
        sent1 = left1 / self.galaxies
        out0[at + first - 1] = sent0
        out1[at + second - 1] = sent1
        history = state._show_history
        if history:
            out0[at + planets + second - 1] = sent1
            out1[at + planets + first - 1] = sent0
        at = self._at_points  # net worth this bout
        points = state._points
        won0 = points[0] / self._worth_total
        won1 = points[1] / self._worth_total
        out0[at] = out1[at + 1] = won0
        out0[at + 1] = out1[at] = won1
        worths = state._round_worths
        worth = worths[index]
        before = worths[index - 1] - 1
        out0[before] = out1[before] = 0.0
        out0[worth - 1] = out1[worth - 1] = 1.0
        before = planets + self.galaxies + (index - 1) % planets  # the round
        out0[before] = out1[before] = 0.0
        out0[before + 1] = out1[before + 1] = 1.0
        if history:  # the worth now in play is no longer to come
            at += 7 + worth
            out0[at] = out1[at] = 0.0

    def step_of(self, index: int) -> Step:
        """What an index ``mask_update`` allows does: send the fleet of size ``index + 1``."""
        return self._by_index[index]

    def mask_update(
        self, state: Any, seat: int, out: MutableSequence[int], mark: Any
    ) -> tuple[Any, ...]:
        """Keep in ``out`` the mask of ``choices`` (the seat's remaining sizes while it must
        act, else all 0), as of ``mark`` (what this returned last for this seat and ``out``;
        None: nothing yet), and return the new mark. A round played since changes only the
        seat's fleet sent or destroyed in it."""
        index = state._round
        must = state._outcome is None and seat not in state._pending
        now = (state, index, state._playing, must)
        if mark == now and mark[0] is state:
            return now
        planets = self.planets
        base = seat * (planets + 1)
        fleets = state._fleets
        if (
            mark is not None
            and must
            and mark[3]
            and mark[0] is state
            and mark[1] == index - 1
            and mark[2] == state._playing
        ):
            entry = state._rounds[-1]
            size = entry[6 + seat] or entry[9 + seat]  # the fleet sent, or destroyed (GO3)
            if size:
                out[size - 1] = 1 if fleets[base + size] else 0
                return now
        if must and not index and isinstance(out, memoryview) and out.format == "b":
            out[:planets] = self._every_size  # a playing's first round: every size left
        elif must:
            _write(out, [1 if count else 0 for count in fleets[base + 1 : base + planets + 1]])
        else:
            _clear(out, 0, planets, 0)
        return now


def encoding(options: dict[str, Any]) -> GoofspielEncoding:
    """The encoding for a game loaded with ``options``."""
    return GoofspielEncoding(options)
