// Tactical Genius: the 10x3 board with each unit's name, type, health bar and skills; in a
// reinforcement phase an army builder with a live points budget (name, type, stats, skills, the
// speed bonuses still free, a cell clicked in your columns) and advance; in a command phase an
// order per unit by clicking a target tile or a button; the resolution order and the units.
import {fill, focusRing, h, keyboardNav, s, seatColour} from "../shell/dom.js";

const COLS = "ABCDEFGHIJ";
const OWN = {0: "ABCD", 1: "GHIJ"};
const COLOUR = ["green", "blue"];
const EDGE = ["J", "A"];

/** "your columns (A-D, green)": the columns a seat builds in, named (null seat: none). */
function yourColumns(seat) {
  return seat === null ? "your columns" : "your columns (" + OWN[seat][0] + "-" + OWN[seat][3] + ", " + COLOUR[seat] + ")";
}

/** The board's legend: whose columns are whose, and the far-edge win (TG8), in words. */
function legend(seat) {
  const side = (s) => (s === seat ? "Yours" : s === 0 ? "Green's" : "Blue's") + ": columns " + OWN[s][0] + "-" + OWN[s][3] + " (" + COLOUR[s] + ", " + (s === 0 ? "left" : "right") + ")";
  return h("p", {class: "small", id: "tg-legend"}, side(0) + " · " + side(1) + ". ",
    h("b", {}, "Far edge: "), "a unit that reaches the other side's last column (column " + EDGE[0] + " for Green, " + EDGE[1] + " for Blue) wins the match at once.");
}

/** A type of the match's table, from the reference data (null until it has come). */
function typeOf(ctx, name) {
  return (ctx.reference && ctx.reference.types.find((t) => t.name === name)) || null;
}

function local(view, ctx) {
  if (!ctx.local.tg || ctx.local.tg.decision !== view.decision) {
    ctx.local.tg = {decision: view.decision, unit: null, orders: {}, choice: null, placements: [], advance: false,
      draft: {type: null, cell: null, name: "", bonus: null, hp: 0, atk: 0, def: 0, spd: 0, skills: []}};
  }
  return ctx.local.tg;
}

function cost(p) {
  return 3 + p.skills.length + p.hp + p.atk + p.def + p.spd;
}

function placement(p) {
  let text = "place " + p.name + " " + p.type + " " + p.cell + " bonus=" + p.bonus;
  for (const k of ["hp", "atk", "def", "spd"]) if (p[k]) text += " " + k + "=" + p[k];
  if (p.skills.length) text += " skills=" + p.skills.join(",");
  return text;
}

/** A submission as the page shows it (log, receipts): the notation's `bonus=0.26` field said
 *  in words; what is sent and recorded keeps the notation. */
export function describe(text) {
  return String(text).replace(/ bonus=(\d*\.\d+)/g, " (speed +$1)");
}

export function status(view, ctx) {
  const st = local(view, ctx);
  if (view.phase === "reinforcement") {
    if (!st.draft.cell) return "Reinforcement, round " + view.round + ": click an empty cell of " + yourColumns(ctx.seat) + " to build a unit there, advance, or send.";
    return "Build the unit on " + st.draft.cell + ": type, stats and skills, then add it (" + (view.points_left[ctx.seat] - st.placements.reduce((n, p) => n + cost(p), 0)) + " points left).";
  }
  if (st.unit) return "Choose " + st.unit + "'s order: a target tile or a button (Escape cancels).";
  return "Command, round " + view.round + ": click one of your units to give it an order, then send the orders.";
}

export function render(root, view, ctx) {
  const st = local(view, ctx);
  const me = ctx.seat;
  const canAct = ctx.mustAct && !ctx.replay && !view.is_over && !ctx.submitted;
  const legal = canAct && ctx.legal ? ctx.legal : [];
  const alive = view.units.filter((u) => u.alive);
  const byCell = new Map(alive.map((u) => [u.cell, u]));
  const narrow = narrowScreen();
  const commanding = view.phase === "command";
  // Command phase: each unit's legal single orders.
  const ordersOf = new Map();
  if (commanding) for (const text of legal) {
    if (text === "pass") continue;
    const name = text.split(" ")[0];
    if (!ordersOf.has(name)) ordersOf.set(name, []);
    ordersOf.get(name).push(text);
  }
  const targets = new Map();
  if (commanding && st.unit) for (const text of ordersOf.get(st.unit) || []) {
    const cell = (text.match(/ ([A-J][1-3])$/) || [])[1];
    if (cell) { if (!targets.has(cell)) targets.set(cell, []); targets.get(cell).push(text); }
  }
  const building = view.phase === "reinforcement" && canAct;
  const examples = legal.filter((t) => t.startsWith("place "));
  const types = [...new Set(examples.map((t) => t.split(" ")[2]))];
  if (building && !st.draft.type && types.length) st.draft.type = types[0];
  if (building && !st.draft.name && examples.length) st.draft.name = freeName(examples[0].split(" ")[1], view, st);
  const usedBonuses = new Set(st.placements.map((p) => p.bonus));
  const freeBonuses = me === null ? [] : view.bonuses[me].filter((b) => !usedBonuses.has(b));
  if (building && (!st.draft.bonus || usedBonuses.has(st.draft.bonus))) st.draft.bonus = freeBonuses[0] ?? null;

  const clickCell = (cell) => {
    if (!canAct) return;
    if (commanding) {
      if (st.unit && targets.has(cell)) {
        const options = targets.get(cell);
        if (options.length === 1) { st.orders[st.unit] = options[0]; st.unit = null; st.choice = null; } else st.choice = cell;
      } else {
        const unit = byCell.get(cell);
        st.unit = unit && unit.seat === me && ordersOf.has(unit.name) && st.unit !== unit.name ? unit.name : null;
        st.choice = null;
      }
    } else if (building && OWN[me].includes(cell[0]) && !byCell.has(cell) && !st.placements.some((p) => p.cell === cell)) {
      // A second click on the chosen cell keeps the form and what is in it (closing it would
      // lose the unit being made without a word): "cancel" or Escape closes it.
      if (st.draft.cell === cell) st.draft.again = true;
      st.draft.cell = cell;
    }
    ctx.redraw();
  };
  if (!ctx.local.tgEscape && !ctx.replay) {
    ctx.local.tgEscape = true;
    document.addEventListener("keydown", (event) => {
      const cur = ctx.local.tg;
      if (event.key === "Escape" && cur && (cur.unit || cur.draft.cell)) { cur.unit = null; cur.choice = null; cur.draft.cell = null; ctx.redraw(); }
    });
  }

  const parts = [];
  for (let c = 0; c < 10; c++) for (let r = 1; r <= 3; r++) {
    const cell = COLS[c] + r;
    const x = c;
    const y = r - 1;
    const unit = byCell.get(cell);
    const side = OWN[0].includes(COLS[c]) ? 0 : OWN[1].includes(COLS[c]) ? 1 : null;
    const queued = st.placements.find((p) => p.cell === cell);
    const target = targets.get(cell);
    const selectable = canAct && ((commanding && ((unit && unit.seat === me && ordersOf.has(unit.name)) || target)) || (building && side === me && !unit));
    const label = cell + ": " + (unit ? (unit.seat === me ? "your " : "enemy ") + unit.type + " " + unit.name + ", health " + unit.health + " of " + unit.max_health + ", attack " + unit.attack + ", defense " + unit.defense + ", speed " + unit.speed + (unit.skills.length ? ", skills " + unit.skills.join(", ") : "") : "empty") +
      (target ? ": " + target.join(" or ") : "");
    parts.push(s("g", {class: "cell", "data-cell": cell, "data-nav": cell, role: selectable ? "button" : null, "aria-label": label,
      onclick: () => clickCell(cell)},
      s("rect", {x, y, width: 1, height: 1, fill: (c + r) % 2 ? "var(--cell)" : "var(--cell-alt)"}),
      side !== null ? s("rect", {x, y, width: 1, height: 1, fill: side === 0 ? "var(--seat0-soft)" : "var(--seat1-soft)"}) : null,
      st.draft.cell === cell || (unit && st.unit === unit.name) ? s("rect", {x: x + 0.03, y: y + 0.03, width: 0.94, height: 0.94, fill: "none", stroke: "var(--select)", "stroke-width": 0.07}) : null,
      unit ? unitGlyph(unit, x, y, st.orders[unit.name], narrow) : null,
      queued ? nameText("+" + queued.name, x + 0.5, y + 0.6, narrow ? 0.3 : 0.2, 0.9, {fill: "var(--muted)", class: "queued-name"}) : null,
      target ? s("circle", {cx: x + 0.5, cy: y + 0.5, r: 0.42, fill: "none", stroke: target.some((t) => t.includes(" attack ")) ? "var(--danger)" : "var(--focus)", "stroke-width": 0.06}) : null,
      focusRing(x, y, 1, 1)));
  }
  for (let c = 0; c < 10; c++) parts.push(s("text", {x: c + 0.5, y: 3.32, "text-anchor": "middle", "font-size": 0.24, fill: "var(--muted)"}, COLS[c]));
  for (let r = 1; r <= 3; r++) parts.push(s("text", {x: -0.1, y: r - 0.42, "text-anchor": "end", "font-size": 0.24, fill: "var(--muted)"}, r));
  const svg = s("svg", {class: "strip-svg tg", viewBox: "-0.4 -0.05 10.45 3.45", width: 720, role: "group", "aria-label": "the board: Green columns A-D face right, Blue columns G-J face left"}, parts);

  fill(root,
    h("div", {class: "row", id: "tg-phase"}, h("b", {}, view.is_over ? "Match over" : "Round " + view.round + " of " + view.rounds + ", " + view.phase + " phase"),
      h("span", {class: "muted small"}, "· points left: " + label(0, ctx) + " " + view.points_left[0] + ", " + label(1, ctx) + " " + view.points_left[1] + " · kill value " + view.kills[0] + "–" + view.kills[1])),
    svg,
    legend(me),
    commanding && me !== null && !ctx.replay && !view.is_over ? commandPanel(view, ctx, st, ordersOf, targets, canAct) : null,
    view.phase === "reinforcement" && me !== null && !ctx.replay && !view.is_over ? buildPanel(view, ctx, st, types, freeBonuses, canAct) : null,
    h("div", {class: "tg-tables"}, orderTable(view, ctx), unitsTable(view, ctx)),
    chart(ctx));
  keyboardNav(svg, ctx, "tgNav");
}

function label(seat, ctx) {
  return seat === ctx.seat ? "you" : ctx.seat === null ? ["Green", "Blue"][seat] : "opponent";
}

function freeName(base, view, st) {
  const taken = new Set([...view.units.map((u) => u.name.toLowerCase()), ...st.placements.map((p) => p.name.toLowerCase())]);
  const m = base.match(/^(.*?)(\d+)$/);
  let n = m ? Number(m[2]) : 1;
  const stem = m ? m[1] : base;
  let name = m ? base : base + n;
  while (taken.has(name.toLowerCase())) name = stem + ++n;
  return name;
}

/** On a narrow screen (a cell is about 37 px at 400 px wide) a unit shows its name only, three
 *  tenths of a cell high (about 11 px; squeezed to the cell when long): its type, skills and
 *  order are in the tables below and in the cell's label. */
function narrowScreen() {
  return typeof matchMedia === "function" && matchMedia("(max-width: 700px)").matches;
}

/** A name centred at (x, y) in `size`, squeezed to `room` board units when longer (bold
 *  letters are about 0.62 em wide). */
function nameText(text, x, y, size, room, attrs) {
  const squeeze = 0.62 * size * text.length > room ? {textLength: room, lengthAdjust: "spacingAndGlyphs"} : {};
  return s("text", {x, y, "text-anchor": "middle", "font-size": size, ...squeeze, ...attrs}, text);
}

function unitGlyph(unit, x, y, order, narrow) {
  const colour = seatColour(unit.seat);
  const frac = Math.max(0, Math.min(1, unit.health / unit.max_health));
  return [
    unit.seat === 1 ? s("rect", {x: x + 0.1, y: y + 0.08, width: 0.8, height: 0.5, rx: 0.06, fill: colour}) : s("rect", {x: x + 0.1, y: y + 0.08, width: 0.8, height: 0.5, rx: 0.25, fill: colour}),
    narrow ? nameText(unit.name, x + 0.5, y + 0.44, 0.3, 0.74, {"font-weight": 700, fill: "#fff", class: "unit-name"})
      : s("text", {x: x + 0.5, y: y + 0.3, "text-anchor": "middle", "font-size": 0.19, "font-weight": 700, fill: "#fff", class: "unit-name"}, unit.name),
    narrow ? null : s("text", {x: x + 0.5, y: y + 0.51, "text-anchor": "middle", "font-size": 0.15, fill: "#fff"}, unit.type),
    s("rect", {x: x + 0.1, y: y + 0.64, width: 0.8, height: 0.08, fill: "var(--line)"}),
    s("rect", {x: x + 0.1, y: y + 0.64, width: 0.8 * frac, height: 0.08, fill: frac > 0.5 ? "var(--ok)" : frac > 0.25 ? "var(--select)" : "var(--danger)"}),
    narrow ? null : s("text", {x: x + 0.5, y: y + 0.9, "text-anchor": "middle", "font-size": 0.14, fill: "var(--ink)"}, order ? order.split(" ").slice(1).join(" ") : unit.skills.join(" ")),
  ];
}

function commandPanel(view, ctx, st, ordersOf, targets, canAct) {
  const mine = view.units.filter((u) => u.alive && u.seat === ctx.seat);
  const send = async () => {
    const text = mine.map((u) => st.orders[u.name]).filter(Boolean).join("; ") || "pass";
    try { await ctx.submit(text); } catch { /* shown by the shell */ }
    ctx.redraw();
  };
  const buttons = st.unit ? (ordersOf.get(st.unit) || []).filter((t) => !/ [A-J][1-3]$/.test(t)) : [];
  const choice = st.choice && targets.has(st.choice) ? targets.get(st.choice) : null;
  const pick = (text) => { st.orders[st.unit] = text; st.unit = null; st.choice = null; ctx.redraw(); };
  return h("div", {class: "panel", id: "command"},
    st.unit ? h("div", {class: "row", id: "unit-orders"}, h("b", {}, st.unit + ":"),
      buttons.map((t) => h("button", {type: "button", "data-order": t, onclick: () => pick(t)}, t.split(" ").slice(1).join(" "))),
      h("span", {class: "small muted"}, targets.size ? "or click a ringed tile (red: attack, violet: skill)" : "")) : null,
    choice ? h("div", {class: "row", id: "chooser"}, choice.map((t) => h("button", {type: "button", "data-order": t, onclick: () => pick(t)}, t.split(" ").slice(1).join(" ")))) : null,
    h("div", {class: "section-title"}, "Orders this phase"),
    h("ul", {class: "orders", id: "orders"}, mine.map((u) => h("li", {"data-unit": u.name}, (st.orders[u.name] || u.name + " idle"),
      st.orders[u.name] ? h("button", {type: "button", class: "quiet", "aria-label": "clear " + u.name + "'s order", onclick: () => { delete st.orders[u.name]; ctx.redraw(); }}, "×") : null))),
    h("div", {class: "row"}, h("button", {type: "button", class: "primary", id: "send-orders", disabled: !canAct, onclick: send},
      ctx.submitted ? "Sent: " + describe(ctx.pending ?? "") : "Send the orders")),
    ctx.submitted ? h("span", {class: "muted small", id: "sent"}, "sealed until your opponent sends theirs") : null);
}

function buildPanel(view, ctx, st, types, freeBonuses, canAct) {
  const d = st.draft;
  const known = typeOf(ctx, d.type);
  const left = view.points_left[ctx.seat] - st.placements.reduce((n, p) => n + cost(p), 0);
  // A name or a number typed updates the draft and what depends on it (the Add button, its
  // reason, the send button) in place as one types, never by redrawing: the box's change event
  // comes only on the click that follows, and a redraw then replaced the button under the
  // pointer (the click was lost) while the buttons still showed the old name ("Add Gr1" beside
  // a box reading "A1").
  const stat = (key, max, value) => { d[key] = Math.max(0, Number(value) || 0); if (max !== undefined) d[key] = Math.min(max, d[key]); };
  const number = (key, max) => h("label", {class: "stat"}, key + " ",
    h("input", {type: "number", id: "build-" + key, min: 0, max: max ?? null, value: d[key], oninput: (e) => { stat(key, max, e.target.value); sync(); }, onchange: (e) => { stat(key, max, e.target.value); e.target.value = String(d[key]); sync(); }}));
  const skills = known ? known.learns : [];
  const problem = () => (canAct ? addProblem(ctx, view, st, d, left) : null);
  const why = problem();
  const ready = canAct && !why;
  const add = () => {
    st.placements.push({...d, skills: [...d.skills]});
    st.draft = {type: d.type, cell: null, name: "", bonus: null, hp: 0, atk: 0, def: 0, spd: 0, skills: []};
    ctx.redraw();
  };
  // The unit being built goes out with the send when it is ready (sending would otherwise
  // drop it without a word); sending nothing at all asks first.
  const withDraft = Boolean(d.cell) && ready;
  const empty = !st.placements.length && !st.advance && !withDraft;
  const send = async () => {
    // As the draft is now (typed since the last redraw), not as it was drawn.
    const drafted = Boolean(d.cell) && canAct && !problem();
    const none = !st.placements.length && !st.advance && !drafted;
    if (none && !st.passAsked) { st.passAsked = true; ctx.redraw(); return; }
    st.passAsked = false;
    const placed = drafted ? [...st.placements, {...d, skills: [...d.skills]}] : st.placements;
    const items = [...(st.advance ? ["advance"] : []), ...placed.map(placement)];
    try { await ctx.submit(items.join("; ") || "pass"); } catch { /* shown by the shell */ }
    ctx.redraw();
  };
  const sendWords = (drafted) => (ctx.submitted ? "Sent"
    : drafted ? "Add " + d.name + " and send" + (st.placements.length ? " (" + (st.placements.length + 1) + " units)" : "")
    : st.placements.length || st.advance ? "Send" : "Send: pass (no unit)…");
  const addWords = () => "Add " + (d.name || "the unit") + " (" + cost(d) + " points)";
  const canAdvance = (ctx.legal || []).includes("advance");
  const addButton = h("button", {type: "button", id: "add-unit", disabled: !ready, "aria-describedby": why ? "add-why" : null, onclick: add}, addWords());
  const whyText = h("span", {class: "why", id: "add-why", role: "status", hidden: !why}, why || "");
  const sendButton = h("button", {type: "button", class: empty ? null : "primary", id: "send-build", disabled: !canAct, onclick: send}, sendWords(withDraft));
  const sync = () => {
    const now = problem();
    const drafted = Boolean(d.cell) && canAct && !now;
    addButton.disabled = !(canAct && !now);
    addButton.textContent = addWords();
    if (now) addButton.setAttribute("aria-describedby", "add-why"); else addButton.removeAttribute("aria-describedby");
    whyText.textContent = now || "";
    whyText.hidden = !now;
    sendButton.textContent = sendWords(drafted);
    sendButton.className = !st.placements.length && !st.advance && !drafted ? "" : "primary";
  };
  return h("div", {class: "panel", id: "build"},
    h("div", {class: "row"}, h("b", {}, "Build"), h("span", {class: "num", id: "budget"}, "points left after these: " + left),
      h("span", {class: "small muted"}, "cost = 3 + 1 per skill + every stat point")),
    d.cell ? h("div", {id: "builder"},
      h("div", {class: "row"},
        h("label", {}, "name ", h("input", {id: "build-name", value: d.name, size: 6, maxlength: 5, oninput: (e) => { d.name = e.target.value.trim(); sync(); }})),
        h("label", {}, "type ", h("select", {id: "build-type", onchange: (e) => { d.type = e.target.value; d.skills = []; ctx.redraw(); }},
          types.map((t) => h("option", {value: t, selected: t === d.type}, t + (typeOf(ctx, t) ? " (" + typeOf(ctx, t).class + ")" : ""))))),
        h("label", {}, "speed bonus ", h("select", {id: "build-bonus", onchange: (e) => { d.bonus = e.target.value; ctx.redraw(); }},
          freeBonuses.map((b) => h("option", {value: b, selected: b === d.bonus}, b)))),
        h("span", {}, "on " + d.cell),
        d.again ? h("span", {class: "small muted", id: "build-again"}, "(" + d.cell + " is chosen: fill in the unit, or cancel)") : null),
      h("div", {class: "row"}, number("hp"), number("atk", 5), number("def", 5), number("spd")),
      known ? h("div", {class: "row", id: "build-skills"}, h("span", {class: "small"}, "skills (up to 2):"),
        skills.map((k) => h("label", {class: "small", title: skillText(ctx, k)}, h("input", {type: "checkbox", value: k, "data-skill": k, checked: d.skills.includes(k), disabled: !d.skills.includes(k) && d.skills.length >= 2,
          onchange: (e) => { d.skills = e.target.checked ? [...d.skills, k] : d.skills.filter((x) => x !== k); ctx.redraw(); }}), " " + k)))
        : h("label", {class: "small"}, "skills (comma-separated ids) ", h("input", {id: "build-skills-text", value: d.skills.join(","), onchange: (e) => { d.skills = e.target.value.split(",").map((x) => x.trim()).filter(Boolean); ctx.redraw(); }})),
      h("div", {class: "row"}, addButton,
        h("button", {type: "button", class: "quiet", onclick: () => { d.cell = null; ctx.redraw(); }}, "cancel"),
        whyText))
      : h("p", {class: "small muted"}, "Click an empty cell of " + yourColumns(ctx.seat) + " to build a unit there."),
    st.placements.length ? h("ul", {class: "orders", id: "placements"}, st.placements.map((p, i) => h("li", {}, describe(placement(p)),
      h("button", {type: "button", class: "quiet", "aria-label": "remove " + p.name, onclick: () => { st.placements.splice(i, 1); ctx.redraw(); }}, "×")))) : null,
    h("div", {class: "row"},
      h("label", {}, h("input", {type: "checkbox", id: "advance", disabled: !canAdvance, checked: st.advance, onchange: (e) => { st.advance = e.target.checked; ctx.redraw(); }}), " advance all your units one column"),
      sendButton),
    empty && st.passAsked && canAct ? h("div", {class: "row confirm", id: "pass-confirm", role: "alert"},
      h("span", {}, "Send nothing this round? No unit is built and none advances: the reinforcement phase ends for you."),
      h("button", {type: "button", class: "danger", id: "pass-yes", onclick: send}, "Yes, pass"),
      h("button", {type: "button", class: "quiet", id: "pass-no", onclick: () => { st.passAsked = false; ctx.redraw(); }}, "Keep building")) : null,
    ctx.submitted ? h("span", {class: "muted small", id: "sent"}, "sealed until your opponent sends theirs") : null);
}

/** Why the unit cannot be added yet (null: it can), with the engine's own name rule (the
 *  reference data's ``names``: pattern, cell-like pattern, reserved words) and its budget. */
function addProblem(ctx, view, st, d, left) {
  if (!d.type) return "choose a type";
  if (!d.bonus) return "no speed bonus left to give it";
  const name = nameProblem(ctx, view, st, d.name);
  if (name) return name;
  if (cost(d) > left) return "it costs " + cost(d) + " points and " + Math.max(left, 0) + " are left";
  if (d.skills.length > 2) return "a unit learns at most 2 skills";
  return null;
}

function nameProblem(ctx, view, st, name) {
  if (!name) return "give it a name";
  const rule = ctx.reference && ctx.reference.names;
  if (rule && !new RegExp(rule.pattern).test(name)) return "a unit name is 1-5 letters or digits, got '" + name + "'";
  if (rule && rule.reserved.includes(name.toLowerCase())) return "'" + name + "' would confuse your opponent: it is a type name or keyword";
  if (rule && new RegExp(rule.cell_like).test(name)) return "'" + name + "' would confuse your opponent: it reads as a cell";
  const lower = name.toLowerCase();
  const unit = view.units.find((u) => u.name.toLowerCase() === lower);
  if (unit) return unit.seat === ctx.seat ? "you already have a unit named " + unit.name : unit.name + " is an opponent's unit name";
  if (st.placements.some((p) => p.name.toLowerCase() === lower)) return "another unit in this build is named " + name;
  return null;
}

function skillText(ctx, id) {
  const skill = ctx.reference && ctx.reference.skills.find((k) => k.id === id);
  return skill ? skill.name + " (" + skill.priority + " priority; " + skill.target + "): " + skill.text : id;
}

const ORDER_WORDS = {attack: "attacks", move: "moves", idle: "idles"};

/** The resolution order: the priority classes from the table, then this phase's units by
 *  speed (the spreadsheet's order list). */
function orderTable(view, ctx) {
  const steps = ctx.reference ? ctx.reference.resolution : [];
  return h("details", {id: "resolution", class: "panel small", open: true},
    h("summary", {class: "section-title"}, "Resolution order"),
    steps.length ? h("ol", {id: "priorities"}, steps.map((p) => h("li", {},
      h("b", {}, p.priority[0].toUpperCase() + p.priority.slice(1) + " priority: "),
      [...p.orders.map((o) => ORDER_WORDS[o] || o), ...p.skills.map((k) => (ctx.reference.skills.find((x) => x.id === k) || {name: k}).name)].join(", ")))) : null,
    h("p", {class: "muted"}, "Within each class the fastest unit acts first, chosen afresh after every action; a unit killed before its turn does nothing. Speeds now:"),
    h("ol", {class: "small", id: "speeds"}, view.order.map((o) => h("li", {class: "s" + o.seat + "t"}, o.name + " · speed " + o.speed))));
}

/** The units chart and the skills of the match's table, collapsible. */
function chart(ctx) {
  const ref = ctx.reference;
  if (!ref) return null;
  const skillName = (id) => (ref.skills.find((k) => k.id === id) || {name: id}).name;
  return h("div", {class: "tg-ref"},
    h("details", {id: "types-chart", class: "panel small"},
      h("summary", {class: "section-title"}, "Units chart (" + ref.table + ")"),
      h("div", {class: "scroll-x"}, h("table", {class: "grid"},
        h("tr", {}, ["type", "class", "health", "atk", "def", "speed", "free bonus", "attack range", "double damage to", "unique skill"].map((t) => h("th", {}, t))),
        ref.types.map((t) => h("tr", {"data-type": t.name}, h("th", {}, t.name), h("td", {}, t.class), h("td", {}, t.health), h("td", {}, t.attack),
          h("td", {}, t.defense), h("td", {}, t.speed), h("td", {}, t.bonus), h("td", {class: "left"}, t.range), h("td", {class: "left"}, t.effective.join(", ")),
          h("td", {class: "left"}, skillName(t.unique))))))),
    h("details", {id: "skills-chart", class: "panel small"},
      h("summary", {class: "section-title"}, "Skills"),
      h("div", {class: "scroll-x"}, h("table", {class: "grid"},
        h("tr", {}, ["skill", "id", "who", "priority", "target", "effect"].map((t) => h("th", {}, t))),
        ref.skills.map((k) => h("tr", {"data-skill-row": k.id}, h("th", {}, k.name), h("td", {class: "mono"}, k.id),
          h("td", {}, k.class === "unique" ? (ref.types.find((t) => t.unique === k.id) || {name: "?"}).name : k.class),
          h("td", {}, k.priority), h("td", {class: "left"}, k.target), h("td", {class: "left"}, k.text)))))));
}

function unitsTable(view, ctx) {
  if (!view.units.length) return h("p", {class: "small muted"}, "No units on the board yet. The units chart and the skills are below.");
  return h("div", {class: "scroll-x", id: "units"}, h("div", {class: "section-title"}, "Units on the board"),
    h("table", {class: "grid"},
      h("tr", {}, ["unit", "type", "cell", "health", "atk", "def", "speed", "skills", "value"].map((t) => h("th", {}, t))),
      view.units.map((u) => h("tr", {class: u.alive ? "" : "muted"}, h("td", {class: "s" + u.seat + "t"}, u.name), h("td", {}, u.type), h("td", {}, u.alive ? u.cell : "dead"),
        h("td", {}, (u.alive ? u.health : 0) + "/" + u.max_health), h("td", {}, u.attack), h("td", {}, u.defense), h("td", {}, u.speed), h("td", {}, u.skills.join(", ")), h("td", {}, u.value)))));
}
