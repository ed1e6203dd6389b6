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
