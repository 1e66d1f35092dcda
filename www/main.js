// clearboard's page shell: start-up, the link router on `game=`, the game
// switcher, mounting and unmounting a game, and the services every game
// shares (address, status message, live region, keyboard dispatch), the
// page's own link parameters (embed, log, origin, present), the message
// protocol with a parent page and present mode. A game is a module in
// www/games/ with the same interface: mount(root), unmount(), open(link),
// openDefault(seed), link(), summary(), draw(), step(), undo(), redo(),
// restart(), hint(), key(event), focusBoard(), resize().
import { engine } from './core/engine.js';
import { actOnChoice, installKeys, isTextField } from './core/keys.js';
import { setRegions, showMessage, announce, shown, keepRoom } from './core/announce.js';
import { Messenger, splitLink, parseOrigin, decodeLink, isCommand, ESCAPED_SEPARATOR, MAX_LINK_CHARS, keepScrollsInFrame } from './core/embed.js';
import { PALETTES, MOTIONS, MOTIONS_SHORT, paletteName, setPalette, motionSetting, setMotion } from './core/settings.js';
import { shortName } from './core/labels.js';

setRegions(document.getElementById('live'), document.getElementById('message'));
import { SameGame } from './games/samegame.js';
import { Mayan } from './games/mayan.js';
import { Lianliankan } from './games/lianliankan.js';

/** While autoplay runs, the live region speaks at most this often (ms). */
const ANNOUNCE_GAP_MS = 2000;

/** The games that have a page, in the switcher's order; the first is the default. */
const GAMES = [SameGame, Mayan, Lianliankan];

/** Where addresses left behind by the rate limit are kept (see Shell.keepFix), and how many. */
const FIXES = 'clearboard.address-fixes';
const FIXES_KEPT = 10;

/** The kept address corrections: [{ key, stale, link }]. */
function readFixes() {
  try {
    const fixes = JSON.parse(sessionStorage.getItem(FIXES) ?? '[]');
    return Array.isArray(fixes) ? fixes.filter((f) => typeof f?.stale === 'string' && typeof f?.link === 'string') : [];
  } catch {
    return [];
  }
}

/** The history entry shown ('' where the browser has no Navigation API). */
const entryKey = () => globalThis.navigation?.currentEntry?.key ?? '';

/** How many corrections are kept (so that most address writes need not read storage). */
let fixesKept = readFixes().length;

/** Keeps `fixes` (those of other entries stay; none for entries shown since). */
function saveFixes(fixes) {
  try {
    if (fixes.length) sessionStorage.setItem(FIXES, JSON.stringify(fixes));
    else sessionStorage.removeItem(FIXES);
    fixesKept = fixes.length;
  } catch {
    /* storage blocked: nothing is kept */
  }
}

/** Drops the corrections kept for the entry shown. */
function dropFix() {
  const key = entryKey();
  const fixes = readFixes();
  if (fixes.some((f) => f.key === key)) saveFixes(fixes.filter((f) => f.key !== key));
}

/**
 * The entry shown was left with an address behind its position: the
 * address is corrected. Any correction kept for this entry is dropped
 * (the entry is shown now, and from now on its address is written).
 */
function applyFix() {
  if (!fixesKept) return;
  const key = entryKey();
  const fixes = readFixes();
  const fix = fixes.find((f) => f.key === key && f.stale === location.hash);
  saveFixes(fixes.filter((f) => f.key !== key));
  if (!fix) return;
  try {
    history.replaceState(null, '', fix.link);
  } catch {
    /* refused: the address opens as it is */
  }
}

class Shell {
  constructor(bindings) {
    this.bindings = bindings;
    this.game = null;
    this.lastLinks = {};
    /** Per game left in this page: the controls it keeps (see BoardGame.controlsKept). */
    this.keptControls = {};
    this.main = document.querySelector('main');
    this.params = {};
    this.presenting = false;
    /** Exits from fullscreen the page asked for whose fullscreenchange has not come yet. */
    this.exitsAsked = 0;
    this.messenger = new Messenger(this);
    setRegions(document.getElementById('live'), document.getElementById('message'));
    this.buildSwitcher();
    installKeys(() => ({ key: (e) => this.key(e), fieldKey: (e) => this.fieldKey(e), ref: (name) => this.game?.ref?.(name) }));
    // (After the keys' own listener: what a game or present mode used is not scrolled too.)
    keepScrollsInFrame();
    document.getElementById('present').addEventListener('click', () => this.togglePresent());
    this.buildSettings();
    addEventListener('resize', () => {
      if (this.presenting) this.game?.placeExplanation?.(true);
    });
    document.addEventListener('fullscreenchange', () => {
      // An exit the page asked for (present mode left) is no reason to leave present mode entered again since: it
      // may come after P did that, and so may entering's own change, which set `fullscreen` again (a busy machine).
      const asked = !document.fullscreenElement && this.exitsAsked > 0;
      if (asked) this.exitsAsked -= 1;
      if (!document.fullscreenElement && !asked && this.fullscreen && this.presenting) this.togglePresent(false);
      // Present mode left before its fullscreen came (P twice, quickly): the fullscreen goes too (unless its exit was
      // asked for already: two asked give one change, and the count would stay one too high).
      if (document.fullscreenElement && !this.presenting && this.exitsAsked === 0) {
        this.exitsAsked += 1;
        document.exitFullscreen().catch(() => {
          this.exitsAsked = Math.max(0, this.exitsAsked - 1);
        });
      }
      this.fullscreen = Boolean(document.fullscreenElement);
    });
    document.querySelector('.skip')?.addEventListener('click', (e) => {
      e.preventDefault();
      this.game?.focusBoard();
    });
    addEventListener('hashchange', () => this.routing(() => this.route(false)));
    // Leaving this entry (Back, Forward, a typed address, a reload, closing
    // the tab) with an address update put off by the rate limit: the page
    // may not write the entry it leaves (that would cancel the navigation),
    // so the address is kept for this tab (sessionStorage) and corrected
    // when the entry is shown again, and the entry opens the position that
    // was shown.
    globalThis.navigation?.addEventListener('navigate', () => {
      if (this.writing) return;
      // The check of the entry being left must not write into the next one.
      const checking = Boolean(this.linkCheck);
      clearTimeout(this.linkCheck);
      this.linkCheck = 0;
      this.keepFix(checking);
    });
    addEventListener('pagehide', () => this.keepFix());
    // Back to this page from the browser's page cache: the timer the
    // rate limit had set is gone (keepFix), so the address is written now.
    addEventListener('pageshow', (e) => {
      if (!e.persisted) return;
      applyFix();
      this.linkChanged(true);
    });
    this.routing(() => this.route(true));
    if (this.game) this.messenger.ready(this.game);
  }

  /** The header's Palette and Motion selects (page-wide, kept in storage). */
  buildSettings() {
    // A phone's header has room for short lists only (upright, about six letters; sideways, one row): there each
    // shows its short name ("Okabe–Ito", "System": they read "Okabe–Ito (" and "As the syst"); the full one is what is
    // said on a change.
    const narrow = matchMedia('(max-width: 30rem), (orientation: landscape) and (max-height: 30rem)');
    const fill = (select, table, current, set, say, shortOf) => {
      const options = Object.entries(table).map(([value, entry]) => {
        const o = document.createElement('option');
        o.value = value;
        o.textContent = typeof entry === 'string' ? entry : entry.label;
        select.append(o);
        return [o, shortOf(value, entry)];
      });
      const label = () => {
        for (const [o, short] of options) {
          if (narrow.matches && short) o.label = short;
          else o.removeAttribute('label');
        }
      };
      label();
      narrow.addEventListener('change', label);
      select.value = current;
      select.addEventListener('change', () => {
        set(select.value);
        this.game?.settingsChanged();
        this.announce(say(select.selectedOptions[0]?.textContent ?? ''));
      });
    };
    fill(document.getElementById('palette'), PALETTES, paletteName(), setPalette, (t) => `Palette: ${t}.`, (_, e) => e.short);
    fill(document.getElementById('motion'), MOTIONS, motionSetting(), setMotion, (t) => `Motion: ${t}.`, (v) => MOTIONS_SHORT[v]);
  }

  /** Keys: P (present mode) and, while presenting, → / ← / Esc; the rest go to the shown game. */
  key(e) {
    const plain = !e.ctrlKey && !e.metaKey && !e.altKey;
    if (plain && !e.shiftKey && (e.key === 'p' || e.key === 'P')) {
      this.togglePresent();
      e.preventDefault();
      return;
    }
    if (this.presenting && plain && !e.shiftKey) {
      if (e.key === 'Escape') {
        this.togglePresent(false);
        return;
      }
      // On the board itself the arrows move its cursor (S steps there).
      const onBoard = this.game?.canvas && e.target === this.game.canvas;
      if (this.presentStep(e, !onBoard)) return;
    }
    this.game?.key(e);
  }

  /**
   * A key in a form field: its own, except in present mode, where Esc
   * leaves from any field and → / ← step and undo from a list, a check box
   * or a slider too (a text or number field keeps its arrows), and a
   * clicker's Page Down / Page Up from a one-line field too.
   */
  fieldKey(e) {
    if (!this.presenting || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return;
    if (e.key === 'Escape') {
      this.togglePresent(false);
      return;
    }
    // A text or number field keeps its arrows; a text area (lines to page through) its page keys too.
    if (!isTextField(e.target)) this.presentStep(e, true);
    else if (!e.target.closest('textarea, [contenteditable="true"]')) this.presentStep(e, false);
  }

  /**
   * In present mode: Page Down / Page Up (a presentation clicker's keys)
   * step and undo, → / ← too where `arrows` (not on the board). True when
   * the key was used.
   */
  presentStep(e, arrows) {
    const forward = e.key === 'PageDown' || (arrows && e.key === 'ArrowRight');
    const back = e.key === 'PageUp' || (arrows && e.key === 'ArrowLeft');
    if (!forward && !back) return false;
    e.preventDefault();
    if (forward) this.game?.step();
    else this.undoPresented();
    return true;
  }

  /**
   * ← in present mode: undo; the game shows the reason of the Step that
   * reached this position, or else this says where the board now is.
   */
  undoPresented() {
    const g = this.game;
    if (!g) return;
    const before = g.app?.moves?.();
    g.undo();
    const why = g.ref?.('why');
    const n = g.app?.moves?.();
    // Nothing undone (a game at its start, Mayan's editor open): nothing to say about a board that did not change.
    if (n === before) return;
    if (why && !why.textContent.trim() && Number.isInteger(n)) {
      why.textContent = n > 0 ? `Undone: the board after move ${n}. → steps again, ← undoes another.` : 'Back at the start: → steps.';
    }
  }

  /**
   * Present mode (for class): the board fills the screen (fullscreen where
   * the browser allows it, a full-window layout otherwise), large text, the
   * step controls and the explanation kept; → / ← step and undo, Esc leaves.
   */
  togglePresent(on = !this.presenting) {
    if (on === this.presenting) return;
    this.presenting = on;
    document.body.classList.toggle('present', on);
    const b = document.getElementById('present');
    b.setAttribute('aria-pressed', String(on));
    b.title = on ? 'Leave present mode (P or Esc)' : 'Present: the board fills the screen for class (P)';
    if (on) {
      this.params.present = '1';
      // A frame without allow="fullscreen" says fullscreenEnabled = false,
      // and a link opened with present=1 is no user's gesture: asking then
      // would only log a refusal (the full-window layout serves).
      const gesture = navigator.userActivation?.isActive ?? true;
      if (document.fullscreenEnabled && gesture) try {
        const p = document.documentElement.requestFullscreen?.();
        p?.catch?.(() => {});
      } catch {
        /* not allowed here: the full-window layout stays */
      }
    } else {
      delete this.params.present;
      // Left here, not by the browser: the fullscreenchange this exit brings (late on a busy machine,
      // after P may have entered present mode again) must not end the new present mode.
      this.fullscreen = false;
      if (document.fullscreenElement) {
        this.exitsAsked += 1;
        document.exitFullscreen().catch(() => {
          this.exitsAsked = Math.max(0, this.exitsAsked - 1);
        });
      }
    }
    this.game?.presentChanged?.(on);
    this.game?.placeExplanation?.(on);
    // The status message's kept room belongs to the layout left: measured afresh in this one.
    keepRoom();
    // A focused control that present mode hides (a side panel's), or that
    // leaving it hides (an embedded game's side panels), hands the focus to
    // the board: the keyboard stays in the game.
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused.getClientRects().length === 0) this.game?.focusBoard();
    // On the board the arrows move its cursor: there Page Down and Page Up step and undo.
    const onBoard = this.game?.canvas && document.activeElement === this.game.canvas;
    this.announce(on
      ? onBoard
        ? 'Present mode: Page Down steps, Page Up undoes (on the board the arrow keys move its cursor), Escape leaves.'
        : 'Present mode: right arrow or Page Down steps, left arrow or Page Up undoes, Escape leaves.'
      : 'Present mode left.');
    this.linkChanged();
    this.game?.resize?.();
  }

  /**
   * Applies the page's link parameters (embed, log, origin, present);
   * returns a warning to show once the game is open ('' when none).
   */
  applyParams(params) {
    let warning = '';
    // A page key given twice is ignored, as a game's key given twice is refused; two origins are no origin.
    const twice = params.twice ?? [];
    for (const k of twice) if (k !== 'origin') delete params[k];
    if (twice.includes('origin')) params.origin = 'refused';
    // A page not framed follows its address (one typed, Back): without embed=1 or log=1 they are off. A
    // frame keeps them: its parent may set the next position's hash without them.
    if (window.self === window.top) {
      if (params.embed !== '1' && this.params.embed) {
        delete this.params.embed;
        document.body.classList.remove('embed');
        document.documentElement.classList.remove('embed');
      }
      if (params.log !== '1' && this.params.log) {
        delete this.params.log;
        document.body.classList.remove('with-log');
      }
    }
    if (params.embed === '1') {
      this.params.embed = '1';
      document.body.classList.add('embed');
      // On the root too: its type size then follows the frame's width only (style.css).
      document.documentElement.classList.add('embed');
    }
    if (params.log === '1') {
      this.params.log = '1';
      document.body.classList.add('with-log');
    }
    if ('origin' in params) {
      const origin = parseOrigin(params.origin);
      if (origin) {
        this.params.origin = origin;
        // Another origin: a parent refused before may be refused again, and is told so again.
        const changed = this.messenger.origin !== origin;
        if (changed) this.messenger.refusedFrom = null;
        this.messenger.origin = origin;
        // A parent of that origin may have heard nothing yet (a frame opened with a wrong origin=, set right by its
        // parent through the address): the game is `ready` for it once the address is opened.
        if (changed) this.messenger.originChanged();
        // An address that refused an origin said so; one that gives a good one now (a hash changed by
        // the parent) takes that back.
        const said = document.getElementById('message').textContent;
        if (this.originWarning && said.includes(this.originWarning)) this.message(said.replace(this.originWarning, '').trim());
        this.originWarning = '';
        // A well-formed origin that is not the embedding page's (where the browser tells it): said, as a
        // site owner has nothing else to go on (no event arrives, no command is obeyed).
        // ('null' when the browser hides it, as for a frame with referrerpolicy="no-referrer": nothing to compare.)
        const parent = this.messenger.framed ? globalThis.location?.ancestorOrigins?.[0] : undefined;
        if (parent && parent !== 'null' && parent.toLowerCase() !== origin.toLowerCase()) {
          warning = `origin: ${origin} is not the origin of the page embedding this one (${shown(parent, 60)}): its messages are not obeyed and it gets no events.`;
          this.originWarning = warning;
        }
      } else {
        // Refused, and kept in the address as refused: a reload must not
        // obey everybody (nor a cut of the value that happens to parse).
        this.params.origin = 'refused';
        this.messenger.origin = 'null-origin-refused';
        warning = 'originKey' in params
          ? `origin: '${shown(params.originKey, 20)}' is not the key 'origin' (lower case, no spaces); messages are not obeyed.`
          : twice.includes('origin')
          ? 'origin: given twice; messages are not obeyed.'
          : params.origin === 'refused'
          ? 'origin: this address refused the origin it was given; messages are not obeyed.'
          : `origin: '${shown(params.origin)}' is not an origin such as https://example.com; messages are not obeyed.`;
        this.originWarning = warning;
      }
    }
    if (params.present === '1') this.togglePresent(true);
    // A switch with another value than 1 (present=2, embed=yes) changes nothing, and that is said.
    const ignored = ['embed', 'log', 'present'].filter((k) => (k in params && params[k] !== '1') || twice.includes(k));
    if (ignored.length) {
      const said = ignored.map((k) => (twice.includes(k) ? `${k}: given twice, so it is ignored.` : `${k}: '${shown(params[k], 20)}' is not 1, so it is ignored.`)).join(' ');
      warning = warning ? `${warning} ${said}` : said;
    }
    return warning;
  }

  /** The page's parameters as a link suffix. */
  paramSuffix() {
    return ['embed', 'log', 'origin', 'present']
      .filter((k) => k in this.params)
      .map((k) => `&${k}=${this.params[k]}`)
      .join('');
  }

  // ---- services for the games ---------------------------------------

  message(text, error = false) {
    showMessage(text, error);
  }

  /**
   * Says `text` through the live region. While autoplay runs (up to 20
   * moves a second) a screen reader would be flooded: what it says is held
   * and the latest said at most every 2 seconds (and once it stops).
   */
  announce(text) {
    const now = performance.now();
    clearTimeout(this.heldTimer);
    if (!this.game?.autoplay?.running || now - (this.saidAt ?? -Infinity) >= ANNOUNCE_GAP_MS) {
      this.saidAt = now;
      announce(text);
      return;
    }
    this.heldTimer = setTimeout(() => {
      this.saidAt = performance.now();
      announce(text);
    }, ANNOUNCE_GAP_MS - (now - this.saidAt));
  }

  /**
   * Puts the shown position's link in the address (no new history entry).
   * Browsers limit how often a page may do this (Safari throws after about
   * 100 calls in 30 s, Chromium silently drops calls past 200 in 10 s), so
   * at most 100 updates in any 10 s go at once; past that the updates are
   * joined, the address brought up to date every half second (at most 150
   * in any 10 s in all). A second after each update the address is checked
   * against the position shown and written again if the browser dropped or
   * refused the update, so it always ends on the position shown.
   * `deferred`: a call of the half-second timer or of that check.
   */
  linkChanged(deferred = false) {
    if (!this.game) return;
    if (!deferred) this.messenger.changed(this.game);
    const now = performance.now();
    this.linkTimes = (this.linkTimes ?? []).filter((t) => now - t < 10000);
    const link = `#${this.game.link()}${this.paramSuffix()}`;
    // The position shown until now: the address, unless an update of it was put off by the rate limit or may have
    // been dropped (a check pending), when it is the link last asked for (route forgets it: the address is then
    // the position).
    const before = (this.linkTimer || this.linkCheck) && this.lastLink ? this.lastLink : location.hash;
    this.lastLink = link;
    if (location.hash === link) return;
    // Another game dealt over one under way (moves made: New game, another
    // level, preset or variant): a new entry, so that Back brings the game
    // back. Not in a frame, whose entries would be the host page's Back.
    // (The Mayan editor's board and n are not the game's start: an edit is no new game.)
    // (Nor is present mode entered or left: the same game, shown larger.)
    const started = (hash) => hash.replace(/&(moves|edit|edit-n|present)=[^&]*/g, '');
    // Leaving the Mayan editor's board (another level, Reset, Play this) is one too: Back opens the editor on it again.
    // A game whose moves were all undone is under way too (Redo would play them): Back finds Redo there (leave).
    const left = this.game.leftUndone;
    this.game.leftUndone = false;
    const underWay = ((/&moves=[^&]/.test(before) || left) && started(before) !== started(link)) || (/&edit=/.test(before) && !/&edit=/.test(link));
    if (!this.inRoute && this.params.embed !== '1' && underWay) {
      this.pushNext = true;
    }
    // A new history entry (another game) is never put off.
    const full = this.linkTimes.length >= (deferred ? 150 : 100);
    if (full && !this.pushNext) {
      if (!this.linkTimer) {
        this.linkTimer = setTimeout(() => {
          this.linkTimer = 0;
          this.linkChanged(true);
        }, 500);
      }
      return;
    }
    this.linkTimes.push(now);
    this.writing = true;
    try {
      if (this.pushNext) {
        this.pushNext = false;
        // The entry left keeps the position it showed last (an update of it put off, a game played fast to its end
        // and a new one dealt: the entry kept an earlier move, or the deal before any move).
        if (before !== location.hash) {
          clearTimeout(this.linkTimer);
          this.linkTimer = 0;
          this.linkTimes.push(now);
          try {
            history.replaceState(null, '', before);
          } catch {
            /* refused: the entry keeps an earlier position; the new game's entry is made all the same */
          }
        }
        history.pushState(null, '', link);
      } else history.replaceState(null, '', link);
    } catch {
      /* refused this time: the check below writes it again */
    } finally {
      this.writing = false;
    }
    // The entry's address is the position's now: a correction kept for it is old.
    if (fixesKept) dropFix();
    clearTimeout(this.linkCheck);
    this.linkCheck = setTimeout(() => {
      this.linkCheck = 0;
      this.linkChanged(true);
    }, 1000);
  }

  /**
   * Writes an address update put off by the rate limit now (the entry is
   * being left). Not while the page writes the address itself (its own
   * writes are navigations too).
   */
  flushLink() {
    if (!this.linkTimer || !this.game || this.writing) return;
    clearTimeout(this.linkTimer);
    this.linkTimer = 0;
    this.writing = true;
    try {
      history.replaceState(null, '', `#${this.game.link()}${this.paramSuffix()}`);
    } catch {
      /* refused: the entry keeps an earlier position */
    } finally {
      this.writing = false;
    }
  }

  /**
   * The entry is being left: an address update put off by the rate limit,
   * or one the browser dropped in the second before its check, is kept for
   * when this entry is shown again (see `applyFix`).
   */
  keepFix(checking = Boolean(this.linkCheck)) {
    if (!(this.linkTimer || checking) || !this.game || this.writing) return;
    clearTimeout(this.linkTimer);
    this.linkTimer = 0;
    const link = `#${this.game.link()}${this.paramSuffix()}`;
    if (location.hash === link) return;
    const key = entryKey();
    const fixes = readFixes().filter((f) => f.key !== key);
    fixes.push({ key, stale: location.hash, link });
    saveFixes(fixes.slice(-FIXES_KEPT));
  }

  /** A new random seed for a new game. */
  freshSeed() {
    const a = new Uint32Array(1);
    crypto.getRandomValues(a);
    return (a[0] % 2147483646) + 1;
  }

  // ---- games ----------------------------------------------------------

  buildSwitcher() {
    const select = document.getElementById('game-switch');
    select.replaceChildren();
    // A phone held sideways has the header in one row (style.css): there a name with a gloss in brackets shows
    // without it ("Lianliankan", not "Lianliankan (连连看)"); the option's text stays the whole name.
    const sideways = matchMedia('(orientation: landscape) and (max-height: 30rem)');
    const options = GAMES.map((G) => {
      const option = document.createElement('option');
      option.value = G.id;
      option.textContent = G.title;
      select.append(option);
      return option;
    });
    const label = () => {
      for (const o of options) {
        const short = shortName(o.textContent);
        if (sideways.matches && short !== o.textContent) o.label = short;
        else o.removeAttribute('label');
      }
    };
    label();
    sideways.addEventListener('change', label);
    actOnChoice(select, () => this.switchTo(select.value), (t) => this.message(t), 'Game');
  }

  /** Shows game class `G` (mounting it unless it is shown already). */
  show(G) {
    if (this.game && this.game.constructor === G) return this.game;
    // The focus in the game left (its board, Back pressed there): the new game's board takes it, not the page's body.
    const focusWasIn = this.main.contains(document.activeElement) && document.activeElement !== this.main;
    if (this.game) {
      this.lastLinks[this.game.constructor.id] = this.game.link();
      this.keptControls[this.game.constructor.id] = this.game.controlsKept();
      this.game.unmount();
    }
    this.main.replaceChildren();
    const root = document.createElement('div');
    this.main.append(root);
    this.game = new G(this);
    this.game.mount(root);
    if (this.presenting) this.game.placeExplanation(true);
    // Back to a game left in this page: its strategy, pasted inputs and
    // open panels as they were.
    this.game.restoreControls(this.keptControls[G.id]);
    if (this.presenting) this.game.presentChanged(true, true);
    // Embedded with &log=1: the panels holding a log are shown open.
    if (this.params.log === '1') for (const d of root.querySelectorAll('details')) if (d.querySelector('[role="log"]') && !d.classList.contains('extra-log')) d.open = true;
    document.getElementById('game-switch').value = G.id;
    document.title = `clearboard — ${G.title}`;
    // (Once the caller has opened its position in it: a microtask, after this task's code.)
    if (focusWasIn) {
      const shown = this.game;
      queueMicrotask(() => {
        if (this.game === shown && shown.app && (document.activeElement === document.body || !document.activeElement)) shown.canvas?.focus({ preventScroll: true });
      });
    }
    return this.game;
  }

  /**
   * The switcher: another game, where it was left in this page (a select
   * may fire a change for every arrow key) or at its default position.
   */
  switchTo(id) {
    const G = GAMES.find((g) => g.id === id);
    if (!G) return;
    this.message('');
    // The entry of the game left gets its last position (an update put off
    // by the rate limit would be lost), then another game is a new entry in
    // the history: Back returns to the one left.
    this.flushLink();
    this.pushNext = true;
    try {
      const game = this.show(G);
      const back = this.lastLinks[id];
      try {
        if (back) game.open(back);
        else game.openDefault(this.freshSeed());
      } catch {
        game.openDefault(this.freshSeed());
      }
      this.linkChanged();
    } finally {
      this.pushNext = false;
    }
  }

  /** Runs `f` (opening what the address names): its address updates replace the entry the browser made. */
  routing(f) {
    this.inRoute = true;
    try {
      f();
    } finally {
      this.inRoute = false;
    }
  }

  /** Opens what the address names; a bad link leaves the default game and says why. */
  route(first) {
    applyFix();
    this.lastLink = null;
    const raw = location.hash.replace(/^#/, '');
    let text;
    // Put back when nothing is opened after all (as `load` does): no second over event for a position shown.
    const wasOver = this.messenger.lastOver;
    this.messenger.opening();
    try {
      text = decodeLink(raw);
    } catch (e) {
      // The page's own parameters still count (an origin most of all):
      // each part that decodes is read; an origin that does not is refused.
      const parts = raw.split('&').map((p) => {
        try {
          // An escaped separator is no separator here either.
          if (ESCAPED_SEPARATOR.test(p)) throw new URIError('an escaped separator');
          return decodeURIComponent(p);
        } catch {
          // Whatever spells an origin (escaped, in any case) is refused: the
          // ASCII escapes are read leniently to find it.
          const lenient = p.replace(/%([0-9A-Fa-f]{2})/g, (_, h) => (parseInt(h, 16) < 128 ? String.fromCharCode(parseInt(h, 16)) : '\uFFFD'));
          // An origin hidden behind an escaped '&' counts as one too.
          return /(^|&)\s*origin\s*=/i.test(lenient) ? 'origin=refused' : '';
        }
      });
      const warning = this.applyParams(splitLink(parts.join('&')).params);
      this.fail(`link: ${e.message}`, this.namedGame(raw));
      if (warning) this.message(`${document.getElementById('message').textContent} ${warning}`, true);
      return;
    }
    const { game, params } = splitLink(text);
    const warning = this.applyParams(params);
    if (!game && raw && Object.keys(params).length === 0) {
      // Something that is neither a game's link nor the page's parameters.
      this.openText(text, true);
    } else if (!game) {
      if (first) this.show(GAMES[0]).openDefault(1);
      // An address emptied by hand: the game shown stays (its link goes back in the address), and what
      // the status said about an earlier address is no longer so.
      else {
        this.message('');
        this.messenger.lastOver = wasOver;
      }
      this.linkChanged();
    } else if (!this.game || game !== this.game.link()) {
      this.openText(game, true);
    } else this.messenger.lastOver = wasOver;
    // Said after the game opened (opening clears the status line).
    if (warning) {
      const said = document.getElementById('message').textContent;
      this.message(said ? `${said} ${warning}` : warning, true);
    }
    // The page's parameters as they now stand go back into the address: an origin refused is kept
    // as refused, one left out keeps the one given before (a reload then obeys the same parent).
    if (this.game && location.hash !== `#${this.game.link()}${this.paramSuffix()}`) this.linkChanged(true);
  }

  /**
   * Opens a game's link; `replace`: a bad link leaves the default game (the
   * address named it), else the game shown stays. Says what is wrong.
   */
  openText(text, replace) {
    // Not replacing (a parent's load): a link whose move N cannot be played opens the position before that
    // move, as the address does (fail); anything else leaves the game shown. True when something opened.
    const refused = (why) => {
      const say = (said) => {
        this.message(said, true);
        this.refusal = said;
      };
      if (openedBefore(why, text, (before) => this.openText(before, false), say)) return true;
      say(`This link could not be opened (${why}).`);
      return false;
    };
    let id;
    try {
      // Refused before the engine reads it: a 2 MB board grew the engine's memory (which never shrinks) by
      // tens of MiB only to be refused as too large (the longest real links, a 64 × 64 board with its
      // moves, are under 20,000 characters).
      if (text.length > MAX_LINK_CHARS) throw new Error(`link: it is ${text.length.toLocaleString('en-US')} characters long; a link has at most ${MAX_LINK_CHARS.toLocaleString('en-US')}`);
      id = this.bindings.linkGame(text);
    } catch (e) {
      // A new game of the kind the link names (its part that reads).
      if (!replace) return refused(e.message);
      this.fail(e.message, this.namedGame(text));
      return false;
    }
    const G = GAMES.find((g) => g.id === id);
    if (!G) {
      this.fail(`link: the game '${id}' has no page yet`);
      return false;
    }
    if (!replace && (!this.game || this.game.constructor !== G)) {
      // Opened first on its own, before leaving the game shown; then that
      // position is the new game's (the link is not opened twice).
      const probe = new this.bindings[G.app]();
      try {
        probe.openLink(G.engineLink ? G.engineLink(text) : text, this.freshSeed());
      } catch (e) {
        probe.free();
        return refused(e.message);
      }
      const game = this.show(G);
      this.message('');
      game.adopt(probe, text);
      return true;
    }
    const shown = this.game;
    const game = this.show(G);
    // Cleared first: what the game says as it opens (a stuck board) stays.
    this.message('');
    try {
      game.open(text, this.freshSeed());
      return true;
    } catch (e) {
      if (replace || shown !== game) this.fail(e.message, G, text);
      else return refused(e.message);
      return false;
    }
  }

  /**
   * A link from a parent page (`load`): opened, or the game shown stays and
   * the message says why. Returns what the status line said when the link
   * was refused, whole or from its move N on ('' when it opened).
   */
  load(text) {
    this.refusal = '';
    let decoded;
    try {
      decoded = decodeLink(text.replace(/^#/, ''));
    } catch (e) {
      this.refusal = `This link could not be opened (${e.message}).`;
      this.message(this.refusal, true);
      return this.refusal;
    }
    const { game } = splitLink(decoded);
    const wasOver = this.messenger.lastOver;
    this.messenger.opening();
    if (this.openText(game, false)) this.linkChanged();
    else this.messenger.lastOver = wasOver;
    return this.refusal;
  }

  /** The game class a raw link names (`game=…`, in any part: page parameters may come first), else the default one. */
  namedGame(raw) {
    const id = /(?:^|&)game=([a-z]+)(?:&|$)/.exec(raw)?.[1];
    return GAMES.find((g) => g.id === id) ?? GAMES[0];
  }

  /**
   * A link that could not be opened: when only a move of it could not be
   * played (move N), the position before that move (the level or deal the
   * link names); else the default game (seed 1) of the kind it names (`G`),
   * else of the default kind.
   */
  fail(why, G = GAMES[0], text = '') {
    const open = (before) => {
      try {
        this.show(G).open(before, this.freshSeed());
        return true;
      } catch {
        // The link is wrong in more than its move: a new game, below.
        return false;
      }
    };
    if (openedBefore(why, text, open, (said) => this.message(said, true))) {
      this.linkChanged();
      return;
    }
    // The game's default deal (seed 1, as the page first opens; Mayan's default is its first level not solved
    // yet), as the message says: the same board each time, so that a class sent a broken link sees one board.
    this.show(G).openDefault(1);
    this.message(`This link could not be opened (${why}); showing the default game instead.`, true);
    this.linkChanged();
  }
}

/**
 * A link refused at its move N (`why`, the engine's "link: moves: move N …"):
 * `open(link)` of its first N − 1 moves, and when that opened, `say(…)` of
 * which move and why. False when the error is not a move's or nothing opened.
 */
function openedBefore(why, link, open, say) {
  const n = Number(/^link: moves: move (\d+) /.exec(why)?.[1] ?? 0);
  const before = n > 0 ? movesBefore(link, n - 1) : null;
  if (!before || !open(before)) return false;
  say(`This link's ${why.replace(/^link: moves: /, '')}; showing the position ${n > 1 ? `after move ${n - 1}` : 'at its start'} instead.`);
  return true;
}

/** `link` with only its first `n` moves (no `moves=` when `n` is 0); null when it has no moves. */
function movesBefore(link, n) {
  const parts = link.split('&');
  const i = parts.findIndex((p) => p.startsWith('moves='));
  if (i < 0) return null;
  // Counted as the engine counts them: an empty item (`1.1,,1.2`) is no move.
  const kept = parts[i].slice(6).split(',').filter(Boolean).slice(0, n);
  if (kept.length) parts[i] = `moves=${kept.join(',')}`;
  else parts.splice(i, 1);
  return parts.join('&');
}

/** What the page shows while the engine loads, and if it cannot. */
class Loading {
  /** Nothing arriving for this long is said (the download goes on). */
  static STALL_MS = 15000;

  constructor() {
    this.header = document.querySelector('header');
    this.bar = Object.assign(document.createElement('progress'), { id: 'loading', max: 1, value: 0 });
    this.bar.setAttribute('aria-label', 'Engine download');
    document.getElementById('message').after(this.bar);
    // (The markup's text already: written again, a screen reader would say it again.)
    if (document.getElementById('message').textContent !== 'Loading the game engine…') showMessage('Loading the game engine…');
    this.last = performance.now();
    this.stalled = false;
    this.watch = setInterval(() => {
      if (this.stalled || performance.now() - this.last < Loading.STALL_MS) return;
      this.stalled = true;
      showMessage(`Loading the game engine… nothing has arrived for ${Loading.STALL_MS / 1000} s: the connection may be down.`);
      this.offerRetry();
    }, 1000);
  }

  progress(loaded, total) {
    this.last = performance.now();
    if (total) this.bar.value = Math.min(1, loaded / total);
    else this.bar.removeAttribute('value');
    if (this.stalled) {
      this.stalled = false;
      showMessage('Loading the game engine…');
      this.retry?.remove();
      this.retry = null;
    }
  }

  done() {
    clearInterval(this.watch);
    this.bar.remove();
    this.retry?.remove();
    showMessage('');
    for (const el of this.header.querySelectorAll('select, button')) el.disabled = false;
  }

  failed(e) {
    clearInterval(this.watch);
    this.bar.remove();
    const why = e instanceof TypeError && /fetch|network/i.test(e.message)
      ? `the connection failed (${e.message})`
      : e instanceof WebAssembly.CompileError
        ? `the file that came is not the engine (${e.message})`
        : e.message;
    showMessage(`The game engine could not load: ${why}. Check the connection, then try again.`, true);
    this.offerRetry();
  }

  /** A button that loads the page again. */
  offerRetry() {
    if (this.retry) return;
    this.retry = Object.assign(document.createElement('button'), { type: 'button', id: 'retry', textContent: 'Try again' });
    this.retry.addEventListener('click', () => location.reload());
    this.bar.isConnected ? this.bar.after(this.retry) : document.getElementById('message').after(this.retry);
  }
}

// Commands a parent sends while the engine loads (before `ready`) are kept
// (the first 100 commands) and obeyed once the game is shown; the first 100
// messages that are not commands are kept apart (they take no place among
// the commands) and answered then, after `ready`, with an `error` event each.
const early = [];
let earlyCommands = 0;
const keepEarly = (e) => {
  if (e.source !== window.parent || window.parent === window) return;
  const command = isCommand(e.data);
  if (command ? earlyCommands >= 100 : early.length - earlyCommands >= 100) return;
  if (command) earlyCommands += 1;
  early.push(e);
};
addEventListener('message', keepEarly);

// While the engine loads the header's controls are off (the markup has them so: they act on a game) and the status
// says so, with the wasm's download as a bar; nothing arriving for a while is said, and a failure offers to try again.
// An embedded page shows its frame's layout from the start (the page's parameters are read again once it is in).
// (Given once: a key given twice is ignored, as applyParams says.)
const embedKeys = location.hash.match(/[#&]embed=[^&]*/g) ?? [];
if (embedKeys.length === 1 && /=1$/.test(embedKeys[0])) {
  document.body.classList.add('embed');
  document.documentElement.classList.add('embed');
}
const loading = new Loading();
engine((loaded, total) => loading.progress(loaded, total)).then(
  (bindings) => {
    removeEventListener('message', keepEarly);
    loading.done();
    try {
      const shell = new Shell(bindings);
      for (const e of early.splice(0)) shell.messenger.receive(e);
      window.clearboard = shell;
      Object.defineProperty(window, 'clearboardPage', { get: () => shell.game, configurable: true });
      document.body.dataset.ready = 'true';
    } catch (e) {
      // The engine came, but the page failed with it: no connection to blame.
      showMessage(`The game could not start: ${e.message}`, true);
      throw e;
    }
  },
  (e) => loading.failed(e),
);
