// Lists marked `data-short` whose names carry a gloss in brackets ("Classic (16 × 9, 36 kinds)", "Greedy (POJ 1027)")
// show their names without it when a whole name would be cut under the list's arrow: in a narrow side column (200 %
// zoom, a phone held sideways) "Classic", not "Classic (16 × 9, 36 kin". Decided for the whole list (its longest
// name), not for the option chosen, so that a choice made by a link or a new game, which fires no change, never shows
// a cut name. The options' text keeps the whole names.

/** Room the closed list takes beside its text: the arrow, padding and border (Chromium's is about 24 px). */
const CHROME = 28;

/** The name without its gloss: "Classic (16 × 9, 36 kinds)" → "Classic". */
export function shortName(text) {
  return text.replace(/ \(.*\)$/, '');
}

/** Keeps the lists of `column` that have glossed names readable as the column's width changes. */
export class ShortLabels {
  constructor(column) {
    // (Marked ones only: another list's brackets may be what tells its options apart — 连连看's queries'
    // "(10, 11) – (13, 12)". A game may fill a list after its markup is in place.)
    this.selects = [...column.querySelectorAll('select[data-short]')];
    this.measure = document.createElement('canvas').getContext('2d');
    this.pending = 0;
    this.observer = new ResizeObserver(() => {
      if (this.pending) return;
      // At the next frame: a label changed while observations are delivered would be a resize loop.
      this.pending = requestAnimationFrame(() => {
        this.pending = 0;
        this.update();
      });
    });
    // The list itself too: filled, or its labels changed, it takes another width (decided again: the same labels).
    for (const s of this.selects) {
      this.observer.observe(s.closest('.toolbar') ?? s.parentElement);
      this.observer.observe(s);
    }
    this.update();
  }

  /** The width the list may take: its toolbar's (a label wraps its list under its name when the line is full). */
  room(select) {
    const box = select.closest('.toolbar') ?? select.parentElement;
    const style = getComputedStyle(box);
    return box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  }

  update() {
    for (const s of this.selects) {
      this.measure.font = getComputedStyle(s).font;
      const room = this.room(s);
      const whole = [...s.options].every((o) => this.measure.measureText(o.textContent).width + CHROME <= room);
      for (const o of s.options) {
        const short = shortName(o.textContent);
        if (!whole && short !== o.textContent) {
          if (o.label !== short) o.label = short;
        } else if (o.hasAttribute('label')) o.removeAttribute('label');
      }
    }
  }

  dispose() {
    this.observer.disconnect();
    cancelAnimationFrame(this.pending);
  }
}
