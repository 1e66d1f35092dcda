// clearboard's page: drawing, pointer and keyboard input, controls, the log
// and the link in the address. Every rule, score and strategy comes from the
// Rust engine (window.wasmBindings, set by Trunk's loader); this file never
// decides what a move does.

const PRESETS = {
  poj: { w: 15, h: 10, colors: 3 },
  standard: { w: 15, h: 15, colors: 5 },
  small: { w: 6, h: 5, colors: 3 },
};

// Okabe–Ito colours (distinguishable with the common colour-vision
// deficiencies), in the order of the engine's letters R G B Y V O C P W.
const PALETTE = ['#d55e00', '#009e73', '#0072b2', '#f0e442', '#9b59b6', '#e69f00', '#56b4e9', '#cc79a7', '#f2f2f2'];
const ANIMATION_MS = 240;

const $ = (id) => document.getElementById(id);

/** Resolves with the wasm bindings whether Trunk's loader ran before or after us. */
function engine() {
  return new Promise((resolve) => {
    const done = () => {
      if (window.wasmBindings) {
        clearInterval(poll);
        resolve(window.wasmBindings);
      }
    };
    const poll = setInterval(done, 10);
    addEventListener('TrunkApplicationStarted', done, { once: true });
    done();
  });
}

/** What the page measures about itself (read by the browser tests). */
const stats = { frameGaps: [], animations: 0, engineCallMs: [] };
window.__clearboard = stats;

/** Paints one ball of colour `color` in the cell at (x, y), `s` pixels wide. */
function paintBall(ctx, x, y, s, color, scale, outline, letter) {
  const r = (s / 2 - 1.5) * scale;
  if (r <= 0) return;
  ctx.beginPath();
  ctx.arc(x + s / 2, y + s / 2, r, 0, Math.PI * 2);
  ctx.fillStyle = PALETTE[(color - 1) % PALETTE.length];
  ctx.fill();
  if (outline) {
    ctx.lineWidth = Math.max(2, s / 10);
    ctx.strokeStyle = outline;
    ctx.stroke();
  }
  if (letter && s >= 12) {
    ctx.fillStyle = color === 4 || color === 9 ? '#222' : '#fff';
    ctx.font = `600 ${Math.floor(s * 0.5)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(letter, x + s / 2, y + s / 2 + 1);
  }
}

/** Sizes a canvas to `cssW` × `cssH` CSS pixels at device resolution. */
function sizeCanvas(canvas, cssW, cssH) {
  const dpr = window.devicePixelRatio || 1;
  canvas.style.width = `${cssW}px`;
  canvas.style.height = `${cssH}px`;
  canvas.width = Math.round(cssW * dpr);
  canvas.height = Math.round(cssH * dpr);
  canvas.getContext('2d').setTransform(dpr, 0, 0, dpr, 0, 0);
}

/** Paints a whole board (an engine object) into a canvas of cell size `s`. */
function paintBoard(canvas, app, s, marks) {
  const ctx = canvas.getContext('2d');
  const w = app.width();
  const h = app.height();
  ctx.fillStyle = '#222';
  ctx.fillRect(0, 0, w * s, h * s);
  const cells = app.cells();
  for (let row = 0; row < h; row++) {
    for (let col = 0; col < w; col++) {
      const v = cells[row * w + col];
      if (v) paintBall(ctx, col * s, (h - 1 - row) * s, s, v, 1, null, marks ? app.colorLetter(v) : null);
    }
  }
}

class SameGamePage {
  constructor(bindings) {
    this.app = new bindings.SameGameApp();
    this.canvas = $('board');
    this.ctx = this.canvas.getContext('2d');
    this.cursor = { col: 0, row: 0 };
    this.hover = null; // cells [col,row,...] under the pointer
    this.next = []; // the cluster the chosen strategy takes next
    this.bindings = bindings;
    this.plan = null; // { links: [link before each move…], moves: [col,row,…], score, cleared }
    this.worker = null;
    this.compareTimer = null;
    this.anim = null; // { start, falls, removed, before }
    this.playTimer = null;
    this.cellSize = 24;
    this.reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
    this.bind();
    this.openFromAddress(true);
    new ResizeObserver(() => this.resize()).observe($('board-wrap'));
    addEventListener('hashchange', () => this.openFromAddress(false));
  }

  // ---- opening games -------------------------------------------------

  /** Opens the game in the address; a bad link leaves a default game and says why. */
  openFromAddress(first) {
    const hash = decodeURIComponent(location.hash.replace(/^#/, ''));
    if (!hash) {
      if (first) this.changed({ fresh: true });
      return;
    }
    if (hash === this.app.link()) return;
    try {
      this.app.openLink(hash);
      this.message('');
    } catch (e) {
      this.message(`This link could not be opened (${e.message}); showing a new game instead.`, true);
      if (first) this.app.newGame(15, 10, 3, 1);
    }
    this.syncControls();
    this.changed({ fresh: true });
  }

  newGame() {
    const w = Number($('width').value);
    const h = Number($('height').value);
    const colors = Number($('colors').value);
    const seed = Number($('seed').value);
    try {
      this.app.newGame(w, h, colors, seed);
      this.message('');
    } catch (e) {
      this.message(`New game: ${e.message}`, true);
      return;
    }
    this.changed({ fresh: true });
  }

  loadPoj() {
    try {
      const n = this.app.loadPoj($('poj-input').value, Number($('poj-game').value));
      this.message(`Loaded game ${$('poj-game').value} of ${n} from the POJ input.`);
    } catch (e) {
      this.message(e.message, true);
      return;
    }
    this.syncControls();
    this.changed({ fresh: true });
  }

  syncControls() {
    $('width').value = this.app.width();
    $('height').value = this.app.height();
    $('colors').value = this.app.colors();
    if (this.app.seed() >= 0) $('seed').value = this.app.seed();
    const preset = Object.entries(PRESETS).find(
      ([, p]) => p.w === this.app.width() && p.h === this.app.height() && p.colors === this.app.colors(),
    );
    $('preset').value = preset ? preset[0] : 'custom';
  }

  // ---- moves ---------------------------------------------------------

  /** Runs an engine call that may make a move; animates and updates everything after it. */
  act(call) {
    if (this.anim) return false; // input during an animation is ignored
    const before = this.app.cells();
    const t0 = performance.now();
    const moved = call();
    stats.engineCallMs.push(performance.now() - t0);
    if (!moved) return false;
    const falls = this.app.lastFalls();
    if (falls.length && !this.reducedMotion.matches) {
      this.anim = { start: performance.now(), last: null, falls, removed: this.app.lastRemoved(), before };
      stats.animations++;
      requestAnimationFrame((t) => this.frame(t));
    }
    this.changed({});
    return true;
  }

  click(col, row) {
    return this.act(() => this.app.click(col, row));
  }

  /** The solver plan's next move from the current position, or null. */
  planMove() {
    if (!this.plan) return null;
    const i = this.plan.links.indexOf(this.app.link());
    if (i < 0 || 2 * i >= this.plan.moves.length) return null;
    return { col: this.plan.moves[2 * i], row: this.plan.moves[2 * i + 1], index: i };
  }

  step() {
    if ($('strategy').value === 'solver') {
      const m = this.planMove();
      if (!m) {
        this.message(this.plan ? 'The position left the solver\'s plan: press Solve again.' : 'Press Solve first to get the solver\'s moves.', true);
        this.pause();
        return false;
      }
      return this.act(() => this.app.click(m.col, m.row));
    }
    return this.act(() => this.app.step());
  }

  // ---- the solver (in a Web Worker) and the comparison ---------------------

  engineUrls() {
    const js = document.querySelector('link[rel="modulepreload"]')?.href;
    const wasm = document.querySelector('link[rel="preload"][as="fetch"]')?.href;
    return { jsUrl: js, wasmUrl: wasm };
  }

  solve() {
    this.stopSolving();
    const startLink = this.app.link();
    const board = this.app.text();
    this.worker = new Worker(new URL('./solver-worker.js', document.baseURI), { type: 'module' });
    $('solve').disabled = true;
    $('stop-solve').disabled = false;
    $('solve-progress').textContent = 'Solving…';
    this.worker.onmessage = ({ data }) => {
      if (data.error) {
        $('solve-progress').textContent = `Solver failed: ${data.error}`;
        this.stopSolving();
        return;
      }
      if (data.done) {
        $('solve-progress').textContent += ' (done)';
        this.stopSolving();
        return;
      }
      this.adoptPlan(startLink, data);
      $('solve-progress').textContent = `Best so far: ${data.score} points${data.cleared ? ', clears the board' : ''}, ${data.moves.length / 2} moves (beam width ${data.width})`;
    };
    this.worker.postMessage({ ...this.engineUrls(), board, seed: Number($('seed').value) || 1 });
  }

  stopSolving() {
    if (this.worker) {
      this.worker.terminate();
      this.worker = null;
    }
    $('solve').disabled = false;
    $('stop-solve').disabled = true;
  }

  /** Keeps the solver's moves with the link of each position along them. */
  adoptPlan(startLink, data) {
    const sim = new this.bindings.SameGameApp();
    sim.openLink(startLink);
    const links = [sim.link()];
    for (let i = 0; i < data.moves.length; i += 2) {
      sim.click(data.moves[i], data.moves[i + 1]);
      links.push(sim.link());
    }
    sim.free();
    this.plan = { links, moves: data.moves, score: data.score, cleared: data.cleared, startLink };
    if ($('strategy').value === 'solver') this.changed({});
  }

  /** Plays greedy and the solver's plan from the plan's start side by side. */
  compare() {
    clearInterval(this.compareTimer);
    if (!this.plan) {
      this.message('Press Solve first: the comparison plays the solver\'s moves beside greedy.', true);
      return;
    }
    $('compare-view').hidden = false;
    const make = () => {
      const a = new this.bindings.SameGameApp();
      a.openLink(this.plan.startLink);
      return a;
    };
    const greedy = make();
    const solver = make();
    const s = Math.max(6, Math.floor(Math.min(280 / greedy.width(), 220 / greedy.height())));
    for (const id of ['cmp-greedy', 'cmp-solver']) sizeCanvas($(id), s * greedy.width(), s * greedy.height());
    const base = solver.moves();
    const moves = this.plan.moves;
    let i = 0;
    const show = () => {
      paintBoard($('cmp-greedy'), greedy, s, $('marks').checked);
      paintBoard($('cmp-solver'), solver, s, $('marks').checked);
      const info = (a, over) => `Score ${a.score()} · ${a.moves() - base} moves${over ? ' · finished' : ''}`;
      $('cmp-greedy-info').textContent = info(greedy, greedy.isOver());
      $('cmp-solver-info').textContent = info(solver, 2 * i >= moves.length);
    };
    show();
    this.compareTimer = setInterval(() => {
      const g = greedy.step();
      const more = 2 * i < moves.length;
      if (more) {
        solver.click(moves[2 * i], moves[2 * i + 1]);
        i++;
      }
      show();
      if (!g && !more) {
        clearInterval(this.compareTimer);
        greedy.free();
        solver.free();
      }
    }, 1000 / Math.max(2, Number($('speed').value)));
  }

  undo() {
    this.stopAnimation();
    if (this.app.undo()) this.changed({});
  }

  redo() {
    this.stopAnimation();
    if (this.app.redo()) this.changed({});
  }

  restart() {
    this.pause();
    this.stopAnimation();
    this.app.restart();
    this.changed({});
  }

  play() {
    if (this.playTimer || this.app.isOver()) return;
    $('play').disabled = true;
    $('pause').disabled = false;
    const tick = () => {
      if (this.app.isOver()) return this.pause();
      if (!this.anim) this.step();
      this.playTimer = setTimeout(tick, 1000 / Number($('speed').value));
    };
    this.playTimer = setTimeout(tick, 0);
  }

  pause() {
    clearTimeout(this.playTimer);
    this.playTimer = null;
    $('play').disabled = false;
    $('pause').disabled = true;
  }

  stopAnimation() {
    this.anim = null;
  }

  /** After any change: log, status, the strategy's next move, the address, the drawing. */
  changed({ fresh }) {
    const over = this.app.isOver();
    const solver = $('strategy').value === 'solver';
    const planned = solver ? this.planMove() : null;
    if (solver) {
      this.next = planned ? Array.from(this.app.clusterAt(planned.col, planned.row)) : [];
    } else {
      this.next = over ? [] : Array.from(this.app.greedyCluster());
    }
    if (fresh) {
      this.pause();
      this.stopAnimation();
      this.stopSolving();
      $('solve-progress').textContent = '';
      this.cursor = { col: 0, row: 0 };
      this.resize();
    }
    const log = this.app.log();
    $('log').textContent = log;
    $('log').scrollTop = $('log').scrollHeight;
    $('status').textContent = `Score ${this.app.score()} · Moves ${this.app.moves()} · Balls left ${this.app.balls()}`;
    if (!solver) {
      $('why').textContent = this.app.greedyReason();
    } else if (planned) {
      $('why').textContent = `Solver plan: move ${planned.index + 1} of ${this.plan.moves.length / 2}, removing ${this.next.length / 2} balls; the plan ends at ${this.plan.score} points${this.plan.cleared ? ' with the board cleared' : ''}.`;
    } else {
      $('why').textContent = over ? 'The game is over.' : 'No solver plan for this position: press Solve.';
    }
    $('undo').disabled = this.app.moves() === 0;
    $('redo').disabled = !this.app.canRedo();
    $('step').disabled = over || (solver && !planned);
    if (over) {
      this.pause();
      this.message(this.app.overText());
    } else if (!$('message').classList.contains('error')) {
      this.message('');
    }
    if (!fresh) {
      const lines = log.trimEnd().split('\n');
      $('live').textContent = over ? `${lines.at(-2) ?? ''} ${this.app.overText()}` : lines.at(-1) ?? 'Back at the start.';
    }
    const link = `#${this.app.link()}`;
    if (location.hash !== link) history.replaceState(null, '', link);
    this.hover = null;
    $('hover-info').textContent = '';
    this.draw();
  }

  message(text, error = false) {
    $('message').textContent = text;
    $('message').classList.toggle('error', error);
  }

  // ---- input -----------------------------------------------------------

  cellAt(event) {
    const r = this.canvas.getBoundingClientRect();
    const col = Math.floor((event.clientX - r.left) / this.cellSize);
    const rowFromTop = Math.floor((event.clientY - r.top) / this.cellSize);
    const row = this.app.height() - 1 - rowFromTop;
    if (col < 0 || row < 0 || col >= this.app.width() || row >= this.app.height()) return null;
    return { col, row };
  }

  showHover(cell) {
    if (this.anim || !cell) {
      this.hover = null;
      $('hover-info').textContent = '';
    } else {
      const cells = this.app.clusterAt(cell.col, cell.row);
      this.hover = cells.length >= 4 ? Array.from(cells) : null;
      $('hover-info').textContent = this.app.describeCell(cell.col, cell.row);
    }
    this.draw();
  }

  bind() {
    const c = this.canvas;
    c.addEventListener('pointermove', (e) => this.showHover(this.cellAt(e)));
    c.addEventListener('pointerleave', () => this.showHover(null));
    c.addEventListener('click', (e) => {
      const cell = this.cellAt(e);
      if (!cell) return;
      this.cursor = cell;
      this.click(cell.col, cell.row);
    });
    c.addEventListener('keydown', (e) => {
      const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
      if (moves[e.key]) {
        const [dc, dr] = moves[e.key];
        this.cursor.col = Math.min(this.app.width() - 1, Math.max(0, this.cursor.col + dc));
        this.cursor.row = Math.min(this.app.height() - 1, Math.max(0, this.cursor.row + dr));
        this.showHover(this.cursor);
        e.preventDefault();
      } else if (e.key === 'Enter' || e.key === ' ') {
        this.click(this.cursor.col, this.cursor.row);
        this.showHover(this.cursor);
        e.preventDefault();
      }
    });
    c.addEventListener('focus', () => this.showHover(this.cursor));
    c.addEventListener('blur', () => this.showHover(null));
    document.addEventListener('keydown', (e) => {
      if (e.target.closest && e.target.closest('input, textarea, select')) return;
      const k = e.key.toLowerCase();
      if ((e.ctrlKey || e.metaKey) && k === 'z' && !e.shiftKey) { this.undo(); e.preventDefault(); }
      else if ((e.ctrlKey || e.metaKey) && (k === 'y' || (k === 'z' && e.shiftKey))) { this.redo(); e.preventDefault(); }
      else if (e.ctrlKey || e.metaKey || e.altKey) return;
      else if (k === 'u') this.undo();
      else if (k === 'r') this.redo();
      else if (k === 's') this.step();
    });
    $('new-game').addEventListener('click', () => this.newGame());
    $('restart').addEventListener('click', () => this.restart());
    $('undo').addEventListener('click', () => this.undo());
    $('redo').addEventListener('click', () => this.redo());
    $('step').addEventListener('click', () => this.step());
    $('play').addEventListener('click', () => this.play());
    $('pause').addEventListener('click', () => this.pause());
    $('marks').addEventListener('change', () => this.draw());
    $('poj-load').addEventListener('click', () => this.loadPoj());
    $('solve').addEventListener('click', () => this.solve());
    $('stop-solve').addEventListener('click', () => {
      this.stopSolving();
      $('solve-progress').textContent += ' (stopped)';
    });
    $('compare').addEventListener('click', () => this.compare());
    $('strategy').addEventListener('change', () => this.changed({}));
    $('preset').addEventListener('change', () => {
      const p = PRESETS[$('preset').value];
      if (!p) return;
      $('width').value = p.w;
      $('height').value = p.h;
      $('colors').value = p.colors;
      this.newGame();
    });
    for (const id of ['width', 'height', 'colors']) {
      $(id).addEventListener('input', () => { $('preset').value = 'custom'; });
    }
  }

  // ---- drawing -----------------------------------------------------------

  resize() {
    const wrap = $('board-wrap');
    const w = this.app.width();
    const h = this.app.height();
    this.cellSize = Math.max(8, Math.floor(Math.min(wrap.clientWidth / w, wrap.clientHeight / h)));
    sizeCanvas(this.canvas, this.cellSize * w, this.cellSize * h);
    this.draw();
  }

  frame(now) {
    if (!this.anim) return;
    if (this.anim.last !== null) stats.frameGaps.push(now - this.anim.last);
    this.anim.last = now;
    this.draw(now);
    if (now - this.anim.start >= ANIMATION_MS) {
      this.anim = null;
      this.draw();
    } else {
      requestAnimationFrame((t) => this.frame(t));
    }
  }

  ball(x, y, color, scale, outline) {
    const letter = $('marks').checked ? this.app.colorLetter(color) : null;
    paintBall(this.ctx, x, y, this.cellSize, color, scale, outline, letter);
  }

  draw(now = performance.now()) {
    const ctx = this.ctx;
    const w = this.app.width();
    const h = this.app.height();
    const s = this.cellSize;
    ctx.clearRect(0, 0, w * s, h * s);
    ctx.fillStyle = '#222';
    ctx.fillRect(0, 0, w * s, h * s);
    const top = (row) => (h - 1 - row) * s;
    if (this.anim) {
      const t = Math.min(1, (now - this.anim.start) / ANIMATION_MS);
      const ease = 1 - (1 - t) * (1 - t);
      const { falls, removed, before } = this.anim;
      for (let i = 0; i < removed.length; i += 2) {
        const [c, r] = [removed[i], removed[i + 1]];
        this.ball(c * s, top(r), before[r * w + c], 1 - t);
      }
      for (let i = 0; i < falls.length; i += 4) {
        const [fc, fr, tc, tr] = [falls[i], falls[i + 1], falls[i + 2], falls[i + 3]];
        const x = (fc + (tc - fc) * ease) * s;
        const y = top(fr) + (top(tr) - top(fr)) * ease;
        this.ball(x, y, before[fr * w + fc], 1);
      }
      return;
    }
    const cells = this.app.cells();
    const mark = new Map();
    for (let i = 0; i < this.next.length; i += 2) mark.set(this.next[i + 1] * w + this.next[i], '#ffffffaa');
    if (this.hover) for (let i = 0; i < this.hover.length; i += 2) mark.set(this.hover[i + 1] * w + this.hover[i], '#ffffff');
    for (let row = 0; row < h; row++) {
      for (let col = 0; col < w; col++) {
        const v = cells[row * w + col];
        if (v) this.ball(col * s, top(row), v, 1, mark.get(row * w + col));
      }
    }
    if (document.activeElement === this.canvas) {
      ctx.lineWidth = 2;
      ctx.strokeStyle = '#fff';
      ctx.setLineDash([4, 3]);
      ctx.strokeRect(this.cursor.col * s + 1, top(this.cursor.row) + 1, s - 2, s - 2);
      ctx.setLineDash([]);
    }
  }
}

engine().then((bindings) => {
  window.clearboardPage = new SameGamePage(bindings);
  document.body.dataset.ready = 'true';
});
