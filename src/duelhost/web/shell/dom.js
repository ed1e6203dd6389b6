// Small DOM helpers shared by the shell and the boards: elements and SVG built from data.
const SVG_NS = "http://www.w3.org/2000/svg";

/** An HTML element: h("button", {class: "x", onclick: f}, "text", child, ...). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** An SVG element, same calling convention as h(). */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

export const $ = (id) => document.getElementById(id);

/** A seat's badge: colour and a shape/letter, never colour alone. */
export function badge(seat, label) {
  const cls = seat === 0 ? "s0" : seat === 1 ? "s1" : "sn";
  return h("span", {class: "badge " + cls, "aria-hidden": "true"}, label ?? (seat === null ? "–" : String(seat)));
}

/** Colour variable of a seat (null: neutral). */
export function seatColour(seat) {
  return seat === 0 ? "var(--seat0)" : seat === 1 ? "var(--seat1)" : "var(--neutral)";
}

const ARROWS = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};

/**
 * Keyboard play on a board: the arrow keys move a focus cursor over the elements marked
 * `data-nav` inside `container` (to the nearest one on screen in that direction, so a turned
 * board and a row of cards work alike); Enter or Space on one does what a click does; one of
 * them at a time is in the Tab order (a roving tabindex). The cursor is `ctx.local[name]`, kept
 * across renders; the shell puts the focus back on the same `data-nav` after a re-render.
 */
export function keyboardNav(container, ctx, name) {
  const items = [...container.querySelectorAll("[data-nav]")].filter((el) => !el.disabled);
  if (!items.length) return;
  const state = ctx.local[name] || (ctx.local[name] = {cursor: null});
  const start = items.find((el) => el.dataset.nav === state.cursor)
    || items.find((el) => el.getAttribute("role") === "button" || el.tagName === "BUTTON") || items[0];
  const move = (el) => {
    for (const other of items) other.setAttribute("tabindex", other === el ? "0" : "-1");
    state.cursor = el.dataset.nav;
  };
  move(start);
  container.addEventListener("focusin", (event) => {
    const el = event.target.closest && event.target.closest("[data-nav]");
    if (el && items.includes(el)) move(el);
  });
  container.addEventListener("keydown", (event) => {
    const el = event.target.closest && event.target.closest("[data-nav]");
    if (!el || !items.includes(el) || event.altKey || event.ctrlKey || event.metaKey) return;
    const arrow = ARROWS[event.key];
    if (arrow) {
      event.preventDefault();
      const next = nearest(items, el, arrow);
      if (next) { move(next); next.focus(); }
    } else if ((event.key === "Enter" || event.key === " ") && el.tagName !== "BUTTON") {
      // (a button clicks itself on Enter and Space)
      event.preventDefault();
      el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
    }
  });
}

/** The item nearest to `from` in direction [dx, dy] on screen (null: none that way). */
function nearest(items, from, [dx, dy]) {
  const centre = (el) => { const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
  const [x0, y0] = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const el of items) {
    if (el === from) continue;
    const [x, y] = centre(el);
    const along = (x - x0) * dx + (y - y0) * dy;
    if (along < 2) continue;
    const across = Math.abs((x - x0) * dy) + Math.abs((y - y0) * dx);
    const score = along + 2 * across;
    if (score < bestScore) { best = el; bestScore = score; }
  }
  return best;
}

/** The focus ring of a board cell or planet (shown by CSS while its cell has the keyboard
 *  focus): a rectangle (w, h) or a circle (r). */
export function focusRing(x, y, w, h, r) {
  return r ? s("circle", {class: "ring", cx: x, cy: y, r, fill: "none"})
    : s("rect", {class: "ring", x: x + 0.04, y: y + 0.04, width: w - 0.08, height: h - 0.08, rx: 0.06, fill: "none"});
}

/** A link to hand on, not to follow here (a single-use invite: opening it would use it up):
 *  the address in a read-only field and a Copy button. */
export function copyField(url, attrs = {}) {
  const field = h("input", {...attrs, readonly: true, value: url, spellcheck: "false", "aria-label": "invite link to send", onfocus: (e) => e.currentTarget.select()});
  const copy = h("button", {type: "button", class: "copy", onclick: async () => {
    field.select();
    try { await navigator.clipboard.writeText(url); copy.textContent = "Copied"; } catch { copy.textContent = "Selected: copy it"; }
  }}, "Copy");
  return h("span", {class: "copyfield"}, field, copy);
}
