// The rating pages (issue 30): a player's profile (/players/<name>: each rating with its history
// drawn as an SVG chart, win/draw/loss, recent matches with replay links) and a pool's
// leaderboard (/leaderboard/<pool>; /leaderboard lists the pools). No game is named here: pools
// and titles come from the server.
import {api} from "./api.js";
import {fill, h, s} from "./dom.js";

const PAGE = 50;

function when(seconds) {
  if (!seconds) return "";
  return new Date(seconds * 1000).toLocaleDateString(undefined, {year: "numeric", month: "short", day: "numeric"});
}

/** A match's date in a table cell: "27 Nov" this year, "27 Nov 2025" before. */
function day(seconds) {
  const d = new Date(seconds * 1000);
  const options = {month: "short", day: "numeric"};
  if (d.getFullYear() !== new Date().getFullYear()) options.year = "numeric";
  return d.toLocaleDateString(undefined, options);
}

function signed(change) {
  const n = Math.round(change);
  return n > 0 ? "+" + n : n < 0 ? "−" + Math.abs(n) : "±0";
}

function poolName(entry) {
  return entry.title + (entry.variant ? " · " + entry.variant : "");
}

function wdl(r) {
  return h("span", {class: "wdl num", title: r.wins + " won, " + r.draws + " drawn, " + r.losses + " lost"},
    h("span", {class: "w"}, r.wins + "W"), " ", h("span", {class: "d"}, r.draws + "D"), " ", h("span", {class: "l"}, r.losses + "L"));
}

// ---------------------------------------------------------------- profile

export async function playerPage(app, name) {
  document.title = name + " · duelhost";
  document.getElementById("title").textContent = "player";
  let data;
  try {
    data = await api("GET", "/api/players/" + encodeURIComponent(name) + "/ratings");
  } catch (error) {
    fill(app, h("h1", {}, name), h("p", {class: "error", id: "missing"}, error.status === 404 ? "There is no player named " + name + "." : error.message),
      h("p", {}, h("a", {href: "/leaderboard"}, "Leaderboards")));
    return;
  }
  fill(app,
    h("h1", {class: "player-name"}, data.name, data.kind === "bot" ? h("span", {class: "tag", title: "a bot: rated on the players' scale"}, "bot") : null),
    data.ratings.length
      ? h("div", {class: "rating-cards", id: "ratings"}, data.ratings.map(ratingCard))
      : h("p", {class: "muted", id: "ratings"}, "No rated match yet."),
    recentPanel(data.recent),
    h("p", {class: "muted small"}, "Ratings are Glicko-2: \"?\" marks a provisional rating (deviation 110 or more). ",
      h("a", {href: "/api/ratings/parameters"}, "Every parameter"), " · ", h("a", {href: "/leaderboard"}, "Leaderboards")));
  window.duelhost = {renders: 1, frame: null, player: data};
}

function ratingCard(r) {
  const last = r.history[r.history.length - 1];
  return h("section", {class: "panel rating-card", "data-pool": r.pool},
    h("h2", {}, h("a", {href: "/leaderboard/" + encodeURIComponent(r.pool)}, poolName(r))),
    h("div", {class: "rating-line"},
      h("span", {class: "rating-big num", title: "rating " + r.rating.toFixed(1) + ", deviation " + r.deviation.toFixed(1)}, r.shown),
      h("span", {class: "muted num", title: "rating deviation: the rating is within twice this of the player's strength, 95% sure"}, "RD " + Math.round(r.deviation)),
      last ? h("span", {class: "num " + (last.change >= 0 ? "up" : "down")}, signed(last.change) + " last") : null),
    h("p", {class: "small"}, r.games + (r.games === 1 ? " game · " : " games · "), wdl(r),
      r.ranked ? null : h("span", {class: "muted"}, r.provisional ? " · provisional" : " · not on the leaderboard yet (deviation 75 or more)")),
    chart(r.history, r.start));
}

/** The rating after each rated game, from the rating before the first one shown (`start`),
 *  with its 95% band (± 2 deviations), as an SVG line; narrower drawing on a narrow screen. */
function chart(history, start) {
  if (history.length < 1) return null;
  const points = start ? [{...start, change: 0, start: true}, ...history] : history;
  const narrow = window.innerWidth < 560;
  const W = narrow ? 360 : 640, H = narrow ? 170 : 200, L = 42, R = 10, T = 12, B = 24;
  const lows = points.map((p) => p.rating - 2 * p.deviation);
  const highs = points.map((p) => p.rating + 2 * p.deviation);
  const ratingsOnly = points.map((p) => p.rating);
  // The scale follows the line (the band may leave it: it is clipped), with room around it.
  let lo = Math.min(...ratingsOnly), hi = Math.max(...ratingsOnly);
  const pad = Math.max(40, (hi - lo) * 0.25);
  lo = Math.floor((lo - pad) / 50) * 50; hi = Math.ceil((hi + pad) / 50) * 50;
  const n = points.length;
  const x = (i) => n === 1 ? (L + W - R) / 2 : L + (i * (W - L - R)) / (n - 1);
  const y = (v) => T + ((hi - Math.min(hi, Math.max(lo, v))) * (H - T - B)) / (hi - lo);
  const ticks = [];
  const step = Math.max(50, Math.ceil((hi - lo) / 4 / 50) * 50);
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) ticks.push(v);
  const band = points.map((_, i) => x(i) + "," + y(highs[i])).concat(points.map((_, i) => x(n - 1 - i) + "," + y(lows[n - 1 - i]))).join(" ");
  const line = points.map((p, i) => x(i) + "," + y(p.rating)).join(" ");
  return s("svg", {class: "rating-chart", viewBox: `0 0 ${W} ${H}`, role: "img",
    "aria-label": "rating history: " + n + " rated games, from " + Math.round(points[0].rating) + " to " + Math.round(points[n - 1].rating)},
    ticks.map((v) => [s("line", {x1: L, x2: W - R, y1: y(v), y2: y(v), class: "grid"}),
      s("text", {x: L - 6, y: y(v) + 4, "text-anchor": "end", class: "axis"}, String(v))]),
    s("text", {x: W - R, y: H - 6, "text-anchor": "end", class: "axis"}, history.length + (history.length === 1 ? " rated game" : " rated games")),
    n > 1 ? s("polygon", {points: band, class: "band"}) : null,
    n > 1 ? s("polyline", {points: line, class: "line"}) : null,
    points.map((p, i) => p.start ? s("circle", {cx: x(i), cy: y(p.rating), r: 2.5, class: "dot start"}, s("title", {}, "before: " + Math.round(p.rating))) : s("a", {href: "/replay/" + encodeURIComponent(p.match)},
      s("circle", {cx: x(i), cy: y(p.rating), r: n > 60 ? 2 : 4, class: p.change >= 0 ? "dot up" : "dot down"},
        s("title", {}, Math.round(p.rating) + " (" + signed(p.change) + ") " + (p.score === 1 ? "won against " : p.score === 0 ? "lost to " : "drew with ") + p.opponent + ", " + when(p.time))))));
}

function recentPanel(recent) {
  const rows = recent.map((m) => h("tr", {"data-match": m.match},
    h("td", {class: "num date", title: when(m.created)}, day(m.created)),
    h("td", {}, m.title),
    h("td", {class: "outcome " + (m.outcome || "")}, m.outcome === null ? "in play" : m.outcome),
    h("td", {class: "num"}, m.change === null ? (m.rated ? "" : h("span", {class: "muted"}, "casual")) : h("span", {class: m.change >= 0 ? "up" : "down"}, signed(m.change))),
    h("td", {}, h("a", {href: m.replay}, m.over ? "replay" : "watch"))));
  return h("section", {class: "panel", id: "recent"},
    h("h2", {}, "Recent matches"),
    recent.length
      ? h("div", {class: "table-wrap"}, h("table", {class: "recent"},
        h("thead", {}, h("tr", {}, h("th", {}, "Date"), h("th", {}, "Pool"), h("th", {}, "Result"), h("th", {}, "Rating"), h("th", {}, ""))),
        h("tbody", {}, rows)))
      : h("p", {class: "muted"}, "No match yet."));
}

// ---------------------------------------------------------------- leaderboards

export async function leaderboardPage(app, pool) {
  document.getElementById("title").textContent = "leaderboard";
  if (!pool) return poolsPage(app);
  const offset = Math.max(0, Number(new URLSearchParams(location.search).get("offset")) || 0);
  let data;
  try {
    data = await api("GET", "/api/leaderboard/" + encodeURIComponent(pool) + "?limit=" + PAGE + "&offset=" + offset);
  } catch (error) {
    fill(app, h("h1", {}, "Leaderboard"), h("p", {class: "error", id: "missing"}, error.message), h("p", {}, h("a", {href: "/leaderboard"}, "Every leaderboard")));
    return;
  }
  document.title = poolName(data) + " leaderboard · duelhost";
  const pools = await api("GET", "/api/ratings/pools").catch(() => ({pools: []}));
  const siblings = pools.pools.filter((p) => p.game === data.game && p.pool !== data.pool);
  const rows = data.players.map((p) => h("tr", {"data-name": p.name},
    h("td", {class: "num rank"}, String(p.rank)),
    h("td", {class: "who"}, h("a", {href: p.profile}, p.name), p.kind === "bot" ? h("span", {class: "tag"}, "bot") : null),
    h("td", {class: "num rating"}, p.shown),
    h("td", {class: "num muted narrow-hide", title: "rating deviation"}, String(Math.round(p.deviation))),
    h("td", {class: "num"}, String(p.games)),
    h("td", {class: "narrow-hide"}, wdl(p))));
  const link = (o) => "/leaderboard/" + encodeURIComponent(data.pool) + (o ? "?offset=" + o : "");
  fill(app,
    h("h1", {}, poolName(data), h("span", {class: "muted h-sub"}, " leaderboard")),
    siblings.length ? h("p", {class: "small"}, "Also rated apart: ", siblings.map((p, i) => [i ? " · " : "", h("a", {href: "/leaderboard/" + encodeURIComponent(p.pool)}, p.variant || "main")])) : null,
    data.players.length
      ? h("div", {class: "table-wrap"}, h("table", {class: "leaderboard", id: "leaderboard"},
        h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "Player"), h("th", {}, "Rating"), h("th", {class: "narrow-hide", title: "rating deviation"}, "RD"), h("th", {}, "Games"), h("th", {class: "narrow-hide"}, "W / D / L"))),
        h("tbody", {}, rows)))
      : h("p", {class: "muted", id: "leaderboard"}, offset ? "No more players." : "Nobody is ranked here yet: a player is listed once their rating deviation is below " + data.leaderboard_below + " (after a dozen or so rated games)."),
    h("nav", {class: "pager"},
      offset > 0 ? h("a", {href: link(Math.max(0, offset - PAGE)), rel: "prev"}, "← Better") : null,
      data.more ? h("a", {href: link(offset + PAGE), rel: "next"}, "Next " + PAGE + " →") : null),
    h("p", {class: "muted small"}, "Glicko-2 ratings; players with a deviation below " + data.leaderboard_below + " are listed. ",
      h("a", {href: "/api/ratings/parameters"}, "Every parameter"), " · ", h("a", {href: "/leaderboard"}, "Every leaderboard")));
  window.duelhost = {renders: 1, frame: null, leaderboard: data};
}

async function poolsPage(app) {
  document.title = "Leaderboards · duelhost";
  const [games, pools] = await Promise.all([api("GET", "/api/lobby"), api("GET", "/api/ratings/pools").catch(() => ({pools: []}))]);
  const rated = new Map(pools.pools.map((p) => [p.pool, p]));
  const items = games.map((g) => {
    const variants = pools.pools.filter((p) => p.game === g.name && p.variant);
    return h("li", {},
      h("a", {href: "/leaderboard/" + encodeURIComponent(g.name)}, g.title),
      h("span", {class: "muted small"}, " · " + (rated.get(g.name)?.rated || 0) + " rated"),
      variants.length ? h("ul", {}, variants.map((p) => h("li", {}, h("a", {href: "/leaderboard/" + encodeURIComponent(p.pool)}, p.variant), h("span", {class: "muted small"}, " · " + p.rated + " rated")))) : null);
  });
  fill(app, h("h1", {}, "Leaderboards"), h("ul", {class: "pools", id: "pools"}, items));
  window.duelhost = {renders: 1, frame: null};
}
