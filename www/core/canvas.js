// Canvas sizing at device pixels.

const darkScheme = matchMedia('(prefers-color-scheme: dark)');

/** Sizes a canvas to `cssW` × `cssH` CSS pixels at device resolution. */
export function sizeCanvas(canvas, cssW, cssH) {
  const dpr = window.devicePixelRatio || 1;
  canvas.style.width = `${cssW}px`;
  canvas.style.height = `${cssH}px`;
  canvas.width = Math.round(cssW * dpr);
  canvas.height = Math.round(cssH * dpr);
  canvas.getContext('2d').setTransform(dpr, 0, 0, dpr, 0, 0);
}

/**
 * The space a board may take inside `wrap`: its width, and the height left
 * between the top of `wrap` and the bottom of the viewport minus `below`
 * CSS pixels (what must stay visible under the board). Controls that leave
 * the board less than a third of the window's height less `below` (a phone
 * at 200 % zoom, text spaced out, a short window) would shrink it past use
 * (连连看's tiles to 12 px, under the fold all the same): there it is
 * fitted to the window's height less `below` (at most a third of it), a
 * scroll below them, with its lines. So it is too on a touch screen where
 * `cellAt(height)` (the game's cell size for a height) would be under
 * `floor` px and that fit gives larger cells (a small phone: tiles a finger
 * can pick, the lines a scroll away) — in present mode too on an upright
 * phone (on a projector, or a phone held sideways, present mode keeps its
 * lines beside the board in one screen). Not in an embed (its size is the
 * frame's).
 */
export function boardSpace(wrap, below = 0, cellAt = null, floor = 0) {
  const top = wrap.getBoundingClientRect().top + window.scrollY;
  let height = window.innerHeight - top - below;
  const whole = window.innerHeight - below;
  const present = document.body.classList.contains('present');
  // (Present mode on a projector, or on a phone held sideways, lays its lines out beside the board in one screen.)
  const oneScreen = present && (matchMedia(PROJECTOR).matches || !matchMedia('(orientation: portrait)').matches);
  if (!document.documentElement.classList.contains('embed') && !oneScreen) {
    // Fitted so, the lines under it keep at most a third of the window: they are a scroll away from the controls
    // already, and a 200 % zoom's long lines would leave a Classic 连连看 board its 12 px floor (15 px this way, turned).
    const scrolled = Math.max(height, window.innerHeight - Math.min(below, window.innerHeight / 3));
    // Decided once for the window (and the position: forgetWholeFit; and present mode), so that lines growing
    // under the board (a verdict, a rescue button) do not switch it between two taps.
    let chosen = wholeFits.get(wrap);
    if (!sameWindow(chosen) || chosen.present !== present) {
      // (Any gain: the lines under the board may take more room after this first fit, a lost verdict its button,
      // and the board would then be smaller still; a fifth more asked here left a present-mode Classic board
      // 12 px tiles at 320 × 568 where 16 px fit.)
      const [now, then] = cellAt ? [cellAt(Math.max(60, height)), cellAt(scrolled)] : [0, 0];
      const small = Boolean(cellAt) && TOUCH.matches && now < floor && then > now;
      chosen = { ...windowNow(), present, on: (!present && height < whole / 3) || small };
      wholeFits.set(wrap, chosen);
    }
    if (chosen.on) height = scrolled;
  }
  return { width: wrap.clientWidth, height: Math.max(60, height) };
}

/** Whether each board is fitted to the window's height (boardSpace), and for which window. */
const wholeFits = new WeakMap();

/** A position opened: whether its board is fitted to the window is decided afresh (boardSpace). */
export function forgetWholeFit(wrap) {
  wholeFits.delete(wrap);
}

/** The window's size now. */
export function windowNow() {
  return { w: window.innerWidth, h: window.innerHeight };
}

/**
 * Whether the window is the one `then` (from windowNow) noted: the same width and, within a fifth, the same height
 * (a phone's address bar that hides and shows as the page scrolls changes the height by less).
 */
export function sameWindow(then) {
  return Boolean(then) && then.w === window.innerWidth && Math.abs(then.h - window.innerHeight) <= then.h / 5;
}

/**
 * Scrolls this page, and only this page, the least that brings `el` into
 * view (its top when it is taller than the window). Unlike scrollIntoView,
 * which scrolls every scrolling ancestor, an embedding page's included
 * (across origins too, in Chromium), a framed game never moves its host.
 */
export function revealInPage(el) {
  // The least scroll that shows [r.top, r.bottom] in [top, bottom] (the top first when it does not fit).
  const by = (r, top, bottom) => (r.bottom > bottom ? Math.max(0, Math.min(r.bottom - bottom, r.top - top)) : Math.min(0, r.top - top));
  for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
    if (box.scrollHeight <= box.clientHeight || !/auto|scroll/.test(getComputedStyle(box).overflowY)) continue;
    const top = box.getBoundingClientRect().top + box.clientTop;
    box.scrollTop += by(el.getBoundingClientRect(), top, top + box.clientHeight);
  }
  scrollBy(0, by(el.getBoundingClientRect(), 0, innerHeight));
}

/** The page's two-column width (style.css): present mode's larger text and its row of lines and panels start here. */
export const WIDE = '(min-width: 52rem)';

/**
 * A screen wide enough for present mode's projector layouts (style.css,
 * placeExplanation): 52 rem and more, or a landscape one of 45 rem and
 * more taller than a phone held sideways (an 800 × 600 projector).
 */
export const PROJECTOR = '(min-width: 52rem), (orientation: landscape) and (min-width: 45rem) and (min-height: 30.01rem)';

/** A screen used with a finger (a phone): boards say tap, not click, and keep cells a finger can pick. */
export const TOUCH = matchMedia('(pointer: coarse)');

/**
 * Fits a `w` × `h` board of square cells into `wrap`, leaving `below` CSS
 * pixels under it in view. Axis labels (a column of row numbers on the left,
 * a row of column numbers below) are given room when cells are at least
 * 14 px (on a board that scrolls, with `scrollAxes`). Returns { s, left,
 * bottom, fits, wide }: the cell size, the label
 * margins, whether the board fits at `minCell` pixels or more, and the same
 * geometry were the height unbounded (the board a taller frame would show;
 * see the `height` event). Cells under `floor` px on a touch screen: see
 * boardSpace.
 */
export function fitBoard(wrap, w, h, below, minCell = 8, scrollAxes = false, floor = 0) {
  const cellAt = (height) => fitCells(wrap.clientWidth, height, w, h, minCell, scrollAxes).s;
  const space = boardSpace(wrap, below, cellAt, floor);
  return { ...fitCells(space.width, space.height, w, h, minCell, scrollAxes), wide: fitCells(space.width, Infinity, w, h, minCell, scrollAxes) };
}

/**
 * The cells and label margins of a `w` × `h` board in `width` × `height`
 * pixels; a board that does not fit gets cells of `minCell`, numbered when
 * `scrollAxes` and that is 14 px or more.
 */
function fitCells(width, height, w, h, minCell, scrollAxes) {
  let s = Math.floor(Math.min(width / (w + 1.1), height / (h + 0.8)));
  let labels = s >= 14;
  if (!labels) s = Math.floor(Math.min(width / w, height / h));
  const fits = s >= minCell;
  if (!fits) {
    // A board that scrolls: cells of minCell, numbered when that is large enough.
    s = minCell;
    labels = scrollAxes && s >= 14;
  }
  return { s, left: labels ? Math.ceil(s * 1.1) : 0, bottom: labels ? Math.ceil(s * 0.8) : 0, fits };
}

/**
 * Numbers the rows (left, bottom row first) and columns (below) of a board
 * drawn at `geom` (from fitBoard), starting at `first` (0 or 1), in the
 * colour `color`.
 */
export function drawAxes(ctx, geom, w, h, first, color) {
  const { s, left, bottom } = geom;
  if (!left) return;
  ctx.fillStyle = color || '#888';
  ctx.font = `${Math.max(9, Math.floor(Math.min(s * 0.42, 30)))}px system-ui, sans-serif`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'right';
  for (let row = 0; row < h; row++) ctx.fillText(String(row + first), left - s * 0.2, (h - 1 - row) * s + s / 2);
  ctx.textAlign = 'center';
  for (let col = 0; col < w; col++) ctx.fillText(String(col + first), left + col * s + s / 2, h * s + bottom / 2);
}

/**
 * Keeps `el` at the largest height it has had (an inline min-height, and the
 * class `kept` while it keeps any) since the window's size last changed,
 * present mode (whose text is larger) was entered or left, or
 * `forgetHeight` was called (another position opened); `measure` false
 * only forgets what was kept when those changed. In an embed (perhaps one
 * only now: an address that added embed=1) since the frame's width last
 * changed: its height follows the height the page asks for, which a kept
 * line must not follow back, and a message that came and went made the
 * host page jump a line at every move.
 */
export function keepHeight(el, measure) {
  const embed = document.documentElement.classList.contains('embed');
  const size = embed ? `embed ${innerWidth} ${document.body.classList.contains('present')}` : `${innerWidth} ${innerHeight} ${document.body.classList.contains('present')}`;
  if (el.dataset.keptFor !== size) {
    forgetHeight(el);
    el.dataset.keptFor = size;
  }
  if (!measure) return;
  el.classList.add('kept');
  const tall = el.getBoundingClientRect().height;
  if (tall > (parseFloat(el.style.minHeight) || 0)) el.style.minHeight = `${tall}px`;
}

/** Forgets the height `keepHeight` kept for `el`: the next measure starts afresh. */
export function forgetHeight(el) {
  delete el.dataset.keptFor;
  el.classList.remove('kept');
  el.style.minHeight = '';
}

/**
 * Watches the space a board has: the width and top of `wrap`, the heights
 * of the `below` elements (which must stay in view under the board) and the
 * viewport; `fit()` is called when any of them changes. Elements in
 * `watched` (what sits above the board) are observed too.
 */
export class FitWatcher {
  constructor(wrap, watched, below, fit, tall = []) {
    this.wrap = wrap;
    this.below = below;
    this.tall = tall;
    /** Other room under the board the fit depends on (set by the game). */
    this.extra = () => 0;
    /** What sets the `tall` lines' text to their room (the game's score line), before their heights are kept. */
    this.before = () => {};
    this.last = '';
    // The fit runs at the next frame, not inside the observer's callback: a
    // fit resizes what other observers watch (the embed's height, the side
    // column), and a size changed while observations are being delivered is
    // reported as an error ("ResizeObserver loop completed with undelivered
    // notifications") on the window.
    this.pending = 0;
    this.fitNow = fit;
    this.observer = new ResizeObserver(() => {
      if (this.pending) return;
      this.pending = requestAnimationFrame(() => {
        this.pending = 0;
        this.check();
      });
    });
    for (const el of [...watched, ...below]) if (el) this.observer.observe(el);
    this.onResize = () => {
      this.before();
      this.keepTall();
      fit();
    };
    addEventListener('resize', this.onResize);
  }

  /** Fits the board again when its space changed since the last fit (what a rendering step's observation does). */
  check() {
    this.before();
    this.keepTall();
    if (this.key() !== this.last) this.fitNow();
  }

  /**
   * Keeps each of the `tall` lines above the board (the score line, which
   * wraps as its numbers grow) at the largest height it has had until the
   * window's size changes, as the status message keeps its room (announce.js):
   * the board does not move down and back up between two taps (present mode
   * entered or left measures afresh). Not in an embed: its frame follows the
   * height it asks for.
   */
  keepTall() {
    for (const el of this.tall) keepHeight(el, true);
  }

  /** Forgets the heights `keepTall` kept (another position is shown). */
  forgetTall() {
    for (const el of this.tall) forgetHeight(el);
  }

  /** The height of what sits under the board. */
  belowHeight() {
    // Only what sits in the board's column (present mode may move a line beside it).
    // Margins included (a page that is a few pixels taller than the window scrolls).
    const column = this.wrap.parentElement;
    return this.below.reduce((sum, el) => {
      if (!el || el.hidden || el.parentElement !== column) return sum;
      const css = getComputedStyle(el);
      return sum + el.offsetHeight + parseFloat(css.marginTop) + parseFloat(css.marginBottom);
    }, 0);
  }

  key() {
    const top = Math.round(this.wrap.getBoundingClientRect().top + scrollY);
    return `${this.wrap.clientWidth} ${top} ${this.belowHeight()} ${this.extra()} ${innerHeight}`;
  }

  /** Notes the space the board was just fitted to. */
  mark() {
    this.last = this.key();
  }

  dispose() {
    this.observer.disconnect();
    cancelAnimationFrame(this.pending);
    removeEventListener('resize', this.onResize);
  }
}

/**
 * In the dark colour scheme the board's dark ground (#222) is nearly the
 * page's: a frame (3.9 : 1 against the page, as WCAG asks of a component's
 * edge) shows where the board ends, which matters once columns have gone.
 */
export function frameBoard(ctx, x, y, width, height) {
  if (!darkScheme.matches) return;
  ctx.strokeStyle = '#767a82';
  ctx.lineWidth = 1;
  ctx.strokeRect(x + 0.5, y + 0.5, width - 1, height - 1);
}
