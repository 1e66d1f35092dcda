// The live region: what a screen reader says after each move, and the
// page's status message (role="status"): errors and results.

import { keepHeight, forgetHeight, PROJECTOR, WIDE } from './canvas.js';

let live = null;
let message = null;

/** Points the announcer at the page's live region and status message. */
export function setRegions(liveEl, messageEl) {
  live = liveEl;
  message = messageEl;
  if (!listening) {
    listening = true;
    // Before the games' own resize listeners (added later): they fit the board to the room left.
    addEventListener('resize', () => keepRoom(message?.textContent ?? ''));
    echoes = new Echo(messageEl);
  }
}

let echoes = null;

/**
 * Shows `text` at the window's foot, as the status message's echo is shown,
 * while `el` (news under the board: a lost game's verdict) is out of view;
 * it goes when `el` scrolls into view, at the next press or after a time.
 */
export function echoWhileHidden(el, text) {
  echoes?.showFor(el, text);
}

/** Hides what echoWhileHidden shows for `el` or an element in it (what it said is gone: another verdict, another game). */
export function forgetEcho(el) {
  if (echoes?.target && el.contains(echoes.target)) echoes.hide();
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
    /** What the echo copies when not the status message (showFor), and what watches it come into view. */
    this.target = null;
    this.watch = null;
    this.wasHeld = false;
    // A message said (its text set, the same again included), or a Mayan result held back until its chains play out
    // (class "held") let go; its other class changes (the room kept, the fit: keepRoom on every resize) are not a
    // new saying, and a copy dismissed stays so.
    // (Looked at once the frame's changes are made: a game's result box may be shown after its message.)
    new MutationObserver((records) => {
      const held = source.classList.contains('held');
      const released = this.wasHeld && !held;
      this.wasHeld = held;
      if (!records.some((r) => r.type !== 'attributes') && !released && !(held && !this.el.hidden)) return;
      cancelAnimationFrame(this.frame);
      this.frame = requestAnimationFrame(() => this.update());
    }).observe(source, { childList: true, characterData: true, subtree: true, attributes: true, attributeFilter: ['class'] });
    addEventListener('scroll', () => { if (!this.el.hidden && this.inView()) this.hide(); }, { passive: true });
    // The next press hides it (what it answers says afresh what there is to say).
    for (const type of ['pointerdown', 'keydown']) addEventListener(type, () => this.hide(), { capture: true, passive: true });
  }

  /** Whether what the echo copies (the status message, or `showFor`'s element) can be seen in the window now (half of it at least). */
  inView() {
    return mostlyInView((this.target ?? this.source).getBoundingClientRect());
  }

  update() {
    clearTimeout(this.timer);
    this.target = null;
    const text = this.source.classList.contains('held') ? '' : this.source.textContent.trim();
    if (!text || this.inView() || !this.source.getClientRects().length || resultShows(text, true)) {
      this.hide();
      return;
    }
    this.show(text, this.source.classList.contains('error'));
  }

  /**
   * Echoes `text` for `el` (not the status message) while `el` is out of view: it goes when `el` comes into view,
   * by a scroll or by the layout (a board fitted again under it a frame later).
   */
  showFor(el, text) {
    if (!text || !el.getClientRects().length || mostlyInView(el.getBoundingClientRect())) {
      // An echo of such news before goes (not one of the status message's).
      if (this.target) this.hide();
      return;
    }
    clearTimeout(this.timer);
    this.target = el;
    this.show(text, false);
    this.watch = new IntersectionObserver((entries) => {
      if (this.target === el && (!el.isConnected || entries.some((e) => e.intersectionRatio >= 0.5))) this.hide();
    }, { threshold: 0.5 });
    this.watch.observe(el);
  }

  show(text, error) {
    this.watch?.disconnect();
    this.watch = null;
    this.el.textContent = text;
    this.el.classList.toggle('error', error);
    this.el.hidden = false;
    // Time to read it: 4 s, more for a longer one (about 70 ms a character), at most 12 s.
    this.timer = setTimeout(() => this.hide(), Math.min(12000, Math.max(4000, text.length * 70)));
  }

  hide() {
    clearTimeout(this.timer);
    this.el.hidden = true;
    this.target = null;
    this.watch?.disconnect();
    this.watch = null;
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
  // The room kept for another window (or present mode) forgotten first, then its size fitted to the room its row
  // has now (fitMessage), then what it takes kept.
  keepHeight(message, false);
  fitMessage();
  keepHeight(message, Boolean(text));
}

/**
 * Keeps the status message in the header to the room its row has, so that
 * a message does not grow the header and move the board between two taps
 * (a refused pair's reason took a second line at 1920 × 1080, moving the
 * board 12 px under the finger; a Mayan level's result in present mode
 * moved it 20–25 px): the room is the most of the message's own least
 * height (one line; two on a phone held upright; what an earlier message
 * took, kept by keepRoom) and the height of the header's controls on its
 * row. A game's result that the box on the board shows whole is cut to
 * that room with an ellipsis (its whole text stays the status message's,
 * for a screen reader); another message is set smaller until it fits,
 * down to 12–15 px, and only one still longer there takes more room (then
 * kept). Not in an embed nor beside the board (a phone held sideways: there
 * it does not move the board).
 */
function fitMessage() {
  message.style.fontSize = '';
  message.classList.remove('clamped');
  message.style.removeProperty('--clamp');
  if (!message.textContent.trim() || document.documentElement.classList.contains('embed') || !message.closest('header')) return;
  const room = roomOf(message);
  if (textHeight() <= room + 1) return;
  const line = textLine();
  if (resultShows(message.textContent)) {
    message.style.setProperty('--clamp', String(Math.max(1, Math.floor((room + 1) / line))));
    message.classList.add('clamped');
    return;
  }
  // Present mode on a projector sets it larger: down to 15 px there (13 on an 800 × 600 one), 12 on a phone.
  const present = document.body.classList.contains('present') && matchMedia(PROJECTOR).matches;
  const least = present ? (matchMedia(WIDE).matches ? 15 : 13) : matchMedia('(max-width: 30rem)').matches ? 12 : 13;
  let size = parseFloat(getComputedStyle(message).fontSize);
  while (textHeight() > room + 1 && size > least) {
    size = Math.max(least, size - 1);
    message.style.fontSize = `${size}px`;
  }
}

/** The room `el` has in its row of the header without growing it: its least height, or its row's controls'. */
function roomOf(el) {
  const box = el.getBoundingClientRect();
  let room = parseFloat(getComputedStyle(el).minHeight) || 0;
  for (const other of el.parentElement.children) {
    if (other === el) continue;
    const r = other.getBoundingClientRect();
    // On the same row: it spans the message's middle.
    if (r.height > 0 && r.top <= box.top + box.height / 2 && r.bottom >= box.top + box.height / 2) room = Math.max(room, r.height);
  }
  return room;
}

/** The status message's text as laid out now: the height of its lines together, and of one line. */
function textRects() {
  const r = document.createRange();
  r.selectNodeContents(message);
  return [...r.getClientRects()];
}
function textHeight() {
  const rects = textRects();
  return rects.length ? Math.max(...rects.map((b) => b.bottom)) - Math.min(...rects.map((b) => b.top)) : 0;
}
function textLine() {
  return textRects()[0]?.height || parseFloat(getComputedStyle(message).fontSize) * 1.2;
}

/** Whether half of a box (a client rect) at least is in the window's height. */
function mostlyInView(r) {
  return r.height > 0 && Math.min(r.bottom, innerHeight) - Math.max(r.top, 0) >= r.height / 2;
}

/** Whitespace tidied, for comparing what two places say. */
const plain = (t) => t.replace(/\s+/g, ' ').trim();

/**
 * Whether a game's result box shown on its board says `text` whole (the
 * status message says a result with the box's words; `inView`: and the box
 * can be seen in the window now).
 */
function resultShows(text, inView = false) {
  const said = plain(text);
  return [...document.querySelectorAll('.overlay:not([hidden]) [data-ref="overlay-text"]')].some((p) => {
    const box = plain(p.textContent);
    const r = p.getBoundingClientRect();
    return box && said.includes(box) && box.includes(said) && r.height > 0 && (!inView || mostlyInView(r));
  });
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
