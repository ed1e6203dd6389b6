// Generalissimo: the 9x12 board with coordinates, six piece symbols and a legend; click (or
// Tab + Enter) a piece to see its legal destinations (moves as dots, captures as rings, Archer
// shots and Catapult volleys as crosshairs), then a target; "move 1 of 2" and pass; the last
// turn's moves tinted; captured pieces; the board turned for North.
import {fill, focusRing, h, keyboardNav, s} from "../shell/dom.js";

const COLS = "ABCDEFGHI";
const ROWS = 12;
const TYPES = {H: "Horseman", A: "Archer", S: "Shieldman", W: "Swordsman", G: "Guardsman", C: "Catapult"};
const CELL = /[A-I](1[0-2]|[1-9])/g;

/** Cells named in a move's text, in order. */
function cells(text) { return text.toUpperCase().match(CELL) || []; }

/** A legal move parsed for the board: where it starts, the cell a click on which chooses it,
 *  and what kind of mark that cell gets. */
export function parseMove(text) {
  if (text === "pass" || text === "draw") return null;
  const all = cells(text);
  const from = all[0];
  if (text.includes("*")) return {text, from, target: all[all.length - 1], kind: "shot"};
  if (/^[A-I]\d+!$/i.test(text)) return {text, from, target: from, kind: "volley"};
  const target = all[all.length - 1];
  return {text, from, target, kind: text.includes("x") ? "capture" : "move"};
}

/** The move in words, for the chooser when one target cell holds several moves. */
export function describe(text) {
  if (text === "pass") return "Pass: end your turn";
  const all = cells(text);
  if (/!$/.test(text)) return "Volley from " + all[0];
  if (text.includes("!")) return "Volley, then step to " + all[all.length - 1];
  if (text.includes("*")) return all.length === 3 ? "Step to " + all[1] + ", then shoot " + all[2] : "Shoot " + all[1];
  const captures = (text.match(/x([A-I]\d+)/gi) || []).map((c) => c.slice(1).toUpperCase());
  let words = (captures.length ? "Capture on " + captures.join(", ") + ", " : "") + "move to " + all[all.length - 1];
  if (all.length > 2) words += " (via " + all.slice(1, -1).join(", ") + ")";
  return words[0].toUpperCase() + words.slice(1);
}

function pieceAt(board, col, row) {
  const ch = board[ROWS - row][col];
  return ch === "." ? null : ch;
}

function xy(col, row, north) {
  return north ? [COLS.length - 1 - col, row - 1] : [col, ROWS - row];
}

function glyph(letter, x, y) {
  const type = letter.toUpperCase();
  const south = letter === type;
  const fill0 = south ? "var(--seat0)" : "var(--seat1)";
  const cx = x + 0.5;
  const cy = y + 0.5;
  const attrs = {fill: fill0, stroke: "var(--ink)", "stroke-width": 0.04};
  let shape;
  switch (type) {
    case "H": shape = s("polygon", {...attrs, points: `${cx},${cy - 0.4} ${cx + 0.4},${cy + 0.32} ${cx - 0.4},${cy + 0.32}`}); break;
    case "A": shape = s("circle", {...attrs, cx, cy, r: 0.38}); break;
    case "S": shape = s("path", {...attrs, d: `M${cx - 0.36},${cy - 0.36} H${cx + 0.36} V${cy} Q${cx + 0.36},${cy + 0.3} ${cx},${cy + 0.42} Q${cx - 0.36},${cy + 0.3} ${cx - 0.36},${cy} Z`}); break;
    case "W": shape = s("polygon", {...attrs, points: `${cx},${cy - 0.42} ${cx + 0.4},${cy} ${cx},${cy + 0.42} ${cx - 0.4},${cy}`}); break;
    case "G": {
      const pts = [];
      for (let i = 0; i < 8; i++) { const a = Math.PI / 8 + (i * Math.PI) / 4; pts.push(`${(cx + 0.4 * Math.cos(a)).toFixed(3)},${(cy + 0.4 * Math.sin(a)).toFixed(3)}`); }
      shape = s("polygon", {...attrs, points: pts.join(" ")});
      break;
    }
    default: shape = s("rect", {...attrs, x: cx - 0.36, y: cy - 0.3, width: 0.72, height: 0.6, rx: 0.08});
  }
  return [shape, s("text", {x: cx, y: cy + 0.13, "text-anchor": "middle", "font-size": 0.36, "font-weight": 700, fill: "#fff", "pointer-events": "none"}, letter)];
}

export function status(view, ctx) {
  const sel = selection(view, ctx);
  const which = view.moves_left === 2 ? "move 1 of 2" : view.moved ? "move 2 of 2" : "single move";
  if (sel.from) return "Your " + which + ": choose where the " + TYPES[pieceAt(view.board, COLS.indexOf(sel.from[0]), Number(sel.from.slice(1))).toUpperCase()] + " on " + sel.from + " goes (Escape cancels).";
  return "Your " + which + ": click one of your pieces" + (view.moved ? " (not the one on " + view.moved + "), or pass." : ".");
}

function selection(view, ctx) {
  if (!ctx.local.ge || ctx.local.ge.decision !== view.decision) ctx.local.ge = {decision: view.decision, from: null, choice: null};
  return ctx.local.ge;
}

export function render(root, view, ctx) {
  const north = ctx.seat === 1;
  const sel = selection(view, ctx);
  const canMove = ctx.mustAct && !ctx.replay && !view.is_over;
  const moves = canMove && ctx.legal ? ctx.legal.map(parseMove).filter(Boolean) : [];
  const byFrom = new Map();
  for (const move of moves) {
    if (!byFrom.has(move.from)) byFrom.set(move.from, []);
    byFrom.get(move.from).push(move);
  }
  const targets = new Map();
  if (sel.from) for (const move of byFrom.get(sel.from) || []) {
    if (!targets.has(move.target)) targets.set(move.target, []);
    targets.get(move.target).push(move);
  }
  // The last turn's moves: this seat's moves of its previous turn, kept across frames.
  const turns = ctx.local.geLast || (ctx.local.geLast = {key: null, moves: []});
  if (view.last_move && turns.key !== view.decision) {
    const last = view.last_move;
    const previous = turns.moves[turns.moves.length - 1];
    turns.moves = previous && previous.seat === last.seat && previous.text !== last.text ? [previous, last] : [last];
    turns.key = view.decision;
  }
  const tinted = new Set();
  for (const m of turns.moves) for (const c of cells(m.text)) tinted.add(c);

  const submit = async (text) => {
    try { await ctx.submit(text); sel.from = null; sel.choice = null; } catch { /* shown by the shell */ }
    ctx.redraw();
  };
  const clickCell = (cell) => {
    if (!canMove) return;
    if (targets.has(cell)) {
      const options = targets.get(cell);
      if (options.length === 1) { submit(options[0].text); return; }
      sel.choice = cell;
      ctx.redraw();
      return;
    }
    sel.choice = null;
    sel.from = sel.from === cell || !byFrom.has(cell) ? null : cell;
    ctx.redraw();
  };

  const parts = [];
  for (let row = 1; row <= ROWS; row++) {
    for (let col = 0; col < COLS.length; col++) {
      const [x, y] = xy(col, row, north);
      const cell = COLS[col] + row;
      const piece = pieceAt(view.board, col, row);
      const mine = piece && ctx.seat !== null && (piece === piece.toUpperCase()) === (ctx.seat === 0);
      const movable = byFrom.has(cell);
      const target = targets.get(cell);
      const label = cell + ": " + (piece ? (piece === piece.toUpperCase() ? "South " : "North ") + TYPES[piece.toUpperCase()] : "empty") +
        (movable ? ", can move" : "") + (target ? ", " + target.map((m) => describe(m.text)).join(" or ") : "");
      const focusable = movable || target;
      const g = s("g", {class: "cell", "data-cell": cell, "data-nav": cell, "data-piece": piece || null, role: focusable ? "button" : null, "aria-label": label,
        onclick: () => clickCell(cell)},
        s("rect", {x, y, width: 1, height: 1, fill: (col + row) % 2 ? "var(--cell)" : "var(--cell-alt)"}),
        tinted.has(cell) ? s("rect", {x, y, width: 1, height: 1, fill: "var(--select)", opacity: 0.35}) : null,
        sel.from === cell ? s("rect", {x: x + 0.03, y: y + 0.03, width: 0.94, height: 0.94, fill: "none", stroke: "var(--select)", "stroke-width": 0.08}) : null,
        piece ? glyph(piece, x, y) : null,
        movable && !sel.from && mine ? s("circle", {cx: x + 0.88, cy: y + 0.12, r: 0.07, fill: "var(--target)", opacity: 0.8}) : null,
        target ? mark(target, x, y) : null,
        focusRing(x, y, 1, 1));
      parts.push(g);
    }
  }
  // Coordinates around the board.
  for (let col = 0; col < COLS.length; col++) {
    const [x] = xy(col, 1, north);
    parts.push(s("text", {x: x + 0.5, y: ROWS + 0.38, "text-anchor": "middle", "font-size": 0.3, fill: "var(--muted)"}, COLS[col]));
  }
  for (let row = 1; row <= ROWS; row++) {
    const [, y] = xy(0, row, north);
    parts.push(s("text", {x: -0.12, y: y + 0.6, "text-anchor": "end", "font-size": 0.3, fill: "var(--muted)"}, row));
  }
  const svg = s("svg", {class: "board-svg ge", viewBox: `-0.55 -0.05 ${COLS.length + 0.6} ${ROWS + 0.5}`, role: "group", "aria-label": "the board, " + (north ? "North at the bottom" : "South at the bottom")}, parts);
  if (!ctx.local.geEscape && !ctx.replay) {
    ctx.local.geEscape = true;
    document.addEventListener("keydown", (event) => {
      const current = ctx.local.ge;
      if (event.key === "Escape" && current && (current.from || current.choice)) { current.from = null; current.choice = null; ctx.redraw(); }
    });
  }

  const chooser = sel.choice && targets.has(sel.choice) ? h("div", {class: "row", id: "chooser"},
    h("span", {}, "On " + sel.choice + ":"),
    targets.get(sel.choice).map((m) => h("button", {type: "button", "data-move": m.text, onclick: () => submit(m.text)}, describe(m.text))),
    h("button", {type: "button", class: "quiet", onclick: () => { sel.choice = null; ctx.redraw(); }}, "cancel")) : null;
  const offer = view.draw_offer !== null && view.draw_offer !== undefined && view.draw_offer !== ctx.seat && ctx.seat !== null
    ? h("p", {class: "muted", id: "draw-offer"}, (ctx.mustAct ? "Your opponent offers a draw: the draw button accepts it; any move declines it." : "Your opponent offers a draw: on your turn, the draw button accepts it; any move declines it.")) : null;
  const controls = ctx.seat === null || ctx.replay || view.is_over ? null : h("div", {class: "row"},
    h("button", {type: "button", id: "pass", disabled: !canMove || !(ctx.legal || []).includes("pass"), onclick: () => submit("pass")}, view.moved ? "Pass: end the turn" : "Pass the whole turn"),
    sel.from ? h("button", {type: "button", class: "quiet", onclick: () => { sel.from = null; sel.choice = null; ctx.redraw(); }}, "cancel selection") : null);

  fill(root,
    h("div", {class: "ge-wrap"},
      h("div", {class: "ge-board"}, svg),
      h("div", {class: "ge-side"}, chooser, controls, offer, turnInfo(view, ctx), captured(view), legend())));
  keyboardNav(svg, ctx, "geNav");
}

function mark(moves, x, y) {
  const kinds = new Set(moves.map((m) => m.kind));
  const cx = x + 0.5;
  const cy = y + 0.5;
  const out = [];
  if (kinds.has("capture")) out.push(s("circle", {cx, cy, r: 0.44, fill: "none", stroke: "var(--target)", "stroke-width": 0.08, opacity: 0.85}));
  if (kinds.has("shot") || kinds.has("volley")) {
    out.push(s("circle", {cx, cy, r: 0.3, fill: "none", stroke: "var(--danger)", "stroke-width": 0.06}),
      s("path", {d: `M${cx - 0.42},${cy} H${cx + 0.42} M${cx},${cy - 0.42} V${cy + 0.42}`, stroke: "var(--danger)", "stroke-width": 0.05}));
  }
  if (kinds.has("move")) out.push(s("circle", {cx, cy, r: 0.14, fill: "var(--target)", opacity: 0.7}));
  return out;
}

function turnInfo(view, ctx) {
  const side = view.to_move === 0 ? "South" : "North";
  const who = view.to_move === ctx.seat ? "you" : ctx.seat === null ? side : "your opponent";
  const left = view.moves_left === 2 ? "2 moves left" : "1 move left";
  return h("p", {class: "small", id: "turn"},
    view.is_over ? "Match over." : side + (ctx.seat === null ? "" : " (" + who + ")") + " to move: " + left + (view.moved ? ", the piece on " + view.moved + " has moved" : "") + ".",
    h("br"), "Turns without a capture: " + view.quiet_turns + " of " + view.quiet_turn_limit + " (" + view.quiet_turn_limit / 2 + " of each player: then a draw)" + " · archers: " + view.archer,
    view.last_move ? [h("br"), "Last move: " + (view.last_move.seat === 0 ? "South " : "North ") + view.last_move.text] : null,
    repetition(view));
}

/** A warning once the position on the board has occurred twice: a third time draws (GE8). */
function repetition(view) {
  if (view.is_over || !(view.repetitions >= 2)) return null;
  return [h("br"), h("b", {class: "bad", id: "repetition"},
    "This position (the same side to move) has now occurred twice since the last capture: if it occurs once more, the match is drawn by repetition.")];
}

/** The pieces each side lost since the match's starting position (the view's `lost`: a
 *  set-up position may hold fewer than a full army). */
function captured(view) {
  const row = (side, lower) => h("div", {class: "row small"}, h("b", {}, side + " lost:"),
    Object.keys(TYPES).map((t) => {
      const lost = view.lost[side][TYPES[t]];
      return lost ? h("span", {}, (lower ? t.toLowerCase() : t) + "×" + lost) : null;
    }).filter(Boolean).concat(h("span", {class: "muted"}, "")));
  return h("div", {id: "captured"}, h("div", {class: "section-title"}, "Captured pieces"), row("South", false), row("North", true));
}

function legend() {
  return h("div", {id: "legend"}, h("div", {class: "section-title"}, "Pieces (South in capitals, North in lower case)"),
    h("div", {class: "legend"}, Object.entries(TYPES).map(([t, name]) => h("div", {class: "row small"},
      s("svg", {viewBox: "0 0 1 1", width: 22, height: 22, "aria-hidden": "true"}, glyph(t, 0, 0)), name))),
    h("p", {class: "small muted"}, "Dots: moves · rings: captures · crosshairs: Archer shots and Catapult volleys."));
}
