// The status bar's sentence (the headline) and the presence line of each player's panel: who
// has sent for the decision in play and who is still deciding, whether the match waits for its
// players, and whether each seat's page is connected (issue 32 point 8).
import {seatName} from "./events.js";

function cap(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }

/** Which seats have sent (submitted or committed) for the decision in play: from the view's
 *  `submitted`, the frame's `submitted`/`committed` events (`sent`: a Set of "decision:seat")
 *  and this page's own sealed move. */
export function sentSeats(frame, sent, ownSealed, seat) {
  const decision = frame.view.decision;
  const list = new Set(frame.view.submitted || []);
  for (const s of [0, 1]) if (sent.has(decision + ":" + s)) list.add(s);
  if (ownSealed && seat !== null) list.add(seat);
  // In a tick window, orders sent are the seat's own business until the tick: the frame's
  // `orders` says this seat has sent some.
  if (seat !== null && frame.orders) list.add(seat);
  return list;
}

/** One seat's word for the decision: "has sent" or "is still deciding" (you: "you have sent"). */
function doing(s, seat, names, sent) {
  const who = seatName(s, seat, names);
  if (sent.has(s)) return who + (who === "you" ? " have sent" : " has sent");
  return who + (who === "you" ? " are still deciding" : " is still deciding");
}

/**
 * The headline: `boardStatus` is what the board asks of this seat when it must act (or null).
 * Says, everywhere, who has sent and who is still deciding.
 */
export function headline(frame, seat, names, sent, boardStatus, pending) {
  // The score and the reason are said once, in the banner below.
  if (frame.is_over) return "Game over: " + outcome(frame.result, seat, names) + ".";
  if (frame.phase === "waiting") {
    return "Waiting for both players to open their seats: the clock starts once both seats are held" +
      (frame.start_at ? " (or at the start time the host set)" : "") + ".";
  }
  const acting = frame.to_act || [];
  if (!acting.length) return "Waiting for the server.";
  if (seat !== null && acting.includes(seat) && !sent.has(seat)) {
    return boardStatus || "Your turn: choose your move on the board.";
  }
  if (seat !== null && sent.has(seat)) {
    const other = 1 - seat;
    const mine = "You have sent" + (pending ? " " + pending : " your move") + "; ";
    if (!acting.includes(other)) return mine + "waiting for the next decision.";
    return mine + (sent.has(other)
      ? seatName(other, seat, names) + " has sent too: waiting for the " + (frame.clock?.mode === "tick" ? "tick." : "result.")
      : seatName(other, seat, names) + " is still deciding.");
  }
  if (seat !== null) {
    const other = acting.find((s) => s !== seat);
    // Names read "North (seat 1)": one more bracket would read "(seat 1) (deciding)".
    const who = seatName(other, seat, names);
    return sent.has(other) ? cap(who) + " has sent: waiting for the result." : "Waiting for " + who + " to decide.";
  }
  if (acting.length === 1) return cap(seatName(acting[0], null, names)) + " is deciding.";
  return cap(acting.map((s) => doing(s, null, names, sent)).join("; ")) + ".";
}

/** A seat's connection, as its panel says it: null when the server told nothing. `waiting`:
 *  the match waits for its players (a seat away has not come yet). */
export function presenceText(presence, s, waiting = false) {
  const state = presence?.seats?.[s];
  if (state === "connected") return "● connected";
  if (state === "away") return waiting ? "○ not here yet" : "○ page closed or offline";
  if (state === "bot") return "bot";
  return null;
}

/** Who won, in two or three words: "you win", "you lose", "Blue (seat 1) wins", "a draw". */
export function outcome(result, seat, names) {
  const w = result.winner;
  if (w === null || w === undefined) return "a draw";
  if (seat === w) return "you win";
  if (seat === 0 || seat === 1) return "you lose";
  return seatName(w, null, names) + " wins";
}
