// Goofspiel with seven galaxies: the galaxy strip in bout order, the current galaxy's planets
// with the worths revealed so far, your fleets as cards (click one, then send it), the
// opponent's fleets left, both fleets of the last round turned over together, the round table.
import {fill, h, keyboardNav, s, seatColour} from "../shell/dom.js";

const GALAXIES = ["Andromeda", "Butterfly", "Cartwheel", "Draco", "Eye of Sauron", "Fireworks", "Garland"];

function galaxyName(letter) {
  const i = letter.charCodeAt(0) - 65;
  return GALAXIES[i] || "Galaxy " + letter;
}

function who(seat, ctx) {
  if (seat === null || seat === undefined) return "nobody";
  if (seat === ctx.seat) return "you";
  return ctx.seat === null ? ctx.names[seat] : "opponent";
}

export function status(view, ctx) {
  const chosen = ctx.local.goof?.decision === view.decision ? ctx.local.goof.chosen : null;
  const where = "planet " + view.planet + " (worth " + view.worth + ")";
  if (chosen) return "Send fleet " + chosen + " to " + where + ", or pick another.";
  return "Choose a fleet for " + where + " — " + view.galaxy_name + ", round " + view.round + ".";
}

export function render(root, view, ctx) {
  const me = ctx.seat === null ? 0 : ctx.seat;
  const opp = 1 - me;
  const sizes = Object.keys(view.fleets["0"]).map(Number).sort((a, b) => a - b);
  const canBid = ctx.mustAct && !ctx.submitted && !ctx.replay;
  // A card picked but not sent is kept across a reload (ctx.unsent, for this decision only).
  const local = ctx.local.goof && ctx.local.goof.decision === view.decision ? ctx.local.goof
    : (ctx.local.goof = {decision: view.decision, chosen: (canBid && ctx.unsent?.get("card", view.decision)) || null});
  const keep = () => ctx.unsent?.set("card", view.decision, local.chosen);

  const send = async (size) => {
    if (!canBid) return;
    try { await ctx.submit(String(size)); local.chosen = null; keep(); } catch { /* the shell shows the error */ }
    ctx.redraw();
  };
  const choose = (size) => {
    if (!canBid) return;
    local.chosen = local.chosen === size ? null : size;
    keep();
    ctx.redraw();
  };
  if (!ctx.local.goofEscape && !ctx.replay) {
    ctx.local.goofEscape = true;
    document.addEventListener("keydown", (event) => {
      const cur = ctx.local.goof;
      if (event.key === "Escape" && cur && cur.chosen) { cur.chosen = null; ctx.unsent?.set("card", cur.decision, null); ctx.redraw(); }
    });
  }

  const hand = (seat, mine) => h("div", {class: "hand", id: mine ? "hand" : "opp-hand", role: mine ? "group" : null, "aria-label": mine ? "your fleets" : "opponent's fleets"},
    sizes.map((size) => {
      const count = view.fleets[String(seat)][String(size)];
      const chosen = mine && local.chosen === size;
      if (!mine) {
        return h("div", {class: "card small s" + seat + (count ? "" : " gone"), "aria-label": count + " fleets of size " + size},
          h("span", {class: "v"}, size), h("span", {class: "n"}, "×" + count));
      }
      return h("button", {
        type: "button", class: "card s" + seat + (chosen ? " chosen" : ""), "data-fleet": size, "data-nav": "fleet" + size,
        disabled: !canBid || !count, "aria-pressed": chosen ? "true" : "false",
        "aria-label": "fleet of size " + size + ", " + count + " left",
        onclick: () => choose(size), ondblclick: () => send(size),
        onkeydown: (event) => { if (event.key === "Enter" && local.chosen === size) { event.preventDefault(); send(size); } },
      }, h("span", {class: "v"}, size), h("span", {class: "n"}, "×" + count));
    }));

  const sendButton = ctx.seat === null || ctx.replay || view.is_over ? null : h("div", {class: "row"},
    h("button", {type: "button", class: "primary", id: "send", disabled: !canBid || !local.chosen, onclick: () => send(local.chosen)},
      local.chosen ? "Send fleet " + local.chosen : canBid ? "Pick a fleet" : ctx.submitted ? "Sent: " + (ctx.pending ?? "") : "Waiting"),
    ctx.submitted && ctx.pending ? h("span", {class: "muted", id: "sent"}, "sealed until your opponent sends theirs") : null);

  fill(root,
    galaxyStrip(view, ctx),
    planetRow(view, ctx),
    h("div", {class: "section-title"}, ctx.seat === null || ctx.replay ? ctx.names[me] + "'s fleets" : !canBid ? "Your fleets" : "Your fleets: click one, then send it (Enter or a double-click sends at once)"),
    hand(me, ctx.seat !== null),
    sendButton,
    reveal(view, ctx, me, opp),
    h("div", {class: "section-title"}, ctx.seat === null ? ctx.names[opp] + "'s fleets" : "Opponent's fleets left"),
    hand(opp, false),
    scores(view, ctx, me, opp),
    roundTable(view, ctx, me, opp));
  const mine = root.querySelector("#hand");
  if (mine) keyboardNav(mine, ctx, "goofNav");
}

function galaxyStrip(view, ctx) {
  const n = view.order.length;
  const cells = view.order.map((letter, i) => {
    const bout = view.bouts[i];
    const current = !view.is_over && view.galaxy === letter && i === view.bout - 1;
    const value = view.values[letter];
    const owner = bout ? bout.winner : null;
    return s("g", {transform: `translate(${i} 0)`, "aria-label": galaxyName(letter) + (value ? ", strategic value " + value : ", value not yet revealed") + (bout ? ", won by " + who(owner, ctx) : "")},
      s("rect", {x: 0.06, y: 0.06, width: 0.88, height: 0.88, rx: 0.12, fill: current ? "var(--select)" : "var(--cell)", stroke: owner === null || owner === undefined ? "var(--line)" : seatColour(owner), "stroke-width": bout ? 0.08 : 0.03}),
      s("text", {x: 0.5, y: 0.36, "text-anchor": "middle", "font-size": 0.24, "font-weight": 700, fill: current ? "#111" : "var(--muted)"}, letter),
      s("text", {x: 0.5, y: 0.76, "text-anchor": "middle", "font-size": 0.36, "font-weight": 700, fill: current ? "#111" : "var(--ink)"}, value ?? "?"),
      bout && owner !== null ? s("text", {x: 0.85, y: 0.3, "text-anchor": "end", "font-size": 0.22, "font-weight": 700, fill: seatColour(owner)}, owner === 0 ? "●" : "■") : null);
  });
  return h("div", {class: "strip", id: "galaxies"},
    h("div", {class: "section-title"}, "Galaxies in bout order, with their strategic values" + (view.galaxy ? " — now: " + view.galaxy_name : "")),
    s("svg", {class: "strip-svg", viewBox: `0 0 ${n} 1`, width: n * 64, role: "img", "aria-label": "galaxies in bout order; the number is the strategic value"}, cells),
    galaxyLegend(ctx));
}

/** What the marks on the galaxies mean: a won galaxy is framed in its winner's colour with
 *  the winner's mark in its corner (● seat 0, ■ seat 1). */
function galaxyLegend(ctx) {
  const mark = (seat) => h("span", {class: "s" + seat + "t"}, (seat === 0 ? "●" : "■") + " " + who(seat, ctx));
  return h("p", {class: "small muted", id: "galaxy-legend"},
    "A galaxy won is framed in its winner's colour, with their mark in the corner: ", mark(0), " · ", mark(1),
    "; one drawn, in grey. The number is its strategic value (\"?\" until revealed).");
}

function planetRow(view, ctx) {
  if (view.is_over || !view.galaxy) return null;
  const order = view.planet_orders[view.galaxy] || "";
  const fought = new Map();
  for (const r of view.rounds || []) if (r.bout === view.bout && r.replay === view.replay) fought.set(r.planet, r);
  const n = order.length;
  const cells = [...order].map((label, i) => {
    const name = view.galaxy + "-" + label;
    const r = fought.get(name);
    const current = name === view.planet;
    const worth = r ? r.worth : current ? view.worth : null;
    const winner = r ? r.winner : null;
    return s("g", {transform: `translate(${i} 0)`, class: "planet", "data-planet": name, "aria-label": "planet " + name + (worth ? " worth " + worth : ", worth not yet revealed") + (r ? ", " + (winner === null ? "nobody won it" : "won by " + who(winner, ctx)) : "") + (current ? ", being fought now" : "")},
      current ? s("circle", {cx: 0.5, cy: 0.55, r: 0.47, fill: "none", stroke: "var(--select)", "stroke-width": 0.08}) : null,
      s("circle", {cx: 0.5, cy: 0.55, r: 0.38, fill: r && winner !== null ? seatColour(winner) : "var(--cell-alt)", stroke: "var(--line)", "stroke-width": 0.03, opacity: r && winner === null ? 0.5 : 1}),
      s("text", {x: 0.5, y: 0.5, "text-anchor": "middle", "font-size": 0.24, fill: r && winner !== null ? "#fff" : "var(--muted)"}, label),
      s("text", {x: 0.5, y: 0.8, "text-anchor": "middle", "font-size": 0.3, "font-weight": 700, fill: r && winner !== null ? "#fff" : "var(--ink)"}, worth ?? "?"),
      r ? s("text", {x: 0.5, y: 1.18, "text-anchor": "middle", "font-size": 0.2, fill: "var(--muted)"}, r.fleets[0] + " v " + r.fleets[1]) : null);
  });
  return h("div", {id: "planets"},
    h("div", {class: "section-title"}, "Planets of " + view.galaxy_name + " in the order they are fought"),
    s("svg", {class: "strip-svg", viewBox: `0 0 ${n} 1.25`, width: n * 72, role: "img", "aria-label": "planets of the current galaxy"}, cells));
}

function reveal(view, ctx, me, opp) {
  const last = view.last_round;
  if (!last) return h("div", {class: "row", id: "reveal"}, h("span", {class: "muted"}, "No round played yet: both fleets are turned over together once both are sent."));
  const key = last.replay + ":" + last.bout + ":" + last.round;
  const fresh = ctx.local.goofLastReveal !== key;
  ctx.local.goofLastReveal = key;
  const card = (seat) => h("div", {class: "card small s" + seat + (fresh && !ctx.replay ? " flip" : ""), "data-revealed": seat},
    h("span", {class: "v"}, last.fleets[seat]), h("span", {class: "n"}, seat === ctx.seat ? "you" : ctx.seat === null ? "s" + seat : "opp."));
  const winner = last.winner === null ? "nobody wins it" : (last.winner === ctx.seat ? "you win it" : who(last.winner, ctx) + " wins it");
  const destroyed = last.destroyed.map((d, seat) => (d ? " " + who(seat, ctx) + " timed out: a fleet of " + d + " destroyed." : "")).join("");
  // The sentence above its cards: the two cards stay side by side at any width.
  return h("div", {id: "reveal", "aria-live": "polite"},
    h("div", {class: "section-title"}, "Last round, planet " + last.planet + " (worth " + last.worth + ")"),
    h("div", {class: "row"}, card(me), h("span", {class: "muted"}, "vs"), card(opp),
      h("b", {}, winner + "."), destroyed ? h("span", {class: "error"}, destroyed) : null));
}

function scores(view, ctx, me, opp) {
  const wins = [0, 0];
  const planetsWon = [0, 0];
  for (const b of view.bouts) if (b.winner !== null) wins[b.winner] += 1;
  for (const r of view.rounds || []) if (r.replay === view.replay && r.bout === view.bout && r.winner !== null) planetsWon[r.winner] += 1;
  const label = (seat) => (seat === ctx.seat ? "You" : ctx.seat === null ? ctx.names[seat] : "Opponent");
  const row = (seat) => h("tr", {},
    h("th", {class: "s" + seat + "t"}, label(seat)),
    h("td", {"data-strategic": seat}, view.strategic[seat]),
    h("td", {}, wins[seat]),
    h("td", {"data-points": seat}, view.points[seat]),
    h("td", {}, view.rounds ? planetsWon[seat] : "–"));
  // The match's score (strategic value) first: on a phone it is in view, the bout's columns
  // may scroll.
  return h("div", {class: "scroll-x", id: "scores"},
    h("table", {class: "grid"},
      h("tr", {}, h("th", {}, ""), h("th", {}, "strategic value"), h("th", {}, "galaxies"), h("th", {}, "worth this bout"), h("th", {}, "planets this bout")),
      row(me), row(opp)),
    view.replay ? h("div", {class: "muted"}, "Replay " + view.replay + " (the match was tied in strategic value: fresh fleets and a fresh deal).") : null);
}

function roundTable(view, ctx, me, opp) {
  if (!view.show_history) return h("p", {class: "muted", id: "rounds"}, "No notes: the host chose to hide past rounds (only the last one is shown).");
  const rows = (view.rounds || []).slice().reverse().slice(0, 60).map((r) => h("tr", {},
    h("td", {}, r.bout + "." + r.round), h("td", {}, r.planet), h("td", {}, r.worth),
    h("td", {class: "s" + me + "t"}, r.fleets[me] || "0"), h("td", {class: "s" + opp + "t"}, r.fleets[opp] || "0"),
    h("td", {}, r.winner === null ? "–" : who(r.winner, ctx))));
  if (!rows.length) return null;
  const head = (seat) => (seat === ctx.seat ? "you" : ctx.seat === null ? "seat " + seat : "opp.");
  return h("details", {id: "rounds", open: true},
    h("summary", {class: "section-title"}, "Rounds played (newest first)"),
    h("div", {class: "scroll-x"}, h("table", {class: "grid"},
      h("tr", {}, h("th", {}, "bout.round"), h("th", {}, "planet"), h("th", {}, "worth"), h("th", {}, head(me)), h("th", {}, head(opp)), h("th", {}, "won by")),
      rows)));
}
