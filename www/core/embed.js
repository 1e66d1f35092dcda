// Embedding: the page's own link parameters (embed, log, origin, present),
// kept apart from the game's link, and the postMessage protocol with a
// parent page (docs/embedding.md). Nothing from a message reaches markup;
// a message that is not a well-formed command is ignored.
import { shown } from './announce.js';
import { overlayNeeds } from './game.js';
import { isTextField } from './keys.js';

/** The longest link opened (an address, a `load` command): longer ones are refused before the engine reads them. */
export const MAX_LINK_CHARS = 100000;

/** The link keys that belong to the page, not to a game. */
export const PAGE_KEYS = ['embed', 'log', 'origin', 'present'];

/** A percent-escaped '&' or '=' (which a link never reads as a separator). */
export const ESCAPED_SEPARATOR = /%(26|3d)/i;

/**
 * Decodes a link's percent-escapes part by part (each key and value on its
 * own), so an escaped '&' or '=' never acts as a separator: such a part, or
 * a malformed escape, throws an Error saying so.
 */
export function decodeLink(raw) {
  const out = [];
  for (const part of raw.split('&')) {
    if (!part) continue;
    if (ESCAPED_SEPARATOR.test(part)) throw new Error(`the part '${shown(part)}' holds an escaped '&' or '=' (%26, %3D), which is not a separator`);
    try {
      out.push(decodeURIComponent(part));
    } catch {
      // Which of the two: a % without two hex digits, or escapes whose bytes are no UTF-8 text (%ED%A0%80 is half
      // of a surrogate pair; %FF is no character's first byte).
      throw new URIError(/%(?![0-9a-f]{2})/i.test(part)
        ? `the part '${shown(part)}' has a % not followed by two hex digits`
        : `the part '${shown(part)}' has percent-escapes that are not UTF-8 text`);
    }
  }
  return out.join('&');
}

/** Splits a link into the game's part and the page's parameters. */
export function splitLink(text) {
  const game = [];
  const params = {};
  const seen = new Set();
  for (const part of text.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? '' : part.slice(eq + 1);
    if (key !== 'origin' && key.trim().toLowerCase() === 'origin') {
      // An origin spelled otherwise (ORIGIN, ' origin'): meant as one, so
      // refused (read as the game's, it would leave messages unguarded).
      params.origin = 'refused';
      params.originKey = key;
    } else if (PAGE_KEYS.includes(key)) {
      // A key given twice is noted (the page says so and ignores it; two origins: neither is trusted).
      if (seen.has(key) && !(params.twice ??= []).includes(key)) params.twice.push(key);
      seen.add(key);
      if (key === 'origin' && key in params && params.origin !== value) params.origin = 'refused';
      else if (!(key === 'origin' && params.origin === 'refused')) params[key] = value;
    } else game.push(part);
  }
  return { game: game.join('&'), params };
}

/**
 * The origin `value` names, such as https://example.com:8443 (a trailing
 * slash is forgiven, the scheme and host are read in any case, and the
 * scheme's own port may be written: HTTPS://Example.com:443/ is
 * https://example.com), else null.
 */
export function parseOrigin(value) {
  if (typeof value !== 'string' || value.length > 300) return null;
  try {
    const u = new URL(value);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    const v = value.toLowerCase().replace(/\/$/, '');
    const ownPort = `${u.protocol}//${u.host}:${u.protocol === 'https:' ? 443 : 80}`;
    return u.origin === v || (u.port === '' && ownPort === v) ? u.origin : null;
  } catch {
    return null;
  }
}

const COMMANDS = new Set(['load', 'undo', 'redo', 'restart', 'step', 'hint']);

/** At most this many `error` events for messages that are not commands in NOT_COMMAND_MS (the rest ignored). */
const NOT_COMMAND_ERRORS = 20;
const NOT_COMMAND_MS = 10_000;

/** Whether a message's data is a command the page obeys. */
export function isCommand(d) {
  return Boolean(d) && typeof d === 'object' && !Array.isArray(d) && COMMANDS.has(d.type) && (d.type !== 'load' || typeof d.link === 'string');
}

/** What a value sent where a command or its link goes is, in words: "the string 'undo'", "an array", "null". */
function described(v) {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (typeof v === 'string') return `the string '${shown(v, 40)}'`;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return `the ${typeof v} ${shown(String(v), 40)}`;
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

const EXAMPLE = 'a command is an object such as {type: "step"} or {type: "load", link: "game=samegame&seed=3"}';

/**
 * Why a parent's message `d` is not a command, for its `error` event; '' for a command, and for one of this
 * page's own events sent back (a host that passes every message on to its frames would otherwise trade errors
 * with it for ever).
 */
export function whyNotCommand(d) {
  if (isCommand(d)) return '';
  const object = Boolean(d) && typeof d === 'object' && !Array.isArray(d);
  if (object && d.source === 'clearboard') return '';
  if (!object) return `A message from the embedding page was not a command but ${described(d)}: ${EXAMPLE}.`;
  if (!('type' in d)) return `A message from the embedding page was an object without a type: ${EXAMPLE}.`;
  if (typeof d.type !== 'string') return `A message from the embedding page had ${described(d.type)} as its type: ${EXAMPLE}.`;
  if (d.type === 'load') return `load needs its link as a string (the part of an address after '#', such as "game=samegame&seed=3"), not ${described(d.link)}.`;
  return `'${shown(d.type, 40)}' is not a command: the commands are ${[...COMMANDS].join(', ')} (in lower case).`;
}

/**
 * The protocol with a parent page: events out (ready, move, over, height)
 * and commands in (load, undo, redo, restart, step, hint). `shell` gives
 * the shown game and opens links.
 */
export class Messenger {
  constructor(shell) {
    this.shell = shell;
    this.origin = null;
    this.framed = window.parent !== window;
    this.lastLink = null;
    this.lastOver = false;
    this.lastHeight = 0;
    this.started = false;
    this.heard = new Set();
    if (!this.framed) return;
    addEventListener('message', (e) => this.receive(e));
    // The content's height is the shell's (read in height()): watch it, and
    // the body for a shell that is replaced.
    this.observer = new ResizeObserver(() => this.height());
    this.observer.observe(document.body);
    const box = document.querySelector('.shell');
    if (box) this.observer.observe(box);
  }

  /** Posts `msg` to the parent (to `origin` when one is set, else to any). */
  post(msg) {
    if (!this.framed) return;
    // A parent of another origin than `origin` gets nothing; where the
    // browser tells the parent's origin, nothing is tried (Chromium would
    // log a warning for every event).
    const parent = globalThis.location?.ancestorOrigins?.[0];
    if (this.origin && parent && parent.toLowerCase() !== this.origin.toLowerCase()) return;
    try {
      window.parent.postMessage({ source: 'clearboard', ...msg }, this.origin ?? '*');
    } catch {
      /* a parent on another origin than `origin`: nothing is sent */
    }
  }

  /**
   * A new `origin=` set through the address: when no parent of that origin can have heard `ready` (the events
   * went to another one), the events stop until `ready` is sent to it, with the height, once the address is
   * opened (a `move` before `ready` would come first otherwise).
   */
  originChanged() {
    if (!this.started || this.heard.has('*') || this.heard.has(this.origin)) return;
    this.started = false;
    setTimeout(() => {
      const game = this.shell.game;
      if (!game?.app || this.started) return;
      this.lastHeight = 0;
      game.fit?.check?.();
      this.ready(game);
    }, 0);
  }

  ready(game) {
    this.started = true;
    // Which origins a `ready` went to ('*': any parent).
    this.heard.add(this.origin ?? '*');
    this.lastLink = game.link();
    const s = game.summary();
    this.lastOver = s.over;
    this.post({ type: 'ready', game: game.constructor.id, link: this.lastLink });
    // A position that is over already: the parent hears it at once.
    if (s.over) this.post({ type: 'over', game: game.constructor.id, link: this.lastLink, score: s.score, won: s.won });
    this.height();
  }

  /** A link is being opened (not a move): if its position is over, that is news. */
  opening() {
    this.lastOver = false;
  }

  /**
   * The height measured again after the task that changed the position: a frame out of view (of another origin)
   * gets no rendering steps from Chromium, so neither the resize observer nor the board's fit run there until it
   * is scrolled into view, and a parent that sizes it from `height` would then see it jump.
   */
  heightSoon() {
    if (!this.framed || !this.started) return;
    clearTimeout(this.heightTimer);
    this.heightTimer = setTimeout(() => {
      // The board's fit first, as a rendering step would make it (nothing when its space is as it was).
      this.shell.game?.fit?.check?.();
      this.height();
    }, 0);
  }

  /** After a change of the shown game's position: `move`, and `over` when it ends. */
  changed(game) {
    this.heightSoon();
    if (!this.framed || !this.started || !game?.app) return;
    const link = game.link();
    if (link === this.lastLink) {
      // No move; but the position shown opened again (a `load` of its own link) after `opening`:
      // if it is over, that is said as for any link that opens a position already over.
      if (!this.lastOver && game.summary().over) {
        const s = game.summary();
        this.post({ type: 'over', game: game.constructor.id, link, score: s.score, won: s.won });
        this.lastOver = true;
      }
      return;
    }
    this.lastLink = link;
    const s = game.summary();
    this.post({ type: 'move', game: game.constructor.id, link, score: s.score, movesMade: s.movesMade });
    if (s.over && !this.lastOver) this.post({ type: 'over', game: game.constructor.id, link, score: s.score, won: s.won });
    this.lastOver = s.over;
  }

  /**
   * The height the page needs: its content's, with the board at the size
   * the frame's width gives it (capped as the game caps it). A board fitted
   * to a short frame's height, or scrolling in its box, would be larger in
   * a taller frame; the content's own height then would have a parent that
   * sizes the frame from this event shrink (or grow) frame and board in
   * turn, step by step. This figure does not depend on the frame's height.
   */
  height() {
    if (!this.framed) return;
    let px = Math.ceil(document.querySelector('.shell')?.getBoundingClientRect().height ?? 0);
    const game = this.shell.game;
    const wrap = game?.root?.querySelector('.board-wrap');
    if (px && wrap && game.canvas && game.wantedBoardHeight > 0) {
      const box = wrap.getBoundingClientRect().height;
      const drawn = game.canvas.getBoundingClientRect().height;
      px = Math.ceil(px - box + game.wantedBoardHeight + Math.max(0, box - drawn));
      // A game-over box put under a board drawn smaller than the figure's frame would draw it sits on
      // the board there: it is not counted (else the figure would follow the frame's height).
      const o = game.ref?.('overlay');
      let onBoard = false;
      if (o && !o.hidden && o.classList.contains('outside') && drawn > 0) {
        const cells = ((drawn - (game.geom?.bottom ?? 0)) * game.wantedBoardHeight) / drawn;
        onBoard = overlayNeeds(o).tall <= cells;
        if (onBoard) px -= o.getBoundingClientRect().height + parseFloat(getComputedStyle(o).marginTop);
      }
      // The board is fitted to the frame's height less what must stay in view under it (the game's
      // reserveBelow, the box under the board included unless it would sit on the board there): the
      // frame that shows the whole board is that much taller than the board's top.
      const reserve = (game.reserveBelow?.() ?? 0) - (onBoard ? game.overlayRoom?.() ?? 0 : 0);
      px = Math.max(px, Math.ceil(wrap.getBoundingClientRect().top + scrollY + game.wantedBoardHeight + reserve) + 1);
    }
    if (px && px !== this.lastHeight) {
      this.lastHeight = px;
      this.post({ type: 'height', px });
    }
  }

  /** A message: obeyed when it comes from the parent (and its origin, when set) and is a known command. */
  receive(e) {
    try {
      if (e.source !== window.parent) return;
      const d = e.data;
      if (this.origin && e.origin !== this.origin) {
        // A command from a parent of another origin than origin=: not obeyed, and said once per origin
        // (a refused origin= was said when the address was read).
        if (isCommand(d) && this.origin !== 'null-origin-refused' && this.refusedFrom !== e.origin) {
          this.refusedFrom = e.origin;
          // Kept as the origin's warning: an origin= given later by the parent takes it back.
          this.shell.originWarning = `A command from ${shown(e.origin, 60)} was not obeyed: this game obeys only ${this.origin} (origin= in its address).`;
          this.shell.message(this.shell.originWarning, true);
        }
        return;
      }
      const game = this.shell.game;
      if (!game) return;
      if (!isCommand(d)) {
        // Said to the parent, which sent it (the player's status line is left alone): one `error` event each, at
        // most NOT_COMMAND_ERRORS in NOT_COMMAND_MS (a host that answers every event with a message of its own
        // would trade messages with the frame for ever: it hears a few, then nothing until the rate falls).
        const why = whyNotCommand(d);
        const now = performance.now();
        this.notCommands = (this.notCommands ?? []).filter((t) => now - t < NOT_COMMAND_MS);
        if (why && game.app && this.notCommands.length < NOT_COMMAND_ERRORS) {
          this.notCommands.push(now);
          const command = d && typeof d === 'object' && typeof d.type === 'string' ? shown(d.type, 40) : null;
          this.post({ type: 'error', command, message: why, game: game.constructor.id, link: game.link() });
        }
        return;
      }
      switch (d.type) {
        case 'load': {
          let refused = '';
          if (d.link.length > MAX_LINK_CHARS) {
            refused = `This link could not be opened (it is ${d.link.length.toLocaleString('en-US')} characters long; a link has at most 100,000).`;
            this.shell.message(refused, true);
          } else refused = this.shell.load(d.link);
          // The parent hears it too (the status line is the player's): what was said, and the position shown.
          const shown = this.shell.game;
          if (refused && shown?.app) this.post({ type: 'error', command: 'load', message: refused, game: shown.constructor.id, link: shown.link() });
          break;
        }
        case 'undo':
          game.undo();
          break;
        case 'redo':
          game.redo();
          break;
        case 'restart':
          game.restart();
          break;
        case 'step':
          game.step();
          break;
        case 'hint':
          game.hint?.();
          break;
        default:
          break;
      }
    } catch (err) {
      // A command that throws is a bug of the page: it changes nothing more,
      // and the console says so (the browser suite fails on console errors).
      console.error(`clearboard: a message from the parent failed: ${err?.message ?? err}`);
    }
  }
}

/** Keys that scroll a page, and how far (`page`: the window's height less a line; ±Infinity: to an end). */
function scrollKeyBy(e, page, nothingFocused) {
  switch (e.key) {
    case 'PageDown': return page;
    case 'PageUp': return -page;
    case 'End': return Infinity;
    case 'Home': return -Infinity;
    // (On a focused control these are its own: Space presses a button, the arrows move a slider.)
    case ' ': return nothingFocused ? (e.shiftKey ? -page : page) : null;
    case 'ArrowDown': return nothingFocused ? 40 : null;
    case 'ArrowUp': return nothingFocused ? -40 : null;
    default: return null;
  }
}

/**
 * In a frame, a key that scrolls (Page Up / Down, Home, End; Space and the
 * arrows with nothing focused) and that nothing in the page used scrolls the
 * frame's own page, or the box it is in, and never the host page: a browser
 * passes a scroll that the frame cannot make on to the page around it (Page
 * Down on a focused board moved its host by a screen).
 */
export function keepScrollsInFrame() {
  if (window.parent === window) return;
  addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    // (Fields and lists keep their keys; a check box or button has no use for Page Down.)
    if (isTextField(t) || t?.closest?.('select, textarea, [contenteditable="true"], input[type="range"]')) return;
    const nothingFocused = !t || t === document.body || t === document.documentElement;
    const page = document.scrollingElement ?? document.documentElement;
    const height = (box) => (box === page ? innerHeight : box.clientHeight);
    const probe = scrollKeyBy(e, 1, nothingFocused);
    if (probe === null) return;
    e.preventDefault();
    // The innermost box around the focus (or focused itself: a log, an explanation, the side column) that can
    // still scroll that way, else the frame's page; at their ends nothing (the host page is not the frame's).
    const canMove = (box) => (probe > 0 ? box.scrollTop + height(box) < box.scrollHeight - 1 : box.scrollTop > 0);
    let box = t instanceof Element ? t : null;
    while (box && box !== document.body && box !== document.documentElement && !(/auto|scroll/.test(getComputedStyle(box).overflowY) && canMove(box))) box = box.parentElement;
    if (!box || box === document.body || box === document.documentElement) box = page;
    if (!canMove(box)) return;
    const by = scrollKeyBy(e, Math.max(40, height(box) - 40), nothingFocused);
    box.scrollTo({ top: by === Infinity ? box.scrollHeight : by === -Infinity ? 0 : box.scrollTop + by });
  });
}
