// 连连看 (Lianliankan / Onet) on the page: deals that can always be won,
// pairs joined by paths of at most two turns (drawn), the nine sliding
// variants (animated), hints and the winnability verdict from the exact
// solver, shuffles, a timer with best times, the turn-limited search as a
// picture for class, and the path query tool (mahjong / POJ 1101). Every
// rule comes from the engine's LianliankanApp and PathQueries; this module
// turns input into engine calls and draws what the engine says.
//
// Cells are (x, y): x the column from the left, y the row from the TOP,
// 0-based (as the path-connect problems count); the board is drawn with
// its one-cell ring around it, where paths may run.
import { actOnChoice } from '../core/keys.js';
import { BoardGame, boardMarkup, plural, NOTHING_TO_UNDO, NOTHING_TO_REDO } from '../core/game.js';
import { sizeCanvas, boardSpace, sameWindow, windowNow, TOUCH } from '../core/canvas.js';
import { reducedMotion } from '../core/animation.js';
import { stats, record } from '../core/stats.js';
import { load, save } from '../core/storage.js';
import { colors, lianliankanColorNames } from '../core/settings.js';
import { setLog, echoWhileHidden, forgetEcho } from '../core/announce.js';

export const PRESETS = {
  small: { w: 8, h: 6, kinds: 12, label: 'Small (8 × 6, 12 kinds)' },
  classic: { w: 16, h: 9, kinds: 36, label: 'Classic (16 × 9, 36 kinds)' },
  large: { w: 24, h: 12, kinds: 48, label: 'Large (24 × 12, 48 kinds)' },
};

const VARIANTS = [
  ['none', 'None (nothing moves)'],
  ['down', 'Down'],
  ['up', 'Up'],
  ['left', 'Left'],
  ['right', 'Right'],
  ['split-vertical', 'Split vertical (halves apart)'],
  ['split-horizontal', 'Split horizontal (halves apart)'],
  ['gather-vertical', 'Gather vertical (to the middle row)'],
  ['gather-horizontal', 'Gather horizontal (to the middle column)'],
];

// Twelve colours (Okabe–Ito first) × six shapes: each kind has its own
// pair, and its own letter, so no kind depends on colour alone. The shape
// turns with the kind too (kind k: colour k mod 12, shape (k + k div 12)
// mod 6), so a small board of twelve kinds has six shapes, not one.
const SHAPES = ['circle', 'square', 'diamond', 'triangle', 'hexagon', 'star'];
const SELECT = '#1565c0';
const HINT = '#ffd400';
const PAIRS = '#00bcd4';
const PATH = '#e53935';
const SEARCH = '#ff9800';
const LAYER = ['', 'rgba(33,150,243,0.45)', 'rgba(76,175,80,0.40)', 'rgba(255,152,0,0.40)'];
const FLASH_MS = 500;
/** A lost verdict is said this long after the move (which is said at once). */
const VERDICT_SAID_MS = 1000;

/** After an "unknown" verdict the search goes on for this long (ms of searching, in slices of SEARCH_SLICE_MS). */
const SEARCH_ON_MS = 20000;
const SEARCH_SLICE_MS = 8;
/** What Hint says while that search goes on without an answer yet. */
const NOT_YET = 'No winning line found from here yet:';
/** What Hint says of a lost position while the line under the board still looks for the last winnable one. */
const LOOKING_BACK = 'No order of removals clears this board any more: the line under the board is looking for the last winnable position.';
/** Show all pairs names at most this many pairs in words (the rest are counted). */
const PAIRS_SAID = 6;
/** What a shuffle does, as the verdict and the explanations say it. */
const SHUFFLE_SAYS = 'Shuffle rearranges the tiles left into a winnable board (−50 points).';
/** Where a drawn path starts and ends: this far (in cells) from its tiles' centres, on their edges. */
const TILE_EDGE = 0.42;
/** What the Board panel says while the board is drawn turned (see `boardView`). */
const TURNED_NOTE = 'On this screen the board is drawn turned a quarter turn clockwise, to give its tiles more room: column 1 is at the top, row 1 on the right, and the arrow keys move as drawn (→ towards row 1, ↓ towards the last column).';
/** Queries listed in the path query tool's menu (the log has them all). */
const QUERY_MENU = 500;
/** The query board's smallest cell: a larger board scrolls in its box. */
const QUERY_CELL = 10;

// Static markup only: nothing from a link or an input ever goes through it.
const MARKUP = `
<div class="game-main">
  <div class="toolbar primary" role="group" aria-label="Game controls">
    <button type="button" data-ref="new-game" title="A new deal with a new seed (N)">New game</button>
    <button type="button" data-ref="restart" title="The same deal from the start">Restart</button>
    <button type="button" data-ref="undo" title="Undo (Ctrl+Z or U)">Undo</button>
    <button type="button" data-ref="redo" title="Redo (Ctrl+Y or R)">Redo</button>
    <button type="button" data-ref="hint" title="A pair that keeps the game winnable (H)">Hint</button>
    <button type="button" data-ref="shuffle" title="Rearrange the tiles left into a winnable arrangement (X); −50 points">Shuffle</button>
    <button type="button" data-ref="step" title="The next pair of a winning game (S)">Step</button>
    <button type="button" data-ref="play" title="Play a winning game (A)">Play</button>
    <button type="button" data-ref="pause" disabled>Pause</button>
    <label class="speed">Speed <input data-ref="speed" type="range" min="1" max="20" value="3" aria-label="Autoplay speed, moves per second"><span class="speed-value" data-ref="speed-value" aria-hidden="true">3 moves/s</span></label>
  </div>
${boardMarkup('Lianliankan board. Arrow keys move the cursor, Enter or Space picks the tile under it; pick two tiles of the same kind to remove them.', [['overlay-new', 'New game'], ['overlay-undo', 'Undo']])}
  <div class="toolbar" data-ref="rescue"><span data-ref="verdict" class="verdict"></span> <button type="button" data-ref="undo-to-winnable" hidden>Undo to the last winnable position</button></div>
</div>
<div class="game-side">
  <details class="panel" data-ref="settings" open>
    <summary>Board</summary>
    <div class="toolbar" role="group" aria-label="Board">
      <label>Preset
        <select data-ref="preset" data-short>
          <option value="small">${PRESETS.small.label}</option>
          <option value="classic">${PRESETS.classic.label}</option>
          <option value="large">${PRESETS.large.label}</option>
          <option value="custom">Custom</option>
        </select>
      </label>
      <label>Width <input data-ref="width" type="number" min="1" max="32" value="16" data-enter="deal"></label>
      <label>Height <input data-ref="height" type="number" min="1" max="32" value="9" data-enter="deal"></label>
      <label>Kinds <input data-ref="kinds" type="number" min="1" max="62" value="36" data-enter="deal"></label>
      <label>Variant <select data-ref="variant" data-short></select></label>
      <label>Seed <input data-ref="seed" type="number" min="0" value="1" data-enter="deal"></label>
      <button type="button" data-ref="deal">Deal this seed</button>
    </div>
    <p class="note" data-ref="turned-note" hidden></p>
    <p class="note">Score: 10 points a pair, −50 a shuffle. Best times are kept per board size, kinds and variant for games won without help (Hint, Step, Play, Redo, Show all pairs or Show search, Undo to the last winnable position, or moves a link brought).</p>
  </details>
  <details class="panel" data-ref="class-box" open>
    <summary>For class</summary>
    <div class="toolbar" role="group" aria-label="Teaching views">
      <label class="check"><input type="checkbox" data-ref="all-pairs"> Show all pairs</label>
      <label class="check"><input type="checkbox" data-ref="search"> Show search</label>
    </div>
    <p class="note">Show search shades, for the selected tile, the cells a path reaches with 1 segment (blue), 2 (green) and 3 (orange) — the turn-limited maze search — rings the tiles of its kind it reaches and draws the path it found to each.</p>
  </details>
  <details class="panel tool-panel" data-ref="pq-box">
    <summary>Path queries <small>(mahjong and POJ 1101)</small></summary>
    <textarea data-ref="pq-input" rows="8" aria-label="Path queries (mahjong or POJ 1101 input)" spellcheck="false"></textarea>
    <div class="toolbar">
      <button type="button" data-ref="pq-answer">Answer queries</button>
      <label>Query board <select data-ref="pq-board-no" disabled></select></label>
      <label>Query <select data-ref="pq-query" disabled></select></label>
      <button type="button" data-ref="pq-show">Show path</button>
    </div>
    <p data-ref="pq-result" class="ed-result"></p>
    <div class="pq-scroll"><canvas data-ref="pq-canvas" tabindex="0" role="application" aria-roledescription="board" aria-label="Path query board: click two cells, or move with the arrow keys and press Enter or Space on each, to ask for the fewest segments joining them; the ring around it is numbered" hidden></canvas></div>
    <pre class="log" data-ref="pq-log" role="log" aria-label="Judge's output" aria-live="off"></pre>
  </details>
  <details class="panel" data-ref="moves-box">
    <summary>Moves made <small>(x1 y1 x2 y2: columns and rows counted from 1, as the board's edge numbers count them)</small></summary>
    <pre class="log" data-ref="log" role="log" aria-label="Moves made" aria-live="off"></pre>
  </details>
</div>`;

/** A kept clock read back, or null when it is not one (storage is the page's, but checked all the same). */
const clockKept = (v) => (v && typeof v === 'object' && typeof v.link === 'string' && v.timer && typeof v.timer === 'object'
  && Number.isFinite(v.timer.elapsed) && v.timer.elapsed >= 0 && typeof v.timer.assisted === 'boolean'
  ? { link: v.link, timer: { elapsed: v.timer.elapsed, since: 0, assisted: v.timer.assisted }, recorded: v.recorded === true }
  : null);

const clock = (ms) => {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

function shapePath(ctx, shape, cx, cy, r) {
  ctx.beginPath();
  if (shape === 'circle') {
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
  } else if (shape === 'square') {
    ctx.rect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7);
  } else if (shape === 'diamond') {
    ctx.moveTo(cx, cy - r);
    ctx.lineTo(cx + r, cy);
    ctx.lineTo(cx, cy + r);
    ctx.lineTo(cx - r, cy);
    ctx.closePath();
  } else if (shape === 'triangle') {
    ctx.moveTo(cx, cy - r);
    ctx.lineTo(cx + r, cy + r * 0.8);
    ctx.lineTo(cx - r, cy + r * 0.8);
    ctx.closePath();
  } else if (shape === 'hexagon') {
    for (let i = 0; i < 6; i++) {
      const a = (Math.PI / 3) * i;
      ctx.lineTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
    }
    ctx.closePath();
  } else {
    for (let i = 0; i < 10; i++) {
      const a = (Math.PI / 5) * i - Math.PI / 2;
      const rr = i % 2 ? r * 0.5 : r;
      ctx.lineTo(cx + rr * Math.cos(a), cy + rr * Math.sin(a));
    }
    ctx.closePath();
  }
}

/** How kind `k` (from 1) is drawn: its colour (and the colour's name) and its shape. */
function kindLook(k) {
  const palette = colors('lianliankan');
  const i = (k - 1) % palette.length;
  return {
    color: palette[i],
    colorName: lianliankanColorNames()[i],
    shape: SHAPES[((k - 1) + Math.floor((k - 1) / palette.length)) % SHAPES.length],
  };
}

/**
 * Kind `k` in words, for a screen reader (which says "C" and "c" alike)
 * and for anyone who cannot tell its colour: "capital C, blue hexagon".
 */
function kindWords(k, letter) {
  const { colorName, shape } = kindLook(k);
  const which = /[A-Z]/.test(letter) ? 'capital' : /[a-z]/.test(letter) ? 'small' : 'digit';
  return `${which} ${letter}, ${colorName} ${shape}`;
}

/** Paints tile kind `k` with its top-left corner at (px, py). */
function paintTile(ctx, px, py, s, k, letter, outline = null) {
  const pad = Math.max(1, s * 0.05);
  ctx.fillStyle = '#f4efe1';
  ctx.strokeStyle = '#8a7f6a';
  ctx.lineWidth = 1;
  ctx.beginPath();
  if (ctx.roundRect) ctx.roundRect(px + pad, py + pad, s - 2 * pad, s - 2 * pad, s * 0.12);
  else ctx.rect(px + pad, py + pad, s - 2 * pad, s - 2 * pad);
  ctx.fill();
  ctx.stroke();
  const { color, shape } = kindLook(k);
  shapePath(ctx, shape, px + s / 2, py + s / 2, s * 0.36);
  ctx.fillStyle = color;
  ctx.fill();
  if (s >= 12) {
    // A monospaced face tells I from l and O from 0 (slashed or dotted).
    ctx.font = `700 ${Math.max(8, Math.floor(s * 0.5))}px ui-monospace, 'DejaVu Sans Mono', 'Menlo', 'Consolas', monospace`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.lineWidth = Math.max(2, s * 0.08);
    ctx.strokeStyle = '#000000';
    // Round joins: a mitred outline grows spikes at sharp corners (M, A, N).
    ctx.lineJoin = 'round';
    ctx.strokeText(letter, px + s / 2, py + s / 2 + 1);
    ctx.lineJoin = 'miter';
    ctx.fillStyle = '#ffffff';
    ctx.fillText(letter, px + s / 2, py + s / 2 + 1);
  }
  if (outline) {
    ctx.lineWidth = Math.max(2, s / 10);
    ctx.strokeStyle = outline.color;
    ctx.setLineDash(outline.dash ? [Math.max(3, s / 6), Math.max(2, s / 10)] : []);
    ctx.strokeRect(px + pad, py + pad, s - 2 * pad, s - 2 * pad);
    ctx.setLineDash([]);
  }
}

/**
 * Writes `text` centred at (x, y) over what is drawn there, ringed in the
 * ring's colour: a path along the ring does not hide the number a class
 * reads the answer from.
 */
function haloText(ctx, text, x, y, maxWidth) {
  ctx.save();
  ctx.lineWidth = 3;
  ctx.lineJoin = 'round';
  ctx.strokeStyle = '#2b2b2b';
  ctx.strokeText(text, x, y, maxWidth);
  ctx.restore();
  ctx.fillText(text, x, y, maxWidth);
}

/**
 * Numbers the columns (1 from the left, in the ring above the board) and
 * the rows (1 from the top, in the ring on its left), as the explanations
 * and the readout count them; drawn after the paths, over them.
 */
function paintRingLabels(ctx, s, w, h, view) {
  // 9 px at least (a Large board on a phone has 12–13 px cells: two digits still fit a cell).
  ctx.fillStyle = s < 20 ? '#d0d0d0' : '#b8b8b8';
  ctx.font = `${Math.max(9, Math.floor(s * 0.36))}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  // Numbers side by side that would run together are given every other one (1, 3, 5, …).
  const every = (n) => (ctx.measureText(String(n)).width > s - 3 ? 2 : 1);
  const label = (text, x, y) => {
    const [px, py] = view(x, y);
    haloText(ctx, text, px + s / 2, py + s / 2);
  };
  // The column numbers run across the screen unless the board is turned (then down its right side).
  for (let x = 0; x < w; x += view.turned ? 1 : every(w)) label(String(x + 1), x, -1);
  for (let y = 0; y < h; y += view.turned ? every(h) : 1) label(String(y + 1), -1, y);
  if (view.turned) {
    // Turned, the numbers across the top are the rows' (not the columns', as a reader would take them): said in the
    // corner where they start, and the columns' in the corner where theirs end.
    label('row', -1, h);
    label('col', w, -1);
  }
}

/**
 * Where a `w` × `h` board's cells are drawn with `s`-pixel cells: a function
 * from a cell (x, y: column and row from the top, −1 and w / h the ring;
 * fractions for tiles on their way) to its top-left corner on the canvas.
 * A **turned** board is drawn a quarter turn clockwise: its column 1 at the
 * top, its row 1 on the right (on a 390 × 844 phone held upright a Classic
 * board's tiles grow from 20 to 26 px). `view.cell(col, row)` takes a canvas cell
 * back to the board's.
 */
function boardView(s, w, h, turned) {
  const view = turned ? (x, y) => [(h - y) * s, (x + 1) * s] : (x, y) => [(x + 1) * s, (y + 1) * s];
  view.turned = turned;
  view.cell = turned ? (col, row) => [row - 1, h - col] : (col, row) => [col - 1, row - 1];
  return view;
}

/** The screens on which the readout and the explanation keep lines of their own (style.css). */
const NARROW = matchMedia('(max-width: 600px)');
/** Tiles a finger can pick (CSS px): on a touch screen the board is not fitted smaller while scrolling gives more (boardSpace). */
const TAP_CELL = 24;
/** Cells smaller than this (CSS px) make a board worth turning when that gives larger ones. */
const TURN_BELOW = 28;
/** How much larger a turned board's cells must be, and (once turned) to stay turned. */
const TURN_GAIN = 1.2;
const TURN_KEEP = 1.1;

/**
 * The cell size and orientation of a `w` × `h` board (with its ring) in a
 * `width` × `height` space: turned when its cells would be under
 * TURN_BELOW px as it stands and turning makes them `gain` times larger (a
 * tall, narrow screen), unless `mayTurn` is false. 12 px at least: a Large
 * board fits a 390 px phone (it scrolls sideways when less is left).
 */
function fitTurned(width, height, w, h, mayTurn, gain = TURN_GAIN, keep = undefined) {
  const size = (cols, rows) => Math.max(12, Math.min(72, Math.floor(width / cols), Math.floor(height / rows)));
  const flat = size(w + 2, h + 2);
  const turned = size(h + 2, w + 2);
  if (keep !== undefined) return keep && mayTurn ? { s: turned, turned: true } : { s: flat, turned: false };
  return mayTurn && flat < TURN_BELOW && turned >= gain * flat ? { s: turned, turned: true } : { s: flat, turned: false };
}

function pairsOf(flat) {
  const out = [];
  for (let i = 0; i + 3 < flat.length; i += 4) out.push([flat[i], flat[i + 1], flat[i + 2], flat[i + 3]]);
  return out;
}

function pointsOf(flat) {
  const out = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
  return out;
}

export class Lianliankan extends BoardGame {
  static id = 'lianliankan';
  static title = 'Lianliankan (连连看)';
  /** Controls kept when the player leaves the game and comes back (BoardGame.controlsKept). */
  static kept = ['pq-input'];
  static app = 'LianliankanApp';

  constructor(shell) {
    super(shell, shell.bindings.LianliankanApp);
    this.cursor = { x: 0, y: 0 };
    this.selected = null;
    this.hintPair = null;
    this.hintPath = null;
    this.flash = null;
    this.timer = { elapsed: 0, since: 0, assisted: false };
    this.verdictToken = 0;
    this.letters = new Map();
    this.view = boardView(this.geom.s, 0, 0, false);
  }

  // ---- the game interface ----------------------------------------------

  mount(root) {
    this.mountMarkup(root, MARKUP, 'lianliankan');
    const variant = this.ref('variant');
    for (const [value, label] of VARIANTS) {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = label;
      variant.append(o);
    }
    // (A reload, or a phone that drops the hidden tab, finds the clock again: keptState, kept by BoardGame.)
    this.onVisibility = () => this.tickTimer(true);
    document.addEventListener('visibilitychange', this.onVisibility);
    this.clockTimer = setInterval(() => this.showScore(), 1000);
  }

  unmount() {
    if (this.root) forgetEcho(this.ref('rescue'));
    document.removeEventListener('visibilitychange', this.onVisibility);
    clearInterval(this.clockTimer);
    clearTimeout(this.flashTimer);
    this.pq?.free();
    this.pq = null;
    super.unmount();
  }

  stopActivities() {
    super.stopActivities();
    this.holdMessage(false);
    // (The verdict's search, going on or not, ends with its token.)
    this.verdictToken++;
    this.searching = false;
    this.lookingBack = false;
    this.rescueUndos = null;
  }

  /** A new Classic deal (or the preset kept in this browser) with `seed`. */
  openDefault(seed) {
    const kept = load('lianliankan.preset', 'classic');
    const p = PRESETS[kept] ?? PRESETS.classic;
    const variant = load('lianliankan.variant', 'none');
    this.deal(p.w, p.h, p.kinds, VARIANTS.some(([v]) => v === variant) ? variant : 'none', seed);
  }

  deal(w, h, kinds, variant, seed) {
    const t0 = performance.now();
    this.leave();
    this.app.newGame(w, h, kinds, variant, seed);
    stats.dealMs = stats.dealMs ?? [];
    record(stats.dealMs, performance.now() - t0);
    this.opened();
  }

  /** Step: the next pair of a winning game. */
  step() {
    this.animator.finish();
    // A press that is no move leaves the game-over result ("Cleared!") in view.
    if (this.app.isWon()) return false;
    this.shell.message('');
    const before = Array.from(this.app.cells());
    const t0 = performance.now();
    const moved = this.app.step();
    record(stats.engineCallMs, performance.now() - t0);
    if (!moved) {
      if (!this.app.isWon()) this.explainNoLine();
      return false;
    }
    this.timer.assisted = true;
    this.startTimer();
    this.selected = null;
    this.afterPair(before);
    if (!this.app.isWon()) {
      // The strategy's reason, for class (it stays in view in present mode).
      const pairs = this.app.tiles() / 2;
      this.explainMove(`Step: the pair of ${this.letter(this.app.lastKind())}${this.pairWhere()} — the next pair of a winning order the solver found from here (${plural(pairs, 'pair')} to go).`);
    }
    return !this.app.isWon();
  }

  restart() {
    this.autoplay.stop();
    this.animator.finish();
    this.shell.message('');
    this.app.restart();
    this.selected = null;
    // The clock starts again with the first pair, as in a new game.
    this.timer = { elapsed: 0, since: 0, assisted: false };
    this.recorded = false;
    this.changed({ fresh: true });
    this.shell.announce(`Restarted: ${plural(this.app.tiles(), 'tile')}.`);
  }

  letterKeys() {
    return {
      u: () => this.undo(),
      r: () => this.redo(),
      h: () => this.hint(),
      s: () => this.step(),
      a: () => this.togglePlay(),
      n: () => this.newGame(),
      x: () => this.doShuffle(),
    };
  }

  /** Where the game stands, for a parent page. */
  summary() {
    const app = this.app;
    return { score: app.score(), movesMade: app.moves(), over: app.isOver(), won: app.isWon() };
  }

  play() {
    if (this.app.isWon()) return;
    this.autoplay.start(() => this.step(), () => this.speed());
  }

  draw() {
    if (!this.app) return;
    // Under reduced motion a pair's path is shown for a moment over the
    // board as it was (the pair still there), then the board as it is.
    this.paint(this.flash ? this.flash.before : Array.from(this.app.cells()));
  }

  /** Under a turned board, where the variant's slides go on the screen (nothing when none slide). */
  variantTurned() {
    return this.app.variant() === 'none' ? '' : ' The variant\'s directions turn with it: down is to the left here, up to the right, left is up and right is down.';
  }

  /** The centre of cell (x, y) (y from the top) in client pixels, for tests and tools. */
  cellCenter(x, y) {
    const r = this.canvas.getBoundingClientRect();
    const { s } = this.geom;
    const [px, py] = this.view(x, y);
    return { x: r.left + px + s / 2, y: r.top + py + s / 2 };
  }

  // ---- opening -----------------------------------------------------------

  /** New game: a new seed, at the size, kinds and variant the settings show (typed there or not), as Same Game's does. */
  newGame() {
    this.seedEdited = false;
    this.ref('seed').value = '';
    this.dealFromSettings();
  }

  dealFromSettings() {
    this.shell.message('');
    const num = (name) => Number(this.ref(name).value);
    const preset = this.ref('preset').value;
    const p = PRESETS[preset];
    // An empty field is said as empty (Number('') would read 0).
    const blank = p ? null : ['width', 'height', 'kinds'].find((name) => this.ref(name).value.trim() === '');
    if (blank) {
      this.shell.message(`This board cannot be dealt: ${blank[0].toUpperCase()}${blank.slice(1)} is empty (a whole number is needed).`, true);
      return;
    }
    const w = p ? p.w : num('width');
    const h = p ? p.h : num('height');
    const kinds = p ? p.kinds : num('kinds');
    const seedText = this.ref('seed').value.trim();
    const seed = seedText === '' ? this.shell.freshSeed() : Number(seedText);
    if (/^\d+$/.test(seedText) && !Number.isSafeInteger(seed)) {
      // Said as typed: past 2^53 the number read is rounded (99999999999999999999 would be quoted as 1e20's digits).
      this.shell.message(`This board cannot be dealt: seed: ${seedText} is not from 0 to ${Number.MAX_SAFE_INTEGER}`, true);
      return;
    }
    try {
      this.deal(w, h, kinds, this.ref('variant').value, seed);
      save('lianliankan.preset', preset);
      save('lianliankan.variant', this.ref('variant').value);
    } catch (e) {
      this.shell.message(`This board cannot be dealt: ${e.message}`, true);
    }
  }

  /** A position opened: the readout's room (reserveBelow) is measured afresh too, and the board may turn (resize). */
  opened() {
    this.readoutRoom = null;
    this.turnKey = null;
    // The last position's verdict goes before the board is fitted to the new one: a lost verdict's lines (and its
    // rescue button) were measured as this position's, and a New game after a lost one was dealt with smaller tiles
    // (25 → 23 px at 360 × 640) for the whole game.
    if (this.root) this.verdictChecking('');
    super.opened();
  }

  /**
   * The verdict line while the next verdict is worked out, at least `height` tall ('' for none), its rescue
   * button hidden and what the window's foot echoed of the last verdict gone.
   */
  verdictChecking(height) {
    const verdict = this.ref('verdict');
    verdict.style.minHeight = height;
    verdict.textContent = 'Winnable? checking…';
    this.ref('undo-to-winnable').hidden = true;
    this.ref('undo-to-winnable').style.visibility = '';
    forgetEcho(this.ref('rescue'));
  }

  afterOpen() {
    this.reasons.clear();
    this.autoplay.stop();
    this.animator.cancel();
    this.holdMessage(false);
    this.selected = null;
    this.hintPair = null;
    this.hintPath = null;
    this.flash = null;
    // A link that brings moves made is not a game played here: no best time.
    // Back from another game to the position left, or after a reload of the
    // tab: its clock, which stood still meanwhile.
    const back = clockKept(this.restoreKept());
    if (back && back.link === this.app.link()) {
      const running = this.app.moves() > 0 && !this.app.isWon() && !document.hidden;
      this.timer = { ...back.timer, since: running ? performance.now() : 0 };
      this.recorded = back.recorded;
    } else {
      this.timer = { elapsed: 0, since: 0, assisted: this.app.moves() > 0 };
      this.recorded = false;
    }
    // A link that opens the board cleared: no game was timed here.
    this.openedWon = this.app.isWon();
    const w = this.app.width();
    const h = this.app.height();
    this.cursor = { x: 0, y: 0 };
    const preset = Object.entries(PRESETS).find(([, p]) => p.w === w && p.h === h && p.kinds === this.app.kinds());
    this.ref('preset').value = preset ? preset[0] : 'custom';
    this.ref('width').value = String(w);
    this.ref('height').value = String(h);
    this.ref('kinds').value = String(this.app.kinds());
    this.ref('variant').value = this.app.variant();
    const seed = this.app.seed();
    this.ref('seed').value = seed >= 0 ? String(seed) : '';
    this.seedEdited = false;
    this.changed({ fresh: true });
    this.resize();
    const variant = this.ref('variant').selectedOptions[0]?.textContent ?? this.app.variant();
    const made = this.app.moves();
    // A link with moves made opens a game under way, not a new board.
    this.shell.announce(made
      ? `A game under way: ${w} × ${h}, ${plural(made, 'move')} made, ${plural(this.app.tiles(), 'tile')} left, variant ${variant}.`
      : `New board: ${w} × ${h}, ${plural(this.app.tiles(), 'tile')}, variant ${variant}.`);
  }

  // ---- moves ---------------------------------------------------------------

  letter(k) {
    if (!this.letters.has(k)) this.letters.set(k, this.bindings.LianliankanApp.letter(k));
    return this.letters.get(k);
  }

  /** Kind `k`'s letter and, in brackets, the letter's case, the colour and the shape: "C (capital C, blue hexagon)". */
  kindText(k) {
    const letter = this.letter(k);
    return `${letter} (${kindWords(k, letter)})`;
  }

  /** A cell in words, as the readout and a screen reader give it: "column 3, row 2: tile C (capital C, blue hexagon)". */
  cellText(x, y) {
    const k = this.app.cells()[y * this.app.width() + x];
    const text = this.app.describeCell(x, y);
    return k ? `${text} (${kindWords(k, this.letter(k))})` : text;
  }

  /** A click or Enter on cell (x, y). */
  pick(cell) {
    this.animator.finish();
    this.clearFlash();
    if (this.app.isWon()) return;
    this.shell.message('');
    const cells = this.app.cells();
    const w = this.app.width();
    const k = cells[cell.y * w + cell.x];
    if (!k) {
      this.selected = null;
      this.refreshReadout();
      this.draw();
      return;
    }
    const sel = this.selected;
    if (!sel) {
      this.select(cell);
      return;
    }
    if (sel.x === cell.x && sel.y === cell.y) {
      this.select(null);
      return;
    }
    const before = Array.from(cells);
    const t0 = performance.now();
    const path = this.app.tryPair(sel.x, sel.y, cell.x, cell.y);
    record(stats.engineCallMs, performance.now() - t0);
    if (!path) {
      const why = this.app.pairProblem(sel.x, sel.y, cell.x, cell.y);
      this.shell.message(`Not a pair: ${why}.`, true);
      this.select(cell);
      return;
    }
    this.startTimer();
    this.selected = null;
    this.afterPair(before);
  }

  select(cell) {
    const was = this.selected;
    this.selected = cell;
    this.explainSearch();
    this.refreshReadout();
    this.draw();
    // With Show search on, what the picture shows is said too.
    const search = this.ref('search').checked ? ` ${this.ref('why').textContent}` : '';
    if (cell) this.shell.announce(`Selected ${this.cellText(cell.x, cell.y)}.${search}`);
    else if (was) this.shell.announce('Deselected.');
  }

  /** With Show search on: what the picture shows for the selected tile. */
  explainSearch() {
    if (!this.ref('search').checked) return;
    const sel = this.selected;
    if (!sel) {
      this.ref('why').textContent = 'Show search: select a tile to see the cells its paths reach.';
      return;
    }
    const w = this.app.width();
    const h = this.app.height();
    const reach = this.app.reach(sel.x, sel.y);
    const found = [];
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (reach[(y + 1) * (w + 2) + x + 1] >= 5) found.push(`column ${x + 1}, row ${y + 1}`);
    const kind = this.app.cells()[sel.y * w + sel.x];
    const k = this.letter(kind);
    // (A tile with tiles on its four sides reaches no cell: nothing is shaded, and the words say so.)
    const shaded = reach.some((v) => v >= 1 && v <= 3);
    const layers = shaded ? 'cells reached with 1 segment (blue), 2 (green) and 3 (orange)' : 'no cell reached, as every side of it is a tile';
    this.ref('why').textContent = `Show search from column ${sel.x + 1}, row ${sel.y + 1}: ${layers}; ${found.length === 0 ? `no other ${k} is reached` : `${plural(found.length, `tile ${k}`)} reached (${this.kindText(kind)}: ${found.join('; ')}), each with the path found (orange)`}.`;
  }

  /** Animates the pair just removed (its path, then the slides) and updates the page. */
  afterPair(before) {
    this.forgetReason();
    const path = pointsOf(Array.from(this.app.lastPath()));
    const slides = pairsOf(Array.from(this.app.lastSlides()));
    this.changed({ animate: true });
    // The box (a win, or a game lost for good) waits for the last pair's path to be drawn, or shown without motion
    // (as Mayan's waits for its chains): over it, the path showed dimmed, and a quick second tap landed on New game
    // or Undo.
    const overlay = this.ref('overlay');
    const boxed = !overlay.hidden;
    overlay.hidden = true;
    // So does the result in the status message (out of sight, not out of the accessibility tree, as Mayan's), which
    // an echo at the window's foot would have said beside the box.
    if (boxed) this.holdMessage(true);
    if (reducedMotion()) {
      this.showFlash(path, before, boxed);
      return;
    }
    const total = Math.min(450, 1400 / this.speed());
    const after = Array.from(this.app.cells());
    const split = slides.length ? 0.55 : 1;
    this.animator.start(
      total,
      (t) => {
        if (t < split) this.paint(before, { path, u: t / split });
        else this.paint(after, { slides, before, u: (t - split) / (1 - split) });
      },
      () => {
        if (boxed) this.boxAgain();
        this.draw();
      },
    );
  }

  /** The status message out of sight (`held`) while the result waits, or back. */
  holdMessage(held) {
    document.getElementById('message')?.classList.toggle('held', held);
  }

  /** Shows the result's box (and the status message) held back while the last pair's path was drawn, if the game is still over. */
  boxAgain() {
    this.holdMessage(false);
    if (this.app && (this.app.isWon() || (this.app.isStuck() && this.shufflesLeft() === 0))) {
      this.ref('overlay').hidden = false;
      this.fitOverlay();
    }
  }

  /**
   * Shows `path` for a moment (without motion) over the board as it was
   * (`before`: the pair joined, nothing slid yet); then the board as it is.
   */
  showFlash(path, before, boxed = false) {
    clearTimeout(this.flashTimer);
    this.flash = { path, before, boxed };
    this.draw();
    this.flashTimer = setTimeout(() => this.clearFlash(), FLASH_MS);
  }

  clearFlash() {
    if (!this.flash) return;
    clearTimeout(this.flashTimer);
    const { boxed } = this.flash;
    this.flash = null;
    if (boxed) this.boxAgain();
    this.draw();
  }

  undo() {
    // Undo during Play pauses it (else the pair undone would be played again at once).
    this.autoplay.stop();
    this.animator.finish();
    this.clearFlash();
    this.shell.message('');
    if (this.app.undo()) {
      this.selected = null;
      this.changedByUndo(1);
      // Undone from "Cleared!": the game goes on, and so does its clock.
      this.tickTimer(true);
    } else this.shell.message(NOTHING_TO_UNDO);
  }

  redo() {
    this.animator.finish();
    this.clearFlash();
    this.shell.message('');
    if (this.app.redo()) {
      // Replayed moves are not played: no best time for this game (after
      // Restart, Redo to the end would otherwise be a 00:00 win).
      this.timer.assisted = true;
      this.selected = null;
      this.changed();
    } else this.shell.message(NOTHING_TO_REDO);
  }

  hint() {
    this.animator.finish();
    if (this.app.isWon()) return;
    this.shell.message('');
    const h = this.app.hint();
    if (!h) {
      this.explainNoLine();
      return;
    }
    // A hint's pair is not the player's find: no best time for this game (as KShisen).
    this.timer.assisted = true;
    this.hintPair = Array.from(h);
    this.hintPath = pointsOf(Array.from(this.app.hintPath()));
    const [x1, y1, x2, y2] = this.hintPair;
    // (Named by their kind, as Step names its pair.)
    const kind = this.app.cells()[y1 * this.app.width() + x1];
    this.ref('why').textContent = `Hint: the pair of ${this.kindText(kind)} at column ${x1 + 1}, row ${y1 + 1} and column ${x2 + 1}, row ${y2 + 1} — removing them keeps the game winnable.`;
    this.shell.announce(this.ref('why').textContent);
    this.draw();
  }

  explainNoLine() {
    const v = this.app.winnable();
    // While the verdict's search goes on, Hint has a pair as soon as it finds a winning order.
    let text = this.searching
      ? `${NOT_YET} the search goes on (the line under the board counts its seconds); Show all pairs lists the pairs that join.`
      : `The search found no winning line from here in its ${SEARCH_ON_MS / 1000} s; Show all pairs lists the pairs that join.`;
    // Where Undo leads, when known or found in a slice (the line under the board looks for it, else).
    const undos = v === 'no' ? (this.rescueUndos ?? this.app.searchBack(SEARCH_SLICE_MS)) : null;
    if (v === 'no' && undos === undefined) text = LOOKING_BACK;
    else if (v === 'no') {
      // What the verdict offers: Undo only when a winnable position lies behind (not at a game's start).
      const back = this.app.moves() > 0 && undos > 0;
      const shuffle = this.shufflesLeft() > 0 ? ` ${SHUFFLE_SAYS}` : '';
      text = back
        ? `No order of removals clears this board any more: undo to the last winnable position${shuffle ? ', or Shuffle into a winnable board (−50 points)' : ''}.`
        : this.app.moves() === 0
          ? `No order of removals clears this board, and it is where this game starts.${shuffle || ' New game deals a winnable board.'}`
          : `No order of removals clears this board any more, and the search found no winnable position among the last moves (undo walks back).${shuffle}`;
    }
    this.ref('why').textContent = text;
    this.shell.message(text, v === 'no');
  }

  /** Highlights Shuffle when it is the way on: no pair joins, or the verdict says lost, and a shuffle is left. */
  offerShuffle() {
    if (!this.app || !this.root) return;
    this.ref('shuffle').classList.toggle('offer', (this.app.isStuck() || Boolean(this.verdictLost)) && this.shufflesLeft() > 0);
  }

  shufflesLeft() {
    return Math.max(0, this.bindings.LianliankanApp.maxShuffles() - this.app.shuffles());
  }

  doShuffle() {
    this.animator.finish();
    if (this.app.isWon()) {
      // X once the board is cleared (the button is disabled then): said, not silent.
      this.shell.announce('The board is cleared: nothing to shuffle. Undo (U) to play on, or N for a new game.');
      return;
    }
    this.shell.message('');
    try {
      this.app.shuffle();
    } catch (e) {
      // The engine's reason as a sentence ("No shuffle is left: a game allows 10.").
      this.shell.message(`${e.message.charAt(0).toUpperCase()}${e.message.slice(1).replace(/\.?$/, '.')}`, true);
      return;
    }
    this.selected = null;
    // A shuffle is a move of the game (counted, in the address): the clock starts with it too (no pair was found
    // with a teaching view: not a help).
    this.startTimer(false);
    this.shell.message(`Shuffled into a winnable arrangement (−50 points; ${plural(this.shufflesLeft(), 'shuffle')} left).`);
    this.changed({ told: true });
  }

  undoToWinnable() {
    this.animator.finish();
    // The button hides itself: the keyboard stays in the game, on the board.
    const button = this.ref('undo-to-winnable');
    const focused = document.activeElement === button;
    const k = this.rescueUndos ?? this.app.undosToWinnable();
    for (let i = 0; i < k; i++) this.app.undo();
    if (k > 0) {
      // The solver found the way back: no best time; the clock goes on.
      this.timer.assisted = true;
      this.tickTimer(true);
    }
    this.selected = null;
    this.shell.message(k > 0 ? `Undid ${plural(k, 'move')}${this.app.moves() ? '' : ' (back at the start)'}: this position can be won.` : '');
    if (k > 0) this.changedByUndo(k, { told: true });
    else this.changed();
    this.rescuedBeside();
    if (focused) this.handToBoard(button);
  }

  // ---- state shown -----------------------------------------------------------

  /** A pair removed here (`pair`), or a shuffle: the game is played, not only opened, and its clock runs. */
  startTimer(pair = true) {
    this.openedWon = false;
    // Pairs found with a teaching view on (every joinable pair outlined, a tile's reach shaded) are helped.
    if (pair && (this.ref('all-pairs').checked || this.ref('search').checked)) this.timer.assisted = true;
    if (!this.timer.since && !this.app.isWon() && !document.hidden) this.timer.since = performance.now();
  }

  /** Folds the running time in; restarts it unless the page is hidden or the game is won. */
  tickTimer(resume) {
    const t = this.timer;
    if (t.since) {
      t.elapsed += performance.now() - t.since;
      t.since = 0;
    }
    if (resume && !document.hidden && !this.app.isWon() && this.app.moves() > 0) t.since = performance.now();
    this.showScore();
  }

  /** What a player leaving for another game finds again (BoardGame.controlsKept). */
  keptState() {
    return { link: this.app.link(), timer: { elapsed: this.elapsed(), since: 0, assisted: this.timer.assisted }, recorded: this.recorded };
  }

  elapsed() {
    const t = this.timer;
    return t.elapsed + (t.since ? performance.now() - t.since : 0);
  }

  bestKey() {
    return `lianliankan.best.${this.app.width()}x${this.app.height()}x${this.app.kinds()}.${this.app.variant()}`;
  }

  showScore() {
    if (!this.app || !this.root) return;
    const app = this.app;
    const best = load(this.bestKey(), null);
    const bestText = Number.isFinite(best) ? ` · Best ${clock(best)}` : '';
    const time = clock(this.elapsed());
    this.showLine(`Score ${app.score()} · Tiles left ${app.tiles()} · Time ${time}${bestText}`, `Score ${app.score()} · Tiles ${app.tiles()} · ${time}${bestText}`);
  }

  /**
   * After any change: the verdict, the score, the address, the drawing, and
   * what the live region says — `told`: the status message already says
   * what was done (a shuffle, the rescue's undo), so it is not said again.
   */
  changed({ fresh = false, told = false } = {}) {
    const app = this.app;
    this.hintPair = null;
    this.hintPath = null;
    const won = app.isWon();
    const stuck = app.isStuck();
    if (won || app.isOver()) this.tickTimer(false);
    // Counted from 1, as the board's edge labels, the readout and the hints count.
    this.ref('log').textContent = app.log().replace(/\d+/g, (d) => String(Number(d) + 1));
    this.ref('why').textContent = this.reasonHere();
    // Show all pairs keeps its count in words as the outlines change.
    if (!this.ref('why').textContent && this.ref('all-pairs').checked && !won) this.ref('why').textContent = this.pairsText();
    this.updateButtons();
    // A game lost for good (stuck with no shuffle left) gets the box a win gets, with Undo (and Mayan's "No moves
    // left" has one): only the status line said so.
    const lostForGood = stuck && !won && this.shufflesLeft() === 0;
    this.showOverlay(won || lostForGood);
    let said = '';
    if (won) {
      this.autoplay.stop();
      // A board opened cleared (a link with its moves) was not timed: no time is given.
      let text = this.openedWon ? `Cleared! Score ${app.score()}.` : `Cleared! Score ${app.score()} in ${clock(this.elapsed())}.`;
      if (!this.timer.assisted && !this.recorded) {
        this.recorded = true;
        const best = load(this.bestKey(), null);
        if ((!Number.isFinite(best) || this.elapsed() < best) && save(this.bestKey(), Math.round(this.elapsed()))) {
          text += ' A new best time for this board size, number of kinds and variant.';
        }
      } else if (this.timer.assisted && !this.openedWon) {
        // What counts as help is listed in the Board panel: the result, a phone's status line, keeps to two lines.
        text += ' No best time: the game was helped.';
      }
      this.ref('overlay-text').textContent = text;
      this.ref('overlay-undo').disabled = app.moves() === 0;
      this.fitOverlay();
      this.shell.message(text);
      said = text;
    } else if (stuck) {
      const left = this.shufflesLeft();
      const text = left > 0
        ? `No pair can be joined: Shuffle rearranges the tiles left (−50 points; ${plural(left, 'shuffle')} left)${app.moves() ? ', or undo' : ''}.`
        : `${app.overText()} (A game allows ${plural(this.bindings.LianliankanApp.maxShuffles(), 'shuffle')}.) Undo to play on.`;
      if (lostForGood) {
        this.ref('overlay-text').textContent = text;
        this.ref('overlay-undo').disabled = app.moves() === 0;
        this.fitOverlay();
      }
      // Said in the status message only (under the board it was said twice on a phone's screen).
      this.shell.message(text, true);
      said = text;
    }
    if (!fresh || won) {
      const kind = app.lastKind();
      const last = app.log().trimEnd().split('\n').at(-1);
      const what = this.undid
        ? `Undid ${plural(this.undid, 'move')}${last ? '' : ': back at the start'}.`
        : !last ? 'Back at the start.' : kind ? `Removed a pair of ${this.kindText(kind)}${this.pairWhere()}.${this.slidesSaid()}` : 'Shuffled.';
      said = `${told ? '' : what} ${plural(app.tiles(), 'tile')} left. ${said}`.trim();
      this.shell.announce(said);
    }
    this.showScore();
    this.shell.linkChanged();
    this.refreshReadout();
    this.scheduleVerdict();
    this.draw();
  }

  /**
   * What the last pair's removal slid, for the live region (a screen reader's picture of the board was wrong after
   * every move of a sliding variant): " 3 tiles slid: 2 down, 1 left. Under the cursor now: column 1, row 4: tile I
   * (…)." — the cursor's cell said when a tile slid into it or out of it. '' when nothing slid.
   */
  slidesSaid() {
    const slides = pairsOf(Array.from(this.app.lastSlides()));
    if (!slides.length) return '';
    const ways = new Map();
    for (const [fx, fy, tx, ty] of slides) {
      const way = ty > fy ? 'down' : ty < fy ? 'up' : tx < fx ? 'left' : 'right';
      ways.set(way, (ways.get(way) ?? 0) + 1);
    }
    const each = [...ways].map(([way, n]) => `${n} ${way}`).join(', ');
    let text = ` ${plural(slides.length, 'tile')} slid${ways.size > 1 ? `: ${each}` : ` ${[...ways.keys()][0]}`}.`;
    const c = this.cursor;
    if (slides.some(([fx, fy, tx, ty]) => (fx === c.x && fy === c.y) || (tx === c.x && ty === c.y))) {
      text += ` Under the cursor now: ${this.cellText(c.x, c.y)}.`;
    }
    return text;
  }

  /** Where the last pair stood, counted from 1 as the readout counts: " at column 2, row 1 and column 4, row 1" ('' when unknown). */
  pairWhere() {
    const p = Array.from(this.app.lastPath());
    if (p.length < 4) return '';
    const [x1, y1, x2, y2] = [p[0], p[1], p.at(-2), p.at(-1)];
    return ` at column ${x1 + 1}, row ${y1 + 1} and column ${x2 + 1}, row ${y2 + 1}`;
  }

  /** Asks the solver (bounded) whether the position can be won, after the frame is drawn. */
  scheduleVerdict() {
    const token = ++this.verdictToken;
    this.searching = false;
    this.lookingBack = false;
    this.rescueUndos = null;
    // The line keeps its height while the search runs (its answer is about as long as the last one):
    // no jump of the page, nor of an embedding page that sizes its frame from the height event.
    this.verdictChecking(`${this.ref('verdict').offsetHeight}px`);
    this.verdictLost = false;
    this.offerShuffle();
    setTimeout(() => {
      if (token !== this.verdictToken || !this.app) return;
      const t0 = performance.now();
      const v = this.app.winnable();
      stats.verdictMs = stats.verdictMs ?? [];
      record(stats.verdictMs, performance.now() - t0);
      this.showVerdict(v, token);
      if (v === 'unknown') this.searchOn(token);
    }, 0);
  }

  /**
   * Runs `step(end)` as message tasks while `token` is the verdict's, `this[flag]` true meanwhile; paused while
   * the page is hidden. `step` returns true to go on; `end()` stops the slices (the flag false). Each slice is a
   * task of its own (a message: nested timeouts wait at least 4 ms each), after the input and drawing waiting
   * for their turn; any change of the position ends it (a new token).
   */
  inSlices(token, flag, step) {
    this[flag] = true;
    const channel = new MessageChannel();
    const next = () => channel.port2.postMessage(null);
    const end = () => {
      this[flag] = false;
      channel.port1.close();
    };
    channel.port1.onmessage = () => {
      if (token !== this.verdictToken || !this.app) {
        // (A newer verdict, if any, keeps its own flag.)
        if (token === this.verdictToken) this[flag] = false;
        channel.port1.close();
      } else if (document.hidden) setTimeout(next, 250);
      else if (step(end)) next();
    };
    next();
  }

  /**
   * After an "unknown" verdict: the search goes on (`decide`, in slices of
   * SEARCH_SLICE_MS between which the page takes its input and draws) for up
   * to SEARCH_ON_MS of searching, paused while the page is hidden; the line
   * counts the seconds, and an answer found is shown (and said) as the
   * verdict. Any change of the position ends it (a new token).
   */
  searchOn(token) {
    const verdict = this.ref('verdict');
    let spent = 0;
    let second = -1;
    this.inSlices(token, 'searching', (end) => {
      const t0 = performance.now();
      let v;
      try {
        v = this.app.decide(SEARCH_SLICE_MS);
      } catch (e) {
        // (A browser refusing the search memory, say: the line says so, and the game goes on.)
        end();
        verdict.textContent = `Unknown — the search stopped: ${e instanceof Error ? e.message : String(e)}.`;
        return false;
      }
      spent += performance.now() - t0;
      stats.searchedOnMs = spent;
      if (v !== 'unknown') {
        end();
        this.showVerdict(v, token, true);
        this.settleHint(v);
        return false;
      }
      if (spent >= SEARCH_ON_MS) {
        end();
        verdict.textContent = `Unknown — ${SEARCH_ON_MS / 1000} s of search did not decide.`;
        // Said once, as a late answer is: the search has ended.
        this.shell.announce(verdict.textContent);
        this.settleHint(v);
        return false;
      }
      if (Math.floor(spent / 1000) !== second) {
        second = Math.floor(spent / 1000);
        verdict.textContent = `Unknown so far — searching on (${second} s of ${SEARCH_ON_MS / 1000})…`;
      }
      return true;
    });
  }

  /**
   * A lost verdict whose way back needs earlier positions solved (up to 12 searches as long as the verdict's):
   * `searchBack` in slices as the search that goes on, paused while the page is hidden; then the verdict is
   * shown whole (`showVerdict` again, its answer now known at once). Any change of the position ends it.
   */
  lookBack(token, late) {
    this.inSlices(token, 'lookingBack', (end) => {
      let k;
      try {
        k = this.app.searchBack(SEARCH_SLICE_MS);
      } catch (e) {
        end();
        this.ref('undo-to-winnable').hidden = true;
        this.ref('undo-to-winnable').style.visibility = '';
        const stopped = ` The search for the last winnable position stopped: ${e instanceof Error ? e.message : String(e)}.`;
        this.ref('verdict').textContent += stopped;
        // Hint's "looking" gives way too.
        if (this.ref('why').textContent === LOOKING_BACK) this.ref('why').textContent = `No order of removals clears this board any more.${stopped}`;
        return false;
      }
      if (k === undefined) return true;
      end();
      this.showVerdict('no', token, late);
      // What Hint said meanwhile gives way to what it says now.
      const status = document.getElementById('message');
      if (this.ref('why').textContent === LOOKING_BACK || status?.textContent === LOOKING_BACK) this.explainNoLine();
      return false;
    });
  }

  /**
   * The search that went on has ended with `v`: what Hint said meanwhile ("not yet: the search goes on"), under
   * the board and in the status message, gives way to what Hint says now.
   */
  settleHint(v) {
    const status = document.getElementById('message');
    const stale = (el) => el?.textContent.startsWith(NOT_YET);
    if (!stale(this.ref('why')) && !stale(status)) return;
    if (v === 'yes') {
      const text = 'The search found a winning line: Hint shows its next pair.';
      this.ref('why').textContent = text;
      this.shell.message(text);
    } else this.explainNoLine();
  }

  /**
   * Says `spoken` (else the verdict line's `said`) a moment after the move's own words, unless by then the line
   * says something else or another verdict was asked for.
   */
  sayLater(token, said, spoken = said) {
    const verdict = this.ref('verdict');
    setTimeout(() => {
      if (token === this.verdictToken && this.app && verdict.textContent === said) this.shell.announce(spoken);
    }, VERDICT_SAID_MS);
  }

  /**
   * A lost verdict out of view (a small phone's board fitted to the window's height, the lines under it a scroll
   * away) is echoed at the window's foot, once the board has been fitted to it: the line's new size is seen at the
   * next frame's layout, the board fitted at the frame after (FitWatcher), and looked at in the third.
   */
  echoLost(token, text) {
    const said = this.ref('verdict').textContent;
    // Echoed again when the window changes (a phone turned and back: the board fitted afresh may leave the line
    // a scroll away).
    this.lostEcho = { token, said, text };
    const frame = (f) => requestAnimationFrame(f);
    frame(() => frame(() => frame(() => {
      if (token !== this.verdictToken || !this.app || this.ref('verdict').textContent !== said) return;
      // The line with its button: most of it out of view (a line in view, its button a few pixels past the
      // window's foot, is not echoed over itself).
      echoWhileHidden(this.ref('rescue'), text);
    })));
  }

  /** Shows verdict `v` ("yes", "no", "unknown") of the position shown; `late` when a search that went on found it (said too). */
  showVerdict(v, token, late = false) {
    const verdict = this.ref('verdict');
    this.rescueUndos = null;
    this.lookingBack = false;
    // With a shuffle left (stuck or not: Shuffle is offered at any time), the game is lost only as the
    // tiles lie: a shuffle deals them winnable.
    const shuffles = this.shufflesLeft() > 0;
    const lost = shuffles ? 'Lost as the tiles lie — no order of removals clears them' : 'Lost — no order of removals clears this board';
    // Where Undo leads back to a winnable position: known at once when the earlier positions' verdicts are (they
    // were shown), else looked for in slices (a link with moves opens with none of them known).
    const undos = v === 'no' && !this.app.isWon() ? this.app.searchBack(SEARCH_SLICE_MS) : null;
    if (this.app.isWon()) verdict.textContent = 'Won: the board is clear.';
    else if (v === 'yes') verdict.textContent = 'Winnable: a winning order of removals exists from here.';
    else if (v === 'no' && undos === undefined) {
      this.verdictLost = true;
      this.offerShuffle();
      // The line takes the room its answer will (about as long, and the button's place kept, unseen): the board
      // is fitted to it now, not moved a second later under a finger.
      const button = this.ref('undo-to-winnable');
      button.hidden = false;
      button.style.visibility = 'hidden';
      verdict.textContent = `${lost}; looking for the last winnable position among the last moves (undo walks back to it)…${shuffles ? ` ${SHUFFLE_SAYS}` : ''}`;
      // Said now, not when the walk ends (a second or two on): that the game is lost is the news.
      this.sayLater(token, verdict.textContent);
      this.echoLost(token, verdict.textContent);
      this.lookBack(token, late);
    } else if (v === 'no') {
      // Lost, stuck or not: Shuffle is highlighted as the verdict offers it.
      this.verdictLost = true;
      this.offerShuffle();
      this.rescueUndos = undos;
      const back = this.rescueUndos > 0;
      const shuffle = shuffles ? ` ${SHUFFLE_SAYS}` : '';
      this.ref('undo-to-winnable').style.visibility = '';
      verdict.textContent = back
        ? shuffles ? `${lost}. Shuffle rearranges them into a winnable board (−50 points), or undo to the last winnable position:` : `${lost}. Undo to the last winnable position:`
        : this.rescueUndos === 0 || this.app.moves() === 0
          ? `${lost}, and it is where this game starts.${shuffle}`
          : `${lost}, and the search found no winnable position among the last moves (undo walks back).${shuffle}`;
      this.ref('undo-to-winnable').hidden = !back;
      this.revealBeside(this.ref('rescue'));
      // Said on its own after what the move said, a moment later: the move was said at once, and a
      // screen reader may drop a message replaced before it was spoken (the move is not said twice).
      const said = verdict.textContent;
      // The line ends at its button (a colon before it), which is not read with it: said, the colon gives way to where the button is.
      const spoken = back ? `${said.replace(/:$/, '')} (${plural(this.rescueUndos, 'move')} back) with the button after it.` : said;
      this.sayLater(token, said, spoken);
      this.echoLost(token, back ? `${said.replace(/:$/, '')} — its button is under the board.` : said);
    } else verdict.textContent = `Unknown so far — searching on (0 s of ${SEARCH_ON_MS / 1000})…`;
    // An answer found by the search that went on is news: said (a lost one is said above).
    if (late && v === 'yes') this.shell.announce(verdict.textContent);
    verdict.style.minHeight = '';
    // The verdict's words change with every move: the board keeps its size
    // (no jumping), except when the rescue button shows, which must be in
    // view, or when a longer verdict would end below the screen (large
    // present-mode text): the board is fitted again to the taller line.
    const rescue = this.ref('rescue');
    // (In present mode stacked the line shares a row with the teacher's panels: the row's end counts.)
    const end = this.stackedRoom() > 0 ? this.root.querySelector('.game-side') : rescue;
    // (Within the margin the fit keeps under the lines, reserveBelow's 16 px, counts as below: the page's own
    // bottom padding came after it, and a verdict that grew to two lines there made the page scroll by 5 px.)
    const below = end.getBoundingClientRect().bottom + scrollY + 16 > innerHeight + 0.5;
    if (this.ref('undo-to-winnable').hidden && !below) this.fit?.mark();
    // An embedding page hears the height the verdict's line now takes (a frame out of view gets no rendering step
    // to report it: heightSoon).
    this.shell.messenger?.heightSoon();
  }

  setButtons() {
    const app = this.app;
    if (!app || !this.root) return;
    const won = app.isWon();
    this.ref('undo').disabled = app.moves() === 0;
    this.ref('redo').disabled = !app.canRedo();
    this.ref('hint').disabled = won;
    const left = this.shufflesLeft();
    this.ref('shuffle').disabled = won || left === 0;
    this.offerShuffle();
    this.ref('shuffle').title = left > 0
      ? `Rearrange the tiles left into a winnable arrangement (X); −50 points; ${plural(left, 'shuffle')} left`
      : `No shuffle left: a game allows ${this.bindings.LianliankanApp.maxShuffles()}`;
    this.ref('step').disabled = won;
    this.ref('play').disabled = this.autoplay.running || won;
    this.ref('pause').disabled = !this.autoplay.running;
  }

  refreshReadout() {
    // The keyboard's cursor when it shows, else the selected tile.
    const cursor = this.showCursor && document.activeElement === this.canvas ? this.cursor : null;
    const cell = cursor ?? this.selected;
    const readout = this.ref('readout');
    if (!cell) {
      readout.textContent = this.app.isWon() ? '' : this.helpText();
      return;
    }
    const sel = this.selected;
    const here = sel && sel.x === cell.x && sel.y === cell.y;
    readout.textContent = `${this.cellText(cell.x, cell.y)}${here ? ' — selected' : sel ? ` · selected: ${this.cellText(sel.x, sel.y)}` : ''}`;
  }

  // ---- drawing -------------------------------------------------------------

  /** Paints `cells` with the ring, marks, and an animation frame (a path being drawn, or tiles sliding). */
  paint(cells, frame = null) {
    const { ctx } = this;
    const { s } = this.geom;
    const w = this.app.width();
    const h = this.app.height();
    const view = this.view;
    // The screen's columns and rows of cells (a turned board has them the other way round).
    const [sw, sh] = view.turned ? [h, w] : [w, h];
    ctx.clearRect(0, 0, (sw + 2) * s, (sh + 2) * s);
    ctx.fillStyle = '#2b2b2b';
    ctx.fillRect(0, 0, (sw + 2) * s, (sh + 2) * s);
    ctx.fillStyle = '#3a3f47';
    ctx.fillRect(s, s, sw * s, sh * s);
    const search = !frame && this.selected && this.ref('search').checked ? Array.from(this.app.reach(this.selected.x, this.selected.y)) : null;
    if (search) {
      for (let y = -1; y <= h; y++) {
        for (let x = -1; x <= w; x++) {
          const v = search[(y + 1) * (w + 2) + x + 1];
          if (v >= 1 && v <= 3) {
            ctx.fillStyle = LAYER[v];
            ctx.fillRect(...view(x, y), s, s);
          }
        }
      }
    }
    const marks = new Map();
    if (!frame) {
      if (this.ref('all-pairs').checked) for (const [x1, y1, x2, y2] of pairsOf(Array.from(this.app.allPairs()))) {
        marks.set(y1 * w + x1, { color: PAIRS, dash: true });
        marks.set(y2 * w + x2, { color: PAIRS, dash: true });
      }
      if (search) {
        for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (search[(y + 1) * (w + 2) + x + 1] >= 5) marks.set(y * w + x, { color: SEARCH, dash: false });
      }
      if (this.hintPair) {
        const [x1, y1, x2, y2] = this.hintPair;
        marks.set(y1 * w + x1, { color: HINT, dash: true });
        marks.set(y2 * w + x2, { color: HINT, dash: true });
      }
      if (this.selected) marks.set(this.selected.y * w + this.selected.x, { color: SELECT, dash: false });
    }
    const hidden = new Set();
    if (frame?.slides) for (const [, , tx, ty] of frame.slides) hidden.add(ty * w + tx);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const k = cells[y * w + x];
        if (!k || hidden.has(y * w + x)) continue;
        paintTile(ctx, ...view(x, y), s, k, this.letter(k), marks.get(y * w + x) ?? null);
      }
    }
    if (frame?.slides) {
      const u = frame.u * (2 - frame.u);
      for (const [fx, fy, tx, ty] of frame.slides) {
        const k = frame.before[fy * w + fx] || cells[ty * w + tx];
        const px = fx + (tx - fx) * u;
        const py = fy + (ty - fy) * u;
        paintTile(ctx, ...view(px, py), s, k, this.letter(k));
      }
    }
    if (search) {
      // The path the search found to each tile of the kind it reaches.
      const { x: sx, y: sy } = this.selected;
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          if (search[(y + 1) * (w + 2) + x + 1] >= 5) this.paintPath(pointsOf(Array.from(this.app.pathBetween(sx, sy, x, y))), 1, SEARCH);
        }
      }
    }
    if (frame?.path) this.paintPath(frame.path, frame.u);
    else if (this.flash) this.paintPath(this.flash.path, 1);
    else if (this.hintPath?.length) this.paintPath(this.hintPath, 1, HINT);
    paintRingLabels(ctx, s, w, h, view);
    if (this.showCursor && this.cursorDrawn() && !frame) {
      ctx.lineWidth = 2;
      ctx.strokeStyle = '#ffffff';
      ctx.setLineDash([4, 3]);
      const [cx, cy] = view(this.cursor.x, this.cursor.y);
      ctx.strokeRect(cx + 2, cy + 2, s - 4, s - 4);
      ctx.setLineDash([]);
    }
  }

  /**
   * Draws the first `u` (0..1) of a path through cell centres, from the
   * edge of its first tile to the edge of its last: the tiles' letters stay
   * readable under it.
   */
  paintPath(path, u, color = PATH) {
    if (path.length < 2) return;
    const edge = (from, to) => from.map((v, i) => v + Math.sign(to[i] - v) * TILE_EDGE);
    const points = [edge(path[0], path[1]), ...path.slice(1, -1), edge(path.at(-1), path.at(-2))];
    const { ctx } = this;
    const { s } = this.geom;
    const at = ([x, y]) => this.view(x, y).map((v) => v + s / 2);
    const lens = [];
    let total = 0;
    for (let i = 1; i < points.length; i++) {
      const l = Math.abs(points[i][0] - points[i - 1][0]) + Math.abs(points[i][1] - points[i - 1][1]);
      lens.push(l);
      total += l;
    }
    let left = total * Math.min(1, u * 1.6);
    ctx.strokeStyle = color;
    ctx.lineWidth = Math.max(3, s / 7);
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(...at(points[0]));
    for (let i = 1; i < points.length && left > 0; i++) {
      const f = Math.min(1, left / lens[i - 1]);
      const [x0, y0] = points[i - 1];
      const [x1, y1] = points[i];
      ctx.lineTo(...at([x0 + (x1 - x0) * f, y0 + (y1 - y0) * f]));
      left -= lens[i - 1];
    }
    ctx.stroke();
  }

  // ---- input ---------------------------------------------------------------

  cellAt(event) {
    const r = this.canvas.getBoundingClientRect();
    const { s } = this.geom;
    const [x, y] = this.view.cell(Math.floor((event.clientX - r.left) / s), Math.floor((event.clientY - r.top) / s));
    if (x < 0 || y < 0 || x >= this.app.width() || y >= this.app.height()) return null;
    return { x, y };
  }

  boardKey(e) {
    // On the screen's terms: a turned board's row 1 is on the right, its column 1 at the top.
    const arrows = this.view.turned
      ? { ArrowLeft: [0, 1], ArrowRight: [0, -1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }
      : { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (arrows[e.key]) {
      const [dx, dy] = arrows[e.key];
      this.showCursor = true;
      this.cursor = {
        x: Math.min(this.app.width() - 1, Math.max(0, this.cursor.x + dx)),
        y: Math.min(this.app.height() - 1, Math.max(0, this.cursor.y + dy)),
      };
      this.keepInView(this.cursor.x, this.cursor.y);
      this.refreshReadout();
      this.draw();
      this.shell.announce(this.cellText(this.cursor.x, this.cursor.y));
      return true;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      this.showCursor = true;
      const { x, y } = this.cursor;
      const empty = !this.app.cells()[y * this.app.width() + x];
      this.pick({ x, y });
      // Nothing to pick there: said (a click there just lets a picked tile go).
      if (empty && !this.app.isWon()) this.shell.message(`Column ${x + 1}, row ${y + 1} is empty: no tile to pick.`);
      // A cleared board: said (the result stays in the status line), not nothing.
      else if (empty) this.shell.announce(this.overHelp());
      return true;
    }
    return false;
  }

  /** What Show all pairs outlines, in words. */
  pairsText(spoken = false) {
    const pairs = pairsOf(Array.from(this.app.allPairs()));
    const cells = this.app.cells();
    const w = this.app.width();
    // Which they are, in words (the first PAIRS_SAID; a big board has many): on screen by
    // the letter drawn, said with its case and look (speech says C and c alike).
    const name = (k) => (spoken ? this.kindText(k) : this.letter(k));
    const named = pairs.slice(0, PAIRS_SAID).map(([x1, y1, x2, y2]) => `${name(cells[y1 * w + x1])} at column ${x1 + 1}, row ${y1 + 1} and column ${x2 + 1}, row ${y2 + 1}`);
    const more = pairs.length > PAIRS_SAID ? `; and ${pairs.length - PAIRS_SAID} more` : '';
    return `${plural(pairs.length, 'pair')} can be removed now (outlined in cyan)${named.length ? `: ${named.join('; ')}${more}` : ''}.`;
  }

  /** The path query tool's answer: shown under its box and said by the live region. */
  pqSay(text) {
    this.ref('pq-result').textContent = text;
    this.shell.announce(text);
  }

  bind() {
    // A click, not a pointerdown: a finger that lands on the board to scroll
    // the page picks nothing (the browser sends no click for a scroll).
    this.canvas.addEventListener('click', (e) => {
      const cell = this.cellAt(e);
      if (!cell) return;
      this.showCursor = false;
      this.cursor = { ...cell };
      this.pick(cell);
    });
    const on = (name, event, f) => this.ref(name).addEventListener(event, f);
    on('new-game', 'click', () => this.newGame());
    on('overlay-new', 'click', () => this.newGame());
    on('restart', 'click', () => this.restart());
    on('undo', 'click', () => this.undo());
    on('overlay-undo', 'click', () => this.undo());
    on('redo', 'click', () => this.redo());
    on('hint', 'click', () => this.hint());
    on('shuffle', 'click', () => this.doShuffle());
    on('step', 'click', () => this.step());
    on('play', 'click', () => this.play());
    on('pause', 'click', () => this.pause());
    on('undo-to-winnable', 'click', () => this.undoToWinnable());
    on('deal', 'click', () => this.dealFromSettings());
    const chosen = (name, label, f) => actOnChoice(this.ref(name), f, (t) => this.shell.message(t), label);
    chosen('preset', 'Preset', () => {
      const p = PRESETS[this.ref('preset').value];
      // Custom deals nothing by itself: said (the list's prompt stayed, and Enter did nothing).
      if (!p) {
        this.shell.message('Preset: Custom — set Width, Height and Kinds, then Enter in one of them or Deal this seed.');
        return;
      }
      this.ref('width').value = String(p.w);
      this.ref('height').value = String(p.h);
      this.ref('kinds').value = String(p.kinds);
      // A seed typed since the last deal is kept (Deal with it in the new size); else a fresh one.
      if (!this.seedEdited) this.ref('seed').value = '';
      this.dealFromSettings();
    });
    chosen('variant', 'Variant', () => {
      if (!this.seedEdited) this.ref('seed').value = '';
      this.dealFromSettings();
    });
    on('seed', 'input', () => {
      this.seedEdited = true;
    });
    for (const name of ['width', 'height', 'kinds']) on(name, 'input', () => (this.ref('preset').value = 'custom'));
    on('all-pairs', 'change', () => {
      // A "Not a pair" left from before is about another moment.
      this.shell.message('');
      // Off, the other view's explanation (Show search's, if on) comes back.
      this.ref('why').textContent = this.ref('all-pairs').checked ? this.pairsText() : '';
      if (!this.ref('all-pairs').checked) this.explainSearch();
      this.shell.announce(this.ref('all-pairs').checked ? this.pairsText(true) : 'Show all pairs off.');
      this.draw();
    });
    on('search', 'change', () => {
      this.shell.message('');
      this.ref('why').textContent = this.ref('search').checked || !this.ref('all-pairs').checked ? '' : this.pairsText();
      this.explainSearch();
      this.shell.announce(this.ref('search').checked ? this.ref('why').textContent : 'Show search off.');
      this.draw();
    });
    on('speed', 'input', () => {
      this.showSpeed();
      save('lianliankan.speed', this.speed());
    });
    on('pq-answer', 'click', () => this.answerQueries());
    on('pq-board-no', 'change', () => this.showQueryBoard());
    on('pq-show', 'click', () => this.showQueryPath());
    on('pq-query', 'change', () => this.showQueryPath());
    this.ref('pq-canvas').addEventListener('click', (e) => this.queryClick(e));
    this.ref('pq-canvas').addEventListener('keydown', (e) => this.queryKey(e));
    for (const type of ['focus', 'blur']) this.ref('pq-canvas').addEventListener(type, () => this.paintQueries());
    // Focused, it says where its cursor is, as the game's board does (a screen reader heard only its name).
    this.ref('pq-canvas').addEventListener('focus', () => {
      if (this.hasQueryBoard()) this.shell.announce(`Path query board: ${this.pqCursorText()}`);
    });
  }

  // ---- the path query tool ----------------------------------------------------

  answerQueries() {
    try {
      this.answerQueriesNow();
    } finally {
      this.syncQueryLists();
      // Presenting, the tool grew (its board, the log): the layout that leaves the main board larger is chosen again.
      if (document.body.classList.contains('present')) this.placeExplanation(true);
    }
  }

  /** An empty list of boards or queries is disabled: not a stop for Tab, with nothing to pick. */
  syncQueryLists() {
    for (const name of ['pq-board-no', 'pq-query']) {
      const select = this.ref(name);
      select.disabled = select.options.length === 0;
    }
  }

  answerQueriesNow() {
    const input = this.ref('pq-input').value;
    this.pq?.free();
    this.pq = null;
    this.pqPick = null;
    this.pqPath = null;
    this.pqCursor = null;
    const log = this.ref('pq-log');
    try {
      this.pq = new this.bindings.PathQueries(input);
    } catch (e) {
      // (The engine's own "path queries: …" is not said twice.)
      const said = e.message.replace(/^path queries: /, '');
      this.ref('pq-result').textContent = said.charAt(0).toUpperCase() + said.slice(1);
      this.shell.message(`Path queries: ${said}`, true);
      log.textContent = '';
      this.ref('pq-canvas').hidden = true;
      // Nothing of the last input stays to be picked.
      this.ref('pq-board-no').replaceChildren();
      this.ref('pq-query').replaceChildren();
      return;
    }
    this.shell.message('');
    log.textContent = '';
    setLog(log, this.pq.output());
    const boards = this.ref('pq-board-no');
    // The first QUERY_MENU boards, as for the queries: an input of 200,000 tiny boards made a menu that
    // froze the page (the log answers every board).
    const count = this.pq.boards();
    const options = Array.from({ length: Math.min(count, QUERY_MENU) }, (_, i) => {
      const o = document.createElement('option');
      o.value = String(i);
      o.textContent = `#${i + 1}`;
      return o;
    });
    if (count > QUERY_MENU) {
      const more = document.createElement('option');
      more.disabled = true;
      more.textContent = `… ${(count - QUERY_MENU).toLocaleString('en-US')} more: the log answers them`;
      options.push(more);
    }
    boards.replaceChildren(...options);
    this.pqSay(`${this.pq.format() === 'poj1101' ? 'POJ 1101' : 'Mahjong'} input: ${plural(this.pq.boards(), 'board')}.`);
    if (this.pq.boards() === 0) {
      this.ref('pq-query').replaceChildren();
      this.ref('pq-canvas').hidden = true;
      return;
    }
    this.showQueryBoard();
    // Once the side column's fits of this frame are made (the explanation beside the board is fitted at the next).
    const canvas = this.ref('pq-canvas');
    requestAnimationFrame(() => requestAnimationFrame(() => this.revealInSide(canvas)));
  }

  /**
   * `el` scrolled into view in the side column where that column scrolls in
   * itself (present mode: the query board opened under a whiteboard's screen
   * until the column was swiped); the page itself is not scrolled.
   */
  revealInSide(el) {
    const side = el.closest('.game-side');
    if (!side || el.hidden || side.scrollHeight <= side.clientHeight + 1) return;
    const r = el.getBoundingClientRect();
    const box = side.getBoundingClientRect();
    // Its bottom into view, but never its top out of it (a board taller than the column shows from its top).
    if (r.bottom > box.bottom) side.scrollTop += Math.min(r.bottom - box.bottom, r.top - box.top);
    else if (r.top < box.top) side.scrollTop -= box.top - r.top;
  }

  /** Whether a board of the pasted input is there to show. */
  hasQueryBoard() {
    return Boolean(this.pq) && this.pq.boards() > 0;
  }

  showQueryBoard() {
    if (!this.hasQueryBoard()) return;
    const i = Number(this.ref('pq-board-no').value) || 0;
    const select = this.ref('pq-query');
    select.replaceChildren();
    const queries = pairsOf(Array.from(this.pq.queries(i)));
    // The first QUERY_MENU of them: a menu of 20,000 froze the page for
    // seconds (any pair can be asked by clicking its two cells).
    const options = queries.slice(0, QUERY_MENU).map(([x1, y1, x2, y2], j) => {
      const o = document.createElement('option');
      o.value = String(j);
      o.textContent = `Pair ${j + 1}: (${x1 + 1}, ${y1 + 1}) – (${x2 + 1}, ${y2 + 1})`;
      return o;
    });
    if (queries.length > QUERY_MENU) {
      const more = document.createElement('option');
      more.disabled = true;
      more.textContent = `… ${(queries.length - QUERY_MENU).toLocaleString('en-US')} more: click two cells to ask any pair`;
      options.push(more);
    }
    select.append(...options);
    this.syncQueryLists();
    this.pqPath = null;
    this.pqPick = null;
    this.pqCursor = null;
    this.ref('pq-canvas').hidden = false;
    this.paintQueries();
  }

  showQueryPath() {
    if (!this.hasQueryBoard()) {
      this.pqSay('No board to show a path on: paste an input and press Answer queries.');
      return;
    }
    const i = Number(this.ref('pq-board-no').value) || 0;
    const j = Number(this.ref('pq-query').value);
    const q = pairsOf(Array.from(this.pq.queries(i)))[j];
    if (!q) {
      this.pqSay('This board has no query to show.');
      return;
    }
    this.queryBetween(i, q);
  }

  queryBetween(i, [x1, y1, x2, y2]) {
    this.pqEnds = [[x1, y1], [x2, y2]];
    if (x1 === x2 && y1 === y2) {
      this.pqPath = null;
      this.pqSay('A query joins two different cells.');
    } else {
      const path = pointsOf(Array.from(this.pq.path(i, x1, y1, x2, y2)));
      this.pqPath = path.length ? path : null;
      this.pqSay(path.length
        ? `(${x1 + 1}, ${y1 + 1}) to (${x2 + 1}, ${y2 + 1}): ${plural(path.length - 1, 'segment')}.`
        : `(${x1 + 1}, ${y1 + 1}) to (${x2 + 1}, ${y2 + 1}): impossible.`);
    }
    this.paintQueries();
  }

  queryClick(e) {
    if (!this.hasQueryBoard()) return;
    const c = this.ref('pq-canvas');
    const r = c.getBoundingClientRect();
    const s = this.pqCell;
    this.queryPick(Math.floor((e.clientX - r.left) / s) - 1, Math.floor((e.clientY - r.top) / s) - 1);
  }

  /** The query board by keyboard: the arrows move a cursor, Enter or Space picks the cell under it. */
  queryKey(e) {
    if (!this.hasQueryBoard() || e.ctrlKey || e.metaKey || e.altKey) return;
    const i = Number(this.ref('pq-board-no').value) || 0;
    const w = this.pq.width(i);
    const h = this.pq.height(i);
    const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const c = this.pqCursor ?? { x: 0, y: 0 };
    if (arrows[e.key]) {
      const [dx, dy] = arrows[e.key];
      this.pqCursor = { x: Math.min(w - 1, Math.max(0, c.x + dx)), y: Math.min(h - 1, Math.max(0, c.y + dy)) };
      this.queryInView(this.pqCursor.x, this.pqCursor.y);
      this.shell.announce(this.pqCursorText());
      this.paintQueries();
    } else if (e.key === 'Enter' || e.key === ' ') {
      this.pqCursor = c;
      this.queryPick(c.x, c.y);
    } else if (Object.hasOwn(this.letterKeys(), e.key.toLowerCase())) {
      // The game's letters (S, U, N, X, …) would act on the game's board, not this one: said, not done.
      this.shell.message(`${e.key.toUpperCase()} acts on the game's board, not on this path query board: press it there (or outside this board). Here the arrow keys move and Enter or Space picks a cell.`, true);
    } else {
      return;
    }
    e.preventDefault();
    e.stopPropagation();
  }

  /** The query board's cursor cell in words: "Column 3, row 2: tile." */
  pqCursorText() {
    const i = Number(this.ref('pq-board-no').value) || 0;
    const c = this.pqCursor ?? { x: 0, y: 0 };
    return `Column ${c.x + 1}, row ${c.y + 1}: ${this.pq.cells(i)[c.y * this.pq.width(i) + c.x] ? 'tile' : 'empty'}.`;
  }

  /** A cell of the query board picked (by click or key): the first end, or the second and the answer. */
  queryPick(x, y) {
    const i = Number(this.ref('pq-board-no').value) || 0;
    const w = this.pq.width(i);
    const h = this.pq.height(i);
    if (x < 0 || y < 0 || x >= w || y >= h) return;
    if (!this.pqPick) {
      this.pqPick = [x, y];
      this.pqPath = null;
      this.pqEnds = [[x, y]];
      this.pqSay(`From (${x + 1}, ${y + 1}): pick the second cell.`);
      this.paintQueries();
      return;
    }
    const [x1, y1] = this.pqPick;
    this.pqPick = null;
    this.queryBetween(i, [x1, y1, x, y]);
  }

  /** The path query board's cell size for its panel's width now. */
  queryCellFor() {
    const w = this.pq.width(Number(this.ref('pq-board-no').value) || 0);
    const room = Math.max(120, this.ref('pq-box').clientWidth - 16);
    // 10 px at least (a board of up to 75 × 75 scrolls in its box): a cell can be picked and its ring seen; at most
    // 28 px, 48 in present mode (a class reads it from the back of the room).
    const most = document.body.classList.contains('present') ? 48 : 28;
    return Math.max(QUERY_CELL, Math.min(most, Math.floor(room / (w + 2))));
  }

  paintQueries() {
    if (!this.hasQueryBoard()) return;
    const i = Number(this.ref('pq-board-no').value) || 0;
    const w = this.pq.width(i);
    const h = this.pq.height(i);
    const c = this.ref('pq-canvas');
    const s = this.queryCellFor();
    this.pqCell = s;
    sizeCanvas(c, (w + 2) * s, (h + 2) * s);
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#2b2b2b';
    ctx.fillRect(0, 0, (w + 2) * s, (h + 2) * s);
    ctx.fillStyle = '#3a3f47';
    ctx.fillRect(s, s, w * s, h * s);
    const cells = this.pq.cells(i);
    ctx.fillStyle = '#d8cfb8';
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (cells[y * w + x]) ctx.fillRect((x + 1) * s + 1, (y + 1) * s + 1, s - 2, s - 2);
    ctx.strokeStyle = SELECT;
    ctx.lineWidth = Math.max(2, s / 6);
    for (const [x, y] of this.pqEnds ?? []) ctx.strokeRect((x + 1) * s + 1, (y + 1) * s + 1, s - 2, s - 2);
    if (this.pqPath) {
      ctx.strokeStyle = PATH;
      ctx.lineWidth = Math.max(2, s / 5);
      ctx.beginPath();
      this.pqPath.forEach(([x, y], k) => (k ? ctx.lineTo : ctx.moveTo).call(ctx, (x + 1) * s + s / 2, (y + 1) * s + s / 2));
      ctx.stroke();
    }
    // Over the path: one along the ring does not hide the numbers the answers are read by.
    this.numberRing(ctx, w, h, s);
    if (this.pqCursor && document.activeElement === c) {
      const { x, y } = this.pqCursor;
      ctx.lineWidth = 2;
      ctx.strokeStyle = '#ffffff';
      ctx.setLineDash([4, 3]);
      ctx.strokeRect((x + 1) * s + 1, (y + 1) * s + 1, s - 2, s - 2);
      ctx.setLineDash([]);
    }
  }

  /**
   * Numbers the query board's columns in the ring above it and its rows in
   * the ring on its left, from 1 as the answers count them: every one on
   * large cells, else every 2nd or 5th (and the first), so that the
   * numbers do not run together.
   */
  numberRing(ctx, w, h, s) {
    const every = s >= 20 ? 1 : s >= 14 ? 2 : 5;
    ctx.fillStyle = '#e8e8e8';
    ctx.font = `${Math.max(7, Math.floor(Math.min(s * 0.62, 14)))}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const shown = (k) => k === 1 || k % every === 0;
    for (let x = 1; x <= w; x++) if (shown(x)) haloText(ctx, String(x), x * s + s / 2, s / 2, s * 1.9);
    for (let y = 1; y <= h; y++) if (shown(y)) haloText(ctx, String(y), s / 2, y * s + s / 2, s);
  }

  /** Scrolls the query board's box (a large board scrolls) so that cell (x, y) is in view. */
  queryInView(x, y) {
    const box = this.ref('pq-canvas').parentElement;
    const s = this.pqCell;
    const [left, top] = [(x + 1) * s, (y + 1) * s];
    if (left - s < box.scrollLeft) box.scrollLeft = left - s;
    else if (left + 2 * s > box.scrollLeft + box.clientWidth) box.scrollLeft = left + 2 * s - box.clientWidth;
    if (top - s < box.scrollTop) box.scrollTop = top - s;
    else if (top + 2 * s > box.scrollTop + box.clientHeight) box.scrollTop = top + 2 * s - box.clientHeight;
  }

  // ---- sizing ------------------------------------------------------------

  /**
   * The room kept under the board, so that the board does not change size
   * under the finger between two taps (a board fitted to the height moved
   * its far cells by more than half a cell when the readout's lines changed):
   * the readout counts for the most lines it has taken since the screen or
   * the board's size last changed; on a narrow screen the explanation
   * counts for the lines its style keeps (a longer one runs on below), and
   * the verdict's line for at least its two (more when it holds a lost
   * game's rescue button, which stays in view). Not in an embed: its frame
   * follows the height it asks for.
   */
  /** The readout's kept room too (reserveBelow): the layout tried beside the board wrapped it to two lines. */
  forgetTrialRooms() {
    super.forgetTrialRooms();
    this.readoutRoom = null;
  }

  reserveBelow() {
    if (document.documentElement.classList.contains('embed')) return super.reserveBelow();
    const column = this.ref('wrap').parentElement;
    const [readout, why] = [this.ref('readout'), this.ref('why')];
    const key = `${innerWidth} ${innerHeight} ${this.app.width()} ${this.app.height()} ${document.body.classList.contains('present')} ${this.linesPlace()}`;
    if (this.readoutRoom?.key !== key) this.readoutRoom = { key, most: this.helpHeight(readout) };
    let sum = 16;
    for (const el of this.fit.below) {
      if (!el || el.hidden || el.parentElement !== column) continue;
      const css = getComputedStyle(el);
      const lines = parseFloat(css.minHeight) || 0;
      let height = Math.max(lines, el.offsetHeight);
      if (el === readout) height = this.readoutRoom.most = Math.max(this.readoutRoom.most, height);
      else if (el === why && NARROW.matches && lines > 0) height = lines;
      sum += height + parseFloat(css.marginTop) + parseFloat(css.marginBottom);
    }
    return this.keptBelow(sum + this.stackedRoom());
  }

  /** What the readout says when no tile is picked and the cursor is not shown. */
  helpText() {
    return `Pick two tiles of the same kind joined by a path with at most two turns.${this.fitNote ?? ''}`;
  }

  /**
   * The height the readout takes with the help it shows when no tile is picked and the cursor is not shown (the
   * board not focused): counted from the start, so that a teacher who entered present mode with the board focused
   * and then stepped with it unfocused did not see the board shrink (the help wraps to two lines in present mode's
   * large text where the cursor's cell took one). 0 where the readout is not under the board.
   */
  helpHeight(readout) {
    if (!readout || readout.parentElement !== this.ref('wrap').parentElement || this.app.isWon()) return 0;
    const text = readout.textContent;
    readout.textContent = this.helpText();
    const height = readout.offsetHeight;
    readout.textContent = text;
    return height;
  }

  layBoard() {
    if (!this.root || !this.app) return;
    this.fit.mark();
    // Another window (a phone turned): a lost verdict still shown is echoed again if it is now out of view.
    if (!sameWindow(this.echoWindow)) {
      const turned = Boolean(this.echoWindow);
      this.echoWindow = windowNow();
      const e = this.lostEcho;
      if (turned && e && e.token === this.verdictToken && this.ref('verdict').textContent === e.said) this.echoLost(e.token, e.text);
    }
    const w = this.app.width();
    const h = this.app.height();
    // Only on a narrow screen (where the lines under the board keep their room), never in present mode (the
    // class sees the board as the explanations describe it) nor in an embed (its frame follows the height it
    // asks for, and its host laid it out for the board as it stands).
    const mayTurn = NARROW.matches && !document.body.classList.contains('present') && !document.documentElement.classList.contains('embed');
    // On a small phone the lines under the board give way (a scroll) before its tiles get smaller than a finger.
    const wrap = this.ref('wrap');
    const below = this.reserveBelow();
    const space = boardSpace(wrap, below, (height) => fitTurned(wrap.clientWidth, height, w, h, mayTurn).s, TAP_CELL);
    // A turned board stays turned while turning still gains a little (a phone's address bar that hides and
    // shows changes the height: the board does not flip with it).
    // Nor does it turn while the window and the board stay as they are: a lost game's verdict and its rescue button
    // (kept in view) take room and refit the board, which turned the other way between two taps with more contrast
    // asked for (its buttons' edges a few pixels taller).
    // (A phone's address bar that hides and shows changes the height by less than sameWindow allows.)
    const board = `${w} ${h} ${mayTurn}`;
    const keep = this.turnKey?.board === board && sameWindow(this.turnKey.window) ? this.view.turned : undefined;
    if (keep === undefined) this.turnKey = { board, window: windowNow() };
    let { s, turned } = fitTurned(space.width, space.height, w, h, mayTurn, this.view.turned ? TURN_KEEP : TURN_GAIN, keep);
    // Nor do lines that grew under the board since its last fit (a lost game's verdict and its rescue button), all
    // else as it was (the window, the board, present mode, what is above it), take a touch screen's tiles under a
    // finger's size (or under their size, when smaller already): the board keeps its size, and the lines are a
    // scroll away (the echo at the window's foot says what came). Not in an embed, whose frame is all there is.
    // (The button took a present-mode Classic board at 360 × 640 from 19 to 12 px.)
    const room = {
      key: `${board} ${document.body.classList.contains('present')} ${innerWidth} ${innerHeight} ${Math.round(wrap.getBoundingClientRect().top + scrollY)}`,
      below,
    };
    const grew = this.lastRoom?.key === room.key && room.below >= this.lastRoom.below;
    if (TOUCH.matches && !document.documentElement.classList.contains('embed') && keep !== undefined && grew && s < Math.min(this.geom.s, TAP_CELL)) {
      ({ s, turned } = { s: this.geom.s, turned: this.view.turned });
    }
    this.lastRoom = room;
    // The frame that would show the whole board (the embed's height event): as tall as the width asks.
    const tall = fitTurned(space.width, Infinity, w, h, mayTurn);
    this.wantedBoardHeight = (tall.turned ? w + 2 : h + 2) * tall.s;
    this.geom = { s, left: 0, bottom: 0 };
    this.view = boardView(s, w, h, turned);
    const [cols, rows] = turned ? [h + 2, w + 2] : [w + 2, h + 2];
    const scrolls = cols * s > space.width + 1;
    this.ref('wrap').classList.toggle('scrolls', scrolls);
    // Said, as Same Game says it: columns past the screen's edge are not lost.
    this.fitNote = scrolls ? ` This ${w} × ${h} board is wider than the screen: scroll it sideways to see all of it.` : null;
    const note = this.ref('turned-note');
    note.hidden = !turned;
    note.textContent = turned ? `${TURNED_NOTE}${this.variantTurned()}` : '';
    // A screen reader on the board hears it with the readout (why → goes towards row 1).
    if ('ariaDescribedByElements' in Element.prototype) this.canvas.ariaDescribedByElements = turned ? [this.ref('readout'), note] : [this.ref('readout')];
    sizeCanvas(this.canvas, cols * s, rows * s);
    this.fitOverlay();
    this.refreshReadout();
    this.draw();
    // The path query board follows its panel's width (present mode entered or left, the window resized).
    if (this.hasQueryBoard() && !this.ref('pq-canvas').hidden && this.pqCell !== this.queryCellFor()) this.paintQueries();
  }
}
