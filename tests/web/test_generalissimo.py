"""Generalissimo on its board: a seat plays the random bot by clicking pieces and targets,
moving every piece type (an Archer's shot and a Catapult's volley included; a kind the bot
takes entirely before it has moved is left out, since the bot's moves vary from run to run) and
passing, then resigns with the page's buttons; a spectator watches.

The match starts from the start position with North's Horseman from A10 on C5 and South's
Shieldman from C3 gone, so the Archer on C2 has a shot on the first move whatever the bot plays
(a Catapult's volley is always there: it may hit nothing)."""

from __future__ import annotations

import re
from typing import Any

from tests.server.live import Server
from tests.web.conftest import create, ready, seat_again, shoot, wait_over

OPENING = "hwcgggcwh/hwaaaaawh/1wssssswh/9/9/9/9/2h6/9/HW1SSSSWH/HWAAAAAWH/HWCGGGCWH s 1 0"
CELL = re.compile(r"[A-I](?:1[0-2]|[1-9])")


def my_turn(page: Any) -> dict[str, Any]:
    page.wait_for_function(
        "() => { const f = window.duelhost.frame; return f.is_over || "
        "(f.to_act.includes(window.duelhost.seat) && f.legal !== null); }"
    )
    frame: dict[str, Any] = page.evaluate("window.duelhost.frame")
    return frame


def piece(board: list[str], cell: str) -> str:
    return board[12 - int(cell[1:])]["ABCDEFGHI".index(cell[0])]


def target_of(text: str) -> str:
    cells = CELL.findall(text.upper())
    return cells[0] if re.fullmatch(r"[A-I]\d+!", text) else cells[-1]


def kind_of(board: list[str], text: str) -> str:
    """The piece letter of a move, or A-shot / C-volley."""
    letter = piece(board, CELL.findall(text)[0])
    if letter == "A" and "*" in text:
        return "A-shot"
    if letter == "C" and text.endswith("!"):
        return "C-volley"
    return letter


def click_move(page: Any, frame: dict[str, Any], text: str) -> None:
    """Play ``text`` by clicking: its piece, then its target (then the chooser if asked)."""
    start = CELL.findall(text)[0]
    before = frame["n"]
    page.click(f"[data-cell='{start}']")
    page.click(f"[data-cell='{target_of(text)}']")
    if page.locator("#chooser").count():
        page.click(f"#chooser [data-move='{text}']")
    page.wait_for_function("n => window.duelhost.frame.n > n", arg=before)


def test_a_seat_plays_generalissimo_against_the_bot_by_clicking(server: Server, pages: Any) -> None:
    match = create(
        server,
        game="generalissimo",
        seed=1,
        setup={"position": OPENING},
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
    )
    south = ready(pages(match["seats"][0]["invite_url"]))
    watcher = ready(pages(match["spectate"]))
    wanted = ["A-shot", "S", "W", "C-volley", "H", "G", "A", "C"]
    played: list[str] = []
    taken: list[str] = []  # kinds the bot wiped out before they moved
    passed = False
    for _turn in range(60):
        frame = my_turn(south)
        if frame["is_over"] or (not wanted and passed):
            break
        board = frame["view"]["board"]
        # The bot's moves differ from run to run (RULINGS G7): it may take every piece of a
        # kind before that kind has moved; such a kind cannot be played in this match.
        for lost in [w for w in wanted if w[0] not in "".join(board)]:
            wanted.remove(lost)
            taken.append(lost)
        legal = [t for t in frame["legal"] if t not in ("pass", "draw")]

        kind = {text: kind_of(board, text) for text in legal}
        choice = next((t for w in wanted for t in legal if kind[t] == w), None)
        if choice is None and frame["view"]["moved"] and not passed:
            south.click("#pass")  # the second move of a turn refused: the turn passes
            south.wait_for_function("n => window.duelhost.frame.n > n", arg=frame["n"])
            passed = True
            continue
        if choice is None:
            choice = legal[0]
        else:
            wanted.remove(kind[choice])
            played.append(kind[choice])
        if len(played) == 1:
            south.click(f"[data-cell='{CELL.findall(choice)[0]}']")
            shoot(south, "generalissimo-1280")
            south.keyboard.press("Escape")
        click_move(south, frame, choice)
    assert not wanted, f"piece kinds never played: {wanted} (played {played}, taken {taken})"
    assert passed
    print("generalissimo: played", played, "taken by the bot before they moved:", taken)
    shoot(watcher, "generalissimo-spectator-1280")
    narrow = ready(pages(seat_again(south), 400, 800))
    shoot(narrow, "generalissimo-400")
    south.click("#resign")
    south.click("#resign")  # the second click confirms
    wait_over(south)
    wait_over(watcher)
    assert south.inner_text("#result").startswith("You lose")
