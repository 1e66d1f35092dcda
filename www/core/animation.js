// Animations: one at a time, finished at once by the next input (no press is
// dropped), skipped when reduced motion is asked for, and measured.
import { stats, record } from './stats.js';
import { motionSetting } from './settings.js';

const reduced = matchMedia('(prefers-reduced-motion: reduce)');

/** Whether motion should be avoided: the page's Motion setting, or the system's. */
export function reducedMotion() {
  const m = motionSetting();
  return m === 'reduce' || (m === 'system' && reduced.matches);
}

export class Animator {
  /** `draw(progress)` paints a frame (0..1); `done()` paints the final state. */
  constructor() {
    this.current = null;
    this.raf = 0;
  }

  get running() {
    return this.current !== null;
  }

  /**
   * Runs an animation of `ms` milliseconds: `frame(t)` with t from 0 to 1,
   * then `end()`. With reduced motion (or ms ≤ 0) it ends at once.
   */
  start(ms, frame, end) {
    this.finish();
    if (reducedMotion() || ms <= 0) {
      end();
      return;
    }
    stats.animations++;
    const anim = { start: performance.now(), last: null, ms, frame, end };
    this.current = anim;
    const tick = (now) => {
      if (this.current !== anim) return;
      if (anim.last !== null) record(stats.frameGaps, now - anim.last);
      anim.last = now;
      const t = Math.min(1, Math.max(0, (now - anim.start) / anim.ms));
      if (t >= 1) {
        this.current = null;
        anim.end();
      } else {
        anim.frame(t);
        this.raf = requestAnimationFrame(tick);
      }
    };
    frame(0);
    this.raf = requestAnimationFrame(tick);
  }

  /** Ends the running animation now (its final state is drawn). */
  finish() {
    const anim = this.current;
    if (!anim) return;
    this.current = null;
    cancelAnimationFrame(this.raf);
    anim.end();
  }

  /** Drops the running animation without drawing its end (unmounting). */
  cancel() {
    this.current = null;
    cancelAnimationFrame(this.raf);
  }
}
