// The Mayan puzzle (NOIP 2011) on the page: levels, moves by drag, by
// click and arrow buttons or by keyboard, animated chains, hints, and the
// judge's solution played step by step. Every rule, hint and solution comes
// from the engine's MayanApp; this module turns input into engine calls and
// draws what the engine says. It finds its elements inside its own root.
import { actOnChoice } from '../core/keys.js';
import { BoardGame, boardMarkup, plural } from '../core/game.js';
import { sizeCanvas, fitBoard, drawAxes, frameBoard, TOUCH, revealInPage } from '../core/canvas.js';
import { stats, record } from '../core/stats.js';
import { load, save } from '../core/storage.js';
import { colors, darkText } from '../core/settings.js';
import { SolverWorker } from '../core/solver.js';
import { shown } from '../core/announce.js';


const W = 5;
const H = 7;
// Ten colours (colour-blind-safe first), each block also shows its colour number.
const STAGE_MS = 140;
/**
 * A vanishing (a chain link: outlined, then fading) takes this many stages' time: each link is seen for 350 ms, as
 * Panel Attack flashes each link before it pops (at 200 ms a move's stages shared with the speed control, a chain of
 * four links went by in half a second, 45 ms a link). Autoplay keeps a move within its turn at the speed chosen.
 */
const VANISH_STAGES = 2.5;
const CURSOR = '#ffffff';
const HINT = '#ffd400';

/**
 * A link's editor part apart from the rest: `edit=COL/COL/COL/COL/COL`
 * (the board being edited, columns from the left, blocks from the bottom,
 * letters A–J; it need not be a level yet) and `edit-n=N` (the editor's
 * moves n). Throws an Error saying what is wrong with them ("link: edit: …",
 * as the engine's link errors begin).
 */
function splitEdit(link) {
  const rest = [];
  let board = null;
  let n = null;
  for (const part of link.split('&')) {
    const key = part.startsWith('edit=') ? 'edit' : part.startsWith('edit-n=') ? 'edit-n' : null;
    if (key && (key === 'edit' ? board : n) !== null) throw new Error(`link: '${key}' is given twice`);
    if (key === 'edit') board = part.slice(5);
    else if (key === 'edit-n') n = part.slice(7);
    else rest.push(part);
  }
  if (board === null) {
    if (n !== null) throw new Error('link: edit-n: only with edit= (a board being edited)');
    return { base: link, columns: null, n: null };
  }
  const cols = board.split('/');
  if (cols.length !== W) throw new Error(`link: edit: ${W} columns separated by '/', not ${Math.min(cols.length, 1000)}`);
  const columns = cols.map((col, x) => {
    const blocks = Array.from(col);
    if (blocks.length > H) throw new Error(`link: edit: column ${x + 1} has more than ${H} blocks`);
    return blocks.map((ch) => {
      const c = ch.length === 1 ? ch.charCodeAt(0) - 64 : 0;
      if (!(c >= 1 && c <= 10)) throw new Error(`link: edit: '${shown(ch)}' in column ${x + 1} is not a colour letter A–J`);
      return c;
    });
  });
  if (n !== null && !/^([1-9]|[1-5][0-9]|6[0-4])$/.test(n)) throw new Error(`link: edit-n: a whole number from 1 to 64, not '${shown(n, 12)}'`);
  return { base: rest.join('&'), columns, n: n === null ? null : Number(n) };
}

/** A drag of this many cells or more sideways is a move (less: a click, which selects). */
const DRAG_MOVE = 0.4;

/** The smallest cell (CSS px) for which the board gives up room to keep Step and Play in view under it. */
const FINGER_CELL = 36;

/** A move of the log ("1 2 1": x, y from the bottom left, 1 right or -1 left) in words, its code after it. */
const spokenMove = (line) => {
  const m = /^(\d+) (\d+) (-?1)$/.exec(line);
  return m ? `the block at (${m[1]}, ${m[2]}) dragged ${m[3] === '1' ? 'right' : 'left'} (${line})` : line;
};

/** The board's accessible name in play, and while a board is edited. */
const PLAY_LABEL = 'Mayan puzzle board. Arrow keys move the cursor; Shift+Left or Shift+Right drags the block under it one column.';
// (No word of another control's label in it — Erase, Colour — so that a label finds one control.)
const EDIT_LABEL = 'Mayan puzzle board being edited. Arrow keys move the cursor; Enter or Space drops a block of the number chosen in its column, or takes out the block there when erasing.';
/** How a board is edited, by pointer (a tap on a touch screen) and by keyboard. */
const editHow = () => `${TOUCH.matches ? 'tap' : 'click'} a column, or press Enter or Space on the board, to drop a block of the chosen colour in that column (with Erase ticked: to erase the block there); Check when done.`;

/** The editor's moves n as typed: a whole number from 1 to 64 (written any way a number field takes, as 1e1), or null. */
function editN(text) {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= 64 ? n : null;
}

// Static markup only: nothing from a link or an input ever goes through it.
const MARKUP = `
<div class="game-main">
  <div class="toolbar primary" role="group" aria-label="Game controls">
    <label>Level <select data-ref="level"></select></label>
    <button type="button" data-ref="next-level" title="The next level (N)">Next level</button>
    <button type="button" data-ref="undo" title="Undo (Ctrl+Z or U)">Undo</button>
    <button type="button" data-ref="redo" title="Redo (Ctrl+Y or R)">Redo</button>
    <button type="button" data-ref="restart" title="Back to the level's start">Reset</button>
    <button type="button" data-ref="hint" title="The next move of a solution (H)">Hint</button>
    <span class="pair"><button type="button" data-ref="left" title="Drag the selected block left (Shift+Left)">Move left</button>
    <button type="button" data-ref="right" title="Drag the selected block right (Shift+Right)">Move right</button></span>
  </div>
${boardMarkup(PLAY_LABEL, [['overlay-next', 'Next level'], ['overlay-undo', 'Undo']])}
  <div class="toolbar" data-ref="rescue" hidden><button type="button" data-ref="undo-to-solvable">Undo to the last solvable position</button></div>
</div>
<div class="game-side">
  <details class="panel" data-ref="solution-box" open>
    <summary>Show solution <small>(the NOIP 2011 judge's answer, <code>x y g</code>)</small></summary>
    <div class="toolbar" role="group" aria-label="Solution controls">
      <button type="button" data-ref="show-solution">Show solution</button>
      <button type="button" data-ref="step" title="The solution's next move (S)">Step</button>
      <button type="button" data-ref="play" title="Play the solution (A)">Play</button>
      <button type="button" data-ref="pause" disabled>Pause</button>
      <label class="speed">Speed <input data-ref="speed" type="range" min="1" max="10" value="2" aria-label="Animation speed, moves per second"><span class="speed-value" data-ref="speed-value" aria-hidden="true">2 moves/s</span></label>
    </div>
    <pre class="log" data-ref="log" role="log" aria-label="Judge's answer" aria-live="off"></pre>
    <p class="note while-editing">While a board is edited, the level's answer is put away: Check gives the edited board's, and Reset brings the level back.</p>
  </details>
  <details class="panel" data-ref="editor-box">
    <summary>Editor</summary>
    <p class="note">Click or tap a column to drop a block of the chosen colour into it; with Erase, click or tap a block to take it out (the blocks above fall).</p>
    <div class="toolbar" role="group" aria-label="Editor tools">
      <button type="button" data-ref="ed-start">Edit this board</button>
      <button type="button" data-ref="ed-clear">Clear the board</button>
      <label>Colour <select data-ref="ed-color"></select><span data-ref="ed-swatch" class="swatch" aria-hidden="true"></span></label>
      <label class="check"><input type="checkbox" data-ref="ed-erase"> Erase</label>
      <label>Moves n <input type="number" data-ref="ed-n" min="1" max="64" value="3" data-enter="ed-check"></label>
      <button type="button" data-ref="ed-check">Check</button>
      <button type="button" data-ref="ed-play">Play this</button>
    </div>
    <p data-ref="ed-result" class="ed-result"></p>
    <p><a data-ref="ed-link" href="" hidden>Share link</a></p>
  </details>
  <details class="panel" data-ref="noip-box">
    <summary>Load a NOIP 2011 input</summary>
    <textarea data-ref="noip-input" rows="7" aria-label="NOIP input" spellcheck="false"></textarea>
    <button type="button" data-ref="noip-load">Load</button>
  </details>
  <details class="panel extra-log" data-ref="moves-box">
    <summary>Moves made <small>(x y g: column, row from the bottom, 1 right / −1 left)</small></summary>
    <pre class="log" data-ref="moves-log" role="log" aria-label="Moves made" aria-live="off"></pre>
  </details>
</div>`;

/** Colour `c`'s block as the chosen palette draws it: its fill and the colour of its number. */
function blockColours(c) {
  const palette = colors('mayan');
  const fill = palette[(c - 1) % palette.length];
  return [fill, darkText(fill) ? '#1a1a1a' : '#ffffff'];
}

/** Paints one block of colour `c` in the cell at (x, y), `s` pixels wide. */
function paintBlock(ctx, x, y, s, c, alpha = 1, outline = null) {
  const pad = Math.max(1, s * 0.06);
  ctx.globalAlpha = alpha;
  const [fill, ink] = blockColours(c);
  ctx.fillStyle = fill;
  ctx.beginPath();
  if (ctx.roundRect) ctx.roundRect(x + pad, y + pad, s - 2 * pad, s - 2 * pad, s * 0.14);
  else ctx.rect(x + pad, y + pad, s - 2 * pad, s - 2 * pad);
  ctx.fill();
  if (s >= 10) {
    ctx.fillStyle = ink;
    ctx.font = `700 ${Math.max(7, Math.floor(s * 0.46))}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(c), x + s / 2, y + s / 2 + 1);
  }
  ctx.globalAlpha = 1;
  if (outline) {
    ctx.lineWidth = Math.max(2, s / 12);
    ctx.strokeStyle = outline.color;
    ctx.setLineDash(outline.dash ? [Math.max(3, s / 6), Math.max(2, s / 10)] : []);
    ctx.strokeRect(x + pad / 2, y + pad / 2, s - pad, s - pad);
    ctx.setLineDash([]);
  }
}

/** Decodes MayanApp.steps(): [{ kind, cells, gone: [[x, y], …] }]. */
function decodeSteps(raw) {
  const steps = [];
  let i = 0;
  while (i < raw.length) {
    const kind = raw[i++];
    const cells = raw.slice(i, i + W * H);
    i += W * H;
    const n = raw[i++];
    const gone = [];
    for (let k = 0; k < n; k++, i += 2) gone.push([raw[i], raw[i + 1]]);
    steps.push({ kind, cells, gone });
  }
  return steps;
}

/** The levels solved in this page, kept here too where storage is blocked (the Level list still marks them). */
const solvedHere = new Set();

/** The levels solved in this browser (storage may be blocked or hold anything) and in this page. */
function solvedLevels() {
  const v = load('mayan.solved', []);
  return new Set([...(Array.isArray(v) ? v.filter(Number.isInteger) : []), ...solvedHere]);
}

export class Mayan extends BoardGame {
  static id = 'mayan';
  static title = 'Mayan puzzle';
  /** Controls kept when the player leaves the game and comes back (BoardGame.controlsKept). */
  static kept = ['noip-input'];
  static app = 'MayanApp';

  constructor(shell) {
    super(shell, shell.bindings.MayanApp);
    this.cursor = { x: 0, y: 0 };
    this.selected = null; // { x, y }
    this.hintMove = null; // [x, y, dir]
    this.solution = null; // [[x, y, dir], …] from the level's start
    this.drag = null;
  }

  // ---- the game interface ----------------------------------------------

  mount(root) {
    this.mountMarkup(root, MARKUP, 'mayan');
    this.fillLevels();
    const colors = this.ref('ed-color');
    for (let c = 1; c <= 10; c++) {
      const o = document.createElement('option');
      o.value = String(c);
      o.textContent = String(c);
      colors.append(o);
    }
    this.paintSwatch();
  }

  /** The editor's colour as the board draws it, beside the Colour list (whose options can only be numbers). */
  paintSwatch() {
    const c = Number(this.ref('ed-color').value);
    // The colour alone (the list beside it says the number: a number on some fills would read under 4.5 : 1).
    this.ref('ed-swatch').style.background = blockColours(c)[0];
  }

  settingsChanged() {
    super.settingsChanged();
    this.paintSwatch();
  }

  /**
   * Opens a link; a bare `game=mayan` is the first level not solved yet
   * here; with `edit=` the editor shows that board over the level.
   */
  open(link, freshSeed) {
    const { base, columns, n } = splitEdit(link);
    this.opening(columns, n, () => {
      if (base === 'game=mayan') this.openDefault();
      else super.open(base, freshSeed);
    });
  }

  /**
   * Runs `open` (which opens the level), then, for a link with an editor
   * part, the editor on `columns`: the address is written once, at the
   * end (the level alone is not a position shown).
   */
  opening(columns, n, open) {
    if (!columns) {
      open();
      return;
    }
    this.holdAddress = true;
    try {
      open();
      this.startEditing(true, columns, n);
      this.ref('editor-box').open = true;
      // Said instead of the level's opening: the editor is what is shown.
      const level = this.app.levelNumber();
      const blocks = columns.reduce((sum, col) => sum + col.length, 0);
      this.shell.announce(`Editing a board of ${plural(blocks, 'block')} (moves n ${this.ref('ed-n').value}) over ${level ? `level ${level}` : 'the board played'}: ${editHow()}`);
    } finally {
      this.holdAddress = false;
    }
    this.addressChanged();
  }

  /** The position changed: the address follows (once `opening` is done). */
  addressChanged() {
    if (!this.holdAddress) this.shell.linkChanged();
  }

  /** The part of `link` the engine reads (a link being edited without its editor part); throws on a bad editor part. */
  static engineLink(link) {
    return splitEdit(link).base;
  }

  adopt(app, link) {
    const { base, columns, n } = splitEdit(link);
    this.opening(columns, n, () => {
      if (base === 'game=mayan') {
        app.free();
        this.openDefault();
      } else super.adopt(app, link);
    });
  }

  /** The board being edited (columns, bottom first), or null. */
  get editing() {
    return this.editedColumns ?? null;
  }

  /** Set while editing: the root's `editing` class shows the editor's panel in an embedded game too (style.css). */
  set editing(columns) {
    this.editedColumns = columns;
    this.root?.classList.toggle('editing', !!columns);
  }

  /** The position shown: the level's, and while editing the board being edited (`edit=`, `edit-n=`). */
  link() {
    const base = this.app.link();
    if (!this.editing) return base;
    const board = this.editing.map((col) => col.map((c) => String.fromCharCode(64 + c)).join('')).join('/');
    const n = editN(this.ref('ed-n').value);
    return `${base}&edit=${board}${n === null ? '' : `&edit-n=${n}`}`;
  }

  /** The first level not solved yet (progress is kept in this browser). */
  openDefault() {
    const solved = solvedLevels();
    const count = this.bindings.MayanApp.levelCount();
    let k = 1;
    while (k < count && solved.has(k)) k++;
    this.leave();
    this.app.newGame(k);
    this.opened();
  }

  /**
   * While a board is being edited the level's moves are hidden: Hint, Step,
   * Play, Undo and Redo would act on the level, not on the edit. They say so
   * and do nothing (true: blocked).
   */
  blockedByEditor() {
    if (!this.editing) return false;
    // Present mode hides the editor's panel: its buttons are one P away.
    const where = this.shell.presenting ? 'leave present mode (P) to Check it or Play this board' : 'Check it or Play this board';
    this.shell.message(`Editing a board: ${where} (Reset leaves the editor and goes back to the level).`, true);
    return true;
  }

  undo() {
    if (!this.blockedByEditor()) super.undo();
  }

  redo() {
    if (!this.blockedByEditor()) super.redo();
  }

  /**
   * For class: in the judge's answer, the moves the board has played are
   * dimmed and the next one is marked (aria-current), while the board
   * follows the answer from its start; off it, nothing is marked.
   */
  markSolution() {
    const spans = this.ref('log')?.children ?? [];
    const i = this.app.moves();
    const onPath = Boolean(this.solution?.length) && i <= this.solution.length
      && this.app.log() === this.solution.slice(0, i).map((m) => `${m.join(' ')}\n`).join('');
    for (let k = 0; k < spans.length; k++) {
      spans[k].classList.toggle('played', onPath && k < i);
      if (onPath && k === i) spans[k].setAttribute('aria-current', 'step');
      else spans[k].removeAttribute('aria-current');
    }
  }

  /** Step: the solution's next move when it is shown, else the hint's move. */
  step() {
    if (this.blockedByEditor()) return false;
    this.animator.finish();
    if (this.solution) {
      const i = this.app.moves();
      const onPath = this.app.log() === this.solution.slice(0, i).map((m) => `${m.join(' ')}\n`).join('');
      if (!this.solution.length) {
        this.shell.message('The judge has no solution of exactly n moves here (-1): there is nothing to step through.', true);
        return false;
      }
      if (!onPath || i >= this.solution.length) {
        this.shell.message(onPath ? 'The solution has been played to its end.' : 'The board has left the solution: press Show solution to start it again.', !onPath);
        return false;
      }
      const [x, y, dir] = this.solution[i];
      const what = `move ${i + 1} of the judge's answer`;
      const moved = this.stepAct(x, y, dir, what);
      if (moved) this.explainStep(x, y, dir, what);
      return moved;
    }
    const h = Array.from(this.app.hint());
    if (h.length !== 3) {
      // Said as Hint says it: Step, Play, S and A are not silent.
      this.showNoSolution();
      if (!this.app.isOver()) this.shell.message(`Step: no move to play. ${this.noSolutionWords()}`, true);
      return false;
    }
    const what = 'the next move of a solution from the position before it';
    const moved = this.stepAct(h[0], h[1], h[2], what);
    if (moved) this.explainStep(h[0], h[1], h[2], what);
    return moved;
  }

  /** A Step's move, said with which move it is (`what`), as the line under the board gives it. */
  stepAct(x, y, dir, what) {
    this.stepWhat = what;
    try {
      return this.act(x, y, dir, true);
    } finally {
      this.stepWhat = null;
    }
  }

  /** The reason for a Step's move, for class (it stays in view in present mode). */
  explainStep(x, y, dir, what) {
    const left = this.app.movesLeft();
    const end = this.app.solved() ? 'The board is clear.' : `${plural(left, 'move')} left.`;
    this.explainMove(`Step: the block at (${x}, ${y}) dragged ${dir === 1 ? 'right' : 'left'} — ${what}. ${end}`);
  }

  /** Reset: back to the level's start (and out of the editor: the edit is dropped). */
  restart() {
    this.autoplay.stop();
    this.animator.finish();
    this.shell.message(this.editing ? 'Left the editor: back to the level.' : '');
    if (this.editing) this.ref('ed-result').textContent = '';
    this.app.restart();
    this.changed({ fresh: true });
    this.shell.announce(`Reset: ${this.levelWords()}.`);
  }

  letterKeys() {
    return { u: () => this.undo(), r: () => this.redo(), h: () => this.hint(), s: () => this.step(), a: () => this.togglePlay(), n: () => this.nextLevel() };
  }

  /** Where the game stands, for a parent page (the Mayan puzzle has no score: null). */
  summary() {
    const app = this.app;
    return { score: null, movesMade: app.moves(), over: app.isOver(), won: app.solved() };
  }

  draw() {
    if (!this.app) return;
    this.paint(this.editing ? this.editingCells() : Array.from(this.app.cells()));
  }

  // ---- helpers ------------------------------------------------------------

  fillLevels() {
    const select = this.ref('level');
    const solved = solvedLevels();
    const count = this.bindings.MayanApp.levelCount();
    const keep = select.value;
    select.replaceChildren();
    for (let k = 1; k <= count; k++) {
      const o = document.createElement('option');
      o.value = String(k);
      o.textContent = `${k} · ${plural(this.bindings.MayanApp.levelMoves(k), 'move')}${solved.has(k) ? ' ✓' : ''}`;
      select.append(o);
    }
    const custom = document.createElement('option');
    custom.value = '0';
    custom.textContent = 'From a link';
    custom.disabled = true;
    select.append(custom);
    if (keep) select.value = keep;
  }

  afterOpen() {
    this.judging?.stop();
    this.reasons.clear();
    this.autoplay.stop();
    this.animator.cancel();
    // A level-ending move's animation dropped: what it held back is not held any more (its ✓ is still due).
    this.releaseResult();
    this.editing = null;
    this.ref('ed-result').textContent = '';
    this.ref('ed-link').hidden = true;
    this.selected = null;
    this.hintMove = null;
    this.solution = null;
    this.ref('log').textContent = '';
    this.ref('level').value = String(this.app.levelNumber());
    // A level is ticked as solved when the player made its moves: not
    // Step's or Play's (the solver's), nor those a link brought. The move
    // numbers not the player's: redone moves keep their mark, a move of
    // the player's own replaces the marks from its number on.
    this.notPlayers = new Set(Array.from({ length: this.app.moves() }, (_, i) => i + 1));
    // Back on the position left (a reload, a visit to another game): which of its moves were the player's.
    const back = this.restoreKept();
    if (back && back.link === this.app.link() && Array.isArray(back.notPlayers)) {
      this.notPlayers = new Set(back.notPlayers.filter((k) => Number.isInteger(k) && k >= 1 && k <= this.app.n()));
    }
    this.changed({ fresh: true });
    this.resize();
    if (!this.app.isOver()) this.shell.announce(`${this.levelWords()}.`);
  }

  overHelp() {
    return 'This level is over: nothing to move, hint, step or play. Undo (U) or Reset to play on, or N for the next level.';
  }

  /** The level in words: its number (or "Mayan puzzle" for a board of its own), the blocks, the moves to make and those left. */
  levelWords() {
    const app = this.app;
    const level = app.levelNumber();
    const made = app.moves() ? `, ${plural(app.moves(), 'move')} made` : '';
    return `${level ? `Level ${level}` : 'Mayan puzzle'}: clear ${plural(app.blocks(), 'block')} in exactly ${plural(app.n(), 'move')}${made}; ${plural(app.movesLeft(), 'move')} left`;
  }

  // ---- moves ---------------------------------------------------------------

  /** Drags (x, y) in `dir`; animates the stages. A running animation is finished first. */
  /** What a player leaving (another game, a reload) finds again: which moves of the line were not theirs. */
  keptState() {
    return { link: this.app.link(), notPlayers: [...(this.notPlayers ?? [])] };
  }

  /** Whether a move of the line shown was not the player's (see afterOpen). */
  helped() {
    const n = this.app.moves();
    return [...(this.notPlayers ?? [])].some((k) => k <= n);
  }

  /** Why (x, y) cannot be dragged in `dir` on the board `cells` (columns from the left, rows from the bottom). */
  whyNoDrag(cells, x, y, dir) {
    const side = dir === 1 ? 'right' : 'left';
    const here = cells[y * W + x];
    if (!here) return `(${x}, ${y}) is empty: there is no block to drag.`;
    const to = x + dir;
    if (to < 0 || to >= W) return `The block at (${x}, ${y}) is at the ${side} edge of the board: it cannot go further ${side}.`;
    if (cells[y * W + to] === here) return `The block at (${x}, ${y}) and the one on its ${side} are both colour ${here}: swapping them changes nothing, so it is no move.`;
    return `(${x}, ${y}) cannot be dragged ${side}.`;
  }

  act(x, y, dir, byStep = false) {
    this.animator.finish();
    this.editing = null;
    // A press that is no move leaves the level's result in view.
    if (this.app.isOver() && !this.app.isMove(x, y, dir)) return false;
    this.shell.message('');
    const before = Array.from(this.app.cells());
    const t0 = performance.now();
    const moved = this.app.play(x, y, dir);
    record(stats.engineCallMs, performance.now() - t0);
    if (!moved) {
      if (this.app.movesLeft() === 0) this.shell.message('No moves are left: undo or reset.', true);
      else if (!this.app.isOver()) {
        this.noDrag = this.whyNoDrag(before, x, y, dir);
        this.shell.message(this.noDrag, true);
      }
      return false;
    }
    this.forgetReason();
    this.selected = null;
    const k = this.app.moves();
    // The move a hint showed, or the next of the solution shown, is not the
    // player's find either (KShisen gives no high score after a hint).
    const same = (m) => m && m[0] === x && m[1] === y && m[2] === dir;
    const told = same(this.hintMove) || same(this.solution?.[k - 1]);
    this.hintMove = null;
    this.notPlayers ??= new Set();
    for (const m of [...this.notPlayers]) if (m >= k) this.notPlayers.delete(m);
    if (byStep || told) this.notPlayers.add(k);
    const steps = decodeSteps(Array.from(this.app.steps()));
    const lineBefore = this.lineTexts;
    // (Read before the change: a move that ends the level stops autoplay, and its stages would take a player's time.)
    const autoplaying = this.autoplay.running;
    this.changed({ animate: true });
    // The result's box waits for the move's falls and chains to play out
    // (as Panel Attack shows its result after the last chain): shown at the
    // animation's end, or at once when a press finishes it.
    const overlay = this.ref('overlay');
    const over = !overlay.hidden;
    overlay.hidden = true;
    // So do the result in the status message, kept out of sight but not out of the accessibility tree (a screen
    // reader hears the result with the move), and the score line's "Blocks 0" (the line before the move stays).
    if (over) this.holdResult({ line: this.lineTexts, tick: this.tickLevel }, lineBefore);
    this.tickLevel = null;
    // Each stage its time (a chain link longer); under autoplay the speed control bounds a move's stages together.
    const weights = steps.map((st) => (st.kind === 2 ? VANISH_STAGES : 1));
    const sum = weights.reduce((a, b) => a + b, 0) || 1;
    const unit = autoplaying ? Math.min(STAGE_MS, 900 / this.speed() / sum) : STAGE_MS;
    let acc = 0;
    const ends = weights.map((w) => (acc += w) / sum);
    // A chain of two links or more is said under the board too (the live region says it; reduced motion shows no
    // animation), unless a Step's reason goes there.
    const links = steps.filter((st) => st.kind === 2);
    if (links.length > 1 && !byStep) {
      const gone = links.reduce((a, st) => a + st.gone.length, 0);
      this.explainMove(`Move ${k}: a chain of ${links.length} links — ${plural(gone, 'block')} vanished.`);
    }
    this.animator.start(unit * sum, (t) => this.drawStages(t, before, steps, { x, y, dir }, ends), () => {
      this.chainLabel = null;
      this.releaseResult();
      if (over && this.app?.isOver()) {
        overlay.hidden = false;
        this.fitOverlay();
      }
      this.draw();
    });
    return true;
  }

  /** A frame of a move: the drag, each fall, each vanishing (outlined, then gone), with the chain link's number. */
  drawStages(t, before, steps, mv, ends = steps.map((_, i) => (i + 1) / steps.length)) {
    const n = steps.length;
    // The stage at time t (0..1) and how far through it, each stage taking its share (`ends`: where each ends).
    let at = 0;
    while (at < n - 1 && t >= ends[at]) at++;
    const from = at === 0 ? 0 : ends[at - 1];
    const u = Math.min(1, Math.max(0, (t - from) / Math.max(1e-9, ends[at] - from)));
    const prev = at === 0 ? before : steps[at - 1].cells;
    const step = steps[at];
    const chain = steps.slice(0, at + 1).filter((s) => s.kind === 2).length;
    this.chainLabel = step.kind === 2 ? `chain ${chain}` : null;
    if (step.kind === 0) {
      // The dragged block slides one column; a swapped block slides back.
      const moving = [
        { from: [mv.x, mv.y], to: [mv.x + mv.dir, mv.y], c: prev[mv.y * W + mv.x] },
        { from: [mv.x + mv.dir, mv.y], to: [mv.x, mv.y], c: prev[mv.y * W + mv.x + mv.dir] },
      ].filter((m) => m.c);
      const still = prev.slice();
      for (const m of moving) still[m.from[1] * W + m.from[0]] = 0;
      this.paint(still, { moving, u });
    } else if (step.kind === 1) {
      // Each column's blocks keep their order and fall.
      const moving = [];
      const still = new Array(W * H).fill(0);
      for (let x = 0; x < W; x++) {
        const from = [];
        const to = [];
        for (let y = 0; y < H; y++) {
          if (prev[y * W + x]) from.push(y);
          if (step.cells[y * W + x]) to.push(y);
        }
        from.forEach((fy, k) => {
          const ty = to[k] ?? fy;
          if (fy === ty) still[fy * W + x] = prev[fy * W + x];
          else moving.push({ from: [x, fy], to: [x, ty], c: prev[fy * W + x] });
        });
      }
      this.paint(still, { moving, u: u * u });
    } else {
      // Outlined first, then fading out.
      const gone = new Set(step.gone.map(([x, y]) => y * W + x));
      this.paint(prev, { gone, u });
    }
  }

  /** Paints `cells` with the cursor, selection and hint, and an animation frame's moving or vanishing blocks. */
  paint(cells, frame = null) {
    const { ctx } = this;
    const { s, left, bottom } = this.geom;
    ctx.clearRect(0, 0, left + W * s, H * s + bottom);
    drawAxes(ctx, this.geom, W, H, 0, getComputedStyle(this.root).color);
    ctx.fillStyle = '#222';
    ctx.fillRect(left, 0, W * s, H * s);
    frameBoard(ctx, left, 0, W * s, H * s);
    const mark = new Map();
    if (!frame) {
      if (this.hintMove) mark.set(this.hintMove[1] * W + this.hintMove[0], { color: HINT, dash: true });
      if (this.selected) mark.set(this.selected.y * W + this.selected.x, { color: CURSOR, dash: false });
    }
    // A block being dragged follows the pointer (at most a column either way).
    const shift = !frame && this.dragShift && cells[this.dragShift.y * W + this.dragShift.x] ? this.dragShift : null;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const c = cells[y * W + x];
        if (!c || (shift && shift.x === x && shift.y === y)) continue;
        let alpha = 1;
        let outline = mark.get(y * W + x) ?? null;
        if (frame?.gone?.has(y * W + x)) {
          outline = { color: '#ffffff', dash: false };
          alpha = frame.u < 0.5 ? 1 : 1 - (frame.u - 0.5) * 2;
        }
        paintBlock(ctx, left + x * s, this.top(y), s, c, alpha, outline);
      }
    }
    for (const m of frame?.moving ?? []) {
      const fx = m.from[0] + (m.to[0] - m.from[0]) * frame.u;
      const fy = m.from[1] + (m.to[1] - m.from[1]) * frame.u;
      paintBlock(ctx, left + fx * s, (H - 1 - fy) * s, s, m.c);
    }
    if (this.hintMove && !frame) this.paintArrow(this.hintMove);
    if (shift) {
      paintBlock(ctx, left + shift.x * s + shift.dx, this.top(shift.y), s, cells[shift.y * W + shift.x], 1, { color: CURSOR, dash: false });
      if (Math.abs(shift.dx) >= s * DRAG_MOVE) this.paintArrow([shift.x, shift.y, shift.dx > 0 ? 1 : -1]);
    }
    if (this.chainLabel && frame) {
      ctx.font = `700 ${Math.max(12, Math.floor(s * 0.5))}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'top';
      ctx.fillStyle = '#ffffff';
      ctx.fillText(this.chainLabel, left + (W * s) / 2, s * 0.15);
    }
    if (this.showCursor && this.cursorDrawn() && !frame) {
      // White dashes over a black line: seen on the dark board and on a light block alike (the dashes alone were
      // faint over a block).
      const at = [left + this.cursor.x * s + 2, this.top(this.cursor.y) + 2, s - 4, s - 4];
      ctx.lineWidth = 4;
      ctx.strokeStyle = '#000000';
      ctx.strokeRect(...at);
      ctx.lineWidth = 2;
      ctx.strokeStyle = CURSOR;
      ctx.setLineDash([4, 3]);
      ctx.strokeRect(...at);
      ctx.setLineDash([]);
    }
  }

  /**
   * The move's arrow across the edge between the two cells, clear of both blocks' numbers (which take the middle
   * third of a cell): from the block's last third to the next cell's first.
   */
  paintArrow([x, y, dir]) {
    const { ctx } = this;
    const { s, left } = this.geom;
    const cy = this.top(y) + s / 2;
    const edge = left + (x + (dir > 0 ? 1 : 0)) * s;
    const x0 = edge - dir * s * 0.3;
    const tip = edge + dir * s * 0.3;
    const x1 = tip - dir * s * 0.17;
    ctx.strokeStyle = HINT;
    ctx.fillStyle = HINT;
    ctx.lineWidth = Math.max(3, s / 10);
    ctx.beginPath();
    ctx.moveTo(x0, cy);
    ctx.lineTo(x1, cy);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(tip, cy);
    ctx.lineTo(x1, cy - s * 0.15);
    ctx.lineTo(x1, cy + s * 0.15);
    ctx.fill();
  }

  // ---- hints and the solution ---------------------------------------------

  hint() {
    if (this.blockedByEditor()) return;
    this.animator.finish();
    // Nothing to hint once the level is over: its result stays in view.
    if (this.app.isOver()) return;
    this.shell.message('');
    const h = Array.from(this.app.hint());
    if (h.length === 3) {
      this.hintMove = h;
      this.ref('rescue').hidden = true;
      this.ref('why').textContent = `Hint: drag the block at (${h[0]}, ${h[1]}) ${h[2] === 1 ? 'right' : 'left'} — the next move of a solution with ${plural(this.app.movesLeft(), 'move')} left.`;
      this.shell.announce(this.ref('why').textContent);
      this.draw();
      return;
    }
    this.showNoSolution();
    this.shell.announce(this.noSolutionWords());
  }

  /** What is said after `showNoSolution`: the reason, and the way back when there is one. */
  noSolutionWords() {
    const undos = this.rescueUndos > 0 ? ` ${this.ref('undo-to-solvable').textContent} is offered ${this.linesPlace()}.` : '';
    return `${this.ref('why').textContent}${undos}`;
  }

  /** Says why there is no solution here, and offers to undo to the last position that had one. */
  showNoSolution() {
    const why = this.app.hintReason();
    this.ref('why').textContent = why;
    const undos = this.app.undosToSolvable();
    this.rescueUndos = undos;
    this.ref('rescue').hidden = !(undos > 0);
    if (undos > 0) {
      this.ref('undo-to-solvable').textContent = `Undo ${plural(undos, 'move')} to the last solvable position`;
      this.revealBeside(this.ref('rescue'));
    }
  }

  undoToSolvable() {
    this.animator.finish();
    // The button hides: keyboard focus goes to the board, not to the page.
    const button = this.ref('undo-to-solvable');
    const focused = document.activeElement === button;
    const k = this.rescueUndos ?? 0;
    for (let i = 0; i < k; i++) this.app.undo();
    this.ref('rescue').hidden = true;
    if (k > 0) this.changedByUndo(k);
    else this.changed();
    this.rescuedBeside();
    if (focused) this.handToBoard(button);
  }

  /** Show solution: back to the start, the judge's answer listed; Step and Play follow it. */
  showSolution() {
    // While editing, the solution of the level would throw the edit away: refused, as Step is.
    if (this.blockedByEditor()) return;
    this.autoplay.stop();
    this.animator.finish();
    // A pasted input above n = 5 is being judged in the background: its
    // answer, not a quicker search's "unknown", is what the log shows.
    if (this.judging?.running && this.judgeLink === this.app.link().replace(/&moves=.*$/, '')) {
      this.shell.message('The judge is still searching this input in the background (up to 5,000,000 positions): its answer goes to the log, and then Show solution follows it.');
      return;
    }
    // Back at the start: the result of the line left is no longer shown.
    this.shell.message('');
    this.app.restart();
    // A pasted input the judge answered in the worker: its answer, as printed.
    const judged = this.judged?.link === this.app.link() ? this.judged.output : null;
    if (judged) this.applySolution(judged.trimEnd().split('\n'), judged);
    else this.applySolution(Array.from(this.app.solution()));
  }

  /** Shows the judge's answer `lines` (the log is `text`, as the judge prints it) and follows it on Step and Play. */
  applySolution(lines, text = `${lines.join('\n')}\n`) {
    // One line a span (the log's text stays the judge's output, byte for byte): markSolution marks the moves played.
    const log = this.ref('log');
    log.textContent = '';
    for (const line of text.match(/[^\n]*\n|[^\n]+$/g) ?? []) log.append(Object.assign(document.createElement('span'), { textContent: line }));
    this.solution = lines[0] === '-1' || lines[0] === 'unknown' ? [] : lines.map((l) => l.split(' ').map(Number));
    this.changed({ fresh: true });
    // Said again when undo comes back to the start.
    this.explainMove(this.solution.length
      ? `The judge's answer: ${plural(this.solution.length, 'move')}, the smallest in its order (x, then y, then right before left). Step or Play to follow it.`
      : lines[0] === 'unknown'
        ? 'The search ran out of its budget before deciding (n above 5 has one).'
        : 'The judge finds no solution of exactly n moves (-1).');
    // The board went back to its start: said, with the answer.
    this.shell.announce(`Show solution: back at the start, ${plural(this.app.movesLeft(), 'move')} left. ${this.ref('why').textContent}`);
  }

  /** Play: Step after Step from the board shown (the solution's moves when it is shown, else the hint's). */
  play() {
    if (this.blockedByEditor() || this.autoplay.running || this.app.isOver()) return;
    if (this.solution && !this.solution.length) {
      this.shell.message('The judge has no solution of exactly n moves here (-1): there is nothing to play.', true);
      return;
    }
    this.autoplay.start(() => this.step() && !this.app.isOver(), () => this.speed());
  }

  nextLevel() {
    const count = this.bindings.MayanApp.levelCount();
    if (this.ref('next-level').disabled) {
      // N from the keyboard: say why there is no next level.
      const level = this.app.levelNumber();
      this.shell.message(level === 0
        ? 'This board is not one of the levels: choose one from the Level list for a next level.'
        : `Level ${level} is the last of the ${count} levels.`);
      return;
    }
    const k = Math.min(count, this.app.levelNumber() + 1);
    this.shell.message('');
    this.leave();
    this.app.newGame(Math.max(1, k));
    this.opened();
  }

  // ---- the editor and pasted inputs ---------------------------------------

  /**
   * Starts editing: the board shown (or an empty one, or a link's
   * `columns` with its `n`) becomes editable.
   */
  startEditing(empty = false, columns = null, n = null) {
    this.autoplay.stop();
    this.animator.finish();
    const fromLink = columns !== null;
    if (!columns) {
      const cells = empty ? new Array(W * H).fill(0) : Array.from(this.app.cells());
      columns = [];
      for (let x = 0; x < W; x++) {
        const col = [];
        for (let y = 0; y < H && cells[y * W + x]; y++) col.push(cells[y * W + x]);
        columns.push(col);
      }
    }
    this.editing = columns;
    // A block selected on the level is not on the board edited (Move left / Move right are off).
    this.selected = null;
    this.ref('overlay').hidden = true;
    // What was said of the board left (its result, a Step's reason, a hint) is not about this one.
    this.shell.message('');
    this.ref('why').textContent = '';
    this.ref('rescue').hidden = true;
    this.hintMove = null;
    // A link's n, else (not for an empty board) the moves the level has left.
    if (n !== null) this.ref('ed-n').value = String(n);
    else if (!empty || fromLink) this.ref('ed-n').value = String(this.app.movesLeft() || this.app.n());
    this.ref('ed-result').textContent = `Editing: ${editHow()}`;
    this.canvas.setAttribute('aria-label', EDIT_LABEL);
    this.updateButtons();
    this.ref('ed-link').hidden = true;
    this.drawEditing();
  }

  editingCells() {
    const cells = new Array(W * H).fill(0);
    this.editing.forEach((col, x) => col.forEach((c, y) => { cells[y * W + x] = c; }));
    return cells;
  }

  drawEditing() {
    const blocks = this.editingCells().filter(Boolean).length;
    this.showLine(`Editing a board · Blocks ${blocks}`, `Editing · Blocks ${blocks}`);
    this.refreshReadout();
    this.paint(this.editingCells());
    // The address follows the edit: a reload or a shared link opens it.
    this.addressChanged();
  }

  /** A click on the board while editing: drop a block, or erase one. */
  editAt(cell) {
    const col = this.editing[cell.x];
    let said;
    let changed = true;
    if (this.ref('ed-erase').checked) {
      if (cell.y < col.length) {
        said = `Erased colour ${col[cell.y]} at (${cell.x}, ${cell.y}); the blocks above fall.`;
        col.splice(cell.y, 1);
      } else {
        said = `(${cell.x}, ${cell.y}) is empty: nothing to erase.`;
        changed = false;
      }
    } else if (col.length < H) {
      col.push(Number(this.ref('ed-color').value));
      said = `Dropped colour ${col.at(-1)} in column ${cell.x}: it lands at (${cell.x}, ${col.length - 1}).`;
    } else {
      said = `Column ${cell.x} is full (7 blocks).`;
      changed = false;
      this.ref('ed-result').textContent = said;
    }
    const run = changed ? this.editChanged() : '';
    this.shell.announce(run ? `${said} ${run}` : said);
    this.drawEditing();
  }

  /**
   * The board edited or its n changed: what Check said (and its link) was
   * of the board before. A run of three on the board is said at once (a
   * level starts with none, as NOIP's boards do: Check and Play this would
   * refuse it), and returned to be said.
   */
  editChanged() {
    // The engine's rule (its link check refuses such a board): x, y of every block in a run.
    const cells = Array.from(this.bindings.MayanApp.runCells(this.editedBoard()));
    const run = [];
    for (let i = 0; i < cells.length; i += 2) run.push(`(${cells[i]}, ${cells[i + 1]})`);
    this.ref('ed-result').textContent = run.length
      ? `Editing: this board holds a run of three, ${run.join(', ')}: a level starts with none, so change one of them before Check or Play this.`
      : `Editing: ${editHow()}`;
    this.ref('ed-link').hidden = true;
    return run.length ? this.ref('ed-result').textContent.replace(/^Editing: t/, 'T') : '';
  }

  /** The board being edited as a link's `board=` value. */
  editedBoard() {
    return this.editing.map((col) => col.map((c) => String.fromCharCode(64 + c)).join('')).join('/');
  }

  /** The link of the board being edited, with its n (an Error when n is not a whole number from 1 to 64). */
  editedLink() {
    const board = this.editedBoard();
    const text = this.ref('ed-n').value.trim();
    const n = editN(text);
    if (n === null) throw new Error(`moves n: a whole number from 1 to 64 is needed, not '${shown(text, 12)}'`);
    return `game=mayan&n=${n}&board=${board}`;
  }

  /** Check: a solution of exactly n moves? The fewest moves, how many solutions, the judge's answer. */
  check() {
    if (!this.editing) this.startEditing();
    const scratch = new this.bindings.MayanApp();
    const out = this.ref('ed-result');
    let link;
    try {
      link = this.editedLink();
      scratch.openLink(link);
      const n = scratch.n();
      const t0 = performance.now();
      const [first, ...answer] = Array.from(scratch.checkSummary());
      const fewest = Number(first);
      this.lastCheckMs = performance.now() - t0;
      const parts = [];
      if (answer[0] === 'unknown') {
        parts.push(`Unknown whether exactly ${plural(n, 'move')} can clear it: the search ran out of its budget.`);
      } else if (answer[0] === '-1') {
        parts.push(`No solution with exactly ${plural(n, 'move')}.`);
      } else {
        const count = scratch.countSolutions();
        parts.push(`A solution with exactly ${plural(n, 'move')}: ${count > 0 ? `${plural(count, 'solution')}${count >= 10000 ? ' or more' : ''}` : 'too many to count'}.`);
      }
      parts.push(fewest ? `The fewest moves that clear it: ${fewest}.` : 'It cannot be cleared in 5 moves or fewer.');
      parts.push(`The judge prints: ${answer.join(' / ')}`);
      // A board with no solution of exactly n moves is no level to share: no link (n changed and checked again gives one).
      const none = answer[0] === '-1';
      if (none) {
        parts.push(fewest
          ? `A level needs a solution of exactly n moves: change n (${fewest} clears it) and Check again to share it.`
          : 'A level needs a solution of exactly n moves: change the board, or n, and Check again to share it.');
      }
      out.textContent = parts.join(' ');
      const a = this.ref('ed-link');
      a.href = `#${link}`;
      a.hidden = none;
    } catch (e) {
      out.textContent = `This board cannot be a level: ${e.message.replace(/^(link: )?(board: )?/, '')}`;
      this.ref('ed-link').hidden = true;
    } finally {
      scratch.free();
    }
    // On a tall narrow screen the result may sit below the fold: bring it in view and say it.
    revealInPage(out);
    this.shell.announce(out.textContent);
  }

  /** Play this: the edited board becomes the game. */
  playEdited() {
    if (!this.editing) return;
    try {
      this.open(this.editedLink());
      this.shell.message('');
    } catch (e) {
      // In the status line too (as an error): Check may have put the same words under the editor already, and
      // the press must visibly (and audibly: the live region says only what changed) do something.
      const why = `This board cannot be a level: ${e.message.replace(/^(link: )?(board: )?/, '')}`;
      this.ref('ed-result').textContent = why;
      this.shell.message(`Play this: ${why.charAt(0).toLowerCase()}${why.slice(1)}`, true);
    }
  }

  loadNoip() {
    const input = this.ref('noip-input').value;
    try {
      this.leave();
      this.app.loadNoip(input);
    } catch (e) {
      this.shell.message(e.message, true);
      return;
    }
    this.opened();
    if (this.app.n() <= 5) {
      this.showSolution();
      this.shell.message('Loaded the NOIP input: the log shows what the judge prints for it.');
      return;
    }
    // Above n = 5 the judge searches up to 5,000,000 positions, which can
    // take seconds: in a worker, as `clearboard judge mayan` runs it.
    this.judging = this.judging ?? new SolverWorker();
    const token = (this.judgeToken = (this.judgeToken ?? 0) + 1);
    const link = this.app.link();
    this.judgeLink = link;
    this.judged = null;
    this.ref('log').textContent = '';
    this.shell.message('Loaded the NOIP input. n is above 5: the judge searches up to 5,000,000 positions, in the background; its answer goes to the log.');
    try {
      this.startJudging(input, token, link);
    } catch (e) {
      // No worker here (a frame sandboxed without allow-same-origin): said, and the page's own bounded search serves.
      this.judgeLink = null;
      this.shell.message(`Loaded the NOIP input. n is above 5, and the judge cannot search in the background here (${e.message}): Show solution searches on the page, with a smaller budget.`, true);
    }
  }

  /** Runs the judge on `input` in a worker; its answer goes to the log if the position is still `link`. Throws when no worker can start. */
  startJudging(input, token, link) {
    this.judging.start({ game: 'mayan-judge', board: input }, (data) => {
      const here = this.app?.link();
      if (token !== this.judgeToken || !here || (here !== link && !here.startsWith(`${link}&`))) return;
      if (data.error) {
        this.shell.message(data.error, true);
        return;
      }
      this.judged = { link, output: data.output };
      if (this.editing || this.app.moves() > 0) {
        // The player has moved on (an edit, moves): Show solution brings the answer.
        this.shell.message('The judge has answered: Show solution shows what it prints for this input.');
        return;
      }
      this.applySolution(data.output.trimEnd().split('\n'), data.output);
      this.shell.message('The judge has answered: the log shows what it prints for this input.');
    });
  }

  /**
   * A move that ends the level, while it plays out: the status message out of
   * sight, the score line as it was before (`lineBefore`); `held` is what
   * comes at the end — the line after the move and the Level list's ✓ (`tick`).
   */
  holdResult(held, lineBefore) {
    this.held = held;
    document.getElementById('message')?.classList.add('held');
    if (lineBefore) this.showLine(...lineBefore);
  }

  /**
   * Shows what a move that ended the level held back (its animation ended or
   * was finished; or dropped — another position opened, the game left — when
   * the ✓ is still due, as the level was solved).
   */
  releaseResult() {
    document.getElementById('message')?.classList.remove('held');
    const held = this.held;
    this.held = null;
    if (!held || !this.root) return;
    if (held.line) this.showLine(...held.line);
    held.tick?.();
  }

  stopActivities() {
    super.stopActivities();
    this.releaseResult();
    this.judging?.stop();
    this.judgeToken = (this.judgeToken ?? 0) + 1;
  }

  // ---- after every change ------------------------------------------------

  changed({ fresh = false, animate = false } = {}) {
    const app = this.app;
    this.tickLevel = null;
    this.hintMove = null;
    this.editing = null;
    this.canvas.setAttribute('aria-label', PLAY_LABEL);
    if (this.selected && !app.cells()[this.selected.y * W + this.selected.x]) this.selected = null;
    const over = app.isOver();
    const level = app.levelNumber();
    const lv = level ? `Level ${level} · ` : '';
    this.showLine(`${lv}Moves left: ${app.movesLeft()} of ${app.n()} · Blocks ${app.blocks()}`, `${lv}Moves ${app.movesLeft()}/${app.n()} · Blocks ${app.blocks()}`);
    this.ref('moves-log').textContent = app.log();
    this.markSolution();
    // A Step's reason while the board is where it took it (else none).
    this.ref('why').textContent = this.reasonHere();
    this.ref('rescue').hidden = true;
    this.updateButtons();
    this.showOverlay(over);
    let said = '';
    let result = null;
    if (over) {
      this.autoplay.stop();
      let text = app.overText();
      // Cleared too early on a board no way of exactly n moves clears (a board of a link's or the editor's): "find a
      // longer way" would send the player after none.
      if (!app.solved() && app.blocks() === 0) {
        const start = `${level}:${app.n()}:${app.link().replace(/&moves=.*$/, '')}`;
        if (this.countFor !== start) {
          this.countFor = start;
          this.count = app.countSolutions();
        }
        if (this.count === 0) text = `Cleared in ${plural(app.moves(), 'move')}, but no way of exactly ${plural(app.n(), 'move')} clears this board (the judge's answer is -1): there is no longer way to find.`;
      }
      if (app.solved()) {
        const helped = this.helped();
        const ticked = solvedLevels().has(level);
        if (level && !helped) {
          const solved = solvedLevels();
          solved.add(level);
          solvedHere.add(level);
          save('mayan.solved', [...solved].sort((a, b) => a - b));
          // Shown in the Level list at once, or (a move being animated) with the result at its end.
          this.tickLevel = () => {
            this.fillLevels();
            // (Still that level's board: a ✓ due after another position opened leaves the list's choice alone.)
            if (this.app?.levelNumber() === level) this.ref('level').value = String(level);
          };
          if (!animate) {
            this.tickLevel();
            this.tickLevel = null;
          }
        }
        const start = `${level}:${app.n()}:${app.link().replace(/&moves=.*$/, '')}`;
        if (this.countFor !== start) {
          this.countFor = start;
          this.count = app.countSolutions();
        }
        const count = this.count;
        if (count > 0) text += ` This level has ${plural(count, 'solution')} of exactly ${plural(app.n(), 'move')}.`;
        if (level && helped && !ticked) text += ' Not ticked as solved: a move here was Step\'s, Play\'s, a hint\'s, the solution\'s or a link\'s.';
        // The last level has no Next level: say why, and how many of the set are ticked.
        const last = this.bindings.MayanApp.levelCount();
        if (level === last) {
          const ticked = solvedLevels();
          const ticks = [...ticked].filter((l) => l >= 1 && l <= last).length;
          const where = document.documentElement.classList.contains('embed') ? '' : ' (the Level list marks them ✓)';
          text += ` That was the last level: ${ticks === last ? `all ${last} are solved` : `${ticks} of ${last} are solved${where}`}.`;
        }
      }
      this.ref('overlay-text').textContent = text;
      this.ref('overlay-next').hidden = !(app.solved() && level && level < this.bindings.MayanApp.levelCount());
      this.ref('overlay-undo').disabled = app.moves() === 0;
      this.fitOverlay();
      // Written after the move is said (below): two polite regions changed in one task are read in the order
      // they changed, and the result came before the move.
      result = [text, !app.solved()];
      said = text;
    }
    if (fresh && over) {
      // Opened over (a link with its moves, a reload): the level, then its result — not its last move, as if just played.
      this.shell.announce(`${level ? `Level ${level}` : 'Mayan puzzle'}, opened with ${plural(app.moves(), 'move')} made. ${said}`);
    } else if (!fresh) {
      const last = app.log().trimEnd().split('\n').at(-1);
      const what = this.undid
        ? `Undid ${plural(this.undid, 'move')}${last ? '' : ': back at the start'}.`
        : last ? `Move ${app.moves()}: ${spokenMove(last)}${this.stepWhat ? `, by Step: ${this.stepWhat}` : ''}.` : 'Back at the start.';
      // A move says what vanished, in how many chain links, and the blocks left (redone, too: the stages are the
      // history's), so that a screen reader's picture of the board follows its falls and chains.
      let board = '';
      if (!this.undid && last) {
        const vanished = decodeSteps(Array.from(app.steps())).filter((s) => s.kind === 2);
        const gone = vanished.reduce((n, s) => n + s.gone.length, 0);
        const blocks = Array.from(app.cells()).filter((c) => c > 0).length;
        const chains = vanished.length > 1 ? ` in ${vanished.length} chain links` : '';
        board = ` ${gone ? `${plural(gone, 'block')} vanished${chains}; ` : ''}${plural(blocks, 'block')} left.`;
      }
      said = `${what}${board} ${plural(app.movesLeft(), 'move')} left. ${said}`.trim();
      this.shell.announce(said);
    }
    if (result) this.shell.message(...result);
    this.addressChanged();
    this.refreshReadout();
    this.draw();
  }

  setButtons() {
    const app = this.app;
    if (!app || !this.root) return;
    const over = app.isOver();
    this.ref('undo').disabled = app.moves() === 0;
    this.ref('redo').disabled = !app.canRedo();
    this.ref('hint').disabled = over;
    const sel = this.selected;
    this.ref('left').disabled = !sel || over || !app.isMove(sel.x, sel.y, -1);
    this.ref('right').disabled = !sel || over || !app.isMove(sel.x, sel.y, 1);
    this.ref('step').disabled = over;
    this.ref('play').disabled = this.autoplay.running || over;
    this.ref('pause').disabled = !this.autoplay.running;
    const level = app.levelNumber();
    this.ref('next-level').disabled = level === 0 || level >= this.bindings.MayanApp.levelCount();
  }

  refreshReadout() {
    const cell = this.selected ?? (this.showCursor && document.activeElement === this.canvas ? this.cursor : null);
    const readout = this.ref('readout');
    if (!cell) {
      if (this.editing) {
        // Editing: a click drops or erases, it does not move.
        const press = TOUCH.matches ? 'tap' : 'click';
        readout.textContent = this.ref('ed-erase').checked
          ? `Erasing: ${press} a block, or press Enter on the board, to take it out (the blocks above fall).`
          : `Editing: ${press} a column, or press Enter on the board, to drop a block of the chosen colour.`;
        return;
      }
      readout.textContent = this.selected === null && !this.app.isOver() ? `Drag a block left or right, or ${TOUCH.matches ? 'tap' : 'click'} it and use Move left / Move right.` : '';
      return;
    }
    // While editing: the board being edited.
    const c = (this.editing ? this.editingCells() : this.app.cells())[cell.y * W + cell.x];
    readout.textContent = c
      ? `(${cell.x}, ${cell.y}): colour ${c}${this.selected ? ' — selected' : ''}`
      : `(${cell.x}, ${cell.y}): empty`;
  }

  // ---- input ---------------------------------------------------------------

  cellAt(event) {
    const c = this.cellUnder(event);
    return c && { x: c.col, y: c.row };
  }

  select(cell) {
    const c = cell && this.app.cells()[cell.y * W + cell.x];
    const was = this.selected;
    this.selected = c ? cell : null;
    this.updateButtons();
    this.refreshReadout();
    this.draw();
    // A block picked is the player's next action: what the status said of the last one (nothing to redo) goes, as a
    // 连连看 tile picked clears it — not a finished level's result, which stays in view.
    if (this.selected && !this.app.isOver()) this.shell.message('');
    // Said, not only shown: a screen reader hears what Move left / Move right will drag.
    if (this.selected) this.shell.announce(`Selected the block of colour ${c} at (${cell.x}, ${cell.y}): ${this.app.isOver() ? 'the level is over, so it cannot be dragged' : 'Move left or Move right drags it'}.`);
    else if (was) this.shell.announce('No block selected.');
  }

  moveSelected(dir) {
    if (this.blockedByEditor()) return;
    const sel = this.selected;
    if (!sel) {
      this.shell.message('Select a block first: click it, or move the cursor onto it.', true);
      return;
    }
    this.act(sel.x, sel.y, dir);
  }

  boardKey(e) {
    if (this.editing && (e.key === 'Enter' || e.key === ' ')) {
      this.editAt({ ...this.cursor });
      return true;
    }
    if (this.editing && e.shiftKey) {
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') this.shell.message(`Editing a board: blocks are not dragged here. To edit, ${editHow()}`, true);
      return true;
    }
    const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      const dir = e.key === 'ArrowLeft' ? -1 : 1;
      this.showCursor = true;
      // Over: said as S, A, H and Enter say it (a drag by keys was silent).
      if (this.app.isOver()) {
        this.shell.announce(this.overHelp());
        this.draw();
        return true;
      }
      const { x, y } = this.cursor;
      // The cursor goes with the block: to the next column, and down as far as it falls there.
      const cells = this.app.cells();
      const to = Math.min(W - 1, Math.max(0, x + dir));
      let lands = y;
      if (!cells[y * W + to]) for (lands = 0; lands < y && cells[lands * W + to]; lands++);
      if (this.act(x, y, dir)) this.cursor = { x: to, y: lands };
      this.refreshReadout();
      this.draw();
      return true;
    }
    if (arrows[e.key]) {
      const [dx, dy] = arrows[e.key];
      this.showCursor = true;
      this.selected = null;
      // Why the last drag was no move: about a cell the cursor leaves.
      if (this.noDrag && document.getElementById('message')?.textContent === this.noDrag) this.shell.message('');
      this.noDrag = null;
      this.cursor = { x: Math.min(W - 1, Math.max(0, this.cursor.x + dx)), y: Math.min(H - 1, Math.max(0, this.cursor.y + dy)) };
      this.updateButtons();
      this.refreshReadout();
      this.draw();
      this.shell.announce(this.ref('readout').textContent);
      return true;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      const { x, y } = this.cursor;
      this.select({ x, y });
      // Nothing to select there: said (a click there just lets a selected block go).
      // Once the level is over an empty cell says that (the result stays in the status line), not nothing.
      if (!this.app.cells()[y * W + x]) {
        if (!this.app.isOver()) this.shell.message(`(${x}, ${y}) is empty: no block to select.`);
        else if (!this.editing) this.shell.announce(this.overHelp());
      }
      return true;
    }
    return false;
  }

  bind() {
    const c = this.canvas;
    // Fingers on the board: a touch of two or more (a pinch to zoom) is no drag, until all are lifted.
    const down = new Set();
    let pinched = false;
    const lifted = (e) => {
      down.delete(e.pointerId);
      if (!down.size) pinched = false;
    };
    c.addEventListener('pointerdown', (e) => {
      down.add(e.pointerId);
      if (down.size > 1) {
        this.drag = null;
        pinched = true;
        return;
      }
      const cell = this.cellAt(e);
      if (!cell) return;
      this.drag = { cell, x: e.clientX, pointer: e.pointerId };
      try {
        c.setPointerCapture(e.pointerId);
      } catch {
        /* synthetic events have no capture */
      }
    });
    // The block drawn under the pointer goes back to its cell when the drag ends.
    const dropShift = () => {
      if (!this.dragShift) return;
      this.dragShift = null;
      this.draw();
    };
    c.addEventListener('pointermove', (e) => {
      const d = this.drag;
      if (!d || pinched || e.pointerId !== d.pointer || this.editing || this.animator.running) return;
      const s = this.geom.s;
      const dx = Math.max(-s, Math.min(s, e.clientX - d.x));
      if (!this.dragShift && Math.abs(dx) < s * 0.15) return;
      this.dragShift = { ...d.cell, dx };
      this.draw();
    });
    c.addEventListener('pointerup', (e) => {
      const d = this.drag;
      const pinch = pinched;
      lifted(e);
      dropShift();
      if (!d || pinch || e.pointerId !== d.pointer) return;
      this.drag = null;
      if (this.editing) {
        this.editAt(d.cell);
        return;
      }
      const dx = e.clientX - d.x;
      this.showCursor = false;
      if (Math.abs(dx) >= this.geom.s * DRAG_MOVE) {
        this.cursor = { ...d.cell };
        const moved = this.act(d.cell.x, d.cell.y, dx > 0 ? 1 : -1);
        // A move takes a block one column: a longer drag is said to have
        // made one (unless the level is over: its result is what is said).
        if (moved && !this.app.isOver() && Math.abs(dx) >= this.geom.s * 1.5) this.shell.message(`A move is one column: the block at (${d.cell.x}, ${d.cell.y}) went one ${dx > 0 ? 'right' : 'left'}. Drag again for the next.`);
      } else {
        this.animator.finish();
        this.cursor = { ...d.cell };
        const same = this.selected && this.selected.x === d.cell.x && this.selected.y === d.cell.y;
        this.select(same ? null : d.cell);
      }
    });
    c.addEventListener('pointercancel', (e) => {
      lifted(e);
      this.drag = null;
      dropShift();
    });
    const on = (name, event, f) => this.ref(name).addEventListener(event, f);
    actOnChoice(this.ref('level'), () => {
      const k = Number(this.ref('level').value);
      if (k >= 1) {
        this.shell.message('');
        this.leave();
        this.app.newGame(k);
        this.opened();
      }
    }, (t) => this.shell.message(t), 'Level');
    on('next-level', 'click', () => this.nextLevel());
    // On a phone the board leaves room for the panel's Step / Play when it is open.
    on('solution-box', 'toggle', () => this.resize());
    on('overlay-next', 'click', () => this.nextLevel());
    on('undo', 'click', () => this.undo());
    on('overlay-undo', 'click', () => this.undo());
    on('redo', 'click', () => this.redo());
    on('restart', 'click', () => this.restart());
    on('hint', 'click', () => this.hint());
    on('left', 'click', () => this.moveSelected(-1));
    on('right', 'click', () => this.moveSelected(1));
    on('undo-to-solvable', 'click', () => this.undoToSolvable());
    on('show-solution', 'click', () => this.showSolution());
    on('ed-start', 'click', () => {
      // Pressed while editing another board: that edit is replaced, and that is said.
      const was = this.editing ? JSON.stringify(this.editing) : null;
      this.startEditing();
      if (was !== null && was !== JSON.stringify(this.editing)) {
        const level = this.app.levelNumber();
        const text = `Editing the game's board again (${level ? `level ${level}` : 'the board played'}, as it stands): the board you were editing was replaced.`;
        this.ref('ed-result').textContent = text;
        this.shell.announce(text);
      } else this.shell.announce(`Editing this board: ${editHow()}`);
    });
    on('ed-clear', 'click', () => {
      this.startEditing(true);
      this.shell.announce(`Editing an empty board: ${editHow()}`);
    });
    on('ed-check', 'click', () => this.check());
    on('ed-erase', 'change', () => this.refreshReadout());
    on('ed-color', 'input', () => this.paintSwatch());
    on('ed-n', 'input', () => {
      if (!this.editing) return;
      this.editChanged();
      this.shell.linkChanged();
    });
    on('ed-play', 'click', () => this.playEdited());
    on('noip-load', 'click', () => this.loadNoip());
    on('step', 'click', () => this.step());
    on('play', 'click', () => this.play());
    on('pause', 'click', () => this.pause());
    on('speed', 'input', () => {
      this.showSpeed();
      save('mayan.speed', this.speed());
    });
  }

  // ---- sizing ------------------------------------------------------------

  /** The base's room under the board, and the step controls' when their panel sits under it (counted by the base in present mode stacked). */
  reserveBelow() {
    return super.reserveBelow() + (this.stackedRoom() > 0 ? 0 : this.stepRoom());
  }

  /**
   * In one column (a phone) the solution's panel comes under the board:
   * the room its heading and Step / Play need, so that the board leaves
   * them in view (0 when the panel sits beside the board).
   */
  stepRoom() {
    const panel = this.ref('solution-box');
    const wrap = this.ref('wrap');
    if (!panel || panel.offsetParent === null) return 0;
    const box = panel.getBoundingClientRect();
    const board = wrap.getBoundingClientRect();
    const top = box.top;
    // Beside the board (a side column whose lines reach below the board's bottom) is not under it.
    if (top < board.bottom - 1 || box.left >= board.right - 1 || box.right <= board.left + 1) return 0;
    const controls = panel.open ? panel.querySelector('.toolbar') : panel.querySelector('summary');
    const css = getComputedStyle(panel);
    return controls.getBoundingClientRect().bottom - top + parseFloat(css.marginTop) + 8;
  }

  layBoard() {
    if (!this.root || !this.app) return;
    this.fit.mark();
    const present = document.body.classList.contains('present');
    // In present mode on a small phone the board keeps a fingertip's cells, its lines a scroll away (boardSpace).
    let geom = fitBoard(this.ref('wrap'), W, H, this.reserveBelow(), 16, false, present ? FINGER_CELL : 0);
    // Out of present mode the player's board comes first: the solution's
    // Step and Play under it (a phone) stay in view only while the cells
    // keep a fingertip's width; on a short phone they are a scroll away.
    if (!present && geom.s < FINGER_CELL && this.stepRoom() > 0) geom = fitBoard(this.ref('wrap'), W, H, super.reserveBelow(), 16);
    // Cells of 96 px at most, except in present mode (the back of the room).
    const cap = present ? 160 : 96;
    const cell = Math.min(geom.s, cap);
    const wide = Math.min(geom.wide.s, cap);
    this.wantedBoardHeight = H * wide + (geom.wide.bottom ? Math.ceil(wide * 0.8) : 0);
    this.geom = { s: cell, left: geom.left ? Math.ceil(cell * 1.1) : 0, bottom: geom.bottom ? Math.ceil(cell * 0.8) : 0 };
    const { s, left, bottom } = this.geom;
    this.placeOverlay();
    sizeCanvas(this.canvas, left + W * s, H * s + bottom);
    this.fitOverlay();
    this.draw();
  }
}
