// Same Game on the page: its controls, drawing and input. Every rule, score
// and strategy comes from the engine's SameGameApp; this module turns
// clicks, taps and keys into engine calls and draws what the engine says.
// It finds its elements inside its own root and keeps no global state.
import { actOnChoice } from '../core/keys.js';
import { BoardGame, boardMarkup, plural, startOf } from '../core/game.js';
import { sizeCanvas, fitBoard, drawAxes, frameBoard, TOUCH } from '../core/canvas.js';
import { SolverWorker, solverWorkerCount } from '../core/solver.js';
import { stats, record } from '../core/stats.js';
import { load, save } from '../core/storage.js';
import { setLog } from '../core/announce.js';
import { colors, darkText, samegameColorNames } from '../core/settings.js';

const PRESETS = {
  poj: { w: 15, h: 10, colors: 3 },
  standard: { w: 15, h: 15, colors: 5 },
  small: { w: 6, h: 5, colors: 3 },
};

// Okabe–Ito colours (distinguishable with the common colour-vision
// deficiencies), in the order of the engine's letters R G B Y V O C P W.
const ANIMATION_MS = 240;
/** The smallest cell before the board scrolls: 8 px for a mouse, 16 px (numbered axes) for a finger. */
const minCell = () => (TOUCH.matches ? 16 : 8);
/** A kept plan longer than this is not taken back (a board has fewer moves). */
const MAX_PLAN_MOVES = 10000;
const HOVER = '#ffffff';
const HINT = '#ffd400';

// Static markup only: nothing from a link or an input ever goes through it.
const MARKUP = `
<div class="game-main">
  <div class="toolbar primary" role="group" aria-label="Game controls">
    <button type="button" data-ref="new-game" title="A new board with a new seed (N)">New game</button>
    <button type="button" data-ref="restart" title="The same board from the start">Restart</button>
    <button type="button" data-ref="undo" title="Undo (Ctrl+Z or U)">Undo</button>
    <button type="button" data-ref="redo" title="Redo (Ctrl+Y or R)">Redo</button>
    <button type="button" data-ref="step" title="One move of the chosen strategy (S)">Step</button>
    <button type="button" data-ref="play" title="Autoplay the chosen strategy (A)">Play</button>
    <button type="button" data-ref="pause" disabled>Pause</button>
    <label class="speed">Speed <input data-ref="speed" type="range" min="1" max="20" value="4" aria-label="Autoplay speed, moves per second"><span class="speed-value" data-ref="speed-value" aria-hidden="true">4 moves/s</span></label>
  </div>
${boardMarkup('Same Game board. Arrow keys move the cursor, Enter or Space removes the cluster under it.', [['overlay-new', 'New game'], ['overlay-undo', 'Undo']])}
</div>
<div class="game-side">
  <details class="panel" data-ref="settings" open>
    <summary>Board and strategy</summary>
    <div class="toolbar" role="group" aria-label="Board">
      <label>Preset
        <select data-ref="preset" data-short>
          <option value="poj">POJ (15×10, 3 colours)</option>
          <option value="standard">Standard (15×15, 5 colours)</option>
          <option value="small">Small (6×5, 3 colours)</option>
          <option value="custom">Custom</option>
        </select>
      </label>
      <label>Width <input data-ref="width" type="number" min="1" max="64" value="15" data-enter="new-game"></label>
      <label>Height <input data-ref="height" type="number" min="1" max="64" value="10" data-enter="new-game"></label>
      <label>Colours <input data-ref="colors" type="number" min="2" max="9" value="3" data-enter="new-game"></label>
      <label>Seed <input data-ref="seed" type="number" min="0" value="1" data-enter="new-game"></label>
    </div>
    <div class="toolbar" role="group" aria-label="Options">
      <label>Strategy
        <select data-ref="strategy" data-short>
          <option value="greedy">Greedy (POJ 1027)</option>
          <option value="solver">Solver (search)</option>
        </select>
      </label>
      <label class="check"><input data-ref="show-next" type="checkbox"> Show greedy's next move</label>
      <label class="check"><input data-ref="marks" type="checkbox"> Letters in balls</label>
    </div>
    <div class="toolbar" role="group" aria-label="Solver">
      <label>Think for <input data-ref="think" type="number" min="1" max="600" step="1" value="10" aria-label="Think for (seconds)" data-enter="solve"> s</label>
      <button type="button" data-ref="solve">Solve</button>
      <button type="button" data-ref="stop-solve" disabled>Stop</button>
      <button type="button" data-ref="compare" title="Greedy and the solver's line played side by side (once Solve has run)">Compare</button>
      <span class="progress" data-ref="solve-progress"></span>
    </div>
  </details>
  <section class="compare" data-ref="compare-view" hidden aria-label="Greedy and solver side by side">
    <figure><figcaption>Greedy</figcaption><canvas data-ref="cmp-greedy" role="img" aria-label="Greedy's board"></canvas><p data-ref="cmp-greedy-info"></p></figure>
    <figure><figcaption>Solver</figcaption><canvas data-ref="cmp-solver" role="img" aria-label="The solver's board"></canvas><p data-ref="cmp-solver-info"></p></figure>
    <p class="compare-close"><button type="button" data-ref="close-compare">Close comparison</button></p>
  </section>
  <details class="panel" data-ref="log-box" open>
    <summary>Move log <small>(the POJ 1027 judge's exact format: "at (r,c)" is row r, column c, as the board's labels count them)</small></summary>
    <pre class="log" data-ref="log" role="log" aria-label="Move log" aria-live="off"></pre>
  </details>
  <details class="panel" data-ref="poj-box">
    <summary>Load a POJ 1027 input</summary>
    <textarea data-ref="poj-input" rows="8" aria-label="POJ 1027 input" spellcheck="false"></textarea>
    <label>Game number <input data-ref="poj-game" type="number" min="1" value="1" data-enter="poj-load"></label>
    <button type="button" data-ref="poj-load">Load</button>
  </details>
</div>`;

/** Adds to each "color R" of an explanation the name of the colour R is drawn in: "color R (vermilion)". */
const namedColors = (text) => text.replace(/\bcolor ([RGBYVOCPW])\b/g, (all, letter) => {
  const name = samegameColorNames()['RGBYVOCPW'.indexOf(letter)];
  return name ? `${all} (${name})` : all;
});

/**
 * A plan's insight into a move (worded for the board it is made from) as
 * the reason for the move just made: what greedy would take is said of the
 * board before the move, not of the one now shown.
 */
const pastInsight = (text) => text
  .replace('greedy would take this cluster too', 'greedy would have taken this cluster too')
  .replace(/greedy would take the (.*?) now \(/, 'before this move greedy would have taken the $1 (');

/**
 * With "Show greedy's next move" on: the reason of the Step that reached the
 * position (when one did) and then the next move's, so that a class sees
 * both (present mode turns it on).
 */
const withLast = (last, next) => (last ? `${last} Next: ${next}` : next);

/**
 * A move line of the log ("Move 3 at (4,5): removed 12 balls of color B,
 * got 100 points.": the judge's row first) as a screen reader says it:
 * column first, as the readout and the cursor count, and the colour named.
 */
const spokenMove = (line) => {
  const m = /^Move (\d+) at \((\d+),(\d+)\): removed (\d+) balls of color ([A-Z]), got (-?\d+) points\.$/.exec(line);
  if (!m) return line;
  const [, n, row, col, balls, letter, points] = m;
  return namedColors(`Move ${n}: removed ${balls} balls of color ${letter} at column ${col}, row ${row}, got ${plural(Number(points), 'point')}.`);
};

/** Paints one ball of colour `color` in the cell at (x, y), `s` pixels wide. */
function paintBall(ctx, x, y, s, color, scale, outline, letter) {
  const r = (s / 2 - Math.max(0.5, s / 16)) * scale;
  if (r <= 0) return;
  ctx.beginPath();
  ctx.arc(x + s / 2, y + s / 2, r, 0, Math.PI * 2);
  const palette = colors('samegame');
  const fill = palette[(color - 1) % palette.length];
  ctx.fillStyle = fill;
  ctx.fill();
  if (outline) {
    ctx.lineWidth = Math.max(2, s / 10);
    if (outline.dash) {
      // Dashes over a dark ring: seen on a ball of the outline's own colour too.
      ctx.strokeStyle = '#1a1a1a';
      ctx.stroke();
    }
    ctx.strokeStyle = outline.color;
    ctx.setLineDash(outline.dash ? [Math.max(2, s / 6), Math.max(2, s / 8)] : []);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  if (letter && s >= 10 && scale > 0.5) {
    ctx.fillStyle = darkText(fill) ? '#1a1a1a' : '#ffffff';
    ctx.font = `700 ${Math.max(7, Math.floor(s * 0.55))}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(letter, x + s / 2, y + s / 2 + 1);
  }
}

/** Paints a whole board (an engine object) into a canvas of cell size `s`. */
function paintBoard(canvas, app, s, marks) {
  const ctx = canvas.getContext('2d');
  const w = app.width();
  const h = app.height();
  ctx.fillStyle = '#222';
  ctx.fillRect(0, 0, w * s, h * s);
  frameBoard(ctx, 0, 0, w * s, h * s);
  const cells = app.cells();
  for (let row = 0; row < h; row++) {
    for (let col = 0; col < w; col++) {
      const v = cells[row * w + col];
      if (v) paintBall(ctx, col * s, (h - 1 - row) * s, s, v, 1, null, marks ? app.colorLetter(v) : null);
    }
  }
}

/** The seconds typed into "Think for" (a whole number 1..600), or null. */
function thinkSeconds(value) {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 600 ? n : null;
}

export class SameGame extends BoardGame {
  static id = 'samegame';
  static title = 'Same Game';
  /** Controls kept when the player leaves the game and comes back (BoardGame.controlsKept). */
  static kept = ['strategy', 'poj-input', 'poj-game'];
  static app = 'SameGameApp';

  /** `shell`: the page's services (engine bindings, address, messages). */
  constructor(shell) {
    super(shell, shell.bindings.SameGameApp);
    this.solver = new SolverWorker();
    this.solveRun = null; // the search under way (see solve())
    this.compareRun = null; // { timer, greedy, solver }
    this.plan = null; // { links, moves, score, cleared, startLink }
    // The plan a Step was following when a better line came in that does
    // not pass through the position reached: Step keeps to it.
    this.followed = null;
    this.cursor = { col: 0, row: 0 };
    this.pointerCell = null; // the cell under the mouse, kept across moves
    this.selection = null; // a tapped cluster waiting for its second tap: [col,row,…]
    this.hover = null;
    this.next = [];
    this.seedEdited = false;
  }

  // ---- the game interface ----------------------------------------------

  /** Builds the controls inside `root` and listens to them. */
  mount(root) {
    this.mountMarkup(root, MARKUP, 'samegame');
    this.ref('show-next').checked = Boolean(load('samegame.showNext', false));
    this.ref('marks').checked = Boolean(load('samegame.letters', false));
    this.ref('think').value = String(thinkSeconds(load('samegame.thinkSeconds', 10)) ?? 10);
  }

  /** Stops everything running and frees what it held. */
  unmount() {
    super.unmount();
    this.plan = null;
    this.followed = null;
  }

  /** The default game: the POJ size, seed 1 unless another is given (a bad link's fallback is always seed 1). */
  openDefault(seed = 1) {
    this.leave();
    this.app.newGame(15, 10, 3, seed);
    this.opened();
  }

  step() {
    if (this.app.isOver()) return false;
    if (this.ref('strategy').value === 'solver') {
      const m = this.planMove();
      if (!m) {
        this.shell.message(this.plan ? 'The position left the solver\'s plan: press Solve again.' : 'Press Solve first to get the solver\'s moves.', true);
        return false;
      }
      // As for greedy: the reason for the move made (the plan's insight into
      // it, taken before the board changes).
      const reason = `Last step: ${pastInsight(this.planInsight(m.index, m.plan))}${this.followNote(m.plan)}`;
      const moved = this.act(() => this.app.click(m.col, m.row));
      if (moved) this.explainMove(reason);
      return moved;
    }
    const reason = this.app.greedyReason();
    const moved = this.act(() => this.app.step());
    if (moved) this.explainMove(`Last step: ${reason}`);
    return moved;
  }

  restart() {
    this.stopActivities();
    this.shell.message('');
    // A comparison stopped half-way is not left on screen.
    this.showCompare(false);
    this.app.restart();
    this.changed({ fresh: true });
    this.shell.announce(`Restarted: ${this.boardWords()}.`);
  }

  /** A new board with a new seed (or the seed typed in), same size and colours. */
  newGame() {
    const field = (name, label, lo, hi) => {
      const v = Number(this.ref(name).value);
      if (!Number.isInteger(v) || v < lo || v > hi) throw new Error(`${label} is a whole number from ${lo} to ${hi}`);
      return v;
    };
    let w;
    let h;
    let colors;
    let seed;
    try {
      w = field('width', 'the width', 1, 64);
      h = field('height', 'the height', 1, 64);
      colors = field('colors', 'the number of colours', 2, 9);
      // A seed typed in is used; an emptied box, like an untouched one, deals a new seed.
      const typed = this.seedEdited && this.ref('seed').value.trim() !== '';
      seed = typed ? field('seed', 'the seed', 0, Number.MAX_SAFE_INTEGER) : this.shell.freshSeed();
    } catch (e) {
      this.shell.message(`New game: ${e.message}.`, true);
      return;
    }
    try {
      this.leave();
      this.app.newGame(w, h, colors, seed);
    } catch (e) {
      this.shell.message(`New game: ${e.message}`, true);
      return;
    }
    this.shell.message('');
    this.opened();
  }

  letterKeys() {
    return { u: () => this.undo(), r: () => this.redo(), s: () => this.step(), n: () => this.newGame(), a: () => this.togglePlay(), h: () => this.hint() };
  }

  /** Where the game stands, for a parent page. */
  summary() {
    const app = this.app;
    return { score: app.score(), movesMade: app.moves(), over: app.isOver(), won: app.balls() === 0 };
  }

  /** Hint: outlines greedy's next move (the "Show greedy's next move" view). */
  /**
   * Hint (H, or a parent's hint command): outlines greedy's next cluster
   * (the solver's, with that strategy and a plan) until the next change —
   * a one-off; "Show greedy's next move" keeps it on for every move.
   */
  hint() {
    const app = this.app;
    if (!app || app.isOver()) return;
    this.animator.finish();
    const solver = this.ref('strategy').value === 'solver';
    const planned = solver ? this.planMove() : null;
    const cluster = planned ? Array.from(app.clusterAt(planned.col, planned.row)) : Array.from(app.greedyCluster());
    if (!cluster.length) return;
    this.hinted = cluster;
    const who = planned ? 'the solver\'s plan' : solver ? 'Greedy (no solver plan here: Solve gives the solver\'s move)' : 'Greedy';
    // (Named by its anchor, first in the list: the ball the move log will name, whichever ball a plan clicks.)
    const text = `Hint: ${who} removes the ${cluster.length / 2} balls outlined next (column ${cluster[0] + 1}, row ${cluster[1] + 1}).`;
    this.hintText = text;
    this.shell.message(text);
    this.shell.announce(text);
    this.draw();
  }

  /** Draws the board (or the running animation's frame). */
  draw() {
    if (!this.app) return;
    const { ctx } = this;
    const { s, left, bottom } = this.geom;
    const w = this.app.width();
    const h = this.app.height();
    ctx.clearRect(0, 0, left + w * s, h * s + bottom);
    this.drawAxes();
    ctx.fillStyle = '#222';
    ctx.fillRect(left, 0, w * s, h * s);
    frameBoard(ctx, left, 0, w * s, h * s);
    const cells = this.app.cells();
    const mark = new Map();
    // The strategy's next move: always when asked, once after Hint.
    const next = this.hinted ?? (this.ref('show-next').checked ? this.next : []);
    for (let i = 0; i < next.length; i += 2) mark.set(next[i + 1] * w + next[i], { color: HINT, dash: true });
    const held = this.selection ?? this.hover;
    if (held) for (let i = 0; i < held.length; i += 2) mark.set(held[i + 1] * w + held[i], { color: HOVER, dash: false });
    const letters = this.letters();
    for (let row = 0; row < h; row++) {
      for (let col = 0; col < w; col++) {
        const v = cells[row * w + col];
        if (v) paintBall(ctx, left + col * s, this.top(row), s, v, 1, mark.get(row * w + col), letters ? this.app.colorLetter(v) : null);
      }
    }
    if (this.showCursor && this.cursorDrawn()) {
      ctx.lineWidth = 2;
      ctx.strokeStyle = '#fff';
      ctx.setLineDash([4, 3]);
      ctx.strokeRect(left + this.cursor.col * s + 1, this.top(this.cursor.row) + 1, s - 2, s - 2);
      ctx.setLineDash([]);
    }
  }

  // ---- helpers ------------------------------------------------------------

  letters() {
    return this.ref('marks').checked || this.app.colors() > 5;
  }

  stopActivities() {
    super.stopActivities();
    this.stopSolving({ adopt: false });
    this.stopCompare();
  }

  afterOpen() {
    this.reasons.clear();
    // After a reload of the tab: the strategy it had (its Step reasons come back with it).
    const back = this.restoreKept();
    if (back && back.link === this.app.link() && ['greedy', 'solver'].includes(back.strategy)) this.ref('strategy').value = back.strategy;
    this.stopActivities();
    this.plan = null;
    this.followed = null;
    this.seedEdited = false;
    this.selection = null;
    this.ref('solve-progress').textContent = '';
    this.showCompare(false);
    this.cursor = { col: 0, row: 0 };
    this.syncControls();
    // Back on the position left: the solver's plan it had (Step and Play follow it again), and the
    // line Step was keeping to when a better one came (taken first, so that the plan keeps it as then).
    if (back && back.link === this.app.link()) {
      if (back.followed) {
        this.restorePlan(back.followed);
        this.followedSaid = this.plan;
      }
      this.restorePlan(back.plan);
      // The search's readout, as it ended (its clock and workers are gone with it).
      const p = this.plan;
      if (p) this.ref('solve-progress').textContent = `Best found: ${plural(p.score, 'point')}${p.cleared ? ', clears the board' : ''}, ${plural(p.moves.length / 2, 'move')} (kept from the last search)`;
    }
    this.changed({ fresh: true });
    this.resize();
    this.shell.announce(`Same Game: ${this.boardWords()}.`);
    // A board written unsettled (a link typed by hand) is shown as the rules settle it: said, not done silently.
    const note = this.app.openNote();
    if (note) this.shell.message(note, true);
  }

  /** The board in words: size, colours, balls left, moves made and score. */
  boardWords() {
    const app = this.app;
    const made = app.moves() ? `, ${plural(app.moves(), 'move')} made, score ${app.score()}` : '';
    return `${app.width()} × ${app.height()}, ${plural(app.colors(), 'colour')}, ${plural(app.balls(), 'ball')} left${made}`;
  }

  syncControls() {
    this.ref('width').value = this.app.width();
    this.ref('height').value = this.app.height();
    this.ref('colors').value = this.app.colors();
    this.ref('seed').value = this.app.seed() >= 0 ? this.app.seed() : '';
    const preset = Object.entries(PRESETS).find(
      ([, p]) => p.w === this.app.width() && p.h === this.app.height() && p.colors === this.app.colors(),
    );
    this.ref('preset').value = preset ? preset[0] : 'custom';
  }

  // ---- moves -------------------------------------------------------------

  /**
   * Runs an engine call that may make a move. A running animation is
   * finished first (no press is dropped); the move's falls are animated.
   */
  act(call) {
    this.animator.finish();
    const before = this.app.cells();
    const t0 = performance.now();
    const moved = call();
    record(stats.engineCallMs, performance.now() - t0);
    // A press that is no move leaves the game-over result in view.
    if (moved || !this.app.isOver()) this.shell.message('');
    if (!moved) return false;
    this.forgetReason();
    this.selection = null;
    const falls = this.app.lastFalls();
    const removed = this.app.lastRemoved();
    this.changed({ animate: true });
    if (falls.length || removed.length) {
      const ms = this.autoplay.running ? Math.min(ANIMATION_MS, 700 / this.speed()) : ANIMATION_MS;
      // The game-over box, with its buttons, waits for the last move's falls (as the Mayan result does): shown at
      // once, it put New game and Undo where a quick second tap on the board landed.
      const overlay = this.ref('overlay');
      const over = !overlay.hidden;
      overlay.hidden = true;
      this.animator.start(ms, (t) => this.drawMove(t, before, falls, removed), () => {
        if (over && this.app?.isOver()) {
          overlay.hidden = false;
          this.fitOverlay();
        }
        this.draw();
      });
    }
    return true;
  }

  /** A frame of the last move: removed balls shrink, the others fall and slide. */
  drawMove(t, before, falls, removed) {
    const { ctx } = this;
    const { s, left } = this.geom;
    const w = this.app.width();
    const h = this.app.height();
    ctx.fillStyle = '#222';
    ctx.fillRect(left, 0, w * s, h * s);
    frameBoard(ctx, left, 0, w * s, h * s);
    const ease = 1 - (1 - t) * (1 - t);
    const letters = this.letters();
    const ball = (x, y, color, scale) => paintBall(ctx, x, y, s, color, scale, null, letters ? this.app.colorLetter(color) : null);
    for (let i = 0; i < removed.length; i += 2) {
      const [c, r] = [removed[i], removed[i + 1]];
      ball(left + c * s, this.top(r), before[r * w + c], 1 - t);
    }
    for (let i = 0; i < falls.length; i += 4) {
      const [fc, fr, tc, tr] = [falls[i], falls[i + 1], falls[i + 2], falls[i + 3]];
      const x = left + (fc + (tc - fc) * ease) * s;
      const y = this.top(fr) + (this.top(tr) - this.top(fr)) * ease;
      ball(x, y, before[fr * w + fc], 1);
    }
  }

  /** The solver plan's next move from the current position, or null. */
  planMove() {
    const link = this.app.link();
    for (const plan of [this.plan, this.followed]) {
      const i = plan ? plan.links.indexOf(link) : -1;
      if (i >= 0 && 2 * i < plan.moves.length) return { col: plan.moves[2 * i], row: plan.moves[2 * i + 1], index: i, plan };
    }
    return null;
  }

  play() {
    if (this.autoplay.running || this.app.isOver()) return;
    this.autoplay.start(() => this.step() && !this.app.isOver(), () => this.speed());
  }

  // ---- the solver (in a Web Worker) and the comparison ---------------------

  /**
   * Solve: the solver thinks for the chosen seconds on as many workers as
   * the machine offers (solverWorkerCount), each searching its own way; the
   * best line of all is kept and shown live (score, time against the
   * budget), and becomes the plan that Step and Play follow.
   */
  solve() {
    this.stopSolving();
    const seconds = thinkSeconds(this.ref('think').value);
    if (seconds === null) {
      this.shell.message('Think for: a whole number of seconds from 1 to 600.', true);
      return;
    }
    if (this.app.isOver()) {
      // (A board opened over — a link — has nothing to undo or restart to: New game is the way on.)
      const back = this.app.moves() > 0 ? 'Undo or Restart first' : 'New game deals another board';
      this.shell.message(`No move is left here: nothing to solve. ${back}.`, true);
      return;
    }
    save('samegame.thinkSeconds', seconds);
    this.shell.message('');
    const startLink = this.app.link();
    const workers = solverWorkerCount();
    // A plan this position lies on (Solve again, here or after steps along it): its line stays the plan unless the
    // new search finds a better one (a second search stopped early replaced 1,936 points by 1,916).
    const startScore = this.app.score();
    const kept = [this.followed, this.plan].find((p) => p?.links.includes(startLink)) ?? null;
    const keptTotal = kept ? kept.startScore + kept.score : -Infinity;
    const run = {
      startLink,
      seconds,
      workers,
      started: performance.now(),
      best: null, // the best line of all workers: { score, cleared, moves }
      adopted: null, // the line the plan holds
      finished: 0,
      exhaustive: false,
      memory: 0,
      nodes: new Array(workers).fill(0),
      errors: [],
      timer: 0,
      ended: '',
    };
    this.solveRun = run;
    this.lastSolve = run;
    const progress = this.ref('solve-progress');
    const show = (adopt = true) => {
      if (this.solveRun !== run && !run.ended) return;
      if (adopt && run.best && run.adopted !== run.best && startScore + run.best.score > keptTotal) {
        run.adopted = run.best;
        this.adoptPlan(startLink, run.best);
      }
      // The plan kept is the better line so far: said, with its points in all.
      const keeps = kept && run.best && !run.adopted && (this.plan === kept || this.followed === kept);
      const keptSaid = keeps ? ` · the plan kept is better: ${plural(keptTotal, 'point')} in all` : '';
      const elapsed = Math.min(seconds, (performance.now() - run.started) / 1000);
      const best = run.best
        ? `Best so far: ${plural(run.best.score, 'point')}${run.best.cleared ? ', clears the board' : ''}, ${plural(run.best.moves.length / 2, 'move')}`
        : 'Solving…';
      // Whole seconds gone (not rounded up: "3 s of 3 s" would say the time is up while the search runs).
      const clock = run.ended ? '' : ` · ${Math.floor(elapsed)} s of ${seconds} s`;
      // Positions are counted from the workers' final reports: shown once
      // every worker has finished by itself.
      const positions = run.nodes.reduce((a, b) => a + b, 0);
      const complete = run.finished === workers && run.errors.length === 0;
      const who = ` · ${plural(workers, 'worker')}${complete ? `, ${positions.toLocaleString('en-US')} positions` : ''}`;
      const errors = run.errors.length ? ` · ${run.errors.join('; ')}` : '';
      progress.textContent = `${best}${keptSaid}${clock}${who}${errors}${run.ended ? ` (${run.ended})` : ''}`;
      this.updateButtons();
    };
    run.show = show;
    // Solve is disabled while the search runs: a keyboard user's focus goes to Stop.
    const fromSolve = document.activeElement === this.ref('solve');
    this.ref('solve').disabled = true;
    this.ref('stop-solve').disabled = false;
    // (Without scrolling: it stands beside Solve.)
    if (fromSolve) this.ref('stop-solve').focus({ preventScroll: true });
    progress.textContent = 'Solving…';
    // The game's seed (1 for a board link); `solveSeed` lets a benchmark script
    // run other seeds (scripts/bench-browser.mjs).
    const seed = this.solveSeed ?? (this.app.seed() >= 0 ? this.app.seed() : 1);
    try {
      this.solver.start({ game: 'samegame', board: this.app.text(), seed, seconds }, (data, thread) => {
        if (!this.root || this.solveRun !== run) return;
        if (data.error) {
          // A worker that fails (out of memory, say) ends; the others and the
          // best line so far stay.
          run.errors.push(`worker ${thread + 1} stopped: ${data.error}`);
          run.finished += 1;
        } else if (data.started) {
          return;
        } else {
          if (typeof data.nodes === 'number') run.nodes[thread] = data.nodes;
          if (!run.best || data.score > run.best.score) run.best = { score: data.score, cleared: data.cleared, moves: data.moves };
          if (data.done) {
            run.finished += 1;
            run.elapsed = Math.max(run.elapsed ?? 0, data.elapsed);
            run.exhaustive ||= data.exhaustive;
            run.memory = Math.max(run.memory, data.memory);
          }
        }
        if (run.finished === workers || run.exhaustive) {
          if (run.exhaustive) run.ended = 'done: searched exhaustively';
          else if (run.errors.length === workers) run.ended = 'failed';
          else run.ended = 'done';
          this.stopSolving();
        }
      }, workers);
      run.timer = setInterval(show, 250);
    } catch (e) {
      this.solver.stop();
      clearInterval(run.timer);
      progress.textContent = `Solver failed: ${e.message}`;
      this.solveRun = null;
      this.updateButtons();
    }
  }

  /**
   * Stops the search at once; the best line so far stays as the plan. With
   * `{ adopt: false }` (the game is changing) the line is not adopted.
   */
  stopSolving({ adopt = true } = {}) {
    this.solver.stop();
    const run = this.solveRun;
    // Stop is disabled once the search ends: focus on it goes back to Solve.
    const fromStop = this.root && document.activeElement === this.ref('stop-solve');
    if (run) {
      clearInterval(run.timer);
      this.solveRun = null;
      if (!run.ended) run.ended = 'stopped';
      if (this.root) {
        run.show(adopt);
        this.shell.announce(this.ref('solve-progress').textContent);
      }
    }
    if (this.root) this.updateButtons();
    // (Without scrolling, as updateButtons hands it over.)
    if (fromStop) this.ref('solve').focus({ preventScroll: true });
  }

  /** Keeps the solver's moves with the link of each position along them. */
  adoptPlan(startLink, data) {
    const sim = new this.bindings.SameGameApp();
    try {
      sim.openLink(startLink);
      // The points the game had made when the plan took over (its line's score counts from there).
      const startScore = sim.score();
      const links = [sim.link()];
      let biggest = null; // the line's biggest move: the color it saves up
      for (let i = 0; i < data.moves.length; i += 2) {
        const [col, row] = [data.moves[i], data.moves[i + 1]];
        const size = sim.clusterAt(col, row).length / 2;
        if (!biggest || size > biggest.size) biggest = { color: sim.colorLetter(sim.cells()[row * sim.width() + col]), size, points: (size - 2) ** 2, move: i / 2 + 1 };
        sim.click(col, row);
        links.push(sim.link());
      }
      const plan = { links, moves: data.moves, score: data.score, startScore, cleared: data.cleared, startLink, biggest, insights: new Map() };
      // A better line that does not pass through the position the game has
      // stepped to along the plan so far: Step and Play keep to that plan
      // (a Step while the search runs is not stranded), and that is said.
      const following = this.planMove();
      const here = this.app.link();
      this.followed = following && following.index > 0 && !links.includes(here) ? following.plan : null;
      if (this.followed && this.followed !== this.followedSaid) {
        this.followedSaid = this.followed;
        this.shell.message(`The solver found a better line (${plural(data.score, 'point')}) from where Solve started; Step and Play keep to the line being played (${plural(this.followed.score, 'point')}). Undo to the start to follow the better one.`);
      }
      this.plan = plan;
    } finally {
      sim.free();
    }
    this.updateButtons();
    if (this.ref('strategy').value === 'solver') this.changed({ quiet: true });
  }

  /**
   * Said with each move of a line kept for Step (`followed`) while the
   * solver's best line starts elsewhere: why the two scores differ.
   */
  followNote(plan) {
    if (!this.plan || plan === this.plan) return '';
    return ` Step keeps to this line, the one being played; the solver's best line (${plural(this.plan.score, 'point')}) starts where Solve started: Undo to there to follow it.`;
  }

  /**
   * Why the plan makes its move `i`, for class, beside greedy's reason: the
   * move, the line's final score, the color the line saves up for its
   * biggest move, and what becomes of the cluster greedy would take here (how many
   * other clusters the line removes first, and how big it has grown when
   * the line takes it). Worked out by playing the line on a copy, following
   * greedy's balls as they fall; kept per plan and move.
   */
  planInsight(i, plan = this.plan) {
    if (plan.insights.has(i)) return plan.insights.get(i);
    const sim = new this.bindings.SameGameApp();
    let text;
    try {
      sim.openLink(plan.links[i]);
      const m = plan.moves;
      const n = m.length / 2;
      const w = sim.width();
      const color = (col, row) => sim.colorLetter(sim.cells()[row * w + col]);
      const [col, row] = [m[2 * i], m[2 * i + 1]];
      // The cluster named by its anchor (first in the list): the ball the move log names, not whichever the line clicks.
      const [ac, ar, ...rest] = sim.clusterAt(col, row);
      const size = rest.length / 2 + 1;
      // The game's final score: what it had when the plan took over, and the line's points.
      const ends = plan.startScore
        ? `the game ends at ${plural(plan.startScore + plan.score, 'point')} (the line's ${plan.score} added to the ${plan.startScore} made before it)`
        : `the line ends at ${plural(plan.score, 'point')}`;
      const parts = [
        `Solver plan: move ${i + 1} of ${n}: ${plural(size, 'ball')} of color ${color(col, row)} at column ${ac + 1}, row ${ar + 1}, ${plural((size - 2) ** 2, 'point')} now; ${ends}${plan.cleared ? ' with the board cleared' : ''}`,
        // The colour saved up: ahead, this move, or done.
        i + 1 < plan.biggest.move
          ? `it saves color ${plan.biggest.color} for its biggest move (move ${plan.biggest.move}: ${plural(plan.biggest.size, 'ball')}, ${plural(plan.biggest.points, 'point')})`
          : i + 1 === plan.biggest.move
            ? `this is its biggest move: the color ${plan.biggest.color} it saved up (${plural(plan.biggest.points, 'point')})`
            : `its biggest move is behind it (move ${plan.biggest.move}: ${plural(plan.biggest.size, 'ball')} of color ${plan.biggest.color}, ${plural(plan.biggest.points, 'point')})`,
      ];
      const g = sim.greedyCluster();
      const key = (c, r) => c * 256 + r;
      let tracked = new Set();
      for (let k = 0; k < g.length; k += 2) tracked.add(key(g[k], g[k + 1]));
      if (tracked.has(key(col, row))) {
        parts.push('greedy would take this cluster too');
      } else {
        const gSize = g.length / 2;
        const greedy = `greedy would take the ${plural(gSize, 'ball')} of color ${color(g[0], g[1])} at column ${g[0] + 1}, row ${g[1] + 1} now (${plural((gSize - 2) ** 2, 'point')})`;
        let taken = null;
        for (let j = i; j < n && !taken; j++) {
          sim.click(m[2 * j], m[2 * j + 1]);
          const removed = sim.lastRemoved();
          let mine = 0;
          for (let k = 0; k < removed.length; k += 2) if (tracked.has(key(removed[k], removed[k + 1]))) mine += 1;
          if (mine > 0) taken = { at: j, size: removed.length / 2, mine };
          const falls = sim.lastFalls();
          const moved = new Map();
          for (let k = 0; k < falls.length; k += 4) moved.set(key(falls[k], falls[k + 1]), key(falls[k + 2], falls[k + 3]));
          tracked = new Set([...tracked].map((c) => moved.get(c) ?? c));
        }
        parts.push(taken
          ? `${greedy}; the line removes this cluster${taken.at - i > 1 ? ` and ${plural(taken.at - i - 1, 'other')}` : ''} first and takes ${taken.mine === gSize ? 'those balls' : `${taken.mine} of those balls`} at move ${taken.at + 1} in a cluster of ${taken.size} (${plural((taken.size - 2) ** 2, 'point')})`
          : `${greedy}; the line never removes those balls`);
      }
      text = `${parts.join('; ')}.`;
    } catch {
      text = `Solver plan: move ${i + 1} of ${plan.moves.length / 2}.`;
    } finally {
      sim.free();
    }
    plan.insights.set(i, text);
    return text;
  }

  stopCompare() {
    const run = this.compareRun;
    if (!run) return;
    clearInterval(run.timer);
    run.greedy.free();
    run.solver.free();
    this.compareRun = null;
  }

  /**
   * Shows or hides the comparison's boards; in present mode the lines under
   * the board are placed again (stacked, they share a row with the panels,
   * not while the boards take the side column: placeExplanation).
   */
  showCompare(on) {
    const view = this.ref('compare-view');
    if (view.hidden === !on) return;
    view.hidden = !on;
    if (document.body.classList.contains('present')) this.placeExplanation(true);
  }

  /**
   * Close comparison: stops it and takes its boards away (the game's board
   * gets its room back), the game as it was; the focus goes to Compare,
   * which plays it again.
   */
  closeCompare() {
    const focused = this.ref('compare-view').contains(document.activeElement);
    this.stopCompare();
    this.showCompare(false);
    this.shell.announce('Comparison closed.');
    if (focused) (this.ref('compare').disabled ? this.canvas : this.ref('compare')).focus();
  }

  /** Plays greedy and the solver's plan from the plan's start side by side. */
  compare() {
    this.stopCompare();
    if (!this.plan) {
      this.shell.message('Press Solve first: the comparison plays the solver\'s moves beside greedy.', true);
      return;
    }
    this.showCompare(true);
    const make = () => {
      const a = new this.bindings.SameGameApp();
      try {
        a.openLink(this.plan.startLink);
      } catch (e) {
        a.free();
        throw e;
      }
      return a;
    };
    const greedy = make();
    let solver;
    try {
      solver = make();
    } catch (e) {
      greedy.free();
      this.shell.message(`Compare: ${e.message}`, true);
      return;
    }
    const run = { timer: 0, greedy, solver };
    this.compareRun = run;
    const side = this.ref('compare-view').clientWidth || 400;
    // In present mode (a class watching) the boards may take a third of the screen's height.
    const tall = document.body.classList.contains('present') ? Math.max(220, innerHeight / 3) : 220;
    const s = Math.max(4, Math.floor(Math.min((side / 2 - 12) / greedy.width(), tall / greedy.height())));
    for (const id of ['cmp-greedy', 'cmp-solver']) sizeCanvas(this.ref(id), s * greedy.width(), s * greedy.height());
    // The boards push the explanation down the side column: in present mode it is fitted again.
    this.fitExplanation();
    // Counted from where Solve started, as the plan's line is (its score is the line's, not the game's).
    const base = solver.moves();
    const baseScore = solver.score();
    const moves = this.plan.moves;
    let i = 0;
    const marks = this.ref('marks').checked;
    const show = () => {
      paintBoard(this.ref('cmp-greedy'), greedy, s, marks);
      paintBoard(this.ref('cmp-solver'), solver, s, marks);
      const info = (a, over) => `Score ${a.score() - baseScore} · ${plural(a.moves() - base, 'move')}${over ? ' · finished' : ''}`;
      this.ref('cmp-greedy-info').textContent = info(greedy, greedy.isOver());
      this.ref('cmp-solver-info').textContent = info(solver, 2 * i >= moves.length);
    };
    show();
    this.shell.announce('Compare: greedy and the solver\'s line play side by side from where Solve started.');
    run.timer = setInterval(() => {
      const g = greedy.step();
      const more = 2 * i < moves.length;
      if (more) {
        solver.click(moves[2 * i], moves[2 * i + 1]);
        i++;
      }
      show();
      if (!g && !more) {
        const ends = (a) => `${plural(a.score() - baseScore, 'point')} in ${plural(a.moves() - base, 'move')}${a.balls() === 0 ? ', board cleared' : ''}`;
        this.shell.announce(`Compare finished: greedy ${ends(greedy)}; the solver ${ends(solver)}.`);
        this.stopCompare();
      }
    }, 1000 / Math.max(2, this.speed()));
  }

  // ---- after every change ----------------------------------------------

  /** After any change: log, score, the strategy's next move, the address, the drawing. */
  changed({ fresh = false, quiet = false } = {}) {
    const app = this.app;
    if (!quiet) this.selection = null;
    // The hint's outline goes with any change: so does its line in the status.
    if (this.hinted && document.getElementById('message')?.textContent === this.hintText) this.shell.message('');
    this.hinted = null;
    const over = app.isOver();
    const solver = this.ref('strategy').value === 'solver';
    const planned = solver ? this.planMove() : null;
    if (solver) {
      this.next = planned ? Array.from(app.clusterAt(planned.col, planned.row)) : [];
    } else {
      this.next = over || !this.ref('show-next').checked ? [] : Array.from(app.greedyCluster());
    }
    const log = app.log();
    setLog(this.ref('log'), log);
    const balls = app.balls();
    this.showLine(`Score ${app.score()} · Moves ${app.moves()} · Balls left ${balls}`, `Score ${app.score()} · Moves ${app.moves()} · Balls ${balls}`);
    this.updateWhy(planned);
    this.updateButtons();
    this.showOverlay(over);
    if (over) {
      this.autoplay.stop();
      this.ref('overlay-text').textContent = app.overText();
      this.ref('overlay-undo').disabled = app.moves() === 0;
      this.fitOverlay();
      this.shell.message(app.overText());
    }
    if (quiet) {
      /* nothing new to say */
    } else if (this.undid) {
      const where = app.moves() ? `${plural(app.moves(), 'move')} made` : 'back at the start';
      this.shell.announce(`Undid ${plural(this.undid, 'move')}: ${where}, score ${app.score()}, ${plural(balls, 'ball')} left.`);
    } else if (!fresh) {
      const lines = log.trimEnd().split('\n');
      this.shell.announce(over ? `${spokenMove(lines.at(-2) ?? '')} ${app.overText()}` : spokenMove(lines.at(-1)) || 'Back at the start.');
    } else if (over) {
      this.shell.announce(app.overText());
    }
    this.shell.linkChanged();
    this.refreshReadout();
    this.draw();
  }

  /** What a reload of the tab finds again (BoardGame.keepForReload): the strategy, for the position left. */
  keptState() {
    const line = (p) => p && { startLink: p.startLink, moves: Array.from(p.moves), score: p.score, cleared: p.cleared };
    return { link: this.app.link(), strategy: this.ref('strategy').value, plan: line(this.plan), followed: line(this.followed) };
  }

  /**
   * Takes back a plan kept over a reload or a visit to another game
   * (`keptState`), when its line replays to the points it claims from the
   * start it names; anything else is left out.
   */
  restorePlan(kept) {
    if (!kept || typeof kept !== 'object' || typeof kept.startLink !== 'string' || !Array.isArray(kept.moves)) return;
    const { moves, score, cleared } = kept;
    if (moves.length % 2 || moves.length > 2 * MAX_PLAN_MOVES || !moves.every((v) => Number.isInteger(v) && v >= 0) || !Number.isInteger(score) || typeof cleared !== 'boolean') return;
    const sim = new this.bindings.SameGameApp();
    try {
      sim.openLink(kept.startLink);
      if (startOf(sim.link()) !== startOf(this.app.link())) return;
      const before = sim.score();
      for (let i = 0; i < moves.length; i += 2) if (!sim.click(moves[i], moves[i + 1])) return;
      if (sim.score() - before !== score || (sim.balls() === 0) !== cleared) return;
    } catch {
      return;
    } finally {
      sim.free();
    }
    this.adoptPlan(kept.startLink, { moves, score, cleared });
  }

  updateWhy(planned = undefined) {
    const app = this.app;
    let text;
    if (this.ref('strategy').value === 'solver') {
      // As for greedy: the next move when "Show greedy's next move" (the
      // strategy's) is on, else the reason for the last Step.
      const p = planned === undefined ? this.planMove() : planned;
      const reason = this.reasonHere();
      if (!p) text = app.isOver() ? reason || 'The game is over.' : `${reason ? `${reason} ` : ''}No solver plan for this position: press Solve.`;
      // After a Step: its reason, then the next move's first clause (the rest would say most of it again).
      else if (this.ref('show-next').checked) {
        const next = `${this.planInsight(p.index, p.plan)}${this.followNote(p.plan)}`;
        text = reason ? withLast(reason, `${next.split(';')[0].replace(/^Solver plan: /, '')}.`) : next;
      }
      else text = reason || `The solver's plan from here: ${plural(p.plan.moves.length / 2 - p.index, 'move')}, the line ending at ${p.plan.score} points: Step or Play follows it.`;
    } else if (this.ref('show-next').checked) {
      text = app.isOver() ? this.reasonHere() || app.greedyReason() : withLast(this.reasonHere(), app.greedyReason());
    } else {
      text = this.reasonHere();
    }
    this.ref('why').textContent = namedColors(text);
  }

  explainMove(text) {
    super.explainMove(text);
    this.updateWhy();
  }

  /**
   * Present mode (a class watching) shows greedy's next move, as issue 14
   * asks: turned on while presenting when it was off (not saved), and off
   * again on leaving unless the player set it meanwhile. `mounting`: the
   * game is being built in present mode (its position comes later).
   */
  presentChanged(on, mounting = false) {
    const box = this.ref('show-next');
    if (!box) return;
    if (on && !box.checked) {
      box.checked = true;
      this.nextForPresent = true;
    } else if (!on && this.nextForPresent) {
      box.checked = false;
      this.nextForPresent = false;
    } else {
      return;
    }
    if (!mounting) this.changed({ quiet: true });
  }

  settingsChanged() {
    this.updateWhy();
    this.draw();
  }

  setButtons() {
    const app = this.app;
    if (!app) return;
    const over = app.isOver();
    const solver = this.ref('strategy').value === 'solver';
    const canStep = !over && (!solver || this.planMove() !== null);
    this.ref('undo').disabled = app.moves() === 0;
    this.ref('redo').disabled = !app.canRedo();
    this.ref('step').disabled = !canStep;
    this.ref('play').disabled = this.autoplay.running || !canStep;
    this.ref('pause').disabled = !this.autoplay.running;
    this.ref('solve').disabled = this.solver.running;
    this.ref('stop-solve').disabled = !this.solver.running;
    // Compare plays the solver's line: there is one once Solve has run.
    this.ref('compare').disabled = !this.plan;
  }

  /** A cell's ball and cluster in words, its colour first (named as the palette draws it): a screen reader hears it too. */
  cellText(col, row) {
    const described = this.app.describeCell(col, row);
    const letter = described ? this.app.colorLetter(this.app.cells()[row * this.app.width() + col]) : '';
    return letter ? namedColors(`color ${letter}, ${described}`) : described;
  }

  refreshReadout() {
    const readout = this.ref('readout');
    let cell = null;
    if (this.selection) cell = { col: this.selection[0], row: this.selection[1] };
    else if (this.pointerCell) cell = this.pointerCell;
    else if (this.showCursor && document.activeElement === this.canvas) cell = this.cursor;
    if (cell && cell.col < this.app.width() && cell.row < this.app.height()) {
      const cells = this.app.clusterAt(cell.col, cell.row);
      this.hover = this.selection ? null : cells.length >= 4 ? Array.from(cells) : null;
      // The keyboard's cursor on an emptied cell is said to be on one (a pointer there says nothing); the cursor's
      // cell is said with where it is, as the other games' boards say theirs (the board's description on focus).
      const text = cell === this.cursor
        ? `Column ${cell.col + 1}, row ${cell.row + 1}: ${this.cellText(cell.col, cell.row) || 'empty'}`
        : this.cellText(cell.col, cell.row);
      readout.textContent = this.selection ? `${text} — tap it again to remove it` : text;
    } else {
      this.hover = null;
      readout.textContent = this.fitNote ?? '';
    }
  }

  // ---- input -----------------------------------------------------------

  cellAt(event) {
    return this.cellUnder(event);
  }

  pointTo(cell) {
    const same = (a, b) => (a === null && b === null) || (a && b && a.col === b.col && a.row === b.row);
    if (same(cell, this.pointerCell)) return;
    this.pointerCell = cell;
    this.refreshReadout();
    this.draw();
  }

  /** A tap on a touch screen: the first selects a cluster, a second on it removes it. */
  tap(cell) {
    this.animator.finish();
    const sel = this.selection;
    let inSelection = false;
    for (let i = 0; sel && i < sel.length; i += 2) {
      if (sel[i] === cell.col && sel[i + 1] === cell.row) inSelection = true;
    }
    if (inSelection) {
      this.selection = null;
      this.act(() => this.app.click(cell.col, cell.row));
      return;
    }
    const cells = Array.from(this.app.clusterAt(cell.col, cell.row));
    // The tapped cell first (the readout describes it), then its cluster.
    this.selection = cells.length >= 4 ? [cell.col, cell.row, ...cells] : null;
    // A lone ball: the readout keeps describing it ("a single ball cannot be
    // removed") until the next input, through refits of the page too.
    this.pointerCell = this.selection ? null : cell;
    this.refreshReadout();
    // Said too: what the tap selected and what a second tap does.
    this.shell.announce(this.ref('readout').textContent);
    this.draw();
  }

  /** Arrow keys, Enter and Space on the focused board; true when handled. */
  boardKey(e) {
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (moves[e.key]) {
      const [dc, dr] = moves[e.key];
      this.showCursor = true;
      this.selection = null;
      this.pointerCell = null;
      this.cursor.col = Math.min(this.app.width() - 1, Math.max(0, this.cursor.col + dc));
      this.cursor.row = Math.min(this.app.height() - 1, Math.max(0, this.cursor.row + dr));
      this.keepInView(this.cursor.col, this.cursor.row);
      this.refreshReadout();
      this.draw();
      this.shell.announce(this.ref('readout').textContent);
      return true;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      this.showCursor = true;
      this.selection = null;
      this.pointerCell = null;
      const moved = this.act(() => this.app.click(this.cursor.col, this.cursor.row));
      this.refreshReadout();
      this.draw();
      // A press that removes nothing says why, as the readout shows it (a click there is just nothing).
      if (!moved && !this.app.isOver()) this.shell.message(`Nothing removed at column ${this.cursor.col + 1}, row ${this.cursor.row + 1}: ${this.cellText(this.cursor.col, this.cursor.row) || 'no ball there'}.`);
      // Once the game is over: said (the result stays in the status line), not nothing.
      else if (!moved) this.shell.announce(this.overHelp());
      return true;
    }
    return false;
  }

  bind() {
    const c = this.canvas;
    let pointerType = 'mouse';
    c.addEventListener('pointerdown', (e) => {
      pointerType = e.pointerType;
    });
    c.addEventListener('pointermove', (e) => {
      if (e.pointerType === 'touch') return;
      this.pointTo(this.cellAt(e));
    });
    c.addEventListener('pointerleave', (e) => {
      if (e.pointerType !== 'touch') this.pointTo(null);
    });
    c.addEventListener('click', (e) => {
      const cell = this.cellAt(e);
      this.showCursor = false;
      if (!cell) return;
      this.cursor = { ...cell };
      if (pointerType === 'touch' || pointerType === 'pen') {
        this.tap(cell);
      } else {
        this.act(() => this.app.click(cell.col, cell.row));
      }
      pointerType = 'mouse';
    });
    const on = (name, event, f) => this.ref(name).addEventListener(event, f);
    on('new-game', 'click', () => this.newGame());
    on('overlay-new', 'click', () => this.newGame());
    on('restart', 'click', () => this.restart());
    on('undo', 'click', () => this.undo());
    on('overlay-undo', 'click', () => this.undo());
    on('redo', 'click', () => this.redo());
    on('step', 'click', () => this.step());
    on('play', 'click', () => this.play());
    on('pause', 'click', () => this.pause());
    on('speed', 'input', () => {
      this.showSpeed();
      save('samegame.speed', this.speed());
    });
    on('marks', 'change', () => {
      save('samegame.letters', this.ref('marks').checked);
      this.draw();
    });
    on('show-next', 'change', () => {
      // The player's choice, kept (present mode no longer turns it back off on leaving).
      this.nextForPresent = false;
      save('samegame.showNext', this.ref('show-next').checked);
      this.changed({ quiet: true });
      // The preview now shown under the board is said (turned off, the check box's state says enough).
      const preview = this.ref('why').textContent;
      if (this.ref('show-next').checked && preview) this.shell.announce(preview);
    });
    on('poj-load', 'click', () => this.loadPoj());
    on('solve', 'click', () => this.solve());
    // A valid Think for is kept as it is set (not only when Solve is pressed).
    on('think', 'change', () => {
      const seconds = thinkSeconds(this.ref('think').value);
      if (seconds !== null) save('samegame.thinkSeconds', seconds);
    });
    on('stop-solve', 'click', () => this.stopSolving());
    on('compare', 'click', () => this.compare());
    on('close-compare', 'click', () => this.closeCompare());
    on('strategy', 'change', () => {
      this.autoplay.stop();
      this.changed({ quiet: true });
    });
    actOnChoice(this.ref('preset'), () => {
      const p = PRESETS[this.ref('preset').value];
      // Custom deals nothing by itself: said (the list's prompt stayed, and Enter did nothing).
      if (!p) {
        this.shell.message('Preset: Custom — set Width, Height and Colours, then Enter in one of them or New game.');
        return;
      }
      this.ref('width').value = p.w;
      this.ref('height').value = p.h;
      this.ref('colors').value = p.colors;
      this.newGame();
    }, (t) => this.shell.message(t), 'Preset');
    on('seed', 'input', () => {
      this.seedEdited = true;
    });
    for (const id of ['width', 'height', 'colors']) on(id, 'input', () => {
      this.ref('preset').value = 'custom';
    });
  }

  loadPoj() {
    const number = Number(this.ref('poj-game').value);
    if (!Number.isInteger(number) || number < 1 || number > 1e6) {
      this.shell.message('POJ input: the game number is a whole number from 1 to 1,000,000.', true);
      return;
    }
    let count;
    try {
      this.leave();
      count = this.app.loadPoj(this.ref('poj-input').value, number);
    } catch (e) {
      this.shell.message(e.message, true);
      return;
    }
    this.opened();
    this.shell.message(`Loaded game ${number} of ${count} from the POJ input.`);
  }

  // ---- sizing and drawing ----------------------------------------------

  /** Fits the board to the space left in the viewport, with axis labels if they fit. */
  layBoard() {
    if (!this.root || !this.app) return;
    const wrap = this.ref('wrap');
    this.fit.mark();
    const w = this.app.width();
    const h = this.app.height();
    const geom = fitBoard(wrap, w, h, this.reserveBelow(), minCell(), true);
    const { s, left, bottom, fits } = geom;
    this.geom = { s, left, bottom };
    this.wantedBoardHeight = h * geom.wide.s + geom.wide.bottom;
    // Cells of the least size that are still too many for the width: the board scrolls sideways in its box. Too many
    // for the height only: the board runs on below the screen's edge, and the page scrolls (its box does not).
    // (Its box is at most 75 % of the window's height, style.css: a board taller than that scrolls both ways in it.)
    const sideways = !fits && left + w * s > wrap.clientWidth + 0.5;
    const both = sideways && h * s + bottom > 0.75 * innerHeight;
    this.fitNote = fits
      ? null
      : both
        ? `This ${w} × ${h} board is larger than the screen: scroll the board to see all of it.`
        : sideways
          ? `This ${w} × ${h} board is wider than the screen: scroll it sideways to see all of it.`
          : `This ${w} × ${h} board is taller than the room on the screen: scroll the page to see all of it.`;
    wrap.classList.toggle('scrolls', sideways);
    this.placeOverlay();
    sizeCanvas(this.canvas, left + w * s, h * s + bottom);
    this.fitOverlay();
    this.refreshReadout();
    this.draw();
  }

  drawAxes() {
    drawAxes(this.ctx, this.geom, this.app.width(), this.app.height(), 1, getComputedStyle(this.root).color);
  }

}
