// The live region: what a screen reader says after each move, and the
// page's status message (role="status"): errors and results.

let live = null;
let message = null;

/** Points the announcer at the page's live region and status message. */
export function setRegions(liveEl, messageEl) {
  live = liveEl;
  message = messageEl;
}

/** Says `text` through the polite live region. */
export function announce(text) {
  if (live) live.textContent = text;
}

/**
 * Shows `text` in the status message (`error` marks it as a problem). It
 * stays until the next call: the next action of the player decides.
 */
export function showMessage(text, error = false) {
  if (!message) return;
  message.textContent = text;
  message.classList.toggle('error', Boolean(error && text));
}

/** Whether the status message currently shows an error. */
export function messageIsError() {
  return Boolean(message && message.classList.contains('error'));
}

/**
 * Sets a `role="log"` element to `text`, appending only what is new when the
 * text grows (so a screen reader reads the new lines, not the whole log).
 */
export function setLog(el, text) {
  const old = el.textContent;
  if (text === old) return;
  if (old && text.startsWith(old)) el.append(text.slice(old.length));
  else el.textContent = text;
  el.scrollTop = el.scrollHeight;
}
