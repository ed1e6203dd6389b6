// Multiplanetary Empire: the 10x10 grid with planets by size and owner and their ships, every
// fleet in flight on its route with its ships and arrival tick; an order is your planet, then
// the destination, then ships (slider and number) and warp, with the arrival tick and the ships
// that will arrive shown before it is queued; queued orders are removable until sent; the
// countdown to the next tick; ships and planets per player; the last tick's captures drawn.
import {fill, focusRing, h, keyboardNav, s, seatColour} from "../shell/dom.js";

const COLS = "ABCDEFGHIJ";

function pos(cell) {
  return [COLS.indexOf(cell[0]), Number(cell.slice(1)) - 1];
}

/** Board coordinates of a cell's centre: row 10 at the top for seat 0, turned for seat 1 so
 *  that your home is always at the bottom left. */
function xy(cell, turned) {
  const [c, r] = pos(cell);
  return turned ? [9 - c + 0.5, r + 0.5] : [c + 0.5, 9 - r + 0.5];
}

function distance(a, b) {
  const [c1, r1] = pos(a);
  const [c2, r2] = pos(b);
  return Math.hypot(c1 - c2, r1 - r2);
}

/** Arrival tick and ships arriving of an order queued now (MP2). */
export function travel(view, from, to, ships, warp) {
  const d = distance(from, to);
  const processed = view.tick + 1;
  return warp === "quantum"
    ? {arrives: processed + Math.ceil(d / 2 - 1e-9), arriving: Math.floor(ships / 2), d}
    : {arrives: processed + Math.ceil(d - 1e-9), arriving: ships, d};
}

function parseOrders(text) {
  if (!text || text === "wait") return [];
  return text.split(/;\s*/).map((o) => o.match(/^([A-J]\d+)(>>?)([A-J]\d+) (\d+)$/)).filter(Boolean)
    .map((m) => ({from: m[1], to: m[3], warp: m[2] === ">>" ? "quantum" : "standard", ships: Number(m[4])}));
}

function notation(order) {
  return order.from + (order.warp === "quantum" ? ">>" : ">") + order.to + " " + order.ships;
}

/** The page's own state: the order being made and the queued orders. Kept across ticks: a
 *  tick neither sends nor drops queued orders (they stay until sent or removed, and are kept
 *  across a reload through ctx.unsent), and the planet selected stays selected while it is
 *  still yours. */
function state(view, ctx) {
  if (!ctx.local.mp) {
    const kept = ctx.unsent?.get("orders");
    ctx.local.mp = {tick: view.tick, from: null, to: null, ships: null, warp: "standard", draft: Array.isArray(kept) ? kept : [], owners: null, nowOwners: null, waited: null};
  }
  const st = ctx.local.mp;
  if (st.tick !== view.tick) {
    st.tick = view.tick;
    st.owners = st.nowOwners;
    const source = view.planets.find((p) => p.cell === st.from);
    if (st.from && (!source || source.owner !== ctx.seat)) { st.from = null; st.to = null; }
  }
  return st;
}

/** Keep the queued orders across a reload. */
function keepDraft(ctx, st) {
  ctx.unsent?.set("orders", st.tick, st.draft.length ? st.draft : null);
}

/** Why a queued order cannot go out now (null: it can): its planet lost, or too few ships. */
function problem(order, planets, draft, me) {
  const planet = planets.get(order.from);
  if (!planet || planet.owner !== me) return order.from + " is no longer yours";
  const asked = draft.filter((o) => o.from === order.from).reduce((n, o) => n + o.ships, 0);
  if (asked > planet.ships) return order.from + " has " + planet.ships + " ships, " + asked + " are queued from it";
  return null;
}

/** A submission as the log and the status bar say it: `wait` is sending nothing. */
export function describe(text) {
  return text === "wait" ? "nothing for this tick" : text;
}

export function status(view, ctx) {
  const st = state(view, ctx);
  if (st.from && st.to) return "Choose ships and warp for " + st.from + " → " + st.to + ", then add the order.";
  if (st.from) return "Click where the ships from " + st.from + " go (Escape cancels).";
  if (st.draft.length) return "Send your " + st.draft.length + " queued order" + (st.draft.length > 1 ? "s" : "") + " before the tick, or add more.";
  const mine = view.planets.filter((p) => p.owner === ctx.seat);
  if (mine.length && mine.every((p) => p.ships === 0)) {
    const next = Math.min(...mine.map((p) => (p.next_production === null ? Infinity : view.tick + p.next_production)));
    const planning = view.tick === 0 && ctx.clock?.planning_seconds;
    return (planning ? "Planning time before tick 1: study the map and pick your targets. " : "") +
      "Your planets have no ships yet" + (isFinite(next) ? " (the first come at tick " + next + ")" : "") +
      ": nothing can be sent now; send nothing for tick " + (view.tick + 1) + " or wait for the tick.";
  }
  return "Tick " + (view.tick + 1) + ": click one of your planets to send ships, or send nothing.";
}

/** Fleet labels' size in board units: 0.24 of a cell, 0.32 on a narrow screen (the board is
 *  about 38 px a cell at 400 px wide: 12 px instead of 9), as planets' names (board.css). */
function labelSize() {
  return typeof matchMedia === "function" && matchMedia("(max-width: 700px)").matches ? 0.32 : 0.24;
}

/** A fleet's label: its ships and arrival tick, and how many more fleets follow on its route. */
function fleetLabel(f, more) {
  return f.ships + "→t" + f.arrives + (more ? " +" + more.more : "");
}

/** Where a label fits beside its marker at (x, y), covering none of the `taken` boxes
 *  ([left, top, right, bottom], board units) and staying on the board: {x, y, anchor, rect},
 *  or null. Bold digits are about 0.62 em wide. */
function labelBox(text, x, y, taken, size) {
  const w = 0.62 * size * text.length, hgt = size;
  const tries = [
    [x - w / 2, y - 0.16 - hgt, "middle", x, y - 0.18],
    [x - w / 2, y + 0.16, "middle", x, y + 0.16 + hgt * 0.85],
    [x + 0.17, y - hgt / 2, "start", x + 0.17, y + hgt * 0.35],
    [x - 0.17 - w, y - hgt / 2, "end", x - 0.17, y + hgt * 0.35],
  ];
  for (const [left, top, anchor, tx, ty] of tries) {
    const rect = [left, top, left + w, top + hgt];
    if (rect[0] < 0 || rect[2] > 10 || rect[1] < 0 || rect[3] > 10) continue;
    if (taken.some((b) => rect[0] < b[2] && b[0] < rect[2] && rect[1] < b[3] && b[1] < rect[3])) continue;
    return {x: tx, y: ty, anchor, rect};
  }
  return null;
}

export function render(root, view, ctx) {
  const st = state(view, ctx);
  const me = ctx.seat;
  const turned = me === 1;
  const canOrder = ctx.mustAct && !ctx.replay && !view.is_over && !ctx.submitted;
  const planets = new Map(view.planets.map((p) => [p.cell, p]));
  const sent = parseOrders(ctx.orders);
  const committed = (cell) => [...sent, ...st.draft].filter((o) => o.from === cell).reduce((n, o) => n + o.ships, 0);
  const available = (cell) => Math.max(0, (planets.get(cell)?.ships || 0) - committed(cell));
  // Captures since the previous tick: planets whose owner changed.
  st.nowOwners = Object.fromEntries(view.planets.map((p) => [p.cell, p.owner]));
  const captured = new Set(st.owners ? view.planets.filter((p) => p.cell in st.owners && st.owners[p.cell] !== p.owner).map((p) => p.cell) : []);

  const clickPlanet = (cell) => {
    if (!canOrder) return;
    const planet = planets.get(cell);
    if (!st.from) {
      if (planet.owner === me && available(cell) > 0) { st.from = cell; st.to = null; }
    } else if (cell === st.from) { st.from = null; st.to = null; }
    else { st.to = cell; st.ships = Math.max(1, Math.min(available(st.from), st.ships || Math.ceil(available(st.from) / 2))); }
    ctx.redraw();
  };

  const parts = [];
  for (let c = 0; c < 10; c++) for (let r = 0; r < 10; r++) {
    if ((c + r) % 2) parts.push(s("rect", {x: c, y: r, width: 1, height: 1, fill: "var(--cell-alt)", opacity: 0.5}));
  }
  // Fleets in flight: routes under the planets, markers and labels over them. Fleets on the
  // same route share one label (the next to arrive, and how many follow). A label goes beside
  // its marker where it covers no planet, planet name or other label (above, below, right,
  // left); where none is free it is left out (the marker's tooltip still says it all): near a
  // busy planet labels piled up over each other and over the ships counts.
  const markers = [];
  const routes = new Map();
  for (const f of view.fleets) {
    const key = f.owner + ":" + f.from + ":" + f.to;
    if (!routes.has(key)) routes.set(key, []);
    routes.get(key).push(f);
  }
  const labelled = new Map();
  for (const [key, list] of routes) labelled.set(list.reduce((a, b) => (b.arrives < a.arrives ? b : a)), list.length > 1 ? {key, more: list.length - 1} : null);
  const taken = view.planets.flatMap((p) => {
    const [x, y] = xy(p.cell, turned);
    const r = 0.16 + p.size * 0.06 + 0.03;
    return [[x - r, y - r, x + r, y + r], [x + 0.5 - 0.15 * p.cell.length, y + 0.28, x + 0.5, y + 0.5]];
  });
  const spots = view.fleets.map((f) => {
    const [x1, y1] = xy(f.from, turned);
    const [x2, y2] = xy(f.to, turned);
    const span = Math.max(1, f.arrives - f.departed);
    // Where it is along its route; kept clear of both planets so that it can be seen.
    const t = Math.min(0.8, Math.max(0.25, (view.tick - f.departed + 0.5) / span));
    return {f, x1, y1, x2, y2, x: x1 + (x2 - x1) * t, y: y1 + (y2 - y1) * t};
  });
  for (const {x, y} of spots) taken.push([x - 0.13, y - 0.13, x + 0.13, y + 0.13]);
  const places = new Map();
  const size = labelSize();
  for (const spot of [...spots].filter((p) => labelled.has(p.f)).sort((a, b) => a.f.arrives - b.f.arrives)) {
    const label = labelled.get(spot.f);
    const text = fleetLabel(spot.f, label);
    const box = labelBox(text, spot.x, spot.y, taken, size);
    if (box) { taken.push(box.rect); places.set(spot.f, {text, ...box}); }
  }
  for (const {f, x1, y1, x2, y2, x, y} of spots) {
    const colour = seatColour(f.owner);
    parts.push(s("line", {x1, y1, x2, y2, stroke: colour, "stroke-width": 0.04, "stroke-dasharray": f.warp === "quantum" ? "0.15 0.1" : null, opacity: 0.6}));
    const place = places.get(f);
    const words = (f.owner === me ? "your" : "enemy") + " fleet of " + f.ships + " from " + f.from + " to " + f.to + ", arrives at tick " + f.arrives + (f.warp === "quantum" ? " (quantum)" : "");
    markers.push(s("g", {class: "fleet", "data-owner": f.owner, "aria-label": words}, s("title", {}, words),
      f.owner === 0 ? s("circle", {cx: x, cy: y, r: 0.13, fill: colour, stroke: "var(--ink)", "stroke-width": 0.02}) : s("rect", {x: x - 0.12, y: y - 0.12, width: 0.24, height: 0.24, fill: colour, stroke: "var(--ink)", "stroke-width": 0.02}),
      place ? s("text", {class: "fleet-label halo", x: place.x, y: place.y, "text-anchor": place.anchor, "font-size": size, "font-weight": 700, fill: colour}, place.text) : null));
  }
  // The order being made.
  if (st.from && st.to) {
    const [x1, y1] = xy(st.from, turned);
    const [x2, y2] = xy(st.to, turned);
    parts.push(s("line", {x1, y1, x2, y2, stroke: "var(--select)", "stroke-width": 0.08, "stroke-dasharray": st.warp === "quantum" ? "0.2 0.12" : null}));
  }
  for (const o of st.draft) {
    const [x1, y1] = xy(o.from, turned);
    const [x2, y2] = xy(o.to, turned);
    parts.push(s("line", {x1, y1, x2, y2, stroke: "var(--select)", "stroke-width": 0.05, opacity: 0.7, "stroke-dasharray": "0.08 0.08"}));
  }
  for (const p of view.planets) {
    const [x, y] = xy(p.cell, turned);
    const radius = 0.16 + p.size * 0.06;
    const colour = seatColour(p.owner);
    const selectable = canOrder && (st.from ? p.cell !== st.from : p.owner === me && available(p.cell) > 0);
    // next_production is the number of ticks until the planet next produces.
    const label = "planet " + p.cell + ", size " + p.size + ", " + (p.owner === null ? "neutral" : p.owner === me ? "yours" : "enemy") + ", " + p.ships + " ships" +
      (p.production ? ", makes " + p.production + " next at tick " + (view.tick + p.next_production) : "");
    parts.push(s("g", {class: "planet", "data-cell": p.cell, "data-nav": p.cell, "data-owner": p.owner ?? "", role: selectable ? "button" : null, "aria-label": label,
      onclick: () => clickPlanet(p.cell)}, s("title", {}, label),
      s("rect", {x: x - 0.5, y: y - 0.5, width: 1, height: 1, fill: "transparent"}),
      captured.has(p.cell) ? s("circle", {cx: x, cy: y, r: radius + 0.2, fill: "none", stroke: "var(--ink)", "stroke-width": 0.05, "stroke-dasharray": "0.1 0.06"}) : null,
      st.from === p.cell || st.to === p.cell ? s("circle", {cx: x, cy: y, r: radius + 0.11, fill: "none", stroke: "var(--select)", "stroke-width": 0.08}) : null,
      p.owner === 1 ? s("rect", {x: x - radius, y: y - radius, width: 2 * radius, height: 2 * radius, rx: radius * 0.3, fill: colour, stroke: "var(--ink)", "stroke-width": 0.03})
        : s("circle", {cx: x, cy: y, r: radius, fill: colour, stroke: "var(--ink)", "stroke-width": 0.03, opacity: p.owner === null ? 0.75 : 1}),
      s("text", {x, y: y + 0.11, "text-anchor": "middle", "font-size": 0.32, "font-weight": 700, fill: "#fff", "pointer-events": "none"}, p.ships),
      s("text", {x: x + 0.5, y: y + 0.48, "text-anchor": "end", class: "cell-label halo", "font-size": 0.24, "font-weight": 600, fill: "var(--muted)", "pointer-events": "none"}, p.cell),
      focusRing(x, y, 0, 0, radius + 0.16)));
  }
  parts.push(...markers);
  const svg = s("svg", {class: "board-svg mp", viewBox: "-0.05 -0.05 10.1 10.1", role: "group", "aria-label": "the map"}, parts);
  if (!ctx.local.mpEscape && !ctx.replay) {
    ctx.local.mpEscape = true;
    document.addEventListener("keydown", (event) => {
      const cur = ctx.local.mp;
      if (event.key === "Escape" && cur && cur.from) { cur.from = null; cur.to = null; ctx.redraw(); }
    });
  }

  fill(root, h("div", {class: "mp-wrap"},
    h("div", {class: "mp-board"}, svg),
    h("div", {class: "mp-side"},
      header(view, ctx),
      st.from && st.to && canOrder ? orderForm(view, ctx, st, available) : null,
      me === null || ctx.replay ? null : queue(view, ctx, st, sent, canOrder, planets),
      totals(view, ctx))));
  keyboardNav(svg, ctx, "mpNav");
}

function header(view, ctx) {
  const clock = ctx.clock;
  let countdown = null;
  if (clock && clock.deadline && !view.is_over) {
    // The shell counts a `data-countdown` (Unix seconds) down every clock tick, as the clocks.
    const left = Math.max(0, clock.deadline - ctx.now());
    countdown = h("span", {id: "countdown"}, " · " + (view.tick === 0 && clock.planning_seconds ? "Planning: first tick in " : "Next tick in "),
      h("span", {class: "num", "data-countdown": clock.deadline}, Math.ceil(left) + " s"));
  }
  return h("div", {id: "mp-header"},
    h("b", {}, view.is_over ? "Match over at tick " + view.tick : "Tick " + view.tick + " of " + view.max_ticks),
    countdown);
}

function orderForm(view, ctx, st, available) {
  const max = available(st.from);
  st.ships = Math.min(st.ships || 1, max);
  const slider = h("input", {type: "range", id: "ships-range", min: 1, max, value: st.ships, "aria-label": "ships to send"});
  const number = h("input", {type: "number", id: "ships", min: 1, max, value: st.ships, "aria-label": "ships to send"});
  const infos = {standard: h("span", {}), quantum: h("span", {})};
  const addButton = h("button", {type: "button", class: "primary", id: "add-order", onclick: () => add()});
  // A number typed or a slider moved updates the form in place, never by redrawing it: a
  // redraw between the typing and a click on "Queue" (the box's change event comes on that
  // very click) would replace the button under the pointer and lose the click.
  const show = () => {
    for (const warp of ["standard", "quantum"]) {
      const info = travel(view, st.from, st.to, st.ships, warp);
      infos[warp].textContent = ": arrives tick " + info.arrives + ", " + info.arriving + " ship" + (info.arriving === 1 ? "" : "s") + " arrive";
    }
    addButton.textContent = "Queue " + notation(st);
  };
  const set = (value, from) => {
    const n = Number.parseInt(value, 10);
    if (!Number.isFinite(n)) return;
    st.ships = Math.max(1, Math.min(max, n));
    if (from !== slider) slider.value = String(st.ships);
    if (from !== number) number.value = String(st.ships);
    show();
  };
  slider.addEventListener("input", () => set(slider.value, slider));
  number.addEventListener("input", () => set(number.value, number));
  number.addEventListener("change", () => set(number.value));
  number.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); set(number.value); add(); } });
  const radio = (warp, text) => h("label", {class: "warp"},
    h("input", {type: "radio", name: "warp", value: warp, id: "warp-" + warp, checked: st.warp === warp, onchange: () => { st.warp = warp; show(); }}),
    " " + text, infos[warp]);
  const add = () => {
    st.draft.push({from: st.from, to: st.to, ships: st.ships, warp: st.warp});
    st.from = null; st.to = null;
    keepDraft(ctx, st);
    ctx.redraw();
  };
  show();
  return h("div", {class: "panel", id: "order"},
    h("div", {}, h("b", {}, st.from + " → " + st.to), " · distance " + travel(view, st.from, st.to, 1, "standard").d.toFixed(2) + " · " + max + " ships free"),
    h("div", {class: "row"}, slider, number),
    radio("standard", "Standard"), h("br"),
    radio("quantum", "Quantum (half the ships, rounded up, are lost)"),
    h("div", {class: "row"}, addButton,
      h("button", {type: "button", class: "quiet", onclick: () => { st.from = null; st.to = null; ctx.redraw(); }}, "cancel")));
}

function queue(view, ctx, st, sent, canOrder, planets) {
  const send = async (text) => {
    st.sending = true;
    ctx.redraw();
    try {
      await ctx.submit(text);
      if (text === "wait") st.waited = view.tick; else st.draft = [];
      keepDraft(ctx, st);
    } catch { /* the shell shows the error */ }
    st.sending = false;
    ctx.redraw();
  };
  const problems = st.draft.map((o) => problem(o, planets, st.draft, ctx.seat));
  const blocked = problems.some(Boolean);
  // Once anything is sent for this tick (orders or "nothing"), "Send nothing" is done with.
  const sentThisTick = Boolean(ctx.orders) || ctx.submitted || st.waited === view.tick;
  return h("div", {id: "queue"},
    h("div", {class: "section-title"}, "Orders for tick " + (view.tick + 1)),
    st.draft.length ? h("ul", {class: "orders"}, st.draft.map((o, i) => h("li", {"data-order": notation(o), class: problems[i] ? "bad" : null},
      notation(o) + (o.warp === "quantum" ? " (quantum)" : "") + (problems[i] ? " ✗ " + problems[i] : ""),
      h("button", {type: "button", class: "quiet", "aria-label": "remove " + notation(o), onclick: () => { st.draft.splice(i, 1); keepDraft(ctx, st); ctx.redraw(); }}, "×")))) : null,
    sent.length ? h("p", {class: "small", id: "sent-orders"}, "Sent for this tick: " + sent.map(notation).join("; ")) : null,
    ctx.orders === "wait" || st.waited === view.tick ? h("p", {class: "small", id: "sent-wait"}, "Sent for this tick: nothing.") : null,
    ctx.submitted ? h("p", {class: "small muted", id: "sent"}, "Sent: " + (ctx.pending ?? "") + " — sealed until the tick.") : null,
    h("div", {class: "row"},
      h("button", {type: "button", class: "primary", id: "send-orders", disabled: !canOrder || !st.draft.length || blocked || st.sending, onclick: () => send(st.draft.map(notation).join("; "))},
        st.draft.length ? "Send " + st.draft.length + " order" + (st.draft.length > 1 ? "s" : "") : "No orders queued"),
      h("button", {type: "button", id: "wait", disabled: !canOrder || st.draft.length > 0 || sent.length > 0 || sentThisTick || st.sending, onclick: () => send("wait")}, "Send nothing this tick")),
    // One click clears them all: after a lost planet a newcomer's queue held 36 orders marked
    // ✗, each with its own ×, and nothing could be sent until every one was removed.
    blocked ? h("p", {class: "small bad", id: "queue-why"}, "Remove the orders marked ✗ before sending. ",
      h("button", {type: "button", id: "remove-bad", onclick: () => {
        st.draft = st.draft.filter((o, i) => !problems[i]);
        keepDraft(ctx, st);
        ctx.redraw();
      }}, "Remove the " + problems.filter(Boolean).length + " marked ✗")) : null,
    h("p", {class: "small muted", id: "queue-rule"}, "Queued orders stay here until you send them: a tick neither sends nor drops them, and a reload keeps them."));
}

function totals(view, ctx) {
  const label = (seat) => (seat === ctx.seat ? "You" : ctx.seat === null ? "seat " + seat + " (" + view.seat_names[seat] + ")" : "Opponent");
  return h("div", {id: "totals"}, h("table", {class: "grid"},
    h("tr", {}, h("th", {}, ""), h("th", {}, "ships"), h("th", {}, "planets")),
    [0, 1].map((seat) => h("tr", {}, h("th", {class: "s" + seat + "t"}, label(seat)), h("td", {"data-ships": seat}, view.totals.ships[seat]), h("td", {}, view.totals.planets[seat])))),
    h("p", {class: "small muted"}, "Circles: seat 0 (" + view.seat_names[0] + "); squares: seat 1 (" + view.seat_names[1] + "); grey: neutral. Dashed routes: quantum warp. Dashed rings: captured last tick. A fleet's label: ships → tick it arrives (+N: more fleets behind it on that route); where labels would cover each other, point at a fleet to read it."));
}
