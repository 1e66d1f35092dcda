// The live region: what a screen reader says after each move, and the
// page's status message (role="status"): errors and results.

import { keepHeight, forgetHeight, PROJECTOR, WIDE } from './canvas.js';

let live = null;
let message = null;
let echo = null;

/** Points the announcer at the page's live region and status message. */
export function setRegions(liveEl, messageEl) {
  live = liveEl;
  message = messageEl;
  if (!listening) {
    listening = true;
    // Before the games' own resize listeners (added later): they fit the board to the room left.
    addEventListener('resize', () => keepRoom(message?.textContent ?? ''));
    echo = new Echo(messageEl);
  }
}

/**
 * What the status message says, shown at the bottom of the window while
 * the message itself is out of view: a phone's header scrolled away above a
 * board fitted to the window (at 200 % zoom, say) would otherwise leave a
 * refused pair's reason, or a move's result, unseen. A copy for the eyes
 * only (aria-hidden: the status message is already read), letting taps
 * through to the board under it; it goes when the message changes or
 * scrolls into view, and after a time that follows its length.
 */
class Echo {
  constructor(source) {
    this.source = source;
    this.el = document.createElement('div');
    this.el.className = 'echo';
    this.el.setAttribute('aria-hidden', 'true');
    this.el.hidden = true;
    document.body.append(this.el);
    this.timer = 0;
    this.frame = 0;
    // Every change: a new text, an error mark, a Mayan result held back until its chains play out (class "held").
    // (Looked at once the frame's changes are made: a game's result box may be shown after its message.)
    new MutationObserver(() => {
      cancelAnimationFrame(this.frame);
      this.frame = requestAnimationFrame(() => this.update());
    }).observe(source, { childList: true, characterData: true, subtree: true, attributes: true, attributeFilter: ['class'] });
    addEventListener('scroll', () => { if (!this.el.hidden && this.inView()) this.hide(); }, { passive: true });
    // The next press hides it (what it answers says afresh what there is to say).
    for (const type of ['pointerdown', 'keydown']) addEventListener(type, () => this.hide(), { capture: true, passive: true });
  }

  /** Whether the status message can be seen in the window now. */
  inView() {
    const r = this.source.getBoundingClientRect();
    return r.height > 0 && r.bottom > 0 && r.top < innerHeight;
  }

  /** Whether a game's result box in view already says `text` (on the board, or under it). */
  resultSays(text) {
    const plain = (t) => t.replace(/\s+/g, ' ').trim();
    return [...document.querySelectorAll('.overlay:not([hidden]) [data-ref="overlay-text"]')].some((p) => {
      const r = p.getBoundingClientRect();
      const said = plain(p.textContent);
      return said && r.bottom > 0 && r.top < innerHeight && (plain(text).includes(said) || said.includes(plain(text)));
    });
  }

  update() {
    clearTimeout(this.timer);
    const text = this.source.classList.contains('held') ? '' : this.source.textContent.trim();
    if (!text || this.inView() || !this.source.getClientRects().length || this.resultSays(text)) {
      this.hide();
      return;
    }
    this.el.textContent = text;
    this.el.classList.toggle('error', this.source.classList.contains('error'));
    this.el.hidden = false;
    // Time to read it: 4 s, more for a longer one (about 70 ms a character), at most 12 s.
    this.timer = setTimeout(() => this.hide(), Math.min(12000, Math.max(4000, text.length * 70)));
  }

  hide() {
    clearTimeout(this.timer);
    this.el.hidden = true;
  }
}

let listening = false;

/**
 * Keeps the room the status message has taken (its row, its lines) until
 * the window's size changes, present mode is entered or left or another
 * position is opened (`forgetRoom`), outside an embed: a message that comes and goes
 * between two taps does not move the board under the finger, nor change the
 * size of a board fitted to the height.
 */
export function keepRoom(text = message?.textContent ?? '') {
  if (!message) return;
  // Its size first (present mode entered or left, another width: see fitPresented).
  fitPresented();
  keepHeight(message, Boolean(text));
}

/**
 * In present mode on a wide screen (a projector) the message is set larger
 * (style.css): one that would take more than two lines there is set
 * smaller, down to the page's size, so that it does not take a third line
 * and move the board (a Mayan level's result did).
 */
function fitPresented() {
  message.style.fontSize = '';
  if (!document.body.classList.contains('present') || document.documentElement.classList.contains('embed')) return;
  if (!message.closest('header') || !matchMedia(PROJECTOR).matches) return;
  // (An 800 × 600 projector sets it at the page's size: down to 13 px there.)
  const least = matchMedia(WIDE).matches ? 15 : 13;
  const lines = () => {
    const r = document.createRange();
    r.selectNodeContents(message);
    return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size;
  };
  let size = parseFloat(getComputedStyle(message).fontSize);
  while (lines() > 2 && size > least) {
    size = Math.max(least, size - 1);
    message.style.fontSize = `${size}px`;
  }
}

/** Forgets the room the status message kept (another position is shown): the next message measures afresh. */
export function forgetRoom() {
  if (message) forgetHeight(message);
}

/** `text` without `part` (once), its spaces tidied. */
const without = (text, part) => text.replace(part, '').replace(/\s+/g, ' ').trim();

/**
 * Says `text` through the polite live region. What the status message
 * (itself a polite live region) already shows is left out, so that a
 * screen reader does not read one sentence twice.
 */
export function announce(text) {
  if (!live) return;
  const shown = message?.textContent.trim();
  live.textContent = shown && text.includes(shown) ? without(text, shown) : text;
}

/**
 * Shows `text` in the status message (`error` marks it as a problem). It
 * stays until the next call: the next action of the player decides.
 */
export function showMessage(text, error = false) {
  if (!message) return;
  message.textContent = text;
  message.classList.toggle('error', Boolean(error && text));
  keepRoom(text);
  // Said once: by the status message, not again by the live region.
  const shown = text.trim();
  if (live && shown && live.textContent.includes(shown)) live.textContent = without(live.textContent, shown);
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

/**
 * A piece of input (a link's, a field's) for a message: at most `max`
 * characters, and what does not print escaped as \u{…} (a control
 * character; a format character such as U+202E, which would reverse the
 * rest of the message; a line or paragraph separator).
 */
export function shown(text, max = 40) {
  const chars = Array.from(String(text));
  const head = chars.slice(0, max).map((c) => (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(c) ? `\\u{${c.codePointAt(0).toString(16)}}` : c)).join('');
  return chars.length > max ? `${head}…` : head;
}
