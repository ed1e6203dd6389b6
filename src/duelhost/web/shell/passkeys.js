// Passkeys (WebAuthn) in the browser: the server's options (base64url fields) made into the
// ArrayBuffers navigator.credentials wants, and the credential made back into JSON.
import {api} from "./api.js";

function fromB64(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)).buffer;
}

function toB64(buffer) {
  let text = "";
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Whether this browser can use passkeys here (a secure context: https, or localhost). */
export function passkeysAvailable() {
  return Boolean(window.PublicKeyCredential && navigator.credentials && window.isSecureContext);
}

function credentialJson(credential) {
  const r = credential.response;
  const response = {clientDataJSON: toB64(r.clientDataJSON)};
  if (r.attestationObject) {
    response.attestationObject = toB64(r.attestationObject);
    if (r.getTransports) response.transports = r.getTransports();
  }
  if (r.authenticatorData) response.authenticatorData = toB64(r.authenticatorData);
  if (r.signature) response.signature = toB64(r.signature);
  if (r.userHandle) response.userHandle = toB64(r.userHandle);
  return {id: credential.id, rawId: toB64(credential.rawId), type: credential.type, response,
    clientExtensionResults: credential.getClientExtensionResults ? credential.getClientExtensionResults() : {}};
}

/** Register a passkey: for a new account named `name`, or (name null) for the signed-in one. */
export async function registerPasskey(name) {
  const start = await api("POST", "/api/passkeys/registration/options", name ? {name} : {});
  const o = start.options;
  const publicKey = {
    ...o,
    challenge: fromB64(o.challenge),
    user: {...o.user, id: fromB64(o.user.id)},
    excludeCredentials: (o.excludeCredentials || []).map((c) => ({...c, id: fromB64(c.id)})),
  };
  const credential = await navigator.credentials.create({publicKey});
  return api("POST", "/api/passkeys/registration/verify", {ceremony: start.ceremony, credential: credentialJson(credential)});
}

/** Sign in with any passkey of this site (the browser lists them). */
export async function signInWithPasskey() {
  const start = await api("POST", "/api/passkeys/authentication/options", {});
  const o = start.options;
  const publicKey = {...o, challenge: fromB64(o.challenge),
    allowCredentials: (o.allowCredentials || []).map((c) => ({...c, id: fromB64(c.id)}))};
  const credential = await navigator.credentials.get({publicKey});
  return api("POST", "/api/passkeys/authentication/verify", {ceremony: start.ceremony, credential: credentialJson(credential)});
}
