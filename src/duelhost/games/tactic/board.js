// /TACTIC/: faction choice, King placement on a Crown space, the build phase with the coins left,
// and the 7x7 board (build zones and Crown spaces marked; each unit's attack, HP, damage and
// cached state); click a unit to see what it may do (moves as dots, attacks as rings,
// abilities as crosshairs), then a target; "end turn". Every choice offered is one of the
// seat's legal submissions, so the board never offers what the rules forbid.
import {fill, focusRing, h, keyboardNav, s, seatColour} from "../shell/dom.js";

const COLS = "ABCDEFG";
const CROWNS = {0: ["C1", "E1"], 1: ["C7", "E7"]};
const CELL = /[A-G][1-7]/g;

/** A legal submission as the board uses it: who acts (a cell, a unit card, or nobody), the
 *  cell a click on which chooses it, and its kind. */
export function parseAction(text) {
  let m;
  if ((m = text.match(/^faction (.+)$/))) return {text, kind: "faction", faction: m[1]};
  if ((m = text.match(/^king ([A-G][1-7])$/))) return {text, kind: "king", actor: null, target: m[1]};
  if ((m = text.match(/^place (.+) ([A-G][1-7])$/))) return {text, kind: "place", actor: "card:" + m[1], target: m[2]};
  if ((m = text.match(/^flame ([A-G][1-7])$/))) return {text, kind: "flame", actor: null, target: m[1]};
  if (text === "end") return {text, kind: "end"};
  const cells = text.match(CELL) || [];
  if (!cells.length) return {text, kind: "other"};
  const actor = cells[0];
  if (/^[A-G][1-7](-[A-G][1-7])+$/.test(text)) return {text, kind: "move", actor, target: cells[cells.length - 1]};
  if (text.includes(">")) return {text, kind: "attack", actor, target: cells[1]};
  return {text, kind: "ability", actor, target: cells[1] || actor};
}

export function describe(text) {
  const a = parseAction(text);
  const cells = text.match(CELL) || [];
  switch (a.kind) {
    case "move": return "Move to " + a.target + (cells.length > 2 ? " (via " + cells.slice(1, -1).join(", ") + ")" : "");
    case "attack":
      if (text.split(">").length > 2) return "Command: attack " + cells[1] + ", which attacks " + cells[2];
      if (text.includes(",")) return "Double Strike " + cells.slice(1).join(" and ");
      return "Attack " + a.target;
    case "ability": {
      const word = text.split(" ")[1];
      if (word === "push") return "Push " + cells[1] + " to " + cells[2];
      return word[0].toUpperCase() + word.slice(1) + " " + cells.slice(1).join(" ");
    }
    case "place": return "Place " + a.actor.slice(5) + " on " + a.target;
    case "king": return "Place your King on " + a.target;
    case "flame": return "Flame: " + a.target + " takes 2";
    default: return text;
  }
}

function local(view, ctx) {
  if (!ctx.local.ta || ctx.local.ta.decision !== view.decision) ctx.local.ta = {decision: view.decision, actor: null, choice: null};
  return ctx.local.ta;
}

/** "1 BitCoin", "3 BitCoins". */
function coins(n) { return n + " BitCoin" + (n === 1 ? "" : "s"); }

export function status(view, ctx) {
  const st = local(view, ctx);
  switch (view.phase) {
    case "faction": return "Choose your faction (secret until both have chosen).";
    case "king": return "Click a Crown space to place your King (secret until both have placed).";
    case "place": return st.actor ? "Click a cell of your build zone for the " + st.actor.slice(5) + "." : "Buy a unit: click its card, then a cell of your build zone (" + coins(view.coins[ctx.seat]) + " left).";
    default:
      if (view.flame && view.flame.seat === ctx.seat) return "Choose the unit that takes the Flame's 2 damage.";
      return st.actor ? "Choose what the unit on " + st.actor + " does (Escape cancels)." : "Your turn " + view.turn + ": click one of your units, or end the turn.";
  }
}

export function render(root, view, ctx) {
  const st = local(view, ctx);
  const me = ctx.seat;
  const canAct = ctx.mustAct && !ctx.replay && !view.is_over && !ctx.submitted;
  const actions = canAct && ctx.legal ? ctx.legal.map(parseAction) : [];
  const targets = new Map();
  for (const a of actions) {
    if (a.target && (a.actor === null || a.actor === st.actor)) {
      if (!targets.has(a.target)) targets.set(a.target, []);
      targets.get(a.target).push(a);
    }
  }
  const actors = new Set(actions.filter((a) => a.actor && !a.actor.startsWith("card:")).map((a) => a.actor));
  const submit = async (text) => {
    try { await ctx.submit(text); st.actor = null; st.choice = null; } catch { /* the shell shows it */ }
    ctx.redraw();
  };
  const clickCell = (cell) => {
    if (!canAct) return;
    if (targets.has(cell)) {
      const options = targets.get(cell);
      if (options.length === 1) { submit(options[0].text); return; }
      st.choice = cell;
    } else if (actors.has(cell)) {
      st.actor = st.actor === cell ? null : cell;
      st.choice = null;
    } else {
      st.actor = null;
      st.choice = null;
    }
    ctx.redraw();
  };
  if (!ctx.local.taEscape && !ctx.replay) {
    ctx.local.taEscape = true;
    document.addEventListener("keydown", (event) => {
      const cur = ctx.local.ta;
      if (event.key === "Escape" && cur && (cur.actor || cur.choice)) { cur.actor = null; cur.choice = null; ctx.redraw(); }
    });
  }

  const units = new Map((view.board || []).map((u) => [u.cell, u]));
  const turned = me === 1;
  const parts = [];
  for (let row = 1; row <= 7; row++) for (let col = 0; col < 7; col++) {
    const cell = COLS[col] + row;
    const x = turned ? 6 - col : col;
    const y = turned ? row - 1 : 7 - row;
    const unit = units.get(cell);
    const zone = row <= 2 ? 0 : row >= 6 ? 1 : null;
    const crown = CROWNS[0].includes(cell) || CROWNS[1].includes(cell);
    const target = targets.get(cell);
    const focusable = actors.has(cell) || target;
    const label = cell + (crown ? " (Crown space)" : "") + ": " + (unit ? (unit.seat === me ? "your " : "enemy ") + unit.unit + ", " + (unit.hp - unit.damage) + " of " + unit.hp + " HP, attack " + unit.at + (unit.cached ? ", cached" : "") + (unit.abilities.length ? ", " + unit.abilities.join(", ") : "") : "empty") +
      (target ? ": " + target.map((a) => describe(a.text)).join(" or ") : "");
    parts.push(s("g", {class: "cell", "data-cell": cell, "data-nav": cell, role: focusable ? "button" : null, "aria-label": label,
      onclick: () => clickCell(cell)},
      s("rect", {x, y, width: 1, height: 1, fill: (row + col) % 2 ? "var(--cell)" : "var(--cell-alt)"}),
      zone !== null ? s("rect", {x, y, width: 1, height: 1, fill: zone === 0 ? "var(--seat0-soft)" : "var(--seat1-soft)"}) : null,
      crown ? s("path", {d: `M${x + 0.12},${y + 0.3} l0.1,-0.16 0.1,0.1 0.08,-0.14 0.08,0.14 0.1,-0.1 0.1,0.16 z`, fill: "var(--select)", stroke: "var(--muted)", "stroke-width": 0.015}) : null,
      st.actor === cell ? s("rect", {x: x + 0.03, y: y + 0.03, width: 0.94, height: 0.94, fill: "none", stroke: "var(--select)", "stroke-width": 0.07}) : null,
      unit ? unitGlyph(unit, x, y) : null,
      actors.has(cell) && !st.actor ? s("circle", {cx: x + 0.9, cy: y + 0.1, r: 0.06, fill: "var(--target)"}) : null,
      target ? mark(target, x, y) : null,
      focusRing(x, y, 1, 1)));
  }
  for (let col = 0; col < 7; col++) parts.push(s("text", {x: (turned ? 6 - col : col) + 0.5, y: 7.35, "text-anchor": "middle", "font-size": 0.26, fill: "var(--muted)"}, COLS[col]));
  for (let row = 1; row <= 7; row++) parts.push(s("text", {x: -0.12, y: (turned ? row - 1 : 7 - row) + 0.58, "text-anchor": "end", "font-size": 0.26, fill: "var(--muted)"}, row));
  const svg = s("svg", {class: "board-svg ta", viewBox: "-0.5 -0.05 7.55 7.5", role: "group", "aria-label": "the board"}, parts);

  const choice = st.choice && targets.has(st.choice) ? h("div", {class: "row", id: "chooser"}, h("span", {}, "On " + st.choice + ":"),
    targets.get(st.choice).map((a) => h("button", {type: "button", "data-action": a.text, onclick: () => submit(a.text)}, describe(a.text))),
    h("button", {type: "button", class: "quiet", onclick: () => { st.choice = null; ctx.redraw(); }}, "cancel")) : null;
  const choose = (name) => (me === null || ctx.replay ? null : h("button", {type: "button", class: "primary", "data-faction": name, disabled: !canAct,
    onclick: () => submit("faction " + name)}, "Choose " + name));
  // Before the choice: every faction's card (from the game's table, /api/.../reference), each
  // with its button; the names alone until the reference has come.
  // This seat's own choice, sealed until both have chosen: the page shows it (the view's own
  // faction once the server knows it, else the sealed submission).
  const mine = me === null || ctx.replay ? null : view.factions?.[me] || ((ctx.pending || "").match(/^faction (.+)$/) || [])[1] || null;
  const myFaction = view.phase === "faction" && mine ? h("p", {id: "my-faction"}, h("b", {}, "Your faction: " + mine), " (secret until your opponent has chosen too).") : null;
  const factions = view.phase !== "faction" ? null : ctx.reference
    ? h("div", {id: "factions"}, h("div", {class: "section-title"}, "Factions: units, costs and abilities" + (me === null || ctx.replay ? "" : " (your choice stays secret until both have chosen)")),
      h("div", {class: "faction-cards"}, ctx.reference.factions.map((f) => factionCard(f, choose(f.name)))))
    : h("div", {id: "factions"}, h("div", {class: "row"}, view.faction_names.map(choose)));
  // Afterwards: the two chosen factions' cards, one click away.
  const chosen = view.phase !== "faction" && ctx.reference && view.factions[0] ? h("details", {id: "faction-ref", class: "panel small"},
    h("summary", {}, "Faction cards: " + view.factions.join(" v ")),
    h("div", {class: "faction-cards"}, [...new Set(view.factions)].map((name) => factionCard(ctx.reference.factions.find((f) => f.name === name), null)))) : null;
  const endable = actions.some((a) => a.kind === "end");
  const controls = me === null || ctx.replay || view.is_over || view.phase === "faction" || view.phase === "king" ? null : h("div", {class: "row"},
    h("button", {type: "button", id: "end", disabled: !endable, "aria-describedby": endable ? null : "end-why", onclick: () => submit("end")}, view.phase === "place" ? "Done buying" : "End turn"),
    endable || !canAct ? null : h("span", {class: "small muted", id: "end-why"}, view.phase === "place"
      ? "You can still pay for a unit (" + coins(view.coins[me]) + " left) and a build cell is empty: buying goes on (TA2); click a unit, then a cell."
      : view.flame ? "First choose the unit the Flame burns (a ringed cell)." : "A unit of yours must first attack the enemy that Taunts it (its ringed target)."),
    st.actor ? h("button", {type: "button", class: "quiet", onclick: () => { st.actor = null; st.choice = null; ctx.redraw(); }}, "cancel selection") : null);
  fill(root, myFaction, factions, h("div", {class: "ge-wrap"},
    h("div", {class: "ge-board"}, svg),
    h("div", {class: "ge-side"}, phaseLine(view, ctx), choice, controls, cards(view, ctx, st, actions), selected(units.get(st.actor), ctx, view), chosen)));
  keyboardNav(svg, ctx, "taNav");
  const hand = root.querySelector("#cards .hand");
  if (hand) keyboardNav(hand, ctx, "taCards");
}

function unitGlyph(unit, x, y) {
  const colour = seatColour(unit.seat);
  const left = unit.hp - unit.damage;
  const shape = unit.seat === 1
    ? s("rect", {x: x + 0.06, y: y + 0.1, width: 0.88, height: 0.62, rx: 0.08, fill: colour, stroke: "var(--ink)", "stroke-width": 0.03, opacity: unit.cached ? 0.45 : 1})
    : s("ellipse", {cx: x + 0.5, cy: y + 0.42, rx: 0.45, ry: 0.33, fill: colour, stroke: "var(--ink)", "stroke-width": 0.03, opacity: unit.cached ? 0.45 : 1});
  return [shape,
    unit.king ? s("text", {x: x + 0.5, y: y + 0.2, "text-anchor": "middle", "font-size": 0.18, fill: "#fff"}, "♔") : null,
    name(unit.unit, x + 0.5, y + 0.49),
    stats("⚔" + unit.at + " ♥" + left + "/" + unit.hp, x + 0.5, y + 0.95),
    unit.cached ? s("text", {x: x + 0.85, y: y + 0.25, "text-anchor": "middle", "font-size": 0.16, fill: "var(--muted)"}, "c") : null];
}

/** A unit's attack and HP under its glyph: 0.22 of a cell (about 10 px at 400 px wide, where
 *  0.19 was 7 px), squeezed to the cell's width when long (the ⚔ and ♥ glyphs are wide: "⚔1
 *  ♥5/5" is about 0.7 em a character), never cut. */
function stats(text, cx, y) {
  const room = 0.94, em = 0.7, size = 0.22;
  const fits = em * size * text.length <= room;
  return s("text", {class: "ta-stats", x: cx, y, "text-anchor": "middle", "font-size": size, fill: "var(--ink)", "pointer-events": "none",
    textLength: fits ? null : room, lengthAdjust: fits ? null : "spacingAndGlyphs"}, text);
}

/** A unit's whole name on its glyph: smaller for a long name, and squeezed to the glyph's
 *  width when even that is too wide (never cut short). */
function name(text, cx, y) {
  // Bold glyphs average about 0.7 em ("Spammer" at 0.6 em overflowed its glyph at 1280 px).
  const room = 0.72, em = 0.7;
  const size = text.length <= 5 ? 0.2 : Math.max(0.15, Math.min(0.2, room / (em * text.length)));
  const fits = em * size * text.length <= room;
  return s("text", {x: cx, y, "text-anchor": "middle", "font-size": size, "font-weight": 700, fill: "#fff", "pointer-events": "none",
    textLength: fits ? null : room, lengthAdjust: fits ? null : "spacingAndGlyphs"}, text);
}

function mark(list, x, y) {
  const kinds = new Set(list.map((a) => a.kind));
  const cx = x + 0.5;
  const cy = y + 0.5;
  const out = [];
  if (kinds.has("attack")) out.push(s("circle", {cx, cy, r: 0.44, fill: "none", stroke: "var(--danger)", "stroke-width": 0.07, opacity: 0.85}));
  if (kinds.has("ability") || kinds.has("flame")) out.push(s("path", {d: `M${cx - 0.4},${cy} H${cx + 0.4} M${cx},${cy - 0.4} V${cy + 0.4}`, stroke: "var(--focus)", "stroke-width": 0.05}));
  if (kinds.has("move") || kinds.has("place") || kinds.has("king")) out.push(s("circle", {cx, cy, r: 0.13, fill: "var(--target)", opacity: 0.75}));
  return out;
}

function phaseLine(view, ctx) {
  const label = (seat) => (seat === ctx.seat ? "you" : ctx.seat === null ? "seat " + seat : "opponent");
  const words = {faction: "Faction choice", king: "King placement", place: "Build", play: "Turn " + view.turn, over: "Match over"};
  return h("p", {class: "small", id: "phase"},
    h("b", {}, words[view.phase] || view.phase),
    view.turn_seat !== null && view.phase !== "over" ? " · " + label(view.turn_seat) + " to act" : "",
    h("br"), "BitCoins: " + label(0) + " " + view.coins[0] + ", " + label(1) + " " + view.coins[1],
    view.factions && view.factions[0] ? [h("br"), "Factions: " + label(0) + " " + view.factions[0] + ", " + label(1) + " " + view.factions[1]] : null,
    h("br"), quietLine(view));
}

/** The count of turns without damage, both players' turns counted, with where it draws. */
function quietLine(view) {
  const limit = view.quiet_limit;
  if (!limit) return "Turns without damage: " + view.quiet_turns + " (no draw for quiet play in this match)";
  return "Turns without damage: " + view.quiet_turns + " of " + limit +
    " (a draw at " + limit / 2 + (limit === 2 ? " turn" : " turns") + " of each player)";
}

function cards(view, ctx, st, actions) {
  if (!view.cards || ctx.seat === null || ctx.replay || view.phase !== "place") return null;
  const mine = view.cards[ctx.seat];
  const buyable = new Set(actions.filter((a) => a.kind === "place").map((a) => a.actor.slice(5)));
  return h("div", {id: "cards"}, h("div", {class: "section-title"}, "Your faction's units (click one to buy it)"),
    h("div", {class: "hand"}, mine.filter((c) => !c.king).map((c) => h("button", {
      type: "button", class: "card unit s" + ctx.seat + (st.actor === "card:" + c.unit ? " chosen" : ""), "data-card": c.unit, "data-nav": "card " + c.unit,
      disabled: !buyable.has(c.unit),
      title: (cardOf(ctx, view.factions[ctx.seat], c.unit)?.texts || []).map((t) => t.ability + ": " + t.text).join("\n") || c.abilities.join(", "),
      onclick: () => { st.actor = st.actor === "card:" + c.unit ? null : "card:" + c.unit; st.choice = null; ctx.redraw(); },
    }, h("span", {class: "v"}, c.cost), h("span", {class: "n"}, c.unit), h("span", {class: "n"}, "⚔" + c.at + " ♥" + c.hp)))),
    h("p", {class: "small muted"}, "The big number is the unit's cost in BitCoins; ⚔ attack, ♥ HP. Each unit's abilities are under \"Faction cards\"."));
}

function selected(unit, ctx, view) {
  if (!unit) return null;
  const card = cardOf(ctx, view.factions[unit.seat], unit.unit);
  return h("div", {class: "panel small", id: "unit-info"},
    h("b", {}, unit.unit + " on " + unit.cell), h("br"),
    "HP " + (unit.hp - unit.damage) + " of " + unit.hp + " · attack " + unit.at + (unit.at_modifiers.length ? " (" + unit.at_modifiers.join("; ") + ")" : ""), h("br"),
    card ? abilityList(card) : "Abilities: " + (unit.abilities.join(", ") || "none"),
    unit.used.length ? "Used this turn: " + unit.used.join(", ") : null);
}

/** A unit's card in the reference (null until it has come). */
function cardOf(ctx, faction, unit) {
  const f = ctx.reference && ctx.reference.factions.find((x) => x.name === faction);
  return f ? f.units.find((u) => u.unit === unit) || null : null;
}

function abilityList(card) {
  if (!card.texts.length) return h("p", {class: "small muted"}, "No ability.");
  return h("ul", {class: "abilities"}, card.texts.map((t) => h("li", {}, h("b", {}, t.ability + ": "), t.text)));
}

/** One faction's card: its theme, then each unit with cost, HP, AT and abilities in words. */
function factionCard(faction, button) {
  return h("article", {class: "panel faction", "data-faction-card": faction.name},
    h("b", {class: "fname"}, faction.name),
    h("p", {class: "small muted"}, faction.theme),
    button,
    h("ul", {class: "units"}, faction.units.map((u) => h("li", {"data-unit": u.unit},
      h("div", {class: "uhead"}, h("b", {}, (u.king ? "♔ " : "") + u.unit),
        h("span", {class: "num muted"}, (u.king ? "placed free" : u.cost + " BitCoin" + (u.cost === 1 ? "" : "s")) + " · HP " + u.hp + " · AT " + u.at)),
      abilityList(u)))));
}
