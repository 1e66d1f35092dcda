// What every game page shares: the engine object, the animator and the
// autoplay timer, building the markup in its root and tearing it down, the
// board-fit watcher, the interface the shell calls (link, open, undo, redo,
// key, focusBoard) and cell geometry. A game module extends BoardGame and
// supplies its markup, drawing, input and `changed()`.
import { Animator } from './animation.js';
import { Autoplay } from './autoplay.js';
import { forgetRoom, keepRoom } from './announce.js';
import { FitWatcher, PROJECTOR, WIDE, forgetWholeFit, revealInPage } from './canvas.js';
import { gameKey } from './keys.js';
import { ShortLabels } from './labels.js';
import { load, loadSession, saveSession } from './storage.js';

/** A phone held sideways: its own layout (style.css), the controls beside the board (placeControls). */
export const SIDEWAYS = '(orientation: landscape) and (max-height: 30rem)';

/** How many positions keep the reason of the Step that reached them. */
const REASONS_KEPT = 512;

/**
 * Characters of Step's reasons (with their positions' links) kept over a
 * reload: a link grows with the moves made, and 512 reasons of a 1,300-move
 * game took 5 MB, the whole of the tab's sessionStorage, which then kept
 * none of them.
 */
const REASONS_CHARS = 200_000;

/**
 * The reasons kept over a reload, in their order: the position shown's
 * first of all, then the most recent, as many as fit REASONS_CHARS.
 */
function reasonsToKeep(reasons, here) {
  const picked = [];
  let size = 0;
  const take = (key, text) => {
    if (size + key.length + text.length > REASONS_CHARS) return false;
    size += key.length + text.length;
    picked.push([key, text]);
    return true;
  };
  const mine = reasons.has(here) && take(here, reasons.get(here)) ? picked.pop() : null;
  for (const [key, text] of [...reasons].reverse()) if (key !== here && !take(key, text)) break;
  // Oldest first, as the Map keeps them (the position shown's last: the most recent).
  picked.reverse();
  if (mine) picked.push(mine);
  return picked;
}
/** At most this many undone moves are kept for Redo over a reload. */
const REDO_KEPT = 10000;
/** Positions left with moves undone (New game, a link) whose Redo Back finds again: at most this many. */
const REDO_POSITIONS = 8;
/** A press on the board this soon after a button handed it the focus was meant for the button (see handedPress). */
const HANDOFF_MS = 1500;
/** Presses of that key each this soon after the last one swallowed are the same burst (a key mashed): swallowed too. */
const BURST_MS = 400;
/** Said when U or R (or Ctrl+Z, Ctrl+Y) finds nothing to take back or play again. */
export const NOTHING_TO_UNDO = 'Nothing to undo: no move has been made since the start.';
export const NOTHING_TO_REDO = 'Nothing to redo: no move was undone since the last one made.';

/** A game's link without its moves: the game a position belongs to. */
export const startOf = (link) => link.replace(/&moves=.*$/, '');

export class BoardGame {
  /**
   * `shell`: the page's services (engine bindings, address, messages);
   * `App`: the game's wasm class.
   */
  constructor(shell, App) {
    this.shell = shell;
    this.bindings = shell.bindings;
    this.app = new App();
    this.animator = new Animator();
    this.autoplay = new Autoplay(() => this.updateButtons(), (e) => this.shell.message(`Autoplay stopped: ${e.message}`, true));
    this.showCursor = false;
    this.geom = { s: 24, left: 0, bottom: 0 };
    this.root = null;
    /** Step's reasons by the link of the position each move reached. */
    this.reasons = new Map();
    // The last Enter or Space (where and when), and a button that gave the board the focus (handedPress).
    this.pressed = { target: null, at: -Infinity };
    this.handedOff = null;
    /** Moves just undone, while `changed()` announces them (see changedByUndo). */
    this.undid = 0;
    /** The board's height (CSS px) in a frame as tall as it likes, at the width it has (set by `resize`). */
    this.wantedBoardHeight = 0;
  }

  /**
   * Builds `markup` (static: nothing from a link or an input) inside `root`,
   * restores the speed setting kept under `settingsKey`, calls `bind()` and
   * watches the space for the board.
   */
  mountMarkup(root, markup, settingsKey) {
    this.root = root;
    root.classList.add('game', this.constructor.id);
    root.innerHTML = markup;
    this.canvas = this.ref('board');
    this.ctx = this.canvas.getContext('2d');
    // The board is described by its readout (what is under the cursor): a
    // screen reader landing on it hears that. By element reference, as a
    // game's controls have no page-wide ids (browsers without it: no description).
    if ('ariaDescribedByElements' in Element.prototype) this.canvas.ariaDescribedByElements = [this.ref('readout')];
    // Step's reasons and the game's own state (keptState: 连连看's clock, the
    // Mayan moves that were the player's) outlive a reload of the tab and a
    // visit to another game: kept when the page goes away or is hidden (a
    // phone may drop a hidden tab) and when the game is left.
    this.keptPending = true;
    // Redo of the positions left with moves undone, newest first (see leave).
    this.redoLeft = [];
    this.onPageHide = () => this.keepForReload();
    addEventListener('pagehide', this.onPageHide);
    this.onHidden = () => {
      if (document.hidden) this.keepForReload();
    };
    document.addEventListener('visibilitychange', this.onHidden);
    const speed = this.ref('speed');
    const kept = Number(load(`${settingsKey}.speed`, speed.value));
    if (kept >= Number(speed.min) && kept <= Number(speed.max)) speed.value = String(Math.round(kept));
    this.showSpeed();
    this.bindFocus();
    this.bind();
    // Present mode: a teacher's panel opened or closed changes which layout leaves the board larger (a panel's
    // toggle does not bubble: heard on the way down).
    root.querySelector('.game-side')?.addEventListener('toggle', (e) => {
      if (e.target instanceof HTMLDetailsElement && document.body.classList.contains('present')) this.placeExplanation(true);
    }, true);
    // The overlay's buttons repeat toolbar buttons for the pointer: they
    // take no focus (they are hidden from screen readers).
    this.ref('overlay').addEventListener('mousedown', (e) => e.preventDefault());
    // The board is fitted again when the space for it changes: the width,
    // what sits above it (the page's header and message, the toolbar) or
    // the lines under it, which must stay in view.
    const below = ['readout', 'why', 'rescue'].map((n) => this.ref(n)).filter(Boolean);
    this.fit = new FitWatcher(
      this.ref('wrap'),
      [root, document.querySelector('header'), this.ref('score')],
      below,
      () => {
        this.placeControls();
        // (A frame of another width measures the explanation's room afresh.)
        if (this.whyRoom && this.whyRoom.width !== innerWidth) this.keepWhyRoom();
        this.resize();
        this.fitExplanation();
        // (The side column kept to the window: the header above it may have grown.)
        this.capSide();
        this.shell.messenger?.height();
      },
      [this.ref('score')].filter(Boolean),
    );
    // In an embed a result box put under the board takes room the board gives up (measuredBelow): its
    // size is watched too.
    // So does the row of the explanation and the teacher's panels under it in present mode stacked.
    this.fit.extra = () => this.overlayRoom() + this.stackedRoom();
    // The score line is set to its new room before its height is kept (a line set smaller for a narrower room kept its
    // height in a wider one: turning a phone in present mode and back left the board smaller).
    this.fit.before = () => this.fitLine();
    this.fit.observer.observe(this.ref('overlay'));
    const side = root.querySelector('.game-side');
    if (side) this.fit.observer.observe(side);
    // A new explanation beside the board in present mode is fitted to the screen.
    this.whyWatcher = new MutationObserver(() => {
      this.keepWhyRoom();
      this.fitExplanation();
    });
    this.whyWatcher.observe(this.ref('why'), { childList: true, characterData: true, subtree: true });
    // So is one whose place changes: what sits above it in the side column
    // grows later (Same Game's comparison fills in after its first frame).
    // At the next frame, as the board's fit (FitWatcher): not while observations are delivered.
    this.sideWatcher = new ResizeObserver(() => {
      if (this.sidePending) return;
      this.sidePending = requestAnimationFrame(() => {
        this.sidePending = 0;
        if (this.root) this.fitExplanation();
      });
    });
    for (const el of root.querySelector('.game-side')?.children ?? []) if (el !== this.ref('why')) this.sideWatcher.observe(el);
    // The side column's lists drop their names' glosses when the column is too narrow for them.
    this.labels = side ? new ShortLabels(side) : null;
    this.placeControls();
  }

  /**
   * A phone held sideways (outside an embed): the board's column holds the
   * score line and the board only, so that the board gets the screen's
   * height; the game's controls, the status message and the lines that
   * came under the board (readout, explanation, verdict) go to the top of
   * the side column beside it, in that order: a message or a line that
   * grows there moves neither the board nor the controls between two taps.
   * Anywhere else they are where the markup puts them (the message in the
   * page's header). Called when the board's space changes (a phone turned,
   * embed=1 added); the focus stays on the control that had it.
   */
  placeControls(force = false) {
    const bar = this.root?.querySelector('.toolbar.primary');
    const side = this.root?.querySelector('.game-side');
    const column = this.root?.querySelector('.game-main');
    if (!bar || !side || !column) return;
    const beside = matchMedia(SIDEWAYS).matches && !document.documentElement.classList.contains('embed');
    if (!force && (bar.parentElement === side) === beside) return;
    const lines = ['readout', 'why', 'rescue'].map((n) => this.ref(n)).filter(Boolean);
    const message = document.getElementById('message');
    const moved = [bar, message, ...lines];
    const focused = moved.find((el) => el?.contains(document.activeElement)) ? document.activeElement : null;
    if (beside) side.prepend(...moved.filter(Boolean));
    else {
      column.prepend(bar);
      this.ref('wrap').after(...lines);
      this.returnMessage();
      // Present mode on a wide screen may want the explanation beside the board.
      if (document.body.classList.contains('present')) this.placeExplanation(true);
    }
    // The status message measured afresh where it now is (the window's resize fitted it where it was: in the side
    // column it kept that column's height, carried into the header).
    forgetRoom();
    keepRoom();
    focused?.focus({ preventScroll: true });
  }

  /** Where the lines that follow the board are, in words: "beside the board" (a phone held sideways) or "under the board". */
  linesPlace() {
    return this.ref('readout')?.parentElement?.classList.contains('game-side') ? 'beside the board' : 'under the board';
  }

  /**
   * A line offered beside the board (a rescue button, placeControls) is
   * scrolled into view in the side column, which scrolls in itself; under
   * the board the fit keeps it in view.
   */
  revealBeside(el) {
    if (el && !el.hidden && el.parentElement?.classList.contains('game-side')) el.scrollIntoView({ block: 'nearest' });
  }

  /** After a rescue beside the board (its button gone): the side column back to its top, the game's controls in view. */
  rescuedBeside() {
    const side = this.root?.querySelector('.game-side');
    if (side && this.ref('rescue')?.parentElement === side) side.scrollTop = 0;
  }

  /** The page's status message back in the header (placeControls may have put it in the side column). */
  returnMessage() {
    const message = document.getElementById('message');
    const header = document.querySelector('header.top');
    if (message && header && message.parentElement !== header) header.append(message);
  }

  /**
   * The board's focus: from the keyboard it shows the cursor, from a click
   * or tap it does not; the readout (`refreshReadout`) follows either way.
   */
  bindFocus() {
    const c = this.canvas;
    c.addEventListener('pointerdown', () => {
      this.pointerFocus = true;
    });
    // A game taken off the page may still hear its board lose the focus.
    c.addEventListener('focus', () => {
      if (!this.app || !this.root) return;
      this.showCursor = !this.pointerFocus;
      this.pointerFocus = false;
      this.refreshReadout();
      this.draw();
    });
    c.addEventListener('blur', () => {
      if (!this.app || !this.root) return;
      this.showCursor = false;
      this.refreshReadout();
      this.draw();
    });
  }

  /**
   * The CSS pixels kept in view under the board when it is fitted to the
   * viewport: the lines under it and a margin (the embed's height event adds
   * it to the board's height: the frame that shows the whole board).
   */
  reserveBelow() {
    if (document.documentElement.classList.contains('embed')) return this.measuredBelow();
    return this.keptBelow(this.fit.belowHeight() + this.stackedRoom() + 16);
  }

  /**
   * Present mode stacked (a wide board on a 4 : 3 projector): the room of
   * the row under the board's lines that holds the explanation and the
   * teacher's panels, which stay in the screen with the board.
   */
  stackedRoom() {
    const side = this.root?.querySelector('.game-side');
    // Only while the row is laid out (placeExplanation): not beside Same Game's Compare, which takes the side column.
    if (!side || !this.linesRow?.isConnected || !document.body.classList.contains('present-stacked')) return 0;
    if (getComputedStyle(side).display === 'none') return 0;
    return Math.ceil(side.getBoundingClientRect().height + parseFloat(getComputedStyle(side).marginTop));
  }

  /**
   * In an embed, what sits under the board as laid out now: from the board's
   * box to the end of the last line under it (margins as they collapse), and
   * what the page adds after that, up to 16 px (more is not the board's
   * column: a side column placed under it scrolls). Measured, not summed,
   * so that a frame resized and the same frame opened afresh give the board
   * one size (a sum of margins made the first smaller by a few pixels a
   * line, and a line that grew after the first fit was kept at the larger).
   */
  measuredBelow() {
    const wrap = this.ref('wrap');
    const column = wrap.parentElement;
    const from = wrap.getBoundingClientRect().bottom;
    let end = from;
    for (const el of this.fit.below) {
      if (!el || el.hidden || el.parentElement !== column || !el.getClientRects().length) continue;
      end = Math.max(end, el.getBoundingClientRect().bottom + parseFloat(getComputedStyle(el).marginBottom));
    }
    const after = document.documentElement.getBoundingClientRect().bottom - end;
    // 2 px for rounding (the axis labels' row is rounded up from the cell size).
    return Math.ceil(end - from + Math.min(16, Math.max(0, after))) + 2 + this.overlayRoom();
  }

  /**
   * In an embed, the room of a result box put under the board (a frame too
   * small for it on the board's cells): the board is fitted smaller by that
   * much, so that the box shows whole in the frame without scrolling it (a
   * frame of fixed size would show it cut, its buttons out of reach). 0 when
   * the box is on the board or hidden, and outside an embed (the page
   * scrolls to it: fitOverlay).
   */
  overlayRoom() {
    const o = this.ref('overlay');
    if (!o || o.hidden || !o.classList.contains('outside') || !document.documentElement.classList.contains('embed')) return 0;
    // Whole pixels: the embed's height event takes it off again exactly.
    return Math.ceil(o.getBoundingClientRect().height + parseFloat(getComputedStyle(o).marginTop));
  }

  /**
   * `px`, or the most room reserved under the board since the window's,
   * the column's or the board's size last changed (or present mode was
   * entered or left, or a position opened), if more, up to two fifths of
   * the window: a board fitted to the height keeps its size and place
   * between two taps instead of growing when a shorter explanation or
   * message replaces a longer one and shrinking again at the next. Not in
   * an embed: its frame follows the height it asks for (the height event).
   */
  keptBelow(px) {
    if (document.documentElement.classList.contains('embed') || !this.app) return px;
    // With where the lines are (a room measured with them under the board while a turned phone's layout was
    // being placed is not theirs once they are beside it).
    const key = `${innerWidth} ${innerHeight} ${this.baseWidth ?? this.ref('wrap').clientWidth} ${this.app.width()} ${this.app.height()} ${document.body.classList.contains('present')} ${this.linesPlace()}`;
    if (this.belowRoom?.key !== key) this.belowRoom = { key, most: 0 };
    this.belowRoom.most = Math.max(this.belowRoom.most, px);
    // Kept up to two fifths of the window: one very long explanation does not keep the board small for good.
    return Math.max(px, Math.min(this.belowRoom.most, innerHeight * 0.4));
  }

  /** Stops everything running (games add their own) and frees what it held. */
  stopActivities() {
    this.autoplay.stop();
    this.animator.cancel();
  }

  /**
   * What survives leaving the game and coming back in the same page: the
   * values of the controls named in the class's `kept` (a strategy, a
   * pasted input) and which panels are open.
   */
  controlsKept() {
    if (!this.root) return null;
    const values = {};
    for (const name of this.constructor.kept ?? []) {
      const el = this.ref(name);
      if (el) values[name] = el.value;
    }
    const open = {};
    for (const d of this.root.querySelectorAll('details[data-ref]')) open[d.dataset.ref] = d.open;
    return { values, open, state: this.keptState?.() ?? null };
  }

  /** Puts back what `controlsKept` returned (nothing when `kept` is empty). */
  restoreControls(kept) {
    if (!kept || !this.root) return;
    for (const [name, value] of Object.entries(kept.values)) {
      const el = this.ref(name);
      // A select keeps its value when `value` is not one of its options.
      if (!el || (el instanceof HTMLSelectElement && ![...el.options].some((o) => o.value === value))) continue;
      el.value = value;
    }
    for (const [name, open] of Object.entries(kept.open)) {
      const d = this.ref(name);
      if (d instanceof HTMLDetailsElement) d.open = open;
    }
    // The game's own state (its clock, say), for it to take back when the
    // position it opens next is the one it left (see keptState).
    this.restored = kept.state;
  }

  /**
   * The score line, kept to one line: where it would wrap (a phone: 连连看's
   * line once a best time exists, Mayan's level line on a 320 px screen) it
   * is set smaller, down to 13 px, then in its short form (`short`: the same
   * figures with fewer words), down to 12 px; only a line that fits in
   * neither wraps. A line that wrapped at a win moved the board down, so a
   * line that wraps, or fits at 12 px with little to spare, keeps two
   * lines' room.
   */
  showLine(full, short = full) {
    this.lineTexts = [full, short];
    this.fitLine();
  }

  /** Fits the score line again (its room changed: see showLine). */
  fitLine() {
    const el = this.root && this.ref('score');
    if (!el || !this.lineTexts) return;
    const [full, short] = this.lineTexts;
    el.style.fontSize = '';
    el.style.whiteSpace = 'nowrap';
    el.textContent = full;
    const room = el.clientWidth;
    if (!room || el.scrollWidth <= room) return;
    const base = parseFloat(getComputedStyle(el).fontSize) || 16;
    const fitted = (text, least) => {
      el.textContent = text;
      el.style.fontSize = '';
      let size = Math.floor(base * Math.min(1, room / el.scrollWidth) * 2) / 2;
      if (size < least) return false;
      el.style.fontSize = `${size}px`;
      // Text does not scale quite linearly (hinting): half a pixel less until it fits.
      while (el.scrollWidth > room && size > least) {
        size -= 0.5;
        el.style.fontSize = `${size}px`;
      }
      return el.scrollWidth <= room;
    };
    // (Raised, never lowered: the fit keeps the largest room the line has taken, keepHeight.)
    const twoLines = () => {
      const css = getComputedStyle(el);
      const two = 2 * (parseFloat(css.lineHeight) || 1.2 * parseFloat(css.fontSize));
      if (two > (parseFloat(el.style.minHeight) || 0)) el.style.minHeight = `${Math.ceil(two)}px`;
    };
    if (fitted(full, 13)) return;
    if (short !== full && fitted(short, 12)) {
      // At the least size with little to spare (a phone at 200 % zoom): figures that grow (a score's digits) would
      // wrap it between two taps and move the board down, so the second line's room is kept from the start.
      if (parseFloat(el.style.fontSize) <= 12.5 && el.scrollWidth > room * 0.85) twoLines();
      return;
    }
    el.textContent = short;
    el.style.fontSize = '12px';
    el.style.whiteSpace = '';
    twoLines();
  }

  /**
   * Present mode on a wide screen: the side column (the teacher's panels)
   * beside the board with the explanation of the last Step in it, or all
   * of it under the board (`present-stacked`), whichever leaves the board
   * larger; stacked (outside an embed, Same Game's Compare not showing) the
   * lines under the board go into a row with the panels (`.present-lines`,
   * its room kept under the board: stackedRoom), so that both are in the
   * screen. Anywhere else the explanation stays under the board.
   */
  placeExplanation(present) {
    const why = this.root && this.ref('why');
    const side = this.root?.querySelector('.game-side');
    if (!why || !side) return;
    const wide = present && matchMedia(PROJECTOR).matches;
    const area = () => {
      const r = this.canvas?.getBoundingClientRect();
      return r ? r.width * r.height : 0;
    };
    // Stacked outside an embed, the lines under the board (readout, explanation, verdict) and the teacher's panels
    // share one row under it, both in the screen with the board (a 4 : 3 projector showed the panels a scroll away,
    // under the lines); not while Same Game's Compare shows (its boards take the side column beside the board).
    const embed = document.documentElement.classList.contains('embed');
    const comparing = !!this.root.querySelector('[data-ref="compare-view"]:not([hidden])');
    const lines = ['readout', 'why', 'rescue'].map((n) => this.ref(n)).filter(Boolean);
    const others = lines.filter((el) => el !== why);
    const column = this.ref('wrap').parentElement;
    const phone = matchMedia(SIDEWAYS).matches;
    const place = (beside, row = false) => {
      // Stacked: one column, the side panels under the board.
      document.body.classList.toggle('present-stacked', wide && !beside);
      // (A phone held sideways keeps its lines beside the board: placeControls.)
      if (!phone && row) {
        this.linesRow ??= Object.assign(document.createElement('div'), { className: 'present-lines' });
        side.prepend(this.linesRow);
        this.linesRow.append(...lines);
        return this.resize?.();
      }
      if (!phone && others[0] && others[0].parentElement !== column) this.ref('wrap').after(...others);
      // Beside, after the teacher's panels — before a tool's (连连看's path queries), which may grow long and
      // scroll the side column: the explanation stays in view at its top.
      const tool = side.querySelector(':scope > .tool-panel');
      const afterTool = tool && why.parentElement === side && why.compareDocumentPosition(tool) & Node.DOCUMENT_POSITION_PRECEDING;
      if (beside && (why.parentElement !== side || afterTool)) side.insertBefore(why, tool);
      else if (!beside && why.parentElement !== this.ref('readout').parentElement) this.ref('readout').after(why);
      this.linesRow?.remove();
      // Its box fitted to where it now is before the board is: under the board it keeps to three lines.
      this.fitExplanation();
      this.resize?.();
    };
    if (wide && phone && this.linesRow?.isConnected) {
      // From present mode's row (a 4 : 3 projector's layout) straight to a phone held sideways: the lines leave the
      // row before it goes (they went with it: the readout was lost, and the board kept the projector's size), and
      // take their places beside the board.
      document.body.classList.remove('present-stacked');
      this.ref('wrap').after(...this.linesRow.children);
      this.linesRow.remove();
      this.placeControls(true);
      this.fitExplanation();
      this.resize?.();
    } else if (wide && phone && getComputedStyle(side).display !== 'none') place(true);
    else if (wide && getComputedStyle(side).display !== 'none') {
      // The side panels beside the board, or under it: whichever leaves the
      // board larger (a wide board on a 4 : 3 projector, 1024 × 768, is a
      // quarter larger stacked; a tall one is larger beside).
      // Measured with the explanation at three lines (a step's reason: the
      // one shown now may be shorter, and the board must not shrink later).
      const size = parseFloat(getComputedStyle(why).fontSize) || 16;
      why.style.minHeight = `${Math.ceil(size * 1.3 * 3)}px`;
      // Three lines whatever it says now, as when a position opens: a Step's reason of four lines made the row
      // measure taller, and P after a Step chose a smaller layout than the link opens (连连看 at 1024 × 768: 612 × 374
      // beside the panels, 648 × 396 under them).
      why.style.height = why.style.minHeight;
      why.style.overflowY = 'hidden';
      this.layingOut = true;
      // (Narrower than 52 rem, an 800 × 600 projector, the row leaves too little for the board: stacked is the one
      // column there, the panels under the lines a scroll away, when that leaves the board larger than beside.)
      const row = !embed && !comparing && matchMedia(WIDE).matches;
      // (Each layout measured afresh: a room kept by the way here, a phone turned, is not the row's.)
      this.forgetTrialRooms();
      place(false, row);
      const stacked = area();
      // (Under the board the explanation keeps to three lines' box: fitExplanationUnder.)
      if (!row) why.style.minHeight = '';
      place(true);
      // In the row, placed again with the three lines: the room they take is kept (keptBelow) for when they come.
      if (stacked > area() * 1.02) place(false, row);
      why.style.minHeight = '';
      // The rooms the trial layouts took are not the chosen one's (the three lines measured in pixels are taller
      // than the row's 3lh): the board fitted to what the chosen layout takes, as when the page opens in it (entered
      // with P, 连连看's board was 630 × 385 at 1024 × 768, opened with &present=1 648 × 396) — the explanation's
      // three lines at its own size, whatever it says now (fitExplanation then sets a long one smaller to fit).
      why.style.height = '3lh';
      why.style.fontSize = '';
      this.forgetTrialRooms();
      this.resize?.();
      why.style.height = '';
      why.style.overflowY = '';
      this.layingOut = false;
    } else place(false);
    this.fitExplanation();
    this.capSide(wide && !phone && !embed);
    // Present mode entered or left: the explanation keeps its room, or no more (keepsWhyRoom).
    this.keepWhyRoom();
  }

  /**
   * Present mode on a projector, the side column beside the board: kept to
   * the window's height, scrolling in itself (an opened tool — 连连看's path
   * queries answered — made the page scroll, the board's column with it).
   */
  capSide(on = this.sideCapped) {
    const side = this.root?.querySelector('.game-side');
    if (!side) return;
    this.sideCapped = on;
    if (!on || document.body.classList.contains('present-stacked') || getComputedStyle(side).display === 'none') {
      side.style.maxHeight = '';
      side.style.overflowY = '';
      return;
    }
    // Measured where it stands (its top does not depend on its own height), its scroll kept: a teacher scrolled
    // down to the tool stays there when the layout is chosen again.
    const top = side.getBoundingClientRect().top + scrollY;
    const cap = `${Math.max(120, Math.floor(innerHeight - top - 8))}px`;
    if (side.style.maxHeight !== cap) side.style.maxHeight = cap;
    side.style.overflowY = 'auto';
  }

  /** Forgets the rooms kept under the board (keptBelow; a game may keep more): a layout tried and not chosen took them. */
  forgetTrialRooms() {
    this.belowRoom = null;
  }

  /**
   * Present mode, explanation beside the board: a long explanation (the
   * solver's, say, on a 1280 × 720 projector) is set smaller, down to
   * 14 px, until it ends above the window's bottom; if it still does not,
   * it scrolls in its own box. Anywhere else it keeps the page's size.
   */
  fitExplanation() {
    const why = this.root && this.ref('why');
    // (While placeExplanation tries the layouts the box is its three lines, as set there.)
    if (!why || this.layingOut) return;
    why.style.fontSize = '';
    why.style.maxHeight = '';
    why.style.overflowY = '';
    const side = this.root.querySelector('.game-side');
    if (!document.body.classList.contains('present') || !why.textContent) return;
    // Stacked, in the row under the board beside the teacher's panels: down to the screen's bottom less the margin
    // the board's fit keeps (reserveBelow), so that the row does not grow past the room kept for it.
    const row = why.parentElement === this.linesRow && why.parentElement?.parentElement === side;
    if (why.parentElement !== side && !row) {
      this.fitExplanationUnder(why);
      return;
    }
    // (In the row, what follows it there — 连连看's verdict — stays in the screen too.)
    const margins = (el) => parseFloat(getComputedStyle(el).marginTop) + parseFloat(getComputedStyle(el).marginBottom);
    const followers = row ? [...why.parentElement.children].slice([...why.parentElement.children].indexOf(why) + 1) : [];
    const after = row ? followers.reduce((sum, el) => sum + el.getBoundingClientRect().height + margins(el), margins(why)) : 0;
    const limit = innerHeight - (row ? 16 + Math.ceil(after) : 8);
    const bottom = () => why.getBoundingClientRect().bottom + scrollY;
    let size = parseFloat(getComputedStyle(why).fontSize);
    while (bottom() > limit && size > 14) {
      size = Math.max(14, size - 2);
      why.style.fontSize = `${size}px`;
    }
    if (bottom() > limit) {
      const top = why.getBoundingClientRect().top + scrollY;
      why.style.maxHeight = `${Math.max(48, limit - top)}px`;
      why.style.overflowY = 'auto';
    }
  }

  /**
   * Present mode on a wide screen, explanation under the board (stacked, or
   * beside Same Game's Compare): at most the three lines the layout was
   * measured with (placeExplanation), set smaller down to 16 px, then
   * scrolling in its box, so that a long one (the solver's step and next
   * move) does not shrink the board. A phone keeps its own caps (style.css).
   */
  fitExplanationUnder(why) {
    if (!matchMedia(PROJECTOR).matches || matchMedia(SIDEWAYS).matches) return;
    let size = parseFloat(getComputedStyle(why).fontSize);
    const box = Math.ceil(size * 1.3 * 3);
    while (why.scrollHeight > box + 1 && size > 16) {
      size = Math.max(16, size - 2);
      why.style.fontSize = `${size}px`;
    }
    if (why.scrollHeight > box + 1) {
      why.style.maxHeight = `${box}px`;
      why.style.overflowY = 'auto';
    }
  }

  /**
   * Fits the board to its room (the game's `layBoard`). In present mode with
   * the teacher's panels beside the board (a projector, a phone held
   * sideways), a board that the screen's height bounds leaves room beside
   * it, which the side column then takes (widenSide).
   */
  resize() {
    if (!this.root || !this.app) return;
    const side = this.root.querySelector('.game-side');
    // Each fit from the stylesheet's width: what the column takes depends on the board fitted there.
    if (side?.style.maxWidth) side.style.maxWidth = '';
    if (this.root.style.gridTemplateColumns) this.root.style.gridTemplateColumns = '';
    this.layBoard();
    // (The rooms kept under the board are keyed by the column's width before it was widened: the two fits of one
    // resize are one layout.)
    this.baseWidth = this.ref('wrap').clientWidth;
    try {
      if (this.widenSide(side)) this.layBoard();
    } finally {
      this.baseWidth = null;
    }
  }

  /**
   * The side column beside a board that the screen's height bounds takes the
   * width the board leaves in its column, less a margin: the solver's long
   * reasons sat in its 24 rem with 355–515 px empty between it and the board
   * on a 1280 × 720 and a 1920 × 1080 projector, and were set smaller at one
   * Step than at the next (fitExplanation); on a phone held sideways they
   * scrolled in its 20 rem beside 210 px left empty. The board keeps its size
   * (its column still holds it). Not stacked, beside Same Game's Compare (the
   * columns halve) or in an embed. Returns whether the column was widened.
   */
  widenSide(side) {
    const body = document.body.classList;
    if (!side || !body.contains('present') || body.contains('present-stacked')) return false;
    const sideways = matchMedia(SIDEWAYS).matches;
    if (document.documentElement.classList.contains('embed') || !(matchMedia(PROJECTOR).matches || sideways)) return false;
    if (getComputedStyle(side).display === 'none' || this.root.querySelector('[data-ref="compare-view"]:not([hidden])')) return false;
    // What the board's column must keep: the board, and the widest line of everything else in it (the toolbar, the
    // score line, the lines under the board) as laid out now, so that none of them wraps anew, and a margin for
    // figures that grow (the score) and a readout a little longer.
    const wrap = this.ref('wrap');
    const column = wrap.parentElement;
    const left = column.getBoundingClientRect().left;
    let right = this.canvas?.getBoundingClientRect().right ?? left;
    const range = document.createRange();
    for (const el of column.children) {
      if (el === wrap || el.hidden || !el.getClientRects().length) continue;
      range.selectNodeContents(el);
      right = Math.max(right, range.getBoundingClientRect().right);
    }
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const spare = Math.floor(column.getBoundingClientRect().right - right - 3 * rem);
    if (spare < 2 * rem) return false;
    const width = `${Math.floor(side.getBoundingClientRect().width + spare)}px`;
    side.style.maxWidth = width;
    // (A phone held sideways sets the column's track, not the panel's width: style.css.)
    if (sideways) this.root.style.gridTemplateColumns = `minmax(0, 1fr) ${width}`;
    return true;
  }

  unmount() {
    this.keepForReload();
    removeEventListener('pagehide', this.onPageHide);
    document.removeEventListener('visibilitychange', this.onHidden);
    this.stopActivities();
    this.fit.dispose();
    this.whyWatcher.disconnect();
    this.sideWatcher.disconnect();
    cancelAnimationFrame(this.sidePending);
    this.labels?.dispose();
    this.app.free();
    this.app = null;
    if (this.root) {
      this.returnMessage();
      this.root.replaceChildren();
      this.root.classList.remove('game', this.constructor.id);
    }
    this.root = null;
  }

  /**
   * Shows `app`, a wasm object of this game's class with a link opened, in
   * place of its own (a game that reads the link itself takes it as a
   * second argument: Mayan).
   */
  adopt(app) {
    this.leave();
    this.app.free();
    this.app = app;
    this.opened();
  }

  /** Opens a link of this game; throws an Error saying what is wrong. */
  open(link, freshSeed) {
    this.leave();
    this.app.openLink(link, freshSeed);
    this.opened();
  }

  /**
   * Shows the position just opened (a link, a new game, the next level) by
   * the game's `afterOpen`. The room kept for the last position's lines
   * (under the board, the score line, the status message) is measured
   * afresh: a board fitted to the height is as large as the position opened
   * in a new tab, and a result box put under the board is brought into view.
   */
  opened() {
    this.belowRoom = null;
    this.forgetWhyRoom();
    this.outsideSeen = null;
    this.fit.forgetTall();
    forgetWholeFit(this.fit.wrap);
    forgetRoom();
    this.afterOpen();
  }

  /**
   * In an embed, the explanation keeps the most room it has taken at this
   * frame's width since a position was opened: a Step's reason that came
   * and went with Undo grew and shrank the frame at every move, and its
   * host page jumped by a line each time. So does it in present mode in one
   * column (a phone held upright), where the step controls come under it: a
   * shorter reason moved Step up under the finger between two taps (the
   * Mayan answer's, 21 px). (Elsewhere the board's
   * fit keeps the lines' room: keptBelow.)
   */
  keepWhyRoom() {
    const why = this.root && this.ref('why');
    if (!why) return;
    if (!this.keepsWhyRoom()) {
      if (this.whyRoom) this.forgetWhyRoom();
      return;
    }
    if (this.whyRoom?.width !== innerWidth) this.forgetWhyRoom();
    why.style.minHeight = '';
    let tall = Math.ceil(why.getBoundingClientRect().height);
    // Near its cap (a phone's third of the screen, style.css), it keeps the whole cap at once: the solver's plan
    // shown by Solve took 231 of 254 px, and the first Step's longer reason then shrank the board (371 → 355 px) as
    // the class watched it. It shrinks once, when the plan comes.
    const cap = parseFloat(getComputedStyle(why).maxHeight);
    if (cap > 0 && tall >= 0.75 * cap) tall = Math.max(tall, Math.ceil(cap));
    this.whyRoom = { width: innerWidth, most: Math.max(this.whyRoom?.most ?? 0, tall) };
    if (this.whyRoom.most > 0) why.style.minHeight = `${this.whyRoom.most}px`;
  }

  /** Whether the explanation keeps its room (keepWhyRoom): in an embed, and in present mode in one column. */
  keepsWhyRoom() {
    return document.documentElement.classList.contains('embed') || (document.body.classList.contains('present') && !matchMedia(PROJECTOR).matches);
  }

  /** Forgets the room `keepWhyRoom` kept (another position, or another width or layout). */
  forgetWhyRoom() {
    const kept = this.whyRoom;
    this.whyRoom = null;
    const why = this.root && this.ref('why');
    if (why && kept) why.style.minHeight = '';
  }

  /** The link of the position shown (without `#`). */
  link() {
    return this.app.link();
  }

  /** Whether a move is being animated (read by the tests). */
  get anim() {
    return this.animator.running;
  }

  focusBoard() {
    this.canvas.focus();
  }

  /**
   * Whether the keyboard's cursor is drawn: the board has the focus, and no
   * result box covers it (a dashed cursor under the box's veil showed
   * through it after the last Step).
   */
  cursorDrawn() {
    return document.activeElement === this.canvas && Boolean(this.ref('overlay')?.hidden);
  }

  /** Puts the game-over overlay over the cells only (the axis labels stay in view). */
  placeOverlay() {
    const o = this.ref('overlay');
    if (!o) return;
    o.style.left = `${this.geom.left}px`;
    o.style.bottom = `${this.geom.bottom}px`;
  }

  /**
   * Shows the game-over box when `over`, else hides it. A box hidden and
   * shown again (Undo, then Redo) is a new result for `fitOverlay`: put
   * under the board, it is brought into view again.
   */
  showOverlay(over) {
    if (!over) this.outsideSeen = null;
    this.ref('overlay').hidden = !over;
  }

  /**
   * The game-over box: on the board's cells when its text and buttons fit
   * there; set smaller when that makes them fit; else under the board (a
   * board of one or two rows, a small frame), never over the score or the
   * toolbar. Called when it is shown and once the board is sized again.
   */
  fitOverlay() {
    const o = this.ref('overlay');
    if (!o || o.hidden) return;
    // Trying the box on the board makes the page shorter for a moment, and
    // the browser clamps its scrolling to that: put back where the player was.
    const [x, y] = [scrollX, scrollY];
    const keepScroll = () => {
      if (scrollY !== y || scrollX !== x) scrollTo(x, y);
    };
    o.classList.remove('compact', 'outside', 'pinned');
    o.style.removeProperty('--visible');
    const fits = () => {
      const { tall, wide } = overlayNeeds(o);
      return tall <= o.clientHeight + 0.5 && wide <= o.clientWidth + 0.5;
    };
    // A board that scrolls sideways in its box: a box on it would be centred on the whole board, its ends cut off
    // at the box's edges (a phone at 200 % zoom). It goes under the board, as wide as the part in view and kept there.
    const wrap = this.ref('wrap');
    const sideways = wrap?.classList.contains('scrolls') && wrap.scrollWidth > wrap.clientWidth + 0.5;
    if (!sideways) {
      if (fits()) return keepScroll();
      o.classList.add('compact');
      if (fits()) return keepScroll();
      o.classList.replace('compact', 'outside');
    } else {
      o.classList.add('outside', 'pinned');
      o.style.setProperty('--visible', `${wrap.clientWidth}px`);
    }
    keepScroll();
    // Under the board it may fall below the fold (a short frame): the first
    // time a result is placed there, it is brought into view.
    const said = o.textContent;
    if (this.outsideSeen !== said) {
      // Checked at the next frame (what is set after the box, such as the
      // status line's copy of the result, moves it too) and at every fit
      // until the box has been in view once: a later fit may push it down
      // before the player saw it.
      requestAnimationFrame(() => {
        if (o.hidden || !o.classList.contains('outside') || o.textContent !== said) return;
        // In an embed the board is about to give the box its room (the fit that follows it): no scroll
        // meanwhile; that fit places the box again and this check comes back.
        if (this.overlayRoom() > 0 && this.fit.key() !== this.fit.last) return;
        if (o.getBoundingClientRect().bottom > innerHeight) revealInPage(o);
        if (o.getBoundingClientRect().bottom <= innerHeight + 0.5) this.outsideSeen = said;
      });
    }
  }

  /**
   * Enables and disables the controls for the position (the game's
   * `setButtons`). A focused button that this disables (Undo back at the
   * start, Step at the end) hands the focus to the board, so the keyboard
   * stays in the game instead of falling to the page.
   */
  updateButtons() {
    const focused = document.activeElement;
    this.setButtons();
    if (focused?.disabled && this.root?.contains(focused)) {
      // Play hands the focus to Pause and Pause to Play, Solve to Stop and Stop to Solve, when shown and enabled; else to the board.
      const partner = this.ref({ play: 'pause', pause: 'play', solve: 'stop-solve', 'stop-solve': 'solve' }[focused.dataset.ref] ?? '');
      if (partner && !partner.disabled && partner.getClientRects().length) {
        // Without scrolling to it: it stands beside the button. (Same Game's Solve, taking the focus from Stop when
        // the search ended, scrolled a phone's side column by itself, its top buttons cut: the best line's
        // explanation had grown above the panel.)
        partner.focus({ preventScroll: true });
        return;
      }
      this.handToBoard(focused);
    }
  }

  /**
   * Gives the board the focus of `button`, which has nothing more to do
   * (disabled, or hidden: a rescue button). Pressed by Enter or Space (not
   * clicked), the same key again at once is the button's (handedPress).
   */
  handToBoard(button) {
    this.canvas.focus();
    const now = performance.now();
    if (this.pressed.target === button && now - this.pressed.at < HANDOFF_MS) this.handedOff = { from: button.textContent.trim(), at: now, key: this.pressed.key };
  }

  /**
   * The key that pressed a button which then handed the board the focus
   * (Undo back at the start, say), held down or pressed once more within
   * HANDOFF_MS: meant for the button, not a move on the board. Swallowed
   * and said (true), and so is every press of it that follows the last one
   * swallowed within BURST_MS (the key mashed to undo back to the start:
   * its fourth press made a move). Any other key, or a press after a pause
   * (the message read), is the board's.
   */
  handedPress(e) {
    const h = this.handedOff;
    if (!h) return false;
    const now = performance.now();
    // A finished game takes no move: the press does nothing anyway, and its result stays said.
    if (this.app.isOver() || e.key !== h.key || (!e.repeat && now - h.at > (h.burst ? BURST_MS : HANDOFF_MS))) {
      this.handedOff = null;
      return false;
    }
    // Held down: swallowed while it repeats; pressed again: swallowed, and the burst goes on from this press.
    h.at = now;
    if (!e.repeat) h.burst = true;
    this.shell.message(`${h.from} has nothing more to do here, so the focus moved to the board; press ${e.key === ' ' ? 'Space' : 'Enter'} again to play there.`);
    return true;
  }

  /**
   * Says under the board why the move just made was made (Step's strategy,
   * for class). The reason belongs to the position: undo clears it from
   * view, and undo or redo back to this position shows it again.
   */
  explainMove(text) {
    const here = this.link();
    this.reasons.delete(here);
    if (this.reasons.size >= REASONS_KEPT) this.reasons.delete(this.reasons.keys().next().value);
    this.reasons.set(here, text);
    this.ref('why').textContent = text;
  }

  /**
   * A move was just made (by the player, or by Step before it explains
   * itself): a reason kept for the position it reached belongs to an
   * earlier Step, not to this move.
   */
  forgetReason() {
    this.reasons.delete(this.link());
  }

  /**
   * Keeps, for this tab (sessionStorage), Step's reasons with the start of
   * the game they belong to, and the game's `keptState()` if it has one.
   */
  keepForReload() {
    if (!this.app || !this.root) return;
    saveSession(`${this.constructor.id}.reasons`, { start: startOf(this.app.link()), reasons: reasonsToKeep(this.reasons, this.link()) });
    const state = this.keptState?.();
    if (state) saveSession(`${this.constructor.id}.state`, state);
    const here = this.redoKept();
    const left = this.redoLeft.filter((k) => k.at !== here?.at);
    saveSession(`${this.constructor.id}.redo`, [here, ...left].filter(Boolean).slice(0, REDO_POSITIONS + 1));
  }

  /**
   * Called before the position shown is left for another (a link, New
   * game, the next level): the moves undone there are kept with the game's
   * `keptState()` (which of them were the player's, the clock, the plan),
   * so that Back (or a link) to it finds Redo again, as a reload does.
   * `leftUndone` says so to the page, which then keeps the position in the
   * browser's history even with no move made (all undone).
   */
  leave() {
    const kept = this.app ? this.redoKept() : null;
    this.leftUndone = kept !== null;
    if (kept) this.redoLeft = [{ ...kept, state: this.keptState?.() ?? null }, ...this.redoLeft.filter((k) => k.at !== kept.at)].slice(0, REDO_POSITIONS);
  }

  /**
   * The moves undone that Redo would play again, as the position shown
   * (`at`), the one after every redo (`full`) and how many they are; null
   * when there are none. The address holds the moves made only, so a reload
   * finds Redo again through this.
   */
  redoKept() {
    const at = this.app.link();
    let undone = 0;
    while (undone < REDO_KEPT && this.app.canRedo() && this.app.redo()) undone++;
    if (!undone) return null;
    const full = this.app.link();
    for (let i = 0; i < undone; i++) this.app.undo();
    // The position shown must be the one it was (else it is opened again, and nothing is kept).
    if (this.app.link() === at) return { at, full, undone };
    this.app.openLink(at);
    return null;
  }

  /** Puts back the moves `redoKept` kept for the position shown: opens the last, then undoes them. */
  restoreRedo(kept) {
    const at = this.app.link();
    if (!kept || typeof kept !== 'object' || kept.at !== at || typeof kept.full !== 'string') return;
    const undone = kept.undone;
    if (!Number.isInteger(undone) || undone < 1 || undone > REDO_KEPT) return;
    try {
      this.app.openLink(kept.full);
      let n = 0;
      while (n < undone && this.app.undo()) n++;
      if (n === undone && this.app.link() === at) return;
      this.app.openLink(at);
    } catch {
      // A kept link that no longer opens: the position of the address stays.
      try {
        if (this.app.link() !== at) this.app.openLink(at);
      } catch {
        /* at is the position the address opened a moment ago */
      }
    }
  }

  /**
   * At every opening: puts back Redo for a position left with moves undone
   * (`leave`). At the first opening after the game was mounted (a reload of
   * the tab, a return from another game): puts back Step's reasons kept for the game
   * opened, and returns the game's kept state (`keptState()`: the one handed
   * over on a return, else this tab's), or null. Each game's `afterOpen`
   * calls it after clearing its reasons, and checks the state (and that it
   * is for the position opened).
   */
  restoreKept() {
    if (this.keptPending) {
      // One entry, or a list (older pages kept one); what is not an entry is dropped.
      const redo = [].concat(loadSession(`${this.constructor.id}.redo`, []));
      this.redoLeft = redo.filter((k) => k && typeof k === 'object' && typeof k.at === 'string').slice(0, REDO_POSITIONS + 1);
    }
    // A position left with moves undone: Redo plays them again, and the game's state there comes back.
    const at = this.app.link();
    const left = this.redoLeft.find((k) => k.at === at);
    if (left) {
      this.redoLeft = this.redoLeft.filter((k) => k !== left);
      this.restoreRedo(left);
    }
    const leftState = left?.state && typeof left.state === 'object' ? left.state : null;
    if (!this.keptPending) return leftState;
    this.keptPending = false;
    const state = this.restored ?? loadSession(`${this.constructor.id}.state`, null) ?? leftState;
    this.restored = null;
    const kept = loadSession(`${this.constructor.id}.reasons`, null);
    if (kept && typeof kept === 'object' && kept.start === startOf(this.app.link()) && Array.isArray(kept.reasons)) {
      for (const e of kept.reasons.slice(-REASONS_KEPT)) {
        if (Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'string') this.reasons.set(e[0], e[1]);
      }
    }
    return state && typeof state === 'object' ? state : null;
  }

  /** The reason given for the move that reached the position shown ('' when none was). */
  reasonHere() {
    return this.reasons.get(this.link()) ?? '';
  }

  /**
   * Present mode was entered or left (`mounting`: the game is being built in
   * it, before its position is open). Nothing here; Same Game turns on
   * greedy's next move.
   */
  presentChanged(_on, _mounting = false) {}

  /** After the palette or the motion setting changed: redraws (a game whose words name colours says them again). */
  settingsChanged() {
    this.draw();
  }

  undo() {
    // Undo during Play pauses it (else the move undone would be played again at once).
    this.autoplay.stop();
    this.animator.finish();
    this.shell.message('');
    if (this.app.undo()) this.changedByUndo(1);
    else this.shell.message(NOTHING_TO_UNDO);
  }

  /**
   * `changed(options)` after `n` moves were undone: the live region says
   * "Undid …" rather than repeating the move now last (`this.undid` while
   * it runs).
   */
  changedByUndo(n, options) {
    this.undid = n;
    try {
      this.changed(options);
    } finally {
      this.undid = 0;
    }
  }

  redo() {
    this.animator.finish();
    this.shell.message('');
    if (this.app.redo()) this.changed();
    else this.shell.message(NOTHING_TO_REDO);
  }

  /**
   * A key pressed anywhere on the page while this game is shown. A move
   * being animated is finished first (a cursor key or a select redraws
   * the board: no frame of the move may come back over it).
   */
  key(e) {
    if (e.key === 'Enter' || e.key === ' ') this.pressed = { target: e.target, at: performance.now(), key: e.key };
    if (!MODIFIERS.has(e.key)) this.animator.finish();
    gameKey(this, e, this.letterKeys());
  }

  /** Said when Hint, Step or Play, or Enter or Space on the board, is pressed once the game is over (keys.js). */
  overHelp() {
    return 'The game is over: nothing to move, hint, step or play. Undo (U) to play on, or N for a new game.';
  }

  togglePlay() {
    if (this.autoplay.running) this.pause();
    else this.play();
  }

  /** Stops autoplay, whatever it plays. */
  pause() {
    this.autoplay.stop();
  }

  /** The element of this game called `name` (its data-ref). */
  ref(name) {
    return this.root.querySelector(`[data-ref="${name}"]`);
  }

  speed() {
    return Number(this.ref('speed').value) || 1;
  }

  showSpeed() {
    const text = `${plural(this.speed(), 'move')}/s`;
    this.ref('speed-value').textContent = text;
    // The shown value is hidden from screen readers: the slider says it.
    this.ref('speed').setAttribute('aria-valuetext', text);
  }

  /** The top of row `row` (from the bottom) in the canvas. */
  top(row) {
    return (this.app.height() - 1 - row) * this.geom.s;
  }

  /** The centre of cell (col, row) in client pixels (for tests and tools). */
  cellCenter(col, row) {
    const r = this.canvas.getBoundingClientRect();
    const { s, left } = this.geom;
    return { x: r.left + left + col * s + s / 2, y: r.top + this.top(row) + s / 2 };
  }

  /**
   * A board larger than its box (it scrolls): the box is scrolled so that
   * the cell at (x, y) — the game's own coordinates, as `cellCenter` takes
   * them — is in view with a margin (the keyboard's cursor, off the screen
   * otherwise).
   */
  keepInView(x, y) {
    const wrap = this.ref('wrap');
    if (!wrap || (wrap.scrollWidth <= wrap.clientWidth + 1 && wrap.scrollHeight <= wrap.clientHeight + 1)) return;
    const c = this.cellCenter(x, y);
    const r = wrap.getBoundingClientRect();
    const half = this.geom.s / 2 + 4;
    const shift = (at, start, size) => (at - half < start ? at - half - start : at + half > start + size ? at + half - start - size : 0);
    wrap.scrollLeft += shift(c.x, r.left + wrap.clientLeft, wrap.clientWidth);
    wrap.scrollTop += shift(c.y, r.top + wrap.clientTop, wrap.clientHeight);
  }

  /** The cell under a pointer event, or null: { col, row }. */
  cellUnder(event) {
    const r = this.canvas.getBoundingClientRect();
    const { s, left } = this.geom;
    const col = Math.floor((event.clientX - r.left - left) / s);
    const row = this.app.height() - 1 - Math.floor((event.clientY - r.top) / s);
    if (col < 0 || row < 0 || col >= this.app.width() || row >= this.app.height()) return null;
    return { col, row };
  }
}

/** Keys that only modify another (pressed alone, they finish no animation). */
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'AltGraph']);

/** `n` and `word`, with an s unless n is 1: "1 move", "3 moves". */
export const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The markup of the board area every game has: the score line, the canvas
 * (named `label` for screen readers) with its game-over overlay (buttons
 * `overlay`: [[data-ref, text], …], duplicates of toolbar buttons, so hidden
 * from screen readers and the tab order), the readout and the explanation.
 * Static text only.
 */
/** The height and width the game-over box `o`'s text and buttons need, padding included (CSS px). */
export function overlayNeeds(o) {
  const css = getComputedStyle(o);
  const kids = [...o.children].filter((c) => c.getClientRects().length);
  const tall = kids.reduce((sum, c) => sum + c.getBoundingClientRect().height, 0)
    + parseFloat(css.rowGap || '0') * Math.max(0, kids.length - 1) + parseFloat(css.paddingTop) + parseFloat(css.paddingBottom);
  const wide = Math.max(0, ...kids.map((c) => c.scrollWidth)) + parseFloat(css.paddingLeft) + parseFloat(css.paddingRight);
  return { tall, wide };
}

export function boardMarkup(label, overlay) {
  const buttons = overlay.map(([ref, text]) => `<button type="button" data-ref="${ref}" tabindex="-1" aria-hidden="true">${text}</button>`).join('\n      ');
  return `
  <p class="score" data-ref="score"></p>
  <div class="board-wrap" data-ref="wrap">
    <div class="board-frame">
    <canvas data-ref="board" tabindex="0" role="application" aria-roledescription="board" aria-label="${label}"></canvas>
    <div class="overlay" data-ref="overlay" hidden>
      <p data-ref="overlay-text"></p>
      <div>${buttons}</div>
    </div>
    </div>
  </div>
  <p class="readout" data-ref="readout"></p>
  <p class="why" data-ref="why"></p>`;
}
