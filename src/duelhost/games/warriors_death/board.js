// A Warrior's Death: your units 0-9 as cards (ability on hover, tap or focus; the dead greyed;
// the Dark Knight's revival round marked), a second pick for the Astrologian's prediction and the
// Blue Mage's disguise, the bout's rounds 1-10 as shown to you with the announced winners, the
// bouts won and the totals once public.
import {fill, h, keyboardNav, s, seatColour} from "../shell/dom.js";

// The units and their abilities, as the rules page states them (static rules text).
const UNITS = [
  ["Chocobo", "No ability; never runs out."],
  ["Astrologian", "Divination: name the opponent's unit; if right, add its current strength to the Astrologian's."],
  ["Blue Mage", "Aetheric Mimicry: shown as a disguise; the round's announced winner is the true winner of the previous round (a tie in round 1)."],
  ["Bard", "Battle Voice: your next two units gain 1 strength (Chocobos too) and keep it in death."],
  ["Sage", "Kardia: copies the ability of the unit the opponent really played (not Astrologian or Blue Mage)."],
  ["Samurai", "Third Eye: if it wins, it does not die: it goes back to your hand."],
  ["Reaper", "Enshroud: if it loses (a tie is not a loss), its strength becomes 8 in death."],
  ["Dark Knight", "Living Dead: may be played again in the very next round after it dies; then it dies for good."],
  ["Dragoon", "Dragon Sight: if its strength was at least the opponent's plus 6, it gains 3 in death."],
  ["Black Mage", "Paradox: if it wins, its strength in death becomes the opponent unit's strength."],
];
const NUMBER = Object.fromEntries(UNITS.map(([name], i) => [name, i]));

function shownNumber(text) {
  // "Blue Mage as Reaper" / "Astrologian predicting Bard" -> the unit played
  for (const [name, i] of Object.entries(NUMBER)) if (text && text.startsWith(name)) return i;
  return null;
}

export function status(view, ctx) {
  const pick = picked(view, ctx);
  const where = "round " + view.round + " of bout " + view.bout;
  if (pick.unit === 1 && pick.second === null) return "Predict your opponent's unit for the Astrologian (" + where + ").";
  if (pick.unit === 2 && pick.second === null) return "Choose the Blue Mage's disguise (" + where + ").";
  if (pick.unit !== null) return "Play " + notation(pick) + ", or pick another unit (" + where + ").";
  return "Choose a unit to play in " + where + ".";
}

function picked(view, ctx) {
  if (!ctx.local.wd || ctx.local.wd.decision !== view.decision) ctx.local.wd = {decision: view.decision, unit: null, second: null};
  return ctx.local.wd;
}

function notation(pick) {
  const name = UNITS[pick.unit][0];
  if (pick.unit === 1) return name + " predicting " + UNITS[pick.second][0];
  if (pick.unit === 2) return name + " as " + UNITS[pick.second][0];
  return name;
}

export function render(root, view, ctx) {
  const me = ctx.seat;
  const pick = picked(view, ctx);
  const canPlay = ctx.mustAct && !ctx.submitted && !ctx.replay && !view.is_over;
  const playable = new Set(view.playable || []);
  const dead = new Map();
  for (const name of view.underworld || []) dead.set(name, (dead.get(name) || 0) + 1);

  const choose = (unit) => {
    if (!canPlay) return;
    if (pick.unit === unit) { pick.unit = null; pick.second = null; } else { pick.unit = unit; pick.second = null; }
    ctx.redraw();
  };
  if (!ctx.local.wdEscape && !ctx.replay) {
    ctx.local.wdEscape = true;
    document.addEventListener("keydown", (event) => {
      const cur = ctx.local.wd;
      if (event.key === "Escape" && cur && cur.unit !== null) { cur.unit = null; cur.second = null; ctx.redraw(); }
    });
  }
  const second = (unit) => { pick.second = pick.second === unit ? null : unit; ctx.redraw(); };
  const play = async () => {
    if (!canPlay || pick.unit === null || ((pick.unit === 1 || pick.unit === 2) && pick.second === null)) return;
    try { await ctx.submit(notation(pick)); pick.unit = null; pick.second = null; } catch { /* shown by the shell */ }
    ctx.redraw();
  };

  const reviving = view.playable && view.playable.includes("Dark Knight") && (view.underworld || []).includes("Dark Knight");
  const hand = me === null ? null : h("div", {class: "hand", id: "hand", role: "group", "aria-label": "your units"},
    UNITS.map(([name, ability], i) => {
      const isDead = i !== 0 && dead.has(name) && !(i === 7 && reviving);
      const can = playable.has(name);
      const chosen = pick.unit === i;
      const label = name + " (" + i + "): " + ability + (isDead ? " In your underworld." : "") + (i === 7 && reviving ? " It may return this round." : "");
      return h("button", {
        type: "button", class: "card unit s" + me + (chosen ? " chosen" : "") + (isDead ? " gone" : "") + (canPlay ? "" : " idle"), "data-unit": i, "data-nav": "unit" + i,
        disabled: !canPlay || !can, title: label, "aria-label": label, "aria-pressed": chosen ? "true" : "false",
        onclick: () => choose(i), onkeydown: (event) => { if (event.key === "Enter" && chosen) { event.preventDefault(); play(); } },
      }, h("span", {class: "v"}, i), h("span", {class: "n"}, name), i === 7 && reviving ? h("span", {class: "tag"}, "revive") : isDead ? h("span", {class: "tag"}, "dead") : null);
    }));

  let secondRow = null;
  if (canPlay && (pick.unit === 1 || pick.unit === 2)) {
    const options = UNITS.map((u, i) => i).filter((i) => pick.unit === 1 || i !== 2);
    secondRow = h("div", {id: "second"},
      h("div", {class: "section-title"}, pick.unit === 1 ? "Astrologian: which unit will your opponent play?" : "Blue Mage: which unit will it be shown as?"),
      h("div", {class: "row"}, options.map((i) => h("button", {
        type: "button", class: "pill" + (pick.second === i ? " chosen" : ""), "data-second": i, "data-nav": "second" + i, "aria-pressed": pick.second === i ? "true" : "false",
        onclick: () => second(i), title: UNITS[i][1],
      }, i + " " + UNITS[i][0]))));
  }
  const ready = pick.unit !== null && !((pick.unit === 1 || pick.unit === 2) && pick.second === null);
  const playRow = me === null || ctx.replay || view.is_over ? null : h("div", {class: "row"},
    h("button", {type: "button", class: "primary", id: "play", disabled: !canPlay || !ready, onclick: play},
      ready ? "Play " + notation(pick) : canPlay ? (pick.unit === null ? "Pick a unit" : pick.unit === 1 ? "Pick the unit you predict" : "Pick the disguise") : ctx.submitted ? "Sent: " + (ctx.pending ?? "") : "Waiting"),
    ctx.submitted && ctx.pending ? h("span", {class: "muted", id: "sent"}, "sealed until your opponent plays") : null);
  const help = pick.unit !== null ? h("p", {class: "muted small", id: "ability"}, UNITS[pick.unit][0] + " — " + UNITS[pick.unit][1]) : null;

  fill(root,
    header(view, ctx),
    pause(view, ctx),
    roundStrip(view, ctx),
    me === null || ctx.replay || view.is_over ? null : h("div", {class: "section-title"}, "Your units: click one to play it (hover or focus for its ability)"),
    hand, secondRow, help, playRow,
    bouts(view, ctx));
  if (hand) keyboardNav(hand, ctx, "wdNav");
  if (secondRow) keyboardNav(secondRow, ctx, "wdSecond");
}

/** The break between bouts: the next bout's clock starts at the clock's `phase_start`; the
 *  shell counts an element's `data-countdown` (Unix seconds) down. */
function pause(view, ctx) {
  const start = ctx.clock?.phase_start;
  if (view.is_over || ctx.replay || !start || start <= ctx.now()) return null;
  return h("p", {class: "notice", id: "wd-break"}, h("b", {}, "Break between bouts: "),
    "bout " + view.bout + " starts in ", h("span", {class: "num", "data-countdown": start}, Math.ceil(start - ctx.now()) + " s"),
    ctx.seat === null ? " (its clock starts then)." : " (its clock starts then; you may already choose).");
}

function header(view, ctx) {
  const wins = view.bout_wins || [0, 0];
  const label = (seat) => (seat === ctx.seat ? "You" : ctx.seat === null ? ctx.names[seat] : "Opponent");
  return h("div", {class: "row", id: "wd-header"},
    h("b", {}, view.is_over ? "Match over" : (view.tiebreak ? "Tie-break bout 6" : "Bout " + view.bout + " of " + view.bouts_planned) + ", round " + view.round + " of " + view.rounds_per_bout),
    h("span", {class: "muted"}, "· bouts won: "),
    h("span", {class: "s0t", "data-wins": 0}, label(0) + " " + wins[0]), h("span", {class: "muted"}, "–"),
    h("span", {class: "s1t", "data-wins": 1}, label(1) + " " + wins[1]));
}

function roundStrip(view, ctx) {
  const n = view.rounds_per_bout;
  // Until the new bout's first round is played (the break between bouts included), the bout
  // just finished stays on screen.
  const finished = !(view.rounds || []).length && (view.bouts || []).length ? view.bouts[view.bouts.length - 1] : null;
  const rounds = new Map(((finished ? finished.rounds : view.rounds) || []).map((r) => [r.round, r]));
  const rows = ctx.seat === null ? [0, 1] : [1 - ctx.seat, ctx.seat];
  // HTML, not SVG: the names keep their size in any width (in an SVG they shrank with the
  // strip to ~5 px at 400 px) and wrap instead of being cut; at 400 px a row holds 5 rounds.
  const columns = [];
  for (let i = 0; i < n; i++) {
    const r = rounds.get(i + 1);
    const current = !view.is_over && !finished && view.round === i + 1;
    const cells = rows.map((seat, row) => {
      let name = r ? r.units[seat] : null;
      if (r && seat === ctx.seat && r.mine) name = r.mine;
      const number = r ? shownNumber(r.units[seat]) : null;
      const won = r && r.winner === seat;
      // In a round of this seat's own Blue Mage the view's winner is the true one (the
      // announcement, WD11, went to the opponent and spectators): marked ◆ and said so.
      const truth = r && ownBlueMage(r, ctx) ? "; the true result, not the announced " + announcedText(rounds, i + 1, ctx) : "";
      return h("div", {class: "wd-cell seat" + seat + (r ? "" : " unplayed") + (won ? " won" : ""), "data-round": i + 1, "data-seat": seat, "data-truth": truth ? "yes" : null,
        title: (name ?? "") + truth,
        "aria-label": "round " + (i + 1) + ", " + (seat === ctx.seat ? "you" : "seat " + seat) + ": " + (name ?? "not played yet") + (r ? (won ? ", won" : r.winner === null ? ", tied" : ", lost") : "") + truth},
        h("span", {class: "wd-number", "aria-hidden": "true"}, number ?? (r ? "?" : "")),
        h("span", {class: "wd-name", "aria-hidden": "true"}, r ? short(name) : ""),
        truth && row === 0 ? h("span", {class: "wd-truth", "aria-hidden": "true"}, "◆") : null);
    });
    columns.push(h("div", {class: "wd-round" + (current ? " current" : ""), "data-column": i + 1},
      h("span", {class: "wd-round-number"}, String(i + 1)), ...cells));
  }
  const label = (seat) => (seat === ctx.seat ? "you" : ctx.seat === null ? "seat " + seat : "opponent");
  return h("div", {id: "rounds"},
    h("div", {class: "section-title", id: "rounds-caption"}, (finished ? "Bout " + view.bouts.length + " (finished: totals " + finished.totals[0] + "–" + finished.totals[1] + ")" : "This bout's rounds") + ", as shown to you (top: " + label(rows[0]) + ", bottom: " + label(rows[1]) + "; filled: the announced winner" +
      ([...rounds.values()].some((r) => ownBlueMage(r, ctx)) ? "; ◆ your Blue Mage's rounds: the true winner, which only you know" : "") + ")"),
    h("div", {class: "wd-strip", role: "group", "aria-label": "rounds of this bout"}, columns),
    (view.rounds || []).some((r) => r.mine && r.mine !== r.units[ctx.seat]) ? h("p", {class: "muted small"}, "Your Blue Mage's disguise and your Astrologian's predictions are yours alone; your opponent sees the disguise.") : null);
}

/** Whether `r` is a round of the viewer's own Blue Mage (its view's winner is the truth). */
function ownBlueMage(r, ctx) {
  return ctx.seat !== null && typeof r.mine === "string" && r.mine.startsWith("Blue Mage");
}

/** What a Blue Mage in round `number` announced (WD11): the true winner of the round before, a
 *  tie in round 1, as far as this page knows it. */
function announcedText(rounds, number, ctx) {
  if (number === 1) return "(a tie)";
  const before = rounds.get(number - 1);
  if (!before) return "";
  const who = before.winner === null ? "a tie" : before.winner === ctx.seat ? "you won" : "your opponent won";
  return "(round " + (number - 1) + "'s winner: " + who + ")";
}

function short(name) {
  if (!name) return "";
  if (name.includes(" predicting ")) return "→ " + soft(name.split(" predicting ")[1]);
  if (name.includes(" as ")) return "as " + soft(name.split(" as ")[1]);
  return soft(name);
}

/** A soft hyphen in the one name too long for a round's cell at 400 px: "Astrologian" broke
 *  as "Astrologi|an" (no hyphenation dictionary in the browser); now "Astro-|logian". */
function soft(name) {
  return name.replace("Astrologian", "Astro\u00ADlogian");
}

function bouts(view, ctx) {
  if (!view.bouts || !view.bouts.length) return h("p", {class: "muted small", id: "bouts"}, "Bout totals (3 a round won plus the strengths in the underworld) are shown at the end of each bout.");
  const label = (seat) => (seat === ctx.seat ? "you" : ctx.seat === null ? "seat " + seat : "opponent");
  return h("div", {class: "scroll-x", id: "bouts"}, h("table", {class: "grid"},
    h("tr", {}, h("th", {}, "bout"), h("th", {class: "s0t"}, label(0)), h("th", {class: "s1t"}, label(1)), h("th", {}, "won by")),
    view.bouts.map((b, i) => h("tr", {}, h("td", {}, i + 1), h("td", {}, b.totals[0]), h("td", {}, b.totals[1]), h("td", {}, b.winner === null ? "tie" : label(b.winner))))));
}
