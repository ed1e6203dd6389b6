// The sign-in page (/signin): sign in with a passkey or a password (or a recovery code), or make
// an account with a passkey or a password; a new account's recovery codes are shown once. A
// signed-in player finds here its passkeys and password (/signin#account).
import {api} from "./api.js";
import {account} from "./account.js";
import {$, h, fill} from "./dom.js";
import {passkeysAvailable, registerPasskey, signInWithPasskey} from "./passkeys.js";

const NAME_RULE = "3 to 20 letters, digits, _ or -";

export async function signinPage(app) {
  $("title").textContent = "sign in";
  document.title = "Sign in · duelhost";
  const me = await account();
  if (me) { accountPanel(app, me); return; }
  const canPasskey = passkeysAvailable();
  const signInError = h("p", {class: "error", id: "signin-error", role: "alert"});
  const signUpError = h("p", {class: "error", id: "signup-error", role: "alert"});
  const done = (made) => (made.recovery_codes ? showCodes(app, made) : (location.href = next()));
  const run = (errorEl, work) => async (event) => {
    event?.preventDefault();
    errorEl.textContent = "";
    try { done(await work()); } catch (error) { errorEl.textContent = error.name === "NotAllowedError" ? "The passkey was not used (cancelled or timed out)." : error.message; }
  };
  const recovery = h("input", {id: "signin-recovery", name: "recovery", autocomplete: "off", placeholder: "xxxx-xxxx-xxxx-xxxx", hidden: true, "aria-label": "recovery code"});
  const password = h("input", {id: "signin-password", name: "password", type: "password", autocomplete: "current-password", required: true});
  const useCode = h("button", {type: "button", class: "quiet", id: "use-recovery", onclick: () => {
    const on = recovery.hidden;
    recovery.hidden = !on; password.hidden = on; password.required = !on;
    useCode.textContent = on ? "Use my password instead" : "Lost your passkey and password? Use a recovery code";
  }}, "Lost your passkey and password? Use a recovery code");
  const signInForm = h("form", {class: "stack", id: "signin-form"},
    h("label", {for: "signin-name"}, "Name"),
    h("input", {id: "signin-name", name: "username", autocomplete: "username", required: true, maxlength: 64}),
    h("label", {for: "signin-password"}, "Password"), password, recovery,
    h("button", {type: "submit", class: "primary", id: "signin-submit"}, "Sign in"), useCode);
  signInForm.addEventListener("submit", run(signInError, () => {
    const name = $("signin-name").value.trim();
    return api("POST", "/api/session", recovery.hidden ? {name, password: password.value} : {name, recovery_code: recovery.value.trim()});
  }));
  const newName = h("input", {id: "signup-name", name: "new-username", autocomplete: "username", required: true, minlength: 3, maxlength: 20, pattern: "[A-Za-z0-9_\\-]{3,20}", "aria-describedby": "signup-name-help"});
  const newPassword = h("input", {id: "signup-password", name: "new-password", type: "password", autocomplete: "new-password", minlength: 8, "aria-describedby": "signup-password-help"});
  const signUpForm = h("form", {class: "stack", id: "signup-form"},
    h("label", {for: "signup-name"}, "Choose a name"), newName,
    h("div", {class: "help", id: "signup-name-help"}, NAME_RULE + "; the name others see."),
    canPasskey ? h("button", {type: "button", class: "primary", id: "signup-passkey", onclick: run(signUpError, () => {
      if (!newName.reportValidity()) throw new Error("Choose a name first (" + NAME_RULE + ").");
      return registerPasskey(newName.value.trim());
    })}, "Create the account with a passkey") : null,
    h("div", {class: "or"}, canPasskey ? "or with a password" : "with a password"),
    h("label", {for: "signup-password"}, "Password"), newPassword,
    h("div", {class: "help", id: "signup-password-help"}, "At least 8 characters."),
    h("button", {type: "submit", id: "signup-submit"}, "Create the account with a password"));
  signUpForm.addEventListener("submit", run(signUpError, () => {
    if (!newPassword.value) throw new Error("Choose a password, or create the account with a passkey.");
    return api("POST", "/api/accounts", {name: newName.value.trim(), password: newPassword.value});
  }));
  fill(app,
    h("h1", {}, "Sign in to duelhost"),
    h("p", {class: "muted"}, "An account is optional: you can play and watch without one. With one, your seats follow you to any device, players can challenge you by name, and you can post seeks in the lobby."),
    h("div", {class: "auth"},
      h("section", {class: "panel", id: "signin"},
        h("h2", {}, "Sign in"),
        canPasskey ? h("button", {type: "button", class: "primary wide", id: "signin-passkey", onclick: run(signInError, signInWithPasskey)}, "Sign in with a passkey") : null,
        canPasskey ? h("div", {class: "or"}, "or with your name and password") : null,
        signInForm, signInError),
      h("section", {class: "panel", id: "signup"},
        h("h2", {}, "New here? Create an account"),
        signUpForm, signUpError,
        h("p", {class: "muted small"}, "What is kept and for how long: docs/accounts.md. No e-mail address is asked for."))));
  window.duelhost = {renders: 1};
}

function next() {
  const back = new URLSearchParams(location.search).get("next");
  return back && back.startsWith("/") && !back.startsWith("//") ? back : "/";
}

/** A new account's recovery codes: shown once, here. */
function showCodes(app, made) {
  const text = made.recovery_codes.join("\n");
  fill(app,
    h("h1", {}, "Welcome, " + made.name),
    h("section", {class: "panel codes", id: "recovery"},
      h("h2", {}, "Your recovery codes"),
      h("p", {}, "Each code signs you in once if you lose your passkey or password. Keep them somewhere safe: this is the only time they are shown."),
      h("ol", {class: "mono", id: "recovery-codes"}, made.recovery_codes.map((c) => h("li", {}, c))),
      h("div", {class: "buttons"},
        h("a", {href: "data:text/plain;charset=utf-8," + encodeURIComponent(text + "\n"), download: "duelhost-recovery-codes.txt", class: "button", id: "codes-download"}, "Download them"),
        h("a", {href: next(), class: "button primary", id: "codes-kept"}, "I have kept them: go on"))));
}

/** Signed in: the account's passkeys and password, and its deletion. */
function accountPanel(app, me) {
  const status = h("p", {class: "small", id: "account-status", role: "status"});
  const say = (text, bad) => { status.textContent = text; status.classList.toggle("error", Boolean(bad)); };
  const password = h("input", {id: "new-password", type: "password", autocomplete: "new-password", minlength: 8});
  const confirmName = h("input", {id: "delete-name", autocomplete: "off", placeholder: me.name});
  fill(app,
    h("h1", {}, "Your account: " + me.name),
    h("section", {class: "panel stack", id: "account"},
      h("p", {}, me.passkeys + (me.passkeys === 1 ? " passkey" : " passkeys") + " · " + (me.has_password ? "a password" : "no password") + " · " + me.recovery_codes_left + " recovery codes left"),
      passkeysAvailable() ? h("button", {type: "button", id: "add-passkey", onclick: async () => {
        try { await registerPasskey(null); say("Passkey added."); } catch (error) { say(error.message, true); }
      }}, "Add a passkey on this device") : null,
      h("label", {for: "new-password"}, me.has_password ? "Change the password" : "Set a password"), password,
      h("button", {type: "button", id: "set-password", onclick: async () => {
        try { await api("PUT", "/api/me/password", {password: password.value}); password.value = ""; say("Password set."); } catch (error) { say(error.message, true); }
      }}, "Save the password"),
      status),
    h("section", {class: "panel stack", id: "delete"},
      h("h2", {}, "Delete the account"),
      h("p", {class: "small"}, "Your name, password, passkeys, recovery codes and sessions are erased. The records of your matches stay (they are public), with your name replaced."),
      h("label", {for: "delete-name"}, "Type your name to confirm"), confirmName,
      h("button", {type: "button", class: "danger", id: "delete-account", onclick: async () => {
        try { await api("DELETE", "/api/me", {name: confirmName.value.trim()}); location.href = "/"; } catch (error) { say(error.message, true); }
      }}, "Delete my account")));
  window.duelhost = {renders: 1};
}
