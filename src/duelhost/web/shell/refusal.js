// Nothing the server refuses is silent (issue 32): a refused submission, commitment or reveal
// is said at once, in the server's words, next to the control that sent it, and stays until
// the player's next action. The board is drawn again from every frame, so the message is put
// back beside its control after each drawing (the control is found again by its id or
// data-nav: boards key their elements).
import {h} from "./dom.js";

/** Where a control is: its id, else its data-nav, else the id of what holds it, else null
 *  (the shell's own error line under the board). */
function keyOf(el) {
  if (!el || el === document.body) return null;
  if (el.id) return {id: el.id};
  if (el.dataset && el.dataset.nav) return {nav: el.dataset.nav};
  const holder = el.parentElement && el.parentElement.closest("[id]");
  return holder && holder.id !== "app" ? {id: holder.id, inside: true} : null;
}

function find(key) {
  if (!key) return null;
  if (key.id) return document.getElementById(key.id);
  return [...document.querySelectorAll("[data-nav]")].find((e) => e.dataset.nav === key.nav) || null;
}

export class Refusal {
  /** `fallback`: the element that shows a refusal whose control is gone (under the board). */
  constructor(fallback) {
    this.fallback = fallback;
    this.anchor = null;   // the control of the last submission (its key)
    this.message = "";
    this.el = h("p", {class: "error refusal", id: "refusal", role: "alert"});
  }

  /** A submission for `decision` leaves now from the focused control (a click focuses its
   *  button). */
  sending(decision) {
    this.clear();
    this.anchor = keyOf(document.activeElement);
    this.decision = decision;
  }

  /** The server refused what the last control sent (for `decision`, when the refusal comes
   *  later than the answer: a reveal): say so beside it. */
  show(message, decision = this.decision) {
    this.message = message;
    this.decision = decision;
    this.el.textContent = message;
    this.place(this.decision);
    if (this.el.isConnected) this.el.scrollIntoView({block: "nearest"});
  }

  clear() {
    this.message = "";
    this.el.textContent = "";
    this.el.remove();
  }

  /** Put the message beside its control again (after the board was drawn anew); gone once
   *  the match is at another decision. */
  place(decision) {
    if (this.message && decision !== this.decision) this.clear();
    if (!this.message) return;
    const control = find(this.anchor);
    const inSvg = control && control.closest("svg");
    const box = control && !inSvg ? (this.anchor.inside ? control : control.closest(".row, form, li, .buttons") || control) : null;
    if (box && box.isConnected) box.insertAdjacentElement("afterend", this.el);
    else this.fallback.replaceChildren(this.el);
  }
}
